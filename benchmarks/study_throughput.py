"""Survey server throughput against its ceiling, and the crowd-study attack figures (issue 12).

Everything runs on 127.0.0.1 with bounded loops; the clients share the machine's cores with
the server, so all figures are floors. Reported, in one run:

1. **Ratio to the ceiling** at N = 20, 100, 300 concurrent participants. The *ceiling* is a
   minimal FastAPI + uvicorn app (one process, a sync endpoint) that does one SQLite insert
   per request (WAL, ``synchronous=FULL``, like the engine). The *survey* is ``lingeval study
   serve`` (one process, SQLite) with N simulated participants taking a whole session (entry,
   consent, instructions, K items, completion) over HTTP. Both sides get the same client
   machinery (one ``httpx.Client`` per thread) and the same number of requests. Reported:
   requests/s, p50/p95 latency per request (ms), answers acknowledged vs stored (lost must
   be 0), the ratio survey/ceiling; ``--repeats`` runs per N, medians.
2. **Flood of PIDs**: ``--flood`` (10,000) new PIDs enter and consent over HTTP (20 at a time,
   admission limits off to measure assignment alone): median consent latency per tenth of the
   flood (flat = constant-time assignment) and whether a real participant still gets a place
   afterwards (no exhaustion of the study).
3. **Burst from one address**: 150 new participants from 127.0.0.1 against the default
   admission limits: how many got a place.
4. **150 MB unauthenticated POST** (chunked, no Content-Length) and one announcing 150 MB:
   the server's resident memory growth (MiB) and its answer.

Run: .venv/bin/python benchmarks/study_throughput.py [--items 15] [--repeats 3] [--flood 10000]
     [--only ratio,flood,burst,body] [--workers 1]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from lingeval.study.design import make_design
from lingeval.study.storage import Store
from lingeval.study.tasks.reg import example_items
from lingeval.study.web.server import free_port

TOKEN = "bench-admin-token-0123"
CEILING_APP = textwrap.dedent(
    """
    import sqlite3, threading
    from fastapi import FastAPI
    from fastapi.responses import PlainTextResponse

    app = FastAPI()
    lock = threading.Lock()
    db = sqlite3.connect(DB, check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS hits (id INTEGER PRIMARY KEY, v TEXT)")

    @app.get("/healthz", response_class=PlainTextResponse)
    def healthz() -> str:
        return "ok"

    @app.get("/hit", response_class=PlainTextResponse)
    def hit() -> str:
        with lock:
            db.execute("INSERT INTO hits (v) VALUES ('x')")
        return "ok"
    """
)


def wait_up(url: str, proc: subprocess.Popen[bytes]) -> None:
    for _ in range(600):
        if proc.poll() is not None:
            raise SystemExit(f"the server at {url} exited")
        try:
            if httpx.get(f"{url}/healthz", timeout=1).text == "ok":
                return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit(f"the server at {url} did not start")


def start_survey(db: str, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    cmd = [sys.executable, "-m", "lingeval", "study", "serve", db, "--port", str(port)]
    cmd += ["--admin-token", TOKEN, *extra]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    wait_up(url, proc)
    return proc, url


def start_ceiling(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    (folder / "ceiling_app.py").write_text(
        f"DB = {str(folder / 'ceiling.sqlite')!r}\n" + CEILING_APP, encoding="utf-8"
    )
    port = free_port()
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "uvicorn", "ceiling_app:app", "--app-dir", str(folder)),
            *("--port", str(port), "--log-level", "warning", "--no-access-log"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    wait_up(url, proc)
    return proc, url


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system) used so far by a process and its children (workers)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    pids = [pid]
    kids = Path(f"/proc/{pid}/task/{pid}/children")
    if kids.exists():
        pids += [int(k) for k in kids.read_text().split()]
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def make_study(db: str, items_per_participant: int, per_group: int = 10_000) -> None:
    n_groups = 3
    items = example_items(items_per_participant)  # x 3 systems / 3 groups = K per participant
    store = Store(db)
    store.create_study(
        "bench",
        items,
        make_design(items, n_groups, seed=1, per_group=per_group),
        admin_token=TOKEN,
        completion_code="BENCH",
    )
    store.dispose()


_INPUT = re.compile(r'<input type="(radio|hidden|text)"[^>]*?name="([^"]+)"[^>]*?value="([^"]*)"')
_ORIGINAL = re.compile(r'name="(rewrite-\d+)"[^>]*?data-original="([^"]*)"')


def lean_answers(html: str) -> dict[str, str]:
    """A valid answer to a REG item page, read with two regular expressions (the benchmark's
    client must cost little CPU: it shares the cores with the server). Radios: the last
    option; rewrites: a copy of the shown expression."""
    data: dict[str, str] = {}
    for kind, name, value in _INPUT.findall(html):
        if kind != "text":
            data[name] = value
    for name, original in _ORIGINAL.findall(html):
        data[name] = original.replace("&#39;", "'").replace("&amp;", "&").replace("&quot;", '"')
    data["comment"] = ""
    return data


def lean_session(c: httpx.Client, pid: str, lat: list[float]) -> tuple[int, bool]:
    """One participant from the entry link to the completion page, every request timed;
    returns (items acknowledged, completed)."""

    def req(method: str, url: str, **kw: object) -> httpx.Response:
        t = time.perf_counter()
        r = c.request(method, url, **kw)  # type: ignore[arg-type]
        lat.append(time.perf_counter() - t)
        return r

    r = req("GET", f"/s/bench?PROLIFIC_PID={pid}&STUDY_ID=b&SESSION_ID=s{pid}")
    r = req("GET", r.headers["location"])
    csrf = re.search(r'name="csrf" value="([^"]+)"', r.text)
    assert csrf is not None, r.text[:300]
    r = req("POST", "/s/bench/consent", data={"csrf": csrf.group(1), "consent": "yes"})
    assert r.status_code == 303, r.text[:300]
    req("GET", r.headers["location"])  # instructions
    r = req("GET", "/s/bench/item")
    acked = 0
    while True:
        r = req("POST", "/s/bench/item", data=lean_answers(r.text))
        assert r.status_code == 303, r.text[:300]
        acked += 1
        r = req("GET", r.headers["location"])
        if "/done" in str(r.url):
            return acked, "BENCH" in r.text


def run_survey(url: str, n: int, prefix: str, sessions: int) -> dict[str, float]:
    """``sessions`` participants (>= n), ``n`` at a time (one httpx.Client per thread)."""
    counter = iter(range(sessions))
    lock = threading.Lock()
    lat: list[float] = []
    acked = completed = 0

    def worker() -> None:
        nonlocal acked, completed
        mine: list[float] = []
        with httpx.Client(base_url=url, timeout=120) as c:
            for i in counter:
                c.cookies.clear()
                a, done = lean_session(c, f"{prefix}{i:05d}", mine)
                with lock:
                    acked += a
                    completed += done
        with lock:
            lat.extend(mine)

    t = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(n)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    seconds = time.perf_counter() - t
    lat.sort()
    return {
        "seconds": seconds,
        "requests": len(lat),
        "req_s": len(lat) / seconds,
        "p50_ms": 1000 * lat[len(lat) // 2],
        "p95_ms": 1000 * lat[int(len(lat) * 0.95)],
        "acked": acked,
        "completed": completed,
    }


def run_ceiling(url: str, n: int, per_client: int) -> dict[str, float]:
    def one(_i: int) -> list[float]:
        lat = []
        with httpx.Client(base_url=url, timeout=60) as c:
            for _ in range(per_client):
                t = time.perf_counter()
                r = c.get("/hit")
                lat.append(time.perf_counter() - t)
                assert r.status_code == 200
        return lat

    t = time.perf_counter()
    with ThreadPoolExecutor(max_workers=n) as pool:
        out = list(pool.map(one, range(n)))
    seconds = time.perf_counter() - t
    lat = sorted(x for ls in out for x in ls)
    return {
        "seconds": seconds,
        "requests": len(lat),
        "req_s": len(lat) / seconds,
        "p50_ms": 1000 * lat[len(lat) // 2],
        "p95_ms": 1000 * lat[int(len(lat) * 0.95)],
    }


def stored_items(db: str) -> int:
    store = Store(db)
    try:
        return len({(a.participant_id, a.item_id) for a in store.export("bench")})
    finally:
        store.dispose()


def bench_ratio(
    tmp: Path, ns: list[int], items: int, repeats: int, workers: int, min_requests: int
) -> None:
    print(
        f"\n1. survey vs ceiling (one SQLite insert per request), {items} items per participant,"
        f" medians of {repeats} run(s); survey workers: {workers}"
    )
    print(
        f"{'N':>4} {'side':<8} {'requests':>8} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8}"
        f" {'cpu ms/req':>10} {'client ms':>9} {'acked':>6} {'lost':>5} {'ratio':>6}"
    )
    for n in ns:
        survey_runs, ceiling_runs, lost = [], [], 0
        for rep in range(repeats):
            db = str(tmp / f"ratio-{n}-{rep}.sqlite")
            make_study(db, items)
            proc, url = start_survey(
                db, "--new-per-address", "0", "--new-per-study", "0", "--workers", str(workers)
            )
            try:
                per_session = 2 * items + 5  # entry, consent x2, instructions, 2 per item
                sessions = max(n, -(-min_requests // per_session))
                c0, k0 = cpu_s(proc.pid), time.process_time()
                s = run_survey(url, n, f"R{rep}-", sessions)
                s["cpu_ms"] = 1000 * (cpu_s(proc.pid) - c0) / s["requests"]
                s["client_ms"] = 1000 * (time.process_time() - k0) / s["requests"]
            finally:
                stop(proc)
            stored = stored_items(db)
            lost += int(s["acked"] - stored) if stored < s["acked"] else 0
            if s["completed"] != sessions:
                raise SystemExit(f"only {s['completed']} of {sessions} participants completed")
            survey_runs.append(s)
            folder = tmp / f"ceiling-{n}-{rep}"
            folder.mkdir()
            cproc, curl = start_ceiling(folder)
            try:
                c0, k0 = cpu_s(cproc.pid), time.process_time()
                c = run_ceiling(curl, n, max(1, round(s["requests"] / n)))
                c["cpu_ms"] = 1000 * (cpu_s(cproc.pid) - c0) / c["requests"]
                c["client_ms"] = 1000 * (time.process_time() - k0) / c["requests"]
                ceiling_runs.append(c)
            finally:
                stop(cproc)
        med = {
            side: {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            for side, runs in (("survey", survey_runs), ("ceiling", ceiling_runs))
        }
        ratio = med["survey"]["req_s"] / med["ceiling"]["req_s"]
        for side in ("ceiling", "survey"):
            m = med[side]
            acked = f"{m['acked']:.0f}" if side == "survey" else "-"
            print(
                f"{n:>4} {side:<8} {m['requests']:>8.0f} {m['req_s']:>8.1f} {m['p50_ms']:>8.1f}"
                f" {m['p95_ms']:>8.1f} {m['cpu_ms']:>10.2f} {m['client_ms']:>9.2f} {acked:>6}"
                f" {lost if side == 'survey' else '-':>5}"
                f" {ratio if side == 'survey' else 1.0:>6.2f}"
            )


def consent_once(client: httpx.Client, pid: str) -> tuple[int, float]:
    """Entry and consent of one new participant; (status of the consent POST, its seconds)."""
    from lingeval.study.simclient import parse_item_page

    r = client.get(f"/s/bench?PROLIFIC_PID={pid}&STUDY_ID=b&SESSION_ID=s{pid}")
    r = client.get(r.headers["location"])
    csrf = parse_item_page(r.text).fields["csrf"].value
    t = time.perf_counter()
    r = client.post("/s/bench/consent", data={"csrf": csrf, "consent": "yes"})
    return r.status_code, time.perf_counter() - t


def bench_flood(tmp: Path, n: int, concurrency: int = 20) -> None:
    print(f"\n2. flood: {n} new PIDs enter and consent, {concurrency} at a time (limits off)")
    db = str(tmp / "flood.sqlite")
    make_study(db, 6, per_group=8)  # a real study: 3 groups x 8 planned participants
    proc, url = start_survey(db, "--new-per-address", "0", "--new-per-study", "0")
    latencies: list[tuple[int, float]] = []
    codes: list[int] = []
    lock = threading.Lock()
    counter = iter(range(n))
    t0 = time.perf_counter()

    def worker() -> None:
        with httpx.Client(base_url=url, timeout=60) as c:
            for i in counter:
                c.cookies.clear()
                code, sec = consent_once(c, f"F{i:06d}")
                with lock:
                    latencies.append((i, sec))
                    codes.append(code)

    try:
        threads = [threading.Thread(target=worker) for _ in range(concurrency)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        seconds = time.perf_counter() - t0
        with httpx.Client(base_url=url, timeout=60) as c:
            late_code, _ = consent_once(c, "REAL-PARTICIPANT")
    finally:
        stop(proc)
    latencies.sort()
    tenth = max(1, n // 10)
    meds = [
        1000 * statistics.median(s for _, s in latencies[k : k + tenth]) for k in range(0, n, tenth)
    ]
    admitted = sum(c == 303 for c in codes)
    print(f"   {admitted} of {n} admitted in {seconds:.1f} s ({n / seconds:.0f} consents/s)")
    print("   median consent ms per tenth: " + " ".join(f"{m:.1f}" for m in meds))
    print(
        f"   first/last tenth: {meds[-1] / meds[0]:.2f}; a real participant afterwards: "
        + ("got a place" if late_code == 303 else f"refused ({late_code})")
    )


def bench_burst(tmp: Path, n: int = 150) -> None:
    print(f"\n3. burst: {n} new participants from one address, default admission limits")
    db = str(tmp / "burst.sqlite")
    make_study(db, 6)
    proc, url = start_survey(db)
    try:
        codes = []
        with ThreadPoolExecutor(max_workers=30) as pool:

            def one(i: int) -> int:
                with httpx.Client(base_url=url, timeout=60) as c:
                    return consent_once(c, f"B{i:04d}")[0]

            codes = list(pool.map(one, range(n)))
    finally:
        stop(proc)
    print(
        f"   got a place: {sum(c == 303 for c in codes)}, refused (429): "
        f"{sum(c == 429 for c in codes)}, other: {sum(c not in (303, 429) for c in codes)}"
    )


def rss_mib(pid: int) -> tuple[float, float]:
    """Resident and peak resident memory (MiB) of a process."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return (
        int(fields["VmRSS"].split()[0]) / 1024,
        int(fields["VmHWM"].split()[0]) / 1024,
    )


