"""Quality of the conjunct resolvers on real ellipsis data (issue 11; paper 000, sections 3-7).

Sources (derived at run time, never committed; the derived gold is written to
``benchmarks/out/devdata/*.jsonl`` for inspection; see ``lingeval.conjuncts.devdata``):
``paper`` (the paper's worked examples), ``schuster`` (Schuster et al. 2018 gapping, train),
``gum`` (GUM train copy nodes), ``ewt`` (EWT dev/test copy nodes), ``pud`` (PUD test), ``stripping`` (stripping and VP ellipsis
sentences of the treebanks with gold written here, ``lingeval.conjuncts.authored``), ``thec`` (Hoosier Ellipsis
Corpus VP ellipsis in coordinations; ``thec-other`` kept apart), ``synthetic``, ``mined`` (real WebNLG, EWT
and PUD sentences the mining labels mark ``gapping``, gold written here,
``benchmarks/data/conjuncts/mined_gold.jsonl``; held out and scored blind once in the sixth session as
``mined-heldout``, development data since the seventh).

For every resolver (``copy``, ``copy-k``, ``rules``, and any ``--resolver``; ``--spacy-model``
adds ``rules`` with another installed pipeline) and every source: verb-nucleus P/R/F1 (the
metric's aggregation named in the table; micro and macro F1 both shown), exact match and
Calibration_k F1, per phenomenon, per rule fired, per gold shape, on the parser's trees and,
for the treebank sources, on gold trees (``oracle``) side by side; then the issue-11 error
shapes. **Every figure here is a development number** (the data were looked at while
building the resolvers); held-out numbers come from sets outside this repository.

**Held out** (``--held-out``, off by default): the sources of ``devdata.HELD_OUT_SOURCES``
(``treebank-heldout``: real GUM-train and EWT-test sentences, gold written here blind,
``benchmarks/data/conjuncts/treebank_heldout_gold.jsonl``; ``webnlg-heldout``: real WebNLG
sentences no label file or development source holds, gold written here blind,
``benchmarks/data/conjuncts/webnlg_heldout_gold.jsonl``, no gold trees) are scored in a section of their own,
"held out (real text, gold written here blind)", never pooled with the development sources: F1
and exact match with 95 % bootstrap intervals, Calibration_k, per phenomenon and corpus, parsed
and oracle (gold trees, for the items that have them); flagged items (garbled, not rewritable)
apart. Score it once per resolver generation, never while tuning. ``--held-out --sources
treebank-heldout`` (or ``webnlg-heldout``) scores that held-out set alone (no development source
is loaded).

Usage: ``python benchmarks/conjuncts_quality.py [--resolver SPEC ...] [--spacy-model NAME ...]
[--sources schuster,gum,...] [--no-oracle] [--held-out] [--dump-items OUT.jsonl]``. Writes
``benchmarks/out/conjuncts_quality.json``; ``--dump-items`` writes every development item's
prediction and rule (never a held-out item's), sorted, for a byte-identical check of a change.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, SHARED_DATA

DATA = ROOT / "benchmarks" / "data" / "conjuncts"
OUT = ROOT / "benchmarks" / "out"
TREEBANK_SOURCES = ("schuster", "gum", "ewt", "pud", "stripping", "mined", "treebank-heldout")
HELD_OUT_TITLE = "held out (real text, gold written here blind)"
#: bootstrap resamples of the held-out intervals
HELD_OUT_RESAMPLES = 1000


def _fmt(v: object) -> str:
    if isinstance(v, float):
        return "-" if v != v else f"{v:.1f}"
    return str(v)


def print_table(df: object, columns: list[str], title: str) -> None:
    import pandas as pd

    assert isinstance(df, pd.DataFrame)
    print(f"\n### {title}\n")
    if df.empty:
        print("(no rows)")
        return
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for _, row in df.iterrows():
        print("| " + " | ".join(_fmt(row[c]) for c in columns) + " |")


def _ci(row: Any, value: str, lo: str, hi: str) -> str:
    return f"{_fmt(row[value])} [{_fmt(row[lo])}, {_fmt(row[hi])}]"


def show_held_out(held: list[Any], options: Any) -> Any:
    """Print the held-out section (:func:`lingeval.conjuncts.quality.summarise_heldout`) and
    return its table."""
    from lingeval.conjuncts.quality import summarise_heldout

    table = summarise_heldout(held, options, resamples=HELD_OUT_RESAMPLES)
    table["F1 [95% CI]"] = [_ci(r, "f1", "f1_lo", "f1_hi") for _, r in table.iterrows()]
    table["EM [95% CI]"] = [_ci(r, "exact_match", "em_lo", "em_hi") for _, r in table.iterrows()]
    agg = table["aggregation"].iloc[0] if not table.empty else "-"
    print(
        f"\n## {HELD_OUT_TITLE}\n\nReal sentences nobody here wrote; gold written here before any "
        "resolver was run on them; never fitted or tuned on. Verb-nucleus metric, %, "
        f"aggregation={agg} (micro_f1 and macro_f1 beside), 95 % percentile bootstrap over "
        "examples; calk_f1 = Calibration_k of the same examples. Flagged items (garbled, not "
        "rewritable) are left out of every row but their own."
    )
    cols = ["system", "mode", "n", "precision", "recall", "F1 [95% CI]", "micro_f1", "macro_f1", "EM [95% CI]", "calk_f1", "unchanged_pred", "unchanged_gold"]  # fmt: skip
    print_table(table[table.kind == "all"], cols, "held out, clean items")
    rules = table[table.system.str.startswith("rules")]
    gcols = ["group", "system", "mode", "n", "F1 [95% CI]", "EM [95% CI]", "calk_f1"]
    for kind, title in (
        ("phenomenon", "per phenomenon"),
        ("corpus", "per corpus (oracle = gold trees)"),
        ("conjunction", "per conjunction"),
        ("construction", "per construction (the records' finer shape)"),
        ("flagged", "flagged items (garbled / not rewritable), apart"),
    ):
        print_table(rules[rules.kind == kind], gcols, f"held out, rules, {title}")
    return table


def show_development(
    records: list[Any], resolvers: dict[str, Any], options: Any, aggregation: str
) -> tuple[Any, Any, dict[str, list[str]]]:
    """Print the development tables; return the tidy table, the error shapes and the sources
    each resolver was fitted on."""
    from lingeval.conjuncts.quality import error_shapes, fitted_sources, summarise

    table = summarise(records, options)
    fitted = {name: sorted(fitted_sources(res)) for name, res in resolvers.items()}
    fitted = {k: v for k, v in fitted.items() if v}
    shapes = error_shapes(records)
    cols = ["source", "system", "mode", "n", "precision", "recall", "f1", "macro_f1", "exact_match", "calk_f1", "unchanged_pred", "unchanged_gold"]  # fmt: skip
    print(
        "\n## Quality: DEVELOPMENT numbers (verb-nucleus metric, %, "
        f"aggregation={aggregation}; macro_f1 beside; calk_f1 = Calibration_k of the same examples)"
    )
    print_table(
        table[table.kind == "all"],
        cols,
        "per source (ALL = every source pooled, REAL = the third-party sources schuster+gum+ewt+pud+thec)",
    )
    for name, srcs in fitted.items():
        print(
            f"\n**{name} was fitted on {', '.join(srcs)}: its rows for those sources (and the pools"
            " containing them) are IN-SAMPLE, neither held out nor cross-validated (scope column);"
            " cross-validated figures: benchmarks/conjuncts_ranker.py or quality.cross_validate.**"
        )
    side = table[
        (table.kind == "all")
        & table.system.str.startswith("rules")
        & ~table.source.isin(["ALL", "REAL"])
    ]
    if (side["mode"] == "oracle").any():
        wide = side.pivot_table(
            index=["source", "system"], columns="mode", values=["n", "f1", "exact_match"]
        )
        wide.columns = [f"{a}_{b}" for a, b in wide.columns]
        wide = wide.reset_index().dropna()
        wide["n_parsed"] = wide["n_parsed"].astype(int)
        print_table(
            wide,
            [
                "source",
                "system",
                "n_parsed",
                "f1_parsed",
                "f1_oracle",
                "exact_match_parsed",
                "exact_match_oracle",
            ],
            "parsed vs oracle (gold) trees, treebank sources",
        )
    gcols = ["source", "group", "system", "mode", "n", "f1", "exact_match", "calk_f1"]
    main = table[(table.source == "REAL") & table.system.str.startswith("rules")]
    print_table(main[main.kind == "phenomenon"], gcols, "rules, per phenomenon (REAL sources)")
    print_table(main[main.kind == "rule"], gcols, "rules, per rule fired (REAL sources)")
    print_table(main[main.kind == "shape"], gcols, "rules, per gold shape (REAL sources)")
    own = table[(table.source == "stripping") & table.system.str.startswith("rules")]
    if not own.empty:
        print_table(
            own[own.kind == "phenomenon"],
            gcols,
            "rules, per phenomenon: stripping / VP-ellipsis treebank sentences, gold written here",
        )
    if not shapes.empty:
        keep = [
            c
            for c in shapes.columns
            if not c.startswith("shape:") and not c.startswith("unchanged-wrong:")
        ]
        print_table(
            shapes[shapes.system.str.startswith("rules")],
            keep,
            "error shapes of the rules resolver (counts of examples)",
        )
        rows = shapes[shapes.system.str.startswith("rules") & (shapes["unchanged-wrong"] > 0)]
        why = [c for c in rows.columns if c.startswith("unchanged-wrong:") and rows[c].sum() > 0]
        if why:
            rows = rows.astype({c: int for c in why})
            print_table(
                rows,
                ["source", "mode", "unchanged-wrong", *why],
                "unchanged outputs where the gold rewrites, by the resolver's reason (shape 8)",
            )
    return table, shapes, fitted


def dump_items(records: list[Any], path: Path) -> None:
    """One JSON line per development record (never a held-out one): source, mode, system, id,
    prediction, rule and verb-nucleus counts, sorted, so two runs compare with ``cmp``."""
    rows = [
        {
            "source": r.source,
            "mode": r.mode,
            "system": r.system,
            "id": r.example.id,
            "rule": r.rule,
            "prediction": r.prediction,
            "matched": r.stats.matched,
            "predicted": r.stats.predicted,
            "gold": r.stats.gold,
            "exact": r.stats.exact,
        }
        for r in records
    ]
    rows.sort(key=lambda d: (d["source"], d["system"], d["mode"], str(d["id"])))
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} development items to {path}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--resolver", action="append", default=[], help="extra resolver spec")
    ap.add_argument(
        "--spacy-model", action="append", default=[], help="also run rules with this pipeline"
    )
    ap.add_argument("--sources", default=None, help="comma-separated subset of sources")
    ap.add_argument(
        "--ranker", default=None, help="the rules resolver's ranker (version or JSON path)"
    )
    ap.add_argument("--no-oracle", action="store_true")
    ap.add_argument(
        "--held-out",
        action="store_true",
        help="also score the held-out sources in their own section (once per generation)",
    )
    ap.add_argument("--aggregation", default="micro", choices=["micro", "macro"])
    ap.add_argument(
        "--dump-items",
        type=Path,
        default=None,
        help="write one JSON line per development item, system and mode (id, prediction, rule,"
        " F1): the byte-identical regression check of a change. Held-out items are never written",
    )
    ap.add_argument("--out", type=Path, default=OUT / "conjuncts_quality.json")
    args = ap.parse_args(argv)

    import pandas as pd

    from lingeval.conjuncts.data import write_jsonl
    from lingeval.conjuncts.devdata import HELD_OUT_SOURCES, SOURCES, gold_trees, load_sources
    from lingeval.conjuncts.metric import MetricOptions
    from lingeval.conjuncts.parse_features import SpacyAnalyzer
    from lingeval.conjuncts.quality import evaluate_modes
    from lingeval.conjuncts.resolvers import load_resolver

    t0 = time.perf_counter()
    shared = SHARED_DATA if SHARED_DATA.is_dir() else None
    names = args.sources.split(",") if args.sources else None
    if args.held_out:
        # named held-out sources alone score only themselves; otherwise every held-out source
        # follows the development sources
        chosen_held = [n for n in names or [] if n in HELD_OUT_SOURCES]
        if chosen_held and len(chosen_held) == len(names or []):
            names = chosen_held
        else:
            base = names or [n for n in SOURCES if n not in HELD_OUT_SOURCES]
            names = [*base, *(n for n in HELD_OUT_SOURCES if n not in base)]
    sources = load_sources(shared, DATA, names=names)
    if shared is None:
        print("note: ../shared/data is absent; only the sources in the repository are scored")
    (OUT / "devdata").mkdir(parents=True, exist_ok=True)
    print("## Development data (derived at run time; not committed)\n")
    print("| source | examples | copy nodes: status |")
    print("|---|---|---|")
    for name, src in sources.items():
        write_jsonl(src.examples, OUT / "devdata" / f"{name}.jsonl")
        status = src.report.status_counts() if src.report else {}
        detail = ", ".join(f"{k} {v}" for k, v in status.items()) or "; ".join(src.notes) or "-"
        print(f"| {name} | {len(src.examples)} | {detail} |")
    trees = gold_trees(sources)

    options = MetricOptions(aggregation=args.aggregation, bootstrap=0)
    analyzer = SpacyAnalyzer(spec=options.spec)
    specs = ["copy", "copy-k", "rules", *args.resolver]
    resolvers = {spec: load_resolver(spec) for spec in specs}
    if args.ranker:
        resolvers["rules"] = load_resolver("rules", ranker=args.ranker)
    for model in args.spacy_model:
        resolvers[f"rules[{model}]"] = load_resolver("rules", spacy_model=model)
    records = []
    held: list[Any] = []
    for name, src in sources.items():
        if name == "thec-other":
            continue  # kept apart: not coordinations
        into = held if name in HELD_OUT_SOURCES else records
        for sysname, res in resolvers.items():
            oracle_ok = sysname.startswith("rules") or hasattr(res, "resolve_docs")
            oracle = not args.no_oracle and name in TREEBANK_SOURCES and oracle_ok
            into.extend(
                evaluate_modes(
                    res,
                    src.examples,
                    source=name,
                    trees=trees if oracle else None,
                    options=options,
                    analyzer=analyzer,
                    system=sysname,
                )
            )
    if args.dump_items is not None:
        dump_items(records, args.dump_items)
    table, shapes, fitted = pd.DataFrame(), pd.DataFrame(), {}
    if records:
        table, shapes, fitted = show_development(records, resolvers, options, args.aggregation)
    held_table = show_held_out(held, options) if held else None
    # the records were scored with ``analyzer``, so its pipeline id is the one they carry
    signature = None
    if records or held:
        signature = options.signature(analyzer.pipeline_id).format()
        print(f"\nsignature: {signature}")
    held_signature = None
    if held:
        from dataclasses import replace

        boot = replace(options, bootstrap=HELD_OUT_RESAMPLES)
        held_signature = boot.signature(analyzer.pipeline_id).format()
        print(f"held-out signature (its intervals): {held_signature}")
    print(f"\n{time.perf_counter() - t0:.0f} s in all")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "scope": "development",
        "note": "development numbers: data looked at while building the resolvers",
        "fitted_on": fitted,
        "signature": signature,
        "sources": {n: len(s.examples) for n, s in sources.items()},
        "copy_nodes": {
            n: s.report.status_counts() for n, s in sources.items() if s.report is not None
        },
        "table": json.loads(table.to_json(orient="records")),
        "error_shapes": json.loads(shapes.to_json(orient="records")),
    }
    if held_table is not None:
        payload["held_out"] = {
            "title": HELD_OUT_TITLE,
            "sources": [n for n in sources if n in HELD_OUT_SOURCES],
            "signature": held_signature,
            "table": json.loads(held_table.to_json(orient="records")),
        }
    args.out.write_text(json.dumps(payload, indent=1), encoding="utf-8")
    pd.DataFrame(table).to_csv(args.out.with_suffix(".csv"), index=False)
    print(f"wrote {args.out} and {args.out.with_suffix('.csv')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
