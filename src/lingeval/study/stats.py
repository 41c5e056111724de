"""Statistics helpers in the pingouin style: a tidy DataFrame in, a tidy DataFrame out.

Used by :mod:`lingeval.study.analysis` (paper 002, sections 5.2-5.3 and appendix A):

* :func:`pairwise_wilcoxon`: Wilcoxon signed-rank tests between every pair of conditions, on
  values paired by a ``subject`` column, with Bonferroni correction
  ``p_corr = min(1, p * m)`` where ``m`` is the size of the correction family.
* :func:`compact_letters`: the compact letter display (insert-and-absorb, Piepho 2004):
  conditions that share no letter differ significantly.
* :func:`linregress_table`: ordinary least squares of ``y`` on one predictor: slope ``beta``,
  intercept, coefficient of determination ``R2`` and the two-sided p-value of the slope.
* :func:`mannwhitney_table`: two-sided Mann-Whitney U tests of two groups per measure.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from lingeval.core.errors import LingevalError

__all__ = [
    "bonferroni",
    "compact_letters",
    "linregress_table",
    "mannwhitney_table",
    "pairwise_wilcoxon",
    "wilcoxon_diff",
    "wilcoxon_test",
]


def bonferroni(pvalues: Sequence[float], m: int | None = None) -> list[float]:
    """Bonferroni-corrected p-values ``min(1, p * m)``; ``m`` defaults to ``len(pvalues)``.

    NaN p-values (a test that could not be run) stay NaN and do not count in ``m``.
    """
    if m is None:
        m = sum(1 for p in pvalues if not np.isnan(p))
    return [float("nan") if np.isnan(p) else min(1.0, float(p) * max(m, 1)) for p in pvalues]


def wilcoxon_test(x: Any, y: Any, *, zero_method: str = "wilcox") -> tuple[float, float]:
    """Two-sided Wilcoxon signed-rank test of paired samples: :func:`wilcoxon_diff` of
    ``x - y`` (floats; give exact differences to :func:`wilcoxon_diff` directly)."""
    d = np.asarray(x, dtype=float) - np.asarray(y, dtype=float)
    return wilcoxon_diff(d, zero_method=zero_method)


def wilcoxon_diff(d: Any, *, zero_method: str = "wilcox") -> tuple[float, float]:
    """Two-sided Wilcoxon signed-rank test on paired differences ``d``: ``(W, p)`` exactly
    as ``scipy.stats.wilcoxon(d)`` with its defaults (``method='auto'``).

    ``d`` may hold :class:`fractions.Fraction` values (exact differences of averaged
    ratings): they are converted to floats only after subtraction, so equal differences stay
    tied (``0.7 - 0.4`` and ``0.5 - 0.2`` are both ``3/10``, but not equal as float sums).
    scipy's ``auto`` runs a permutation test over all ``2**n`` sign flips when there are
    ties or zeros and ``n <= 13``; it evaluates the statistic once per flip and takes seconds.
    This function computes the same null distribution at once (a 0/1 matrix times the
    midranks), with scipy's tolerance and two-sided rule ``p = min(1, 2 min(P(T <= t),
    P(T >= t)))`` on ``T = R+``; every other case is passed to scipy.
    """
    from scipy.stats import rankdata, wilcoxon

    d = np.array([float(v) for v in d], dtype=float)
    nonzero = d[d != 0]
    ranks = rankdata(np.abs(nonzero))
    ties = len(np.unique(np.abs(nonzero))) < len(nonzero)
    small = len(d) <= 13 and (ties or len(nonzero) < len(d))
    if zero_method != "wilcox" or not small or len(nonzero) == 0:
        res = wilcoxon(d, zero_method=zero_method)
        return float(res.statistic), float(res.pvalue)
    r_plus = float(ranks[nonzero > 0].sum())
    r_minus = float(ranks[nonzero < 0].sum())
    m = len(nonzero)
    bits = (np.arange(2**m)[:, None] >> np.arange(m)[None, :]) & 1
    null = bits @ ranks
    gamma = abs(np.finfo(float).eps * 100 * r_plus)
    p_less = float(np.mean(null <= r_plus + gamma))
    p_greater = float(np.mean(null >= r_plus - gamma))
    return min(r_plus, r_minus), min(1.0, 2 * min(p_less, p_greater))


def _mean(values: list[Any]) -> Any:
    """Exact mean of rationals (``Fraction``/``int``), else the float mean."""
    if all(isinstance(v, (Fraction, int)) for v in values):
        return sum(values, Fraction(0)) / len(values)
    return float(np.mean(np.asarray(values, dtype=float)))


def pairwise_wilcoxon(
    data: pd.DataFrame,
    *,
    dv: str,
    within: str,
    subject: str,
    order: Sequence[str] | None = None,
    zero_method: str = "wilcox",
) -> pd.DataFrame:
    """Wilcoxon signed-rank test (two-sided) for every pair of ``within`` conditions.

    ``data`` holds one row per (subject, condition) with the value in ``dv`` (several rows
    are averaged). Values that are :class:`fractions.Fraction` (or ints) are averaged and
    subtracted exactly, so tied differences of averaged ratings stay tied; floats are used as
    given. A pair of conditions is tested on the subjects present in both.
    Returns one row per pair: ``A``, ``B``, ``n`` (pairs), ``W`` (scipy's statistic: the smaller
    rank sum), ``p`` (uncorrected), ``mean_A``, ``mean_B``. Correction is applied by the caller,
    who knows the family (see :func:`bonferroni`). Options are scipy's defaults
    (``zero_method='wilcox'``, no continuity correction, exact p when n is small and there are
    no ties), the settings of the COLING 2020 authors' scripts.
    """
    cells: dict[Any, dict[Any, list[Any]]] = {}
    for subj, cond, v in zip(data[subject], data[within], data[dv], strict=True):
        if v is None or (isinstance(v, float) and np.isnan(v)):
            continue
        cells.setdefault(cond, {}).setdefault(subj, []).append(v)
    means = {c: {s: _mean(vs) for s, vs in by.items()} for c, by in cells.items()}
    conditions = list(order) if order is not None else sorted(means)
    rows: list[dict[str, Any]] = []
    for a, b in itertools.combinations(conditions, 2):
        if a not in means or b not in means:
            continue
        subjects = sorted(set(means[a]) & set(means[b]), key=str)
        x = [means[a][s] for s in subjects]
        y = [means[b][s] for s in subjects]
        d = [u - v for u, v in zip(x, y, strict=True)]
        n = len(subjects)
        stat, p = float("nan"), float("nan")
        if n > 0 and any(v != 0 for v in d):
            stat, p = wilcoxon_diff(d, zero_method=zero_method)
        elif n > 0:
            p = 1.0  # identical samples: no evidence of a difference
        rows.append(
            {
                "A": a,
                "B": b,
                "n": n,
                "W": stat,
                "p": p,
                "mean_A": float(np.mean([float(v) for v in x])) if n else float("nan"),
                "mean_B": float(np.mean([float(v) for v in y])) if n else float("nan"),
            }
        )
    return pd.DataFrame(rows, columns=["A", "B", "n", "W", "p", "mean_A", "mean_B"])


def compact_letters(
    means: Mapping[str, float],
    significant: Sequence[tuple[str, str]],
    *,
    higher_is_better: bool = True,
) -> dict[str, str]:
    """Compact letter display by insert-and-absorb (Piepho 2004).

    ``means`` orders the conditions (best first gets ``A``); ``significant`` lists the pairs
    that differ. Two conditions share a letter iff no chain of the display separates them,
    exactly: pairs sharing no letter are the significant ones. Letters are joined by commas
    as in the paper's Table 3 (``A,B``).
    """
    names = sorted(means, key=lambda k: (-means[k] if higher_is_better else means[k], k))
    sig = {frozenset(p) for p in significant}
    columns: list[set[str]] = [set(names)]
    for pair in sig:
        a, b = tuple(pair)
        new_cols: list[set[str]] = []
        for col in columns:
            if a in col and b in col:
                new_cols.append(col - {a})
                new_cols.append(col - {b})
            else:
                new_cols.append(col)
        # absorb: drop columns contained in another column
        uniq: list[set[str]] = []
        for col in sorted(new_cols, key=len, reverse=True):
            if not col:
                continue
            if not any(col <= other for other in uniq):
                uniq.append(col)
        columns = uniq
    # letters in the order of the best member of each column
    rank = {n: i for i, n in enumerate(names)}
    columns.sort(key=lambda c: sorted(rank[n] for n in c))
    letters = {n: [] for n in names}  # type: dict[str, list[str]]
    for i, col in enumerate(columns):
        letter = _letter(i)
        for n in col:
            letters[n].append(letter)
    return {n: ",".join(letters[n]) for n in names}


def _letter(i: int) -> str:
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(ord("A") + r) + out
    return out


def linregress_table(data: pd.DataFrame, pairs: Sequence[tuple[str, str]]) -> pd.DataFrame:
    """OLS of ``y`` on ``x`` for each ``(y, x)`` pair (paper 002, section 5.3).

    ``y = intercept + beta * x``; ``R2`` is the squared Pearson correlation; ``p`` is the
    two-sided t-test of ``beta = 0``. One row per pair with ``n``.
    """
    from scipy.stats import linregress

    rows = []
    for y, x in pairs:
        if y not in data.columns or x not in data.columns:
            continue
        sub = data[[x, y]].dropna()
        n = len(sub)
        if n < 3 or sub[x].nunique() < 2:
            rows.append(
                {
                    "y": y,
                    "x": x,
                    "n": n,
                    "beta": np.nan,
                    "intercept": np.nan,
                    "R2": np.nan,
                    "p": np.nan,
                }
            )
            continue
        res = linregress(sub[x].astype(float), sub[y].astype(float))
        rows.append(
            {
                "y": y,
                "x": x,
                "n": n,
                "beta": float(res.slope),
                "intercept": float(res.intercept),
                "R2": float(res.rvalue) ** 2,
                "p": float(res.pvalue),
            }
        )
    return pd.DataFrame(rows, columns=["y", "x", "n", "beta", "intercept", "R2", "p"])


def mannwhitney_table(
    data: pd.DataFrame,
    *,
    dvs: Sequence[str],
    between: str,
    groups: tuple[Any, Any] | None = None,
) -> pd.DataFrame:
    """Two-sided Mann-Whitney U test of ``dv`` between the two levels of ``between``.

    Returns one row per measure: group labels, sizes, means, ``U`` (for the first group) and
    ``p`` (scipy's default method: exact for small samples without ties, else normal
    approximation with continuity correction).
    """
    from scipy.stats import mannwhitneyu

    levels = list(groups) if groups is not None else sorted(data[between].dropna().unique())
    if len(levels) != 2:
        raise LingevalError(
            f"Mann-Whitney U needs exactly two groups in {between!r}, found {levels}"
        )
    g1, g2 = levels
    rows = []
    for dv in dvs:
        if dv not in data.columns:
            continue
        x = data.loc[data[between] == g1, dv].dropna().astype(float)
        y = data.loc[data[between] == g2, dv].dropna().astype(float)
        if len(x) == 0 or len(y) == 0:
            u, p = float("nan"), float("nan")
        else:
            res = mannwhitneyu(x, y, alternative="two-sided")
            u, p = float(res.statistic), float(res.pvalue)
        rows.append(
            {
                "measure": dv,
                "group_1": str(g1),
                "group_2": str(g2),
                "n_1": len(x),
                "n_2": len(y),
                "mean_1": float(x.mean()) if len(x) else np.nan,
                "mean_2": float(y.mean()) if len(y) else np.nan,
                "U": u,
                "p": p,
            }
        )
    return pd.DataFrame(
        rows, columns=["measure", "group_1", "group_2", "n_1", "n_2", "mean_1", "mean_2", "U", "p"]
    )
