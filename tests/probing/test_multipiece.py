"""Connectives split into several subwords (real tokenizers do this: `tuttavia` -> `tutta ##via`).

The tokenizer is written here with a fixed vocabulary, so the split is known; the model is a
tiny random BERT whose output bias is raised for chosen pieces, so its ranking is known too.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from lingeval.probing.build import ClozeItem  # noqa: E402
from lingeval.probing.evaluate import evaluate_cloze  # noqa: E402
from lingeval.probing.scorers import MaskedLMScorer  # noqa: E402
from lingeval.probing.tiny import build_tiny_masked  # noqa: E402

pytestmark = pytest.mark.lm

WORDS = [
    "piove",
    "resto",
    "a",
    "casa",
    "esco",
    "luca",
    "è",
    "stanco",
    "dorme",
    "la",
    "città",
    ".",
    ",",
    "ma",
    "e",
    "se",
    "quando",
    "perché",
    "o",
    "poi",
]
PIECES = ["tutta", "##via", "inol", "##tre", "quin", "##di"]
BOOST = {"tutta": 30.0, "##via": 30.0, "ma": 20.0}  # output-bias boosts: the known ranking


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from transformers import AutoTokenizer, BertForMaskedLM

    out = build_tiny_masked(tmp_path_factory.mktemp("bert-split"), [], vocab=WORDS + PIECES)
    model = BertForMaskedLM.from_pretrained(out).eval()
    tok = AutoTokenizer.from_pretrained(str(out))
    with torch.no_grad():
        bias = model.cls.predictions.decoder.bias
        for piece, b in BOOST.items():
            bias[tok.convert_tokens_to_ids(piece)] += b
    model.save_pretrained(out)
    return out


def test_tokenizer_splits_the_connectives(model_dir: Path) -> None:
    sc = MaskedLMScorer(str(model_dir), device="cpu")
    assert sc.tokenizer.tokenize("tuttavia inoltre quindi ma") == [
        "tutta", "##via", "inol", "##tre", "quin", "##di", "ma",
    ]  # fmt: skip
    assert sc.first_subword("tuttavia") == "tutta" and not sc.is_single_token("tuttavia")
    assert sc.is_single_token("ma")


def test_fill_mask_and_cloze_rank_multi_piece_target(model_dir: Path) -> None:
    sc = MaskedLMScorer(str(model_dir), device="cpu")
    (top,) = sc.fill_mask(["piove , ___ esco ."], k=5)
    # continuation pieces (##via) are never offered as completions of a blank
    assert [c.token for c in top[:2]] == ["tutta", "ma"]
    assert all(not c.token.startswith("##") for c in top)
    item = ClozeItem(
        "c1",
        "tuttavia",
        "piove , tuttavia esco .",
        "piove , ___ esco .",
        8,
        ["tuttavia", "ma", "se", "quando", "poi"],
        "ma",
        ["se", "quando", "poi"],
    )
    preds = {"c1": [c.token for c in top]}
    first = {w: sc.first_subword(w) for w in ("tuttavia", "ma")}
    res = evaluate_cloze([item], preds, first_subwords=first, k=5)
    (row,) = res.items
    # the target's first piece is ranked 1st, the plausible option 2nd
    assert (row["topk"], row["first"], row["target_rank"]) == ("both", "target", 1)
    exact = evaluate_cloze([item], preds, first_subwords=first, k=5, multi_subword="exact")
    (row,) = exact.items
    assert (row["topk"], row["first"], row["target_rank"]) == ("plausible", "other", None)


def test_multi_piece_option_scores_equal_direct_computation(model_dir: Path) -> None:
    sc = MaskedLMScorer(str(model_dir), device="cpu")
    text = "piove , ___ esco ."
    (scores,) = sc.rank_options([(text, ["ma", "tuttavia", "se", "inoltre"])])
    # direct: the blank becomes as many masks as the option has pieces
    tok = sc.tokenizer
    for opt, got in zip(["ma", "tuttavia", "se", "inoltre"], scores, strict=True):
        pieces = tok(opt, add_special_tokens=False)["input_ids"]
        ids = tok(text.replace("___", " ".join([tok.mask_token] * len(pieces))))["input_ids"]
        at = ids.index(tok.mask_token_id)
        with torch.no_grad():
            logp = torch.log_softmax(sc.model(input_ids=torch.tensor([ids])).logits[0], -1)
        direct = math.fsum(float(logp[at + j, p]) for j, p in enumerate(pieces))
        assert got == pytest.approx(direct, abs=1e-5)
    # both pieces boosted: the two-piece connective ranks first, ahead of single-piece "ma"
    assert max(range(4), key=lambda j: scores[j]) == 1
    # forced choice by PLL counts every piece of the filled sentence
    pll = sc.sentence_scores(["piove , tuttavia esco .", "piove , ma esco ."])
    assert pll[0].n_tokens == pll[1].n_tokens + 1


def test_cloze_cli_with_a_splitting_tokenizer(model_dir: Path, tmp_path: Path) -> None:
    from lingeval.probing.cli import cli

    items = tmp_path / "cloze.tsv"
    items.write_text(
        "item_id\tconnective\tsentence\tblanked\tstart\toptions\tplausible\timplausible\t"
        "plausible_source\ttreebank\tsent_id\n"
        "tuttavia-01-C\ttuttavia\tpiove , tuttavia esco .\tpiove , ___ esco .\t8\t"
        "tuttavia|ma|se|quando|poi\tma\tse|quando|poi\tautomatic: test\tt\ts1\n"
        "quindi-01-C\tquindi\tluca è stanco , quindi dorme .\tluca è stanco , ___ dorme .\t15\t"
        "quindi|poi|ma|se|o\tpoi\tma|se|o\tautomatic: test\tt\ts2\n",
        encoding="utf-8",
    )
    r = CliRunner().invoke(
        cli, ["cloze", str(items), "-m", str(model_dir), "-k", "5", "--choose", "--json"]
    )
    assert r.exit_code == 0, r.output
    tables = json.loads(r.output)
    (row,) = tables[0]["rows"]
    # tuttavia: first piece ranked 1st and ma in the top 5 -> both; quindi: "quin" is not
    # boosted, so neither it nor "poi" needs to be there; counts and percentages agree
    assert row["n"] == 2 and row["top5:both:n"] >= 1 and row["first:target:n"] >= 1
    assert row["top5:both"] == pytest.approx(100.0 * row["top5:both:n"] / 2)
    choice = next(t for t in tables if t["title"].startswith("Model's choice"))
    assert {r["scope"] for r in choice["rows"]} == {"all", "tuttavia", "quindi"}
