"""`lingeval study design`: CSV out, summary, preset checks, errors as one line and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lingeval.cli import main
from lingeval.study.design import read_design
from lingeval.study.tasks.base import save_items
from lingeval.study.tasks.reg import example_items


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def items_file(tmp_path: Path) -> Path:
    path = tmp_path / "items.json"
    save_items(example_items(6), path)
    return path


def test_design_writes_a_checked_csv_and_a_summary(
    items_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_csv = tmp_path / "d.csv"
    code, out, _ = run(
        ["study", "design", str(items_file), "--groups", "3", "--seed", "4", "-o", str(out_csv)],
        capsys,
    )
    assert code == 0
    assert "signature: lingeval-study-design|groups:3|items:6|method:cyclic|seed:4" in out
    d = read_design(out_csv)
    assert len(d.cells) == 18 and d.n_groups == 3
    code, out, _ = run(
        ["study", "design", str(items_file), "--check", str(out_csv), "--json"], capsys
    )
    assert code == 0
    rows = json.loads(out)[0]["rows"]
    assert [r["size"] for r in rows] == [6, 6, 6]


def test_design_errors_are_one_line_with_exit_2(items_file: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "group,position,item_id,system,subset\n1,1,ex01,human,seen\n1,2,ex01,rule,seen\n"
    )
    cases = [
        (["--groups", "2"], "at least 3"),
        (["--groups", "4"], "equal groups"),
        (["--preset", "paper"], "preset paper expects 48 items x 5 systems"),
        (["--check", str(bad)], "bad.csv:3: group 1 already holds"),
    ]
    for extra, message in cases:
        proc = subprocess.run(
            [sys.executable, "-m", "lingeval", "study", "design", str(items_file), *extra],
            capture_output=True,
            text=True,
        )
        assert proc.returncode == 2, extra
        assert message in proc.stderr, (extra, proc.stderr)
        assert "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1
    broken = tmp_path / "broken.json"
    broken.write_text('[{"item_id": "a", "system": "x"},\n {"item_id": 3}]')
    proc = subprocess.run(
        [sys.executable, "-m", "lingeval", "study", "design", str(broken)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2 and "non-empty string 'item_id'" in proc.stderr
