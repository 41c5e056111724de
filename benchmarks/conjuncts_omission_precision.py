"""How often the rules resolver reads an ordinary coordination as an omission, on REAL labelled
coordinations (issue 11, session 14).

The held-out ellipsis sets the resolver is scored on hold only ellipsis, so a gapping or
argument-cluster reading of an ordinary noun-phrase coordination ("on the Aransas and Roma post
offices" -> "Roma tried to calculate the IRR on post offices") was never measured. The mining
label files (docs/conjuncts-mining.md, "Labelling guidelines") label 1,600 real coordinations
of GUM, UD English-EWT, UD English-PUD and English WebNLG (sentence id + offset of the
conjunction) as ``gapping`` (a verbal omission: gapping, stripping, clusters, VP ellipsis),
``reduction`` (conjunction reduction), ``vp`` (clause / VP coordination) or ``none``. Each
labelled conjunction is resolved with the rules resolver and its rule put in a family:

- ``omission``: gapping, argument-cluster, stripping*, vp-ellipsis (any ``+list``),
- ``coordination``, ``shared-subject``, ``clauses``, ``unchanged``, ``other``.

Reported per label: the share of each family; the false omission rate (omission on
``reduction`` / ``vp`` / ``none``) and the omission recall on ``gapping``.

Held-out sentences are excluded from everything: the sentences of the held-out sources
(``treebank-heldout``, ``webnlg-heldout``, loaded programmatically as in
benchmarks/conjuncts_ranker.py and never printed) are compared with each labelled sentence on
letters and digits (:func:`lingeval.conjuncts.ranker.without_sentences`); a label row whose
sentence matches is dropped, and only the count is reported.

Usage::

    PYTHONPATH=src python benchmarks/conjuncts_omission_precision.py [--json OUT] [--rows OUT]

``--rows`` writes one JSON line per labelled row (file, id, label, rule, sentence, rewrites)
for error analysis.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from _common import ROOT, SHARED_DATA
from conjuncts_mining_fit import FIT_FILES, HOLDOUT_FILES, WEBNLG, WEBNLG_REG, corpus_of

DATA = ROOT / "benchmarks" / "data" / "conjuncts"
#: the label files, by explicit name (never a glob of the data folder: it holds held-out gold):
#: those the mining filter is fitted on and those it was held out on, each row once (a
#: second annotator's pass over the same rows is not counted again)
LABEL_FILES = (*FIT_FILES, *HOLDOUT_FILES)
HELD_OUT = ("treebank-heldout", "webnlg-heldout")
FAMILIES = ("omission", "coordination", "shared-subject", "clauses", "unchanged", "other")
OMISSION_RULES = ("gapping", "argument-cluster", "stripping", "vp-ellipsis")


def family(rule: str) -> str:
    """The family of a resolver rule name (``+list`` and ``:reason`` suffixes ignored)."""
    if rule.startswith("unchanged"):
        return "unchanged"
    base = rule.split("+", 1)[0]
    if base.startswith(OMISSION_RULES):
        return "omission"
    return base if base in FAMILIES else "other"


def document_of(fname: str, sent_id: str) -> str:
    """The document a label row's sentence belongs to (for cross-validation by document)."""
    if fname.startswith("gum_"):
        return sent_id.rsplit("-", 1)[0]
    if fname.startswith("ewt_"):
        return sent_id.rsplit("-", 1)[0]
    if fname.startswith("pud_"):
        return sent_id[:6]
    if fname.startswith("webnlg_"):
        return "webnlg:" + sent_id.split("/", 1)[0]
    return "webnlgdev:" + sent_id


