"""Exact paired differences, measures that are not dropped silently, and the optional
columns / ``--columns`` mapping of the answer table (docs/study-analysis.md)."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy.stats import wilcoxon

from lingeval.core.errors import InputError, LingevalError
from lingeval.study.analysis import AnalysisOptions, analyze, load_answers
from lingeval.study.stats import pairwise_wilcoxon, wilcoxon_diff


def _averaged_ratings(n_items: int, raters: int, seed: int) -> tuple[pd.DataFrame, list[Fraction]]:
    """Two systems, each item rated by ``raters`` different participants per system (1-7);
    pairing by item averages them. Returns the answers and the exact per-item differences."""
    rng = random.Random(seed)
    rows = []
    diffs = []
    for i in range(n_items):
        sums = {}
        for system in ("A", "B"):
            ratings = [rng.randint(1, 7) for _ in range(raters)]
            sums[system] = sum(ratings)
            for k, r in enumerate(ratings):
                rows.append(
                    {
                        "participant_id": f"{system}{i}-{k}",
                        "item_id": f"i{i}",
                        "system": system,
                        "question": "clarity",
                        "value": str(r),
                    }
                )
        diffs.append(Fraction(sums["A"] - sums["B"], raters))
    return pd.DataFrame(rows), diffs


@pytest.mark.parametrize(("n_items", "seed"), [(16, 2), (12, 8)])
def test_tied_averaged_ratings_keep_their_ties(n_items: int, seed: int) -> None:
    """W and p equal scipy's wilcoxon on the exact differences (normal approximation with
    tie correction for 16 pairs, scipy's permutation test for 12)."""
    answers, exact = _averaged_ratings(n_items, 10, seed)
    # float means break ties: the data must exercise the bug
    floats = [
        float(np.mean([float(v) for v in g[g.system == "A"].value]))
        - float(np.mean([float(v) for v in g[g.system == "B"].value]))
        for _, g in answers.groupby("item_id", sort=False)
    ]
    assert len({abs(d) for d in floats if d}) > len({abs(d) for d in exact if d})
    res = analyze(answers, AnalysisOptions(pairing="item"))
    row = res.wilcoxon.iloc[0]
    ref = wilcoxon(np.array([float(d) for d in exact]))
    assert row["n"] == n_items
    assert row["W"] == float(ref.statistic)
    assert row["p"] == float(ref.pvalue)
    assert wilcoxon_diff(exact) == (float(ref.statistic), float(ref.pvalue))


def test_pairwise_wilcoxon_averages_fractions_exactly() -> None:
    data = pd.DataFrame(
        {
            "s": ["x", "x", "y", "y", "x", "y"],
            "c": ["A", "A", "A", "A", "B", "B"],
            "v": [
                Fraction(7, 10),
                Fraction(9, 10),
                Fraction(1, 2),
                Fraction(1, 2),
                Fraction(1, 2),
                Fraction(1, 5),
            ],
        }
    )
    t = pairwise_wilcoxon(data, dv="v", within="c", subject="s")
    # differences: x 0.8 - 0.5 = 3/10, y 0.5 - 0.2 = 3/10: one tie
    ref = wilcoxon([0.3, 0.3])
    assert (t["W"].iloc[0], t["p"].iloc[0]) == (float(ref.statistic), float(ref.pvalue))
    assert t["mean_A"].iloc[0] == pytest.approx(0.65)


def _study(extra: dict[str, str]) -> pd.DataFrame:
    rows = []
    for i in range(6):
        for s, shift in (("A", 0), ("B", 1)):
            for q, v in {"clarity": str(3 + shift + i % 3), **extra}.items():
                rows.append({"item_id": f"i{i}", "system": s, "question": q, "value": v})
    return pd.DataFrame(rows)


def test_every_numeric_question_is_analysed_and_the_rest_named() -> None:
    res = analyze(_study({"fluency": "4", "remark": "too long", "rewrite": "x"}))
    assert res.measures == ("clarity", "fluency")
    assert res.notes == [
        "question(s) remark left out of the rating analysis: answers are not all numbers"
    ]
    res = analyze(_study({"fluency": "4"}), AnalysisOptions(measures=("clarity",)))
    assert res.measures == ("clarity",)
    assert res.notes == ["numeric question(s) fluency not analysed (not named in --measures)"]
    with pytest.raises(LingevalError, match="no answers to rating question"):
        analyze(_study({}), AnalysisOptions(measures=("fluency",)))


def test_target_reference_participant_subset_are_optional(tmp_path: Path) -> None:
    p = tmp_path / "a.csv"
    _study({}).to_csv(p, index=False)
    df = load_answers(p)
    assert set(df["target"]) == {""} and set(df["participant_id"]) == {"1"}
    res = analyze(p)
    assert res.n_items == 6 and res.measures == ("clarity",)
    assert set(res.ratings["subset"]) == {"all"}
    p.write_text("item_id,question,value\ni1,clarity,3\n")
    with pytest.raises(InputError, match=r"a\.csv:1: answer table lacks column\(s\) system"):
        load_answers(p)


def test_column_mapping_of_a_wide_table(tmp_path: Path) -> None:
    """A semicolon-separated wide table (one row per rated text) read without rewriting."""
    p = tmp_path / "wide.csv"
    p.write_text(
        "text;model;domain;flu;gram\n"
        "t1;m1;Artist;4;5\nt1;m2;Artist;2;3\nt2;m1;City;5;5\nt2;m2;City;3.5;4\n"
    )
    df = load_answers(
        p,
        columns="item_id=text,system=model,category=domain,rating:fluency=flu,rating:grammar=gram",
    )
    assert list(df["question"]) == ["fluency", "grammar"] * 4
    assert list(df["value"][:4]) == ["4", "5", "2", "3"]
    assert list(df["subset"][::2]) == ["unseen", "unseen", "seen", "seen"]
    res = analyze(df, AnalysisOptions(pairing="item"))
    r = res.ratings.set_index(["subset", "system", "measure"])["mean"]
    assert r[("all", "m2", "fluency")] == pytest.approx(2.75)
    assert r[("unseen", "m1", "grammar")] == 5
    with pytest.raises(InputError, match=r"mapped column.*'txt' not found"):
        load_answers(p, columns="item_id=txt,system=model,rating:f=flu")
    with pytest.raises(LingevalError, match=r"unknown field.*sytem"):
        load_answers(p, columns="item_id=text,sytem=model")
    with pytest.raises(LingevalError, match="not both"):
        load_answers(p, columns="item_id=text,system=model,value=flu,rating:f=gram")


def test_cli_columns_and_notes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from lingeval.cli import main

    p = tmp_path / "a.tsv"
    _study({"fluency": "4", "remark": "ok"}).rename(columns={"system": "model"}).to_csv(
        p, sep="\t", index=False
    )
    try:
        main(["study", "analyze", str(p), "--columns", "system=model", "--pairing", "item"])
    except SystemExit as exc:
        assert not exc.code
    out = capsys.readouterr()
    assert "fluency" in out.out
    assert "note: question(s) remark left out" in out.err
    with pytest.raises(SystemExit) as exc_info:
        main(["study", "analyze", str(p)])
    assert exc_info.value.code == 2
    assert "lacks column(s) system" in capsys.readouterr().err
