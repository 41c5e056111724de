"""Synthetic gapping data: deletion of the repeated verb (and object), gold clauses kept."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from lingeval.cli import cli
from lingeval.conjuncts.synthesize import synthesize_text


def test_gapping_and_stripping_from_repeated_verbs() -> None:
    out = synthesize_text(
        [
            "Maya ordered soup and her brother ordered a salad.",
            "The council approved the budget in May and the mayor approved the budget in June.",
            "No clause here repeats a verb and nothing is deleted.",
        ]
    )
    by_sentence = {ex.sentence: ex for ex in out}
    gap = by_sentence["Maya ordered soup and her brother a salad."]
    assert gap.rewrites == ["Maya ordered soup.", "Her brother ordered a salad."]
    assert gap.sentence[gap.offset : gap.offset + 3] == "and"
    assert gap.meta["phenomenon"] == "synthetic-gapping" and gap.meta["deleted"] == ["ordered"]
    strip = by_sentence["The council approved the budget in May and the mayor in June."]
    assert strip.rewrites == [
        "The council approved the budget in May.",
        "The mayor approved the budget in June.",
    ]
    assert strip.meta["phenomenon"] == "synthetic-stripping"
    assert not any("nothing" in ex.sentence for ex in out)


def test_opening_context_shared_unless_the_second_clause_has_its_own() -> None:
    [ex] = synthesize_text(["In March, exports rose by 4% and imports rose by 2%."], modes=["verb"])
    assert ex.rewrites == ["In March, exports rose by 4%.", "In March, imports rose by 2%."]
    [ex] = synthesize_text(
        ["In 2015 the firm sold 20 cars and in 2016 the firm sold 35 cars."], modes=["verb"]
    )
    assert ex.rewrites[1] == "In 2016 the firm sold 35 cars."


def test_differing_auxiliaries_are_not_deleted() -> None:
    assert synthesize_text(["Ann has visited Rome and Bob will visit Paris."]) == []


def test_round_trip_with_the_rules_resolver() -> None:
    from lingeval.conjuncts.resolvers import load_resolver

    examples = synthesize_text(
        ["Anna plays the flute, and her brother plays the drums."], modes=["verb"]
    )
    [pred] = load_resolver("rules").resolve(examples)
    assert pred == examples[0].rewrites


def test_cli_writes_task_jsonl(tmp_path: Path) -> None:
    src = tmp_path / "text.txt"
    src.write_text("Rain fell in the morning and snow fell in the evening.\n", encoding="utf-8")
    out = tmp_path / "syn.jsonl"
    result = CliRunner().invoke(cli, ["conjuncts", "synthesize", str(src), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "wrote 1 examples" in result.output
    rec = json.loads(out.read_text(encoding="utf-8"))
    assert rec["sentence"] == "Rain fell in the morning and snow in the evening."
    assert rec["rewrites"] == ["Rain fell in the morning.", "Snow fell in the evening."]
