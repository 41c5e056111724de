"""The verb-nucleus metric of conjunct resolution (paper 000, section 6; results as in 7.1, A.6).

For one example with input sentence *I*, gold sentences *G* = g_1..g_m and generated sentences
*H* = h_1..h_n, let N_G, N_H, N_I be the bags (multisets) of verb nuclei
(:mod:`lingeval.conjuncts.nuclei`) over G, H and I. Then

    N'_H = N_H − N_I      N'_G = N_G − N_I      (multiset difference)

except when m = 1 and n ≤ 1, where N'_H = N_H and N'_G = N_G ("as to not punish the model for
correctly not rewriting"; the paper states m = n = 1; we extend the exception to an empty
output, n = 0, so that a missing or empty prediction of a non-rewritable example misses its
gold nuclei instead of scoring 0/0). The per-example statistics are counts, not scores
(sacreBLEU-style "statistics first"):

    matched = |N'_H ∩ N'_G|   predicted = |N'_H|   gold = |N'_G|     (∩: multiset minimum)

and precision = matched / predicted, recall = matched / gold. Corpus scores (percentages):

* ``micro`` (default): sums of the counts over examples, then the ratios.
* ``macro``: the mean over examples of per-example precision and recall.
* F1 = 2PR / (P + R) of the corpus P and R (0 when both are 0), as the paper's tables do.
* Empty denominators (``empty``): ``zero`` (default; a ratio 0/0 is 0), ``skip`` (macro: leave
  the example out of that mean; micro: the score is undefined, NaN) or ``match`` (0/0 is
  100 when the other side is empty too, i.e. nothing to find and nothing produced). The
  paper's Calibration_1 row (P = R = F1 = 5.1, about the share of non-rewritable examples)
  matches ``--aggregation macro --empty zero``.

Reported beside every system (section 6 "Calibration", Tables 3-4, section 7.1):
Calibration_1 (the input once) and Calibration_k (k copies of the input, k = |G|); F1 per
conjunction (and/but/or); exact match of the sentence sets after removing punctuation and
collapsing spaces, comparing sentence i with gold sentence i (``em_order="aligned"``, the
paper's "sets are assumed to be aligned") or as unordered multisets (``"any"``); verb counts
(gold verbs generated = |V_H ∩ V_G|, over-generated = |V_H − V_G| over the verbs of the
nuclei, summed over examples, also as a percentage of the gold verbs); and percentile
bootstrap confidence intervals over examples (default 1,000 resamples, 95%).
"""

from __future__ import annotations

import functools
import math
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from lingeval.conjuncts.data import parse_marked
from lingeval.conjuncts.example import CONJUNCTIONS, SPLIT_CLOSE, SPLIT_OPEN, ConjunctExample
from lingeval.conjuncts.nuclei import (
    Nucleus,
    NucleusSpec,
    SentenceAnalysis,
    format_nucleus,
    nucleus_bag,
)
from lingeval.conjuncts.parse_features import Analyzer, SpacyAnalyzer
from lingeval.core.errors import LingevalError
from lingeval.core.registry import registry
from lingeval.core.report import Table
from lingeval.core.signature import Signature

__all__ = [
    "CALIBRATION_1",
    "CALIBRATION_K",
    "Comparison",
    "EvaluationResult",
    "ExampleStats",
    "MetricOptions",
    "SystemScore",
    "baselines",
    "evaluate",
    "example_stats",
    "normalise_for_exact_match",
    "paired_bootstrap",
    "score",
    "score_systems",
]

CALIBRATION_1 = "Calibration_1"
CALIBRATION_K = "Calibration_k"
#: Column order of the per-conjunction F1, as in the paper's Table 4.
CONJUNCTION_ORDER = ("and", "but", "or")


