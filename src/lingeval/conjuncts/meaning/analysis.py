"""Analysis of the manual meaning-preservation evaluation (paper 000, section 7).

Input: the study engine's tidy answer table (:mod:`lingeval.study.answers`; a CSV/JSON export,
a DataFrame or the study database URL), where the ``meaning`` question holds ``same`` or
``different`` for one judge, one example (``item_id``) and one system (``system``; a blinded
code mapped back with the key of :mod:`lingeval.conjuncts.meaning.items`).

A *version* is one (example, system) pair; ``n_v`` judges rated it and ``s_v`` of them said
"same meaning". Its judged score is ``s_v / n_v`` (0-1).

**Share of meaning-preserving outputs** (the paper: 87.9% preserved, 12.1% not, for T5_80%),
per system, in percent, with a confidence interval for a binomial proportion:

* ``aggregation="majority"`` (default): one observation per version, preserved when
  ``s_v / n_v > 1/2``; a tie (even ``n_v``, ``s_v = n_v / 2``) counts as ``different``
  (default ``ties``: preservation must be affirmed by a majority), ``same``, or is left out
  (``drop``). With one judge per version this is simply that judge's answer.
* ``aggregation="judgement"``: every judgement is an observation (the interval then ignores
  that judgements of one version are correlated: it is too narrow when judges agree).

  share = 100 k / n   with k preserved observations out of n

* interval (``ci``): ``wilson`` (default, the Wilson score interval
  ``(p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``, well behaved near 0 and 100% and
  for small n), ``clopper-pearson`` (exact, conservative), ``agresti-coull``, ``jeffreys`` or
  ``wald`` (normal approximation, not recommended); computed by statsmodels'
  ``proportion_confint``; level ``confidence`` (default 0.95).

**Agreement between judges**, over versions rated by at least two judges (nominal categories
same/different):

* observed agreement: the mean over versions of the share of agreeing judge pairs,
  ``P_v = sum_c n_vc (n_vc - 1) / (n_v (n_v - 1))``, in percent;
* Cohen's kappa ``(p_o - p_e) / (1 - p_e)`` (scikit-learn), when every such version has
  exactly two judges; the two ratings of a version are ordered by participant id, which
  matches Cohen's two-rater setting when the same two judges rated everything (one group);
* Fleiss' kappa (statsmodels) over the versions with the most common number of judges ``m``
  (Fleiss' formula needs the same number of ratings per version);
* Krippendorff's alpha, nominal (the ``krippendorff`` package), over every version with two
  or more ratings; it allows missing ratings, so it is the measure to prefer for group designs.

A kappa/alpha is undefined (NaN) when all ratings fall in one category.

**Paired comparison of systems**: the items draw the same examples for every system, so two
systems are compared on the examples judged for both (majority outcome per version) with the
exact McNemar test: ``b`` = examples preserved by A only, ``c`` = by B only, two-sided
``p = min(1, 2 * P(X <= min(b, c)))`` for ``X ~ Binomial(b + c, 1/2)`` (statsmodels), with
Bonferroni correction ``min(1, p * m)`` over the ``m`` pairs.

**Judged preservation against the automatic metric** (the paper notes that the manual share
and the verb-nucleus F1 are "similar"): the corpus F1 of each system on the judged examples is
reported beside its share, and per version:

* point-biserial correlation (Pearson's r of a 0/1 variable with a continuous one; scipy
  ``pointbiserialr``) between the majority judgement (0/1) and the version's verb-nucleus F1;
* Spearman's rho between the judged score ``s_v / n_v`` and the F1;

both with two-sided p-values, over all versions and per system. The per-version F1 comes from
:mod:`lingeval.conjuncts.metric` (section 6; per-example precision and recall in percent,
``F1 = 2PR/(P+R)``, 0 when both are 0) on the rewrites the judges saw.
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lingeval.conjuncts.meaning.items import apply_key
from lingeval.conjuncts.meaning.task import CHOICES
from lingeval.core.errors import InputError, LingevalError
from lingeval.core.report import Table, to_jsonable
from lingeval.core.signature import Signature
from lingeval.core.stats import CI_METHODS
from lingeval.core.stats import proportion_ci as core_proportion_ci

if TYPE_CHECKING:
    import pandas as pd

    from lingeval.conjuncts.example import ConjunctExample
    from lingeval.conjuncts.metric import MetricOptions
    from lingeval.conjuncts.parse_features import Analyzer
    from lingeval.study.tasks.base import StudyItem

__all__ = [
    "AGGREGATIONS",
    "CI_METHODS",
    "SIMULATED_PREFIX",
    "TIES",
    "MeaningAnalysis",
    "MeaningOptions",
    "agreement",
    "analyze",
    "compare_systems",
    "correlation",
    "item_f1",
    "judgements",
    "notes",
    "preservation_shares",
    "proportion_ci",
    "simulate_answers",
    "version_scores",
]

AGGREGATIONS = ("majority", "judgement")
#: Participant ids of simulated judges start with this (``simulate_answers``, the demo); the
#: analysis counts their judgements and labels every table that uses them as simulated.
SIMULATED_PREFIX = "SIM-"
TIES = ("different", "same", "drop")


@dataclass(frozen=True)
class MeaningOptions:
    """Every option that changes a number of the analysis (all enter the signature)."""

    aggregation: str = "majority"
    ties: str = "different"
    ci: str = "wilson"
    confidence: float = 0.95

    def __post_init__(self) -> None:
        if self.aggregation not in AGGREGATIONS:
            raise LingevalError(
                f"aggregation must be one of {', '.join(AGGREGATIONS)}, not {self.aggregation!r}"
            )
        if self.ties not in TIES:
            raise LingevalError(f"ties must be one of {', '.join(TIES)}, not {self.ties!r}")
        if self.ci not in CI_METHODS:
            raise LingevalError(
                f"unknown interval {self.ci!r}; choose from {', '.join(CI_METHODS)}"
            )
        if not 0 < self.confidence < 1:
            raise LingevalError("the confidence level must be between 0 and 1 (e.g. 0.95)")

    def signature(self, **extra: Any) -> Signature:
        return Signature(
            "conjuncts-meaning",
            {
                "unit": self.aggregation,
                "ties": self.ties if self.aggregation == "majority" else "n/a",
                "ci": f"{self.ci}-{self.confidence * 100:g}%",
                **extra,
            },
        )


# ---------------------------------------------------------------------------------- reading


def _load(answers: Any, study_id: str | None) -> pd.DataFrame:
    """The tidy answers, restricted to ``study_id`` when given; several studies without a
    choice are an error (their participants and items would be mixed up)."""
    from lingeval.study.analysis import load_answers

    df = load_answers(answers, study_id=study_id)
    where = answers if isinstance(answers, (str, Path)) else None
    studies = df["study_id"].fillna("").astype(str)
    if study_id is not None:
        df = df[studies == study_id]
        if df.empty:
            known = ", ".join(sorted(set(studies) - {""})) or "none"
            raise InputError(f"no answers of study {study_id!r} (studies: {known})", path=where)
        return df
    meaning_studies = sorted(set(studies[df["question"] == "meaning"]) - {""})
    if len(meaning_studies) > 1:
        raise InputError(
            f"the answers hold several studies ({', '.join(meaning_studies)}); choose one with "
            "--study (study_id=...)",
            path=where,
        )
    return df


def judgements(
    answers: Any, *, key: Mapping[str, str] | None = None, study_id: str | None = None
) -> pd.DataFrame:
    """One row per judgement: ``participant_id``, ``item_id``, ``system``, ``preserved`` (0/1).

    ``answers`` is anything :func:`lingeval.study.analysis.load_answers` reads. ``key`` maps
    blinded system codes to names. A judge's repeated answer to one version keeps the last.
    Raises :class:`InputError` for values other than same/different and when there is no
    ``meaning`` answer at all.
    """
    df = _load(answers, study_id)
    where = answers if isinstance(answers, (str, Path)) else None
    m = df[df["question"] == "meaning"].copy()
    if m.empty:
        raise InputError(
            "no 'meaning' answers in the answer table (is this a conjunct-meaning study?)",
            path=where,
        )
    m["value"] = m["value"].str.strip().str.lower()
    bad = m[~m["value"].isin(CHOICES)]
    if not bad.empty:
        raise InputError(
            f"{len(bad)} 'meaning' answer(s) are not same/different, e.g. {bad['value'].iloc[0]!r} "
            f"(item {bad['item_id'].iloc[0]}, participant {bad['participant_id'].iloc[0]})",
            path=where,
        )
    if "submitted_at" in m.columns:
        m = m.sort_values("submitted_at", kind="stable")
    m = m.drop_duplicates(["participant_id", "item_id", "system"], keep="last")
    m["system"] = apply_key(list(m["system"]), key)
    m["preserved"] = (m["value"] == "same").astype(int)
    out = m[["participant_id", "item_id", "system", "preserved", "reference"]]
    return out.sort_values(["system", "item_id", "participant_id"]).reset_index(drop=True)


def notes(
    answers: Any, *, key: Mapping[str, str] | None = None, study_id: str | None = None
) -> pd.DataFrame:
    """The non-empty notes with the judgement they belong to (``system``, ``item_id``, ...)."""
    df = _load(answers, study_id)
    n = df[(df["question"] == "note") & (df["value"].str.strip() != "")]
    j = df[df["question"] == "meaning"][["participant_id", "item_id", "system", "value"]]
    merged = n[["participant_id", "item_id", "system", "value"]].merge(
        j.rename(columns={"value": "meaning"}),
        on=["participant_id", "item_id", "system"],
        how="left",
    )
    merged["system"] = apply_key(list(merged["system"]), key)
    merged = merged.rename(columns={"value": "note"}).fillna({"meaning": ""})
    cols = ["system", "item_id", "participant_id", "meaning", "note"]
    return merged[cols].sort_values(cols[:3]).reset_index(drop=True)


# ---------------------------------------------------------------------------------- shares


def version_scores(judg: pd.DataFrame) -> pd.DataFrame:
    """Per version (``system``, ``item_id``): ``judges`` (n_v), ``same`` (s_v), ``score`` (s_v/n_v)."""
    g = judg.groupby(["system", "item_id"], sort=True)["preserved"]
    out = g.agg(judges="count", same="sum").reset_index()
    out["score"] = out["same"] / out["judges"]
    return out


def _majority(score: float, ties: str) -> float:
    if score > 0.5:
        return 1.0
    if score < 0.5:
        return 0.0
    return {"different": 0.0, "same": 1.0}.get(ties, math.nan)


def proportion_ci(
    k: int, n: int, *, method: str = "wilson", confidence: float = 0.95
) -> tuple[float, float]:
    """Confidence interval of the proportion k/n in percent (NaN when n is 0);
    :func:`lingeval.core.stats.proportion_ci` scaled by 100."""
    lo, hi = core_proportion_ci(k, n, method=method, confidence=confidence)
    return 100.0 * lo, 100.0 * hi


def preservation_shares(judg: pd.DataFrame, options: MeaningOptions | None = None) -> pd.DataFrame:
    """Per system: ``n``, ``preserved``, ``not_preserved``, ``share`` (%), ``ci_low``/``ci_high``
    (%), ``versions``, ``judges_per_version`` (mean n_v) and ``ties`` (see the module docstring).
    """
    import pandas as pd

    options = options or MeaningOptions()
    vs = version_scores(judg)
    rows = []
    for system, sub in vs.groupby("system", sort=True):
        ties = int(((sub["score"] == 0.5) & (sub["judges"] % 2 == 0)).sum())
        if options.aggregation == "majority":
            maj = [_majority(s, options.ties) for s in sub["score"]]
            kept = [m for m in maj if not math.isnan(m)]
            n, k = len(kept), int(sum(kept))
        else:
            n, k = int(sub["judges"].sum()), int(sub["same"].sum())
        lo, hi = proportion_ci(k, n, method=options.ci, confidence=options.confidence)
        rows.append(
            {
                "system": system,
                "n": n,
                "preserved": k,
                "not_preserved": n - k,
                "share": 100.0 * k / n if n else math.nan,
                "ci_low": lo,
                "ci_high": hi,
                "versions": len(sub),
                "judges_per_version": float(sub["judges"].mean()),
                "ties": ties,
            }
        )
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------------- agreement


AGREEMENT_COLUMNS = ["systems", "measure", "value", "versions", "judges", "ratings", "note"]


def agreement(judg: pd.DataFrame, *, by_system: bool = True) -> pd.DataFrame:
    """Agreement measures (module docstring) as rows: ``systems`` (``all``, then each system
    when there are several and ``by_system``), ``measure``, ``value``, ``versions``,
    ``judges``, ``ratings``, ``note``. Empty when no version has two or more judges."""
    import pandas as pd

    rows = [{"systems": "all", **r} for r in _agreement_rows(judg)]
    if rows and by_system and judg["system"].nunique() > 1:
        for system, sub in judg.groupby("system", sort=True):
            rows += [{"systems": str(system), **r} for r in _agreement_rows(sub)]
    return pd.DataFrame(rows, columns=AGREEMENT_COLUMNS)


def _agreement_rows(judg: pd.DataFrame) -> list[dict[str, Any]]:
    import numpy as np

    vs = version_scores(judg)
    multi = vs[vs["judges"] >= 2][["system", "item_id", "judges", "same"]]
    if multi.empty:
        return []
    sub = judg.merge(multi[["system", "item_id"]], on=["system", "item_id"])
    rows: list[dict[str, Any]] = []
    n_v = multi["judges"].to_numpy(dtype=float)
    s_v = multi["same"].to_numpy(dtype=float)
    d_v = n_v - s_v
    p_v = (s_v * (s_v - 1) + d_v * (d_v - 1)) / (n_v * (n_v - 1))
    judges_all = sub["participant_id"].nunique()
    rows.append(
        {
            "measure": "observed agreement %",
            "value": 100.0 * float(p_v.mean()),
            "versions": len(multi),
            "judges": judges_all,
            "ratings": len(sub),
            "note": "mean share of agreeing judge pairs",
        }
    )
    # Cohen's kappa: exactly two ratings per version.
    if (multi["judges"] == 2).all():
        from sklearn.metrics import cohen_kappa_score

        ordered = sub.sort_values(["system", "item_id", "participant_id"])
        ordered = ordered.assign(rater=ordered.groupby(["system", "item_id"]).cumcount())
        pairs = ordered.pivot(index=["system", "item_id"], columns="rater", values="preserved")
        a = pairs[0].tolist()
        b = pairs[1].tolist()
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            kappa = float(cohen_kappa_score(a, b)) if len(set(a) | set(b)) > 1 else math.nan
        rows.append(
            {
                "measure": "Cohen's kappa",
                "value": kappa,
                "versions": len(pairs),
                "judges": judges_all,
                "ratings": 2 * len(pairs),
                "note": "two judges per version, ordered by participant id",
            }
        )
    else:
        rows.append(
            {
                "measure": "Cohen's kappa",
                "value": math.nan,
                "versions": 0,
                "judges": 0,
                "ratings": 0,
                "note": "not computed: versions have more than two judges",
            }
        )
    # Fleiss' kappa over versions with the modal number of judges.
    m = int(multi["judges"].mode().max())
    fl = multi[multi["judges"] == m]
    table = np.column_stack([fl["same"].to_numpy(), (fl["judges"] - fl["same"]).to_numpy()])
    if table.sum(axis=0).min() == 0:
        fk = math.nan
    else:
        from statsmodels.stats.inter_rater import fleiss_kappa

        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            fk = float(fleiss_kappa(table, method="fleiss"))
    rows.append(
        {
            "measure": "Fleiss' kappa",
            "value": fk,
            "versions": len(fl),
            "judges": sub.merge(fl[["system", "item_id"]], on=["system", "item_id"])[
                "participant_id"
            ].nunique(),
            "ratings": int(fl["judges"].sum()),
            "note": f"versions with {m} judges",
        }
    )
    # Krippendorff's alpha (nominal), missing ratings allowed.
    import krippendorff

    # one rating per (judge, version): judgements() keeps a judge's last answer
    wide = sub.pivot(index="participant_id", columns=["system", "item_id"], values="preserved")
    data = wide.to_numpy(dtype=float)
    if len(np.unique(data[~np.isnan(data)])) < 2:
        alpha = math.nan
    else:
        alpha = float(krippendorff.alpha(reliability_data=data, level_of_measurement="nominal"))
    rows.append(
        {
            "measure": "Krippendorff's alpha",
            "value": alpha,
            "versions": len(multi),
            "judges": judges_all,
            "ratings": len(sub),
            "note": "nominal; missing ratings allowed",
        }
    )
    observed = rows[0]["value"]
    same_pct = 100.0 * float(s_v.sum()) / float(n_v.sum())
    for row in rows[1:]:
        if observed >= 80 and not math.isnan(row["value"]) and row["value"] < 0.2:
            row["note"] += (
                f"; low despite {observed:.0f}% observed agreement: {same_pct:.0f}% of the "
                "ratings are 'same', so chance agreement is high (prevalence effect)"
            )
    return rows


# ---------------------------------------------------------------------------------- metric


def item_f1(
    examples: Sequence[ConjunctExample],
    items: Sequence[StudyItem],
    *,
    key: Mapping[str, str] | None = None,
    options: MetricOptions | None = None,
    analyzer: Analyzer | None = None,
    spacy_model: str | None = None,
    cache_dir: str | Path | None = None,
    progress: bool = False,
) -> tuple[pd.DataFrame, dict[str, float], Signature]:
    """Verb-nucleus scores of the judged rewrites (section 6), per version and per system.

    Returns a DataFrame (``system``, ``item_id``, ``precision``, ``recall``, ``f1``; percent),
    the corpus F1 of each system over its judged examples, and the metric's signature.
    Examples need gold rewrites; items name them by ``item_id``.
    """
    import pandas as pd

    from lingeval.conjuncts.metric import MetricOptions, score_systems
    from lingeval.conjuncts.parse_features import SpacyAnalyzer

    options = options or MetricOptions(bootstrap=0)
    by_id = {ex.id: ex for ex in examples}
    per_system: dict[str, list[StudyItem]] = {}
    for it in items:
        if it.item_id not in by_id:
            raise LingevalError(f"item {it.item_id!r} is not among the gold examples")
        if not by_id[it.item_id].rewrites:
            raise LingevalError(f"gold example {it.item_id!r} has no gold rewrites")
        name = apply_key([it.system], key)[0]
        per_system.setdefault(name, []).append(it)
    if analyzer is None:
        analyzer = SpacyAnalyzer(
            spacy_model, spec=options.spec, cache_dir=cache_dir, progress=progress
        )
    rows = []
    corpus: dict[str, float] = {}
    signature: Signature | None = None
    for name, its in sorted(per_system.items()):
        exs = [by_id[it.item_id] for it in its]
        preds = [list(it.payload["rewrites"]) for it in its]
        result = score_systems(exs, {name: preds}, options=options, analyzer=analyzer)
        signature = result.signature
        sys_score = result.systems[0]
        corpus[name] = sys_score.f1
        for it, st in zip(its, sys_score.examples, strict=True):
            p, r = st.precision(options.empty), st.recall(options.empty)
            f1 = (
                math.nan
                if math.isnan(p) or math.isnan(r)
                else (0.0 if p + r == 0 else 2 * p * r / (p + r))
            )
            rows.append(
                {"system": name, "item_id": it.item_id, "precision": p, "recall": r, "f1": f1}
            )
    if signature is None:
        raise LingevalError("no items to score")
    return pd.DataFrame(rows), corpus, signature


def compare_systems(judg: pd.DataFrame, options: MeaningOptions | None = None) -> pd.DataFrame:
    """Exact McNemar tests between every pair of systems on their shared examples.

    Rows: ``A``, ``B``, ``n`` (examples with a majority outcome for both), ``share_A`` and
    ``share_B`` (%, on those examples), ``A_only``, ``B_only`` (discordant counts), ``p``
    (two-sided, exact) and ``p_bonf`` (Bonferroni over the pairs). Empty for one system.
    """
    import itertools

    import pandas as pd
    from statsmodels.stats.contingency_tables import mcnemar

    from lingeval.study.stats import bonferroni

    options = options or MeaningOptions()
    cols = ["A", "B", "n", "share_A", "share_B", "A_only", "B_only", "p", "p_bonf"]
    vs = version_scores(judg)
    vs["majority"] = [_majority(x, options.ties) for x in vs["score"]]
    wide = vs.pivot(index="item_id", columns="system", values="majority")
    systems = sorted(wide.columns)
    rows = []
    for a, b in itertools.combinations(systems, 2):
        d = wide[[a, b]].dropna()
        x, y = d[a].to_numpy(dtype=int), d[b].to_numpy(dtype=int)
        a_only, b_only = int(((x == 1) & (y == 0)).sum()), int(((x == 0) & (y == 1)).sum())
        both, neither = int(((x == 1) & (y == 1)).sum()), int(((x == 0) & (y == 0)).sum())
        n = len(d)
        p = math.nan
        if n:
            p = float(mcnemar([[both, a_only], [b_only, neither]], exact=True).pvalue)
        rows.append(
            {
                "A": a,
                "B": b,
                "n": n,
                "share_A": 100.0 * x.mean() if n else math.nan,
                "share_B": 100.0 * y.mean() if n else math.nan,
                "A_only": a_only,
                "B_only": b_only,
                "p": p,
            }
        )
    out = pd.DataFrame(rows, columns=cols[:-1])
    out["p_bonf"] = bonferroni(list(out["p"])) if rows else []
    return out


def correlation(
    judg: pd.DataFrame, f1: pd.DataFrame, options: MeaningOptions | None = None
) -> pd.DataFrame:
    """Point-biserial r (majority 0/1 vs F1) and Spearman's rho (score vs F1), with p-values,
    over all versions (``system`` = ``all``) and per system; rows ``system``, ``method``,
    ``coefficient`` (r or rho), ``p``, ``n``. NaN when fewer than 3 versions or a variable is
    constant."""
    import numpy as np
    import pandas as pd
    from scipy import stats

    options = options or MeaningOptions()
    vs = version_scores(judg).merge(f1[["system", "item_id", "f1"]], on=["system", "item_id"])
    vs["majority"] = [_majority(s, options.ties) for s in vs["score"]]
    groups: list[tuple[str, pd.DataFrame]] = [("all", vs)]
    if vs["system"].nunique() > 1:
        groups += [(str(s), g) for s, g in vs.groupby("system", sort=True)]
    rows = []
    for name, g in groups:
        for method, x_col in (("point-biserial", "majority"), ("spearman", "score")):
            d = g[[x_col, "f1"]].dropna()
            x = d[x_col].to_numpy(dtype=float)
            y = d["f1"].to_numpy(dtype=float)
            r = p = math.nan
            if len(d) >= 3 and np.ptp(x) > 0 and np.ptp(y) > 0:
                res = (
                    stats.pointbiserialr(x, y)
                    if method == "point-biserial"
                    else stats.spearmanr(x, y)
                )
                r, p = float(res[0]), float(res[1])
            rows.append({"system": name, "method": method, "coefficient": r, "p": p, "n": len(d)})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------------- result


_METHOD_LABELS = {"point-biserial": "point-biserial r", "spearman": "Spearman rho"}


def _p(p: float) -> str:
    """A p-value for people: three decimals, or three significant digits below 0.001."""
    if math.isnan(p):
        return "n/a"
    return f"{p:.3f}" if p >= 0.001 else f"{p:.2e}"


@dataclass
class MeaningAnalysis:
    """Shares, agreement, paired comparisons and (with gold data) the comparison with the
    verb-nucleus F1. ``versions`` has one row per (system, item_id): ``judges``, ``same``,
    ``score`` (s_v/n_v), ``majority`` (0/1, NaN for a dropped tie) and, with gold data,
    ``precision``, ``recall``, ``f1`` (percent)."""

    shares: pd.DataFrame
    agreement: pd.DataFrame
    options: MeaningOptions
    signature: Signature
    correlation: pd.DataFrame | None = None
    pairs: pd.DataFrame | None = None
    f1_signature: Signature | None = None
    notes: pd.DataFrame | None = None
    n_judgements: int = 0
    n_judges: int = 0
    versions: pd.DataFrame | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: judgements by simulated judges (participant ids starting with ``SIMULATED_PREFIX``)
    simulated: int = 0
    #: how the simulated judges decide (printed with the tables), when known
    simulation: str = ""

    def _tag(self) -> str:
        if not self.simulated:
            return ""
        if self.simulated == self.n_judgements:
            return " [SIMULATED judges]"
        return f" [{self.simulated} of {self.n_judgements} judgements SIMULATED]"

    def _simulated_note(self) -> str:
        return (
            f"{self.simulated} of {self.n_judgements} judgements come from simulated judges "
            f"(participant ids {SIMULATED_PREFIX}...), not people"
            + (f": {self.simulation}" if self.simulation else "")
        )

    def tables(self, *, with_notes: bool = False) -> list[Table]:
        pct = f"{self.options.confidence * 100:g}%"
        tag = self._tag()
        has_f1 = "f1" in self.shares.columns
        cols = ["system", "n", "same", "different", "preserved %", f"{pct} CI"]
        if has_f1:
            cols.append("F1")
        cols += ["judges/version", "ties"]
        unit = (
            "versions (majority of judges)"
            if self.options.aggregation == "majority"
            else "judgements"
        )
        shares = Table(
            cols,
            title=f"Meaning preservation (paper 000, section 7): share of {unit} judged "
            f"'same meaning', {pct} {self.options.ci} interval{tag}",
            signature=self.signature,
            digits=1,
        )
        for r in self.shares.to_dict("records"):
            row = [r["system"], r["n"], r["preserved"], r["not_preserved"], r["share"]]
            row.append(f"{r['ci_low']:.1f}-{r['ci_high']:.1f}" if r["n"] else "-")
            if has_f1:
                row.append(r["f1"])
            row += [round(float(r["judges_per_version"]), 2), r["ties"]]
            shares.add(*row)
        shares.notes.append(f"{self.n_judgements} judgements by {self.n_judges} judge(s)")
        if self.simulated:
            shares.notes.append(self._simulated_note())
        if has_f1:
            shares.notes.append(
                "F1: verb-nucleus F1 (section 6) of the judged rewrites, over the judged examples"
            )
        out = [shares]
        agree = Table(
            ["systems", "measure", "value", "versions", "judges", "ratings", "note"],
            title=f"Agreement between judges (versions with two or more judges){tag}",
            signature=self.signature,
            digits=3,
        )
        skipped = 0
        for r in self.agreement.to_dict("records"):
            if r["versions"] == 0:  # not computed (e.g. Cohen's kappa with three judges)
                skipped += 1
                continue
            agree.add(
                r["systems"],
                r["measure"],
                r["value"],
                r["versions"],
                r["judges"],
                r["ratings"],
                r["note"],
            )
        if self.agreement.empty:
            agree.notes.append("no version was judged by two or more judges")
        if skipped:
            agree.notes.append(
                "Cohen's kappa not shown: it needs exactly two judges per version "
                "(Fleiss' kappa and Krippendorff's alpha cover more)"
            )
        out.append(agree)
        if self.pairs is not None and not self.pairs.empty:
            pairs = Table(
                ["A", "B", "n", "A %", "B %", "A only", "B only", "p", "p (Bonferroni)"],
                title="Paired comparison: exact McNemar test on the examples judged for both "
                f"systems (majority outcome per version){tag}",
                signature=self.signature,
                digits=3,
            )
            for r in self.pairs.to_dict("records"):
                pairs.add(
                    r["A"],
                    r["B"],
                    r["n"],
                    f"{r['share_A']:.1f}",
                    f"{r['share_B']:.1f}",
                    r["A_only"],
                    r["B_only"],
                    _p(r["p"]),
                    _p(r["p_bonf"]),
                )
            out.append(pairs)
        if self.correlation is not None:
            corr = Table(
                ["systems", "method", "coefficient", "p", "n"],
                title=f"Judged preservation vs verb-nucleus F1, per version{tag}",
                signature=self.f1_signature,
                digits=3,
            )
            for r in self.correlation.to_dict("records"):
                corr.add(
                    r["system"],
                    _METHOD_LABELS.get(r["method"], r["method"]),
                    r["coefficient"],
                    _p(r["p"]),
                    r["n"],
                )
            corr.notes.append(
                "point-biserial r: majority judgement (0/1) vs F1; Spearman rho: share of 'same' "
                "vs F1"
            )
            if self.simulated:
                corr.notes.append(
                    "the judgements are simulated: a correlation with F1 here reflects how the "
                    "simulator decides, not how people judge"
                )
            out.append(corr)
        if with_notes and self.notes is not None:
            nt = Table(
                ["system", "item_id", "participant_id", "meaning", "note"],
                title=f"Judges' notes on what changed{tag}",
                signature=self.signature,
            )
            for r in self.notes.to_dict("records"):
                nt.add(r["system"], r["item_id"], r["participant_id"], r["meaning"], r["note"])
            out.append(nt)
        return out

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "signature": self.signature.as_dict(),
            "signature_string": self.signature.format(),
            "judgements": self.n_judgements,
            "judges": self.n_judges,
            "simulated_judgements": self.simulated,
            "simulation": self.simulation or None,
            "shares": self.shares.to_dict("records"),
            "agreement": self.agreement.to_dict("records"),
        }
        if self.pairs is not None:
            d["pairs"] = self.pairs.to_dict("records")
        if self.correlation is not None:
            d["correlation"] = self.correlation.to_dict("records")
            d["f1_signature"] = self.f1_signature.as_dict() if self.f1_signature else None
        if self.notes is not None:
            d["notes"] = self.notes.to_dict("records")
        out: dict[str, Any] = to_jsonable(d)
        return out

    def plot(self, path: str | Path) -> Path:
        """Bar chart of the share per system with its interval (and F1 markers when known)."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        path = Path(path)
        if path.suffix.lower() not in (".png", ".svg", ".pdf"):
            raise LingevalError(f"plot file {path} must end in .png, .svg or .pdf")
        s = self.shares
        xs = list(range(len(s)))
        share = s["share"].to_numpy(dtype=float)
        err = [
            share - s["ci_low"].to_numpy(dtype=float),
            s["ci_high"].to_numpy(dtype=float) - share,
        ]
        fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(s) + 3.5), 3.8))
        ax.bar(xs, share, yerr=err, capsize=4, color="#4C72B0", label="same meaning %")
        if "f1" in s.columns:
            ax.plot(xs, s["f1"], "D", color="#DD8452", label="verb-nucleus F1")
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
        labels = [f"{name}\n{v:.1f}%" for name, v in zip(s["system"], share, strict=True)]
        ax.set_xticks(xs, labels)
        ax.set_ylim(0, 105)
        ax.set_ylabel("%")
        pct = f"{self.options.confidence * 100:g}%"
        ax.set_title(
            f"Meaning preserved (error bars: {pct} {self.options.ci}){self._tag()}", fontsize=10
        )
        fig.text(0.01, 0.01, self.signature.format(short=True), fontsize=6, color="#555555")
        fig.tight_layout(rect=(0, 0.04, 1, 1))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fig.savefig(path, dpi=150)
        except OSError as exc:
            raise LingevalError(f"cannot write plot {path}: {exc}") from None
        finally:
            plt.close(fig)
        return path


