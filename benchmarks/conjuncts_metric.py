"""Benchmark: the verb-nucleus metric vs spaCy ``nlp.pipe`` alone on the same distinct sentences.

Builds N synthetic examples (input + about three gold and three predicted sentences), then, in
one process and with the same pipeline and process count:

1. peer: ``list(nlp.pipe(distinct_sentences, n_process=P))``, the parsing any such metric needs;
2. lingeval, cold cache: ``score(...)`` end to end (parse, nuclei, cache writes, Calibration_1,
   Calibration_k, per-conjunction F1, exact match, verb counts, 1,000 bootstrap resamples);
3. lingeval, warm cache: the same call with a fresh analyzer over the same cache directory.

Targets (issue 3): cold ≤ 1.2 x peer; warm ≥ 10 x faster than cold.

    .venv/bin/python benchmarks/conjuncts_metric.py [--n 1000] [--n-process 1] [--model NAME]
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from typing import Any

NAMES = [
    "Maya",
    "Omar",
    "Lena",
    "Paulo",
    "Ana",
    "Chen",
    "Diaz",
    "Tom",
    "Rosa",
    "Ivan",
    "Kofi",
    "Nina",
    "Sara",
    "Ben",
    "Yuki",
]
VERBS = [
    ("ordered", "order"),
    ("bought", "buy"),
    ("painted", "paint"),
    ("sold", "sell"),
    ("found", "find"),
    ("carried", "carry"),
]
THINGS = [
    "a salad",
    "two lamps",
    "the old fence",
    "a red kite",
    "three books",
    "a map",
    "the blue boat",
    "some bread",
    "a clock",
]
PLACES = [
    "in Leeds",
    "at the market",
    "on Monday",
    "for the school",
    "in the garden",
    "after lunch",
    "near the station",
]
CONJ = ["and"] * 8 + ["or", "but"]


def build(n: int, seed: int = 0) -> tuple[list[str], list[list[str]], list[list[str]], list[str]]:
    rng = random.Random(seed)
    inputs: list[str] = []
    refs: list[list[str]] = []
    preds: list[list[str]] = []
    conjs: list[str] = []
    for i in range(n):
        k = 2 if rng.random() < 0.7 else 3
        people = rng.sample(NAMES, k)
        verb = rng.choice(VERBS)[0]
        things = rng.sample(THINGS, k)
        place = rng.choice(PLACES)
        conj = rng.choice(CONJ)
        tag = f" ({i})"
        first = f"{people[0]} {verb} {things[0]} {place}"
        rest = [f"{p} {t}" for p, t in zip(people[1:], things[1:], strict=True)]
        middle = "".join(f", {r}" for r in rest[:-1])
        inputs.append(f"{first}{middle}{',' if k > 2 else ''} {conj} {rest[-1]}{tag}.")
        gold = [f"{p} {verb} {t} {place}{tag}." for p, t in zip(people, things, strict=True)]
        refs.append(gold)
        pred = list(gold)
        if rng.random() < 0.4:  # a wrong argument or a dropped place
            j = rng.randrange(1, k)
            pred[j] = f"{people[j]} {verb} {rng.choice(THINGS)}{tag}."
        preds.append(pred)
        conjs.append(conj)
    return inputs, preds, refs, conjs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--n-process", type=int, default=1)
    ap.add_argument("--model", default=None)
    ap.add_argument("--repeat", type=int, default=4, help="take the best of R runs of each timing")
    args = ap.parse_args()

    from lingeval.conjuncts.metric import MetricOptions, score
    from lingeval.conjuncts.parse_features import SpacyAnalyzer
    from lingeval.core.parsing import load_pipeline, pipeline_id

    inputs, preds, refs, conjs = build(args.n)
    distinct = list(
        dict.fromkeys([*inputs, *(s for r in refs for s in r), *(s for p in preds for s in p)])
    )
    nlp = load_pipeline(args.model)
    list(nlp.pipe(distinct[:50]))  # warm-up (lazy initialisation inside spaCy)
    opts = MetricOptions()
    print(
        f"{args.n} examples, {len(distinct)} distinct sentences, pipeline {pipeline_id(nlp)}, n_process={args.n_process}"
    )

    wall: dict[str, list[float]] = {"peer": [], "peer_nolemma": [], "cold": [], "warm": []}
    cpu: dict[str, list[float]] = {"peer": [], "peer_nolemma": [], "cold": [], "warm": []}

    def clock() -> tuple[float, float]:
        t = os.times()  # CPU of this process and of finished children (n_process > 1)
        return time.perf_counter(), t.user + t.system + t.children_user + t.children_system

    def record(name: str, start: tuple[float, float]) -> None:
        end = clock()
        wall[name].append(end[0] - start[0])
        cpu[name].append(end[1] - start[1])

    def run_peer() -> None:
        t0 = clock()
        docs = list(nlp.pipe(distinct, batch_size=256, n_process=args.n_process))
        record("peer", t0)
        assert len(docs) == len(distinct)
        # the components lingeval runs for --words lower (no lemmatizer), for transparency
        t0 = clock()
        docs = list(
            nlp.pipe(distinct, batch_size=256, n_process=args.n_process, disable=["lemmatizer"])
        )
        record("peer_nolemma", t0)

    def run_lingeval() -> tuple[Any, Any]:
        with tempfile.TemporaryDirectory() as cache:
            t0 = clock()
            cold_an = SpacyAnalyzer(
                args.model, spec=opts.spec, n_process=args.n_process, cache_dir=cache
            )
            cold = score(inputs, preds, refs, conjunctions=conjs, options=opts, analyzer=cold_an)
            record("cold", t0)
            t0 = clock()
            warm_an = SpacyAnalyzer(
                args.model, spec=opts.spec, n_process=args.n_process, cache_dir=cache
            )
            warm = score(inputs, preds, refs, conjunctions=conjs, options=opts, analyzer=warm_an)
            record("warm", t0)
            assert warm_an.parsed_count == 0 and cold_an.parsed_count == len(distinct)
        return cold, warm

    for r in range(args.repeat):  # alternate the order so that neither side always goes first
        if r % 2 == 0:
            run_peer()
            cold, warm = run_lingeval()
        else:
            cold, warm = run_lingeval()
            run_peer()
        assert cold.system is not None and warm.system is not None
        assert cold.system.f1 == warm.system.f1
    assert cold.system is not None
    print(
        f"F1 {cold.system.f1:.1f} (Calibration_1 {cold.calibration_1.f1:.1f}, "
        f"Calibration_k {cold.calibration_k.f1:.1f}); best of {args.repeat} run(s)"
    )
    w = {k: min(v) for k, v in wall.items()}
    c = {k: min(v) for k, v in cpu.items()}
    print(f"{'':28}{'wall s':>8}{'CPU s':>8}")
    print(f"{'spaCy nlp.pipe alone':28}{w['peer']:8.2f}{c['peer']:8.2f}")
    print(f"{'  same, lemmatizer disabled':28}{w['peer_nolemma']:8.2f}{c['peer_nolemma']:8.2f}")
    print(f"{'lingeval score, cold cache':28}{w['cold']:8.2f}{c['cold']:8.2f}")
    print(f"{'lingeval score, warm cache':28}{w['warm']:8.2f}{c['warm']:8.2f}")
    print(
        f"cold / nlp.pipe: {w['cold'] / w['peer']:.2f}x wall, {c['cold'] / c['peer']:.2f}x CPU (target <= 1.2x)"
    )
    print(
        f"cold / nlp.pipe without lemmatizer: {w['cold'] / w['peer_nolemma']:.2f}x wall, "
        f"{c['cold'] / c['peer_nolemma']:.2f}x CPU"
    )
    print(
        f"cold / warm: {w['cold'] / w['warm']:.1f}x wall, {c['cold'] / c['warm']:.1f}x CPU (target >= 10x)"
    )


if __name__ == "__main__":
    main()
