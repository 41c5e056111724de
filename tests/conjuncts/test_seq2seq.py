"""seq2seq resolver and train-seq2seq with a tiny randomly initialised T5 built here (no downloads)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from click.testing import CliRunner  # noqa: E402

from lingeval.cli import cli  # noqa: E402
from lingeval.conjuncts.example import ConjunctExample  # noqa: E402
from lingeval.conjuncts.resolvers import load_resolver  # noqa: E402
from lingeval.conjuncts.resolvers.seq2seq import (  # noqa: E402
    SENTENCE_SEP,
    TrainConfig,
    decode_rewrites,
    encode_target,
    train_seq2seq,
)

pytestmark = pytest.mark.lm

TRAIN = [
    ConjunctExample(
        "a",
        "Josh likes wine and Jane water.",
        "and",
        16,
        ["Josh likes wine.", "Jane likes water."],
        True,
    ),
    ConjunctExample("b", "Anna met Ben and Sam.", "and", 13, ["Anna met Ben and Sam."], False),
]


def tiny_model(path: Path) -> str:
    """Byte-level BPE tokenizer + a 1-layer T5 with random weights, saved to ``path``."""
    from tokenizers import ByteLevelBPETokenizer
    from tokenizers.processors import TemplateProcessing
    from transformers import PreTrainedTokenizerFast, T5Config, T5ForConditionalGeneration

    texts = [ex.marked() for ex in TRAIN] + [encode_target(ex.rewrites) for ex in TRAIN]
    specials = ["<pad>", "</s>", "<unk>", "<SPLIT>", "</SPLIT>", SENTENCE_SEP]
    bpe = ByteLevelBPETokenizer()
    bpe.train_from_iterator(texts * 3, vocab_size=320, min_frequency=1, special_tokens=specials)
    bpe._tokenizer.post_processor = TemplateProcessing(
        single="$A </s>", special_tokens=[("</s>", 1)]
    )
    tok = PreTrainedTokenizerFast(
        tokenizer_object=bpe._tokenizer,
        pad_token="<pad>",
        eos_token="</s>",
        unk_token="<unk>",
        additional_special_tokens=specials[3:],
    )
    config = T5Config(
        vocab_size=len(tok),
        d_model=32,
        d_ff=64,
        d_kv=8,
        num_layers=1,
        num_decoder_layers=1,
        num_heads=2,
        pad_token_id=0,
        eos_token_id=1,
        decoder_start_token_id=0,
    )
    torch.manual_seed(0)
    T5ForConditionalGeneration(config).save_pretrained(path)
    tok.save_pretrained(path)
    return str(path)


def test_target_encoding_round_trip() -> None:
    text = encode_target(["A b.", "C d."])
    assert text == f"A b. {SENTENCE_SEP} C d."
    assert decode_rewrites(f"<pad> {text}</s>", "x", ["<pad>", "</s>"]) == ["A b.", "C d."]
    assert decode_rewrites("<pad></s>", "the input", ["<pad>", "</s>"]) == ["the input"]


def test_untrained_model_answers_for_every_input(tmp_path: Path) -> None:
    model = tiny_model(tmp_path / "tiny")
    from lingeval.conjuncts.resolvers.seq2seq import Seq2SeqResolver

    res = Seq2SeqResolver(model, max_length=24, device="cpu")
    out = res.resolve([*TRAIN, ConjunctExample("e", "x and y", "and", 2, [], True)])
    assert len(out) == 3 and all(isinstance(s, str) and s for o in out for s in o)


def test_training_keeps_best_checkpoint_and_learns(tmp_path: Path) -> None:
    model = tiny_model(tmp_path / "tiny")
    seen: list[float] = []

    def exact(dev: list[ConjunctExample], preds: list[list[str]]) -> float:
        f = 100.0 * sum(p == ex.rewrites for p, ex in zip(preds, dev, strict=True)) / len(dev)
        seen.append(f)
        return f

    config = TrainConfig(
        model=model, epochs=12, learning_rate=2e-2, batch_size=2, max_length=40, device="cpu"
    )
    result = train_seq2seq(TRAIN, TRAIN, tmp_path / "run", config, progress=False, scorer=exact)
    assert len(result.history) == 12 and result.best_f1 == max(seen)
    assert result.best_epoch == seen.index(max(seen)) + 1
    assert result.history[-1]["loss"] < result.history[0]["loss"]
    log = json.loads((tmp_path / "run" / "training_log.json").read_text())
    assert log["best_epoch"] == result.best_epoch and log["config"]["adam_epsilon"] == 1e-8
    # the saved best checkpoint reproduces the best dev score
    from lingeval.conjuncts.resolvers.seq2seq import Seq2SeqResolver

    res = Seq2SeqResolver(str(tmp_path / "run"), max_length=40, device="cpu")
    assert exact(TRAIN, res.resolve(TRAIN)) == result.best_f1


def test_spec_needs_a_model_and_a_loadable_one(tmp_path: Path) -> None:
    from lingeval.core.errors import LingevalError

    with pytest.raises(LingevalError, match="needs a model"):
        load_resolver("seq2seq")
    with pytest.raises(LingevalError, match="nothing-here: no such directory"):
        load_resolver(f"seq2seq:{tmp_path / 'nothing-here'}")
    (tmp_path / "empty-model").mkdir()
    with pytest.raises(LingevalError, match="cannot load"):
        load_resolver(f"seq2seq:{tmp_path / 'empty-model'}")


def test_paper_defaults() -> None:
    c = TrainConfig()
    assert (
        c.model,
        c.learning_rate,
        c.adam_epsilon,
        c.batch_size,
        c.max_length,
        c.weight_decay,
        c.epochs,
    ) == (
        "t5-large",
        3e-4,
        1e-8,
        8,
        256,
        0.0,
        5,
    )


def test_cli_fractions_learning_curve(tmp_path: Path) -> None:
    model = tiny_model(tmp_path / "tiny")
    data = tmp_path / "data.jsonl"
    rows = []
    for n in range(4):
        rows.append(
            {
                "id": f"t{n}",
                "sentence": "Josh likes wine and Jane water.",
                "rewrites": ["Josh likes wine.", "Jane likes water."],
                "split": "train",
            }
        )
    rows.append(
        {
            "id": "d0",
            "sentence": "Josh likes wine and Jane water.",
            "rewrites": ["Josh likes wine.", "Jane likes water."],
            "split": "dev",
        }
    )
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    result = CliRunner().invoke(
        cli,
        [
            "conjuncts",
            "train-seq2seq",
            "--train",
            str(data),
            "-o",
            str(tmp_path / "curve"),
            "--model",
            model,
            "--epochs",
            "1",
            "--batch-size",
            "2",
            "--max-length",
            "32",
            "--fraction",
            "0.5",
            "--fraction",
            "1.0",
            "--device",
            "cpu",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    runs = json.loads(result.stdout)["runs"]
    assert [r["n_train"] for r in runs] == [2, 4]
    assert (tmp_path / "curve" / "frac-050" / "training_log.json").is_file()
    assert (tmp_path / "curve" / "frac-100" / "config.json").is_file()
