"""Benchmark: quality of `lingeval conjuncts mine` on GUM-train, UD English-EWT/PUD and WebNLG (issue 15), and its cost.

Data (nobody here wrote the text): ../shared/data/treebanks/GUM-train/en_gum-train.conllu,
10,224 sentences of 12 genres, UD English-EWT test and dev (web text), UD English-PUD, and the
English WebNLG v1.5 test lexicalisations (../shared/data/reg/webnlg_enriched_v1.5_en_test, one
JSONL record per ``<lex>``, split into sentences by the pipeline; :func:`mine_webnlg`) and the
WebNLG v1.5 dev texts rebuilt from NeuralREG's instances
(../shared/data/reg/webnlg_reg_v1.5_seen_unseen/data/dev.json, :func:`webnlgdev_texts`; keys
are SHA-1 prefixes of the text, skipped when absent). The
miner re-parses the raw text of each sentence with the default spaCy pipeline, as a user
would; the gold trees are used only for the recall target.

* **Precision** on hand labels of mined candidates (benchmarks/data/conjuncts/,
  ``sent_id offset label note``, no third-party text; one annotator), every label file in
  :data:`SPLITS`: seeded samples of GUM-train's first-stage output and every candidate of EWT
  test, EWT dev, UD English-PUD and the WebNLG text (WebNLG labels: ``<eid>/<lid>`` and the
  offset in the lexicalisation's text). Only the files in ``conjuncts_mining_fit.HOLDOUT_FILES``
  are held out (the blind half of the WebNLG test candidates, split off by entry before any
  change, for v4; every candidate of the WebNLG dev texts, labelled before v5 was frozen);
  the others were held out for earlier versions and are development data now (the rules were
  written while reading them), also pooled. Task precision = (gapping + conjunction reduction)
  / labelled, with a 95 % Wilson interval; overall and per pattern, before and after the second
  stage; filter loss = true candidates the second stage drops / true candidates. Two label
  files are second, blind passes by another engineer (same guidelines), not pooled: 80 earlier
  GUM/EWT labels and every WebNLG dev candidate; their agreement with the first pass (Cohen's
  kappa) is printed, and for the WebNLG dev set the precision under the second pass's labels.
* **Recall** on GUM-train's gold verbal gaps (copy nodes / orphans of an elided verb in an
  and/or/but coordination, :func:`lingeval.conjuncts.mining.quality.gold_gaps`): the share
  whose conjunction the miner marks (before and after the second stage).
* **Candidates per 1,000 sentences** of each corpus, before and after the second stage.
* **Throughput** against parsing alone (the peer: spaCy ``nlp.pipe``, same pipeline, batch size
  and texts, ``--processes`` processes (default 1; ``mine -j``), Docs consumed and discarded)
  on the first ``--timing-sentences`` GUM sentences: ``--repeat`` (default 5) runs per side, interleaved ABBA (peer, mine, mine,
  peer, ...) so that load drifting on a shared machine hits both, medians, by wall time and by
  CPU time (user + system), in process and as whole processes (``lingeval conjuncts mine``
  against a Python process that loads the same pipeline and parses the same file, loading
  included). Ratio = peer time / mine time (mine's throughput relative to parsing alone), with
  the min-max of the per-round ratios beside it; plus the share of each mine run spent
  matching and in the second stage, measured inside the run. Run both sides alike: ``nice``
  on the whole script if at all. ``--timing-only`` skips the quality part.

    .venv/bin/python benchmarks/conjuncts_mining_quality.py [--repeat 5] [--timing-only] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, Run, compare, measure, run_measured, spread, tool
from conjuncts_mining_fit import GUM, LABELS, WEBNLG, WEBNLG_REG, corpus_of

#: label files in the order they were made; the corpus each points into is
#: :func:`conjuncts_mining_fit.corpus_of`. Those in ``conjuncts_mining_fit.HOLDOUT_FILES`` are held out.
SPLITS = {
    "GUM development 1 (200)": "gum_mining_labels.tsv",
    "GUM development 2 (100)": "gum_mining_labels_dev2.tsv",
    "GUM development 3 (100)": "gum_mining_labels_dev3.tsv",
    "GUM test 1 (100; dev since)": "gum_mining_labels_test.tsv",
    "GUM test 2 (150; dev since)": "gum_mining_labels_test2.tsv",
    "GUM test 3 (100; v2 held out, dev since)": "gum_mining_labels_test3.tsv",
    "EWT test (88; v2 held out, dev since)": "ewt_mining_labels_test.tsv",
    "EWT dev, dev half (34)": "ewt_mining_labels_dev.tsv",
    "EWT dev, blind half (50; v3 held out, dev since)": "ewt_mining_labels_devblind.tsv",
    "PUD (100; v3 held out, dev since)": "pud_mining_labels_test.tsv",
    "WebNLG, development half (163)": "webnlg_mining_labels_dev.tsv",
    "WebNLG, blind half (149; v4 held out, not fitted)": "webnlg_mining_labels_blind.tsv",
    "WebNLG dev texts (130, held out for v5)": "webnlgdev_mining_labels_blind.tsv",
}
#: a second labelling pass, blind to the first, over 80 candidates labelled in earlier sessions
SECOND_PASS = "mining_labels_second_pass.tsv"
#: a second labelling pass, blind to the first, over every WebNLG dev candidate (v5's hold-out)
WEBNLGDEV_SECOND_PASS = "webnlgdev_mining_labels_second_pass.tsv"
OUT = ROOT / "benchmarks" / "out" / "conjuncts_mining_quality"


def pct(k: int, n: int) -> float:
    return 100.0 * k / n if n else float("nan")


def mine_gum(out: Path, corpus: Path = GUM) -> tuple[list[dict[str, Any]], int, float]:
    """Every first-stage candidate of a treebank (GUM-train by default) with its evidence
    (``--no-filter``)."""
    from lingeval.conjuncts.mining.miner import mine

    start = time.perf_counter()
    res = mine(corpus, out, filtered=False, restart=True)
    seconds = time.perf_counter() - start
    recs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return recs, res.sentences, seconds


def mine_texts(out: Path, texts: dict[str, str]) -> tuple[list[dict[str, Any]], int]:
    """Every first-stage candidate of keyed texts (``--no-filter``; one JSONL record per text,
    split into sentences by the pipeline). Each record's ``meta.source.sent_id`` is set to its
    text's key and ``lex_offset`` to the conjunction's offset in that text: the key of the
    WebNLG labels."""
    from lingeval.conjuncts.mining.miner import mine

    src = out.with_suffix(".input.jsonl")
    src.write_text(
        "".join(
            json.dumps({"id": k, "text": t}, ensure_ascii=False) + "\n" for k, t in texts.items()
        ),
        encoding="utf-8",
    )
    res = mine(src, out, filtered=False, restart=True)
    recs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    for r in recs:
        key = r["meta"]["source"]["id"]
        start = texts[key].find(r["sentence"])
        if start < 0:
            raise RuntimeError(f"sentence of {r['id']} not found in text {key}")
        r["meta"]["source"]["sent_id"] = key
        r["lex_offset"] = start + r["offset"]
    return recs, res.sentences


def mine_webnlg(out: Path, root: Path = WEBNLG) -> tuple[list[dict[str, Any]], int]:
    """Every first-stage candidate of the English WebNLG v1.5 test lexicalisations (keys
    ``<eid>/<lid>``)."""
    from lingeval.conjuncts.mining.quality import webnlg_texts

    return mine_texts(out, dict(webnlg_texts(root)))


def webnlgdev_texts(root: Path = WEBNLG_REG, test: Path = WEBNLG) -> dict[str, str]:
    """The WebNLG v1.5 dev texts rebuilt from NeuralREG's ``data/dev.json``
    (:func:`lingeval.conjuncts.mining.quality.webnlg_reg_texts`), without any text equal to a
    WebNLG test lexicalisation; empty when the data is absent."""
    from lingeval.conjuncts.mining.quality import webnlg_reg_texts, webnlg_texts

    used = {t for _, t in webnlg_texts(test)} if test.is_dir() else set()
    return dict(webnlg_reg_texts(root, exclude=used))


def _scores(n: int, pos: int, kept: int, tp: int) -> dict[str, Any]:
    """Task precision before the second stage (``pos`` true of ``n``) and after it (``tp`` true
    of ``kept``), with Wilson CIs, and the filter loss (true candidates dropped / true)."""
    from lingeval.conjuncts.mining.quality import precision_ci

    return {
        "precision_first_stage": pct(pos, n),
        "ci_first_stage": precision_ci(pos, n),
        "kept": kept,
        "precision_kept": pct(tp, kept),
        "ci_kept": precision_ci(tp, kept),
        "filter_loss": pct(pos - tp, pos),
    }


def _per_pattern(counts: dict[str, list[int]]) -> dict[str, Any]:
    """Per pattern, from ``[true, labelled, true kept, kept]``: the counts and the precision
    after the second stage (Wilson CI), by name."""
    from lingeval.conjuncts.mining.quality import precision_ci

    return {
        n: {
            "first_stage": [v[0], v[1]],
            "kept": [v[2], v[3]],
            "precision_kept": pct(v[2], v[3]),
            "ci_kept": precision_ci(v[2], v[3]),
        }
        for n, v in sorted(counts.items())
    }


def score_labels(path: Path, by_key: dict[tuple[str, int], dict[str, Any]]) -> dict[str, Any]:
    """Precision before/after the second stage, filter loss and per-pattern counts of one
    label file against the mined candidates ``by_key`` ((sent_id, offset) -> record)."""
    from lingeval.conjuncts.mining.quality import read_labels

    labels = read_labels(path)
    found = [(lab, by_key.get((lab.sent_id, lab.offset))) for lab in labels]
    present = [(lab, r) for lab, r in found if r is not None]
    pos = sum(lab.positive for lab, _ in present)
    kept_l = [(lab, r) for lab, r in present if r["meta"]["evidence"]["kept"]]
    tp = sum(lab.positive for lab, _ in kept_l)
    per_pattern: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    by_label: dict[str, int] = defaultdict(int)
    for lab, r in present:
        by_label[lab.label] += 1
        for n in r["meta"]["patterns"]:
            row = per_pattern[n]
            row[0] += lab.positive
            row[1] += 1
            if r["meta"]["evidence"]["kept"]:
                row[2] += lab.positive
                row[3] += 1
    return {
        "labelled": len(labels),
        "still_mined": len(present),
        "true_first_stage": pos,
        "true_kept": tp,
        "labels": dict(by_label),
        **_scores(len(present), pos, len(kept_l), tp),
        "per_pattern": _per_pattern(per_pattern),
    }


def per_1000(recs: list[dict[str, Any]], sentences: int) -> dict[str, Any]:
    """Candidates of a corpus before and after the second stage, also per 1,000 sentences."""
    kept = sum(1 for r in recs if r["meta"]["evidence"]["kept"])
    return {
        "sentences": sentences,
        "first_stage": len(recs),
        "kept": kept,
        "per_1000_first_stage": 1000.0 * len(recs) / sentences,
        "per_1000_kept": 1000.0 * kept / sentences,
    }


def pooled(splits: list[dict[str, Any]]) -> dict[str, Any]:
    """Task precision and filter loss over several label files together (Wilson CIs)."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for sp in splits:
        for name, v in sp["per_pattern"].items():
            row = counts[name]
            for i, x in enumerate((*v["first_stage"], *v["kept"])):
                row[i] += x
    n = sum(s["still_mined"] for s in splits)
    pos = sum(s["true_first_stage"] for s in splits)
    kept = sum(s["kept"] for s in splits)
    tp = sum(s["true_kept"] for s in splits)
    return {
        "still_mined": n,
        **_scores(n, pos, kept, tp),
        "lost": pos - tp,
        "positives": pos,
        "per_pattern": _per_pattern(counts),
    }


