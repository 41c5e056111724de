"""Study engine: design speed and web-survey throughput over loopback, SQLite vs PostgreSQL.

1. ``make_design`` for the paper preset (48 items x 5 systems -> 16 groups of 15), best of N.
2. A study of that size served by ``lingeval study serve`` (uvicorn, one process) on
   127.0.0.1; simulated participants (``lingeval.study.simclient``) take the whole survey
   (entry, consent, instructions, 15 items, completion) over HTTP, ``--concurrency`` at a time.
   Reported: wall time, HTTP requests, requests/s, items stored/s, and that nothing was lost.
   With LINGEVAL_TEST_POSTGRES_URL set the same run goes against PostgreSQL and the ratio of
   the two throughputs is printed. There is no peer tool here: the figures are for capacity
   planning (the paper's study: 128 participants x 15 items over days).

Run: .venv/bin/python benchmarks/study_engine.py [--participants 32] [--concurrency 16]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx

from lingeval.study.design import PRESETS, make_design
from lingeval.study.simclient import run_participants
from lingeval.study.storage import Store
from lingeval.study.tasks.reg import example_items
from lingeval.study.web.server import free_port

SYSTEMS = ("human", "ml", "nreg1", "nreg2", "rule")


def bench_design(runs: int) -> float:
    items = example_items(PRESETS["paper"].n_items, SYSTEMS)
    best = float("inf")
    for seed in range(runs):
        t = time.perf_counter()
        make_design(items, PRESETS["paper"].n_groups, seed=seed)
        best = min(best, time.perf_counter() - t)
    return best


def serve(db: str, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "lingeval",
            "study",
            "serve",
            db,
            "--port",
            str(port),
            "--admin-token",
            "bench-admin-token",
            *("--new-per-address", "0", "--new-per-study", "0"),  # all clients on 127.0.0.1
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(600):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).text == "ok":
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def bench_survey(db: str, participants: int, concurrency: int) -> dict[str, float]:
    items = example_items(PRESETS["paper"].n_items, SYSTEMS)
    design = make_design(
        items, PRESETS["paper"].n_groups, seed=1, per_group=PRESETS["paper"].per_group
    )
    store = Store(db)
    store.create_study("bench", items, design, admin_token="bench-admin-token")
    store.dispose()
    port = free_port()
    proc = serve(db, port)
    try:
        t = time.perf_counter()
        results = run_participants(
            f"http://127.0.0.1:{port}", "bench", participants, concurrency=concurrency
        )
        seconds = time.perf_counter() - t
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    store = Store(db)
    stored = len({(a.participant_id, a.item_id) for a in store.export("bench")})
    store.dispose()
    acked = sum(len(r.acknowledged) for r in results)
    requests = sum(r.requests for r in results)
    if stored != acked:
        raise SystemExit(f"lost answers: {acked} acknowledged, {stored} stored")
    return {
        "seconds": seconds,
        "requests": requests,
        "req_s": requests / seconds,
        "items_s": acked / seconds,
        "items": acked,
    }


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--participants", type=int, default=32)
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    print(
        f"make_design, paper preset (240 versions, 16 groups): best of {args.runs}: {bench_design(args.runs) * 1000:.1f} ms"
    )
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        rows.append(
            (
                "sqlite",
                bench_survey(str(Path(tmp) / "bench.sqlite"), args.participants, args.concurrency),
            )
        )
    pg = os.environ.get("LINGEVAL_TEST_POSTGRES_URL")
    if pg:
        import sqlalchemy as sa

        schema = f"bench_{uuid.uuid4().hex[:8]}"
        admin = sa.create_engine(pg)
        with admin.begin() as c:
            c.exec_driver_sql(f"CREATE SCHEMA {schema}")
        try:
            sep = "&" if "?" in pg else "?"
            rows.append(
                (
                    "postgresql",
                    bench_survey(
                        f"{pg}{sep}options=-csearch_path%3D{schema}",
                        args.participants,
                        args.concurrency,
                    ),
                )
            )
        finally:
            with admin.begin() as c:
                c.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
    print(
        f"survey over loopback: {args.participants} participants x 15 items, {args.concurrency} at a time"
    )
    print(f"{'store':<11} {'seconds':>8} {'requests':>9} {'req/s':>7} {'items/s':>8}")
    for name, r in rows:
        print(
            f"{name:<11} {r['seconds']:8.1f} {r['requests']:9.0f} {r['req_s']:7.1f} {r['items_s']:8.1f}"
        )
    if len(rows) == 2:
        print(
            f"throughput ratio postgresql/sqlite: {rows[1][1]['req_s'] / rows[0][1]['req_s']:.2f}"
        )
    print("nothing lost: every acknowledged item is stored")


if __name__ == "__main__":
    main()
