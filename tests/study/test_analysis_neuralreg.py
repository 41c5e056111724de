"""Acceptance: the COLING 2020 REG human evaluation is reproduced from ``trials_results.csv``.

The authors' per-system means and standard deviations (``report_stats.txt``) and their
Wilcoxon tests (``report_stats.txt`` and the ``official_results*.csv`` tables the tests were
run on) come out of :func:`lingeval.study.analysis.analyze` with ``pairing="order"``: the
authors paired the k-th trial of one system with the k-th trial of another in file order.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
from scipy.stats import wilcoxon

from lingeval.core.errors import InputError
from lingeval.study.analysis import AnalysisOptions, analyze, load_neuralreg

NAMES = {
    "ONLY": "only",
    "Attention ACL": "attacl",
    "Attention Copy": "attcopy",
    "ProfileREG": "profilereg",
}
OFFICIAL = {"fluency": "acceptability", "grammar": "lexicogrammar", "adequacy": "adequacy"}
SUBSET_FILES = {
    "all": "official_results.csv",
    "seen": "official_results_seen.csv",
    "unseen": "official_results_unseen.csv",
}


@pytest.fixture(scope="module")
def humaneval(shared_data: Path) -> Path:
    return shared_data / "reg" / "neuralreg_coling2020_humaneval"


@pytest.fixture(scope="module")
def result(humaneval: Path):  # type: ignore[no-untyped-def]
    answers = load_neuralreg(humaneval / "trials_results.csv")
    return analyze(answers, AnalysisOptions(pairing="order", alpha=0.05))


def _report_tables(text: str) -> dict[str, dict[str, dict[str, float]]]:
    """Parse the ALL/SEEN/UNSEEN DOMAINS tables of report_stats.txt."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for block, subset in (
        ("ALL DOMAINS", "all"),
        ("SEEN DOMAINS", "seen"),
        ("UNSEEN DOMAINS", "unseen"),
    ):
        start = text.index(block + "\n")
        lines = text[start:].splitlines()[3:7]
        rows = {}
        for line in lines:
            name = next(n for n in NAMES if line.startswith(n))
            nums = [float(x) for x in line[len(name) :].split()]
            rows[NAMES[name]] = {
                "acceptability": nums[0],
                "acceptability_sd": nums[3],
                "lexicogrammar": nums[4],
                "lexicogrammar_sd": nums[7],
                "adequacy": nums[8],
                "adequacy_sd": nums[11],
            }
        out[subset] = rows
    return out


def test_means_and_sd_match_report_stats(result, humaneval: Path) -> None:  # type: ignore[no-untyped-def]
    tables = _report_tables((humaneval / "report_stats.txt").read_text())
    r = result.ratings.set_index(["subset", "system", "measure"]).sort_index()
    checked = 0
    for subset, rows in tables.items():
        for system, vals in rows.items():
            for m in ("acceptability", "lexicogrammar", "adequacy"):
                assert r.loc[(subset, system, m), "mean"] == pytest.approx(vals[m], abs=1e-4)
                # the authors' SD is the population SD (ddof=0), printed to 4 decimals
                assert r.loc[(subset, system, m), "sd"] == pytest.approx(vals[m + "_sd"], abs=1e-4)
                checked += 1
    assert checked == 36
    assert set(r.loc[("seen", "only")].index) == {"acceptability", "lexicogrammar", "adequacy"}
    assert result.ratings.query("subset == 'seen'")["n"].unique().tolist() == [56]
    assert result.ratings.query("subset == 'unseen'")["n"].unique().tolist() == [19]


def test_wilcoxon_matches_report_stats(result, humaneval: Path) -> None:  # type: ignore[no-untyped-def]
    text = (humaneval / "report_stats.txt").read_text()
    w = result.wilcoxon
    pattern = re.compile(
        r"(Fluency|Lexicogrammar|Adequacy) between ONLY and ATTCOPY: ([\d.]+), p=([\d.]+)"
    )
    found = 0
    for block, subset in (
        ("WILCOXON TEST - ALL DOMAINS", "all"),
        ("WILCOXON TEST - SEEN DOMAINS", "seen"),
    ):
        part = text[text.index(block) :].split("WILCOXON TEST")[1]
        for name, stat, p in pattern.findall(part):
            measure = {
                "Fluency": "acceptability",
                "Lexicogrammar": "lexicogrammar",
                "Adequacy": "adequacy",
            }[name]
            pair = ((w.A == "only") & (w.B == "attcopy")) | ((w.A == "attcopy") & (w.B == "only"))
            row = w[(w.subset == subset) & (w.measure == measure) & pair]
            assert len(row) == 1
            assert row["W"].iloc[0] == pytest.approx(float(stat), abs=1e-3)
            assert row["p"].iloc[0] == pytest.approx(float(p), abs=5e-4)
            found += 1
    assert found >= 6


@pytest.mark.parametrize("subset", ["all", "seen", "unseen"])
def test_every_pair_matches_the_official_tables(result, humaneval: Path, subset: str) -> None:  # type: ignore[no-untyped-def]
    official = pd.read_csv(humaneval / SUBSET_FILES[subset], sep=";")
    official.columns = [c.strip() for c in official.columns]
    w = result.wilcoxon[result.wilcoxon.subset == subset]
    assert len(w) == 6 * 3
    for _, row in w.iterrows():
        col = {v: k for k, v in OFFICIAL.items()}[row["measure"]]
        a, b = official[f"{row['A']}_{col}"], official[f"{row['B']}_{col}"]
        ref = wilcoxon(a, b)
        assert row["n"] == len(official)
        assert row["W"] == pytest.approx(float(ref.statistic))
        assert row["p"] == pytest.approx(float(ref.pvalue))
        assert row["p_corr"] == pytest.approx(min(1.0, 6 * float(ref.pvalue)))


def test_item_pairing_differs_from_the_authors(humaneval: Path) -> None:
    """Pairing by item is the textbook choice; it changes the adequacy result (documented)."""
    answers = load_neuralreg(humaneval / "trials_results.csv")
    res = analyze(answers, AnalysisOptions(pairing="item"))
    w = res.wilcoxon.query("subset == 'all' and measure == 'adequacy'")
    row = w[((w.A == "only") & (w.B == "attcopy")) | ((w.A == "attcopy") & (w.B == "only"))]
    assert row["n"].iloc[0] == 75
    assert row["p"].iloc[0] < 0.01  # 0.019 with the authors' order pairing


def test_letters_follow_the_corrected_tests(result) -> None:  # type: ignore[no-untyped-def]
    r = result.ratings.set_index(["subset", "system", "measure"])
    w = result.wilcoxon.query("subset == 'unseen' and measure == 'adequacy'")
    for _, row in w.iterrows():
        la = set(r.loc[("unseen", row["A"], "adequacy"), "letters"].split(","))
        lb = set(r.loc[("unseen", row["B"], "adequacy"), "letters"].split(","))
        assert bool(row["significant"]) == (not (la & lb))


def test_bad_neuralreg_file(tmp_path: Path) -> None:
    bad = tmp_path / "t.csv"
    bad.write_text(
        "eid\tcategory\tmodel\tacceptability\tlexicogrammar\tadequacy\nId1\tCity\tx\t4\tfive\t3\n"
    )
    with pytest.raises(InputError, match=r"t\.csv:2: lexicogrammar"):
        load_neuralreg(bad)
    with pytest.raises(InputError, match="missing column"):
        bad.write_text("eid\tmodel\n")
        load_neuralreg(bad)
