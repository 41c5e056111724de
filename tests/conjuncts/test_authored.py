"""Gold written here for treebank sentences, stored as ids + templates
(``lingeval.conjuncts.authored``); the CoNLL-U fixture below is written here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lingeval.conjuncts.authored import (
    authored_examples,
    fill_template,
    make_template,
    text_sha1,
)
from lingeval.core.errors import LingevalError

TEXT = "Nora paints birds, but not fish."
CONLLU = """# sent_id = t-1
# text = Nora paints birds, but not fish.
1\tNora\tNora\tPROPN\tNNP\t_\t2\tnsubj\t_\t_
2\tpaints\tpaint\tVERB\tVBZ\t_\t0\troot\t_\t_
3\tbirds\tbird\tNOUN\tNNS\t_\t2\tobj\t_\tSpaceAfter=No
4\t,\t,\tPUNCT\t,\t_\t7\tpunct\t_\t_
5\tbut\tbut\tCCONJ\tCC\t_\t7\tcc\t_\t_
6\tnot\tnot\tPART\tRB\t_\t7\tadvmod\t_\t_
7\tfish\tfish\tNOUN\tNN\t_\t3\tconj\t_\tSpaceAfter=No
8\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""
GOLD = ["Nora paints birds.", "Nora does not paint fish."]


def test_template_round_trip_holds_no_sentence_text() -> None:
    templates = [make_template(r, TEXT) for r in GOLD]
    assert [fill_template(t, TEXT) for t in templates] == GOLD
    assert "Nora" not in "".join(templates) and "birds" not in "".join(templates)
    assert "does" in templates[1]  # our own word stays literal
    with pytest.raises(ValueError):
        fill_template("{0:999}", TEXT)


def _write(tmp_path: Path, **change: object) -> tuple[Path, Path]:
    bank = tmp_path / "bank.conllu"
    bank.write_text(CONLLU, encoding="utf-8")
    record = {
        "treebank": "toy",
        "sent_id": "t-1",
        "conjunction": "but",
        "occurrence": 0,
        "text_sha1": text_sha1(TEXT),
        "phenomenon": "stripping",
        "rewrites": [make_template(r, TEXT) for r in GOLD],
        **change,
    }
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return gold, bank


def test_examples_and_trees_from_the_treebank(tmp_path: Path) -> None:
    gold, bank = _write(tmp_path)
    examples, trees = authored_examples(gold, {"toy": [bank]})
    [ex] = examples
    assert ex.sentence == TEXT and ex.rewrites == GOLD and ex.rewritable
    assert TEXT[ex.offset : ex.offset + 3] == "but"
    assert ex.meta["source"] == "stripping" and ex.meta["phenomenon"] == "stripping"
    assert trees["t-1"].sent_id == "t-1"
    # a record whose treebank is not available is left out (a clone without ../shared)
    assert authored_examples(gold, {}) == ([], {})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"text_sha1": "0" * 40}, "changed"),
        ({"sent_id": "t-9"}, "no sentence 't-9'"),
        ({"occurrence": 3}, "no 'but' #3"),
        ({"rewrites": ["{0:500}"]}, "outside a text"),
    ],
)
def test_bad_records_name_the_line(tmp_path: Path, change: dict, message: str) -> None:
    gold, bank = _write(tmp_path, **change)
    with pytest.raises(LingevalError, match=message) as err:
        authored_examples(gold, {"toy": [bank]})
    assert "gold.jsonl:1" in str(err.value)


def test_shipped_stripping_gold_holds_no_third_party_text(repo_root: Path) -> None:
    """Every rewrite is a template: outside its slots only a few words of our own."""
    import re

    path = repo_root / "benchmarks" / "data" / "conjuncts" / "stripping_gold.jsonl"
    for line in path.read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        assert set(rec) >= {"treebank", "sent_id", "conjunction", "text_sha1", "rewrites"}
        for template in rec["rewrites"]:
            own = re.sub(r"\{\d+:\d+\}", " ", template).split()
            assert len(own) <= 3, template
