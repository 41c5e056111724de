"""Benchmark: `lingeval conjuncts mine` throughput against raw spaCy `nlp.pipe`.

Peer: spaCy's ``nlp.pipe`` with the same pipeline (default English pipeline, NER excluded),
batch size and number of processes, consuming the Docs and doing nothing else. lingeval adds
reading the input, the patterns (A.7's 21 and lingeval's), the second stage, dedup, JSONL
writing and checkpoints. Target (issue 5): mining throughput >= 90% of the raw parse
throughput; scaling from 1 to 2 processes reported. ``--repeat`` (default 5) runs per side,
ABBA-interleaved, medians of wall time (and the ratio of CPU times, user + system including
spaCy's worker processes), with the min-max of the per-round ratios. The whole-process row
(loading included) is in ``conjuncts_mining_quality.py``.

Input: the text of the shared English treebanks (../shared/data/treebanks: UD_English-EWT dev
and test, UD_English-PUD), repeated until --sentences are reached. Skips when absent.

    .venv/bin/python benchmarks/conjuncts_mining.py [--sentences 20000] [--processes 1,2]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import Run, compare, measure, spread

ROOT = Path(__file__).resolve().parent.parent
TREEBANKS = ROOT.parent / "shared" / "data" / "treebanks"


def load_sentences(n: int) -> list[str]:
    from lingeval.core.conllu import read_conllu

    files = sorted(TREEBANKS.glob("UD_English-*/*.conllu"))
    base = [s.text for f in files for s in read_conllu(f) if s.text.strip()]
    if not base:
        return []
    out: list[str] = []
    while len(out) < n:
        out.extend(base)
    return out[:n]


def time_raw(texts: list[str], n_process: int, batch_size: int) -> Run:
    from lingeval.core.parsing import load_pipeline

    nlp = load_pipeline()
    return measure(
        lambda: deque(nlp.pipe(texts, batch_size=batch_size, n_process=n_process), maxlen=0)
    )


def time_mine(path: Path, out: Path, n_process: int, batch_size: int) -> Run:
    """One timed ``mine`` run; its :class:`MiningResult` is the run's ``result``."""
    from lingeval.conjuncts.mining.miner import mine

    return measure(
        lambda: mine(path, out, n_process=n_process, batch_size=batch_size, restart=True)
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sentences", type=int, default=20000)
    ap.add_argument("--processes", default="1,2")
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--repeat", type=int, default=5, help="runs per side and setting (medians)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = ap.parse_args()
    texts = load_sentences(args.sentences)
    if not texts:
        print(f"skipped: no treebanks under {TREEBANKS}", file=sys.stderr)
        return 0
    from lingeval.core.parsing import load_pipeline, pipeline_id

    nlp = load_pipeline()
    nlp("Warm up the pipeline and the vocabulary.")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "input.txt"
        path.write_text("\n".join(texts) + "\n", encoding="utf-8")
        for p in (int(x) for x in args.processes.split(",")):
            out = Path(tmp) / f"out{p}.jsonl"
            # interleaved in ABBA order (raw, mine, mine, raw, ...) so that drifting load on
            # a shared machine hits both; medians of wall and CPU time (this process and
            # spaCy's worker processes)
            cmp = compare(
                args.repeat,
                lambda p=p: time_raw(texts, p, args.batch_size),
                lambda p=p, out=out: time_mine(path, out, p, args.batch_size),
            )
            raw, mined = cmp.median("peer"), cmp.median("ours")
            rows.append(
                {
                    "processes": p,
                    "raw_sent_per_s": len(texts) / raw,
                    "mine_sent_per_s": len(texts) / mined,
                    "ratio": cmp.ratio(),
                    "cpu_ratio": cmp.ratio("cpu_seconds"),
                    "round_ratios": cmp.round_ratios(),
                    "candidates": cmp.ours[-1].result.candidates,
                    "runs": cmp.to_dict(),
                }
            )
    one = next((r for r in rows if r["processes"] == 1), None)
    for r in rows:
        r["raw_scaling"] = r["raw_sent_per_s"] / one["raw_sent_per_s"] if one else None
        r["mine_scaling"] = r["mine_sent_per_s"] / one["mine_sent_per_s"] if one else None
    import os

    meta = {
        "sentences": len(texts),
        "pipeline": pipeline_id(nlp),
        "batch_size": args.batch_size,
        "cpus": os.cpu_count(),
        "load_avg_1m": round(os.getloadavg()[0], 2),
    }
    if args.json:
        print(json.dumps({**meta, "runs": rows}, indent=1))
        return 0
    print(
        f"{meta['sentences']} sentences, pipeline {meta['pipeline']}, batch size {meta['batch_size']}"
    )
    print(
        f"{'proc':>4}  {'nlp.pipe sent/s':>15}  {'mine sent/s':>11}  {'mine/raw':>8}  "
        f"{'per round: median (min-max)':>28}  {'CPU ratio':>9}  {'raw x1->':>8}  {'mine x1->':>9}  {'candidates':>10}"
    )
    for r in rows:
        print(
            f"{r['processes']:>4}  {r['raw_sent_per_s']:>15.1f}  {r['mine_sent_per_s']:>11.1f}  "
            f"{r['ratio']:>8.1%}  {spread(r['round_ratios']):>28}  {r['cpu_ratio']:>9.1%}  "
            f"{r['raw_scaling'] or 0:>8.2f}  {r['mine_scaling'] or 0:>9.2f}  {r['candidates']:>10}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
