"""Paired significance between two systems over the same gold sentences.

Both tests resample per-sentence counts (statistics first, score second), so they cost little
once the two systems are scored:

* **paired bootstrap** (Koehn 2004; the sacreBLEU/MaltEval habit): draw sentences with
  replacement ``samples`` times; the p-value is the share of resampled differences, centred
  on their mean, that are at least as extreme as the observed difference (two-sided); the 95%
  interval is the 2.5th-97.5th percentile of the resampled differences.
* **approximate randomisation** (Noreen 1989; Riezler & Maxwell 2005): swap the two systems'
  counts of each sentence with probability 1/2; p = (r + 1) / (trials + 1), where r counts
  trials with |difference| >= the observed one.

Differences are in percentage points of the measure (system B minus system A).
"""

from __future__ import annotations

from dataclasses import dataclass

from lingeval.core.errors import LingevalError
from lingeval.core.signature import Signature
from lingeval.depeval.evaluate import FIELDS, MEASURES, DepevalResult

__all__ = ["SignificanceResult", "paired_test"]


@dataclass(frozen=True)
class SignificanceResult:
    """One measure's comparison; ``delta`` and the interval are B - A in points."""

    measure: str
    score_a: float
    score_b: float
    delta: float
    p_value: float
    ci_low: float | None
    ci_high: float | None
    method: str
    samples: int
    seed: int


def paired_test(
    a: DepevalResult,
    b: DepevalResult,
    *,
    method: str = "bootstrap",
    samples: int = 1000,
    seed: int = 12345,
    measures: tuple[str, ...] = MEASURES,
) -> list[SignificanceResult]:
    """Compare systems ``a`` and ``b`` scored against the same gold (identical tokenisation)."""
    import numpy as np

    if method not in ("bootstrap", "randomization"):
        raise LingevalError(f"unknown method {method!r}; choose bootstrap or randomization")
    if samples < 1:
        raise LingevalError("the number of samples must be positive")
    ia = [s.index for s in a.sentences]
    ib = [s.index for s in b.sentences]
    if ia != ib or not ia:
        raise LingevalError(
            "the two results do not cover the same gold sentences (score both against one gold file)"
        )
    ca = np.array([s.counts for s in a.sentences], dtype=np.int64)
    cb = np.array([s.counts for s in b.sentences], dtype=np.int64)
    words = ca[:, 0]
    rng = np.random.default_rng(seed)
    out: list[SignificanceResult] = []
    n = len(ia)
    if method == "bootstrap":
        idx = rng.integers(0, n, size=(samples, n))
    else:
        swap = rng.random((samples, n)) < 0.5
    for m in measures:
        k = FIELDS.index(m)
        xa, xb = ca[:, k], cb[:, k]
        total = words.sum()
        sa, sb = 100.0 * xa.sum() / total, 100.0 * xb.sum() / total
        delta = sb - sa
        lo: float | None = None
        hi: float | None = None
        if method == "bootstrap":
            w = words[idx].sum(axis=1)
            d = 100.0 * (xb[idx].sum(axis=1) - xa[idx].sum(axis=1)) / w
            centred = np.abs(d - d.mean())
            p = float((np.sum(centred >= abs(delta) - 1e-12) + 1) / (samples + 1))
            lo, hi = (float(v) for v in np.percentile(d, [2.5, 97.5]))
        else:
            diff = xb - xa
            signs = np.where(swap, -1, 1)
            d = 100.0 * (signs * diff).sum(axis=1) / total
            p = float((np.sum(np.abs(d) >= abs(delta) - 1e-12) + 1) / (samples + 1))
        out.append(SignificanceResult(m, sa, sb, delta, p, lo, hi, method, samples, seed))
    return out


def significance_signature(a: DepevalResult, method: str, samples: int, seed: int) -> Signature:
    opts = dict(a.signature.options)
    opts.update(test=method, samples=samples, seed=seed)
    return Signature("depeval-significance", opts)
