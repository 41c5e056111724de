"""The cloze task type for the study engine and the acceptability study items."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lingeval.core.errors import InputError
from lingeval.probing.build import AcceptabilityItem, ClozeItem
from lingeval.probing.cli import cli
from lingeval.probing.judgements import read_judgements
from lingeval.probing.tasks import (
    TEMPLATE_PATH,
    ClozeTask,
    acceptability_study_items,
    cloze_study_items,
)
from lingeval.study.tasks.base import StudyItem, get_task_type

CLOZE = ClozeItem(
    "ma-01-C",
    "ma",
    "Piove, ma esco.",
    "Piove, ___ esco.",
    7,
    ["se", "ma", "però", "dove", "o"],
    "però",
    ["se", "dove", "o"],
)
PAIR = [
    AcceptabilityItem("ma-01", "ma-01-A", "acceptable", "ma", "se", "Piove, ma esco.", 7, 9),
    AcceptabilityItem(
        "ma-01", "ma-01-NA", "unacceptable", "ma", "se", "Piove, se esco.", 7, 9, "unreviewed"
    ),
]


def test_cloze_task_registered_and_parses() -> None:
    task = get_task_type("cloze")
    assert isinstance(task, ClozeTask)
    (item,) = cloze_study_items([CLOZE])
    task.validate_item(item)
    view = task.view(item)
    assert view["before"] == "Piove, " and view["after"] == " esco."
    assert [c[0] for c in view["choices"]] == ["se", "ma", "però", "dove", "o", "none"]
    answers, errors = task.parse(item, {"cloze": "però"})
    assert not errors and answers[0].question == "cloze" and answers[0].value == "però"
    answers, errors = task.parse(item, {"cloze": "quando"})
    assert not answers and "cloze" in errors
    answers, errors = task.parse(item, {"cloze": "none"})
    assert answers[0].value == "none"


def test_cloze_task_rejects_bad_payload() -> None:
    task = ClozeTask()
    with pytest.raises(InputError):
        task.validate_item(StudyItem("x", "cloze", "", {"text": "no blank", "options": ["a", "b"]}))
    with pytest.raises(InputError):
        task.validate_item(StudyItem("x", "cloze", "", {"text": "a ___ b", "options": ["a", "a"]}))


def test_template_renders_escaped() -> None:
    import jinja2

    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    tpl = env.from_string(TEMPLATE_PATH.read_text(encoding="utf-8"))
    item = StudyItem("x", "cloze", "", {"text": "<b>Piove</b>, ___ esco.", "options": ["ma", "se"]})
    html = tpl.render(view=ClozeTask().view(item), values={"cloze": "se"}, errors={})
    assert "&lt;b&gt;Piove" in html
    assert 'value="se" required checked' in html
    assert "None of the previous options is suitable" in html


def test_acceptability_items_and_answers_roundtrip(tmp_path: Path) -> None:
    items = acceptability_study_items(PAIR)
    assert [(i.item_id, i.system) for i in items] == [
        ("ma-01", "acceptable"),
        ("ma-01", "unacceptable"),
    ]
    get_task_type("acceptability").validate_item(items[0])
    # an answer table as the study engine exports it
    f = tmp_path / "answers.csv"
    f.write_text(
        "study_id,participant_id,group,item_id,system,subset,question,target,reference,value,submitted_at\n"
        "s,p1,1,ma-01,acceptable,ma,acceptability,,,5,2026-01-01T00:00:00Z\n"
        "s,p1,1,ma-01,acceptable,ma,comment,,,fine,2026-01-01T00:00:00Z\n"
        "s,p2,2,ma-01,unacceptable,ma,acceptability,,,2,2026-01-01T00:00:00Z\n"
    )
    got = read_judgements(f, "acceptability", items={"ma-01-A", "ma-01-NA"})
    assert [(j.item_id, j.value) for j in got] == [("ma-01-A", "5"), ("ma-01-NA", "2")]


def test_study_items_command(tmp_path: Path) -> None:
    from dataclasses import asdict

    from lingeval.probing.build import CLOZE_COLUMNS

    src = tmp_path / "cloze.jsonl"
    src.write_text(json.dumps({c: asdict(CLOZE)[c] for c in CLOZE_COLUMNS}) + "\n")
    out = tmp_path / "items.json"
    r = CliRunner().invoke(cli, ["study-items", str(src), "-o", str(out)])
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text())
    assert data[0]["system"] == "cloze" and data[0]["payload"]["options"] == CLOZE.options
