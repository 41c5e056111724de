"""`lingeval conjuncts convert | split` and `evaluate --split` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lingeval.cli import main
from lingeval.conjuncts.data import read_examples, write_predictions

BUNDLED = (
    Path(__file__).resolve().parents[2]
    / "src"
    / "lingeval"
    / "data"
    / "conjuncts"
    / "examples.jsonl"
)


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_convert_csv_to_jsonl_and_marked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv = tmp_path / "d.tsv"
    csv.write_text(
        "idx\tinput\tgold\tset\n"
        "a\tJosh likes wine <SPLIT> and </SPLIT> Jane water.\tJosh likes wine. <SEP> Jane likes water.\ttest\n"
        "b\tTea <SPLIT> or </SPLIT> coffee is served.\tTea is served. <SEP> Coffee is served.\ttrain\n",
        encoding="utf-8",
    )
    out = tmp_path / "d.jsonl"
    code, _, err = _cli(["conjuncts", "convert", str(csv), str(out)], capsys)
    assert code == 0, err
    a, b = read_examples(out)
    assert (a.id, a.conjunction, a.split, a.rewrites[1]) == (
        "a",
        "and",
        "test",
        "Jane likes water.",
    )
    assert b.conjunction == "or" and b.offset == 4
    marked = tmp_path / "d.marked"
    code, _, _ = _cli(["conjuncts", "convert", str(out), str(marked)], capsys)
    assert code == 0
    assert marked.read_text().splitlines()[0] == "Josh likes wine <SPLIT> and </SPLIT> Jane water."
    bad = tmp_path / "bad.csv"
    bad.write_text("foo,bar\n1,2\n")
    code, _, err = _cli(["conjuncts", "convert", str(bad), str(tmp_path / "x.jsonl")], capsys)
    assert code == 2 and "'foo', 'bar'" in err and "Traceback" not in err


def test_split_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.jsonl"
    code, text, _ = _cli(
        ["conjuncts", "split", str(BUNDLED), str(out), "--seed", "5", "--json"], capsys
    )
    assert code == 0
    (table,) = json.loads(text)
    counts = {r["split"]: r["examples"] for r in table["rows"]}
    assert counts == {"train": 26, "dev": 3, "test": 3}
    again = tmp_path / "s2.jsonl"
    _cli(["conjuncts", "split", str(BUNDLED), str(again), "--seed", "5"], capsys)
    assert out.read_text() == again.read_text()
    code, _, err = _cli(
        ["conjuncts", "split", str(BUNDLED), str(out), "--ratios", "0.8,0.3"], capsys
    )
    assert code == 2 and "ratios" in err


def test_evaluate_one_split(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    examples = read_examples(BUNDLED)
    preds = tmp_path / "p.jsonl"
    write_predictions({e.id: e.rewrites for e in examples}, preds)
    code, text, err = _cli(
        [
            "conjuncts",
            "evaluate",
            "-g",
            str(BUNDLED),
            "-p",
            str(preds),
            "--split",
            "test",
            "--json",
            "--bootstrap",
            "0",
            "--cache-dir",
            str(tmp_path / "c"),
        ],
        capsys,
    )
    assert code == 0, err
    data = json.loads(text)
    assert data["systems"][0]["n"] == sum(e.split == "test" for e in examples) == 3
    code, _, err = _cli(
        [
            "conjuncts",
            "evaluate",
            "-g",
            str(BUNDLED),
            "-p",
            str(preds),
            "--split",
            "nope",
            "--cache-dir",
            str(tmp_path / "c"),
        ],
        capsys,
    )
    assert code == 2 and "no gold examples in split 'nope'" in err


def test_evaluate_line_aligned_predictions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    examples = read_examples(BUNDLED)
    lines = tmp_path / "t5.txt"
    lines.write_text(
        "".join(" <SEP> ".join(e.rewrites) + "\n" for e in examples if e.split == "test")
    )
    code, text, err = _cli(
        [
            "conjuncts",
            "evaluate",
            "-g",
            str(BUNDLED),
            "-p",
            str(lines),
            "--split",
            "test",
            "--json",
            "--bootstrap",
            "0",
            "--cache-dir",
            str(tmp_path / "c"),
        ],
        capsys,
    )
    assert code == 0, err
    assert json.loads(text)["systems"][0]["exact_match"] == 100.0
