"""Evaluation of models and humans on the two sections (paper 003, sections 3 and 4).

Acceptability (:func:`evaluate_acceptability`):

* Table 4 (model): mean perplexity of acceptable sentences, unacceptable sentences and the
  unacceptable-and-ungrammatical subset (``grammatical == "no"``); SD alongside.
* pair accuracy: share of pairs whose acceptable sentence has the lower perplexity
  (ties count as errors), for the model; for humans, the acceptable sentence's mean rating is
  higher. With a 95% **Wilson score interval** (:func:`wilson_interval`) and an exact two-sided
  **sign test** against chance (binomial, p = 0.5, over the pairs that are not ties;
  :func:`sign_test`).
* Spearman's rho with its two-sided p-value (``scipy.stats.spearmanr``) between the human mean
  rating of a sentence and its perplexity, over every rated sentence (paper: rho = -0.120),
  with a 95% percentile **bootstrap interval** that resamples *pairs* (both sentences of a pair
  together, since they are not independent; 2,000 resamples, seeded;
  :func:`bootstrap_spearman`).
* Table 2 (humans): per condition, the mean and SD over sentences of the sentence mean rating
  (1-5 Likert), and the mean within-sentence SD.

Cloze (:func:`evaluate_cloze`):

* Table 5 (model): whether the target, the plausible alternative, both or neither appear in
  the model's top-k (k = 10 in the paper), and which of them is in first place, as the
  number of sentences beside the percentage (the paper's 85/12/148/25).
* Table 3 (humans): the category of each sentence's majority choice: ``target``,
  ``plausible``, ``implausible``, ``none`` (none of the options), or ``tie`` when several
  options share the highest count (the paper's "Target=Plausible alt." case).

Every table is given overall and per connective, with a signature.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lingeval.core.errors import LingevalError
from lingeval.core.report import Table
from lingeval.core.signature import Signature
from lingeval.core.stats import proportion_ci
from lingeval.probing.build import AcceptabilityItem, ClozeItem
from lingeval.probing.judgements import NONE_OPTION, Judgement
from lingeval.probing.scorers import matches

__all__ = [
    "AcceptabilityResult",
    "ClozeResult",
    "bootstrap_spearman",
    "cloze_category",
    "evaluate_acceptability",
    "evaluate_cloze",
    "human_cloze_majority",
    "sign_test",
    "spearman",
    "wilson_interval",
]

CONDITIONS = ("acceptable", "unacceptable", "unacceptable-ungrammatical")
TOPK_CATEGORIES = ("target", "plausible", "both", "other")
FIRST_CATEGORIES = ("target", "plausible", "other")
HUMAN_CATEGORIES = ("target", "plausible", "implausible", "none", "tie")


def _describe(name: str, sig: Signature) -> str:
    """A scorer signature nested in another one: ``name(key=value,...)`` without ``|``."""
    inner = ",".join(f"{k}={v}" for k, v in sorted(sig.options.items()) if k != "model")
    return f"{name}({inner})"


def _mean(xs: Sequence[float]) -> float:
    return statistics.fmean(xs) if xs else float("nan")


def _sd(xs: Sequence[float]) -> float:
    return statistics.stdev(xs) if len(xs) > 1 else float("nan")


def spearman(x: Sequence[float], y: Sequence[float]) -> tuple[float, float, int]:
    """Spearman's rank correlation rho, two-sided p-value, n (NaN when n < 3 or constant)."""
    pairs = [(a, b) for a, b in zip(x, y, strict=True) if not (math.isnan(a) or math.isnan(b))]
    if len(pairs) < 3 or len({a for a, _ in pairs}) < 2 or len({b for _, b in pairs}) < 2:
        return float("nan"), float("nan"), len(pairs)
    from scipy.stats import spearmanr

    res = spearmanr([a for a, _ in pairs], [b for _, b in pairs])
    return float(res.statistic), float(res.pvalue), len(pairs)


