"""Merging a grammaticality review back into the acceptability section (paper 003, 2.2.1).

The paper marks the counterparts that could not be kept grammatical (``grammaticality: no``,
98 of 259) and reports them separately (Tables 2 and 4). ``probe build`` writes every item as
``grammatical: unreviewed``; ``probe study-items --review`` turns the section into a
``grammaticality`` study (:class:`lingeval.probing.tasks.GrammaticalityTask`); the engine's
answer table comes back here.

Verdict per item: the majority of its reviewers' ``yes``/``no`` answers, when at least
``min_reviewers`` answered; a tie, or too few answers, leaves it ``unreviewed``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Sequence

from lingeval.core.errors import LingevalError
from lingeval.core.report import Table
from lingeval.core.signature import Signature
from lingeval.probing.build import AcceptabilityItem
from lingeval.probing.judgements import Judgement

__all__ = ["merge_review"]


def merge_review(
    items: Sequence[AcceptabilityItem], answers: Sequence[Judgement], *, min_reviewers: int = 1
) -> tuple[list[AcceptabilityItem], Table]:
    """Items with ``grammatical`` set from the review, and a summary table per condition."""
    if min_reviewers < 1:
        raise LingevalError("min_reviewers must be >= 1")
    known = {i.item_id for i in items}
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for a in answers:
        if a.item_id not in known:
            raise LingevalError(f"review answer for unknown item {a.item_id!r}")
        votes[a.item_id][a.value] += 1
    out: list[AcceptabilityItem] = []
    summary: dict[str, Counter[str]] = defaultdict(Counter)
    for it in items:
        v = votes.get(it.item_id, Counter())
        n = sum(v.values())
        if n >= min_reviewers and v["yes"] != v["no"]:
            verdict = "yes" if v["yes"] > v["no"] else "no"
        elif n >= min_reviewers:
            verdict = "unreviewed"
            summary[it.condition]["tie"] += 1
        else:
            verdict = it.grammatical  # not (enough) reviewed: keep what the file said
        summary[it.condition][verdict] += 1
        out.append(dataclasses.replace(it, grammatical=verdict))
    table = Table(
        ["condition", "items", "yes", "no", "unreviewed", "ties"],
        title="Grammaticality review merged into the acceptability section",
        signature=Signature(
            "probe-review", {"aggregation": "majority", "min_reviewers": min_reviewers}
        ),
    )
    for cond in ("acceptable", "unacceptable"):
        c = summary[cond]
        table.add(
            cond, c["yes"] + c["no"] + c["unreviewed"], c["yes"], c["no"], c["unreviewed"], c["tie"]
        )
    return out, table