@dataclass(frozen=True)
class MetricOptions:
    """Every option that changes a number; all of them enter the signature.

    ``aggregation`` defaults to the paper's: ``macro`` (mean of per-example P, R, F1) with
    ``empty="zero"`` (0/0 = 0), the only choice that reproduces Table 3's Calibration_1
    (P = R = F1 = the share of non-rewritable examples); ``micro`` sums counts over examples.
    The signature names it as ``aggregation:macro(paper)`` or ``aggregation:micro``.
    """

    spec: NucleusSpec = field(default_factory=NucleusSpec)
    aggregation: str = "macro"
    empty: str = "zero"
    em_order: str = "aligned"
    em_case: bool = True
    bootstrap: int = 1000
    confidence: float = 0.95
    seed: int = 12345

    def __post_init__(self) -> None:
        if self.aggregation not in ("micro", "macro"):
            raise LingevalError(f"aggregation must be micro or macro, not {self.aggregation!r}")
        if self.empty not in ("zero", "skip", "match"):
            raise LingevalError(f"empty must be zero, skip or match, not {self.empty!r}")
        if self.em_order not in ("aligned", "any"):
            raise LingevalError(f"em_order must be aligned or any, not {self.em_order!r}")
        if self.bootstrap < 0:
            raise LingevalError("the number of bootstrap resamples cannot be negative")
        if not 0 < self.confidence < 1:
            raise LingevalError("the confidence level must be between 0 and 1 (e.g. 0.95)")

    def signature(self, pipeline_id: str) -> Signature:
        from importlib.metadata import PackageNotFoundError, version

        try:
            spacy_version = version("spacy")  # without importing spaCy (slow)
        except PackageNotFoundError:  # pragma: no cover - spaCy is a dependency
            spacy_version = "none"
        return Signature(
            "conjuncts-nucleus",
            {
                "parser": pipeline_id,
                "spacy": spacy_version,
                "words": self.spec.words,
                "labels": self.spec.labels,
                "aux": self.spec.aux,
                "identity": "subtract-unless-1:<=1",
                "aggregation": "macro(paper)" if self.aggregation == "macro" else "micro",
                "empty": self.empty,
                "em": f"{self.em_order}-nopunct-{'cased' if self.em_case else 'uncased'}",
                "bootstrap": self.bootstrap,
                "ci": f"{self.confidence * 100:g}%",
                "seed": self.seed,
            },
        )


@dataclass
class ExampleStats:
    """Counts for one example (statistics first; scores are derived)."""

    id: str
    conjunction: str
    rewritable: bool
    n_gold_sentences: int
    n_pred_sentences: int
    matched: int
    predicted: int
    gold: int
    identity_skipped: bool
    exact: bool
    gold_verbs: int
    generated_gold_verbs: int
    overgenerated_verbs: int
    missing: bool = False
    pred_bag: Counter[Nucleus] = field(default_factory=Counter, repr=False)
    gold_bag: Counter[Nucleus] = field(default_factory=Counter, repr=False)

    @property
    def matched_nuclei(self) -> list[str]:
        """N'_H ∩ N'_G, readable (see :func:`~lingeval.conjuncts.nuclei.format_nucleus`)."""
        return [format_nucleus(n) for n in (self.pred_bag & self.gold_bag).elements()]

    @property
    def missed_nuclei(self) -> list[str]:
        """N'_G − N'_H: gold nuclei the system did not produce (recall errors)."""
        return [format_nucleus(n) for n in (self.gold_bag - self.pred_bag).elements()]

    @property
    def extra_nuclei(self) -> list[str]:
        """N'_H − N'_G: produced nuclei not in the gold (precision errors)."""
        return [format_nucleus(n) for n in (self.pred_bag - self.gold_bag).elements()]

    def precision(self, empty: str = "zero") -> float:
        """Per-example precision in percent (NaN when undefined under ``empty='skip'``)."""
        return _ratio(self.matched, self.predicted, self.gold, empty)

    def recall(self, empty: str = "zero") -> float:
        return _ratio(self.matched, self.gold, self.predicted, empty)

    def as_dict(self, empty: str = "zero") -> dict[str, Any]:
        d = asdict(self)
        del d["pred_bag"], d["gold_bag"]
        for key in ("matched", "missed", "extra"):
            d[f"{key}_nuclei"] = getattr(self, f"{key}_nuclei")
        p, r = self.precision(empty), self.recall(empty)
        d.update(precision=p, recall=r, f1=_f1(p, r))
        return d


def _ratio(num: float, den: float, other: float, empty: str) -> float:
    if den:
        return 100.0 * num / den
    if empty == "zero":
        return 0.0
    if empty == "match":
        return 100.0 if not other else 0.0
    return math.nan


def _f1(p: float, r: float) -> float:
    if math.isnan(p) or math.isnan(r):
        return math.nan
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


