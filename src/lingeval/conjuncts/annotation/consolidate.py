"""Consolidation of crowd answers and inter-annotator agreement (paper 000, section 4.2).

**Answer sets.** A worker's answer is a set of sentences: the rewrites, or ``{sentence}`` when
the worker left it unchanged (not rewritable). Sentences are compared after
:func:`~lingeval.conjuncts.annotation.checks.normalize_sentence` (case, spacing and final
punctuation ignored); order is ignored ("exact set").

**Agreement** ("Inter-Annotator Agreement", 4.2), over items with at least two annotators:

* *rewrite agreement* — share of items on which all annotators give the same number of
  sentences (unanimous), in percent;
* *exact match* — share of items on which all annotators give the same set, in percent;
* *average Jaccard* — per item the mean over annotator pairs of
  ``J(A, B) = |A ∩ B| / |A ∪ B|``, averaged over items, in percent.

Reported overall, per batch, and per annotator (per annotator the same three measures are
taken over the pairs the annotator is part of: pairwise count agreement, pairwise exact match,
mean pairwise Jaccard).

**Consolidation** ("Annotations Consolidation", 4.2): an item takes the set that a strict
majority of its annotators gave (``majority``). Without such a set, if a strict majority
agrees on the number of sentences, the answer of the best-agreeing annotator among that
majority is taken (``majority-count+best-annotator``); otherwise the best-agreeing
annotator's answer (``best-annotator``). An annotator's standing is their mean pairwise
Jaccard over the whole collection (ties: pairwise exact match, then number of items, then
worker id). Answers that fail a blocking quality check (:mod:`.checks`) do not vote unless
every answer of the item fails. An item with one annotator is decided ``single``; an item
where only one answer passes the checks takes it (``only-valid``). Items whose chosen answer is a long list (more than ten
sentences, or flagged so by a majority) are removed, as in the paper.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lingeval.conjuncts.annotation.checks import (
    LONG_LIST,
    CheckResult,
    check_rewrite_set,
    normalize_sentence,
    passed,
)
from lingeval.conjuncts.annotation.submissions import Submission
from lingeval.core.errors import InputError
from lingeval.core.signature import Signature

if TYPE_CHECKING:
    from lingeval.conjuncts.example import ConjunctExample
    from lingeval.core.report import Table

__all__ = [
    "AgreementReport",
    "ConsolidationResult",
    "ItemAgreement",
    "agreement",
    "answer_key",
    "check_submission",
    "consolidate",
    "jaccard",
    "plot_agreement",
]


def answer_key(sub: Submission) -> frozenset[str]:
    """The normalised answer set of a submission."""
    return frozenset(normalize_sentence(s) for s in sub.answer_set())


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """``|a ∩ b| / |a ∪ b|`` (1.0 for two empty sets)."""
    union = a | b
    return len(a & b) / len(union) if union else 1.0


def check_submission(sub: Submission) -> list[CheckResult]:
    """The quality checks of :func:`check_rewrite_set` for one submission."""
    if sub.sentence is None or sub.conjunction is None or sub.offset is None:
        raise InputError(
            f"submission for {sub.example_id!r} has no sentence to check against",
            path=sub.source or None,
        )
    return check_rewrite_set(
        sub.sentence,
        sub.conjunction,
        sub.offset,
        sub.rewrites,
        rewritable=sub.rewritable,
        explanation=sub.explanation,
        unsure=sub.unsure,
        long_list=sub.long_list,
    )


def _group(submissions: Iterable[Submission]) -> dict[str, list[Submission]]:
    items: dict[str, list[Submission]] = defaultdict(list)
    for s in submissions:
        items[s.example_id].append(s)
    for ex_id, subs in items.items():
        sentences = {s.sentence for s in subs if s.sentence is not None}
        if len(sentences) > 1:
            raise InputError(
                f"example {ex_id!r} is answered for different sentences: "
                + " | ".join(sorted(sentences))[:300],
                path=subs[0].source.rpartition(":")[0] or None,
            )
        workers = Counter(s.worker_id for s in subs)
        dup = [w for w, n in workers.items() if n > 1]
        if dup:
            raise InputError(
                f"example {ex_id!r} is answered more than once by worker(s) {', '.join(sorted(dup))}",
                path=subs[0].source.rpartition(":")[0] or None,
            )
    return dict(items)


# --------------------------------------------------------------------------------------------
# Agreement


@dataclass(frozen=True)
class ItemAgreement:
    """Agreement on one item: unanimous count, unanimous exact set, mean pairwise Jaccard."""

    example_id: str
    batch: str
    annotators: int
    count_agreement: bool
    exact_match: bool
    jaccard: float


@dataclass
class _Pairwise:
    items: set[str] = field(default_factory=set)
    pairs: int = 0
    count: int = 0
    exact: int = 0
    jaccard: float = 0.0

    def add(self, ex_id: str, a: frozenset[str], b: frozenset[str]) -> None:
        self.items.add(ex_id)
        self.pairs += 1
        self.count += len(a) == len(b)
        self.exact += a == b
        self.jaccard += jaccard(a, b)


@dataclass
class AgreementReport:
    """Per-item agreement and the aggregates (percentages, 0-100)."""

    items: list[ItemAgreement]
    annotators: dict[str, dict[str, float]]
    single: int  # items with one annotator (not counted)
    signature: Signature = field(
        default_factory=lambda: Signature("conjuncts-iaa", {"normalize": "case+space+final-punct"})
    )

    @staticmethod
    def _aggregate(items: Sequence[ItemAgreement]) -> dict[str, float]:
        n = len(items)
        if not n:
            return {
                "items": 0,
                "rewrite_agreement": float("nan"),
                "exact_match": float("nan"),
                "jaccard": float("nan"),
            }
        return {
            "items": n,
            "rewrite_agreement": 100.0 * sum(i.count_agreement for i in items) / n,
            "exact_match": 100.0 * sum(i.exact_match for i in items) / n,
            "jaccard": 100.0 * sum(i.jaccard for i in items) / n,
        }

    @property
    def overall(self) -> dict[str, float]:
        return self._aggregate(self.items)

    @property
    def by_batch(self) -> dict[str, dict[str, float]]:
        groups: dict[str, list[ItemAgreement]] = defaultdict(list)
        for it in self.items:
            groups[it.batch].append(it)
        return {b: self._aggregate(groups[b]) for b in sorted(groups)}

    def best_annotators(self) -> list[str]:
        """Workers from the best-agreeing down (mean pairwise Jaccard, exact match, items, id)."""
        return sorted(
            self.annotators,
            key=lambda w: (
                -self.annotators[w]["jaccard"],
                -self.annotators[w]["exact_match"],
                -self.annotators[w]["items"],
                w,
            ),
        )

    def tables(self) -> list[Table]:
        from lingeval.core.report import Table

        cols = ["items", "rewrite agreement %", "exact match %", "avg Jaccard %"]
        overall = Table(
            ["scope", *cols],
            title="Inter-annotator agreement (unanimous, section 4.2)",
            signature=self.signature,
        )
        o = self.overall
        overall.add("all", int(o["items"]), o["rewrite_agreement"], o["exact_match"], o["jaccard"])
        for b, a in self.by_batch.items():
            overall.add(
                f"batch {b}",
                int(a["items"]),
                a["rewrite_agreement"],
                a["exact_match"],
                a["jaccard"],
            )
        if self.single:
            overall.notes.append(f"{self.single} item(s) with a single annotator are not counted")
        per = Table(
            ["annotator", "items", "pairs", "count agreement %", "exact match %", "avg Jaccard %"],
            title="Per annotator (pairwise with co-annotators)",
            signature=self.signature,
        )
        for w in self.best_annotators():
            a = self.annotators[w]
            per.add(
                w,
                int(a["items"]),
                int(a["pairs"]),
                a["count_agreement"],
                a["exact_match"],
                a["jaccard"],
            )
        return [overall, per]


def agreement(submissions: Iterable[Submission]) -> AgreementReport:
    """Inter-annotator agreement of a collection (see the module docstring)."""
    items: list[ItemAgreement] = []
    pair: dict[str, _Pairwise] = defaultdict(_Pairwise)
    single = 0
    for ex_id, subs in _group(submissions).items():
        if len(subs) < 2:
            single += 1
            continue
        keys = [answer_key(s) for s in subs]
        js: list[float] = []
        for (sa, a), (sb, b) in combinations(zip(subs, keys, strict=True), 2):
            js.append(jaccard(a, b))
            pair[sa.worker_id].add(ex_id, a, b)
            pair[sb.worker_id].add(ex_id, b, a)
        items.append(
            ItemAgreement(
                ex_id,
                Counter(s.batch for s in subs).most_common(1)[0][0],
                len(subs),
                len({len(k) for k in keys}) == 1,
                len(set(keys)) == 1,
                sum(js) / len(js),
            )
        )
    annotators = {
        w: {
            "items": float(len(p.items)),
            "pairs": float(p.pairs),
            "count_agreement": 100.0 * p.count / p.pairs,
            "exact_match": 100.0 * p.exact / p.pairs,
            "jaccard": 100.0 * p.jaccard / p.pairs,
        }
        for w, p in pair.items()
    }
    return AgreementReport(items, annotators, single)


def plot_agreement(report: AgreementReport, path: str | Path) -> Path:
    """Bar chart (PNG) of the three agreement measures per batch, in batch order, with the
    overall values as dashed lines: how agreement develops as batches go by (section 4.2)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    batches = report.by_batch
    names = list(batches) or ["all"]
    measures = (
        ("rewrite_agreement", "rewrite agreement"),
        ("exact_match", "exact match"),
        ("jaccard", "avg Jaccard"),
    )
    fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(names) + 2), 3.6), dpi=120)
    width = 0.8 / len(measures)
    overall = report.overall
    for m, (key, label) in enumerate(measures):
        values = [batches[b][key] if batches else overall[key] for b in names]
        xs = [i + (m - 1) * width for i in range(len(names))]
        bars = ax.bar(xs, values, width, label=label)
        ax.axhline(
            overall[key], linestyle="--", linewidth=0.8, color=bars.patches[0].get_facecolor()
        )
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(
        names, rotation=30 if len(names) > 4 else 0, ha="right" if len(names) > 4 else "center"
    )
    ax.set_ylim(0, 118)
    ax.set_yticks(range(0, 101, 20))
    ax.set_ylabel("% of items (Jaccard: mean %)")
    ax.set_title(f"Inter-annotator agreement per batch ({int(overall['items'])} items)")
    ax.legend(loc="upper center", ncol=3, fontsize=8, frameon=False)
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, format="png")
    plt.close(fig)
    return out


