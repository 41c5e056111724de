"""Helpers shared by the benchmark scripts: timing whole processes, finding shared data."""

from __future__ import annotations

import os
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("LINGEVAL_SHARED_DATA", ROOT.parent / "shared" / "data"))
BIN = Path(sys.executable).parent


@dataclass
class Run:
    """Wall time (s), peak resident memory (MiB) and CPU time (user + system, s) of one child."""

    seconds: float
    peak_mib: float
    cpu_seconds: float = 0.0


def abba(repeat: int, a: str, b: str) -> list[str]:
    """The two sides in ABBA order (a, b, b, a, a, b, ...) over ``repeat`` rounds (at least
    one), so that load drifting on a shared machine hits both sides alike."""
    return [w for rep in range(max(1, repeat)) for w in ((a, b) if rep % 2 == 0 else (b, a))]


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
