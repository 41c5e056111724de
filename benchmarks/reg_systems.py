"""REG systems side by side on the WebNLG REG test instances (real held-out data).

Systems: ``rule`` (RREG-S-like form rules + realiser), ``ml`` (ML-L-like form classifier +
realiser), the always-name baseline ``names``, and every neural output shipped in NeuralREG's
``system_outputs/`` (ATT+Copy variants, ATT, ProfileREG, ...), all scored against the corpus
REs of ``test_seen.json`` and ``test_unseen.json`` by :func:`lingeval.study.reg.evaluate.
score_systems`: form accuracy (name / pronoun / description / demonstrative), string accuracy
(case-insensitive exact match), possessive-slot accuracy, and the form distribution.

``rule`` and ``ml`` are fitted on ``dev.json`` only (the train split is not in the shared
data); test numbers come from that fit. The ``ml`` form classifier is also cross-validated on
``dev.json`` (5 folds by text) to show its held-out accuracy on the training distribution.
Timing: fit and generation of ``rule`` and ``ml`` (median of ``--repeat``); the neural
outputs are precomputed files, so no peer is timed. Outputs are written to
``benchmarks/out/`` (gitignored: they derive from the WebNLG data).

Run: .venv/bin/python benchmarks/reg_systems.py [--repeat 1] [--markdown]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, SHARED_DATA
from lingeval.study.reg.evaluate import FORMS, score_systems
from lingeval.study.reg.instances import group_texts, read_instances
from lingeval.study.reg.systems import (
    MLSystem,
    RegResources,
    RuleSystem,
    form_label,
    load_output_systems,
    make_system,
)

DATA = SHARED_DATA / "reg" / "webnlg_reg_v1.5_seen_unseen"


def cross_validate_forms(dev: list, resources: RegResources, folds: int = 5) -> float:  # type: ignore[type-arg]
    """Form accuracy of the ``ml`` classifier on dev.json, k folds by text (percent)."""
    groups = group_texts(dev)
    ok = n = 0
    for k in range(folds):
        test_idx = [i for j, g in enumerate(groups) if j % folds == k for i in g]
        train_idx = [i for j, g in enumerate(groups) if j % folds != k for i in g]
        ml = MLSystem(resources).fit([dev[i] for i in train_idx])
        held = [dev[i] for i in test_idx]
        pred = ml.predict_forms(held)
        ok += sum(p == form_label(x) for p, x in zip(pred, held, strict=True))
        n += len(held)
    return 100 * ok / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--markdown", action="store_true", help="Print the docs table too.")
    ap.add_argument("--no-cv", action="store_true", help="Skip the cross-validation on dev.")
    args = ap.parse_args()
    if not DATA.is_dir():
        raise SystemExit(f"shared data not found: {DATA}")
    insts = {s: read_instances(DATA / "data" / f"test_{s}.json") for s in ("seen", "unseen")}
    dev = read_instances(DATA / "data" / "dev.json")
    res = RegResources.from_dir(DATA / "data")
    outputs: dict[str, dict[str, list[str]]] = {}
    timing: dict[str, dict[str, float]] = {}
    for name, cls in (("rule", RuleSystem), ("ml", MLSystem)):
        fits, gens = [], []
        for _ in range(args.repeat):
            t = time.perf_counter()
            system = cls(res).fit(dev)
            fits.append(time.perf_counter() - t)
            t = time.perf_counter()
            outputs[name] = {s: system.generate(xs, subset=s) for s, xs in insts.items()}
            gens.append(time.perf_counter() - t)
        timing[name] = {"fit_s": statistics.median(fits), "generate_s": statistics.median(gens)}
    outputs["names"] = {s: make_system("names").generate(xs) for s, xs in insts.items()}
    for name, osys in load_output_systems(DATA / "system_outputs").items():
        outputs[name] = {s: osys.generate(xs, subset=s) for s, xs in insts.items()}
    rows = score_systems(insts, outputs)
    cv = None if args.no_cv else cross_validate_forms(dev, res)

    # shipped neural outputs (onlynames is NeuralREG's name baseline, not a neural model)
    neural = [r for r in rows if r["system"] not in ("rule", "ml", "names", "human", "onlynames")]
    print(
        f"{'system':28s} {'subset':7s} {'form':>6s} {'string':>6s} {'poss':>6s} "
        + " ".join(f"{f[:5]:>6s}" for f in FORMS)
    )
    for r in rows:
        print(
            f"{r['system']:28s} {r['subset']:7s} {r['form_accuracy']:6.1f} {r['string_accuracy']:6.1f} "
            f"{r['possessive_accuracy']:6.1f} " + " ".join(f"{r[f + '_pct']:6.1f}" for f in FORMS)
        )
    print()
    for subset in ("seen", "unseen"):
        sub = [r for r in neural if r["subset"] == subset]
        best_form = max(sub, key=lambda r: r["form_accuracy"])
        best_str = max(sub, key=lambda r: r["string_accuracy"])
        for name in ("ml", "rule"):
            r = next(r for r in rows if r["system"] == name and r["subset"] == subset)
            print(
                f"{subset:7s} {name:5s} form {r['form_accuracy']:.1f} vs best neural "
                f"{best_form['form_accuracy']:.1f} ({best_form['system']}): "
                f"{r['form_accuracy'] - best_form['form_accuracy']:+.1f}; string "
                f"{r['string_accuracy']:.1f} vs {best_str['string_accuracy']:.1f} "
                f"({best_str['system']}): {r['string_accuracy'] - best_str['string_accuracy']:+.1f}; "
                f"possessive {r['possessive_accuracy']:.1f} ({r['n_possessive']} slots)"
            )
    for name, t in timing.items():
        print(
            f"{name}: fit on dev.json {t['fit_s']:.1f} s, generate seen+unseen {t['generate_s']:.1f} s"
        )
    if cv is not None:
        print(f"ml form classifier, 5-fold CV on dev.json (by text): {cv:.1f} %")
    if args.markdown:
        print()
        print(
            "| system | subset | form acc | string acc | possessive acc | "
            + " | ".join(f"{f} %" for f in FORMS)
            + " |"
        )
        print("|---|---|---|---|---|" + "---|" * len(FORMS))
        for r in sorted(rows, key=lambda r: (r["subset"], r["system"])):
            print(
                f"| {r['system']} | {r['subset']} | {r['form_accuracy']:.1f} | {r['string_accuracy']:.1f} | "
                f"{r['possessive_accuracy']:.1f} | "
                + " | ".join(f"{r[f + '_pct']:.1f}" for f in FORMS)
                + " |"
            )
    out = ROOT / "benchmarks" / "out"
    out.mkdir(parents=True, exist_ok=True)
    (out / "reg_systems.json").write_text(
        json.dumps({"rows": rows, "timing": timing, "cv_form_accuracy": cv}, indent=1)
    )
    for name in ("rule", "ml"):
        for s, lines in outputs[name].items():
            (out / f"reg_{name}_{s}.txt").write_text("".join(x + "\n" for x in lines))


if __name__ == "__main__":
    main()
