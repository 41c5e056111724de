"""The ``conjunct-rewrite`` study task type (paper 000, 4.2: HITs of seven sentences)."""

from __future__ import annotations

import json
from pathlib import Path

import jinja2
import pytest

from lingeval.conjuncts.annotation.consolidate import consolidate
from lingeval.conjuncts.annotation.task import (
    HIT_SIZE,
    TEMPLATE_PATH,
    ConjunctRewriteTask,
    make_hits,
    submissions_from_answers,
)
from lingeval.conjuncts.example import ConjunctExample
from lingeval.core.errors import InputError
from lingeval.study.tasks.base import StudyItem, get_task_type

SENTS = [
    "Josh likes wine and Jane water.",
    "Tom likes tea, but Anna coffee.",
    "Tom and Anna met in Paris.",
]


def examples(n: int = 3) -> list[ConjunctExample]:
    out = []
    for i in range(n):
        s = SENTS[i % len(SENTS)]
        conj = "but" if " but " in s else "and"
        out.append(
            ConjunctExample(
                f"e{i}", s, conj, s.index(f" {conj} ") + 1 if i % 3 != 2 else s.index("and")
            )
        )
    return out


@pytest.fixture
def hit() -> StudyItem:
    return make_hits(examples(3))[0]


def test_registered_and_hits_of_seven() -> None:
    assert isinstance(get_task_type("conjunct-rewrite"), ConjunctRewriteTask)
    hits = make_hits(examples(16))
    assert HIT_SIZE == 7 and [len(h.payload["sentences"]) for h in hits] == [7, 7, 2]
    for h in hits:
        ConjunctRewriteTask().validate_item(h)


def test_bad_payloads_are_refused(hit: StudyItem) -> None:
    task = ConjunctRewriteTask()
    with pytest.raises(InputError, match="non-empty 'sentences'"):
        task.validate_item(StudyItem("h", "s", "", {"sentences": []}))
    bad = json.loads(json.dumps(hit.payload))
    bad["sentences"][0]["offset"] = 3
    with pytest.raises(InputError, match="no and/or/but 'and' at offset 3"):
        task.validate_item(StudyItem("h", "s", "", bad))


def test_good_form_gives_answers_per_sentence(hit: StudyItem) -> None:
    form = {
        "rewrites_0": "Josh likes wine.\nJane likes water.\n",
        "rewrites_1": "Tom likes tea.\r\nAnna likes coffee.",
        "not_rewritable_2": "on",
        "explanation_2": "They met each other.",
        "unsure_2": "on",
    }
    answers, errors = ConjunctRewriteTask().parse(hit, form)
    assert not errors
    got = {(a.question, a.target): a.value for a in answers}
    assert json.loads(got[("rewrites", "e0")]) == ["Josh likes wine.", "Jane likes water."]
    assert got[("not_rewritable", "e2")] == "yes" and got[("unsure", "e2")] == "yes"
    assert json.loads(got[("rewrites", "e2")]) == []
    assert len(answers) == 16  # five answers per sentence and the (empty) HIT feedback
    assert got[("feedback", "")] == ""
    answers, errors = ConjunctRewriteTask().parse(hit, {**form, "feedback": "x" * 4001})
    assert "feedback" in errors  # the engine stores nothing when there is an error


def test_checks_refuse_the_form_with_reasons_next_to_the_sentence(hit: StudyItem) -> None:
    form = {
        "rewrites_0": "Josh likes wine and Jane water.\nJane likes water.",  # conjunction kept
        "rewrites_1": "Tom likes tea.\nAnna adores coffee.",  # new word
        "not_rewritable_2": "on",  # no explanation
    }
    _answers, errors = ConjunctRewriteTask().parse(hit, form)
    # the engine stores nothing when there is any error
    assert set(errors) == {"rewrites_0", "rewrites_1", "explanation_2"}
    assert "still contains the highlighted 'and'" in errors["rewrites_0"]
    assert "adores" in errors["rewrites_1"]
    assert "explain why" in errors["explanation_2"]
    # lost content and an added negation are refused too (coverage and polarity checks)
    _answers, errors = ConjunctRewriteTask().parse(
        hit,
        {
            "rewrites_0": "Josh likes wine.",
            "rewrites_1": "Tom likes tea.\nAnna doesn't like coffee.",
        },
    )
    assert "Jane, water" in errors["rewrites_0"]
    assert "adds a negation" in errors["rewrites_1"]


def test_template_renders_sentences_with_highlight_and_check_data(hit: StudyItem) -> None:
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    tpl = env.from_string(TEMPLATE_PATH.read_text(encoding="utf-8"))
    task = ConjunctRewriteTask()
    html = tpl.render(
        view=task.view(hit), values={"rewrites_0": "Josh <b>"}, errors={"rewrites_1": "Bad & wrong"}
    )
    assert '<mark class="conjunction">and</mark> Jane water.' in html
    assert "Josh &lt;b&gt;" in html and "Bad &amp; wrong" in html  # escaped
    assert html.count('class="conjunct-rewrite') == 3 and 'name="explanation_2"' in html
    assert 'data-left="wine" data-right="Jane"' in html
    allowed = json.loads(task.view(hit)["sentences"][0]["allowed"])
    assert {"likes", "liked", "like", "wines", "water"} <= set(allowed)
    required = dict(json.loads(task.view(hit)["sentences"][0]["required"]))
    assert set(required) == {"Josh", "likes", "wine", "Jane", "water"}
    assert "liked" in required["likes"]
    # the paper's HIT: two explained examples up front, five of each on demand, guidance,
    # labels that do not run together, a feedback box
    assert "Example of a sentence that can be rewritten" in html
    assert "Example of a sentence that cannot be rewritten" in html
    assert "5 that can be rewritten, 5 that cannot" in html
    assert "When can a sentence not be rewritten?" in html
    assert '<label for="not_rewritable_0">' in html and '<label for="explanation_0">' in html
    assert 'name="feedback"' in html