def quality(recs: list[dict[str, Any]], sentences: int) -> dict[str, Any]:
    from lingeval.conjuncts.mining.quality import gold_gaps

    by_key = {(r["meta"]["source"]["sent_id"], r["offset"]): r for r in recs}
    gum = per_1000(recs, sentences)
    out: dict[str, Any] = {
        "sentences": sentences,
        "candidates_first_stage": gum["first_stage"],
        "candidates_kept": gum["kept"],
        "per_1000_first_stage": gum["per_1000_first_stage"],
        "per_1000_kept": gum["per_1000_kept"],
        "splits": {},
    }
    from conjuncts_mining_fit import HOLDOUT_FILES

    mined = {GUM: by_key}
    out["corpora"] = {GUM.name: gum}
    for name, fname in SPLITS.items():
        corpus = corpus_of(fname)
        if not corpus.exists():
            continue
        if corpus not in mined and corpus in (WEBNLG, WEBNLG_REG):
            if corpus == WEBNLG:
                recs_c, n_c = mine_webnlg(OUT / "webnlg_candidates.jsonl", corpus)
                title = "WebNLG v1.5 test (en)"
            else:
                texts = webnlgdev_texts(corpus)
                if not texts:  # the folder without its dev.json
                    continue
                recs_c, n_c = mine_texts(OUT / "webnlgdev_candidates.jsonl", texts)
                title = "WebNLG v1.5 dev (en, NeuralREG texts)"
            mined[corpus] = {(r["meta"]["source"]["sent_id"], r["lex_offset"]): r for r in recs_c}
            out["corpora"][title] = per_1000(recs_c, n_c)
        elif corpus not in mined:
            recs_c, n_c, _ = mine_gum(OUT / f"{corpus.stem}_candidates.jsonl", corpus)
            mined[corpus] = {(r["meta"]["source"]["sent_id"], r["offset"]): r for r in recs_c}
            out["corpora"][corpus.name] = per_1000(recs_c, n_c)
        out["splits"][name] = score_labels(LABELS / fname, mined[corpus])
        out["splits"][name]["held_out"] = fname in HOLDOUT_FILES
    out["pooled_development"] = pooled([s for s in out["splits"].values() if not s["held_out"]])
    out["pooled_held_out"] = pooled([s for s in out["splits"].values() if s["held_out"]])
    # a second, blind labelling pass over 80 earlier labels (another engineer, same guidelines)
    from lingeval.conjuncts.mining.quality import label_agreement, read_labels

    first = [
        lab
        for f in SPLITS.values()
        if f.startswith(("gum_", "ewt_"))
        for lab in read_labels(LABELS / f)
    ]
    out["agreement"] = label_agreement(first, read_labels(LABELS / SECOND_PASS))
    # and over the WebNLG dev hold-out, with the filter scored under the second pass's labels
    if WEBNLG_REG in mined:
        out["agreement_webnlgdev"] = label_agreement(
            read_labels(LABELS / SPLITS["WebNLG dev texts (130, held out for v5)"]),
            read_labels(LABELS / WEBNLGDEV_SECOND_PASS),
        )
        out["second_pass_webnlgdev"] = score_labels(
            LABELS / WEBNLGDEV_SECOND_PASS, mined[WEBNLG_REG]
        )
    gaps = gold_gaps(GUM)
    flagged = [g for g in gaps if (g.sent_id, g.offset) in by_key]
    kept_g = [g for g in flagged if by_key[(g.sent_id, g.offset)]["meta"]["evidence"]["kept"]]
    out["gold_gaps"] = len(gaps)
    out["recall_first_stage"] = pct(len(flagged), len(gaps))
    out["recall_kept"] = pct(len(kept_g), len(gaps))
    out["gaps_missed"] = [f"{g.sent_id}@{g.offset}" for g in gaps if g not in kept_g]
    return out


