"""``lingeval probe build`` and ``lingeval probe freq``: the resource builder (paper 003, section 2)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from lingeval.core.cliutils import echo_tables, output_options, resolve_format

DEFAULT_TREEBANK_DIR = (
    Path(
        os.environ.get(
            "LINGEVAL_SHARED_DATA", Path(__file__).resolve().parents[4].parent / "shared" / "data"
        )
    )
    / "treebanks"
    / "UD_Italian-ISDT"
)


def _treebanks(paths: tuple[str, ...]) -> list[str]:
    from lingeval.core.errors import LingevalError

    if paths:
        out: list[str] = []
        for p in paths:
            q = Path(p)
            out.extend(sorted(str(f) for f in q.glob("*.conllu")) if q.is_dir() else [p])
        if not out:
            raise LingevalError(f"no .conllu files in {', '.join(paths)}")
        return out
    files = sorted(str(f) for f in DEFAULT_TREEBANK_DIR.glob("*.conllu"))
    if not files:
        raise LingevalError(
            "no treebank given and the default UD_Italian-ISDT folder is absent; pass CoNLL-U files or folders"
        )
    return files


@click.command(name="freq")
@click.argument("treebanks", nargs=-1, type=click.Path())
@click.option(
    "--connectives",
    default=None,
    help="Comma list or file (one per line); default: the paper's 18.",
)
@click.option(
    "--all-heads",
    is_flag=True,
    help="Count every occurrence, not only those headed by a verb or copula.",
)
@output_options
def freq_cmd(
    treebanks: tuple[str, ...],
    connectives: str | None,
    all_heads: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Frequency of each connective per treebank (appendix A). TREEBANKS: CoNLL-U files or folders."""
    from lingeval.probing.build import frequency_table
    from lingeval.probing.connectives import load_connectives, scan_treebanks

    conns = load_connectives(connectives)
    occs = scan_treebanks(_treebanks(treebanks), conns, require_clause_head=not all_heads)
    echo_tables([frequency_table(occs, conns)], resolve_format(fmt, as_json, as_csv))


@click.command(name="build")
@click.argument("treebanks", nargs=-1, type=click.Path())
@click.option(
    "-o", "--out", "out_dir", type=click.Path(file_okay=False), required=True, help="Output folder."
)
@click.option(
    "--connectives",
    default=None,
    help="Comma list or file (one per line); multiword allowed; default: the paper's 18.",
)
@click.option(
    "--classes",
    "classes_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Substitution-class TSV: connective<TAB>class[,class]. Default: built-in table.",
)
@click.option(
    "--quota", default=15, show_default=True, help="Acceptability pairs per connective (paper: 15)."
)
@click.option(
    "--cloze-quota", type=int, default=None, help="Cloze items per connective [default: --quota]."
)
@click.option(
    "--strategy",
    type=click.Choice(["other-class", "random"]),
    default="other-class",
    show_default=True,
    help="How the unacceptable counterpart's connective is chosen.",
)
@click.option(
    "--seed", default=0, show_default=True, help="Random seed (recorded in manifest and signature)."
)
@click.option(
    "--overlap", is_flag=True, help="Allow a sentence in both sections (default: disjoint)."
)
@click.option(
    "--resource-format",
    "formats",
    type=click.Choice(["tsv", "jsonl"]),
    multiple=True,
    default=("tsv", "jsonl"),
    show_default=True,
)
@output_options
def build_cmd(
    treebanks: tuple[str, ...],
    out_dir: str,
    connectives: str | None,
    classes_path: str | None,
    quota: int,
    cloze_quota: int | None,
    strategy: str,
    seed: int,
    overlap: bool,
    formats: tuple[str, ...],
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Build the acceptability and cloze sections from UD treebanks (default: UD_Italian-ISDT)."""
    from lingeval.core.report import Table
    from lingeval.probing.build import build_resource, write_resource
    from lingeval.probing.connectives import load_classes, load_connectives, scan_treebanks

    conns = load_connectives(connectives)
    classes = load_classes(classes_path, conns)
    occs = list(scan_treebanks(_treebanks(treebanks), conns))
    res = build_resource(
        occs,
        conns,
        classes,
        quota=quota,
        cloze_quota=cloze_quota,
        seed=seed,
        strategy=strategy,
        disjoint=not overlap,
    )
    written = write_resource(res, out_dir, formats)
    summary = Table(
        columns=["section", "items", "file"],
        title="Resource written",
        signature=res.signature,
        rows=[
            (
                "acceptability pairs",
                len(res.acceptability) // 2,
                str(Path(out_dir) / f"acceptability.{formats[0]}"),
            ),
            ("cloze items", len(res.cloze), str(Path(out_dir) / f"cloze.{formats[0]}")),
        ],
    )
    for conn, short in sorted(res.shortfalls.items()):
        summary.notes.append(
            f"note: {conn!r} is below quota: " + ", ".join(f"{k} {v}" for k, v in short.items())
        )
    del written
    echo_tables([res.frequencies, summary], resolve_format(fmt, as_json, as_csv))


COMMANDS = [build_cmd, freq_cmd]
