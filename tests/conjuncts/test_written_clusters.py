"""The ``written-clusters`` development source (issue 11, session 9): argument clusters and
gapping written here, gold first. Checked only for its form and against the paper's annotation
checks (section 4.2); resolver figures live in the docs, not in tests."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from lingeval.conjuncts.annotation.checks import check_rewrite_set
from lingeval.conjuncts.devdata import HELD_OUT_SOURCES, SOURCES, load_sources


def _source(repo_root: Path):  # type: ignore[no-untyped-def]
    bench = repo_root / "benchmarks" / "data" / "conjuncts"
    return load_sources(None, bench, names=["written-clusters"])["written-clusters"]


def test_written_clusters_is_a_development_source(repo_root: Path) -> None:
    assert "written-clusters" in SOURCES and "written-clusters" not in HELD_OUT_SOURCES
    bench = repo_root / "benchmarks" / "data" / "conjuncts"
    assert "written-clusters" in load_sources(None, bench)  # loaded by default


def test_written_clusters_form_and_checks(repo_root: Path) -> None:
    src = _source(repo_root)
    assert len(src.examples) == 74
    assert len({ex.id for ex in src.examples}) == 74
    phen = Counter(ex.meta["phenomenon"] for ex in src.examples)
    assert phen == {
        "argument-cluster": 35,
        "gapping": 30,
        "stripping": 5,
        "respectively": 2,
        "non-rewritable-binding": 2,
    }
    assert {ex.meta["register"] for ex in src.examples} == {"webnlg", "wsj", "gum"}
    for ex in src.examples:
        assert ex.meta["source"] == "written-clusters" and ex.meta["shape"]
        assert ex.sentence[ex.offset : ex.offset + len(ex.conjunction)] == ex.conjunction
        assert (ex.rewrites == [ex.sentence]) == (not ex.rewritable)
        res = check_rewrite_set(
            ex.sentence, ex.conjunction, ex.offset, list(ex.rewrites),
            rewritable=ex.rewritable, explanation="a closing phrase binds both conjuncts",
        )  # fmt: skip
        assert [r.reason for r in res if not r.ok and r.severity == "error"] == [], ex.id


def test_written_clusters_are_new_sentences(repo_root: Path) -> None:
    """No sentence repeats one of the other development sets written here."""
    bench = repo_root / "benchmarks" / "data" / "conjuncts"
    others = load_sources(None, bench, names=["paper", "written"])
    seen = {ex.sentence for s in others.values() for ex in s.examples}
    assert not {ex.sentence for ex in _source(repo_root).examples} & seen
