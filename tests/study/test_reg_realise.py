"""REG evaluation measures, discourse features and realisation, on texts written for the tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lingeval.study.reg.discourse import RegResources, contexts
from lingeval.study.reg.evaluate import (
    is_possessive,
    normalise,
    re_form,
    score_outputs,
    score_systems,
)
from lingeval.study.reg.instances import RegInstance
from lingeval.study.reg.realise import Realiser, a_an
from lingeval.study.reg.systems import MLSystem, RuleSystem, make_system


def _text(
    template: str, refs: dict[int, str] | None = None, category: str = "Test"
) -> list[RegInstance]:
    """Instances of one text; entities are the tokens marked ``@`` (``refs``: corpus RE of the
    k-th entity occurrence; default: the proper name)."""
    marked = template.split()
    tokens = [t.lstrip("@") for t in marked]
    refs = refs or {}
    out = []
    k = 0
    for i, t in enumerate(tokens):
        if marked[i].startswith("@"):
            refex = refs.get(k, t.replace("_", " "))
            out.append(
                RegInstance(
                    t, category, tuple(tokens[:i]), tuple(tokens[i + 1 :]), tuple(refex.split())
                )
            )
            k += 1
    return out


def test_measures() -> None:
    assert normalise("Alan Bean's") == "alan bean 's"
    assert normalise("Cuyahoga County, Ohio") == normalise("cuyahoga county , ohio")
    assert re_form("the school", "AWH_Engineering_College") == "description"
    assert re_form("the AWH Engineering College 's", "AWH_Engineering_College") == "name"
    assert re_form("its", "AWH_Engineering_College") == "pronoun"
    assert re_form("this college", "AWH_Engineering_College") == "demonstrative"
    assert is_possessive("Alan Frew 's") and is_possessive("their") and is_possessive("her")
    assert not is_possessive("her", her=False) and not is_possessive("Alan Frew")
    s = score_outputs(
        ["Alan_Frew", "Alan_Frew", "India", "India"],
        ["Alan Frew", "Alan Frew 's", "the country", "India"],
        ["alan frew", "Alan Frew", "India", "it"],
    )
    # exact: 1 of 4; forms: name=name, name=name, name!=description, pronoun!=name
    assert (s.string_accuracy, s.form_accuracy) == (25.0, 50.0)
    assert (s.n_possessive, s.possessive_accuracy) == (1, 0.0)
    assert s.distribution == {
        "name": 75.0,
        "pronoun": 25.0,
        "description": 0.0,
        "demonstrative": 0.0,
    }
    rows = score_systems({"seen": _text("@Alan_Frew sang .")}, {"names": {"seen": ["Alan Frew"]}})
    assert [(r["system"], r["string_accuracy"]) for r in rows] == [
        ("names", 100.0),
        ("human", 100.0),
    ]


def test_a_an() -> None:
    assert a_an("a admiral") == "an admiral"
    assert a_an("an dessert") == "a dessert"
    assert a_an("a university") == "a university"
    assert a_an("A American") == "An American"
    assert a_an("the dish") == "the dish"


def test_pronoun_class_comes_from_the_data() -> None:
    files = RegResources(gender={"United_States": "male"}, types={"United_States": "Person"})
    train = _text("@United_States is big . @United_States has a flag .", {1: "It"})
    res = files.with_training(train)
    assert files.pronoun_class("United_States") == "male"
    assert res.pronoun_class("United_States") == "neutral"
    # competitors are entities of the same pronoun class
    xs = _text("@Ada_Lovelace met @India . @Ada_Lovelace wrote .")
    ctx = contexts(xs, RegResources(gender={"Ada_Lovelace": "female"}))
    assert (ctx[2].competitors, ctx[2].sentence_distance, ctx[2].first) == (0, 1, False)
    ctx = contexts(xs, RegResources(gender={"Ada_Lovelace": "neutral"}))
    assert ctx[2].competitors == 1


def test_unfitted_realiser_rules() -> None:
    res = RegResources(gender={"Ada_Lovelace": "female", "Charles_Babbage": "male"})
    xs = _text(
        "@Ada_Lovelace met @Charles_Babbage . @Ada_Lovelace father was @Lord_Byron . @Charles_Babbage liked @Ada_Lovelace ."
    )
    out = RuleSystem(res).generate(xs)
    assert out[2] == "her"  # possessive slot, pronoun
    assert out[4] == "Charles Babbage"  # two sentences back: name
    assert out[5] == "her"  # object after a verb
    r = Realiser(res)
    ctx = contexts(xs, res)
    assert r.realise(xs[0], "name", ctx[0], True) == "Ada Lovelace's"


def _training_texts() -> list[RegInstance]:
    xs: list[RegInstance] = []
    for who in ("Ada_Lovelace", "Bob_Ross", "Carl_Sagan", "Dora_Maar"):
        for country in ("Netherlands", "Gambia", "Bahamas"):
            xs += _text(
                f"@{who} was born in @{country} . @{who} capital city was @{country} . "
                f"@{who} died young .",
                {
                    1: "the " + country,
                    2: who.replace("_", " ") + " 's",
                    3: "the " + country,
                    4: "She",
                },
            )
    return xs


def test_fitted_realiser_learns_article_and_possessive_slot() -> None:
    train = _training_texts()
    ml = MLSystem(RegResources()).fit(train)
    # a new text with known and new entities: the article of the memorised names, a new
    # name gets none (no article profile), and the possessive slot before 'capital'
    test = _text(
        "@Eve_Curie was born in @Netherlands . @Eve_Curie capital city was @Netherlands . "
        "@Eve_Curie died young ."
    )
    out = ml.generate(test)
    assert out[1] == "the Netherlands" and out[3] in ("the Netherlands", "it")
    assert normalise(out[2]).endswith("'s") or out[2] in ("her", "his", "its")
    assert ml.predict_forms(test)[4] == "pronoun"
    rule = RuleSystem(RegResources()).fit(train)
    assert rule.generate(test)[1] == "the Netherlands"


def test_score_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from lingeval.cli import main

    train = _training_texts()
    (tmp_path / "dev.json").write_text(json.dumps([x.to_dict() for x in train]))
    test = _text(
        "@Eve_Curie was born in @Netherlands . @Eve_Curie capital city was @Netherlands .",
        {1: "the Netherlands", 2: "her", 3: "the Netherlands"},
    )
    (tmp_path / "test_seen.json").write_text(json.dumps([x.to_dict() for x in test]))
    try:
        main(
            [
                "study",
                "reg",
                "score",
                "--instances",
                str(tmp_path),
                "--systems",
                "names,rule,ml",
                "--json",
            ]
        )
    except SystemExit as exc:
        assert not exc.code
    tables = json.loads(capsys.readouterr().out)
    rows = {r["system"]: r for r in tables[0]["rows"]}
    assert set(rows) == {"names", "rule", "ml", "human"}
    assert rows["names"]["string acc"] == 25.0  # only "Eve Curie" matches
    assert rows["ml"]["string acc"] > rows["names"]["string acc"]
    assert rows["human"]["form acc"] == 100.0
    with pytest.raises(SystemExit) as info:
        main(["study", "reg", "score", "--instances", str(tmp_path / "none")])
    assert info.value.code == 2
    assert make_system("names").generate(test)[1] == "Netherlands"
