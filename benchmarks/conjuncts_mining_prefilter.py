"""Check: the matcher's prefilter changes no candidate on real text, and what it saves.

Each corpus is parsed once with the default pipeline; every sentence is then mined twice with
:func:`lingeval.conjuncts.mining.miner.mine_doc`, with the prefilter (``MiningPattern.needs``:
a pattern is skipped when the sentence lacks a label it needs) and without it (every pattern
on every coordinated sentence). The two candidate lists, second-stage evidence included, must
be identical; the script prints their size and exits 1 on any difference. It also times the
two (CPU time of this process, best of ``--repeat`` passes over the parsed sentences).

Corpora (nobody here wrote the text; skipped when absent): GUM-train (10,224 sentences) and
UD English-EWT dev and test, from ../shared/data/treebanks.

    .venv/bin/python benchmarks/conjuncts_mining_prefilter.py [--repeat 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import SHARED_DATA

TREEBANKS = SHARED_DATA / "treebanks"
CORPORA = {
    "GUM-train": TREEBANKS / "GUM-train" / "en_gum-train.conllu",
    "EWT dev": TREEBANKS / "UD_English-EWT" / "en_ewt-ud-dev.conllu",
    "EWT test": TREEBANKS / "UD_English-EWT" / "en_ewt-ud-test.conllu",
}


def check(path: Path, repeat: int) -> dict[str, Any]:
    from lingeval.conjuncts.mining.miner import iter_units, mine_doc
    from lingeval.core.parsing import load_pipeline

    nlp = load_pipeline()
    texts = [u.text for u in iter_units(path)]
    docs = list(nlp.pipe(texts, batch_size=64))
    runs: dict[bool, list[Any]] = {}
    seconds: dict[bool, float] = {}
    for prefilter in (True, False) * max(1, repeat):
        start = time.process_time()
        runs[prefilter] = [
            mine_doc(d, False, None, t, prefilter=prefilter)
            for d, t in zip(docs, texts, strict=True)
        ]
        took = time.process_time() - start
        seconds[prefilter] = min(seconds.get(prefilter, took), took)
    fast, full = runs[True], runs[False]
    differ = [texts[i] for i, (a, b) in enumerate(zip(fast, full, strict=True)) if a != b]
    return {
        "sentences": len(texts),
        "candidate_sentences": sum(len(r[1]) for r in fast),
        "candidates": sum(len(items) for r in fast for _, items in r[1]),
        "kept": sum(ev["kept"] for r in fast for _, items in r[1] for *_, ev in items),
        "identical": not differ,
        "differences": differ[:5],
        "cpu_s_with_prefilter": seconds[True],
        "cpu_s_without_prefilter": seconds[False],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="timed passes per variant (best)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    present = {name: path for name, path in CORPORA.items() if path.exists()}
    if not present:
        print(f"skipped: no treebanks under {TREEBANKS}", file=sys.stderr)
        return 0
    rows = {name: check(path, args.repeat) for name, path in present.items()}
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print(
            f"{'corpus':10} {'sentences':>9} {'cand. sent.':>11} {'candidates':>10} {'kept':>5} "
            f"{'identical':>9} {'CPU s with':>10} {'without':>8}"
        )
        for name, r in rows.items():
            print(
                f"{name:10} {r['sentences']:>9} {r['candidate_sentences']:>11} "
                f"{r['candidates']:>10} {r['kept']:>5} {'yes' if r['identical'] else 'NO':>9} "
                f"{r['cpu_s_with_prefilter']:>10.3f} {r['cpu_s_without_prefilter']:>8.3f}"
            )
            for text in r["differences"]:
                print(f"  differs: {text}")
    return 0 if all(r["identical"] for r in rows.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
