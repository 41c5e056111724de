"""Fit the rules resolver's analysis ranker and measure it cross-validated (issue 11).

1. Synthetic gapping from real clauses: the ``# text`` lines of GUM-train, EWT dev/test and
   PUD (``../shared/data/treebanks``) are parsed and turned into ``--n`` gapped
   coordinations (``synthesize_parallel_docs``); every analysis the resolver generates for
   them is labelled right/wrong. **No leak**: treebank sentences with an elided predicate
   (empty nodes: the treebanks' own gapping, i.e. development items) and every sentence of
   a development source are removed from that text first. The shapes of the synthetic
   examples are printed beside those of the development gold.
2. Development data (``lingeval.conjuncts.devdata``: Schuster et al. 2018 gapping, GUM, PUD and
   EWT copy nodes) is labelled the same way.
3. ``--folds``-fold cross-validation **by sentence** over the development examples. The
   hyper-parameters (objective pointwise/listwise, ``C``, weight of development rows) are
   chosen **inside** each outer fold by an inner cross-validation over the other folds
   (criterion: top-1 exact match of the inner held-out development examples, from the
   labelled rows; never the reported numbers). Each outer fold is then resolved by a model
   fitted with its chosen setting on the synthetic rows plus the other folds, on the
   parser's trees and on the gold trees (oracle); the pooled predictions are scored per
   source and phenomenon with the verb-nucleus metric (``lingeval.conjuncts.quality``),
   beside Calibration_k. The synthetic rows alone get their own k-fold top-1 accuracy.
4. The shipped model's setting is chosen by the same criterion over all folds; ``--write``
   refits on everything and writes ``src/lingeval/data/conjuncts/ranker-<version>.json``.

Every figure is a development number. Usage: ``python benchmarks/conjuncts_ranker.py
[--n 20000] [--folds 5] [--write] [--version v2]``. Parses and labelled rows are cached under
``benchmarks/out/ranker/``, keyed on a hash of the resolver's source (so a change to the
candidate generation, the features or the synthesizer recomputes them).
"""

from __future__ import annotations

import argparse
import collections
import functools
import hashlib
import itertools
import json
import os
import pickle
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
DEV_SOURCES = ("schuster", "gum", "ewt", "pud")
#: every development source whose sentences must stay out of the synthetic text
HELD_SOURCES = (
    "schuster",
    "gum",
    "ewt",
    "pud",
    "paper",
    "thec",
    "stripping",
    "mined",
    "treebank-heldout",
)
#: source files whose change changes the labelled rows (cache key)
KEYED = [
    "src/lingeval/conjuncts/resolvers/rules.py",
    "src/lingeval/conjuncts/omission.py",
    "src/lingeval/conjuncts/ranker.py",
    "src/lingeval/conjuncts/synthesize.py",
    "src/lingeval/conjuncts/devdata.py",
    "src/lingeval/conjuncts/gapping.py",
    "src/lingeval/conjuncts/resolvers/stripping.py",
]


def _source_key() -> str:
    h = hashlib.sha1()
    for rel in KEYED:
        path = ROOT / rel
        h.update(path.read_bytes() if path.is_file() else b"")
    return h.hexdigest()[:10]


def _cached(path: Path, make):  # type: ignore[no-untyped-def]
    if path.is_file():
        with path.open("rb") as fh:
            return pickle.load(fh)
    value = make()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        pickle.dump(value, fh)
    return value


