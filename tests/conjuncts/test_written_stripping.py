"""The development source ``written-stripping`` (issue 11, session 9): stripping sentences
written here in the registers of GUM's genres, gold written before any resolver ran on them.
The tests check the committed file's form and the paper's annotation checks (section 4.2);
no test here runs a resolver on the set (the quality benchmark scores it)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from lingeval.conjuncts.devdata import HELD_OUT_SOURCES, SOURCES, load_sources
from tests.conjuncts.written import paper_check_failures, ranker_fit_sources

NAME = "written-stripping"
GENRES = {
    "conversation",
    "interview",
    "vlog",
    "fiction",
    "how-to",
    "travel",
    "academic",
    "news",
    "biography",
    "speech",
}


def _bench(repo_root: Path) -> Path:
    return repo_root / "benchmarks" / "data" / "conjuncts"


def test_written_stripping_loads_as_a_development_source(repo_root: Path) -> None:
    assert NAME in SOURCES and NAME not in HELD_OUT_SOURCES
    loaded = load_sources(None, _bench(repo_root))  # default: every development source
    src = loaded[NAME]
    assert len(src.examples) == 78
    assert len({ex.id for ex in src.examples}) == 78
    assert {ex.meta["source"] for ex in src.examples} == {NAME}
    assert {ex.meta["genre"] for ex in src.examples} == GENRES
    phen = Counter(ex.meta["phenomenon"] for ex in src.examples)
    assert phen == {"stripping": 73, "vp-ellipsis": 5}
    # every item is rewritable into two sentences, and no rewrite is the input
    assert all(ex.rewritable and len(ex.rewrites) == 2 for ex in src.examples)
    assert all(ex.sentence not in ex.rewrites for ex in src.examples)


def test_written_stripping_gold_passes_the_paper_checks(repo_root: Path) -> None:
    """Section 4.2's checks of an annotation: no identical sentences, the marked conjunction
    gone, no new content words, nothing lost, polarity kept."""
    src = load_sources(None, _bench(repo_root), names=[NAME])[NAME]
    assert paper_check_failures(src.examples) == {}


def test_written_stripping_is_never_fitted_on(repo_root: Path) -> None:
    fitted = ranker_fit_sources(repo_root)
    assert NAME not in fitted
    assert "written-stripping2" not in fitted


def test_written_stripping_records_are_plain_jsonl(repo_root: Path) -> None:
    lines = (_bench(repo_root) / "written_stripping.jsonl").read_text("utf-8").splitlines()
    for line in lines:
        rec = json.loads(line)
        assert rec["sentence"][rec["offset"] :].startswith(rec["conjunction"])
        assert set(rec["meta"]) == {"phenomenon", "genre", "marker", "remnant", "source"}


def test_written_stripping2_is_a_second_batch_of_the_same_kind(repo_root: Path) -> None:
    """The batch written after the ninth session's fixes (a blind check of them)."""
    name = "written-stripping2"
    assert name in SOURCES and name not in HELD_OUT_SOURCES
    src = load_sources(None, _bench(repo_root), names=[name])[name]
    assert len(src.examples) == 31
    assert all(ex.id.startswith("ws2-") and len(ex.rewrites) == 2 for ex in src.examples)
    first = load_sources(None, _bench(repo_root), names=[NAME])[NAME]
    assert not {ex.sentence for ex in src.examples} & {ex.sentence for ex in first.examples}
    assert paper_check_failures(src.examples) == {}
