"""Analysis of meaning-preservation judgements on simulated answers with planted effects
(paper 000, section 7): shares with Wilson intervals, agreement, correlation with F1."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from lingeval.conjuncts.meaning import draw_items
from lingeval.conjuncts.meaning.analysis import (
    MeaningOptions,
    agreement,
    analyze,
    compare_systems,
    correlation,
    item_f1,
    judgements,
    preservation_shares,
    proportion_ci,
    simulate_answers,
)
from lingeval.core.errors import InputError, LingevalError
from lingeval.study.answers import ANSWER_COLUMNS
from lingeval.study.tasks.base import StudyItem
from tests.conjuncts.test_meaning_fixtures import bad, examples, good, toy_analyzer


def plain_items(n: int, systems: tuple[str, ...] = ("A", "B")) -> list[StudyItem]:
    return [StudyItem(f"e{i:04d}", s, "", {}) for i in range(n) for s in systems]


def answers_from(rows: list[tuple[str, str, str, str]]) -> pd.DataFrame:
    """Tidy answers from (participant, item, system, value) tuples."""
    out = []
    for k, (pid, item, system, value) in enumerate(rows):
        out.append(
            ["t", pid, 1, item, system, "", "meaning", "", "", value, f"2026-01-01T00:00:{k:02d}"]
        )
    return pd.DataFrame(out, columns=list(ANSWER_COLUMNS))


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval written out (independent of statsmodels)."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * (centre - half), 100 * (centre + half)


# --- shares ---------------------------------------------------------------------------------


def test_planted_preservation_rates_are_recovered() -> None:
    items = plain_items(600)
    df = simulate_answers(items, {"A": 0.879, "B": 0.4}, judges=1, seed=7)
    shares = preservation_shares(judgements(df)).set_index("system")
    for system, rate in (("A", 87.9), ("B", 40.0)):
        row = shares.loc[system]
        assert row["n"] == 600
        assert abs(row["share"] - rate) < 4.0
        assert row["ci_low"] < rate < row["ci_high"]
        assert row["ci_high"] - row["ci_low"] < 9.0
    assert shares.loc["A", "share"] > shares.loc["B", "share"]


def test_planted_rates_with_noisy_judges_and_majority() -> None:
    # three judges report the truth with probability 0.9; the majority recovers the truth
    items = plain_items(500)
    df = simulate_answers(items, {"A": 0.8, "B": 0.3}, judges=3, reliability=0.9, seed=11)
    shares = preservation_shares(judgements(df)).set_index("system")
    assert abs(shares.loc["A", "share"] - 80) < 5 and abs(shares.loc["B", "share"] - 30) < 5
    assert (shares["judges_per_version"] == 3).all()


def test_wilson_interval_matches_the_closed_form() -> None:
    for k, n in ((29, 33), (0, 10), (10, 10), (87, 99)):
        lo, hi = proportion_ci(k, n)
        wlo, whi = wilson(k, n)
        assert lo == pytest.approx(max(0.0, wlo), abs=1e-9)
        assert hi == pytest.approx(min(100.0, whi), abs=1e-9)
    # Clopper-Pearson is wider than Wilson; no observations gives no interval
    cp = proportion_ci(29, 33, method="clopper-pearson")
    w = proportion_ci(29, 33)
    assert cp[0] < w[0] and cp[1] > w[1]
    assert all(math.isnan(v) for v in proportion_ci(0, 0))


def test_ties_policy_and_judgement_unit() -> None:
    rows = [
        ("J1", "i1", "A", "same"), ("J2", "i1", "A", "different"),  # tie
        ("J1", "i2", "A", "same"), ("J2", "i2", "A", "same"),
        ("J1", "i3", "A", "different"), ("J2", "i3", "A", "different"),
    ]  # fmt: skip
    j = judgements(answers_from(rows))
    by = {
        t: preservation_shares(j, MeaningOptions(ties=t)).iloc[0]
        for t in ("different", "same", "drop")
    }
    assert (by["different"]["preserved"], by["different"]["n"]) == (1, 3)
    assert (by["same"]["preserved"], by["same"]["n"]) == (2, 3)
    assert (by["drop"]["preserved"], by["drop"]["n"]) == (1, 2)
    assert by["different"]["ties"] == 1
    unit = preservation_shares(j, MeaningOptions(aggregation="judgement")).iloc[0]
    assert (unit["preserved"], unit["n"]) == (3, 6)


def test_key_maps_codes_back_and_last_answer_wins() -> None:
    rows = [
        ("J1", "i1", "S1", "different"),
        ("J1", "i1", "S1", "same"),
        ("J1", "i1", "S2", "different"),
    ]
    j = judgements(answers_from(rows), key={"S1": "t5", "S2": "rules"})
    assert sorted(zip(j["system"], j["preserved"], strict=True)) == [("rules", 0), ("t5", 1)]


def test_bad_answer_tables_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not same/different"):
        judgements(answers_from([("J1", "i1", "A", "maybe")]))
    other = answers_from([("J1", "i1", "A", "same")]).assign(question="clarity")
    with pytest.raises(InputError, match="no 'meaning' answers"):
        judgements(other)
    path = tmp_path / "answers.csv"
    path.write_text("participant_id,item_id\nJ1,i1\n", encoding="utf-8")
    with pytest.raises(InputError, match="lacks column"):
        judgements(path)
    with pytest.raises(LingevalError):
        MeaningOptions(ci="bayes")


# --- agreement ------------------------------------------------------------------------------


def _measures(df: pd.DataFrame, systems: str = "all") -> dict[str, float]:
    a = agreement(judgements(df))
    a = a[a["systems"] == systems]
    return dict(zip(a["measure"], a["value"], strict=True))


def test_perfect_agreement_gives_kappa_and_alpha_of_one() -> None:
    df = simulate_answers(plain_items(60), {"A": 0.7, "B": 0.4}, judges=2, reliability=1.0, seed=2)
    m = _measures(df)
    assert m["observed agreement %"] == pytest.approx(100.0)
    assert m["Cohen's kappa"] == pytest.approx(1.0)
    assert m["Fleiss' kappa"] == pytest.approx(1.0)
    assert m["Krippendorff's alpha"] == pytest.approx(1.0)


def test_independent_random_judges_agree_at_chance() -> None:
    items = plain_items(1500, systems=("A",))
    two = _measures(simulate_answers(items, {"A": 0.5}, judges=2, reliability=0.0, seed=5))
    for name in ("Cohen's kappa", "Fleiss' kappa", "Krippendorff's alpha"):
        assert abs(two[name]) < 0.07, name
    assert two["observed agreement %"] == pytest.approx(50, abs=4)
    four = _measures(simulate_answers(items[:600], {"A": 0.7}, judges=4, reliability=0.0, seed=6))
    assert math.isnan(four["Cohen's kappa"])  # more than two judges per version
    assert abs(four["Fleiss' kappa"]) < 0.07 and abs(four["Krippendorff's alpha"]) < 0.07


def test_kappas_on_small_hand_computed_tables() -> None:
    # Fleiss: 4 versions x 3 judges with 3, 0, 2, 1 "same": P = 2/3, Pe = 1/2, kappa = 1/3
    rows = []
    for item, n_same in (("i1", 3), ("i2", 0), ("i3", 2), ("i4", 1)):
        for j in range(3):
            rows.append((f"J{j}", item, "A", "same" if j < n_same else "different"))
    m = _measures(answers_from(rows))
    assert m["Fleiss' kappa"] == pytest.approx(1 / 3)
    assert m["observed agreement %"] == pytest.approx(100 * 2 / 3)
    # Cohen: a = 1100, b = 1000 -> po = 3/4, pe = 1/2, kappa = 1/2
    a, b = "1100", "1000"
    rows = [("J1", f"i{k}", "A", "same" if a[k] == "1" else "different") for k in range(4)]
    rows += [("J2", f"i{k}", "A", "same" if b[k] == "1" else "different") for k in range(4)]
    assert _measures(answers_from(rows))["Cohen's kappa"] == pytest.approx(0.5)


def test_agreement_is_empty_with_one_judge_and_nan_without_variation() -> None:
    one = simulate_answers(plain_items(5), {"A": 0.5, "B": 0.5}, judges=1)
    assert agreement(judgements(one)).empty
    same = simulate_answers(plain_items(5), {"A": 1.0, "B": 1.0}, judges=2)
    m = _measures(same)
    assert m["observed agreement %"] == 100.0 and math.isnan(m["Krippendorff's alpha"])


# --- comparison with the verb-nucleus F1 ----------------------------------------------------


def _drawn() -> tuple[list, list[StudyItem]]:  # type: ignore[type-arg]
    exs = examples()
    preds = {"good": {e.id: good(e) for e in exs}, "bad": {e.id: bad(e) for e in exs}}
    return exs, draw_items(exs, preds, seed=1, blind=False).items


def test_item_f1_scores_the_rewrites_the_judges_saw() -> None:
    exs, items = _drawn()
    f1, corpus, sig = item_f1(exs, items, analyzer=toy_analyzer())
    assert corpus == {"bad": 0.0, "good": 100.0}
    assert set(f1[f1["system"] == "good"]["f1"]) == {100.0}
    assert set(f1[f1["system"] == "bad"]["f1"]) == {0.0}
    assert sig.options["parser"] == "toy==1"


def test_judgements_that_follow_f1_correlate_perfectly() -> None:
    exs, items = _drawn()
    truth = {(it.item_id, it.system): it.system == "good" for it in items}
    df = simulate_answers(items, {"good": 0.5, "bad": 0.5}, judges=2, truth=truth, seed=3)
    result = analyze(df, examples=exs, items=items, analyzer=toy_analyzer())
    corr = result.correlation
    assert corr is not None
    pooled = corr[corr["system"] == "all"].set_index("method")
    assert pooled.loc["point-biserial", "coefficient"] == pytest.approx(1.0)
    assert pooled.loc["spearman", "coefficient"] == pytest.approx(1.0)
    assert pooled.loc["spearman", "p"] < 0.001 and pooled.loc["point-biserial", "n"] == 12
    # within one system F1 is constant: no correlation can be computed
    assert corr[corr["system"] == "good"]["coefficient"].isna().all()
    shares = result.shares.set_index("system")
    assert shares.loc["good", "f1"] == 100.0 and shares.loc["good", "share"] == 100.0


def test_judgements_against_f1_that_disagree_correlate_negatively() -> None:
    j = judgements(
        answers_from([("J1", f"i{k}", "A", "same" if k < 5 else "different") for k in range(10)])
    )
    f1 = pd.DataFrame(
        {
            "system": "A",
            "item_id": [f"i{k}" for k in range(10)],
            "f1": [10.0 * k for k in range(10)],
        }
    )
    row = correlation(j, f1).set_index("method").loc["point-biserial"]
    assert row["coefficient"] < -0.8 and row["p"] < 0.01


def test_comparison_needs_gold_and_the_shown_rewrites() -> None:
    exs, items = _drawn()
    df = simulate_answers(items, {"good": 1.0, "bad": 0.0})
    with pytest.raises(LingevalError, match="shown rewrites"):
        analyze(df, examples=exs)  # simulated answers carry no shown rewrites
    with pytest.raises(LingevalError, match="needs the gold examples"):
        analyze(df, items=items)


# --- result object ------------------------------------------------------------------------


def test_tables_json_plot_and_notes(tmp_path: Path) -> None:
    items = plain_items(40)
    df = simulate_answers(items, {"A": 0.9, "B": 0.2}, judges=2, reliability=0.8, seed=1)
    result = analyze(df, with_notes=True)
    tables = result.tables(with_notes=True)
    assert [t.title.split(" ")[0] for t in tables] == ["Meaning", "Agreement", "Paired", "Judges'"]
    text = tables[0].to_text()
    assert "95% CI" in text and "signature: lingeval-conjuncts-meaning" in text
    d = result.to_dict()
    assert {r["system"] for r in d["shares"]} == {"A", "B"}
    assert d["signature"]["ci"] == "wilson-95%" and d["judges"] == 2
    assert all(n["meaning"] == "different" for n in d["notes"])
    png = result.plot(tmp_path / "shares.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(LingevalError, match=r"\.png"):
        result.plot(tmp_path / "shares.gif")


# --- paired comparison -----------------------------------------------------------------------


def test_mcnemar_on_a_hand_computed_table() -> None:
    # A preserves 0 examples that B does not, B preserves 5 that A does not: p = 2 * 0.5**5
    rows = [("J1", f"i{k}", "A", "same" if k < 3 else "different") for k in range(10)]
    rows += [("J1", f"i{k}", "B", "same" if k < 8 else "different") for k in range(10)]
    pairs = compare_systems(judgements(answers_from(rows)))
    r = pairs.iloc[0]
    assert (r["A"], r["B"], r["n"], r["A_only"], r["B_only"]) == ("A", "B", 10, 0, 5)
    assert r["p"] == pytest.approx(0.0625) and r["p_bonf"] == pytest.approx(0.0625)
    assert (r["share_A"], r["share_B"]) == (30.0, 80.0)


def test_mcnemar_finds_a_planted_difference_and_corrects_for_pairs() -> None:
    items = plain_items(300, systems=("A", "B", "C"))
    df = simulate_answers(items, {"A": 0.9, "B": 0.5, "C": 0.5}, judges=1, seed=4)
    pairs = compare_systems(judgements(df)).set_index(["A", "B"])
    assert pairs.loc[("A", "B"), "p"] < 1e-6 and pairs.loc[("A", "C"), "p"] < 1e-6
    assert pairs.loc[("B", "C"), "p_bonf"] > 0.01
    assert pairs.loc[("B", "C"), "p_bonf"] == pytest.approx(
        min(1.0, 3 * pairs.loc[("B", "C"), "p"])
    )
    assert compare_systems(judgements(simulate_answers(plain_items(5, ("A",)), {"A": 0.5}))).empty


def test_agreement_per_system_separates_reliable_from_random_judges() -> None:
    reliable = simulate_answers(
        plain_items(400, ("A",)), {"A": 0.5}, judges=2, reliability=1.0, seed=1
    )
    noisy = simulate_answers(
        plain_items(400, ("B",)), {"B": 0.5}, judges=2, reliability=0.0, seed=2
    )
    both = pd.concat([reliable, noisy], ignore_index=True)
    assert set(agreement(judgements(both))["systems"]) == {"all", "A", "B"}
    a, b, pooled = _measures(both, "A"), _measures(both, "B"), _measures(both)
    assert a["Krippendorff's alpha"] == pytest.approx(1.0) and a["Cohen's kappa"] == pytest.approx(
        1.0
    )
    assert abs(b["Krippendorff's alpha"]) < 0.12 and abs(b["Fleiss' kappa"]) < 0.12
    assert b["Krippendorff's alpha"] < pooled["Krippendorff's alpha"] < 1.0


def test_study_filter_and_several_studies() -> None:
    one = answers_from([("J1", "i1", "A", "same"), ("J1", "i2", "A", "different")])
    two = answers_from([("J1", "i1", "A", "different")]).assign(study_id="other")
    both = pd.concat([one, two], ignore_index=True)
    with pytest.raises(InputError, match="several studies"):
        judgements(both)
    assert list(judgements(both, study_id="other")["preserved"]) == [0]
    assert len(judgements(both, study_id="t")) == 2
    with pytest.raises(InputError, match="no answers of study 'nope'"):
        judgements(both, study_id="nope")


def test_the_papers_figure_with_its_interval() -> None:
    """Section 7.1: 87.9% of T5_80%'s outputs keep the meaning (12.1% do not); with the whole
    test set judged (1,019 outputs, 896 preserved) the Wilson 95% interval is 85.8-89.8%."""
    rows = [("A1", f"t{i:04d}", "T5_80", "same" if i < 896 else "different") for i in range(1019)]
    share = preservation_shares(judgements(answers_from(rows))).iloc[0]
    assert (share["n"], share["preserved"], share["not_preserved"]) == (1019, 896, 123)
    assert round(share["share"], 1) == 87.9 and round(100 - share["share"], 1) == 12.1
    assert (round(share["ci_low"], 1), round(share["ci_high"], 1)) == (85.8, 89.8)


def test_simulated_judgements_are_labelled_in_every_table() -> None:
    items = plain_items(30)
    sim = analyze(simulate_answers(items, {"A": 0.9, "B": 0.5}, judges=2, seed=3))
    assert sim.simulated == sim.n_judgements == 120
    assert all("[SIMULATED judges]" in t.title for t in sim.tables())
    assert "raters:simulated" in sim.signature.format()
    assert sim.to_dict()["simulated_judgements"] == 120
    # the same answers under people's ids carry no label
    people = simulate_answers(items, {"A": 0.9, "B": 0.5}, judges=2, seed=3)
    people["participant_id"] = people["participant_id"].str.replace("SIM-", "P", regex=False)
    real = analyze(people)
    assert real.simulated == 0 and not any("SIMULATED" in t.title for t in real.tables())
    assert "raters" not in real.signature.format()


def test_demo_noise_is_independent_of_system_and_f1() -> None:
    """The demo judges' error probability depends only on seeded draws per judge and per
    version (mean = the error rate), never on the system, the reference answer or the F1."""
    from statistics import mean

    from lingeval.conjuncts.meaning.demo import error_rate

    rates = [error_rate(0.1, f"j{j}", f"v{v}") for j in range(200) for v in range(200)]
    assert mean(rates) == pytest.approx(0.1, abs=0.015)  # sd of this mean: about 0.006
    assert len({round(r, 6) for r in rates}) > 1000  # judges and versions differ
    assert error_rate(0.1, "j1", "v1") == error_rate(0.1, "j1", "v1")
    assert error_rate(0.0, "j1", "v1") == 0.0 and error_rate(1.0, "j1", "v1") == 1.0
    import inspect

    assert list(inspect.signature(error_rate).parameters) == ["error", "judge_seed", "version_seed"]


def test_kappa_rows_not_computed_are_left_out_and_prevalence_is_noted() -> None:
    # 20 versions x 3 judges: 19 unanimous 'same', one 2:1 -> high agreement, kappa near 0
    rows = [(f"P{j}", f"i{k}", "A", "same") for k in range(19) for j in range(3)]
    rows += [
        ("P0", "i19", "A", "same"),
        ("P1", "i19", "A", "same"),
        ("P2", "i19", "A", "different"),
    ]
    res = analyze(answers_from(rows))
    agree = res.tables()[1]
    measures = [r["measure"] for r in agree.records()]
    assert "Cohen's kappa" not in measures  # three judges: not computed, not shown
    assert any("Cohen's kappa not shown" in n for n in agree.notes)
    fleiss = next(r for r in agree.records() if r["measure"] == "Fleiss' kappa")
    assert fleiss["value"] < 0.2 and "prevalence effect" in fleiss["note"]
