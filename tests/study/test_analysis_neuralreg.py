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
from lingeval.study.analysis import AnalysisOptions, analyze, load_answers, load_neuralreg

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


#: The generic path: the published file read as an answer table through a column mapping
#: (docs/study-analysis.md, "The answer table"), no COLING-specific loader.
GENERIC_COLUMNS = (
    "item_id=eid,system=model,category=category,rating:acceptability=acceptability,"
    "rating:lexicogrammar=lexicogrammar,rating:adequacy=adequacy"
)


@pytest.fixture(scope="module", params=["neuralreg", "generic"])
def result(humaneval: Path, request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """Every reproduction test below runs on both loaders."""
    path = humaneval / "trials_results.csv"
    answers = (
        load_neuralreg(path)
        if request.param == "neuralreg"
        else load_answers(path, columns=GENERIC_COLUMNS)
    )
    return analyze(answers, AnalysisOptions(pairing="order", alpha=0.05))


def test_generic_csv_path_gives_identical_tables(humaneval: Path) -> None:
    path = humaneval / "trials_results.csv"
    options = AnalysisOptions(pairing="order", alpha=0.05)
    a = analyze(load_neuralreg(path), options)
    b = analyze(load_answers(path, columns=GENERIC_COLUMNS), options)
    assert b.notes == []
    assert (b.n_items, len(b.ratings), len(b.wilcoxon)) == (75, 36, 54)
    pd.testing.assert_frame_equal(a.ratings, b.ratings)
    pd.testing.assert_frame_equal(a.wilcoxon, b.wilcoxon)
    pd.testing.assert_frame_equal(a.regressions, b.regressions)


def test_generic_csv_path_on_the_command_line(
    humaneval: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from lingeval.cli import main

    path = str(humaneval / "trials_results.csv")
    out = []
    for args in (
        ["--neuralreg", path],
        [path, "--columns", GENERIC_COLUMNS, "--pairing", "order"],
    ):
        try:
            main(["study", "analyze", *args, "--json", "--layout", "tidy"])
        except SystemExit as exc:
            assert not exc.code
        out.append(json.loads(capsys.readouterr().out))
    strip = [[{k: v for k, v in t.items() if k != "signature"} for t in o] for o in out]
    assert len(strip[0]) >= 2 and strip[0][0]["rows"]
    assert strip[0] == strip[1]


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
