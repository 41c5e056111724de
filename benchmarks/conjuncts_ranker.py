"""Fit the rules resolver's analysis ranker and measure it cross-validated (issue 11).

1. Synthetic gapping from real clauses: the ``# text`` lines of GUM-train, EWT dev/test and
   PUD (``../shared/data/treebanks``) are parsed and turned into ``--n`` gapped
   coordinations (``synthesize_parallel_docs``); every analysis the resolver generates for
   them is labelled right/wrong.
2. Development data (``lingeval.conjuncts.devdata``: Schuster et al. 2018 gapping, GUM and
   EWT copy nodes) is labelled the same way.
3. ``--folds``-fold cross-validation **by sentence** over the development examples: each fold
   is resolved by a model fitted on the synthetic rows plus the other folds, on the parser's
   trees and on the gold trees (oracle). The pooled predictions are scored per source and
   phenomenon with the verb-nucleus metric (``lingeval.conjuncts.quality``), beside
   Calibration_k. The synthetic rows alone get their own k-fold top-1 accuracy.
4. ``--write`` refits on everything and writes the shipped model
   (``src/lingeval/data/conjuncts/ranker-<version>.json``).

Every figure is a development number. Usage: ``python benchmarks/conjuncts_ranker.py
[--n 20000] [--folds 5] [--write] [--version v1]``. Labelled rows are cached under
``benchmarks/out/ranker/`` (delete to recompute).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, SHARED_DATA

DATA = ROOT / "benchmarks" / "data" / "conjuncts"
OUT = ROOT / "benchmarks" / "out" / "ranker"
TEXTS = [
    "treebanks/GUM-train/en_gum-train.conllu",
    "treebanks/UD_English-EWT/en_ewt-ud-dev.conllu",
    "treebanks/UD_English-EWT/en_ewt-ud-test.conllu",
    "treebanks/UD_English-PUD/en_pud-ud-test.conllu",
]
DEV_SOURCES = ("schuster", "gum", "ewt")


def _cached(path: Path, make):  # type: ignore[no-untyped-def]
    if path.is_file():
        with path.open("rb") as fh:
            return pickle.load(fh)
    value = make()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        pickle.dump(value, fh)
    return value


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--n", type=int, default=20000, help="synthetic examples")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--c", type=float, default=1.0)
    ap.add_argument("--version", default="v1")
    ap.add_argument(
        "--dev-weights",
        default="1,10,30",
        help="weights of real development rows against synthetic ones, compared by CV; the "
        "best (CV F1 on the development data) is used for the written model",
    )
    ap.add_argument("--write", action="store_true", help="write the shipped model")
    ap.add_argument("--no-oracle", action="store_true")
    args = ap.parse_args(argv)
    if not SHARED_DATA.is_dir():
        print("../shared/data is absent: nothing to fit on")
        return 0

    from lingeval.conjuncts import ranker
    from lingeval.conjuncts.devdata import gold_trees, load_sources
    from lingeval.conjuncts.metric import MetricOptions
    from lingeval.conjuncts.parse_features import SpacyAnalyzer
    from lingeval.conjuncts.quality import evaluate_examples, summarise
    from lingeval.conjuncts.resolvers.rules import RulesResolver
    from lingeval.conjuncts.synthesize import synthesize_parallel_docs
    from lingeval.core.parsing import Parser

    t0 = time.perf_counter()

    def make_synthetic() -> list:  # type: ignore[type-arg]
        texts = [s for rel in TEXTS for s in ranker.read_text_lines(SHARED_DATA / rel)]
        docs = Parser(None, batch_size=512).parse(texts)
        examples = synthesize_parallel_docs(docs, n=args.n, seed=args.seed)
        print(f"synthetic: {len(examples)} examples from {len(texts)} treebank sentences")
        return examples

    synthetic = _cached(OUT / f"synthetic-examples-{args.n}-{args.seed}.pkl", make_synthetic)
    syn = _cached(
        OUT / f"synthetic-rows-{args.n}-{args.seed}.pkl", lambda: ranker.training_rows(synthetic)
    )
    cv_syn = ranker.cross_validate(syn, folds=args.folds, c=args.c, seed=args.seed)
    reach = 100.0 * syn.reachable / max(1, syn.with_candidates)
    print(
        f"synthetic rows: {syn.examples} examples, {len(syn.rows)} analyses, {reach:.1f}% "
        f"with a right analysis; {args.folds}-fold CV top-1 {cv_syn['top1']:.1f}%"
    )
    # the re-parse check is fitted on the alternatives of 2,000 synthetic examples (ranked by
    # a model fitted on synthetic rows only) plus those of the development training folds
    syn_model = ranker.fit(syn.rows, syn.labels, c=args.c)
    syn_check = _cached(
        OUT / f"synthetic-check-{args.n}-{args.seed}.pkl",
        lambda: ranker.check_rows(synthetic[:2000], syn_model),
    )

    sources = load_sources(SHARED_DATA, DATA, names=[*DEV_SOURCES, "paper"])
    trees = gold_trees(sources)
    dev = [ex for name in DEV_SOURCES if name in sources for ex in sources[name].examples]
    dev = [ex for ex in dev if ex.rewrites]
    dev_rows = _cached(OUT / f"dev-{len(dev)}.pkl", lambda: ranker.training_rows(dev))
    # folds by sentence: every conjunction of one sentence falls in the same fold
    sentences = sorted({ex.sentence for ex in dev})
    random.Random(args.seed).shuffle(sentences)
    fold_of_sentence = {s: k % args.folds for k, s in enumerate(sentences)}
    fold_of = [fold_of_sentence[ex.sentence] for ex in dev]

    options = MetricOptions(bootstrap=0)
    analyzer = SpacyAnalyzer(spec=options.spec)
    records = []
    weights = [float(w) for w in args.dev_weights.split(",")]
    for k, w in ((k, w) for w in weights for k in range(args.folds)):
        rows = list(syn.rows)
        labels = list(syn.labels)
        sample = [1.0] * len(rows)
        for row, label, g in zip(dev_rows.rows, dev_rows.labels, dev_rows.groups, strict=True):
            if fold_of[g] != k:
                rows.append(row)
                labels.append(label)
                sample.append(w)
        model = ranker.fit(rows, labels, version=f"cv{k}", c=args.c, weights=sample)
        train_dev = [ex for ex, f in zip(dev, fold_of, strict=True) if f != k]
        check = ranker.check_rows(train_dev, model)
        model.check = ranker.fit_check(syn_check[0] + check[0], syn_check[1] + check[1], c=args.c)
        res = RulesResolver(ranker=model)
        for name in DEV_SOURCES:
            if name not in sources:
                continue
            ids = {ex.id for ex in sources[name].examples}
            held = [ex for ex, f in zip(dev, fold_of, strict=True) if f == k and ex.id in ids]
            if not held:
                continue
            kw = dict(source=name, options=options, analyzer=analyzer, system=f"rules-cv-w{w:g}")
            records.extend(evaluate_examples(res, held, **kw))
            if not args.no_oracle:
                records.extend(evaluate_examples(res, held, trees=trees, **kw))
        print(f"weight {w:g} fold {k + 1}/{args.folds} done ({time.perf_counter() - t0:.0f} s)")
    table = summarise(records, options)
    cv_rows = table[(table.kind == "all") & (table.source == "ALL") & (table["mode"] == "parsed")]
    best_w = max(
        weights, key=lambda w: float(cv_rows[cv_rows.system == f"rules-cv-w{w:g}"].f1.iloc[0])
    )
    print(f"development rows weighted {best_w:g} (best cross-validated F1)")
    final_rows = [*syn.rows, *dev_rows.rows]
    final_labels = [*syn.labels, *dev_rows.labels]
    final_weights = [1.0] * len(syn.rows) + [best_w] * len(dev_rows.rows)
    meta = {
        "synthetic_examples": syn.examples,
        "development_examples": len(dev),
        "development_sources": [n for n in DEV_SOURCES if n in sources],
        "analyses": len(final_rows),
        "synthetic_cv_top1_pct": round(cv_syn["top1"], 2),
        "folds": args.folds,
        "seed": args.seed,
        "c": args.c,
        "dev_weight": best_w,
    }
    final = ranker.fit(
        final_rows, final_labels, version=args.version, c=args.c, weights=final_weights, meta=meta
    )
    check = ranker.check_rows(dev, final)
    final.check = ranker.fit_check(syn_check[0] + check[0], syn_check[1] + check[1], c=args.c)
    records.extend(
        evaluate_examples(
            RulesResolver(ranker=final),
            sources["paper"].examples,
            source="paper",
            options=options,
            analyzer=analyzer,
            system="rules-final",
        )
    )
    table = summarise(records, options)
    cols = ["source", "system", "mode", "n", "precision", "recall", "f1", "exact_match", "calk_f1"]
    print(f"\n## Cross-validated ({args.folds} folds by sentence) DEVELOPMENT numbers\n")
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for _, row in table[table.kind == "all"].iterrows():
        print("| " + " | ".join(_fmt(row[c]) for c in cols) + " |")
    gcols = ["source", "group", "mode", "n", "f1", "exact_match", "calk_f1"]
    print("\n### per phenomenon\n")
    print("| " + " | ".join(gcols) + " |")
    print("|" + "---|" * len(gcols))
    for _, row in table[table.kind == "phenomenon"].iterrows():
        print("| " + " | ".join(_fmt(row[c]) for c in gcols) + " |")
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "cv.json").write_text(
        json.dumps(
            {
                "scope": "development, cross-validated",
                "synthetic_cv": cv_syn,
                "table": json.loads(table.to_json(orient="records")),
            },
            indent=1,
        ),
        encoding="utf-8",
    )
    if args.write:
        path = ROOT / "src" / "lingeval" / "data" / "conjuncts" / f"ranker-{args.version}.json"
        final.save(path)
        print(f"wrote {path}")
    print(f"\n{time.perf_counter() - t0:.0f} s in all")
    return 0


def _fmt(v: object) -> str:
    if isinstance(v, float):
        return "-" if v != v else f"{v:.1f}"
    return str(v)


if __name__ == "__main__":
    sys.exit(main())