def throughput(
    texts: list[str], repeat: int, batch_size: int, n_process: int = 1
) -> dict[str, Any]:
    """Parsing alone (the peer) against ``mine`` with both stages on the same texts, same
    pipeline, batch size and number of processes (``nlp.pipe(n_process=...)`` against
    ``mine -j ...``): in process and as whole processes (loading included), ``repeat``
    ABBA-interleaved runs per side, wall and CPU time (worker processes included), medians."""
    import os
    from collections import deque

    from lingeval.conjuncts.mining.miner import mine
    from lingeval.core.parsing import load_pipeline

    nlp = load_pipeline()
    nlp("Warm up the pipeline and the vocabulary.")
    load = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "input.txt"
        path.write_text("\n".join(texts) + "\n", encoding="utf-8")
        out = Path(tmp) / "o.jsonl"
        # one untimed run: imports the second stage, loads the fitted filter and puts every
        # word of the texts in the vocabulary (the peer's runs then see the same warm state)
        mine(path, out, batch_size=batch_size, restart=True, n_process=n_process)

        def peer() -> Run:
            return measure(
                lambda: deque(nlp.pipe(texts, batch_size=batch_size, n_process=n_process), maxlen=0)
            )

        def ours() -> Run:
            return measure(
                lambda: mine(path, out, batch_size=batch_size, restart=True, n_process=n_process)
            )

        inproc = compare(repeat, peer, ours)
        # None: the workers match
        shares = [
            r.result.match_seconds / r.result.seconds
            for r in inproc.ours
            if r.result.match_seconds is not None
        ]
        load.append(os.getloadavg()[0])
        # whole process, loading included
        peer_script = (
            "from collections import deque\nfrom lingeval.core.parsing import load_pipeline\n"
            "nlp = load_pipeline()\n"
            f"texts = open({str(path)!r}, encoding='utf-8').read().splitlines()\n"
            f"deque(nlp.pipe(texts, batch_size={batch_size}, n_process={n_process}), maxlen=0)\n"
        )
        mine_cmd = [
            tool("lingeval"),
            "conjuncts",
            "mine",
            str(path),
            "-o",
            str(Path(tmp) / "w.jsonl"),
            "--restart",
            "--no-progress",
            "--batch-size",
            str(batch_size),
            "-j",
            str(n_process),
        ]
        whole = compare(
            repeat,
            lambda: run_measured([sys.executable, "-c", peer_script]),
            lambda: run_measured(mine_cmd),
        )
        load.append(os.getloadavg()[0])
    return {
        "sentences": len(texts),
        "repeat": repeat,
        "batch_size": batch_size,
        "processes": n_process,
        "load_avg_1m": load,  # at the start, between the two parts, at the end
        "in_process": inproc.to_dict(),
        "whole_process": whole.to_dict(),
        # share of each mine run's wall time spent matching and in the second stage (measured
        # inside the run, so unaffected by load drifting between runs)
        "match_share_runs": shares,
        "match_share": statistics.median(shares) if shares else None,
    }


