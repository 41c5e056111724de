"""Report layout, charts, HTML escaping, and the compact letter display as a property."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lingeval.core.report import render_many
from lingeval.study.analysis import analyze
from lingeval.study.report import bar_chart, html_report, paper_tables, tidy_tables
from lingeval.study.simulate import SimulationSpec, SystemEffect, simulate_answers, synthetic_items
from lingeval.study.stats import compact_letters


@pytest.fixture(scope="module")
def result():  # type: ignore[no-untyped-def]
    items = synthetic_items(30, ["<b>human</b>", "rule"], seed=4)
    answers = simulate_answers(
        items, SimulationSpec(effects={"<b>human</b>": SystemEffect(shift=1.2)}, seed=4)
    )
    return analyze(answers)


def test_paper_layout(result) -> None:  # type: ignore[no-untyped-def]
    tables = {t.title.split(":")[0]: t for t in paper_tables(result)}
    assert {"Table 2", "Table 3", "Table 4", "Table 6"} <= set(tables)
    t3 = tables["Table 3"]
    assert list(t3.columns)[:5] == ["system", "C (all)", "G (all)", "Co (all)", "RR (all)"]
    row = dict(zip(t3.columns, t3.rows[0], strict=True))
    mean, letters = row["C (all)"].split(" ")
    assert float(mean) > 1 and set(letters.replace(",", "")) <= set("AB")
    # Table 6 counts agree with the tidy success table
    t6 = tables["Table 6"]
    s = result.success.query("subset == 'all'").set_index("system")
    for r in t6.records():
        assert r["Yes (all)"] == s.loc[r["system"], "yes"]
    data = json.loads(render_many(tidy_tables(result), "json"))
    assert data[0]["title"] == "success" and data[0]["signature"]["pairing"] == "item"


def test_chart_and_html(result, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    png = bar_chart(result, tmp_path / "r.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page = html_report(result, tmp_path / "r.html").read_text()
    assert "<b>human</b>" not in page and "&lt;b&gt;human&lt;/b&gt;" in page
    assert "pairing unit: item" in page


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 6).flatmap(
        lambda k: st.tuples(
            st.just(k), st.sets(st.sampled_from(list(itertools.combinations(range(k), 2))))
        )
    )
)
def test_letters_separate_exactly_the_significant_pairs(
    case: tuple[int, set[tuple[int, int]]],
) -> None:
    k, sig = case
    names = [f"s{i}" for i in range(k)]
    means = {n: float(k - i) for i, n in enumerate(names)}
    letters = compact_letters(means, [(names[a], names[b]) for a, b in sig])
    for a, b in itertools.combinations(range(k), 2):
        share = bool(set(letters[names[a]].split(",")) & set(letters[names[b]].split(",")))
        assert share == ((a, b) not in sig)