def announced(url: str, length: int) -> str:
    """Status line of the answer to a POST that announces ``length`` bytes and sends 1 KiB
    (a raw socket: HTTP clients refuse to send less than they announce)."""
    import socket

    host, port = url.rsplit("/", 1)[-1].split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(
            f"POST /s/bench/item HTTP/1.1\r\nHost: {host}:{port}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {length}\r\n\r\n".encode()
            + b"x" * 1024
        )
        head = sock.recv(4096).decode("latin-1")
    return head.split("\r\n", 1)[0]


def bench_body(tmp: Path, mb: int = 150) -> None:
    print(f"\n4. a {mb} MB unauthenticated POST (chunked, then with Content-Length)")
    db = str(tmp / "body.sqlite")
    make_study(db, 6)
    proc, url = start_survey(db)
    try:
        httpx.get(f"{url}/s/bench", timeout=10)  # warm up
        before, _ = rss_mib(proc.pid)
        chunk = b"a=" + b"x" * (1 << 20) + b"&"

        def body() -> object:
            for _ in range(mb):
                yield chunk

        try:
            r = httpx.post(
                f"{url}/s/bench/item",
                content=body(),
                headers={"content-type": "application/x-www-form-urlencoded"},
                timeout=120,
            )
            answer = f"{r.status_code} {r.headers.get('content-type', '')}"
        except httpx.TransportError as err:  # the server stopped reading and closed
            answer = f"connection closed by the server ({type(err).__name__})"
        answer2 = announced(url, mb << 20)
        time.sleep(0.5)
        after, peak = rss_mib(proc.pid)
    finally:
        stop(proc)
    print(f"   chunked: {answer}; announced: {answer2}")
    print(
        f"   server RSS {before:.0f} MiB before, {after:.0f} MiB after, peak {peak:.0f} MiB: "
        f"growth {after - before:.1f} MiB (limit 64)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--n", default="20,100,300", help="concurrent participants")
    ap.add_argument(
        "--items", type=int, default=15, help="items per participant (paper 002, 4.3: 15)"
    )
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument(
        "--min-requests", type=int, default=2000, help="at least this many requests per run"
    )
    ap.add_argument("--flood", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=1, help="survey server processes")
    ap.add_argument("--only", default="ratio,flood,burst,body")
    args = ap.parse_args()
    parts = set(args.only.split(","))
    print(f"loadavg at start: {os.getloadavg()[0]:.1f} (2 cores shared)")
    with tempfile.TemporaryDirectory(prefix="lingeval-throughput-") as tmp:
        root = Path(tmp)
        if "ratio" in parts:
            ns = [int(x) for x in args.n.split(",")]
            bench_ratio(root, ns, args.items, args.repeats, args.workers, args.min_requests)
        if "flood" in parts:
            bench_flood(root, args.flood)
        if "burst" in parts:
            bench_burst(root)
        if "body" in parts:
            bench_body(root)
    print(f"loadavg at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
