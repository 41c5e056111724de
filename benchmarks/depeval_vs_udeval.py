"""depeval vs udeval (udtools, the maintained CoNLL 2018 evaluator), whole processes.

1. French GSD dev, UD file as gold and SUD file as system (35,721 words): wall time and peak
   memory of `lingeval depeval score` and `udeval`, best of N runs each, interleaved; the two
   must report the same UAS and LAS. Target: lingeval at least 3x faster, no more memory.
2. Streaming: a generated treebank of 125k ... 1,000,000 words (the dev pair repeated) scored
   by lingeval only, to show linear time and flat memory.

Run: .venv/bin/python benchmarks/depeval_vs_udeval.py [--runs 5] [--no-scaling]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import SHARED_DATA, need, run_measured, tool


def capture(cmd: list[str]) -> str:
    import subprocess

    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-scaling", action="store_true")
    args = ap.parse_args()
    gold = need(SHARED_DATA / "treebanks/UD_French-GSD/fr_gsd-ud-dev.conllu")
    system = need(SHARED_DATA / "treebanks/SUD_French-GSD/fr_gsd-sud-dev.conllu")
    lingeval, udeval = tool("lingeval"), tool("udeval")
    ours = [lingeval, "depeval", "score", str(gold), str(system), "--json"]
    peer = [udeval, "-v", str(gold), str(system)]

    # same numbers first
    mine = json.loads(capture(ours))[0]["scores"]
    theirs = capture(peer)
    uas = float(
        re.search(r"^UAS\s*\|\s*[\d.]+\s*\|\s*[\d.]+\s*\|\s*([\d.]+)", theirs, re.M).group(1)
    )  # type: ignore[union-attr]
    las = float(
        re.search(r"^LAS\s*\|\s*[\d.]+\s*\|\s*[\d.]+\s*\|\s*([\d.]+)", theirs, re.M).group(1)
    )  # type: ignore[union-attr]
    assert round(mine["directed"]["percent"], 2) == uas, (mine["directed"], uas)
    assert round(mine["labeled"]["percent"], 2) == las, (mine["labeled"], las)
    print(f"same scores: UAS {uas:.2f}  LAS {las:.2f} (lingeval and udeval)")

    t_ours, t_peer = [], []
    for _ in range(args.runs):
        t_ours.append(run_measured(ours))
        t_peer.append(run_measured(peer))
    bo = min(t_ours, key=lambda r: r.seconds)
    bp = min(t_peer, key=lambda r: r.seconds)
    mo = max(r.peak_mib for r in t_ours)
    mp = max(r.peak_mib for r in t_peer)
    print(f"\nFrench GSD dev (35,721 words), best of {args.runs}, whole process:")
    print(f"  {'tool':<26}{'wall s':>8}{'peak MiB':>10}")
    print(f"  {'lingeval depeval score':<26}{bo.seconds:>8.3f}{mo:>10.1f}")
    print(f"  {'udeval (udtools)':<26}{bp.seconds:>8.3f}{mp:>10.1f}")
    print(
        f"  speed-up: {bp.seconds / bo.seconds:.2f}x   memory ratio (lingeval/udeval): {mo / mp:.2f}"
    )

    if args.no_scaling:
        return
    g_text = gold.read_text(encoding="utf-8")
    s_text = system.read_text(encoding="utf-8")
    words_per_copy = 35_721
    print("\nStreaming (lingeval only; generated treebanks, the dev pair repeated):")
    print(f"  {'words':>10}{'wall s':>9}{'µs/word':>9}{'peak MiB':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        for copies in (4, 8, 16, 28):
            gp, sp = Path(tmp) / "g.conllu", Path(tmp) / "s.conllu"
            gp.write_text(g_text * copies, encoding="utf-8")
            sp.write_text(s_text * copies, encoding="utf-8")
            r = run_measured([lingeval, "depeval", "score", str(gp), str(sp), "--json"])
            n = words_per_copy * copies
            print(f"  {n:>10,}{r.seconds:>9.2f}{1e6 * r.seconds / n:>9.2f}{r.peak_mib:>10.1f}")


if __name__ == "__main__":
    main()
