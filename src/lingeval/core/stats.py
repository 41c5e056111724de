"""Small statistics shared by every area.

:func:`proportion_ci` is the confidence interval of a binomial proportion k/n, computed by
statsmodels' ``proportion_confint`` (Wilson by default:
``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``, z the normal quantile).
"""

from __future__ import annotations

import math

__all__ = ["CI_METHODS", "proportion_ci"]

#: Interval names -> statsmodels ``proportion_confint`` methods.
CI_METHODS = {
    "wilson": "wilson",
    "clopper-pearson": "beta",
    "agresti-coull": "agresti_coull",
    "jeffreys": "jeffreys",
    "wald": "normal",
}


def proportion_ci(
    k: int, n: int, *, method: str = "wilson", confidence: float = 0.95
) -> tuple[float, float]:
    """Confidence interval of the proportion k/n as fractions in [0, 1] (NaN when n is 0)."""
    if n <= 0:
        return math.nan, math.nan
    from statsmodels.stats.proportion import proportion_confint

    lo, hi = proportion_confint(k, n, alpha=1 - confidence, method=CI_METHODS[method])
    return max(0.0, float(lo)), min(1.0, float(hi))
