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
    help="Count every occurrence: no head filter, no morphosyntactic filter.",
)
@click.option(
    "--head-only",
    is_flag=True,
    help="Only the paper's filter (head a verb or copula), without the morphosyntactic one.",
)
@output_options
def freq_cmd(
    treebanks: tuple[str, ...],
    connectives: str | None,
    all_heads: bool,
    head_only: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Frequency of each connective per treebank (appendix A), and what the filter removed.

    TREEBANKS: CoNLL-U files or folders. Counts are occurrences, never inside multiword tokens.
    """
    from lingeval.core.errors import LingevalError
    from lingeval.probing.build import frequency_table
    from lingeval.probing.connectives import filter_counts, load_connectives, scan_treebanks

    if all_heads and head_only:
        raise LingevalError("--all-heads and --head-only exclude each other")
    conns = load_connectives(connectives)
    files = _treebanks(treebanks)
    occs = scan_treebanks(
        files,
        conns,
        require_clause_head=not all_heads,
        connective_filter=not (all_heads or head_only),
    )
    name = "none" if all_heads else "head" if head_only else "connective"
    tables = [frequency_table(occs, conns, filter=name)]
    if not all_heads:
        tables.append(filter_counts(files, conns))
    echo_tables(tables, resolve_format(fmt, as_json, as_csv))


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
    type=click.Choice(["frame", "other-class", "random"]),
    default="frame",
    show_default=True,
    help="How the unacceptable counterpart's connective is chosen: same syntactic frame and mood, "
    "contradicting relation preferred (frame); any connective of another class; any.",
)
@click.option(
    "-m",
    "--model",
    default=None,
    help="Masked LM (HF id or local folder) that ranks the cloze plausible-option candidates.",
)
@click.option("--device", default="auto", show_default=True, help="Device for --model.")
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
    model: str | None,
    device: str,
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
    ranker = None
    ranker_name = ""
    if model is not None:
        from lingeval.probing.scorers import MaskedLMScorer

        scorer = MaskedLMScorer(model, device=device)
        ranker, ranker_name = scorer.rank_options, scorer.name
    res = build_resource(
        occs,
        conns,
        classes,
        quota=quota,
        cloze_quota=cloze_quota,
        seed=seed,
        strategy=strategy,
        disjoint=not overlap,
        rank_options=ranker,
        ranker_name=ranker_name,
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
    for conn, n in sorted(res.no_substitute.items()):
        summary.notes.append(
            f"note: {conn!r}: {n} sentence(s) had no substitute fitting the frame (not used for pairs)"
        )
    del written
    echo_tables([res.frequencies, summary], resolve_format(fmt, as_json, as_csv))


@click.command(name="sample")
@click.argument("items_path", metavar="ITEMS", type=click.Path())
@click.option("-n", default=30, show_default=True, help="Pairs or cloze items to draw.")
@click.option("--seed", default=0, show_default=True, help="Random seed of the draw.")
@output_options
def sample_cmd(items_path: str, n: int, seed: int, fmt: str, as_json: bool, as_csv: bool) -> None:
    """Draw a seeded random sample of pairs or cloze items to re-read by eye.

    ITEMS: acceptability or cloze file of `probe build`. A pair shows its original and its
    counterpart with the frame and the reason for the substitute.
    """
    import random

    from lingeval.core.report import Table
    from lingeval.core.signature import Signature
    from lingeval.probing.build import (
        AcceptabilityItem,
        _read_table,
        read_acceptability,
        read_cloze,
    )

    sig = Signature("probe-sample", {"n": n, "seed": seed, "file": Path(items_path).name})
    header = _read_table(items_path, ("item_id",))[0][1]
    if "condition" in header:
        items = read_acceptability(items_path)
        pairs: dict[str, dict[str, AcceptabilityItem]] = {}
        for i in items:
            pairs.setdefault(i.pair_id, {})[i.condition] = i
        ids = sorted(pairs)
        chosen = sorted(random.Random(seed).sample(ids, min(n, len(ids))), key=ids.index)
        table = Table(
            ["pair_id", "frame", "substitute", "grammatical", "reason", "original", "counterpart"],
            title=f"Random sample of {len(chosen)} pairs",
            signature=sig,
        )
        for pid in chosen:
            a = pairs[pid]["acceptable"]
            u = pairs[pid]["unacceptable"]
            table.add(
                pid,
                u.frame,
                f"{u.connective}->{u.replacement}",
                u.grammatical,
                u.reason,
                a.sentence,
                u.sentence,
            )
    else:
        cl = read_cloze(items_path)
        chosen_c = sorted(random.Random(seed).sample(range(len(cl)), min(n, len(cl))))
        table = Table(
            ["item_id", "frame", "target", "plausible", "options", "plausible_source", "blanked"],
            title=f"Random sample of {len(chosen_c)} cloze items",
            signature=sig,
        )
        for k in chosen_c:
            c = cl[k]
            table.add(
                c.item_id,
                c.frame,
                c.connective,
                c.plausible,
                "|".join(c.options),
                c.plausible_source,
                c.blanked,
            )
    echo_tables([table], resolve_format(fmt, as_json, as_csv))


COMMANDS = [build_cmd, freq_cmd, sample_cmd]