def _items_from_answers(judg: pd.DataFrame) -> list[StudyItem]:
    """The judged versions rebuilt from the answers' ``reference`` (the shown rewrites, JSON)."""
    import json

    from lingeval.study.tasks.base import StudyItem

    out: dict[tuple[str, str], StudyItem] = {}
    for system, item_id, ref in zip(
        judg["system"], judg["item_id"], judg["reference"], strict=True
    ):
        if (item_id, system) in out:
            continue
        try:
            rewrites = json.loads(ref) if ref else None
        except json.JSONDecodeError:
            rewrites = None
        if not isinstance(rewrites, list) or not all(isinstance(r, str) for r in rewrites):
            raise LingevalError(
                f"the answer for {item_id}/{system} does not hold the shown rewrites (reference "
                "column); give the study's items file (--items)"
            )
        out[(item_id, system)] = StudyItem(item_id, system, "", {"rewrites": rewrites})
    return list(out.values())


def analyze(
    answers: Any,
    *,
    key: Mapping[str, str] | None = None,
    examples: Sequence[ConjunctExample] | None = None,
    items: Sequence[StudyItem] | None = None,
    options: MeaningOptions | None = None,
    metric_options: MetricOptions | None = None,
    analyzer: Analyzer | None = None,
    spacy_model: str | None = None,
    cache_dir: str | Path | None = None,
    study_id: str | None = None,
    with_notes: bool = False,
    progress: bool = False,
) -> MeaningAnalysis:
    """Shares with intervals, agreement, paired comparisons and, given gold ``examples``, the
    comparison with the verb-nucleus F1 (module docstring). The judged rewrites come from the
    study ``items`` when given, else from the answers' ``reference`` column (the engine stores
    the shown rewrite set there)."""
    options = options or MeaningOptions()
    judg = judgements(answers, key=key, study_id=study_id)
    shares = preservation_shares(judg, options)
    agree = agreement(judg)
    pairs = compare_systems(judg, options)
    vs = version_scores(judg)
    simulated = int(judg["participant_id"].astype(str).str.startswith(SIMULATED_PREFIX).sum())
    extra: dict[str, Any] = {}
    if simulated:
        extra["raters"] = "simulated" if simulated == len(judg) else "mixed"
    sig = options.signature(
        judges=int(vs["judges"].max()),
        blind="key" if key else "none",
        **extra,
    )
    result = MeaningAnalysis(
        shares,
        agree,
        options,
        sig,
        n_judgements=len(judg),
        n_judges=int(judg["participant_id"].nunique()),
        pairs=pairs,
        versions=vs.assign(majority=[_majority(x, options.ties) for x in vs["score"]]),
        simulated=simulated,
    )
    if items is not None and examples is None:
        raise LingevalError(
            "the comparison with F1 needs the gold examples (items alone are not enough)"
        )
    if examples is not None:
        f1_key = key
        if items is None:
            shown = _items_from_answers(judg)
            f1_key = None  # judgements already carry the system names
        else:
            judged = set(zip(judg["system"], judg["item_id"], strict=True))
            shown = [it for it in items if (apply_key([it.system], key)[0], it.item_id) in judged]
            if not shown:
                raise LingevalError(
                    "none of the judged versions is among the items (wrong items file or key?)"
                )
        f1, corpus, f1_sig = item_f1(
            examples,
            shown,
            key=f1_key,
            options=metric_options,
            analyzer=analyzer,
            spacy_model=spacy_model,
            cache_dir=cache_dir,
            progress=progress,
        )
        result.shares["f1"] = [corpus.get(s, math.nan) for s in result.shares["system"]]
        result.correlation = correlation(judg, f1, options)
        result.f1_signature = Signature(
            "conjuncts-meaning-vs-f1",
            {
                **sig.options,
                **{
                    f"f1_{k}": v
                    for k, v in f1_sig.options.items()
                    if k in ("parser", "words", "labels", "aux", "empty")
                },
            },
        )
        result.extra["f1"] = f1
        assert result.versions is not None
        result.versions = result.versions.merge(f1, on=["system", "item_id"], how="left")
    if with_notes:
        result.notes = notes(answers, key=key, study_id=study_id)
    return result