def load_rows(data: Path = DATA) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Every label row whose sentence is found, as ``{file, sent_id, offset, label, note, doc,
    text}`` (``text`` is the whole ``# text`` or lexicalisation; the offset points into it),
    and counts of rows not found / excluded as held out."""
    from conjuncts_mining_quality import webnlgdev_texts
    from lingeval.conjuncts.devdata import load_sources
    from lingeval.conjuncts.mining.quality import read_labels, webnlg_texts
    from lingeval.conjuncts.ranker import without_sentences
    from lingeval.core.conllu import read_conllu

    labels = [(name, lab) for name in LABEL_FILES for lab in read_labels(data / name)]
    wanted = {lab.sent_id for _, lab in labels}
    corpora = sorted({corpus_of(name) for name, _ in labels})
    texts: dict[str, str] = {}
    for corpus in corpora:
        if corpus == WEBNLG:
            texts |= {k: t for k, t in webnlg_texts(WEBNLG) if k in wanted}
        elif corpus == WEBNLG_REG:
            texts |= {k: t for k, t in webnlgdev_texts().items() if k in wanted}
        else:
            texts |= {
                str(s.sent_id): s.text
                for s in read_conllu(corpus, validate_tree=False)
                if s.sent_id in wanted
            }
    sources = load_sources(SHARED_DATA, data, names=list(HELD_OUT))
    held = [ex.sentence for name in HELD_OUT if name in sources for ex in sources[name].examples]
    counts = Counter()
    counts["held_out_sentences_loaded"] = len(held)
    rows = []
    for name, lab in labels:
        text = texts.get(lab.sent_id)
        if text is None:
            counts["not_found"] += 1
            continue
        if not without_sentences([text], held):
            counts["excluded_held_out"] += 1
            continue
        rows.append(
            {
                "file": name,
                "sent_id": lab.sent_id,
                "offset": lab.offset,
                "label": lab.label,
                "note": lab.note,
                "doc": document_of(name, lab.sent_id),
                "text": text,
            }
        )
    return rows, dict(counts)


def sentence_items(rows: list[dict[str, Any]]) -> list[Any]:
    """One :class:`ConjunctExample` per row: the sentence that holds the conjunction (a
    multi-sentence WebNLG text is split by the parser, as the miner does)."""
    from lingeval.conjuncts.example import ConjunctExample
    from lingeval.core.parsing import Parser

    multi = sorted({r["text"] for r in rows if r["file"].startswith("webnlg")})
    parsed = dict(zip(multi, Parser(None).parse(multi), strict=True)) if multi else {}
    items = []
    for k, r in enumerate(rows):
        text, offset = r["text"], r["offset"]
        if text in parsed:
            span = next(
                (s for s in parsed[text].sents if s.start_char <= offset < s.end_char), None
            )
            if span is not None:
                offset -= span.start_char
                text = span.text
        conj = text[offset:].split(" ", 1)[0].rstrip(",.;:")
        if conj.lower() not in {"and", "or", "but", "nor"}:
            items.append(None)
            continue
        items.append(ConjunctExample(f"row{k}", text, conj, offset))
    return items


def resolve_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows`` with the resolver's ``rule``, ``family``, ``sentence`` and ``rewrites``."""
    from lingeval.conjuncts.resolvers.rules import RulesResolver

    items = sentence_items(rows)
    resolver = RulesResolver()
    todo = [(r, ex) for r, ex in zip(rows, items, strict=True) if ex is not None]
    results = resolver.analyse([ex for _, ex in todo])
    out = []
    for (r, ex), res in zip(todo, results, strict=True):
        out.append(
            r
            | {
                "sentence": ex.sentence,
                "cc_offset": ex.offset,
                "rule": res.rule,
                "family": family(res.rule),
                "rewrites": res.sentences,
            }
        )
    return out


def summarise(resolved: list[dict[str, Any]]) -> dict[str, Any]:
    by_label: dict[str, Counter] = defaultdict(Counter)
    rules: dict[str, Counter] = defaultdict(Counter)
    for r in resolved:
        by_label[r["label"]][r["family"]] += 1
        if r["family"] == "omission":
            rules[r["label"]][r["rule"].split("+", 1)[0]] += 1
    out: dict[str, Any] = {"per_label": {}}
    for lab in ("gapping", "reduction", "vp", "none"):
        c = by_label.get(lab, Counter())
        n = sum(c.values())
        out["per_label"][lab] = {
            "n": n,
            "families": {f: c[f] for f in FAMILIES},
            "omission_rate": round(100 * c["omission"] / n, 1) if n else None,
            "omission_rules": dict(rules[lab]),
        }
    neg = [r for r in resolved if r["label"] != "gapping"]
    pos = [r for r in resolved if r["label"] == "gapping"]
    fo = sum(r["family"] == "omission" for r in neg)
    rec = sum(r["family"] == "omission" for r in pos)
    out["false_omission"] = {"k": fo, "n": len(neg), "pct": round(100 * fo / max(1, len(neg)), 1)}
    out["omission_recall"] = {
        "k": rec,
        "n": len(pos),
        "pct": round(100 * rec / max(1, len(pos)), 1),
    }
    omitted = [r for r in resolved if r["family"] == "omission"]
    out["omission_precision"] = {
        "k": sum(r["label"] == "gapping" for r in omitted),
        "n": len(omitted),
        "pct": round(100 * sum(r["label"] == "gapping" for r in omitted) / max(1, len(omitted)), 1),
    }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", type=Path, help="write the figures as JSON")
    ap.add_argument("--rows", type=Path, help="write one JSON line per resolved label row")
    args = ap.parse_args(argv)
    if not SHARED_DATA.is_dir():
        print(f"no shared data at {SHARED_DATA}", file=sys.stderr)
        return 1
    rows, counts = load_rows()
    resolved = resolve_rows(rows)
    counts["resolved"] = len(resolved)
    counts["no_conjunction_at_offset"] = len(rows) - len(resolved)
    summary = {"counts": counts, **summarise(resolved)}
    print(
        f"label rows: {len(rows)} kept; excluded as held out: {counts.get('excluded_held_out', 0)};"
        f" not found: {counts.get('not_found', 0)}; no conjunction at the offset: "
        f"{counts['no_conjunction_at_offset']}"
    )
    print(f"{'label':10} {'n':>5} " + " ".join(f"{f[:12]:>12}" for f in FAMILIES) + "  omission%")
    for lab, d in summary["per_label"].items():
        print(
            f"{lab:10} {d['n']:5d} "
            + " ".join(f"{d['families'][f]:12d}" for f in FAMILIES)
            + f"  {d['omission_rate']}"
        )
    fo, rec, prec = (
        summary["false_omission"],
        summary["omission_recall"],
        summary["omission_precision"],
    )
    print(f"false omission rate (reduction+vp+none): {fo['k']}/{fo['n']} = {fo['pct']}%")
    print(f"omission recall on gapping labels: {rec['k']}/{rec['n']} = {rec['pct']}%")
    print(f"omission precision: {prec['k']}/{prec['n']} = {prec['pct']}%")
    for lab, d in summary["per_label"].items():
        if d["omission_rules"]:
            print(f"  {lab}: {d['omission_rules']}")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    if args.rows:
        with open(args.rows, "w", encoding="utf-8") as fh:
            for r in resolved:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
