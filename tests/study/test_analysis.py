"""Worked examples for the analysis: SR, rewriting rate, letters, corrections, bad input."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from lingeval.core.errors import InputError, LingevalError
from lingeval.study.analysis import AnalysisOptions, analyze, is_rewriting, load_answers, responses
from lingeval.study.answers import ANSWER_COLUMNS
from lingeval.study.stats import bonferroni, compact_letters


def _rows(
    pid: str,
    item: str,
    system: str,
    subset: str,
    success: list[str],
    rewrites: list[tuple[str, str]],
    ratings: tuple[int, int, int],
    familiar: str = "no",
) -> list[dict[str, object]]:
    base = {
        "study_id": "t",
        "participant_id": pid,
        "group": 1,
        "item_id": item,
        "system": system,
        "subset": subset,
        "submitted_at": "",
    }
    out = [dict(base, question="familiarity", target="", reference="", value=familiar)]
    for j, v in enumerate(success):
        out.append(dict(base, question="success", target=str(j), reference="", value=v))
    for m, r in zip(("clarity", "grammaticality", "coherence"), ratings, strict=True):
        out.append(dict(base, question=m, target="", reference="", value=str(r)))
    for j, (shown, written) in enumerate(rewrites):
        out.append(dict(base, question="rewrite", target=str(j), reference=shown, value=written))
    return out


def _table() -> pd.DataFrame:
    rows: list[dict[str, object]] = []
    # system A: 2 participants x 1 item, three REs (one proper name)
    rows += _rows(
        "p1",
        "i1",
        "A",
        "seen",
        ["name", "yes", "maybe"],
        [("X", "X"), ("it", "It"), ("the thing", "X")],
        (6, 5, 6),
    )
    rows += _rows(
        "p2",
        "i1",
        "A",
        "seen",
        ["name", "yes", "no"],
        [("X", " x "), ("it", "it."), ("the thing", "the thing")],
        (5, 5, 5),
    )
    rows += _rows(
        "p1",
        "i2",
        "B",
        "unseen",
        ["name", "name"],
        [("Y", "Y"), ("Y", "Y"), ("Y", "it")],
        (3, 4, 3),
        familiar="yes",
    )
    rows += _rows(
        "p2",
        "i2",
        "B",
        "unseen",
        ["name", "maybe"],
        [("Y", "Y"), ("he", "Y"), ("Y", "Y")],
        (2, 3, 2),
        familiar="yes",
    )
    return pd.DataFrame(rows, columns=list(ANSWER_COLUMNS))


def test_success_rate_counts_proper_names_as_successful() -> None:
    res = analyze(_table(), AnalysisOptions(pairing="participant"))
    s = res.success.set_index(["subset", "system"])
    a = s.loc[("all", "A")]
    assert (a["yes"], a["maybe"], a["no"], a["names"]) == (2, 1, 1, 2)
    assert a["yes_pct"] == pytest.approx(50.0)
    assert a["SR"] == pytest.approx(100 * 4 / 6)
    b = s.loc[("unseen", "B")]
    assert b["SR"] == pytest.approx(100 * 3 / 4)
    assert ("unseen", "A") not in s.index


def test_rewriting_rate_ignores_copies() -> None:
    res = analyze(_table(), AnalysisOptions(pairing="participant"))
    rr = res.rewriting.set_index(["subset", "system"])
    # A: only "the thing" -> "X" is a rewriting; case/space/final-dot copies are not
    assert rr.loc[("all", "A"), "rewrites"] == 1
    assert rr.loc[("all", "A"), "res"] == 6
    assert rr.loc[("all", "A"), "RR"] == pytest.approx(100 / 6)
    assert rr.loc[("all", "B"), "rewrites"] == 2
    exact = analyze(_table(), AnalysisOptions(pairing="participant", rewrite_match="exact"))
    assert exact.rewriting.set_index(["subset", "system"]).loc[("all", "A"), "rewrites"] == 4


def test_responses_table() -> None:
    r = responses(load_answers(_table())).set_index(["participant_id", "item_id"])
    assert r.loc[("p1", "i1"), "n_success"] == 2
    assert r.loc[("p2", "i2"), "n_rewrites"] == 1
    assert r.loc[("p2", "i2"), "familiar"] == "yes"
    assert r.loc[("p1", "i1"), "clarity"] == 6


def test_is_rewriting() -> None:
    assert not is_rewriting("The school.", "the school")
    assert is_rewriting("the college", "the school")
    assert is_rewriting("The school", "the school", match="exact")


def test_bonferroni() -> None:
    assert bonferroni([0.01, 0.2, float("nan")]) == pytest.approx(
        [0.02, 0.4, float("nan")], nan_ok=True
    )
    assert bonferroni([0.5], 6) == [1.0]


def test_compact_letters_like_table_3() -> None:
    # Table 3, all items, clarity: Human A; RULE, ML B; NREG-1 B,C; NREG-2 C
    means = {"Human": 5.17, "ML": 4.79, "RULE": 4.78, "NREG-1": 4.49, "NREG-2": 4.40}
    sig = [
        ("Human", "ML"),
        ("Human", "RULE"),
        ("Human", "NREG-1"),
        ("Human", "NREG-2"),
        ("ML", "NREG-2"),
        ("RULE", "NREG-2"),
    ]
    assert compact_letters(means, sig) == {
        "Human": "A",
        "ML": "B",
        "RULE": "B",
        "NREG-1": "B,C",
        "NREG-2": "C",
    }
    assert set(compact_letters(means, []).values()) == {"A"}
    letters = compact_letters({"a": 3, "b": 2, "c": 1}, [("a", "c")])
    assert letters == {"a": "A", "b": "A,B", "c": "B"}


def test_load_answers_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_answers(tmp_path / "none.csv")
    bad = tmp_path / "a.csv"
    bad.write_text("participant_id,item_id\np,i\n")
    with pytest.raises(InputError, match="lacks column"):
        load_answers(bad)
    t = _table()
    t.loc[t["question"] == "clarity", "value"] = "seven"
    with pytest.raises(InputError, match="not a number"):
        analyze(t)
    with pytest.raises(LingevalError, match="pairing"):
        AnalysisOptions(pairing="bogus")
    with pytest.raises(LingevalError, match="empty"):
        analyze(_table().iloc[0:0])


def test_item_pairing_needs_shared_items() -> None:
    with pytest.raises(LingevalError, match="item_id must name the source item"):
        analyze(_table())


def test_csv_round_trip(tmp_path: Path) -> None:
    p = tmp_path / "answers.csv"
    _table().to_csv(p, index=False)
    a = analyze(p, AnalysisOptions(pairing="participant"))
    b = analyze(_table(), AnalysisOptions(pairing="participant"))
    pd.testing.assert_frame_equal(a.ratings, b.ratings)
    pd.testing.assert_frame_equal(a.success, b.success)


def test_sqlite_database(tmp_path: Path) -> None:
    import sqlalchemy as sa

    url = f"sqlite:///{tmp_path / 'study.db'}"
    engine = sa.create_engine(url)
    _table().to_sql("answers", engine, index=False)
    res = analyze(url, AnalysisOptions(pairing="participant"))
    assert res.n_participants == 2
    empty = f"sqlite:///{tmp_path / 'empty.db'}"
    sa.create_engine(empty).connect().close()
    with pytest.raises(LingevalError, match="no study tables"):
        analyze(empty)


def test_fast_small_sample_wilcoxon_equals_scipy() -> None:
    import numpy as np
    from scipy.stats import wilcoxon

    from lingeval.study.stats import wilcoxon_test

    rng = np.random.default_rng(7)
    checked = 0
    for _ in range(40):
        n = int(rng.integers(2, 10))
        x = rng.integers(1, 6, n).astype(float)
        y = rng.integers(1, 6, n).astype(float)
        if np.all(x == y):
            continue
        ref = wilcoxon(x, y)
        w, p = wilcoxon_test(x, y)
        assert w == pytest.approx(float(ref.statistic), abs=1e-12)
        assert p == pytest.approx(float(ref.pvalue), abs=1e-12)
        checked += 1
    assert checked > 30
    # large samples go to scipy unchanged
    x, y = rng.normal(size=60), rng.normal(size=60)
    assert wilcoxon_test(x, y)[1] == pytest.approx(float(wilcoxon(x, y).pvalue))