def wilson_interval(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion k/n (NaN, NaN when n = 0).

    ``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``, z the normal quantile
    (:func:`lingeval.core.stats.proportion_ci`).
    """
    return proportion_ci(k, n, method="wilson", confidence=confidence)


def sign_test(wins: int, losses: int) -> float:
    """Exact two-sided sign test: p-value of ``wins`` successes in ``wins + losses`` at p = 0.5."""
    n = wins + losses
    if n == 0:
        return float("nan")
    from scipy.stats import binomtest

    return float(binomtest(wins, n, 0.5).pvalue)


def bootstrap_spearman(
    x: Sequence[float],
    y: Sequence[float],
    clusters: Sequence[str],
    *,
    n_boot: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> tuple[float, float]:
    """Percentile bootstrap interval of Spearman's rho, resampling whole ``clusters`` (pairs).

    Resamples with a constant variable are skipped; NaN, NaN with fewer than 3 clusters.
    """
    import numpy as np
    from scipy.stats import rankdata

    keep = [i for i in range(len(x)) if not (math.isnan(x[i]) or math.isnan(y[i]))]
    members: dict[str, list[int]] = defaultdict(list)
    for i in keep:
        members[clusters[i]].append(i)
    groups = list(members.values())
    if len(groups) < 3:
        return float("nan"), float("nan")
    xa, ya = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    rng = np.random.default_rng(seed)
    vals = []
    for _ in range(n_boot):
        idx = np.concatenate([groups[g] for g in rng.integers(0, len(groups), len(groups))])
        xs, ys = xa[idx], ya[idx]
        if np.ptp(xs) == 0 or np.ptp(ys) == 0:
            continue
        vals.append(float(np.corrcoef(rankdata(xs), rankdata(ys))[0, 1]))
    if not vals:
        return float("nan"), float("nan")
    alpha = (1 - confidence) / 2
    return float(np.quantile(vals, alpha)), float(np.quantile(vals, 1 - alpha))


@dataclass
class AcceptabilityResult:
    """Tables of the acceptability evaluation plus the tidy per-sentence rows."""

    model_table: Table
    pair_table: Table
    correlation_table: Table | None
    human_table: Table | None
    per_connective: Table
    sentences: list[dict[str, Any]] = field(default_factory=list)

    def tables(self) -> list[Table]:
        out = [self.model_table, self.pair_table]
        if self.human_table is not None:
            out.append(self.human_table)
        if self.correlation_table is not None:
            out.append(self.correlation_table)
        out.append(self.per_connective)
        return out

    def to_frame(self) -> Any:
        """The per-sentence rows as a tidy pandas DataFrame (one row per sentence)."""
        import pandas as pd

        return pd.DataFrame(self.sentences)


def _ratings(judgements: Sequence[Judgement] | None) -> dict[str, list[float]]:
    out: dict[str, list[float]] = defaultdict(list)
    for j in judgements or ():
        out[j.item_id].append(float(j.value))
    return out


def evaluate_acceptability(
    items: Sequence[AcceptabilityItem],
    ppl: Mapping[str, Mapping[str, float]],
    judgements: Sequence[Judgement] | None = None,
    *,
    signatures: Mapping[str, Signature] | None = None,
) -> AcceptabilityResult:
    """Evaluate perplexities (``ppl[model][item_id]``) and optional Likert judgements.

    Several models (for example an LM and the unigram baseline) give one row each.
    """
    if not items:
        raise LingevalError("no acceptability items")
    models = list(ppl)
    for m in models:
        missing = [i.item_id for i in items if i.item_id not in ppl[m]]
        if missing:
            raise LingevalError(
                f"model {m}: no score for {len(missing)} item(s), e.g. {missing[0]}"
            )
    sig_opts: dict[str, Any] = {
        "models": models,
        "ppl": "exp(-mean-logprob)",
        "ci": "wilson-95",
        "sign_test": "exact-binomial-two-sided",
    }
    if signatures:
        sig_opts["scorers"] = [_describe(m, signatures[m]) for m in models if m in signatures]
    sig = Signature("probe-acceptability", sig_opts)
    ratings = _ratings(judgements)

    def subset(cond: str) -> list[AcceptabilityItem]:
        if cond == "unacceptable-ungrammatical":
            return [i for i in items if i.condition == "unacceptable" and i.grammatical == "no"]
        return [i for i in items if i.condition == cond]

    model_t = Table(
        ["model", "condition", "n", "mean_ppl", "sd_ppl"],
        title="Mean perplexity by condition (Table 4)",
        signature=sig,
        digits=3,
    )
    for m in models:
        for cond in CONDITIONS:
            vals = [ppl[m][i.item_id] for i in subset(cond)]
            model_t.add(m, cond, len(vals), _mean(vals), _sd(vals))

    pairs: dict[str, dict[str, AcceptabilityItem]] = defaultdict(dict)
    for i in items:
        pairs[i.pair_id][i.condition] = i
    full = {k: v for k, v in pairs.items() if len(v) == 2}
    pair_t = Table(
        [
            "judge",
            "pairs",
            "correct",
            "ties",
            "pair_accuracy",
            "ci95_low",
            "ci95_high",
            "sign_test_p",
        ],
        title="Pair accuracy: acceptable sentence preferred (95% Wilson interval; exact sign "
        "test against chance over the untied pairs)",
        signature=sig,
        digits=3,
    )

    def add_pair_row(judge: str, diffs: list[float]) -> None:
        """``diffs`` > 0 where the acceptable sentence is preferred (0: tie, an error)."""
        n = len(diffs)
        ok = sum(d > 0 for d in diffs)
        ties = sum(d == 0 for d in diffs)
        lo, hi = wilson_interval(ok, n)
        pair_t.add(
            judge, n, ok, ties, ok / n if n else float("nan"), lo, hi, sign_test(ok, n - ok - ties)
        )

    for m in models:
        add_pair_row(
            m,
            [
                ppl[m][p["unacceptable"].item_id] - ppl[m][p["acceptable"].item_id]
                for p in full.values()
            ],
        )
    rated_pairs = [
        p
        for p in full.values()
        if p["acceptable"].item_id in ratings and p["unacceptable"].item_id in ratings
    ]
    if rated_pairs:
        add_pair_row(
            "humans",
            [
                _mean(ratings[p["acceptable"].item_id]) - _mean(ratings[p["unacceptable"].item_id])
                for p in rated_pairs
            ],
        )

    human_t = None
    corr_t = None
    if ratings:
        unknown = sorted(set(ratings) - {i.item_id for i in items})
        if unknown:
            raise LingevalError(f"judgements for unknown item(s): {', '.join(unknown[:3])}")
        hsig = Signature(
            "probe-human-acceptability", {"scale": "1-5", "aggregation": "mean-of-sentence-means"}
        )
        human_t = Table(
            ["condition", "sentences", "judgements", "mean_rating", "sd_rating", "mean_within_sd"],
            title="Human ratings by condition (Table 2)",
            signature=hsig,
            digits=3,
        )
        for cond in CONDITIONS:
            rated = [i for i in subset(cond) if i.item_id in ratings]
            means = [_mean(ratings[i.item_id]) for i in rated]
            within = [_sd(ratings[i.item_id]) for i in rated if len(ratings[i.item_id]) > 1]
            human_t.add(
                cond,
                len(rated),
                sum(len(ratings[i.item_id]) for i in rated),
                _mean(means),
                _sd(means),
                _mean(within),
            )
        corr_t = Table(
            ["model", "n", "spearman_rho", "ci95_low", "ci95_high", "p_value"],
            title="Spearman rho: human mean rating vs perplexity (95% bootstrap interval, "
            "2,000 resamples of pairs)",
            signature=Signature(
                "probe-acceptability",
                {**sig.options, "bootstrap": "2000-pairs-percentile", "seed": 0},
            ),
            digits=3,
        )
        for m in models:
            rated = [i for i in items if i.item_id in ratings]
            hx = [_mean(ratings[i.item_id]) for i in rated]
            py = [ppl[m][i.item_id] for i in rated]
            rho, p, n = spearman(hx, py)
            lo, hi = bootstrap_spearman(hx, py, [i.pair_id for i in rated])
            corr_t.add(m, n, rho, lo, hi, p)

    conns = list(dict.fromkeys(i.connective for i in items))
    cols = ["connective", "pairs"]
    for m in models:
        cols += [f"{m}:ppl_acc", f"{m}:ppl_unacc", f"{m}:pair_acc"]
    if ratings:
        cols += ["human:acc", "human:unacc"]
    per_t = Table(cols, title="Per connective", signature=sig, digits=3)
    for c in conns:
        cp = [p for p in full.values() if p["acceptable"].connective == c]
        row: list[Any] = [c, len(cp)]
        for m in models:
            a = [ppl[m][p["acceptable"].item_id] for p in cp]
            u = [ppl[m][p["unacceptable"].item_id] for p in cp]
            acc = sum(x < y for x, y in zip(a, u, strict=True)) / len(cp) if cp else float("nan")
            row += [_mean(a), _mean(u), acc]
        if ratings:
            row += [
                _mean(
                    [
                        _mean(ratings[p["acceptable"].item_id])
                        for p in cp
                        if p["acceptable"].item_id in ratings
                    ]
                ),
                _mean(
                    [
                        _mean(ratings[p["unacceptable"].item_id])
                        for p in cp
                        if p["unacceptable"].item_id in ratings
                    ]
                ),
            ]
        per_t.add(*row)

    sentences = []
    for i in items:
        r = ratings.get(i.item_id, [])
        rec: dict[str, Any] = {
            "item_id": i.item_id,
            "pair_id": i.pair_id,
            "condition": i.condition,
            "grammatical": i.grammatical,
            "connective": i.connective,
            "human_mean": _mean(r),
            "human_sd": _sd(r),
            "n_ratings": len(r),
        }
        for m in models:
            rec[f"ppl:{m}"] = ppl[m][i.item_id]
        sentences.append(rec)
    return AcceptabilityResult(model_t, pair_t, corr_t, human_t, per_t, sentences)


def cloze_category(
    predictions: Sequence[str],
    item: ClozeItem,
    first_subwords: Mapping[str, str],
    *,
    multi_subword: str = "first",
) -> tuple[str, str, int | None]:
    """(top-k category, first-place category, 1-based rank of the target or None) for one item."""

    def hit(pred: str, word: str) -> bool:
        return matches(pred, word, first_subwords.get(word, word), multi_subword=multi_subword)

    t = any(hit(p, item.connective) for p in predictions)
    pl = any(hit(p, item.plausible) for p in predictions)
    topk = "both" if t and pl else "target" if t else "plausible" if pl else "other"
    first = "other"
    if predictions:
        if hit(predictions[0], item.connective):
            first = "target"
        elif hit(predictions[0], item.plausible):
            first = "plausible"
    rank = next((r for r, p in enumerate(predictions, 1) if hit(p, item.connective)), None)
    return topk, first, rank


def human_cloze_majority(item: ClozeItem, answers: Sequence[str]) -> str:
    """Category of the majority answer: target, plausible, implausible, none, or tie."""
    counts = Counter(a.lower() for a in answers)
    if not counts:
        return "unrated"
    best = max(counts.values())
    winners = [a for a, c in counts.items() if c == best]
    if len(winners) > 1:
        return "tie"
    w = winners[0]
    if w == item.connective.lower():
        return "target"
    if w == item.plausible.lower():
        return "plausible"
    if w == NONE_OPTION:
        return "none"
    return "implausible"


@dataclass
class ClozeResult:
    """Tables of the cloze evaluation plus the tidy per-item rows (ranks for plots)."""

    model_table: Table
    human_table: Table | None
    per_connective: Table
    items: list[dict[str, Any]] = field(default_factory=list)
    choice_table: Table | None = None

    def tables(self) -> list[Table]:
        out = [self.model_table] if self.model_table.rows else []
        if self.choice_table is not None:
            out.append(self.choice_table)
        if self.human_table is not None:
            out.append(self.human_table)
        out.append(self.per_connective)
        return out

    def to_frame(self) -> Any:
        """The per-item rows (categories, target rank, majority answer) as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.items)


