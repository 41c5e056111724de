"""The blind held-out source ``webnlg-heldout`` (issue 11, eighth session): WebNLG sentences
with a verbal omission that no mining label file and no development source holds, gold written
here blind, stored as text keys + SHA-1 + templates
(:func:`lingeval.conjuncts.devdata.record_examples`). Every sentence below is a fixture written
here. No test runs a resolver on the held-out items or prints its output: the committed gold is
checked only for its form and against the paper's annotation checks.
"""

from __future__ import annotations

import sys
from pathlib import Path

from lingeval.conjuncts.devdata import HELD_OUT_SOURCES, SOURCES, load_sources

NAME = "webnlg-heldout"


def _ranker(repo_root: Path) -> object:
    sys.path.insert(0, str(repo_root / "benchmarks"))
    try:
        import conjuncts_ranker
    finally:
        sys.path.remove(str(repo_root / "benchmarks"))
    return conjuncts_ranker


def test_it_is_held_out_and_never_fitted_on(repo_root: Path) -> None:
    assert NAME in SOURCES and NAME in HELD_OUT_SOURCES
    ranker = _ranker(repo_root)
    assert NAME in ranker.HELD_SOURCES  # type: ignore[attr-defined]  # out of the synthetic text
    assert NAME not in ranker.DEV_SOURCES  # type: ignore[attr-defined]  # never a fit source


def test_absent_or_empty_gold_gives_no_items(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    (shared / "reg").mkdir(parents=True)
    bench = tmp_path / "bench"
    bench.mkdir()
    assert load_sources(shared, bench, names=[NAME]) == {}  # no gold file
    (bench / "webnlg_heldout_gold.jsonl").write_text("", encoding="utf-8")
    assert load_sources(shared, bench, names=[NAME]) == {}  # an empty one
    assert load_sources(None, bench, names=[NAME]) == {}  # no ../shared
    assert NAME not in load_sources(shared, bench)  # default: development sources only