def show(q: dict[str, Any], t: dict[str, Any] | None, pipeline: str) -> None:
    print(
        f"parser {pipeline}; labels: one annotator per label file (sentence + marked conjunction); second blind passes below"
    )
    for corpus, c in q["corpora"].items():
        print(
            f"{corpus}: {c['sentences']} sentences, {c['first_stage']} first-stage candidates "
            f"({c['per_1000_first_stage']:.1f} per 1,000 sentences), {c['kept']} kept "
            f"({c['per_1000_kept']:.1f} per 1,000)"
        )
    print(
        f"recall of GUM-train gold verbal gaps ({q['gold_gaps']}): first stage "
        f"{q['recall_first_stage']:.1f}%, after the second stage {q['recall_kept']:.1f}%"
    )
    print(f"  missed: {', '.join(q['gaps_missed'])}")
    ag = q["agreement"]
    print(
        f"label agreement, second blind pass over {ag['items']} earlier labels: "
        f"{ag['agreement']:.1f}% (kappa {ag['kappa']:.2f}) on the four labels, "
        f"{ag['agreement_binary']:.1f}% (kappa {ag['kappa_binary']:.2f}) on candidate or not"
    )
    if "agreement_webnlgdev" in q:
        ag, s2 = q["agreement_webnlgdev"], q["second_pass_webnlgdev"]
        lo, hi = s2["ci_kept"]
        print(
            f"label agreement, second blind pass over the {ag['items']} WebNLG dev labels: "
            f"{ag['agreement']:.1f}% (kappa {ag['kappa']:.2f}) on the four labels, "
            f"{ag['agreement_binary']:.1f}% (kappa {ag['kappa_binary']:.2f}) on candidate or not; "
            f"under its labels {s2['precision_kept']:.1f}% [{lo:.1f}, {hi:.1f}] "
            f"({s2['true_kept']}/{s2['kept']} kept), filter loss {s2['filter_loss']:.1f}%"
        )
    print()
    print(
        f"{'labels':50} {'n':>4} {'first-stage prec':>18} {'kept':>5} {'task precision':>16} "
        f"{'95% CI':>13} {'filter loss':>11}"
    )
    rows = [
        *q["splits"].items(),
        ("pooled development (in sample)", q["pooled_development"]),
        ("pooled held out", q["pooled_held_out"]),
    ]
    for name, s in rows:
        lo, hi = s["ci_kept"]
        print(
            f"{name:50} {s['still_mined']:>4} {s['precision_first_stage']:>17.1f}% "
            f"{s['kept']:>5} {s['precision_kept']:>15.1f}% {lo:>6.1f}-{hi:<5.1f} "
            f"{s['filter_loss']:>10.1f}%"
        )
    for name, s in rows:
        if not name.startswith("pooled"):
            continue
        print(f"\nper pattern, {name} (true/labelled; precision after the second stage)")
        for n, v in s["per_pattern"].items():
            lo, hi = v["ci_kept"]
            print(
                f"  {n:45} first {v['first_stage'][0]:>3}/{v['first_stage'][1]:<3} "
                f"kept {v['kept'][0]:>3}/{v['kept'][1]:<3} {v['precision_kept']:>6.1f}% "
                f"[{lo:5.1f}, {hi:5.1f}]"
            )
    if t:
        show_throughput(t)


