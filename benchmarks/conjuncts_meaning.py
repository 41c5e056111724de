"""Meaning-preservation analysis (paper 000, section 7): lingeval against the peer in one run.

The peer is the analysis as one would script it directly with the same maintained libraries
(pandas for the tallies, statsmodels ``proportion_confint`` for the Wilson interval and
``fleiss_kappa`` + ``aggregate_raters`` for Fleiss' kappa, scikit-learn ``cohen_kappa_score``,
the ``krippendorff`` package for alpha). Both run on the same simulated answers; the script
checks that they give the same numbers, then prints the best-of-``--repeat`` times and the
ratio (lingeval / peer; lower is better for us).

1. **Paper size**: the test set of 1,019 examples, one system (T5_80%), one judge, planted
   preservation 87.9% (the paper's figure).
2. **Several systems and judges**: 1,019 examples x 3 systems x 3 judges (9,171 judgements):
   shares with Wilson intervals plus agreement (observed, Fleiss, Krippendorff).
3. **Two judges**: 1,019 x 3 systems x 2 judges: adds Cohen's kappa.

Run: .venv/bin/python benchmarks/conjuncts_meaning.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from typing import Any

import krippendorff
import numpy as np
import pandas as pd
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa
from statsmodels.stats.proportion import proportion_confint

from lingeval.conjuncts.meaning.analysis import analyze, simulate_answers
from lingeval.study.tasks.base import StudyItem


def best(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def peer(answers: pd.DataFrame) -> dict[str, Any]:
    """Direct script: majority per (system, item) with ties as 'different', Wilson CI, kappas."""
    m = answers[answers["question"] == "meaning"].copy()
    m["y"] = (m["value"] == "same").astype(int)
    per = m.groupby(["system", "item_id"])["y"].agg(["sum", "count"]).reset_index()
    per["maj"] = (per["sum"] * 2 > per["count"]).astype(int)
    out: dict[str, Any] = {}
    for system, g in per.groupby("system"):
        k, n = int(g["maj"].sum()), len(g)
        lo, hi = proportion_confint(k, n, alpha=0.05, method="wilson")
        out[system] = (100 * k / n, 100 * lo, 100 * hi)
    judges = int(per["count"].max())
    if judges >= 2:
        m = m.sort_values(["system", "item_id", "participant_id"])
        m["rater"] = m.groupby(["system", "item_id"]).cumcount()
        wide = m.pivot_table(index=["system", "item_id"], columns="rater", values="y")
        table, _ = aggregate_raters(wide.to_numpy(dtype=int))
        out["fleiss"] = float(fleiss_kappa(table))
        rel = m.pivot_table(index="participant_id", columns=["system", "item_id"], values="y")
        out["alpha"] = float(
            krippendorff.alpha(
                reliability_data=rel.to_numpy(dtype=float), level_of_measurement="nominal"
            )
        )
        if judges == 2:
            out["cohen"] = float(cohen_kappa_score(wide[0], wide[1]))
    return out


def ours(answers: pd.DataFrame) -> dict[str, Any]:
    r = analyze(answers)
    out: dict[str, Any] = {
        row["system"]: (row["share"], row["ci_low"], row["ci_high"])
        for row in r.shares.to_dict("records")
    }
    pooled = r.agreement[r.agreement["systems"] == "all"]
    measures = dict(zip(pooled["measure"], pooled["value"], strict=True))
    if measures:
        out["fleiss"] = measures["Fleiss' kappa"]
        out["alpha"] = measures["Krippendorff's alpha"]
        if not math.isnan(measures["Cohen's kappa"]):
            out["cohen"] = measures["Cohen's kappa"]
    return out


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    if a.keys() != b.keys():
        return False
    for k in a:
        x, y = np.atleast_1d(a[k]).astype(float), np.atleast_1d(b[k]).astype(float)
        if not np.allclose(x, y, atol=1e-9):
            return False
    return True


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    cases = [
        ("1. paper size: 1,019 x 1 system x 1 judge", ("T5_80",), {"T5_80": 0.879}, 1),
        (
            "2. 1,019 x 3 systems x 3 judges",
            ("T5_80", "GPT3", "rules"),
            {"T5_80": 0.879, "GPT3": 0.75, "rules": 0.6},
            3,
        ),
        (
            "3. 1,019 x 3 systems x 2 judges",
            ("T5_80", "GPT3", "rules"),
            {"T5_80": 0.879, "GPT3": 0.75, "rules": 0.6},
            2,
        ),
    ]
    print(
        f"{'case':44s} {'judgements':>10s} {'lingeval s':>10s} {'peer s':>8s} {'ratio':>6s}  same numbers"
    )
    for title, systems, rates, judges in cases:
        items = [StudyItem(f"test-{i:04d}", s, "", {}) for i in range(1019) for s in systems]
        answers = simulate_answers(items, rates, judges=judges, reliability=0.85, seed=1)
        t_ours, r_ours = best(lambda a=answers: ours(a), args.repeat)
        t_peer, r_peer = best(lambda a=answers: peer(a), args.repeat)
        n = int((answers["question"] == "meaning").sum())
        ok = same(r_ours, r_peer)
        print(
            f"{title:44s} {n:10d} {t_ours:10.3f} {t_peer:8.3f} {t_ours / t_peer:6.2f}  {'yes' if ok else 'NO'}"
        )
        if not ok:
            raise SystemExit(f"results differ:\n lingeval {r_ours}\n peer     {r_peer}")
        share = r_ours["T5_80"]
        print(
            f"    T5_80: {share[0]:.1f}% preserved (95% Wilson {share[1]:.1f}-{share[2]:.1f}); planted 87.9%"
        )


if __name__ == "__main__":
    main()
