"""The Dask engine on a LocalCluster (loopback) gives exactly the local engine's output."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from lingeval.conjuncts.mining.miner import mine
from lingeval.core.errors import LingevalError

distributed = pytest.importorskip("distributed")

FIX = Path(__file__).parent / "fixtures" / "mining"


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster = distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def test_dask_engine_matches_local_engine(tmp_path: Path, scheduler: str) -> None:
    local = tmp_path / "local.jsonl"
    remote = tmp_path / "dask.jsonl"
    a = mine(FIX / "sentences.txt", local)
    # small chunks so that several tasks are in flight and must be re-ordered
    b = mine(FIX / "sentences.txt", remote, engine="dask", scheduler=scheduler, chunk_size=3)
    assert records(remote) == records(local)
    assert (b.candidates, b.duplicates, b.pattern_counts, b.sentences) == (
        a.candidates,
        a.duplicates,
        a.pattern_counts,
        a.sentences,
    )


def test_dask_engine_resumes_a_local_run(tmp_path: Path, scheduler: str) -> None:
    ref = tmp_path / "ref.jsonl"
    mine(FIX / "corpus.txt", ref, input_format="text")
    out = tmp_path / "o.jsonl"
    mine(FIX / "corpus.txt", out, input_format="text", limit=1)
    res = mine(
        FIX / "corpus.txt",
        out,
        input_format="text",
        engine="dask",
        scheduler=scheduler,
        chunk_size=1,
    )
    assert res.resumed_from == 1
    assert records(out) == records(ref)


def test_unreachable_scheduler_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(LingevalError, match="cannot reach the Dask scheduler"):
        mine(
            FIX / "sentences.txt",
            tmp_path / "o.jsonl",
            engine="dask",
            scheduler="tcp://127.0.0.1:9",
            connect_timeout=2,
        )


def test_dask_worker_processes_give_the_same_output(tmp_path: Path) -> None:
    # A worker in its own process loads the pipeline itself, as on a real cluster.
    local = tmp_path / "local.jsonl"
    mine(FIX / "sentences.txt", local)
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
    ) as cluster:
        remote = tmp_path / "dask.jsonl"
        mine(
            FIX / "sentences.txt",
            remote,
            engine="dask",
            scheduler=cluster.scheduler_address,
            chunk_size=8,
        )
    assert records(remote) == records(local)