def shape_profile(examples) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Shares (%) of readings, remnant counts and issue-11 shapes among ``examples``: the
    reading and remnant count from the synthesizer's ``meta`` or from the gold alignment
    (first remnant a subject: gapping)."""
    from lingeval.conjuncts.quality import gold_shapes

    c: collections.Counter[str] = collections.Counter()
    for ex in examples:
        if "reading" in ex.meta:
            reading, m = ex.meta["reading"], int(ex.meta["remnants"])
        else:
            rels = [a["relation"] for a in ex.meta.get("alignment") or []]
            first = rels[0] if rels else ""
            reading = "gapping" if first.startswith(("nsubj", "csubj", "expl")) else "cluster"
            reading = "argument-cluster" if reading == "cluster" else reading
            m = len(rels)
        c[f"reading {reading}"] += 1
        c[f"remnants {min(m, 3)}{'+' if m >= 3 else ''}"] += 1
        c[f"conjuncts {min(len(ex.rewrites), 3)}{'+' if len(ex.rewrites) >= 3 else ''}"] += 1
        for shape in gold_shapes(ex):
            c[f"shape {shape}"] += 1
    n = max(1, len(examples))
    return {k: 100.0 * v / n for k, v in sorted(c.items())}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--n", type=int, default=20000, help="synthetic examples")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--version", default="v2")
    ap.add_argument("--objectives", default="pointwise,listwise", help="objectives compared")
    ap.add_argument("--cs", default="0.1", help="inverse L2 strengths compared")
    ap.add_argument(
        "--dev-weights",
        default="100,300,1000",
        help="weights of real development rows against synthetic ones, compared",
    )
    ap.add_argument(
        "--drop",
        default="",
        help="features left out (comma-separated; their columns are zeroed before fitting): "
        "ablation",
    )
    ap.add_argument(
        "--strip-n",
        type=int,
        default=4000,
        help="synthetic stripped examples for stripping's choice of correlate",
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
    key = _source_key()
    print(f"cache key (resolver source hash): {key}")
    parser = Parser(None, batch_size=512, cache_dir=OUT / "parses")
    sources = load_sources(SHARED_DATA, DATA, names=sorted({*HELD_SOURCES, *DEV_SOURCES}))
    held_sentences = [
        ex.sentence for name in HELD_SOURCES if name in sources for ex in sources[name].examples
    ]

    @functools.cache  # parsed once for the ranker's and the stripping part's synthetic data
    def synthetic_docs() -> list:  # type: ignore[type-arg]
        raw = [s for rel in TEXTS for s in ranker.read_text_lines(SHARED_DATA / rel)]
        kept = [
            s for rel in TEXTS for s in ranker.read_text_lines(SHARED_DATA / rel, skip_elided=True)
        ]
        texts = ranker.without_sentences(kept, held_sentences)
        print(
            f"synthetic text: {len(raw)} treebank sentences, {len(raw) - len(kept)} with an "
            f"elided predicate and {len(kept) - len(texts)} development sentences removed"
        )
        return parser.parse(texts)

    def make_synthetic() -> list:  # type: ignore[type-arg]
        docs = synthetic_docs()
        examples = synthesize_parallel_docs(docs, n=args.n, seed=args.seed)
        print(f"synthetic: {len(examples)} examples from {len(docs)} treebank sentences")
        return examples

    tag = f"{args.n}-{args.seed}-{key}"
    synthetic = _cached(OUT / f"synthetic-examples-{tag}.pkl", make_synthetic)
    syn = _cached(
        OUT / f"synthetic-rows-{tag}.pkl",
        lambda: ranker.training_rows(synthetic, parser=parser),
    )
    # stripping's choice of correlate (ranker.RankerModel.strip): fitted on synthetic
    # stripping only, the same part in every fold's model and in the shipped one
    strip_part, strip_report = _cached(
        OUT / f"strip-{args.strip_n}-{args.seed}-{key}.pkl",
        lambda: ranker.train_strip(
            synthetic_docs(), n=args.strip_n, seed=args.seed, folds=args.folds, parser=parser
        ),
    )
    print(
        f"stripping choice: {strip_report['examples']:.0f} synthetic stripped examples, "
        f"{strip_report['with_choice']:.0f} with a choice; {args.folds}-fold CV top-1 "
        f"fitted {strip_report['cv_top1_fitted_pct']:.1f}% vs hand rule "
        f"{strip_report['cv_top1_hand_pct']:.1f}%"
    )
    reach = 100.0 * syn.reachable / max(1, syn.with_candidates)
    print(
        f"synthetic rows: {syn.examples} examples, {len(syn.rows)} analyses, {reach:.1f}% "
        f"with a right analysis"
    )

    dev = [ex for name in DEV_SOURCES if name in sources for ex in sources[name].examples]
    dev = [ex for ex in dev if ex.rewrites]
    profiles = {
        "synthetic": shape_profile(synthetic),
        **{
            name: shape_profile([ex for ex in sources[name].examples if ex.rewrites])
            for name in ("schuster", "gum")
            if name in sources
        },
    }
    keys = sorted({k for p in profiles.values() for k in p})
    print("\n## Shapes of the training data (% of examples; development gold beside)\n")
    print("| shape | " + " | ".join(profiles) + " |")
    print("|---|" + "---|" * len(profiles))
    for k in keys:
        print(f"| {k} | " + " | ".join(f"{p.get(k, 0.0):.1f}" for p in profiles.values()) + " |")

    dev_rows = _cached(
        OUT / f"dev-{len(dev)}-{key}.pkl", lambda: ranker.training_rows(dev, parser=parser)
    )
    # folds by sentence: every conjunction of one sentence falls in the same fold
    fold_of_sentence = ranker.fold_assignment([ex.sentence for ex in dev], args.folds, args.seed)
    fold_of = [fold_of_sentence[ex.sentence] for ex in dev]
    offset = max(syn.groups, default=-1) + 1  # dev groups after the synthetic ones

    grid = list(
        itertools.product(
            args.objectives.split(","),
            [float(c) for c in args.cs.split(",")],
            [float(w) for w in args.dev_weights.split(",")],
        )
    )
    fits: dict[tuple[tuple[str, float, float], frozenset[int]], ranker.RankerModel] = {}
    import numpy as np

    x_syn = np.asarray(ranker.vectorise(syn.rows), dtype=float)
    x_dev = np.asarray(ranker.vectorise(dev_rows.rows), dtype=float)
    for name in filter(None, args.drop.split(",")):
        if name not in ranker.FEATURES:
            ap.error(f"--drop: unknown feature {name!r}")
        x_syn[:, ranker.FEATURES.index(name)] = 0.0  # a constant column gets weight 0
        x_dev[:, ranker.FEATURES.index(name)] = 0.0
    dev_fold = np.asarray([fold_of[g] for g in dev_rows.groups])

    def model_without(setting: tuple[str, float, float], out: frozenset[int], version: str):  # type: ignore[no-untyped-def]
        """Fitted on the synthetic rows + the development folds not in ``out``."""
        if (setting, out) in fits:
            return fits[(setting, out)]
        objective, c, w = setting
        keep = ~np.isin(dev_fold, sorted(out))
        x = np.vstack([x_syn, x_dev[keep]])
        labels = [*syn.labels, *np.asarray(dev_rows.labels)[keep].tolist()]
        groups = [*syn.groups, *(offset + np.asarray(dev_rows.groups)[keep]).tolist()]
        weights = [1.0] * len(syn.rows) + [w] * int(keep.sum())
        model = ranker.fit(
            x, labels, version=version, c=c, weights=weights, groups=groups, objective=objective
        )
        fits[(setting, out)] = model
        return model

    def dev_top1(model: ranker.RankerModel, folds: set[int]) -> float:
        ids = [g for g in set(dev_rows.groups) if fold_of[g] in folds]
        return 100.0 * ranker.top1_accuracy(model, dev_rows, ids)

    def choose(outer: frozenset[int]) -> tuple[tuple[str, float, float], dict]:  # type: ignore[type-arg]
        """The setting with the best inner-CV top-1 over the folds not in ``outer``."""
        inner = [j for j in range(args.folds) if j not in outer]
        scores = {}
        for setting in grid:
            accs = [dev_top1(model_without(setting, outer | {j}, "inner"), {j}) for j in inner]
            scores[setting] = sum(accs) / max(1, len(accs))
        best = max(grid, key=lambda st: (scores[st], st[0] == "listwise", -abs(st[2] - 30)))
        return best, scores

    options = MetricOptions(bootstrap=0)
    analyzer = SpacyAnalyzer(spec=options.spec)
    records = []
    chosen = []
    for k in range(args.folds):
        setting, _scores = choose(frozenset({k}))
        chosen.append(setting)
        model = model_without(setting, frozenset({k}), f"cv{k}")
        model.strip = strip_part
        syn_check = _cached(
            OUT / f"synthetic-check-{tag}-{setting[0]}-{setting[1]:g}-{setting[2]:g}-{k}.pkl",
            lambda model=model: ranker.check_rows(synthetic[:2000], model, parser=parser),
        )
        train_dev = [ex for ex, f in zip(dev, fold_of, strict=True) if f != k]
        check = ranker.check_rows(train_dev, model, parser=parser)
        model.check = ranker.fit_check(syn_check[0] + check[0], syn_check[1] + check[1])
        res = RulesResolver(ranker=model)
        for name in DEV_SOURCES:
            if name not in sources:
                continue
            ids = {ex.id for ex in sources[name].examples}
            held = [ex for ex, f in zip(dev, fold_of, strict=True) if f == k and ex.id in ids]
            if not held:
                continue
            kw = dict(source=name, options=options, analyzer=analyzer, system="rules-cv")
            records.extend(evaluate_examples(res, held, **kw))
            if not args.no_oracle:
                records.extend(evaluate_examples(res, held, trees=gold_trees(sources), **kw))
        print(
            f"fold {k + 1}/{args.folds}: chosen objective={setting[0]} C={setting[1]:g} "
            f"dev-weight={setting[2]:g} ({time.perf_counter() - t0:.0f} s)"
        )
    # the shipped setting: the same criterion, over all folds
    final_setting, final_scores = choose(frozenset())
    print("\n## Model selection (inner CV top-1 exact match of development examples, %)\n")
    print("| objective | C | dev weight | CV top-1 |")
    print("|---|---|---|---|")
    for st in grid:
        print(f"| {st[0]} | {st[1]:g} | {st[2]:g} | {final_scores[st]:.1f} |")
    print(
        f"shipped setting: objective={final_setting[0]} C={final_setting[1]:g} "
        f"dev-weight={final_setting[2]:g}; per outer fold: "
        + ", ".join(f"{o}/{c:g}/{w:g}" for o, c, w in chosen)
    )
    objective, c, w = final_setting
    cv_syn = ranker.cross_validate(syn, folds=args.folds, c=c, seed=args.seed, objective=objective)
    print(f"synthetic rows alone: {args.folds}-fold CV top-1 {cv_syn['top1']:.1f}%")
    meta = {
        "synthetic_examples": syn.examples,
        "development_examples": len(dev),
        "development_sources": [n for n in DEV_SOURCES if n in sources],
        "analyses": len(syn.rows) + len(dev_rows.rows),
        "synthetic_cv_top1_pct": round(cv_syn["top1"], 2),
        "folds": args.folds,
        "seed": args.seed,
        "c": c,
        "dev_weight": w,
        "selection": "inner CV top-1 exact match over development folds",
        "synthetic_text": "GUM-train, EWT dev/test, PUD without elided or development sentences",
    }
    final = model_without(final_setting, frozenset(), args.version)
    final.strip = strip_part
    meta["strip"] = strip_report
    final.meta.update(meta)
    syn_check = ranker.check_rows(synthetic[:2000], final, parser=parser)
    check = ranker.check_rows(dev, final, parser=parser)
    final.check = ranker.fit_check(syn_check[0] + check[0], syn_check[1] + check[1])
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
    cols = ["source", "system", "mode", "n", "precision", "recall", "f1", "micro_f1"]
    cols += ["exact_match", "calk_f1"]
    print(f"\n## Cross-validated ({args.folds} folds by sentence) DEVELOPMENT numbers\n")
    print(f"(f1 = {options.aggregation} aggregation, the metric's default; micro_f1 beside)\n")
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for _, row in table[table.kind == "all"].iterrows():
        print("| " + " | ".join(_fmt(row[c]) for c in cols) + " |")
    gcols = ["source", "group", "mode", "n", "f1", "exact_match", "calk_f1"]
    for kind in ("phenomenon", "shape"):
        print(f"\n### per {kind}\n")
        print("| " + " | ".join(gcols) + " |")
        print("|" + "---|" * len(gcols))
        for _, row in table[table.kind == kind].iterrows():
            print("| " + " | ".join(_fmt(row[c]) for c in gcols) + " |")
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "cv.json").write_text(
        json.dumps(
            {
                "scope": "development, cross-validated",
                "synthetic_cv": cv_syn,
                "shapes": profiles,
                "selection": {
                    "grid": [list(st) for st in grid],
                    "cv_top1": [final_scores[st] for st in grid],
                    "chosen_per_fold": [list(st) for st in chosen],
                    "shipped": list(final_setting),
                },
                "table": json.loads(table.to_json(orient="records")),
            },
            indent=1,
        ),
        encoding="utf-8",
    )
    final.save(OUT / f"ranker-{args.version}-{tag}.json")  # for inspection, even without --write
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
