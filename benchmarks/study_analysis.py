"""REG study analysis and materials: lingeval against the peer in one run.

1. **Paper-size analysis.** A simulated study the size of paper 002's (48 texts x 5 systems =
   240 items, 16 groups of 15, 8 participants per group = 128 participants, ~30k answer rows)
   is analysed by ``lingeval.study.analysis.analyze`` (everything: SR, ratings, Wilcoxon tests
   with Bonferroni and letters, RR, regressions, familiarity) and by the **peer**: the
   analysis as the COLING 2020 NeuralREG authors scripted it (pandas + ``scipy.stats.wilcoxon``
   on wide per-system tables), restricted to what it covers (rating means and pairwise
   Wilcoxon tests, plus SR and RR counts). With ``pingouin`` installed, its
   ``pairwise_tests(parametric=False, padjust='bonf')`` is timed too.
2. **COLING 2020 reproduction** (shared data): ``trials_results.csv`` through lingeval (loader
   + analysis with the authors' order pairing) against the authors' script approach.
3. **Materials** (shared data): building the paper's 240 items (WebNLG XML + NeuralREG
   instances + alignment + ``rule`` and two output systems), no peer.

Best of ``--repeat`` runs; the ratio is lingeval time / peer time (lower is better for us).

Run: .venv/bin/python benchmarks/study_analysis.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
from scipy.stats import wilcoxon

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import SHARED_DATA
from lingeval.study.analysis import AnalysisOptions, analyze, load_neuralreg
from lingeval.study.simulate import SimulationSpec, SystemEffect, simulate_answers, synthetic_items

SYSTEMS = ["human", "ml", "nreg1", "nreg2", "rule"]
MEASURES = ["clarity", "grammaticality", "coherence"]


def best(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def peer_script(answers: pd.DataFrame, measures: list[str]) -> dict[str, Any]:
    """The NeuralREG authors' style: per-item wide tables, scipy Wilcoxon per pair, x m."""
    out: dict[str, Any] = {}
    ratings = answers[answers["question"].isin(measures)].copy()
    ratings["value"] = ratings["value"].astype(float)
    for subset in ("all", "seen", "unseen"):
        sub = ratings if subset == "all" else ratings[ratings["subset"] == subset]
        for m in measures:
            wide = sub[sub["question"] == m].pivot_table(
                index="item_id", columns="system", values="value", aggfunc="mean"
            )
            out[(subset, m, "means")] = wide.mean().to_dict()
            pairs = list(itertools.combinations(sorted(wide.columns), 2))
            for a, b in pairs:
                d = wide[[a, b]].dropna()
                res = wilcoxon(d[a], d[b])
                out[(subset, m, a, b)] = min(1.0, float(res.pvalue) * len(pairs))
    succ = answers[answers["question"] == "success"]
    out["sr"] = (
        succ.groupby("system")["value"]
        .apply(lambda v: ((v == "yes") | (v == "name")).mean())
        .to_dict()
    )
    rw = answers[answers["question"] == "rewrite"]
    out["rr"] = (
        (rw["value"].str.strip().str.lower() != rw["reference"].str.strip().str.lower())
        .groupby(rw["system"])
        .mean()
        .to_dict()
    )
    return out


