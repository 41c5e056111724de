"""The engine's item schema and the REG task type: reading items, validating payloads, parsing
forms into the answer vocabulary of lingeval.study.answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lingeval.core.errors import InputError, LingevalError
from lingeval.study.tasks.base import StudyItem, get_task_type, load_items, save_items
from lingeval.study.tasks.reg import RegTask, make_reg_item, proper_name


def paper_table1_item(system: str = "human") -> StudyItem:
    """The paper's Table 1 text with its REs (AWH Engineering College example)."""
    return make_reg_item(
        "awh",
        system,
        "seen",
        "AWH_Engineering_College",
        [
            "",
            0,
            " is in ",
            1,
            ", ",
            2,
            " in the state of ",
            3,
            ". ",
            4,
            " has 250 employees and ",
            5,
            " is ruled by ",
            6,
            ". ",
            7,
            " is also found in ",
            8,
            ".",
        ],
        [
            ("AWH Engineering College", "AWH_Engineering_College"),
            ("Kuttikkattoor", '"Kuttikkattoor"'),
            ("India", "India"),
            ("Kerala", "Kerala"),
            ("The school", "AWH_Engineering_College"),
            ("Kerala", "Kerala"),
            ("Kochi", "Kochi"),
            ("The Ganges River", "Ganges"),
            ("India", "India"),
        ],
    )


def test_proper_names_and_which_res_are_asked() -> None:
    assert proper_name("AWH_Engineering_College") == "AWH Engineering College"
    assert proper_name('"Kuttikkattoor"') == "Kuttikkattoor"
    view = RegTask().view(paper_table1_item())
    asked = [r["text"] for r in view["asked"]]
    # paper 002, 4.2: "the school" differs from the proper name and is asked about;
    # "The Ganges River" differs from "Ganges" too; names are not asked
    assert asked == ["The school", "The Ganges River"]
    assert view["entity_name"] == "AWH Engineering College"
    assert (
        RegTask()
        .stimulus_text(paper_table1_item())
        .startswith(
            "AWH Engineering College is in Kuttikkattoor, India in the state of Kerala. The school has"
        )
    )


def test_parse_gives_the_answer_vocabulary() -> None:
    item = paper_table1_item()
    form = {"familiarity": "yes", "success-4": "yes", "success-7": "maybe"}
    form.update({"clarity": "4", "grammaticality": "1", "coherence": "7", "comment": " ok "})
    form.update({f"rewrite-{j}": f"re{j}" for j in range(9)})
    answers, errors = RegTask().parse(item, form)
    assert not errors
    by_q: dict[str, list[tuple[str, str, str]]] = {}
    for a in answers:
        by_q.setdefault(a.question, []).append((a.target, a.reference, a.value))
    assert by_q["familiarity"] == [("", "AWH Engineering College", "yes")]
    assert [v for _, _, v in by_q["success"]] == [
        "name",
        "name",
        "name",
        "name",
        "yes",
        "name",
        "name",
        "maybe",
        "name",
    ]
    assert by_q["success"][4] == ("4", "The school", "yes")
    assert [v for _, _, v in by_q["rewrite"]] == [f"re{j}" for j in range(9)]
    assert by_q["rewrite"][7][1] == "The Ganges River"
    assert by_q["comment"] == [("", "", "ok")]
    assert [by_q[m][0][2] for m in ("clarity", "grammaticality", "coherence")] == ["4", "1", "7"]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("clarity", "8", "1 to 7"),
        ("clarity", "3.5", "1 to 7"),
        ("coherence", "", "1 to 7"),
        ("success-4", "perhaps", "refers to the entity"),
        ("familiarity", "YES", "knew this entity"),
        ("rewrite-3", "", "suggest an expression"),
        ("rewrite-3", "x" * 301, "under 300 characters"),
    ],
)
def test_bad_answers_are_refused_field_by_field(field: str, value: str, message: str) -> None:
    item = paper_table1_item()
    form = {
        "familiarity": "no",
        "success-4": "no",
        "success-7": "no",
        "clarity": "2",
        "grammaticality": "2",
        "coherence": "2",
    }
    form.update({f"rewrite-{j}": "x" for j in range(9)})
    form[field] = value
    _answers, errors = RegTask().parse(item, form)
    assert list(errors) == [field]
    assert message in errors[field]


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"segments": [], "refs": []}, "major 'entity'"),
        ({"entity": "E", "segments": [{"re": 0}], "refs": []}, "non-empty 'refs'"),
        (
            {"entity": "E", "segments": [{"re": 0}], "refs": [{"text": "", "entity": "E"}]},
            "non-empty 'text'",
        ),
        ({"entity": "E", "segments": [{"re": 0}], "refs": [{"text": "it"}]}, "'entity' identifier"),
        (
            {"entity": "E", "segments": ["x"], "refs": [{"text": "it", "entity": "E"}]},
            "exactly once",
        ),
        (
            {
                "entity": "E",
                "segments": [{"re": 0}, {"re": 0}],
                "refs": [{"text": "it", "entity": "E"}],
            },
            "exactly once",
        ),
        (
            {"entity": "E", "segments": [{"re": 3}], "refs": [{"text": "it", "entity": "E"}]},
            "bad segment",
        ),
    ],
)
def test_bad_reg_payloads_are_refused(payload: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InputError, match=message):
        RegTask().validate_item(StudyItem("i", "s", "", payload))


