"""Helpers shared by the benchmark scripts: timing whole processes, finding shared data."""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("LINGEVAL_SHARED_DATA", ROOT.parent / "shared" / "data"))
BIN = Path(sys.executable).parent


@dataclass
class Run:
    """Wall time (s), peak resident memory (MiB) and CPU time (user + system, s) of one child;
    ``result`` is what the measured function returned (:func:`measure`; None for a process)."""

    seconds: float
    peak_mib: float
    cpu_seconds: float = 0.0
    result: Any = field(default=None, repr=False, compare=False)


def abba(repeat: int, a: str, b: str) -> list[str]:
    """The two sides in ABBA order (a, b, b, a, a, b, ...) over ``repeat`` rounds (at least
    one), so that load drifting on a shared machine hits both sides alike."""
    return [w for rep in range(max(1, repeat)) for w in ((a, b) if rep % 2 == 0 else (b, a))]


def measure(func: Callable[[], object]) -> Run:
    """Wall time and CPU time (user + system of this process and of the child processes it
    reaped meanwhile, e.g. spaCy's ``n_process`` workers) of ``func()``; peak RSS so far; what
    ``func`` returned, as ``result``."""
    w0 = time.perf_counter()
    s0, c0 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    result = func()
    s1, c1 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter() - w0
    cpu = sum(b.ru_utime - a.ru_utime + b.ru_stime - a.ru_stime for a, b in ((s0, s1), (c0, c1)))
    return Run(wall, s1.ru_maxrss / 1024, cpu, result)


@dataclass
class Comparison:
    """Interleaved runs of a peer and of lingeval doing the same work (see :func:`compare`).

    Ratios are peer time / lingeval time, i.e. lingeval's throughput relative to the peer's:
    ``ratio`` of the medians, and ``round_ratios``, one per ABBA round (the two runs of a round
    are adjacent in time, so their ratio, and the median of those, is the least affected by
    load drifting over the run).
    """

    peer: list[Run] = field(default_factory=list)
    ours: list[Run] = field(default_factory=list)

    def median(self, side: str, what: str = "seconds") -> float:
        return statistics.median(getattr(r, what) for r in getattr(self, side))

    def ratio(self, what: str = "seconds") -> float:
        return self.median("peer", what) / self.median("ours", what)

    def round_ratios(self, what: str = "seconds") -> list[float]:
        return [
            getattr(p, what) / getattr(o, what) for p, o in zip(self.peer, self.ours, strict=True)
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            what: {
                "peer_median": self.median("peer", what),
                "ours_median": self.median("ours", what),
                "ratio": self.ratio(what),
                "round_ratios": self.round_ratios(what),
                "peer_runs": [getattr(r, what) for r in self.peer],
                "ours_runs": [getattr(r, what) for r in self.ours],
            }
            for what in ("seconds", "cpu_seconds")
        }


def compare(repeat: int, peer: Callable[[], Run], ours: Callable[[], Run]) -> Comparison:
    """Run ``peer`` and ``ours`` ``repeat`` times each in ABBA order (:func:`abba`); each
    callable returns the :class:`Run` it measured (:func:`measure` or :func:`run_measured`)."""
    out = Comparison()
    for which in abba(repeat, "peer", "ours"):
        if which == "peer":
            out.peer.append(peer())
        else:
            out.ours.append(ours())
    return out


def spread(values: list[float]) -> str:
    """``median (min-max)`` of ratios as percentages, e.g. of :meth:`Comparison.round_ratios`."""
    if not values:
        return "-"
    return f"{statistics.median(values):.1%} ({min(values):.1%}-{max(values):.1%})"


def run_measured(cmd: list[str]) -> Run:
    """Run ``cmd`` (output discarded); wall time and the child's own peak RSS via ``os.wait4``."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # child
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"command failed: {' '.join(cmd)}")
    return Run(elapsed, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime)


def tool(name: str) -> str:
    """A console script of this environment (the venv's bin) or on PATH."""
    path = BIN / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if not found:
        raise SystemExit(f"{name} is not installed (make install-dev installs the benchmark peers)")
    return found


def need(path: Path) -> Path:
    if not path.exists():
        raise SystemExit(
            f"skipped: {path} is not present (third-party data lives in ../shared/data)"
        )
    return path
