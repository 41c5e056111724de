"""The REG demo sample shipped with lingeval, as study items (used by ``lingeval study demo``).

11 texts (10 entries: 6 seen-category, 4 unseen-category; ``lingeval/data/study/reg``,
written for the project) in the versions of ``human``, ``rule``, ``ml`` (trained on the
sample's own corpus REs, a demo only) and ``neural_demo`` (shipped outputs): 44 items.
"""

from __future__ import annotations

from collections.abc import Sequence

from lingeval.study.tasks.base import StudyItem

__all__ = ["DEMO_SYSTEMS", "demo_items"]

DEMO_SYSTEMS = ("human", "rule", "ml", "neural_demo")


def demo_items(systems: Sequence[str] = DEMO_SYSTEMS, *, seed: int = 0) -> list[StudyItem]:
    """Every sample text in every system's version (texts x systems items)."""
    from lingeval.study.reg.pool import make_items, sample_pool

    return make_items(sample_pool(), systems, strata=None, seed=seed)
