"""``lingeval study reg ...`` and ``lingeval study analyze`` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lingeval.cli import main
from lingeval.study.simulate import SimulationSpec, SystemEffect, simulate_answers, synthetic_items
from lingeval.study.tasks.base import load_items


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(argv)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_reg_items_on_the_sample(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "items.json"
    code, stdout, _ = run(
        ["study", "reg", "items", "--systems", "human,rule,neural_demo", "-o", str(out), "--show"],
        capsys,
    )
    assert code == 0
    assert "33 items (11 texts x 3 systems)" in stdout
    assert "[Ella Fitzgerald] was born in [Newport News]. [He] sang" in stdout
    items = load_items(out)
    assert len(items) == 33 and {it.system for it in items} == {"human", "rule", "neural_demo"}
    code, stdout, _ = run(
        ["study", "reg", "items", "--systems", "human", "--strata", "seen:2:3-3", "--json"], capsys
    )
    data = json.loads(stdout)
    assert [r["size"] for r in data[0]["rows"]] == [3, 3]


def test_reg_systems_and_generate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, stdout, _ = run(["study", "reg", "systems", "--forms", "--json"], capsys)
    assert code == 0
    tables = json.loads(stdout)
    assert {r["system"] for r in tables[0]["rows"]} >= {"human", "rule", "ml", "neural_demo"}
    forms = {(r["system"], r["subset"]): r for r in tables[1]["rows"]}
    assert forms[("rule", "seen")]["description %"] == 0
    from lingeval.study.reg.pool import SAMPLE_DIR

    out = tmp_path / "rule.txt"
    code, _, _ = run(
        [
            "study",
            "reg",
            "generate",
            "rule",
            "--instances",
            str(SAMPLE_DIR / "instances_unseen.json"),
            "-o",
            str(out),
        ],
        capsys,
    )
    lines = out.read_text().splitlines()
    assert (
        code == 0
        and len(lines) == 20
        and lines[:3] == ["Ella Fitzgerald", "Newport News, Virginia", "she"]
    )


def test_reg_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["study", "reg", "items", "--systems", "human,nobody"], capsys)
    assert code == 2 and "unknown REG system 'nobody'" in err
    code, _, err = run(["study", "reg", "items", "--strata", "seen:x"], capsys)
    assert code == 2 and "bad --strata" in err


def test_analyze_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # more than 13 items per subset: scipy then avoids its slow small-sample permutation path
    items = synthetic_items(30, ["human", "rule", "ml"], seed=1)
    answers = simulate_answers(
        items, SimulationSpec(effects={"human": SystemEffect(shift=1.5)}, seed=2)
    )
    csv = tmp_path / "answers.csv"
    answers.to_csv(csv, index=False)
    html = tmp_path / "report.html"
    code, stdout, err = run(
        [
            "study",
            "analyze",
            str(csv),
            "--html",
            str(html),
            "--plots",
            str(tmp_path / "plots"),
            "--plot-format",
            "svg",
            "--format",
            "markdown",
        ],
        capsys,
    )
    assert code == 0, err
    assert "Table 2: referential success" in stdout and "Table 3: mean ratings" in stdout
    assert "pairing unit: item" in stdout and "family 'pairs'" in stdout
    page = html.read_text()
    assert (
        page.startswith("<!DOCTYPE html>")
        and "data:image/png;base64," in page
        and "Table 6" in page
    )
    assert (tmp_path / "plots" / "ratings.svg").read_text().lstrip().startswith("<?xml")
    code, stdout, _ = run(
        [
            "study",
            "analyze",
            str(csv),
            "--json",
            "--layout",
            "tidy",
            "--pairing",
            "participant",
            "--earlier",
            str(csv),
        ],
        capsys,
    )
    tables = {t["title"]: t for t in json.loads(stdout)}
    assert tables["ratings"]["signature"]["pairing"] == "participant"
    cmp = tables["This study vs the earlier one: two-sided Mann-Whitney U (responses)"]["rows"]
    assert all(r["p"] == pytest.approx(1.0) for r in cmp)


def test_analyze_cli_errors(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "lingeval", "study", "analyze", str(tmp_path / "none.csv")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().endswith("none.csv: no such file") and "Traceback" not in proc.stderr
    proc = subprocess.run(
        [sys.executable, "-m", "lingeval", "study", "analyze"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and "--neuralreg" in proc.stderr


def test_analyze_neuralreg_cli(shared_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trials = shared_data / "reg" / "neuralreg_coling2020_humaneval" / "trials_results.csv"
    code, stdout, _ = run(
        ["study", "analyze", "--neuralreg", str(trials), "--layout", "tidy", "--json"], capsys
    )
    assert code == 0
    tables = {t["title"]: t for t in json.loads(stdout)}
    rows = {(r["system"], r["subset"], r["measure"]): r for r in tables["ratings"]["rows"]}
    assert rows[("only", "all", "adequacy")]["mean"] == pytest.approx(4.85333, abs=1e-5)
    assert tables["ratings"]["signature"]["pairing"] == "order"
