"""Designs: no item twice in a group, equal sizes, balanced systems, seeded, CSV round trip."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from lingeval.core.errors import InputError, LingevalError
from lingeval.study.design import PRESETS, make_design, read_design
from lingeval.study.tasks.base import StudyItem


def crossing(n_items: int, systems: list[str]) -> list[StudyItem]:
    return [
        StudyItem(f"i{i:02d}", s, "seen" if i % 2 else "unseen")
        for i in range(n_items)
        for s in systems
    ]


def assert_valid(design, n_groups: int) -> None:
    groups = design.groups()
    assert sorted(groups) == list(range(1, n_groups + 1))
    sizes = {len(c) for c in groups.values()}
    assert len(sizes) == 1, sizes
    for cells in groups.values():
        items = [c.item_id for c in cells]
        assert len(items) == len(set(items)), "two versions of one item share a group"
        assert sorted(c.position for c in cells) == list(range(1, len(cells) + 1))
    for s in design.systems:
        per = [sum(c.system == s for c in cells) for cells in groups.values()]
        assert max(per) - min(per) <= 1, (s, per)


def test_paper_preset_240_versions_in_16_groups_of_15_with_3_per_system() -> None:
    p = PRESETS["paper"]
    systems = ["human", "ml", "nreg1", "nreg2", "rule"]
    d = make_design(crossing(p.n_items, systems), p.n_groups, seed=7, per_group=p.per_group)
    assert len(d.cells) == 240
    assert_valid(d, 16)
    for cells in d.groups().values():
        assert len(cells) == 15
        assert set(Counter(c.system for c in cells).values()) == {3}
    # every version placed exactly once
    assert len({(c.item_id, c.system) for c in d.cells}) == 240
    assert d.method == "cyclic"


@pytest.mark.parametrize(
    ("n_items", "k", "g"), [(10, 3, 5), (7, 3, 7), (12, 4, 6), (9, 2, 3), (6, 3, 3)]
)
def test_other_sizes_are_valid(n_items: int, k: int, g: int) -> None:
    d = make_design(crossing(n_items, [f"s{j}" for j in range(k)]), g, seed=1)
    assert_valid(d, g)
    assert len(d.cells) == n_items * k


def test_incomplete_crossing_uses_greedy() -> None:
    items = [*crossing(6, ["a", "b", "c"])[:-1], StudyItem("i05", "c", "seen"), StudyItem("x", "a")]
    items = [it for it in items if not (it.item_id == "i00" and it.system == "a")]
    d = make_design(items, 3, seed=3)
    assert d.method == "greedy"
    assert_valid(d, 3)


def test_seeded_and_reproducible() -> None:
    items = crossing(48, ["a", "b", "c", "d", "e"])
    a = make_design(items, 16, seed=5).to_csv()
    b = make_design(items, 16, seed=5).to_csv()
    c = make_design(items, 16, seed=6).to_csv()
    assert a == b
    assert a != c


def test_impossible_designs_are_refused_with_a_reason() -> None:
    items = crossing(4, ["a", "b", "c"])
    with pytest.raises(LingevalError, match="at least 3"):
        make_design(items, 2)
    with pytest.raises(LingevalError, match="equal groups"):
        make_design(items, 5)


def test_csv_round_trip(tmp_path: Path) -> None:
    d = make_design(crossing(10, ["a", "b"]), 4, seed=2)
    path = tmp_path / "design.csv"
    d.to_csv(path)
    back = read_design(path)
    assert sorted(back.cells, key=lambda c: (c.group, c.position)) == sorted(
        d.cells, key=lambda c: (c.group, c.position)
    )
    assert "group" in back.summary().to_text()


def test_import_refuses_two_versions_in_a_group_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("group,position,item_id,system,subset\n1,1,x,a,\n1,2,y,a,\n1,3,x,b,\n")
    with pytest.raises(InputError) as err:
        read_design(path)
    assert err.value.line == 4
    assert "item 'x'" in str(err.value)
    path.write_text("group,position,item\n")
    with pytest.raises(InputError, match="header"):
        read_design(path)
    path.write_text("group,position,item_id,system,subset\none,1,x,a,\n")
    with pytest.raises(InputError, match="integers"):
        read_design(path)
