"""Descriptive statistics of a conjunct-resolution dataset (paper 000, section 5, Figure 3).

:func:`dataset_stats` computes, overall and optionally per split:

* **Table 1, explicit vs omitted verbs.** Verbs are the roots of the verb nuclei
  (:mod:`lingeval.conjuncts.nuclei`: tokens tagged VB*, auxiliaries included unless
  ``aux=False``), compared as words under the nucleus ``words`` option (lower-cased forms by
  default). Per example, with V_G the multiset of verbs of the gold rewrites and V_I that of
  the input: total = |V_G|, explicit = |V_G ∩ V_I|, omitted = |V_G − V_I| (so explicit +
  omitted = total). Examples without gold rewrites are left out.
* **Table 2, conjunctions** (and/or/but) per split.
* **Rewrite-set sizes**: not rewritable, 1 (rewritable but one sentence), 2, 3, 4 or more,
  and no gold; not-rewritable items with and without an explanation (``meta`` key
  ``explanation``, ``reason`` or ``comment``).
* **Figure 3, omitted arguments per nucleus.** For every *resolved* gold nucleus (in
  N'_G = N_G − N_I, section 6) we count its argument triples that also occur in an input
  nucleus of the same verb: material spelled out once in the input and repeated by the
  rewrite (the shared subject of *Lena likes jazz and [Lena likes] classical music*, the
  object and PP of the Times example in section 3). A pure gap (*Jane [likes] water*) has 0.
  The paper does not define the count; this is our operationalisation.

:func:`prediction_breakdown` adds, for a system's predictions, the metric per conjunction and
per gold set size with verbs generated and over-generated (section 7.1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lingeval.conjuncts.example import CONJUNCTIONS, ConjunctExample
from lingeval.conjuncts.metric import MetricOptions, aggregate, evaluate
from lingeval.conjuncts.nuclei import NucleusSpec, SentenceAnalysis, nucleus_bag
from lingeval.conjuncts.parse_features import Analyzer, SpacyAnalyzer
from lingeval.core.errors import LingevalError
from lingeval.core.report import Table
from lingeval.core.signature import Signature

__all__ = [
    "SET_SIZE_ORDER",
    "DatasetStats",
    "dataset_stats",
    "omitted_arguments",
    "prediction_breakdown",
]

SET_SIZE_ORDER = ("not rewritable", "1", "2", "3", "4+", "no gold")
_EXPLANATION_KEYS = ("explanation", "reason", "comment")
_HIST_MAX = 5


def set_size_label(example: ConjunctExample) -> str:
    """The rewrite-set size class of an example (see :data:`SET_SIZE_ORDER`)."""
    if not example.rewrites:
        return "no gold"
    if not example.rewritable:
        return "not rewritable"
    n = len(example.rewrites)
    return "4+" if n >= 4 else str(n)


def omitted_arguments(
    input_analysis: SentenceAnalysis, gold: Sequence[SentenceAnalysis]
) -> list[int]:
    """Per resolved gold nucleus (N'_G), the number of its triples repeated from the input.

    A triple ``(w1, label, w2)`` of a gold nucleus with verb ``v`` counts when some input
    nucleus with the same verb ``v`` holds the same triple.
    """
    n_i = nucleus_bag([input_analysis])
    resolved = nucleus_bag(gold) - n_i
    input_triples: dict[str, set[tuple[str, str, str]]] = {}
    for verb, triples in input_analysis.nuclei:
        input_triples.setdefault(verb, set()).update(triples)
    out = []
    for nucleus in resolved.elements():
        verb, triples = nucleus
        shared = input_triples.get(verb, set())
        out.append(sum(1 for t in triples if t in shared))
    return out


@dataclass
class DatasetStats:
    """Tables (Table 1, Table 2, set sizes, Figure 3 counts) and raw counters for plots."""

    tables: list[Table]
    set_sizes: Counter[str]
    omitted_args: Counter[int]
    signature: Signature
    groups: dict[str, list[ConjunctExample]] = field(repr=False, default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "signature": self.signature.as_dict(),
            "signature_string": self.signature.format(),
            "tables": [t.to_dict() for t in self.tables],
            "set_sizes": dict(self.set_sizes),
            "omitted_arguments_per_nucleus": {
                str(k): v for k, v in sorted(self.omitted_args.items())
            },
        }


def _groups(
    examples: Sequence[ConjunctExample], by: str | None
) -> dict[str, list[ConjunctExample]]:
    if by is None:
        return {"all": list(examples)}
    if by != "split":
        raise LingevalError(f"cannot group by {by!r}; only 'split' is supported")
    order = ["train", "dev", "test"]
    groups: dict[str, list[ConjunctExample]] = {}
    for e in examples:
        groups.setdefault(e.split or "none", []).append(e)
    keys = [k for k in order if k in groups] + sorted(k for k in groups if k not in order)
    out = {k: groups[k] for k in keys}
    out["all"] = list(examples)
    return out


#: Row labels of the split tables, as the paper's Tables 1-2 name them (other splits as given).
SPLIT_LABELS = {
    "train": "Train",
    "dev": "Validation",
    "validation": "Validation",
    "test": "Test",
    "all": "Full",
}


def split_label(name: str) -> str:
    """The paper's name of a split ("dev" -> "Validation", "all" -> "Full")."""
    return SPLIT_LABELS.get(name, name)


def _pct(n: int, total: int) -> float:
    return 100.0 * n / total if total else float("nan")


def dataset_stats(
    examples: Sequence[ConjunctExample],
    *,
    by: str | None = None,
    spec: NucleusSpec | None = None,
    analyzer: Analyzer | None = None,
    spacy_model: str | None = None,
    n_process: int = 1,
    cache_dir: str | Path | None = None,
    progress: bool = False,
) -> DatasetStats:
    """The paper's descriptive tables for a dataset; ``by="split"`` adds one row per split."""
    if not examples:
        raise LingevalError("no examples to describe")
    spec = spec or (analyzer.spec if analyzer is not None else NucleusSpec())
    if analyzer is None:
        analyzer = SpacyAnalyzer(
            spacy_model, spec=spec, n_process=n_process, cache_dir=cache_dir, progress=progress
        )
    texts = [e.sentence for e in examples] + [s for e in examples for s in e.rewrites]
    analyses = analyzer.analyse(texts)
    sig = Signature(
        "conjuncts-stats",
        {
            "parser": analyzer.pipeline_id,
            "words": spec.words,
            "labels": spec.labels,
            "aux": spec.aux,
            "by": by or "none",
        },
    )
    groups = _groups(examples, by)

    verbs = Table(
        ["split", "examples", "explicit", "omitted", "total", "omitted %"],
        title="Table 1: explicit and omitted verbs in the gold rewrites",
        signature=sig,
        digits=1,
    )
    conj = Table(["split", *CONJUNCTIONS, "total"], title="Table 2: conjunctions", signature=sig)
    sizes = Table(
        ["split", *SET_SIZE_ORDER, "total"],
        title="Rewrite-set sizes (% of examples)",
        signature=sig,
        digits=1,
    )
    expl = Table(
        ["split", "not rewritable", "with explanation", "without explanation"],
        title="Non-rewritable examples and explanations",
        signature=sig,
    )
    all_sizes: Counter[str] = Counter()
    hist: Counter[int] = Counter()
    for name, group in groups.items():
        label = split_label(name)
        explicit = omitted = 0
        with_gold = 0
        for e in group:
            if not e.rewrites:
                continue
            with_gold += 1
            v_g = Counter(v for s in e.rewrites for v in analyses[s].verbs)
            v_i = Counter(analyses[e.sentence].verbs)
            explicit += sum((v_g & v_i).values())
            omitted += sum((v_g - v_i).values())
            if name == "all" and e.rewritable:
                for k in omitted_arguments(analyses[e.sentence], [analyses[s] for s in e.rewrites]):
                    hist[min(k, _HIST_MAX)] += 1
        total = explicit + omitted
        verbs.add(label, with_gold, explicit, omitted, total, _pct(omitted, total))
        cc = Counter(e.conjunction_lower for e in group)
        conj.add(label, *(cc.get(c, 0) for c in CONJUNCTIONS), len(group))
        sc = Counter(set_size_label(e) for e in group)
        if name == "all":
            all_sizes = sc
        sizes.add(label, *(_pct(sc.get(k, 0), len(group)) for k in SET_SIZE_ORDER), len(group))
        nonrw = [e for e in group if e.rewrites and not e.rewritable]
        explained = sum(
            1 for e in nonrw if any(str(e.meta.get(k, "")).strip() for k in _EXPLANATION_KEYS)
        )
        expl.add(label, len(nonrw), explained, len(nonrw) - explained)
    sizes.notes.append(
        "counts: " + ", ".join(f"{k} = {all_sizes.get(k, 0)}" for k in SET_SIZE_ORDER)
    )
    fig3 = Table(
        ["omitted arguments", "nuclei", "%"],
        title="Figure 3: omitted arguments per resolved verb nucleus",
        signature=sig,
        digits=1,
    )
    n_nuclei = sum(hist.values())
    for k in range(_HIST_MAX + 1):
        fig3.add(
            f"{k}+" if k == _HIST_MAX else str(k), hist.get(k, 0), _pct(hist.get(k, 0), n_nuclei)
        )
    return DatasetStats([verbs, conj, sizes, expl, fig3], all_sizes, hist, sig, groups)


def prediction_breakdown(
    examples: Sequence[ConjunctExample],
    predictions: Mapping[str, Mapping[str, Sequence[str]]],
    *,
    allow_missing: bool = False,
    by_meta: str | None = None,
    **kwargs: Any,
) -> list[Table]:
    """The verb-nucleus metric per conjunction and per gold set size for each system (§7.1);
    ``by_meta`` adds one row per value of that ``meta`` key (e.g. ``phenomenon``)."""
    examples = [e for e in examples if e.rewrites]
    if not examples:
        raise LingevalError("no examples with gold rewrites to score the predictions against")
    result = evaluate(examples, predictions, allow_missing=allow_missing, **kwargs)
    options: MetricOptions = result.options
    size_of = {e.id: set_size_label(e) for e in examples}
    meta_of = {e.id: str(e.meta.get(by_meta, "-")) for e in examples} if by_meta else {}
    table = Table(
        ["system", "group", "n", "P", "R", "F1", "gold verbs", "generated %", "over-generated %"],
        title="Metric by conjunction and by gold set size"
        + (f" and by {by_meta}" if by_meta else ""),
        signature=result.signature,
        digits=1,
    )
    for system in result.systems:
        groups: list[tuple[str, list[Any]]] = [("all", system.examples)]
        groups += [
            (f"conj={c}", [s for s in system.examples if s.conjunction == c]) for c in CONJUNCTIONS
        ]
        groups += [
            (f"size={k}", [s for s in system.examples if size_of[s.id] == k])
            for k in SET_SIZE_ORDER
            if any(size_of[s.id] == k for s in system.examples)
        ]
        for value in sorted(set(meta_of.values())):
            groups.append(
                (f"{by_meta}={value}", [s for s in system.examples if meta_of[s.id] == value])
            )
        for label, stats in groups:
            if not stats:
                continue
            agg = aggregate(system.name, stats, replace(options, bootstrap=0))
            table.add(
                system.name,
                label,
                agg.n,
                agg.precision,
                agg.recall,
                agg.f1,
                agg.gold_verbs,
                agg.generated_gold_verbs_pct,
                agg.overgenerated_verbs_pct,
            )
    return [table]
