"""Test helpers for the development sets written here (``written-*`` sources): the paper's
annotation checks on their gold (section 4.2) and the sources the ranker is fitted on."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from lingeval.conjuncts.annotation.checks import check_rewrite_set
from lingeval.conjuncts.example import ConjunctExample


def paper_check_failures(examples: Iterable[ConjunctExample]) -> dict[str, list[str]]:
    """Example id -> the reasons its gold fails section 4.2's checks (no identical sentences,
    the marked conjunction gone, no new content words, nothing lost, polarity kept); items
    that are not rewritable (gold = the input) are not checked."""
    out: dict[str, list[str]] = {}
    for ex in examples:
        if not ex.rewritable:
            continue
        res = check_rewrite_set(
            ex.sentence, ex.conjunction, ex.offset, list(ex.rewrites), explanation="gold"
        )
        bad = [r.reason for r in res if not r.ok]
        if bad:
            out[ex.id] = bad
    return out


def ranker_fit_sources(repo_root: Path) -> tuple[str, ...]:
    """``DEV_SOURCES`` of ``benchmarks/conjuncts_ranker.py``: the sources the ranker is fitted on."""
    sys.path.insert(0, str(repo_root / "benchmarks"))
    try:
        import conjuncts_ranker
    finally:
        sys.path.remove(str(repo_root / "benchmarks"))
    return tuple(conjuncts_ranker.DEV_SOURCES)
