"""The analysis finds effects planted in simulated participants, and not absent ones."""

from __future__ import annotations

import pandas as pd
import pytest

from lingeval.core.errors import LingevalError
from lingeval.study.analysis import AnalysisOptions, analyze, compare_studies
from lingeval.study.simulate import SimulationSpec, SystemEffect, simulate_answers, synthetic_items

SYSTEMS = ["human", "ml", "nreg", "rule"]


@pytest.fixture(scope="module")
def items():  # type: ignore[no-untyped-def]
    return synthetic_items(40, SYSTEMS, seed=3)


def _sig(result, subset: str, measure: str, a: str, b: str) -> bool:  # type: ignore[no-untyped-def]
    w = result.wilcoxon
    row = w[
        (w.subset == subset)
        & (w.measure == measure)
        & (((a == w.A) & (b == w.B)) | ((b == w.A) & (a == w.B)))
    ]
    assert len(row) == 1
    return bool(row["significant"].iloc[0])


@pytest.mark.parametrize("seed", [1, 2])
def test_planted_rating_difference_is_found_and_absent_ones_are_not(items, seed: int) -> None:  # type: ignore[no-untyped-def]
    spec = SimulationSpec(effects={"human": SystemEffect(shift=1.0)}, seed=seed, beta_rewrite=0.0)
    result = analyze(simulate_answers(items, spec))
    for m in ("clarity", "grammaticality", "coherence"):
        for other in ("ml", "nreg", "rule"):
            assert _sig(result, "all", m, "human", other)
        assert not _sig(result, "all", m, "ml", "rule")
        assert not _sig(result, "all", m, "nreg", "rule")
    letters = result.ratings.query("subset == 'all' and measure == 'clarity'").set_index("system")[
        "letters"
    ]
    assert letters["human"] == "A"
    assert set(letters.drop("human")) == {"B"}


def test_measure_specific_effect(items) -> None:  # type: ignore[no-untyped-def]
    spec = SimulationSpec(
        effects={"rule": SystemEffect(measure_shift={"grammaticality": -1.2})},
        seed=4,
        beta_rewrite=0.0,
    )
    result = analyze(simulate_answers(items, spec))
    assert _sig(result, "all", "grammaticality", "rule", "human")
    assert not _sig(result, "all", "clarity", "rule", "human")
    assert not _sig(result, "all", "coherence", "rule", "human")


def test_success_and_rewriting_rates_recover_the_planted_probabilities(items) -> None:  # type: ignore[no-untyped-def]
    spec = SimulationSpec(
        effects={
            "nreg": SystemEffect(p_yes=0.5, p_maybe=0.3, p_rewrite=0.4),
            "rule": SystemEffect(p_yes=0.95, p_maybe=0.05, p_rewrite=0.05),
        },
        seed=5,
    )
    result = analyze(simulate_answers(items, spec))
    s = result.success.query("subset == 'all'").set_index("system")
    assert s.loc["nreg", "yes_pct"] == pytest.approx(50, abs=6)
    assert s.loc["nreg", "maybe_pct"] == pytest.approx(30, abs=6)
    assert s.loc["rule", "no_pct"] == pytest.approx(0, abs=1.5)
    assert s.loc["rule", "SR"] > s.loc["nreg", "SR"]
    # SR counts proper names as successful: (Yes + names) / total
    row = s.loc["nreg"]
    assert row["SR"] == pytest.approx(100 * (row["yes"] + row["names"]) / row["total"])
    rr = result.rewriting.query("subset == 'all'").set_index("system")
    assert rr.loc["nreg", "RR"] == pytest.approx(40, abs=5)
    assert rr.loc["rule", "RR"] == pytest.approx(5, abs=3)
    assert rr.loc["nreg", "rewrites"] == round(rr.loc["nreg", "RR"] * rr.loc["nreg", "res"] / 100)


def test_rewriting_slope_is_found_only_when_planted(items) -> None:  # type: ignore[no-untyped-def]
    eff = {s: SystemEffect(p_rewrite=0.3) for s in SYSTEMS}
    planted = analyze(
        simulate_answers(items, SimulationSpec(effects=eff, beta_rewrite=-0.5, seed=6))
    )
    reg = planted.regressions.set_index(["y", "x"])
    for m in ("clarity", "grammaticality", "coherence"):
        assert reg.loc[(m, "n_rewrites"), "beta"] < -0.25
        assert reg.loc[(m, "n_rewrites"), "p"] < 0.001
    absent = analyze(simulate_answers(items, SimulationSpec(effects=eff, beta_rewrite=0.0, seed=6)))
    reg0 = absent.regressions.set_index(["y", "x"])
    assert reg0.loc[("clarity", "n_rewrites"), "p"] > 0.01
    assert abs(reg0.loc[("clarity", "n_rewrites"), "beta"]) < 0.15


def test_familiarity_effect_found_only_when_planted(items) -> None:  # type: ignore[no-untyped-def]
    none = analyze(simulate_answers(items, SimulationSpec(seed=7)))
    f0 = none.familiarity.set_index("measure")
    assert (f0.loc[["clarity", "grammaticality", "coherence"], "p"] > 0.01).all()
    some = analyze(simulate_answers(items, SimulationSpec(seed=7, beta_familiar=-0.8)))
    f1 = some.familiarity.set_index("measure")
    assert (f1.loc[["clarity", "grammaticality", "coherence"], "p"] < 0.001).all()
    assert f1.loc["clarity", "mean_1"] < f1.loc["clarity", "mean_2"]  # familiar rated lower


def test_compare_studies(items) -> None:  # type: ignore[no-untyped-def]
    # responses are the unit of the test (as in the paper), so participant effects are kept
    # small here: with large ones two samples of the same population differ (pseudo-replication)
    this = simulate_answers(items, SimulationSpec(seed=8, base=4.6, participant_sd=0.1))
    same = simulate_answers(items, SimulationSpec(seed=9, base=4.6, participant_sd=0.1))
    higher = simulate_answers(items, SimulationSpec(seed=9, base=5.7, participant_sd=0.1))
    assert (compare_studies(this, same)["p"] > 0.01).all()
    out = compare_studies(this, higher)
    assert (out["p"] < 0.001).all() and (out["mean_1"] < out["mean_2"]).all()
    per = compare_studies(this, higher, by_system=True)
    assert sorted(per["system"].unique()) == SYSTEMS


def test_pairings_and_families_change_m_but_not_means(items) -> None:  # type: ignore[no-untyped-def]
    answers = simulate_answers(
        items, SimulationSpec(effects={"human": SystemEffect(shift=0.6)}, seed=10)
    )
    base = analyze(answers)
    wide = analyze(answers, AnalysisOptions(family="all"))
    by_p = analyze(answers, AnalysisOptions(pairing="participant"))
    pd.testing.assert_frame_equal(
        base.ratings[["system", "subset", "measure", "mean"]],
        wide.ratings[["system", "subset", "measure", "mean"]],
    )
    assert set(base.wilcoxon["m"]) == {6}
    assert set(wide.wilcoxon["m"]) == {len(wide.wilcoxon)}
    assert by_p.wilcoxon.query("subset == 'all'")["n"].max() == answers["participant_id"].nunique()
    assert base.wilcoxon.query("subset == 'all'")["n"].max() == 40
    assert "pairing:participant" in by_p.signature().format()


def test_spec_validation() -> None:
    with pytest.raises(LingevalError):
        SystemEffect(p_yes=0.8, p_maybe=0.5)
    with pytest.raises(LingevalError):
        simulate_answers([], SimulationSpec())
