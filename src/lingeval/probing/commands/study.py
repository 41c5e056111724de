"""``lingeval probe study-items`` and ``lingeval probe tiny-models``."""

from __future__ import annotations

import click


@click.command(name="study-items")
@click.argument("items_path", metavar="ITEMS", type=click.Path())
@click.option(
    "-o",
    "--out",
    required=True,
    type=click.Path(dir_okay=False),
    help="Study items file (JSON) for `lingeval study`.",
)
def study_items_cmd(items_path: str, out: str) -> None:
    """Turn an acceptability or cloze file of `probe build` into study-engine items.

    Acceptability: task type `acceptability` (1-5 Likert), one item per pair with versions
    acceptable/unacceptable. Cloze: task type `cloze` (options + "none of the previous").
    """
    from lingeval.probing.build import _read_table, read_acceptability, read_cloze
    from lingeval.probing.tasks import acceptability_study_items, cloze_study_items
    from lingeval.study.tasks.base import save_items

    header = _read_table(items_path, ("item_id",))[0][1]
    if "condition" in header:
        items = acceptability_study_items(read_acceptability(items_path))
        task = "acceptability"
    else:
        items = cloze_study_items(read_cloze(items_path))
        task = "cloze"
    save_items(items, out)
    click.echo(f"{len(items)} study items for task type {task!r} written to {out}")


@click.command(name="tiny-models")
@click.argument("out_dir", type=click.Path(file_okay=False))
@click.option(
    "--corpus",
    type=click.Path(dir_okay=False),
    default=None,
    help="Sentences (one per line) to train the tokenizers on; default: the bundled sample.",
)
@click.option("--seed", default=0, show_default=True)
def tiny_models_cmd(out_dir: str, corpus: str | None, seed: int) -> None:
    """Build a tiny random GPT-2 and BERT (OUT_DIR/gpt2, OUT_DIR/bert) for offline demos and tests."""
    from pathlib import Path

    from lingeval.core.conllu import read_conllu
    from lingeval.probing.tiny import build_tiny_causal, build_tiny_masked

    if corpus:
        from lingeval.core.textio import read_text

        texts = [ln.strip() for ln in read_text(corpus).splitlines() if ln.strip()]
        if not texts:
            from lingeval.core.errors import InputError

            raise InputError("no sentences to train the tokenizers on", path=corpus)
    else:
        sample = Path(__file__).resolve().parents[2] / "data" / "probing" / "sample-it.conllu"
        texts = [s.surface() for s in read_conllu(sample)]
    c = build_tiny_causal(Path(out_dir) / "gpt2", texts, seed=seed)
    m = build_tiny_masked(Path(out_dir) / "bert", texts, vocab_size=120, seed=seed)
    click.echo(f"causal: {c}\nmasked: {m}")


COMMANDS = [study_items_cmd, tiny_models_cmd]