def peer_pingouin(answers: pd.DataFrame, measures: list[str]) -> Any:
    import pingouin as pg

    ratings = answers[answers["question"].isin(measures)].copy()
    ratings["value"] = ratings["value"].astype(float)
    out = []
    for m in measures:
        per_item = (
            ratings[ratings["question"] == m]
            .groupby(["item_id", "system"], as_index=False)["value"]
            .mean()
        )
        out.append(
            pg.pairwise_tests(
                data=per_item,
                dv="value",
                within="system",
                subject="item_id",
                parametric=False,
                padjust="bonf",
            )
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    print("1. paper-size simulated study (48 texts x 5 systems, 128 participants)")
    items = synthetic_items(48, SYSTEMS, seed=0, res_per_item=(3, 8))
    spec = SimulationSpec(
        effects={"human": SystemEffect(shift=0.5), "nreg2": SystemEffect(shift=-0.3, p_yes=0.65)},
        seed=0,
    )
    from lingeval.study.design import make_design

    design = make_design(items, 16, seed=0, per_group=8)
    groups = {g: [(c.item_id, c.system) for c in cells] for g, cells in design.groups().items()}
    t_sim, answers = best(
        lambda: simulate_answers(items, spec, groups=groups, participants_per_group=8), 1
    )
    print(f"   simulated {len(answers):,} answer rows in {t_sim:.2f} s")
    t_ours, result = best(lambda: analyze(answers), args.repeat)
    t_peer, peer = best(lambda: peer_script(answers, MEASURES), args.repeat)
    # same numbers where they overlap
    r = result.ratings.set_index(["subset", "measure", "system"])["mean"]
    w = result.wilcoxon.set_index(["subset", "measure", "A", "B"])["p_corr"]
    ok = all(
        abs(r[(key[0], key[1], k)] - v) < 1e-9
        for key, means in peer.items()
        if isinstance(key, tuple) and len(key) == 3
        for k, v in means.items()
    )
    ok &= all(
        abs(w[key] - v) < 1e-9
        for key, v in peer.items()
        if isinstance(key, tuple) and len(key) == 4
    )
    print(f"   lingeval analyze (all of section 5): {t_ours:.3f} s")
    print(f"   peer (authors' script approach, means + Wilcoxon + SR/RR): {t_peer:.3f} s")
    print(
        f"   ratio lingeval/peer: {t_ours / t_peer:.2f}x; identical means and corrected p-values: {ok}"
    )
    try:
        t_pg, _ = best(lambda: peer_pingouin(answers, MEASURES), args.repeat)
        print(
            f"   pingouin.pairwise_tests (all items, 3 measures): {t_pg:.3f} s; ratio lingeval/pingouin {t_ours / t_pg:.2f}x"
        )
    except ImportError:
        print("   (pingouin not installed: its pairwise_tests were not timed)")

    humaneval = SHARED_DATA / "reg" / "neuralreg_coling2020_humaneval" / "trials_results.csv"
    if humaneval.exists():
        print("2. COLING 2020 human evaluation (trials_results.csv, 300 trials)")
        opts = AnalysisOptions(pairing="order")
        t_ours, _ = best(lambda: analyze(load_neuralreg(humaneval), opts), args.repeat)

        def authors() -> Any:
            t = pd.read_csv(humaneval, sep="\t")
            out = {}
            for m in ("acceptability", "lexicogrammar", "adequacy"):
                cols = {k: g[m].to_numpy() for k, g in t.groupby("model", sort=False)}
                for a, b in itertools.combinations(sorted(cols), 2):
                    out[(m, a, b)] = wilcoxon(cols[a], cols[b])
            return out

        t_peer, _ = best(authors, args.repeat)
        print(
            f"   lingeval (loader + full analysis, 3 subsets): {t_ours:.3f} s; authors' script approach (all domains only): {t_peer:.3f} s; ratio {t_ours / t_peer:.2f}x"
        )
    else:
        print("2. skipped: shared data not present")

    webnlg = SHARED_DATA / "reg" / "webnlg_enriched_v1.5_en_test"
    if webnlg.exists():
        from lingeval.study.reg.items import PAPER_STRATA
        from lingeval.study.reg.pool import load_pool, make_items

        print("3. materials: the paper's 240 items from WebNLG v1.5 + NeuralREG instances")
        reg = SHARED_DATA / "reg" / "webnlg_reg_v1.5_seen_unseen"
        t_pool, pool = best(
            lambda: load_pool(webnlg, instances=reg / "data", outputs=reg / "system_outputs"), 1
        )
        t_items, made = best(
            lambda: make_items(
                pool,
                ["human", "rule", "attention_copy_context", "profilereg", "onlynames"],
                strata=PAPER_STRATA,
            ),
            1,
        )
        print(
            f"   load + align pool: {t_pool:.2f} s ({len(pool.alignments):,} texts aligned); build {len(made)} items: {t_items:.2f} s (no peer)"
        )


if __name__ == "__main__":
    main()
