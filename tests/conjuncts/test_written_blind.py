"""The development sources ``written-blind11`` to ``written-blind14``
(issue 11, sessions 11 to 14): sets of gapping, argument clusters and stripping written by writers who ran no
resolver and read no resolver output on them; scored blind during their session,
development data since. The tests check the committed files' form and the paper's
annotation checks (section 4.2); no test here runs a resolver on them (the quality benchmark
scores them)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from lingeval.conjuncts.devdata import HELD_OUT_SOURCES, SOURCES, load_sources
from tests.conjuncts.written import paper_check_failures, ranker_fit_sources

#: source -> (file stem, {(set, phenomenon): items} as the writers were asked to write
#: them, items not rewritable)
SETS = {
    "written-blind11": (
        "written_blind11",
        {
            ("a", "gapping"): 24,
            ("a", "argument-cluster"): 24,
            ("a", "stripping"): 24,
            ("b", "gapping"): 30,
            ("b", "argument-cluster"): 20,
            ("b", "stripping"): 22,
            ("c", "gapping"): 36,
            ("c", "argument-cluster"): 27,
            ("c", "stripping"): 27,
        },
        1,
    ),
    "written-blind12": (
        "written_blind12",
        {
            ("d", "stripping"): 76,
            ("d", "argument-cluster"): 10,
            ("d", "gapping"): 4,
            ("e", "stripping"): 30,
            ("e", "argument-cluster"): 22,
            ("e", "gapping"): 20,
            ("f", "stripping"): 48,
            ("f", "argument-cluster"): 12,
            ("f", "gapping"): 12,
        },
        0,
    ),
    "written-blind13": (
        "written_blind13",
        {
            ("i", "stripping"): 66,
            ("i", "gapping"): 8,
            ("i", "argument-cluster"): 6,
            ("j", "stripping"): 65,
            ("j", "gapping"): 8,
            ("j", "argument-cluster"): 6,
            ("j", "other"): 1,
            ("k", "gapping"): 34,
            ("k", "argument-cluster"): 14,
            ("k", "stripping"): 22,
            ("l", "gapping"): 30,
            ("l", "argument-cluster"): 10,
            ("l", "stripping"): 20,
            ("m", "stripping"): 61,
            ("m", "gapping"): 10,
            ("m", "argument-cluster"): 8,
            ("m", "other"): 1,
            ("n", "gapping"): 30,
            ("n", "argument-cluster"): 12,
            ("n", "stripping"): 18,
        },
        0,
    ),
    "written-blind14": (
        "written_blind14",
        {
            ("p", "argument-cluster"): 12,
            ("p", "gapping"): 20,
            ("p", "other"): 8,
            ("p", "stripping"): 40,
            ("q", "argument-cluster"): 4,
            ("q", "gapping"): 7,
            ("q", "other"): 6,
            ("q", "stripping"): 63,
            ("r", "argument-cluster"): 25,
            ("r", "gapping"): 16,
            ("r", "stripping"): 39,
            ("s", "argument-cluster"): 15,
            ("s", "gapping"): 20,
            ("s", "other"): 10,
            ("s", "stripping"): 15,
            ("t", "argument-cluster"): 15,
            ("t", "gapping"): 20,
            ("t", "other"): 10,
            ("t", "stripping"): 35,
            ("u", "argument-cluster"): 15,
            ("u", "gapping"): 12,
            ("u", "other"): 2,
            ("u", "stripping"): 51,
            ("v", "gapping"): 50,
        },
        8,
    ),
}


def _bench(repo_root: Path) -> Path:
    return repo_root / "benchmarks" / "data" / "conjuncts"


def _files(repo_root: Path, name: str) -> dict[str, Path]:
    stem, counts, _ = SETS[name]
    return {k: _bench(repo_root) / f"{stem}{k}.jsonl" for k in sorted({k for k, _ in counts})}


@pytest.mark.parametrize("name", sorted(SETS))
def test_written_blind_loads_as_one_development_source(repo_root: Path, name: str) -> None:
    _, counts, n_unchanged = SETS[name]
    total = sum(counts.values())
    assert name in SOURCES and name not in HELD_OUT_SOURCES
    src = load_sources(None, _bench(repo_root), names=[name])[name]
    assert len(src.examples) == total
    assert len({ex.id for ex in src.examples}) == total
    assert {ex.meta["source"] for ex in src.examples} == {name}
    assert Counter((ex.meta["set"], ex.meta["phenomenon"]) for ex in src.examples) == counts
    # items not rewritable have the sentence as gold; every other rewrite set splits
    unchanged = [ex for ex in src.examples if not ex.rewritable]
    assert len(unchanged) == n_unchanged
    assert all(ex.rewrites == [ex.sentence] for ex in unchanged)
    rest = [ex for ex in src.examples if ex.rewritable]
    assert all(len(ex.rewrites) in (2, 3) and ex.sentence not in ex.rewrites for ex in rest)


@pytest.mark.parametrize("name", sorted(SETS))
def test_written_blind_gold_passes_the_paper_checks(repo_root: Path, name: str) -> None:
    """Section 4.2's checks of an annotation hold for every rewritable item."""
    src = load_sources(None, _bench(repo_root), names=[name])[name]
    assert paper_check_failures(src.examples) == {}


@pytest.mark.parametrize("name", sorted(SETS))
def test_written_blind_is_never_fitted_on(repo_root: Path, name: str) -> None:
    assert name not in ranker_fit_sources(repo_root)


@pytest.mark.parametrize("name", sorted(SETS))
def test_written_blind_records_are_plain_jsonl(repo_root: Path, name: str) -> None:
    for k, path in _files(repo_root, name).items():
        for line in path.read_text("utf-8").splitlines():
            rec = json.loads(line)
            start = rec["offset"]
            assert rec["sentence"][start:].startswith(rec["conjunction"]), rec["id"]
            assert not rec["sentence"][start - 1 : start].isalnum(), rec["id"]  # a whole word
            assert rec["split"] == "dev" and rec["meta"]["set"] == k
            assert set(rec["meta"]) == {"phenomenon", "register", "shape", "source", "set"}
