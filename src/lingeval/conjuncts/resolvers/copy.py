"""The calibration baselines of paper 000, section 6, as resolvers.

``copy`` (Calibration_1) returns the input once. ``copy-k`` (Calibration_k) returns ``k``
copies of the input, where ``k`` is the number of gold sentences of the example (its
``rewrites``), or the number given in the specification (``copy-k:3``) when the input has no
gold. The metric rewards repeated verb nuclei, so every model should be judged against these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.resolvers.base import Resolver
from lingeval.core.errors import LingevalError

__all__ = ["CopyKResolver", "CopyResolver"]


class CopyResolver(Resolver):
    """Calibration_1: the input sentence, once."""

    name = "copy"

    def resolve(self, batch: Sequence[ConjunctExample]) -> list[list[str]]:
        return [[ex.sentence] for ex in batch]


class CopyKResolver(Resolver):
    """Calibration_k: ``k`` copies of the input (``k`` = number of gold rewrites, or fixed)."""

    name = "copy-k"

    def __init__(self, k: int | None = None) -> None:
        if k is not None and k < 1:
            raise LingevalError(f"copy-k needs k >= 1, got {k}")
        self.k = k

    def options(self) -> dict[str, Any]:
        return {"resolver": self.name, "k": self.k if self.k is not None else "gold"}

    def resolve(self, batch: Sequence[ConjunctExample]) -> list[list[str]]:
        out = []
        for ex in batch:
            k = self.k if self.k is not None else max(1, len(ex.rewrites) or 2)
            out.append([ex.sentence] * k)
        return out
