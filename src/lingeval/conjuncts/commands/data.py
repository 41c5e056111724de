"""``lingeval conjuncts convert | split | extract-gapping | devdata``: task data on the command line."""

from __future__ import annotations

from typing import Any

import click

from lingeval.core.cliutils import echo_tables, output_options, resolve_format

_FORMATS = ["jsonl", "csv", "marked", "text"]


def _read(
    path: str, fmt: str | None, columns: str | None, rewrite_format: str, sep: str | None
) -> list[Any]:
    from lingeval.conjuncts.data import read_examples

    options: dict[str, Any] = {}
    if fmt in (None, "jsonl", "csv") and not (fmt is None and path.endswith((".txt", ".marked"))):
        options = {"rewrite_format": rewrite_format, "sep": sep}
        if columns:
            options["columns"] = columns
    return read_examples(path, fmt, **options)


@click.command("convert")
@click.argument("source", type=click.Path(dir_okay=False))
@click.argument("target", type=click.Path(dir_okay=False, writable=True))
@click.option(
    "--from",
    "src_fmt",
    type=click.Choice(_FORMATS),
    default=None,
    help="Input format (default: from the extension).",
)
@click.option(
    "--to",
    "dst_fmt",
    type=click.Choice(["jsonl", "marked", "text"]),
    default=None,
    help="Output format (default: from the extension).",
)
@click.option(
    "--columns",
    default=None,
    help="CSV column mapping, e.g. 'sentence=text,rewrites=annotation,split=set'.",
)
@click.option(
    "--rewrite-format",
    type=click.Choice(["auto", "json", "numbered", "token", "lines"]),
    default="auto",
    show_default=True,
    help="How rewrite lists are stored in the input.",
)
@click.option(
    "--sep", default=None, help="Separator token of token-separated rewrite lists (e.g. '<SEP>')."
)
def convert_cmd(
    source: str,
    target: str,
    src_fmt: str | None,
    dst_fmt: str | None,
    columns: str | None,
    rewrite_format: str,
    sep: str | None,
) -> None:
    """Convert task data: the authors' CSV, JSONL, <SPLIT>-marked or plain text (with index).

    Example: lingeval conjuncts convert verbal_omissions_dataset.csv data.jsonl
    """
    from lingeval.conjuncts.data import write_examples

    examples = _read(source, src_fmt, columns, rewrite_format, sep)
    n = write_examples(examples, target, dst_fmt)
    click.echo(f"wrote {n} examples to {target}", err=True)


