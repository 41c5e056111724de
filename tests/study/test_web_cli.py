"""`lingeval study admin ...`, `serve` refusals and `demo`, through the CLI entry point."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from lingeval.cli import main
from lingeval.study.storage import Store
from lingeval.study.tasks.base import save_items
from lingeval.study.tasks.reg import RegTask, example_items


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_admin_init_progress_export_close(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    items = tmp_path / "items.json"
    save_items(example_items(3), items)
    db = tmp_path / "s.sqlite"
    consent = tmp_path / "consent.txt"
    consent.write_text("Our own consent text.")
    code, out, _ = run(
        [
            "study",
            "admin",
            "init",
            str(db),
            "--study",
            "cli1",
            "--items",
            str(items),
            "--per-group",
            "2",
            "--completion-code",
            "ABC",
            "--consent-file",
            str(consent),
        ],
        capsys,
    )
    assert code == 0 and "3 groups" in out and "ABC" in out
    store = Store(db)
    assert store.study("cli1").consent_text == "Our own consent text."
    p = store.consent(store.enter("cli1", external_id="P1")[0])
    step = store.next_step(p)
    assert step is not None
    form = {
        "familiarity": "yes",
        "clarity": "2",
        "grammaticality": "3",
        "coherence": "4",
        "comment": "hi",
    }
    for r in RegTask().view(step.item)["refs"]:
        form[f"rewrite-{r['index']}"] = "x"
        if r["ask"]:
            form[f"success-{r['index']}"] = "no"
    answers, errors = RegTask().parse(step.item, form)
    assert not errors
    store.submit(p, 0, answers)
    store.dispose()
    plot = tmp_path / "progress.png"
    code, out, _ = run(
        ["study", "admin", "progress", str(db), "--study", "cli1", "--json", "--plot", str(plot)],
        capsys,
    )
    assert plot.read_bytes().startswith(b"\x89PNG")
    tables = json.loads(out)
    assert sum(r["assigned"] for r in tables[0]["rows"]) == 1
    assert tables[1]["rows"][0]["participant"] == "P1" and tables[1]["rows"][0]["items"] == "1/3"
    code, out, _ = run(["study", "admin", "export", str(db), "--study", "cli1"], capsys)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["question"] for r in rows} >= {"familiarity", "clarity", "rewrite", "comment"}
    assert {r["value"] for r in rows if r["question"] == "clarity"} == {"2"}
    code, _, _ = run(["study", "admin", "close", str(db), "--study", "cli1"], capsys)
    assert code == 0 and Store(db).study("cli1").status == "closed"
    code, _, err = run(["study", "admin", "progress", str(db), "--study", "nope"], capsys)
    assert code == 2 and "no study 'nope'" in err


def test_serve_refuses_missing_or_empty_databases(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["study", "serve", str(tmp_path / "missing.sqlite")], capsys)
    assert code == 2 and "no such study database" in err
    Store(tmp_path / "empty.sqlite").dispose()
    code, _, err = run(["study", "serve", str(tmp_path / "empty.sqlite")], capsys)
    assert code == 2 and "holds no study" in err


def test_demo_runs_the_survey_part_of_the_protocol(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    items = tmp_path / "items.json"
    save_items(example_items(4), items)
    code, out, _ = run(
        [
            "study",
            "demo",
            "--items",
            str(items),
            "--per-group",
            "1",
            "--concurrency",
            "3",
            "--keep",
            str(tmp_path),
            "--no-analysis",
        ],
        capsys,
    )
    assert code == 0, out
    assert "Survey run over HTTP" in out
    exported = list(csv.DictReader((tmp_path / "demo-answers.csv").open()))
    assert exported and {r["study_id"] for r in exported} == {"demo"}
    n_participants = len({r["participant_id"] for r in exported})
    assert n_participants >= 3
    assert "no analysis: --no-analysis" in out
    assert f"4 items x 3 systems (human, ml, rule) from {items}" in out
    assert {r["item_id"] for r in exported} <= {f"ex{i:02d}" for i in range(1, 5)}


def test_init_errors_name_the_file_and_fit_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[{"item_id": "a", "system": "s", "payload": {}}]')
    code, _, err = run(
        ["study", "admin", "init", str(tmp_path / "z.sqlite"), "--study", "z", "--items", str(bad)],
        capsys,
    )
    assert code == 2
    assert (
        err.strip()
        == f"lingeval: error: {bad}: item a/s: REG payload needs the major 'entity' identifier"
    )
    code, _, err = run(
        ["study", "serve", "postgresql+psycopg://u:secretpw@127.0.0.1:9/none"], capsys
    )
    assert code == 2 and "cannot open the study database" in err
    assert len(err.strip().splitlines()) == 1 and "secretpw" not in err


def test_demo_tables_are_the_same_at_any_concurrency(capsys: pytest.CaptureFixture[str]) -> None:
    """Same seed, same analysis tables (issue 12): groups used to follow thread timing."""
    outputs = []
    for concurrency in ("6", "1"):
        args = ["study", "demo", "--per-group", "2", "--concurrency", concurrency]
        code, out, _ = run([*args, "--format", "json"], capsys)
        assert code == 0, out
        tables = json.loads(out)
        assert tables[0]["title"] == "Survey run over HTTP"  # timing: differs by nature
        assert len(tables) > 2  # the analysis ran
        outputs.append(tables[1:])
    assert outputs[0] == outputs[1]