def _pct(n: int, d: int) -> float:
    return 100.0 * n / d if d else float("nan")


def evaluate_cloze(
    items: Sequence[ClozeItem],
    predictions: Mapping[str, Sequence[str]] | None,
    judgements: Sequence[Judgement] | None = None,
    *,
    first_subwords: Mapping[str, str] | None = None,
    k: int = 10,
    multi_subword: str = "first",
    model: str = "model",
    scorer_signature: Signature | None = None,
    option_scores: Mapping[str, Mapping[str, float]] | None = None,
) -> ClozeResult:
    """Table 5 from ``predictions[item_id]`` (top-k words, best first) and Table 3 from answers.

    ``option_scores[item_id][option]`` (e.g. the PLL of the sentence filled with each option)
    adds the model's forced choice among the options, in the categories of Table 3.
    """
    if not items:
        raise LingevalError("no cloze items")
    opts: dict[str, Any] = {"k": k, "multi_subword": multi_subword, "model": model}
    if scorer_signature is not None:
        opts["scorer"] = _describe(model, scorer_signature)
    sig = Signature("probe-cloze", opts)
    fs = first_subwords or {}
    rows: list[dict[str, Any]] = []
    answers: dict[str, list[str]] = defaultdict(list)
    for j in judgements or ():
        answers[j.item_id].append(j.value)
    for it in items:
        rec: dict[str, Any] = {
            "item_id": it.item_id,
            "connective": it.connective,
            "plausible": it.plausible,
        }
        if predictions is not None:
            preds = list(predictions.get(it.item_id, []))[:k]
            if it.item_id not in predictions:
                raise LingevalError(f"no predictions for cloze item {it.item_id}")
            topk, first, rank = cloze_category(preds, it, fs, multi_subword=multi_subword)
            rec.update({"topk": topk, "first": first, "target_rank": rank, "predictions": preds})
        if option_scores is not None:
            sc = option_scores.get(it.item_id)
            if sc is None or set(sc) != set(it.options):
                raise LingevalError(
                    f"option scores of cloze item {it.item_id} do not cover its options"
                )
            best = max(it.options, key=lambda o: sc[o])
            rec["choice"] = (
                "target"
                if best == it.connective
                else "plausible"
                if best == it.plausible
                else "implausible"
            )
        if answers:
            rec["human"] = human_cloze_majority(it, answers.get(it.item_id, []))
            rec["n_answers"] = len(answers.get(it.item_id, []))
        rows.append(rec)

    model_t = Table(
        [
            "scope",
            "n",
            *[x for c in TOPK_CATEGORIES for x in (f"top{k}:{c}", f"top{k}:{c}:n")],
            *[x for c in FIRST_CATEGORIES for x in (f"first:{c}", f"first:{c}:n")],
        ],
        title=f"Target and plausible alternative in the model's top {k} and first place: % of "
        "sentences, and :n the number of sentences (Table 5)",
        signature=sig,
        digits=2,
    )
    human_t = None
    choice_t = None
    conns = list(dict.fromkeys(i.connective for i in items))
    if option_scores is not None:
        choice_t = Table(
            ["scope", "n", "target", "plausible", "implausible"],
            title="Model's choice among the options (highest sentence score), % of sentences",
            signature=sig,
            digits=2,
        )
        for scope, rs in [("all", rows)] + [
            (c, [r for r in rows if r["connective"] == c]) for c in conns
        ]:
            cc = Counter(r["choice"] for r in rs)
            choice_t.add(
                scope,
                len(rs),
                *[_pct(cc[x], len(rs)) for x in ("target", "plausible", "implausible")],
            )

    def model_row(scope: str, rs: list[dict[str, Any]]) -> list[Any]:
        n = len(rs)
        tk = Counter(r["topk"] for r in rs)
        fi = Counter(r["first"] for r in rs)
        return [
            scope,
            n,
            *[x for c in TOPK_CATEGORIES for x in (_pct(tk[c], n), tk[c])],
            *[x for c in FIRST_CATEGORIES for x in (_pct(fi[c], n), fi[c])],
        ]

    if predictions is not None:
        model_t.add(*model_row("all", rows))
    if answers:
        unknown = sorted(set(answers) - {i.item_id for i in items})
        if unknown:
            raise LingevalError(f"judgements for unknown cloze item(s): {', '.join(unknown[:3])}")
        human_t = Table(
            ["scope", "n", *[x for c in HUMAN_CATEGORIES for x in (c, f"{c}:n")]],
            title="Majority choice of the annotators: % of sentences, and :n the number (Table 3)",
            signature=Signature(
                "probe-human-cloze", {"aggregation": "majority", "none_option": True}
            ),
            digits=2,
        )
        rated = [r for r in rows if r["human"] != "unrated"]
        hc = Counter(r["human"] for r in rated)
        human_t.add(
            "all",
            len(rated),
            *[x for c in HUMAN_CATEGORIES for x in (_pct(hc[c], len(rated)), hc[c])],
        )
    per_cols = ["connective", "n"]
    if predictions is not None:
        per_cols += [f"top{k}:{c}" for c in TOPK_CATEGORIES] + [
            f"first:{c}" for c in FIRST_CATEGORIES
        ]
    if answers:
        per_cols += [f"human:{c}" for c in HUMAN_CATEGORIES]
    per_t = Table(per_cols, title="Cloze per connective (% of sentences)", signature=sig, digits=1)
    for c in conns:
        rs = [r for r in rows if r["connective"] == c]
        row: list[Any] = [c, len(rs)]
        if predictions is not None:
            tk = Counter(r["topk"] for r in rs)
            fi = Counter(r["first"] for r in rs)
            row += [_pct(tk[x], len(rs)) for x in TOPK_CATEGORIES] + [
                _pct(fi[x], len(rs)) for x in FIRST_CATEGORIES
            ]
        if answers:
            rated = [r for r in rs if r["human"] != "unrated"]
            hc = Counter(r["human"] for r in rated)
            row += [_pct(hc[x], len(rated)) for x in HUMAN_CATEGORIES]
        per_t.add(*row)
    return ClozeResult(model_t, human_t, per_t, rows, choice_t)
