"""Drawing meaning-preservation items: paired examples, blinding, seeded shuffles, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lingeval.conjuncts.meaning import draw_items, read_key, write_key
from lingeval.conjuncts.meaning.items import apply_key
from lingeval.conjuncts.meaning.task import check_payload
from lingeval.core.errors import InputError, LingevalError
from tests.conjuncts.test_meaning_fixtures import bad, examples, good


def preds() -> dict[str, dict[str, list[str]]]:
    exs = examples()
    return {"t5": {e.id: good(e) for e in exs}, "rules": {e.id: bad(e) for e in exs}}


def test_every_system_gets_the_same_examples_and_payloads_are_valid() -> None:
    drawn = draw_items(examples(), preds(), sample=4, seed=2)
    by_system: dict[str, set[str]] = {}
    for it in drawn.items:
        by_system.setdefault(drawn.key[it.system], set()).add(it.item_id)
        assert check_payload(it.payload) is None
        assert "system" not in it.payload and drawn.key[it.system] not in json.dumps(it.payload)
    assert by_system["t5"] == by_system["rules"] and len(by_system["t5"]) == 4
    ex = {e.id: e for e in examples()}
    for it in drawn.items:
        p = it.payload
        assert p["sentence"][p["offset"] : p["offset"] + 3] == "and"
        want = good(ex[it.item_id]) if drawn.key[it.system] == "t5" else bad(ex[it.item_id])
        assert p["rewrites"] == want


def test_codes_order_and_sample_depend_only_on_the_seed() -> None:
    a = draw_items(examples(), preds(), sample=3, seed=7)
    b = draw_items(examples(), preds(), sample=3, seed=7)
    assert [i.to_dict() for i in a.items] == [i.to_dict() for i in b.items] and a.key == b.key
    orders = {
        tuple((i.item_id, i.system) for i in draw_items(examples(), preds(), seed=s).items)
        for s in range(6)
    }
    assert len(orders) > 1
    keys = {tuple(sorted(draw_items(examples(), preds(), seed=s).key.items())) for s in range(8)}
    assert len(keys) == 2  # both code assignments occur
    plain = draw_items(examples(), preds(), blind=False)
    assert plain.key == {"t5": "t5", "rules": "rules"}
    assert {i.system for i in plain.items} == {"t5", "rules"}


def test_examples_without_a_usable_prediction_are_left_out_and_listed() -> None:
    p = preds()
    del p["rules"]["ex1"]
    p["t5"]["ex2"] = ["  "]
    drawn = draw_items(examples(), p)
    assert drawn.dropped["no prediction"] == ["ex1"] and drawn.dropped["empty prediction"] == [
        "ex2"
    ]
    assert {i.item_id for i in drawn.items} == {"ex0", "ex3", "ex4", "ex5"}
    notes = drawn.summary().notes
    assert any("no prediction" in n and "ex1" in n for n in notes)


def test_clear_errors() -> None:
    with pytest.raises(LingevalError, match="at least one system"):
        draw_items(examples(), {})
    with pytest.raises(LingevalError, match="not in the examples: nope"):
        draw_items(examples(), {"x": {"nope": ["A."]}})
    with pytest.raises(LingevalError, match="cannot sample 7"):
        draw_items(examples(), preds(), sample=7)
    with pytest.raises(LingevalError, match="no example has a non-empty prediction"):
        draw_items(examples(), {"x": {}})


def test_key_files(tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    write_key({"S1": "t5", "S2": "rules"}, path, seed=3)
    assert read_key(path) == {"S1": "t5", "S2": "rules"}
    assert apply_key(["S2", "S1", "S9"], read_key(path)) == ["rules", "t5", "S9"]
    (tmp_path / "plain.json").write_text('{"S1": "a"}', encoding="utf-8")
    assert read_key(tmp_path / "plain.json") == {"S1": "a"}
    for text, message in (
        ('{"S1": "a", "S2": "a"}', "same system name"),
        ('["S1"]', "map system codes"),
        ("{oops", "invalid JSON"),
    ):
        (tmp_path / "bad.json").write_text(text, encoding="utf-8")
        with pytest.raises(InputError, match=message):
            read_key(tmp_path / "bad.json")
    with pytest.raises(InputError, match="no such file"):
        read_key(tmp_path / "missing.json")