# --------------------------------------------------------------------------------------------
# Consolidation


@dataclass
class ConsolidationResult:
    """Gold examples, removed items and how each item was decided."""

    examples: list[ConjunctExample]
    removed: list[tuple[str, str]]  # (example id, reason)
    methods: Counter[str]
    agreement: AgreementReport
    invalid: int  # submissions that failed a blocking check
    signature: Signature

    def tables(self) -> list[Table]:
        from lingeval.core.report import Table

        t = Table(
            ["decision", "items"], title="Consolidation (section 4.2)", signature=self.signature
        )
        for m in (
            "single",
            "only-valid",
            "majority",
            "majority-count+best-annotator",
            "best-annotator",
        ):
            if self.methods.get(m):
                t.add(m, self.methods[m])
        t.add("removed (long list)", len(self.removed))
        t.add("gold examples", len(self.examples))
        t.notes.append(f"{self.invalid} submission(s) failed a quality check and did not vote")
        return [t, *self.agreement.tables()]


def consolidate(
    submissions: Iterable[Submission], *, use_checks: bool = True
) -> ConsolidationResult:
    """Consolidate submissions into gold examples (see the module docstring)."""
    from lingeval.conjuncts.example import ConjunctExample

    subs_all = list(submissions)
    report = agreement(subs_all)
    rank = {w: i for i, w in enumerate(report.best_annotators())}
    worst = len(rank)
    examples: list[ConjunctExample] = []
    removed: list[tuple[str, str]] = []
    methods: Counter[str] = Counter()
    invalid = 0
    for ex_id, subs in _group(subs_all).items():
        voters = subs
        if use_checks:
            ok = [s for s in subs if passed(check_submission(s))]
            invalid += len(subs) - len(ok)
            voters = ok or subs
        k = len(voters)
        keys = [answer_key(s) for s in voters]
        by_key = Counter(keys)
        by_count = Counter(len(key) for key in keys)

        def best(candidates: list[Submission]) -> Submission:
            return min(candidates, key=lambda c: (rank.get(c.worker_id, worst), c.worker_id))

        if k == 1:
            # one annotator, or one answer left that passes the checks
            chosen, method = voters[0], "single" if len(subs) == 1 else "only-valid"
        else:
            top_key, n_key = by_key.most_common(1)[0]
            top_count, n_count = by_count.most_common(1)[0]
            if n_key * 2 > k:
                chosen = best([s for s, key in zip(voters, keys, strict=True) if key == top_key])
                method = "majority"
            elif n_count * 2 > k:
                chosen = best(
                    [s for s, key in zip(voters, keys, strict=True) if len(key) == top_count]
                )
                method = "majority-count+best-annotator"
            else:
                chosen, method = best(voters), "best-annotator"
        answer = chosen.answer_set()
        flagged_long = sum(s.long_list for s in voters) * 2 > k
        if len(answer) > LONG_LIST or flagged_long:
            removed.append((ex_id, "long list"))
            continue
        methods[method] += 1
        assert (
            chosen.sentence is not None
            and chosen.conjunction is not None
            and chosen.offset is not None
        )
        meta: dict[str, Any] = {
            "consolidation": method,
            "annotators": len(subs),
            "voters": k,
            "worker": chosen.worker_id,
            "unsure": sum(s.unsure for s in subs),
        }
        item = next((i for i in report.items if i.example_id == ex_id), None)
        if item is not None:
            meta["agreement"] = {
                "rewrite_agreement": item.count_agreement,
                "exact_match": item.exact_match,
                "jaccard": round(item.jaccard, 4),
            }
        if not chosen.rewritable:
            meta["explanations"] = [
                s.explanation for s in subs if not s.rewritable and s.explanation
            ]
        examples.append(
            ConjunctExample(
                ex_id,
                chosen.sentence,
                chosen.conjunction,
                chosen.offset,
                rewrites=answer if chosen.rewritable else [chosen.sentence],
                rewritable=chosen.rewritable,
                meta=meta,
            )
        )
    sig = Signature("conjuncts-consolidate", {"checks": use_checks, "long_list": LONG_LIST})
    return ConsolidationResult(examples, removed, methods, report, invalid, sig)