def show_throughput(t: dict[str, Any]) -> None:
    n = t["sentences"]
    load = ", ".join(f"{x:.1f}" for x in t["load_avg_1m"])
    print(
        f"\nthroughput on {n} GUM sentences: parse only (nlp.pipe) vs lingeval conjuncts mine "
        f"(both stages), batch size {t['batch_size']}, {t['processes']} process(es), "
        f"{t['repeat']} ABBA-interleaved "
        f"runs per side, medians (load average {load})"
    )
    print(
        f"{'':28} {'parse only':>11} {'mine':>9} {'mine/parse':>10}  "
        f"{'per round: median (min-max)':>28}"
    )
    for part, label in (("in_process", "in process"), ("whole_process", "whole process")):
        for what, unit in (("seconds", "wall s"), ("cpu_seconds", "CPU s")):
            row = t[part][what]
            print(
                f"{label + ', ' + unit:28} {row['peer_median']:>11.2f} "
                f"{row['ours_median']:>9.2f} {row['ratio']:>10.1%}  "
                f"{spread(row['round_ratios']):>28}"
            )
    sec = t["in_process"]["seconds"]
    print(
        f"in process, sent/s: parse only {n / sec['peer_median']:.1f}, "
        f"mine {n / sec['ours_median']:.1f}"
    )
    if t["match_share_runs"]:
        print(
            f"inside each mine run, matching + second stage took {spread(t['match_share_runs'])} "
            f"of its wall time (median (min-max) over the runs)"
        )
    else:
        print("matching + second stage ran in the worker processes (not timed separately)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="timed runs per side (median)")
    ap.add_argument("--timing-sentences", type=int, default=3000)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--processes", type=int, default=1, help="timing: processes on both sides (-j)")
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument(
        "--timing-only", action="store_true", help="only the throughput part (no quality)"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not GUM.exists():
        print(f"skipped: {GUM} is not present (third-party data)", file=sys.stderr)
        return 0
    from lingeval.core.conllu import read_conllu
    from lingeval.core.parsing import load_pipeline, pipeline_id

    OUT.mkdir(parents=True, exist_ok=True)
    q = None
    if not args.timing_only:
        recs, sentences, _ = mine_gum(OUT / "gum_candidates.jsonl")
        q = quality(recs, sentences)
    t = None
    if not args.no_timing:
        texts = [s.text.strip() for s in read_conllu(GUM, validate_tree=False)]
        t = throughput(texts[: args.timing_sentences], args.repeat, args.batch_size, args.processes)
    pipeline = pipeline_id(load_pipeline())
    if args.json:
        print(json.dumps({"pipeline": pipeline, "quality": q, "throughput": t}, indent=1))
    elif q is not None:
        show(q, t, pipeline)
    elif t is not None:
        show_throughput(t)
    return 0


if __name__ == "__main__":
    sys.exit(main())