def test_examples_on_the_page_pass_the_checks_they_illustrate() -> None:
    from lingeval.conjuncts.annotation.checks import check_rewrite_set, passed
    from lingeval.conjuncts.annotation.task import EXAMPLES

    assert (
        sum(ex["rewritable"] for ex in EXAMPLES)
        == 5
        == sum(not ex["rewritable"] for ex in EXAMPLES)
    )
    for ex in EXAMPLES:
        s, conj = ex["sentence"], ex["conjunction"]
        res = check_rewrite_set(
            s,
            conj,
            s.index(f" {conj} ") + 1,
            ex["rewrites"],
            rewritable=ex["rewritable"],
            explanation=ex["why"],
        )
        assert passed(res), (s, res)


def test_study_answers_round_trip_into_consolidation(hit: StudyItem) -> None:
    task = ConjunctRewriteTask()
    rows = []
    forms = {
        "P1": {
            "rewrites_0": "Josh likes wine.\nJane likes water.",
            "rewrites_1": "Tom likes tea.\nAnna likes coffee.",
            "not_rewritable_2": "on",
            "explanation_2": "Collective.",
        },
        "P2": {
            "rewrites_0": "Josh likes wine.\nJane likes water.",
            "rewrites_1": "Tom likes tea.\nAnna likes coffee.",
            "rewrites_2": "Tom met in Paris.\nAnna met in Paris.",
        },
        "P3": {
            "rewrites_0": "Josh likes wine.\nJane likes water",
            "rewrites_1": "Tom likes tea.\nAnna likes some coffee.",
            "not_rewritable_2": "on",
            "explanation_2": "They met together.",
        },
    }
    for pid, form in forms.items():
        answers, errors = task.parse(hit, form)
        assert not errors, errors
        rows += [
            {
                "study_id": "s1",
                "participant_id": pid,
                "item_id": hit.item_id,
                "question": a.question,
                "target": a.target,
                "reference": a.reference,
                "value": a.value,
            }
            for a in answers
        ]
    subs = submissions_from_answers(rows, [hit])
    assert len(subs) == 9 and {s.batch for s in subs} == {"s1"}
    gold = {ex.id: ex for ex in consolidate(subs).examples}
    assert gold["e0"].rewrites == ["Josh likes wine.", "Jane likes water."]
    assert gold["e0"].meta["consolidation"] == "majority"
    assert not gold["e2"].rewritable and gold["e2"].meta["consolidation"] == "majority"


def test_hits_command_and_study_export_reading(tmp_path: Path) -> None:
    import csv

    from click.testing import CliRunner

    from lingeval.cli import cli
    from lingeval.conjuncts.annotation.submissions import attach_tasks, read_submissions
    from lingeval.conjuncts.data import write_jsonl
    from lingeval.study.answers import ANSWER_COLUMNS
    from lingeval.study.tasks.base import load_items

    tasks = tmp_path / "tasks.jsonl"
    write_jsonl(examples(9), tasks)
    items_path = tmp_path / "items.json"
    r = CliRunner().invoke(
        cli, ["conjuncts", "annotate", "hits", str(tasks), "-o", str(items_path)]
    )
    assert r.exit_code == 0 and "2 HITs (9 sentences" in r.output
    items = load_items(items_path)
    assert [len(it.payload["sentences"]) for it in items] == [7, 2]
    # an engine export of two participants' answers to the second HIT
    task = ConjunctRewriteTask()
    export = tmp_path / "answers.csv"
    with open(export, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=ANSWER_COLUMNS)
        w.writeheader()
        for pid in ("P1", "P2"):
            form = {
                "rewrites_0": "Tom likes tea.\nAnna likes coffee.",
                "not_rewritable_1": "on",
                "explanation_1": "Together.",
            }
            answers, errors = task.parse(items[1], form)
            assert not errors
            for a in answers:
                w.writerow(
                    {
                        "study_id": "s9",
                        "participant_id": pid,
                        "group": 0,
                        "item_id": items[1].item_id,
                        "system": "crowd",
                        "subset": "",
                        "question": a.question,
                        "target": a.target,
                        "reference": a.reference,
                        "value": a.value,
                        "submitted_at": "2026-01-01T00:00:00Z",
                    }
                )
    from lingeval.conjuncts.data import read_jsonl

    subs = attach_tasks(read_submissions([export]), {ex.id: ex for ex in read_jsonl(tasks)})
    assert sorted((s.example_id, s.worker_id, s.rewritable) for s in subs) == [
        ("e7", "P1", True),
        ("e7", "P2", True),
        ("e8", "P1", False),
        ("e8", "P2", False),
    ]
    assert {s.batch for s in subs} == {"s9"}