@click.command("split")
@click.argument("source", type=click.Path(dir_okay=False))
@click.argument("target", type=click.Path(dir_okay=False, writable=True))
@click.option("--seed", type=int, default=13, show_default=True, help="Shuffle seed.")
@click.option(
    "--ratios",
    default="0.8,0.1,0.1",
    show_default=True,
    help="train,dev,test fractions (section 7: 80/10/10).",
)
@click.option(
    "--keep", is_flag=True, help="Keep splits already present; assign only the missing ones."
)
@click.option("--columns", default=None, help="CSV column mapping (for a CSV source).")
@output_options
def split_cmd(
    source: str,
    target: str,
    seed: int,
    ratios: str,
    keep: bool,
    columns: str | None,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Shuffle with a seed and split 80/10/10 into train/dev/test; writes JSONL."""
    from collections import Counter

    from lingeval.conjuncts.data import assign_splits, write_jsonl
    from lingeval.core.errors import LingevalError
    from lingeval.core.report import Table
    from lingeval.core.signature import Signature

    try:
        parts = tuple(float(x) for x in ratios.split(","))
    except ValueError:
        raise LingevalError(
            f"--ratios must be three numbers like 0.8,0.1,0.1, got {ratios!r}"
        ) from None
    if len(parts) != 3:
        raise LingevalError(f"--ratios must be three numbers like 0.8,0.1,0.1, got {ratios!r}")
    examples = assign_splits(
        _read(source, None, columns, "auto", None),
        seed=seed,
        ratios=(parts[0], parts[1], parts[2]),
        overwrite=not keep,
    )
    write_jsonl(examples, target)
    counts = Counter(e.split for e in examples)
    table = Table(
        ["split", "examples"],
        title=f"Splits written to {target}",
        signature=Signature("conjuncts-split", {"seed": seed, "ratios": list(parts)}),
    )
    for name in ("train", "dev", "test"):
        table.add(name, counts.get(name, 0))
    echo_tables([table], resolve_format(fmt, as_json, as_csv))


@click.command("extract-gapping")
@click.argument("treebanks", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the task inputs as JSONL.",
)
@click.option(
    "--orphans",
    is_flag=True,
    help="Also use basic 'orphan' relations where there is no enhanced copy node.",
)
@output_options
def extract_gapping_cmd(
    treebanks: tuple[str, ...],
    output: str | None,
    orphans: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Gold examples from enhanced-UD gapping (copy nodes n.1) in CoNLL-U treebanks.

    Every coordination with a gapped conjunct becomes one example with its gold rewrite set
    (split at the marked and/or/but, omitted verb and arguments spelled out); every copy node
    is counted with what became of it.

    Example: lingeval conjuncts extract-gapping en_ewt-ud-dev.conllu en_ewt-ud-test.conllu -o gaps.jsonl
    """
    from lingeval.conjuncts.data import write_jsonl
    from lingeval.conjuncts.gapping import GappingReport, extract_gapping
    from lingeval.core.report import Table
    from lingeval.core.signature import Signature

    report = GappingReport()
    examples = list(extract_gapping(treebanks, use_orphans=orphans, report=report))
    if report.sentences == 0:
        from lingeval.core.errors import InputError

        raise InputError("no sentences (an empty treebank?)", path=", ".join(treebanks))
    if output:
        write_jsonl(examples, output)
    sig = Signature("conjuncts-gapping", {"orphans": orphans})
    table = Table(
        ["id", "conjunction", "elided verb", "remnants", "rewrites", "input"],
        title="Gapping inputs",
        signature=sig,
    )
    for e in examples:
        marked = e.marked()
        table.add(
            e.id,
            e.conjunction,
            e.meta["elided_verb"]["form"] or "?",
            " ".join(r["form"] for r in e.meta["remnants"]),
            len(e.rewrites),
            marked if len(marked) <= 90 else marked[:87] + "...",
        )
    table.notes.append(
        f"{report.sentences} sentences, {report.copy_nodes} empty nodes, {report.gaps} gaps, "
        f"{report.extracted} extracted; skipped {report.skipped_no_conjunction} without and/or/but, "
        f"{report.skipped_other} other"
    )
    statuses = report.status_counts()
    if statuses:
        table.notes.append("copy nodes: " + ", ".join(f"{k} {v}" for k, v in statuses.items()))
    if output:
        table.notes.append(f"wrote {len(examples)} examples to {output}")
    echo_tables([table], resolve_format(fmt, as_json, as_csv))


@click.command("devdata")
@click.option(
    "--shared",
    type=click.Path(file_okay=False, exists=True),
    required=True,
    help="The shared data folder (../shared/data): treebanks and ellipsis corpora.",
)
@click.option(
    "--bench-data",
    type=click.Path(file_okay=False, exists=True),
    default=None,
    help="benchmarks/data/conjuncts of a checkout (adds paper, written, synthetic).",
)
@click.option(
    "--sources", default=None, help="Comma-separated subset (default: every available source)."
)
@click.option(
    "--output-dir",
    "-o",
    type=click.Path(file_okay=False),
    default=None,
    help="Write one JSONL of gold examples per source here (keep it out of version control).",
)
@output_options
def devdata_cmd(
    shared: str,
    bench_data: str | None,
    sources: str | None,
    output_dir: str | None,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Gold development data derived from real ellipsis corpora (issue 11).

    Example: lingeval conjuncts devdata --shared ../shared/data -o devdata/
    """
    from pathlib import Path

    from lingeval.conjuncts.data import write_jsonl
    from lingeval.conjuncts.devdata import load_sources
    from lingeval.core.report import Table
    from lingeval.core.signature import Signature

    names = [n.strip() for n in sources.split(",")] if sources else None
    found = load_sources(Path(shared), Path(bench_data) if bench_data else None, names=names)
    table = Table(
        ["source", "examples", "phenomena", "copy nodes"],
        title="Development data (development numbers only: not held out)",
        signature=Signature("conjuncts-devdata", {"sources": ",".join(found)}),
    )
    for name, src in found.items():
        counts: dict[str, int] = {}
        for ex in src.examples:
            ph = str(ex.meta.get("phenomenon", "other"))
            counts[ph] = counts.get(ph, 0) + 1
        status = src.report.status_counts() if src.report else {}
        table.add(
            name,
            len(src.examples),
            ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])),
            ", ".join(f"{k} {v}" for k, v in status.items()) or "-",
        )
        if output_dir:
            Path(output_dir).mkdir(parents=True, exist_ok=True)
            write_jsonl(src.examples, Path(output_dir) / f"{name}.jsonl")
    if output_dir:
        table.notes.append(f"wrote {len(found)} files to {output_dir}")
    echo_tables([table], resolve_format(fmt, as_json, as_csv))


COMMANDS = [convert_cmd, split_cmd, extract_gapping_cmd, devdata_cmd]