def test_items_round_trip_as_json_and_json_lines(tmp_path: Path) -> None:
    items = [paper_table1_item(s) for s in ("human", "rule")]
    path = tmp_path / "items.json"
    save_items(items, path)
    assert load_items(path) == items
    jsonl = tmp_path / "items.jsonl"
    jsonl.write_text("\n".join(json.dumps(it.to_dict()) for it in items) + "\n")
    assert load_items(jsonl) == items
    jsonl.write_text(json.dumps(items[0].to_dict()) + "\n{broken\n")
    with pytest.raises(InputError) as err:
        load_items(jsonl)
    assert err.value.line == 2
    jsonl.write_text("\n".join(json.dumps(items[0].to_dict()) for _ in range(2)))
    with pytest.raises(InputError, match="duplicate item 'awh'"):
        load_items(jsonl)


def test_task_type_registry() -> None:
    assert isinstance(get_task_type("reg"), RegTask)
    assert get_task_type("acceptability").name == "acceptability"
    with pytest.raises(
        LingevalError, match=r"unknown task type 'nope'; known: .*acceptability.*reg"
    ):
        get_task_type("nope")


def test_the_shipped_reg_sample_fits_the_engine() -> None:
    """The REG materials' demo sample is what `lingeval study demo` serves: every version
    must be a valid REG item and the versions must make a balanced design."""
    from lingeval.study.commands.demo import demo_items
    from lingeval.study.design import make_design

    items, source = demo_items()
    if source != "lingeval.study.reg.sample":
        pytest.skip("the REG sample of the materials code is not available")
    task = RegTask()
    for it in items:
        task.validate_item(it)
        assert it.subset in ("seen", "unseen")
    assert any(r["ask"] for it in items for r in task.view(it)["refs"])
    systems = {it.system for it in items}
    design = make_design(items, len(systems), seed=0)
    assert len(design.cells) == len(items)


def test_wikipedia_disambiguation_is_not_shown_to_participants() -> None:
    """WebNLG identifiers carry Wikipedia disambiguation (issue 12): participants read names."""
    from lingeval.study.tasks.reg import shown_text

    assert proper_name("Ceres_(dwarf_planet)") == "Ceres"
    assert proper_name("Alan_Bean") == "Alan Bean"
    assert shown_text("Ceres (dwarf planet)", "Ceres_(dwarf_planet)") == "Ceres"
    assert shown_text("the planet (dwarf)", "Ceres_(dwarf_planet)") == "the planet (dwarf)"
    item = make_reg_item(
        "c1",
        "rule",
        "seen",
        "Ceres_(dwarf_planet)",
        ["", 0, " was discovered by ", 1, "."],
        [("Ceres (dwarf planet)", "Ceres_(dwarf_planet)"), ("Giuseppe Piazzi", "Giuseppe_Piazzi")],
    )
    task = RegTask()
    assert task.stimulus_text(item) == "Ceres was discovered by Giuseppe Piazzi."
    view = task.view(item)
    assert view["entity_name"] == "Ceres" and not view["refs"][0]["ask"]
    answers, errors = task.parse(
        item,
        {
            "familiarity": "no",
            "clarity": "5",
            "grammaticality": "5",
            "coherence": "5",
            "rewrite-0": "Ceres",
            "rewrite-1": "Piazzi",
        },
    )
    assert not errors
    assert {a.reference for a in answers if a.question == "rewrite"} == {"Ceres", "Giuseppe Piazzi"}
