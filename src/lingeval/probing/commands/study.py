"""``lingeval probe study-items`` and ``lingeval probe tiny-models``."""

from __future__ import annotations

import click

from lingeval.core.cliutils import echo_tables, output_options, resolve_format


@click.command(name="study-items")
@click.argument("items_path", metavar="ITEMS", type=click.Path())
@click.option(
    "-o",
    "--out",
    required=True,
    type=click.Path(dir_okay=False),
    help="Study items file (JSON) for `lingeval study`.",
)
@click.option(
    "--review",
    is_flag=True,
    help="Acceptability file only: a grammaticality review (task type `grammaticality`, yes/no "
    "per sentence); merge the answers back with `probe merge-review`.",
)
@click.option(
    "--all",
    "all_items",
    is_flag=True,
    help="--review: every sentence, not only those still unreviewed.",
)
def study_items_cmd(items_path: str, out: str, review: bool, all_items: bool) -> None:
    """Turn an acceptability or cloze file of `probe build` into study-engine items.

    Acceptability: task type `acceptability` (1-5 Likert), one item per pair with versions
    acceptable/unacceptable. Cloze: task type `cloze` (options + "none of the previous").
    With --review: task type `grammaticality`, one item per unreviewed sentence.
    """
    from lingeval.core.errors import LingevalError
    from lingeval.probing.build import _read_table, read_acceptability, read_cloze
    from lingeval.probing.tasks import (
        acceptability_study_items,
        cloze_study_items,
        review_study_items,
    )
    from lingeval.study.tasks.base import save_items

    header = _read_table(items_path, ("item_id",))[0][1]
    if review:
        if "condition" not in header:
            raise LingevalError(f"{items_path}: --review needs an acceptability file")
        acc = read_acceptability(items_path)
        todo = [i for i in acc if all_items or i.grammatical == "unreviewed"]
        if not todo:
            raise LingevalError(f"{items_path}: every item is reviewed already (use --all)")
        items = review_study_items(todo)
        task = "grammaticality"
    elif "condition" in header:
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


@click.command(name="merge-review")
@click.argument("items_path", metavar="ITEMS", type=click.Path())
@click.argument("answers", type=click.Path(dir_okay=False))
@click.option(
    "-o",
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Where to write the updated section [default: overwrite ITEMS].",
)
@click.option(
    "--min-reviewers",
    default=1,
    show_default=True,
    help="Answers an item needs before its majority verdict is used.",
)
@output_options
def merge_review_cmd(
    items_path: str,
    answers: str,
    out: str | None,
    min_reviewers: int,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Set `grammatical` yes/no in an acceptability file from a grammaticality review.

    ANSWERS: the study engine's answer table (`lingeval study export`) of a study made with
    `probe study-items --review`, or any long/wide table of yes/no answers. Majority per item;
    ties stay unreviewed.
    """
    from lingeval.probing.build import read_acceptability, write_acceptability
    from lingeval.probing.judgements import read_judgements
    from lingeval.probing.review import merge_review

    items = read_acceptability(items_path)
    judg = read_judgements(answers, "grammaticality", items={i.item_id for i in items})
    merged, table = merge_review(items, judg, min_reviewers=min_reviewers)
    target = write_acceptability(merged, out or items_path)
    table.notes.append(f"written to {target}")
    echo_tables([table], resolve_format(fmt, as_json, as_csv))


COMMANDS = [study_items_cmd, merge_review_cmd, tiny_models_cmd]