class _PunctToSpace(dict[int, str]):
    """``str.translate`` table mapping every Unicode punctuation character (P*) to a space
    (and every other character to itself), filled lazily."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        value = " " if unicodedata.category(char).startswith("P") else char
        self[code] = value
        return value


_PUNCT = _PunctToSpace()


@functools.lru_cache(maxsize=65536)
def normalise_for_exact_match(sentence: str, *, cased: bool = True) -> str:
    """Remove punctuation (Unicode category P*), collapse whitespace, optionally lower-case."""
    text = " ".join(sentence.translate(_PUNCT).split())
    return text if cased else text.lower()


def _exact(pred: Sequence[str], gold: Sequence[str], options: MetricOptions) -> bool:
    p = [normalise_for_exact_match(s, cased=options.em_case) for s in pred]
    g = [normalise_for_exact_match(s, cased=options.em_case) for s in gold]
    if options.em_order == "any":
        return sorted(p) == sorted(g)
    return p == g


@dataclass
class _GoldSide:
    """What an example contributes independently of the system (computed once per example)."""

    gold: Sequence[str]
    n_g: Counter[Nucleus]
    n_g_sub: Counter[Nucleus]
    n_i: Counter[Nucleus]
    v_g: Counter[str]


def _gold_side(
    input_analysis: SentenceAnalysis, gold: Sequence[str], analyses: Mapping[str, SentenceAnalysis]
) -> _GoldSide:
    n_g = nucleus_bag(analyses[s] for s in gold)
    n_i = nucleus_bag([input_analysis])
    v_g: Counter[str] = Counter(v for s in gold for v in analyses[s].verbs)
    return _GoldSide(gold, n_g, n_g - n_i, n_i, v_g)


def example_stats(
    example_id: str,
    conjunction: str,
    rewritable: bool,
    input_analysis: SentenceAnalysis,
    gold: Sequence[str],
    pred: Sequence[str],
    analyses: Mapping[str, SentenceAnalysis],
    options: MetricOptions,
    *,
    missing: bool = False,
) -> ExampleStats:
    """The counts of section 6 for one example (see the module docstring for the formulas)."""
    side = _gold_side(input_analysis, gold, analyses)
    return _example_stats(
        example_id, conjunction, rewritable, side, pred, analyses, options, missing
    )


def _example_stats(
    example_id: str,
    conjunction: str,
    rewritable: bool,
    side: _GoldSide,
    pred: Sequence[str],
    analyses: Mapping[str, SentenceAnalysis],
    options: MetricOptions,
    missing: bool,
) -> ExampleStats:
    gold = side.gold
    n_h = nucleus_bag(analyses[s] for s in pred)
    skip = len(gold) == 1 and len(pred) <= 1
    if skip:
        n_g = side.n_g
    else:
        n_h = n_h - side.n_i
        n_g = side.n_g_sub
    v_h: Counter[str] = Counter(v for s in pred for v in analyses[s].verbs)
    v_g = side.v_g
    return ExampleStats(
        id=example_id,
        conjunction=conjunction,
        rewritable=rewritable,
        n_gold_sentences=len(gold),
        n_pred_sentences=len(pred),
        matched=sum((n_h & n_g).values()),
        predicted=sum(n_h.values()),
        gold=sum(n_g.values()),
        identity_skipped=skip,
        exact=_exact(pred, gold, options),
        gold_verbs=sum(v_g.values()),
        generated_gold_verbs=sum((v_h & v_g).values()),
        overgenerated_verbs=sum((v_h - v_g).values()),
        missing=missing,
        pred_bag=n_h,
        gold_bag=n_g,
    )


# ---------------------------------------------------------------------------------------------
# Aggregation


def _corpus_pr(stats: Sequence[ExampleStats], options: MetricOptions) -> tuple[float, float]:
    if options.aggregation == "micro":
        m = sum(s.matched for s in stats)
        p = sum(s.predicted for s in stats)
        g = sum(s.gold for s in stats)
        if not stats:
            return math.nan, math.nan
        return _ratio(m, p, g, options.empty), _ratio(m, g, p, options.empty)
    ps = [s.precision(options.empty) for s in stats]
    rs = [s.recall(options.empty) for s in stats]
    return _nanmean(ps), _nanmean(rs)


def _nanmean(values: Sequence[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else math.nan


def _resample_indices(n: int, options: MetricOptions) -> Any:
    """The (bootstrap x n) matrix of resampled example indices; the same seed gives the same
    matrix, so every system and baseline of one run is resampled identically (paired)."""
    return _indices(n, options.bootstrap, options.seed)


@functools.lru_cache(maxsize=4)
def _indices(n: int, resamples: int, seed: int) -> Any:
    import numpy as np

    idx = np.random.default_rng(seed).integers(0, n, size=(resamples, n))
    idx.setflags(write=False)  # shared between calls
    return idx


def _resampled_scores(
    stats: Sequence[ExampleStats], options: MetricOptions, idx: Any
) -> dict[str, Any]:
    """P, R, F1 and EM (percent) of every resample: arrays of length ``options.bootstrap``."""
    import numpy as np

    with np.errstate(invalid="ignore", divide="ignore"):
        if options.aggregation == "micro":
            m = np.array([s.matched for s in stats], dtype=float)[idx].sum(axis=1)
            p = np.array([s.predicted for s in stats], dtype=float)[idx].sum(axis=1)
            g = np.array([s.gold for s in stats], dtype=float)[idx].sum(axis=1)
            prec = _vec_ratio(np, m, p, g, options.empty)
            rec = _vec_ratio(np, m, g, p, options.empty)
        else:
            ps = np.array([s.precision(options.empty) for s in stats])[idx]
            rs = np.array([s.recall(options.empty) for s in stats])[idx]
            prec = np.nanmean(ps, axis=1) if np.isnan(ps).any() else ps.mean(axis=1)
            rec = np.nanmean(rs, axis=1) if np.isnan(rs).any() else rs.mean(axis=1)
        f1 = np.where(prec + rec > 0, 2 * prec * rec / np.where(prec + rec > 0, prec + rec, 1), 0.0)
        f1 = np.where(np.isnan(prec) | np.isnan(rec), np.nan, f1)
        em = 100.0 * np.array([s.exact for s in stats], dtype=float)[idx].mean(axis=1)
    return {"precision": prec, "recall": rec, "f1": f1, "exact_match": em}


def _bootstrap(
    stats: Sequence[ExampleStats], options: MetricOptions
) -> dict[str, tuple[float, float]]:
    """Percentile bootstrap over examples: resample indices, re-aggregate the same counts."""
    import numpy as np

    n = len(stats)
    if options.bootstrap == 0 or n == 0:
        return {}
    scores = _resampled_scores(stats, options, _resample_indices(n, options))
    alpha = (1 - options.confidence) / 2
    out: dict[str, tuple[float, float]] = {}
    for name, values in scores.items():
        v = values[~np.isnan(values)]
        if v.size:
            out[name] = (float(np.quantile(v, alpha)), float(np.quantile(v, 1 - alpha)))
    return out


@dataclass
class Comparison:
    """Paired bootstrap of F1 between a system and a baseline system (same resamples).

    ``delta`` = F1(system) − F1(baseline) in points; ``ci`` its percentile interval; ``p`` the
    two-sided p-value of the centred test p = (1 + #{|Δ*_b − mean Δ*| ≥ |Δ|}) / (B + 1), as
    in sacreBLEU's paired bootstrap.
    """

    system: str
    baseline: str
    delta: float
    ci: tuple[float, float]
    p: float


def paired_bootstrap(a: SystemScore, b: SystemScore, options: MetricOptions) -> Comparison | None:
    """Compare system ``a`` to baseline ``b`` on the same examples (None without resamples)."""
    import numpy as np

    if options.bootstrap == 0 or not a.examples or len(a.examples) != len(b.examples):
        return None
    idx = _resample_indices(len(a.examples), options)
    fa = _resampled_scores(a.examples, options, idx)["f1"]
    fb = _resampled_scores(b.examples, options, idx)["f1"]
    delta = fa - fb
    delta = delta[~np.isnan(delta)]
    observed = a.f1 - b.f1
    if not delta.size or math.isnan(observed):
        return None
    centred = np.abs(delta - delta.mean())
    p = float((1 + np.sum(centred >= abs(observed))) / (delta.size + 1))
    alpha = (1 - options.confidence) / 2
    ci = (float(np.quantile(delta, alpha)), float(np.quantile(delta, 1 - alpha)))
    return Comparison(a.name, b.name, observed, ci, p)


def _vec_ratio(np: Any, num: Any, den: Any, other: Any, empty: str) -> Any:
    safe = np.where(den > 0, den, 1)
    value = 100.0 * num / safe
    if empty == "zero":
        fill = np.zeros_like(value)
    elif empty == "match":
        fill = np.where(other > 0, 0.0, 100.0)
    else:
        fill = np.full_like(value, np.nan)
    return np.where(den > 0, value, fill)


@dataclass
class SystemScore:
    """Corpus scores of one system (percentages) with its per-example statistics."""

    name: str
    n: int
    precision: float
    recall: float
    f1: float
    exact_match: float
    per_conjunction: dict[str, dict[str, float]]
    gold_verbs: int
    generated_gold_verbs: int
    overgenerated_verbs: int
    ci: dict[str, tuple[float, float]]
    examples: list[ExampleStats] = field(repr=False, default_factory=list)
    missing: int = 0

    @property
    def generated_gold_verbs_pct(self) -> float:
        return 100.0 * self.generated_gold_verbs / self.gold_verbs if self.gold_verbs else math.nan

    @property
    def overgenerated_verbs_pct(self) -> float:
        return 100.0 * self.overgenerated_verbs / self.gold_verbs if self.gold_verbs else math.nan

    def as_dict(self, *, details: bool = False, empty: str = "zero") -> dict[str, Any]:
        d: dict[str, Any] = {
            "name": self.name,
            "n": self.n,
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "exact_match": self.exact_match,
            "ci": {k: list(v) for k, v in self.ci.items()},
            "per_conjunction": self.per_conjunction,
            "verbs": {
                "gold": self.gold_verbs,
                "generated_gold": self.generated_gold_verbs,
                "generated_gold_pct": self.generated_gold_verbs_pct,
                "overgenerated": self.overgenerated_verbs,
                "overgenerated_pct": self.overgenerated_verbs_pct,
            },
            "missing_predictions": self.missing,
        }
        if details:
            d["examples"] = [e.as_dict(empty) for e in self.examples]
        return d


def aggregate(name: str, stats: Sequence[ExampleStats], options: MetricOptions) -> SystemScore:
    """Corpus scores, per-conjunction F1, verb counts and bootstrap CIs from example counts."""
    p, r = _corpus_pr(stats, options)
    per_conj: dict[str, dict[str, float]] = {}
    for conj in CONJUNCTION_ORDER:
        sub = [s for s in stats if s.conjunction == conj]
        cp, cr = _corpus_pr(sub, options) if sub else (math.nan, math.nan)
        per_conj[conj] = {"n": len(sub), "precision": cp, "recall": cr, "f1": _f1(cp, cr)}
    return SystemScore(
        name=name,
        n=len(stats),
        precision=p,
        recall=r,
        f1=_f1(p, r),
        exact_match=100.0 * sum(s.exact for s in stats) / len(stats) if stats else math.nan,
        per_conjunction=per_conj,
        gold_verbs=sum(s.gold_verbs for s in stats),
        generated_gold_verbs=sum(s.generated_gold_verbs for s in stats),
        overgenerated_verbs=sum(s.overgenerated_verbs for s in stats),
        ci=_bootstrap(stats, options),
        examples=list(stats),
        missing=sum(s.missing for s in stats),
    )


# ---------------------------------------------------------------------------------------------
# Results


@dataclass
class EvaluationResult:
    """Scores of the systems beside Calibration_1 and Calibration_k, with one signature."""

    systems: list[SystemScore]
    calibration_1: SystemScore
    calibration_k: SystemScore
    signature: Signature
    options: MetricOptions

    @property
    def system(self) -> SystemScore | None:
        """The first (usually only) system, or None for a baselines-only result."""
        return self.systems[0] if self.systems else None

    @property
    def rows(self) -> list[SystemScore]:
        return [self.calibration_1, self.calibration_k, *self.systems]

    def tables(self) -> list[Table]:
        """Scores (P/R/F1 with CI, F1 per conjunction, exact match) and verb counts."""
        pct = int(self.options.confidence * 100)
        cols = ["system", "n", "P", "R", "F1", f"F1 {pct}% CI", "F1 and", "F1 but", "F1 or", "EM"]
        scores = Table(
            cols, title="Verb-nucleus scores (%; paper 000, section 6, Tables 3-4)", digits=1
        )
        scores.signature = self.signature
        for s in self.rows:
            lo_hi = s.ci.get("f1")
            ci = f"{lo_hi[0]:.1f}-{lo_hi[1]:.1f}" if lo_hi else "-"
            pc = s.per_conjunction
            scores.add(
                s.name,
                s.n,
                s.precision,
                s.recall,
                s.f1,
                ci,
                pc["and"]["f1"],
                pc["but"]["f1"],
                pc["or"]["f1"],
                s.exact_match,
            )
        missing = sum(s.missing for s in self.systems)
        if missing:
            scores.notes.append(
                f"{missing} missing prediction(s) scored as empty (--allow-missing)"
            )
        verbs = Table(
            [
                "system",
                "gold verbs",
                "generated",
                "generated %",
                "over-generated",
                "over-generated %",
            ],
            title="Verbs (section 7.1): gold verbs generated and verbs over-generated",
            digits=1,
        )
        verbs.signature = self.signature
        for s in self.rows:
            verbs.add(
                s.name,
                s.gold_verbs,
                s.generated_gold_verbs,
                s.generated_gold_verbs_pct,
                s.overgenerated_verbs,
                s.overgenerated_verbs_pct,
            )
        tables = [scores, verbs]
        comparisons = self.comparisons()
        if comparisons:
            pct = int(self.options.confidence * 100)
            comp = Table(
                ["system", "baseline", "delta F1", f"{pct}% CI", "p"],
                title=f"Paired bootstrap of F1 ({self.options.bootstrap} resamples)",
                signature=self.signature,
                digits=1,
            )
            for c in comparisons:
                comp.add(
                    c.system, c.baseline, c.delta, f"{c.ci[0]:.1f} to {c.ci[1]:.1f}", f"{c.p:.4f}"
                )
            tables.append(comp)
        return tables

    def comparisons(self) -> list[Comparison]:
        """Each system after the first against the first (paired bootstrap of F1)."""
        if len(self.systems) < 2:
            return []
        base = self.systems[0]
        out = [paired_bootstrap(s, base, self.options) for s in self.systems[1:]]
        return [c for c in out if c is not None]

    def to_dict(self, *, details: bool = False) -> dict[str, Any]:
        e = self.options.empty
        return {
            "signature": self.signature.as_dict(),
            "signature_string": self.signature.format(),
            "calibration_1": self.calibration_1.as_dict(details=details, empty=e),
            "calibration_k": self.calibration_k.as_dict(details=details, empty=e),
            "systems": [s.as_dict(details=details, empty=e) for s in self.systems],
            "comparisons": [asdict(c) for c in self.comparisons()],
        }


# ---------------------------------------------------------------------------------------------
# API


def _normalise_inputs(
    inputs: Sequence[str | ConjunctExample], conjunctions: Sequence[str] | None
) -> tuple[list[str], list[str], list[str], list[bool | None]]:
    sentences: list[str] = []
    conjs: list[str] = []
    ids: list[str] = []
    rewritable: list[bool | None] = []
    for i, item in enumerate(inputs):
        if isinstance(item, ConjunctExample):
            sentences.append(item.sentence)
            conjs.append(item.conjunction_lower)
            ids.append(item.id)
            rewritable.append(item.rewritable)
            continue
        if not isinstance(item, str) or not item.strip():
            raise LingevalError(f"input {i} must be a non-empty sentence, got {item!r}")
        conj = ""
        if SPLIT_OPEN in item or SPLIT_CLOSE in item:
            try:
                item, _, conj = parse_marked(item)
            except ValueError as exc:
                raise LingevalError(f"input {i}: {exc}") from None
        sentences.append(item)
        conjs.append(conj.lower())
        ids.append(str(i))
        rewritable.append(None)
    if conjunctions is not None:
        if len(conjunctions) != len(sentences):
            raise LingevalError(f"{len(conjunctions)} conjunctions for {len(sentences)} inputs")
        conjs = [c.strip().lower() for c in conjunctions]
    bad = [c for c in conjs if c and c not in CONJUNCTIONS]
    if bad:
        raise LingevalError(f"unknown conjunction(s) {sorted(set(bad))}; expected and, or, but")
    return sentences, conjs, ids, rewritable


def _check_sentence_lists(
    kind: str, lists: Sequence[Any], ids: Sequence[str], allow_empty: bool
) -> list[list[str]]:
    out: list[list[str]] = []
    bad_type: list[str] = []
    empty_sent: list[str] = []
    empty_list: list[str] = []
    for i, value in zip(ids, lists, strict=True):
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, (list, tuple)) or not all(isinstance(s, str) for s in value):
            bad_type.append(i)
            out.append([])
            continue
        if any(not s.strip() for s in value):
            empty_sent.append(i)
        if not value and not allow_empty:
            empty_list.append(i)
        out.append([s.strip() for s in value])
    if bad_type:
        raise LingevalError(f"{kind} must be lists of texts; not so for id(s) {_ids(bad_type)}")
    if empty_sent:
        raise LingevalError(f"empty sentence(s) in the {kind} of id(s) {_ids(empty_sent)}")
    if empty_list:
        raise LingevalError(f"{kind}: no sentences for id(s) {_ids(empty_list)}")
    return out


def _ids(ids: Sequence[str]) -> str:
    shown = ", ".join(ids[:10])
    return shown + (f" and {len(ids) - 10} more" if len(ids) > 10 else "")


def score_systems(
    inputs: Sequence[str | ConjunctExample],
    systems: Mapping[str, Sequence[Sequence[str] | None]],
    references: Sequence[Sequence[str]] | None = None,
    *,
    conjunctions: Sequence[str] | None = None,
    options: MetricOptions | None = None,
    analyzer: Analyzer | None = None,
    spacy_model: str | None = None,
    n_process: int = 1,
    cache_dir: str | Path | None = None,
    progress: bool = False,
) -> EvaluationResult:
    """Score several systems against the same references; texts are parsed once for all.

    ``inputs`` are sentences (plain or ``<SPLIT>``-marked) or :class:`ConjunctExample` objects;
    ``references`` default to the examples' rewrites. A system's entry ``None`` marks a missing
    prediction, scored as an empty output (``missing`` is counted in the result).
    """
    options = options or MetricOptions()
    sentences, conjs, ids, flags = _normalise_inputs(inputs, conjunctions)
    if references is None:
        if not all(isinstance(x, ConjunctExample) for x in inputs):
            raise LingevalError("references are required when inputs are plain sentences")
        references = [x.rewrites for x in inputs if isinstance(x, ConjunctExample)]
        no_gold = [x.id for x in inputs if isinstance(x, ConjunctExample) and not x.rewrites]
        if no_gold:
            raise LingevalError(f"examples without gold rewrites (task inputs?): {_ids(no_gold)}")
    if len(references) != len(sentences):
        raise LingevalError(f"{len(references)} references for {len(sentences)} inputs")
    refs = _check_sentence_lists("references", references, ids, allow_empty=False)
    preds: dict[str, list[list[str]]] = {}
    missing: dict[str, list[bool]] = {}
    for name, predictions in systems.items():
        if len(predictions) != len(sentences):
            raise LingevalError(
                f"system {name}: {len(predictions)} predictions for {len(sentences)} inputs"
            )
        missing[name] = [p is None for p in predictions]
        preds[name] = _check_sentence_lists(
            f"predictions of {name}",
            [[] if p is None else p for p in predictions],
            ids,
            allow_empty=True,
        )
    if analyzer is None:
        analyzer = SpacyAnalyzer(
            spacy_model,
            spec=options.spec,
            n_process=n_process,
            cache_dir=cache_dir,
            progress=progress,
        )
    elif analyzer.spec != options.spec:
        raise LingevalError("the analyzer's nucleus options differ from the metric options")
    texts = list(sentences)
    for r in refs:
        texts.extend(r)
    for plist in preds.values():
        for p in plist:
            texts.extend(p)
    analyses = analyzer.analyse(texts)
    too_long: set[str] = getattr(analyzer, "too_long", set())
    keep = [
        i
        for i in range(len(sentences))
        if sentences[i] not in too_long and not any(r in too_long for r in refs[i])
    ]
    if len(keep) < len(sentences):
        from lingeval.core.textio import warn

        dropped = [ids[i] for i in range(len(sentences)) if i not in set(keep)]
        if not keep:
            raise LingevalError(
                f"every example is longer than the parser's max_length: {_ids(dropped)}"
            )
        warn(
            f"{len(dropped)} example(s) longer than the parser's max_length skipped: {_ids(dropped)}"
        )
        sentences = [sentences[i] for i in keep]
        conjs = [conjs[i] for i in keep]
        ids = [ids[i] for i in keep]
        flags = [flags[i] for i in keep]
        refs = [refs[i] for i in keep]
        preds = {n: [p[i] for i in keep] for n, p in preds.items()}
        missing = {n: [m[i] for i in keep] for n, m in missing.items()}
    rewritable = [
        f if f is not None else not (len(r) == 1 and r[0] == s.strip())
        for f, r, s in zip(flags, refs, sentences, strict=True)
    ]

    sides = [_gold_side(analyses[s], r, analyses) for s, r in zip(sentences, refs, strict=True)]

    def run(
        name: str, outputs: Sequence[Sequence[str]], miss: Sequence[bool] | None = None
    ) -> SystemScore:
        stats = [
            _example_stats(
                ids[i],
                conjs[i],
                rewritable[i],
                sides[i],
                outputs[i],
                analyses,
                options,
                bool(miss and miss[i]),
            )
            for i in range(len(sentences))
        ]
        return aggregate(name, stats, options)

    cal1 = run(CALIBRATION_1, [[s] for s in sentences])
    calk = run(CALIBRATION_K, [[s] * len(r) for s, r in zip(sentences, refs, strict=True)])
    scored = [run(name, preds[name], missing[name]) for name in systems]
    return EvaluationResult(scored, cal1, calk, options.signature(analyzer.pipeline_id), options)


def score(
    inputs: Sequence[str | ConjunctExample],
    predictions: Sequence[Sequence[str] | None],
    references: Sequence[Sequence[str]] | None = None,
    *,
    name: str = "system",
    **kwargs: Any,
) -> EvaluationResult:
    """Score one system (HF ``evaluate`` style): ``score(inputs, predictions, references)``.

    Returns an :class:`EvaluationResult`; ``result.system`` holds precision, recall, F1, exact
    match (percentages), per-conjunction F1, verb counts, CIs and per-example statistics
    (``result.system.examples``); ``result.calibration_1`` and ``.calibration_k`` the baselines.
    Keyword arguments are those of :func:`score_systems`.
    """
    return score_systems(inputs, {name: predictions}, references, **kwargs)


def baselines(examples: Sequence[ConjunctExample], **kwargs: Any) -> EvaluationResult:
    """Calibration_1 and Calibration_k only (section 6, "Calibration")."""
    return score_systems(examples, {}, None, **kwargs)


def evaluate(
    examples: Sequence[ConjunctExample],
    predictions: Mapping[str, Mapping[str, Sequence[str]]],
    *,
    allow_missing: bool = False,
    **kwargs: Any,
) -> EvaluationResult:
    """Score systems given as ``{system name: {example id: [sentence, ...]}}`` against examples.

    Missing ids are an error naming them (or scored as empty outputs with ``allow_missing``);
    ids that are not in the gold examples are always an error.
    """
    gold_ids = [e.id for e in examples]
    known = set(gold_ids)
    systems: dict[str, list[Sequence[str] | None]] = {}
    for name, preds in predictions.items():
        extra = [k for k in preds if k not in known]
        if extra:
            raise LingevalError(
                f"{name}: predictions for id(s) not in the gold data: {_ids(extra)}"
            )
        absent = [i for i in gold_ids if i not in preds]
        if absent and not allow_missing:
            raise LingevalError(
                f"{name}: no prediction for {len(absent)} id(s): {_ids(absent)} (--allow-missing scores them as empty)"
            )
        systems[name] = [preds.get(i) for i in gold_ids]
    return score_systems(examples, systems, None, **kwargs)


@registry.scorers("verb-nucleus")
def make_verb_nucleus_scorer(**options: Any) -> Any:
    """Registry entry: returns :func:`score` bound to :class:`MetricOptions` built from ``options``."""
    opts = MetricOptions(**options)

    def bound(
        inputs: Sequence[str | ConjunctExample],
        predictions: Sequence[Sequence[str] | None],
        references: Sequence[Sequence[str]] | None = None,
        **kwargs: Any,
    ) -> EvaluationResult:
        return score(inputs, predictions, references, options=opts, **kwargs)

    return bound
