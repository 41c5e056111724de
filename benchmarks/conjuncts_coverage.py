"""Coverage of the rules resolver's analysis generation (issue 11): cheap and repeatable.

For every development item the default ``rules`` resolver generates its analyses
(``resolve_doc(..., collect=...)``: segmentations x readings x correlates, each built into a
rewrite set). An item is **covered** when some generated analysis (or the resolver's final
answer) reproduces the gold rewrite set (exact match after punctuation removal, the
ranker's training label, :func:`lingeval.conjuncts.ranker.training_rows`). Coverage bounds
what any ranker can reach: an uncovered item is an exact-match error whatever the model.

Per source (the paper's worked examples, Schuster et al. 2018 gapping, GUM copy nodes, PUD
copy nodes, THEC VP-ellipsis coordinations, the stripping sentences and the mined WebNLG / EWT /
PUD sentences with gold written here; ``--sources`` to choose; never a held-out source) it
prints: items, coverage on the parser's trees and on the gold trees (oracle, :mod:`lingeval.core.oracle`; treebank sources
only), top-1 exact match of the shipped ranker's first choice before the re-parse check,
analyses per item (mean / max) and the uncovered items grouped by error shape:

``not-detected``    the omission detector did not fire and no verbless analysis was made
                    (sub-shape: the rule that fired instead);
``no-analysis``     verbless analysis attempted, nothing generated;
``wrong-count``     analyses exist but none has the gold number of sentences;
``wrong-content``   some analysis has the right number of sentences, none the right words.

Every figure is a development number (nothing is fitted here; the data were read while the
resolver was built). The uncovered items themselves (third-party text) are written only to
``benchmarks/out/coverage/`` (gitignored), never printed with ``--json``.
Usage: ``python benchmarks/conjuncts_coverage.py [--sources schuster,gum] [--no-oracle]
[--json]``; a couple of minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, SHARED_DATA

DATA = ROOT / "benchmarks" / "data" / "conjuncts"
OUT = ROOT / "benchmarks" / "out" / "coverage"
DEFAULT_SOURCES = "paper,schuster,gum,pud,thec,stripping,mined"


def coverage_of(
    examples: Sequence[Any], docs: Sequence[Any], ranker: Any = None
) -> list[dict[str, Any]]:
    """One record per example: covered, top-1 right, number of analyses, error shape."""
    from lingeval.conjuncts.omission import detect_omission
    from lingeval.conjuncts.ranker import _same
    from lingeval.conjuncts.resolvers.rules import _token_at, resolve_doc

    out = []
    for ex, doc in zip(examples, docs, strict=True):
        gold = ex.rewrites if ex.rewritable and ex.rewrites else [ex.sentence]
        cc = _token_at(doc, ex.offset)
        rec: dict[str, Any] = {"id": ex.id, "gold_n": len(gold), "analyses": 0}
        if cc is None:
            rec.update(covered=False, top1=False, shape="not-detected", sub="no-token")
            out.append(rec)
            continue
        collected: list[Any] = []
        res = resolve_doc(doc, cc, ranker=ranker, collect=collected)
        final = res.sentences if res.changed else [ex.sentence]
        built = [b.sentences for _, b in collected if b is not None]
        final_right = _same(final, gold)
        rights = [_same(b, gold) for b in built]
        rec["analyses"] = len(collected)
        rec["covered"] = final_right or any(rights)
        # the first-stage choice: the best-scored analysis that builds (collected is sorted)
        first = next(iter(built), None)
        rec["top1"] = _same(first, gold) if first is not None else final_right
        rec["rule"] = res.rule
        rec["detected"] = detect_omission(doc, cc) is not None
        if rec["covered"]:
            rec["shape"] = rec["sub"] = ""
        elif not collected:
            detected = rec["detected"]
            rec["shape"] = "no-analysis" if detected else "not-detected"
            rec["sub"] = res.rule.split(":")[0] if not detected else ""
        elif not any(len(b) == len(gold) for b in built):
            rec["shape"], rec["sub"] = "wrong-count", f"gold {len(gold)}"
        else:
            rec["shape"], rec["sub"] = "wrong-content", ""
        rec["_show"] = (ex.sentence, gold, built[:3] if built else [final])
        out.append(rec)
    return out


def summary(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    n = len(records)
    analyses = [r["analyses"] for r in records]
    shapes = Counter(
        (r["shape"] + (f" ({r['sub']})" if r["sub"] else "")) for r in records if not r["covered"]
    )
    return {
        "n": n,
        "covered_pct": 100.0 * sum(r["covered"] for r in records) / max(1, n),
        "top1_pct": 100.0 * sum(r["top1"] for r in records) / max(1, n),
        "analyses_mean": sum(analyses) / max(1, n),
        "analyses_max": max(analyses, default=0),
        "uncovered": dict(shapes.most_common()),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--sources", default=DEFAULT_SOURCES, help="comma-separated dev sources")
    ap.add_argument("--no-oracle", action="store_true", help="skip the gold-tree runs")
    ap.add_argument("--ranker", default=None, help="ranker version or JSON path")
    ap.add_argument("--json", action="store_true", help="figures as JSON (no item text)")
    args = ap.parse_args(argv)
    from lingeval.conjuncts.devdata import HELD_OUT_SOURCES

    held = [s.strip() for s in args.sources.split(",") if s.strip() in HELD_OUT_SOURCES]
    if held:
        ap.error(f"--sources: held-out sources are never measured here: {', '.join(held)}")
    if not SHARED_DATA.is_dir():
        print("../shared/data is absent: nothing to measure")
        return 0

    from lingeval.conjuncts.devdata import gold_trees, load_sources
    from lingeval.conjuncts.quality import _spaces_for
    from lingeval.core.oracle import sentence_to_doc
    from lingeval.core.parsing import Parser

    t0 = time.perf_counter()
    names = [s.strip() for s in args.sources.split(",") if s.strip()]
    sources = load_sources(SHARED_DATA, DATA, names=names)
    trees = gold_trees(sources)
    parser = Parser(None)
    results: dict[str, dict[str, Any]] = {}
    OUT.mkdir(parents=True, exist_ok=True)
    for name, src in sources.items():
        examples = [ex for ex in src.examples if ex.rewrites or not ex.rewritable]
        docs = parser.parse([ex.sentence for ex in examples])
        recs = coverage_of(examples, docs, args.ranker)
        results[name] = {"parsed": summary(recs)}
        _dump(OUT / f"uncovered-{name}-parsed.txt", examples, recs)
        with_tree = [ex for ex in examples if ex.id in trees]
        if with_tree and not args.no_oracle:
            vocab = parser.nlp.vocab
            gdocs = [
                sentence_to_doc(trees[ex.id], vocab, spaces=_spaces_for(trees[ex.id], ex.sentence))
                for ex in with_tree
            ]
            grecs = coverage_of(with_tree, gdocs, args.ranker)
            results[name]["oracle"] = summary(grecs)
            _dump(OUT / f"uncovered-{name}-oracle.txt", with_tree, grecs)
    seconds = time.perf_counter() - t0
    if args.json:
        print(json.dumps({"scope": "development", "seconds": seconds, "sources": results}))
        return 0
    print("## Coverage of the generated analyses (DEVELOPMENT numbers)\n")
    print("| source | mode | n | covered % | top-1 (first stage) % | analyses mean / max |")
    print("|---|---|---|---|---|---|")
    for name, modes in results.items():
        for mode, s in modes.items():
            print(
                f"| {name} | {mode} | {s['n']} | {s['covered_pct']:.1f} | {s['top1_pct']:.1f} |"
                f" {s['analyses_mean']:.1f} / {s['analyses_max']} |"
            )
    print("\n### uncovered items by error shape\n")
    for name, modes in results.items():
        for mode, s in modes.items():
            shapes = ", ".join(f"{k}: {v}" for k, v in s["uncovered"].items()) or "-"
            print(f"- {name} {mode}: {shapes}")
    print(f"\nitems: {OUT}/uncovered-*.txt (gitignored); {seconds:.0f} s in all")
    return 0


def _dump(path: Path, examples: Sequence[Any], recs: Sequence[dict[str, Any]]) -> None:
    lines = []
    for ex, r in zip(examples, recs, strict=True):
        if r["covered"] or "_show" not in r:
            continue
        sentence, gold, shown = r["_show"]
        lines.append(f"## {ex.id} [{r['shape']} {r['sub']}] rule={r.get('rule')}")
        lines.append(f"   {sentence}")
        lines.extend(f"   G: {g}" for g in gold)
        for k, b in enumerate(shown):
            lines.extend(f"   {k}: {s}" for s in b)
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
