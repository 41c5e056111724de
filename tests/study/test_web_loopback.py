"""The survey served by uvicorn on 127.0.0.1 in a subprocess: concurrency and crash safety."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import zlib
from collections import Counter
from pathlib import Path

import httpx
import pytest

from lingeval.study.design import make_design
from lingeval.study.simclient import ItemPage, Policy, SimResult, random_policy, run_participants
from lingeval.study.storage import Store
from lingeval.study.tasks.reg import example_items
from lingeval.study.web.server import free_port
from tests.study.test_storage import PG_URL, pg_store_url

TOKEN = "loopback-admin-token"
# Waits sized for a loaded machine (a server start took 8-10 s at load 10 on 2 cores, and more
# than 60 s under a CPU burner); none of them slows a healthy run, which moves on at once.
START_S = 180.0  # a server (re)start, until /healthz answers
HTTP_TIMEOUT_S = 120.0  # one request
RETRY_WAIT_S = 0.1


def make_db(path: Path | str, n_items: int, groups: int) -> None:
    st = Store(path)
    items = example_items(n_items)
    st.create_study(
        "lb",
        items,
        make_design(items, groups, seed=3, per_group=100),
        admin_token=TOKEN,
        completion_code="LBOK",
    )
    st.dispose()


class Server:
    def __init__(self, db: Path | str, port: int, *extra: str) -> None:
        self.db, self.port = db, port
        # loopback load: every simulated participant comes from 127.0.0.1
        self.extra = ["--new-per-address", "0", "--new-per-study", "0", *extra]
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "lingeval",
                "study",
                "serve",
                str(self.db),
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--admin-token",
                TOKEN,
                *self.extra,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
        )
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    self.proc.stderr.read().decode() if self.proc.stderr else "server died"
                )
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).text == "ok":
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def workers(self) -> list[int]:
        """Process ids of the worker processes (children of the supervisor)."""
        assert self.proc is not None
        kids = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
        out = []
        for k in kids:  # uvicorn's multiprocessing helpers are children too: keep the servers
            cmd = Path(f"/proc/{k}/cmdline").read_bytes()
            if b"resource_tracker" not in cmd:
                out.append(int(k))
        return out

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def marking_policy(pid: str) -> Policy:
    """Random answers plus a comment naming participant and step, to find each answer later."""
    base = random_policy(zlib.crc32(pid.encode()))  # not hash(): the same answers every run

    def policy(page: ItemPage) -> dict[str, str]:
        out = base(page)
        out["comment"] = f"{pid}:{page.step}"
        return out

    return policy


def exported_marks(url: str) -> Counter[str]:
    rows = httpx.get(
        f"{url}/admin/lb/export.json",
        headers={"Authorization": f"Bearer {TOKEN}"},
        timeout=HTTP_TIMEOUT_S,
    ).json()
    return Counter(r["value"] for r in rows if r["question"] == "comment")


def acknowledged_marks(results: list[SimResult], prefix: str) -> set[str]:
    marks = set()
    for i, r in enumerate(results):
        for step, _answers in r.acknowledged:
            marks.add(f"{prefix}{i:04d}:{step}")
    return marks


def retrying_run_in_background(
    url: str, prefix: str
) -> tuple[threading.Thread, list[list[SimResult]], list[BaseException]]:
    """12 marking participants (6 items each), retrying through crashes, in a thread; the
    results land in the returned list when the thread ends (or the error the run ended with).

    The clients keep retrying for twice the longest server restart: they used to give up after
    200 x 0.1 s, shorter than a restart on a loaded machine (reproduced under a CPU burner).
    """
    out: list[list[SimResult]] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(
                run_participants(
                    url,
                    "lb",
                    12,
                    concurrency=12,
                    pid_prefix=prefix,
                    policy_factory=lambda i: marking_policy(f"{prefix}{i:04d}"),
                    think=lambda: 0.05,
                    max_retries=int(2 * START_S / RETRY_WAIT_S),
                    retry_wait=RETRY_WAIT_S,
                    timeout=HTTP_TIMEOUT_S,
                )
            )
        except BaseException as exc:  # raised again by finished(), in the test's thread
            errors.append(exc)

    t = threading.Thread(target=run)
    t.start()
    return t, out, errors


def finished(
    t: threading.Thread, out: list[list[SimResult]], errors: list[BaseException]
) -> list[SimResult]:
    """The results of a background run, once it has ended (its error if it failed)."""
    t.join(timeout=2 * START_S)
    assert not t.is_alive()
    if errors:
        raise errors[0]
    return out[0]


@pytest.fixture
def server(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A server over SQLite (the default store)."""
    srv = Server(tmp_path / "lb.sqlite", free_port())
    yield srv
    srv.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def any_server(request: pytest.FixtureRequest, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A server over SQLite, then over PostgreSQL (when LINGEVAL_TEST_POSTGRES_URL is set)."""
    if request.param == "sqlite":
        srv = Server(tmp_path / "lb.sqlite", free_port())
        yield srv
        srv.stop()
        return
    if not PG_URL:
        pytest.skip("LINGEVAL_TEST_POSTGRES_URL is not set")
    for url in pg_store_url():
        srv = Server(url, free_port())
        yield srv
        srv.stop()


def test_fifty_concurrent_participants_lose_nothing(any_server: Server) -> None:
    server = any_server
    make_db(server.db, n_items=3, groups=3)  # 9 versions, 3 groups of 3 items
    server.start()
    results = run_participants(
        server.url,
        "lb",
        50,
        concurrency=50,
        pid_prefix="C",
        policy_factory=lambda i: marking_policy(f"C{i:04d}"),
        timeout=HTTP_TIMEOUT_S,
    )
    assert all(r.completion_code == "LBOK" for r in results)
    assert all(len(r.acknowledged) == 3 for r in results)
    requests = sum(r.requests for r in results)
    assert requests <= 50 * 15  # bounded: entry, consent, instructions, 3 x (page + post), done
    marks = exported_marks(server.url)
    acked = acknowledged_marks(results, "C")
    assert len(acked) == 150
    assert set(marks) == acked and set(marks.values()) == {1}  # every answer exactly once
    prog = httpx.get(
        f"{server.url}/admin/lb/progress.json",
        headers={"Authorization": f"Bearer {TOKEN}"},
        timeout=HTTP_TIMEOUT_S,
    ).json()
    assert sorted(g["completed"] for g in prog["groups"]) == [16, 17, 17]


def test_killing_the_server_loses_no_acknowledged_response(server: Server) -> None:
    make_db(server.db, n_items=6, groups=3)  # 6 items per participant
    server.start()
    run = retrying_run_in_background(server.url, "K")
    # wait until some responses were stored, then kill -9 in the middle of the run
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline and sum(exported_marks(server.url).values()) < 15:
        time.sleep(0.05)
    server.kill()
    time.sleep(0.5)
    server.start()
    results = finished(*run)
    assert sum(r.retries for r in results) > 0  # the crash was felt by the clients
    acked = acknowledged_marks(results, "K")
    marks = exported_marks(server.url)
    assert acked <= set(marks), sorted(acked - set(marks))[:5]
    assert set(marks.values()) == {1}
    assert all(r.completion_code == "LBOK" for r in results)
    assert len(marks) == 12 * 6


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def test_killing_one_of_two_workers_loses_nothing(backend: str, tmp_path: Path) -> None:
    if backend == "postgres" and not PG_URL:
        pytest.skip("LINGEVAL_TEST_POSTGRES_URL is not set")
    urls = iter(pg_store_url()) if backend == "postgres" else None
    db: Path | str = next(urls) if urls is not None else tmp_path / "w.sqlite"
    server = Server(db, free_port(), "--workers", "2")
    make_db(server.db, n_items=6, groups=3)
    server.start()
    try:
        deadline = time.monotonic() + START_S
        while len(server.workers()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(server.workers()) == 2
        run = retrying_run_in_background(server.url, "W")
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline and sum(exported_marks(server.url).values()) < 15:
            time.sleep(0.05)
        victim = server.workers()[0]
        os.kill(victim, signal.SIGKILL)
        results = finished(*run)
        acked = acknowledged_marks(results, "W")
        marks = exported_marks(server.url)
        assert acked <= set(marks), sorted(acked - set(marks))[:5]
        assert set(marks.values()) == {1}
        assert all(r.completion_code == "LBOK" for r in results)
        assert len(marks) == 12 * 6
    finally:
        server.stop()
        if urls is not None:
            for _ in urls:  # drop the schema
                pass
