"""The development source ``written-blind11`` (issue 11, session 11): three sets of gapping,
argument clusters and stripping written by three writers who ran no resolver and read no
resolver output on them; scored blind during that session, development data since. The tests
check the committed files' form and the paper's annotation checks (section 4.2); no test here
runs a resolver on them (the quality benchmark scores them)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from lingeval.conjuncts.devdata import HELD_OUT_SOURCES, SOURCES, load_sources
from tests.conjuncts.written import paper_check_failures, ranker_fit_sources

NAME = "written-blind11"
#: (set, phenomenon) -> items, as the three writers were asked to write them
COUNTS = {
    ("a", "gapping"): 24,
    ("a", "argument-cluster"): 24,
    ("a", "stripping"): 24,
    ("b", "gapping"): 30,
    ("b", "argument-cluster"): 20,
    ("b", "stripping"): 22,
    ("c", "gapping"): 36,
    ("c", "argument-cluster"): 27,
    ("c", "stripping"): 27,
}


def _bench(repo_root: Path) -> Path:
    return repo_root / "benchmarks" / "data" / "conjuncts"


def test_written_blind11_loads_as_one_development_source(repo_root: Path) -> None:
    assert NAME in SOURCES and NAME not in HELD_OUT_SOURCES
    src = load_sources(None, _bench(repo_root), names=[NAME])[NAME]
    assert len(src.examples) == sum(COUNTS.values()) == 234
    assert len({ex.id for ex in src.examples}) == 234
    assert {ex.meta["source"] for ex in src.examples} == {NAME}
    assert Counter((ex.meta["set"], ex.meta["phenomenon"]) for ex in src.examples) == COUNTS
    # one not-rewritable item (its gold is the sentence); every other rewrite set splits
    unchanged = [ex for ex in src.examples if not ex.rewritable]
    assert len(unchanged) == 1 and unchanged[0].rewrites == [unchanged[0].sentence]
    rest = [ex for ex in src.examples if ex.rewritable]
    assert all(len(ex.rewrites) in (2, 3) and ex.sentence not in ex.rewrites for ex in rest)


def test_written_blind11_gold_passes_the_paper_checks(repo_root: Path) -> None:
    """Section 4.2's checks of an annotation hold for every rewritable item."""
    src = load_sources(None, _bench(repo_root), names=[NAME])[NAME]
    assert paper_check_failures(src.examples) == {}


def test_written_blind11_is_never_fitted_on(repo_root: Path) -> None:
    assert NAME not in ranker_fit_sources(repo_root)


def test_written_blind11_records_are_plain_jsonl(repo_root: Path) -> None:
    for k in "abc":
        for line in (
            (_bench(repo_root) / f"written_blind11{k}.jsonl").read_text("utf-8").splitlines()
        ):
            rec = json.loads(line)
            start = rec["offset"]
            assert rec["sentence"][start:].startswith(rec["conjunction"]), rec["id"]
            assert not rec["sentence"][start - 1 : start].isalnum(), rec["id"]  # a whole word
            assert rec["split"] == "dev" and rec["meta"]["set"] == k
            assert set(rec["meta"]) == {"phenomenon", "register", "shape", "source", "set"}
