"""The meaning-* commands: items -> study -> (simulated) answers -> analysis, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lingeval.conjuncts.data import write_jsonl, write_predictions
from lingeval.study.tasks.base import load_items
from tests.conjuncts.test_meaning_fixtures import bad, examples, good


def run(args: list[str]) -> str:
    from lingeval.cli import cli

    r = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r.stdout


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    exs = examples()
    gold = tmp_path / "gold.jsonl"
    write_jsonl(exs, gold)
    good_p, bad_p = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    write_predictions({e.id: good(e) for e in exs}, good_p)
    write_predictions({e.id: bad(e) for e in exs if e.id != "ex5"}, bad_p)
    return {"gold": gold, "good": good_p, "bad": bad_p, "dir": tmp_path}


def make_items(files: dict[str, Path], *extra: str) -> tuple[Path, Path, str]:
    items = files["dir"] / "items.json"
    out = run(
        [
            "conjuncts",
            "meaning-items",
            str(files["gold"]),
            "-s",
            f"good={files['good']}",
            "-s",
            f"bad={files['bad']}",
            "-o",
            str(items),
            *extra,
        ]
    )
    return items, files["dir"] / "items.key.json", out


def test_items_command_draws_blind_shuffled_items(files: dict[str, Path]) -> None:
    items_path, key_path, out = make_items(files, "--seed", "4", "--json")
    table = json.loads(out)[0]
    assert {r["system"] for r in table["rows"]} == {"good", "bad"}
    assert {r["items"] for r in table["rows"]} == {5}  # ex5 has no prediction from "bad"
    key = json.loads(key_path.read_text())["key"]
    assert set(key) == {"S1", "S2"} and set(key.values()) == {"good", "bad"}
    items = load_items(items_path)
    assert {it.system for it in items} == {"S1", "S2"}
    assert "good" not in items_path.read_text() and "bad" not in items_path.read_text()
    # the same seed gives the same file; another seed another order
    first = items_path.read_text()
    make_items(files, "--seed", "4")
    assert items_path.read_text() == first
    make_items(files, "--seed", "5")
    assert items_path.read_text() != first


def test_from_items_to_analysis_with_f1(
    files: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import lingeval.conjuncts.parse_features as analysis_mod
    from tests.conjuncts.test_meaning_fixtures import toy_analyzer

    # the F1 runs on a toy parser instead of spaCy (tests stay fast and parser-independent)
    monkeypatch.setattr(analysis_mod, "SpacyAnalyzer", lambda *a, **k: toy_analyzer())
    items, key, _ = make_items(files, "-n", "4")
    answers = files["dir"] / "answers.csv"
    out = run(
        [
            "conjuncts",
            "meaning-simulate",
            str(items),
            "--key",
            str(key),
            "--rate",
            "good=1",
            "--rate",
            "bad=0",
            "--judges",
            "2",
            "-o",
            str(answers),
        ]
    )
    assert "wrote 32 SIMULATED answers of 2 simulated judge(s)" in out  # meaning + note rows
    plot = files["dir"] / "shares.png"
    out = run(
        [
            "conjuncts",
            "meaning-analyze",
            str(answers),
            "--key",
            str(key),
            "--gold",
            str(files["gold"]),
            "--items",
            str(items),
            "--plot",
            str(plot),
            "--versions",
            str(files["dir"] / "versions.csv"),
            "--json",
        ]
    )
    d = json.loads(out)
    import pandas as pd

    versions = pd.read_csv(files["dir"] / "versions.csv")
    assert len(versions) == 8 and set(versions["judges"]) == {2}
    assert (versions["f1"] == 100 * versions["majority"]).all()
    shares = {r["system"]: r for r in d["shares"]}
    assert shares["good"]["share"] == 100.0 and shares["bad"]["share"] == 0.0
    assert shares["good"]["f1"] == 100.0 and shares["bad"]["f1"] == 0.0
    assert shares["good"]["n"] == 4
    pooled = [r for r in d["correlation"] if r["system"] == "all"]
    assert all(r["coefficient"] == pytest.approx(1.0) for r in pooled)
    assert d["f1_signature"]["f1_parser"] == "toy==1"
    assert plot.read_bytes()[:4] == b"\x89PNG"
    text = run(
        ["conjuncts", "meaning-analyze", str(answers), "--key", str(key), "--ci", "clopper-pearson"]
    )
    assert "95% clopper-pearson interval" in text and "Krippendorff's alpha" in text


def test_study_command_creates_a_conjunct_meaning_study(files: dict[str, Path]) -> None:
    from lingeval.study.storage import Store

    items, _, _ = make_items(files)
    db = files["dir"] / "study.sqlite"
    out = run(
        [
            "conjuncts",
            "meaning-study",
            str(db),
            "--study",
            "mean1",
            "--items",
            str(items),
            "--per-group",
            "3",
            "--admin-token",
            "tok-admin-token-1",
        ]
    )
    assert "created study mean1" in out and "2 groups" in out and "3 participants per group" in out
    st = Store(db)
    info = st.study("mean1")
    assert info.task_type == "conjunct-meaning"
    st.dispose()
    assert "--port" in run(["conjuncts", "meaning-serve", "--help"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["meaning-items", "{gold}", "-s", "good={good}", "-n", "50", "-o", "{dir}/i.json"],
            "cannot sample 50",
        ),
        (
            ["meaning-items", "{gold}", "-s", "x={dir}/none.jsonl", "-o", "{dir}/i.json"],
            "none.jsonl: no such file",
        ),
        (
            ["meaning-items", "{gold}", "-s", "a={good}", "-s", "a={bad}", "-o", "{dir}/i.json"],
            "two systems are named",
        ),
        (["meaning-analyze", "{gold}"], "lacks column"),
        (["meaning-analyze", "{dir}/missing.csv"], "no such file"),
        (
            ["meaning-analyze", "{dir}/answers.csv", "--items", "{gold}"],
            "needs --gold too",
        ),
        (
            ["meaning-simulate", "{dir}/none.json", "--rate", "a=2", "-o", "{dir}/x.csv"],
            "none.json: no such file",
        ),
    ],
)
def test_errors_are_one_line_with_exit_2(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    from lingeval.cli import main

    (files["dir"] / "answers.csv").write_text("x\n", encoding="utf-8")
    filled = [a.format(**{k: str(v) for k, v in files.items()}) for a in args]
    with pytest.raises(SystemExit) as exc:
        main(["conjuncts", *filled])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and message in err and "Traceback" not in err


def test_demo_runs_the_study_over_http_and_recovers_the_planted_judgements(tmp_path: Path) -> None:
    """meaning-demo: blinded items, study served on loopback, simulated judges over HTTP."""
    out = run(
        [
            "conjuncts",
            "meaning-demo",
            "--per-group",
            "1",
            "--error",
            "0",
            "--no-f1",
            "--keep",
            str(tmp_path),
            "--json",
        ]
    )
    d = json.loads(out)
    assert d["run"]["judges"] == 3 and d["run"]["completed"] == 3
    assert d["run"]["items"] == 96 and d["judgements"] == 96
    shares = {r["system"]: r for r in d["shares"]}
    # error-free judges: the gold rewrites and the unchanged input keep the meaning
    assert shares["gold"]["share"] == 100.0 and shares["copy"]["share"] == 100.0
    assert 0 < shares["sample"]["share"] < 100.0  # the sample predictions contain errors
    assert (tmp_path / "meaning-answers.csv").exists()
    assert (tmp_path / "meaning-items.key.json").exists()
    # the judgements are labelled simulated, with the simulator's rule
    assert d["run"]["simulated"] is True and d["simulated_judgements"] == 96
    assert d["signature"]["raters"] == "simulated"
    assert "reference answer 'same' for the gold set" in d["simulation"]