# ---------------------------------------------------------------------------------- simulation


def simulate_answers(
    items: Sequence[StudyItem],
    rates: Mapping[str, float],
    *,
    judges: int = 1,
    reliability: float = 1.0,
    truth: Mapping[tuple[str, str], bool] | None = None,
    seed: int = 0,
    study_id: str = "sim",
) -> pd.DataFrame:
    """Simulated answers in the tidy shape, with planted preservation rates (tests, demos).

    Every version (item x system) gets a latent truth ``z`` (from ``truth[(item_id, system)]``
    when given, else ``z ~ Bernoulli(rates[system])``); each of ``judges`` judges (``J1``,
    ``J2``, ... judging every version) answers ``z`` with probability ``reliability`` and
    otherwise an independent ``Bernoulli(rates[system])`` draw. ``reliability=1`` gives
    perfect agreement; ``reliability=0`` gives independent judges (kappa near 0).
    Judges who say "different" leave a short note. Judges are ``SIM-J1``, ``SIM-J2``, ... so
    that the analysis labels their judgements as simulated.
    """
    import pandas as pd

    from lingeval.study.answers import ANSWER_COLUMNS

    if judges < 1:
        raise LingevalError("at least one judge is needed")
    if not 0 <= reliability <= 1:
        raise LingevalError("reliability must be between 0 and 1")
    missing = sorted({it.system for it in items} - set(rates))
    if missing:
        raise LingevalError(f"no planted rate for system(s) {', '.join(missing)}")
    for name, rate in rates.items():
        if not 0 <= rate <= 1:
            raise LingevalError(f"rate of {name} must be between 0 and 1, got {rate}")
    rng = random.Random(seed)
    rows = []
    for n, it in enumerate(sorted(items, key=lambda i: (i.system, i.item_id))):
        rate = rates[it.system]
        z = truth[(it.item_id, it.system)] if truth is not None else rng.random() < rate
        for j in range(1, judges + 1):
            same = z if rng.random() < reliability else rng.random() < rate
            stamp = f"2026-01-01T00:{(n // 60) % 60:02d}:{n % 60:02d}+00:00"
            base = [study_id, f"{SIMULATED_PREFIX}J{j}", 1, it.item_id, it.system, it.subset]
            rows.append([*base, "meaning", "", "", "same" if same else "different", stamp])
            note = "" if same else "a verb or argument changed"
            rows.append([*base, "note", "", "", note, stamp])
    return pd.DataFrame(rows, columns=list(ANSWER_COLUMNS))
