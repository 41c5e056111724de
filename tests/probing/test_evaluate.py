"""Evaluation tables (paper 003, Tables 2-5) and judgement import on hand-made examples."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from lingeval.core.errors import InputError, LingevalError
from lingeval.core.signature import Signature
from lingeval.probing.build import AcceptabilityItem, ClozeItem
from lingeval.probing.cli import cli
from lingeval.probing.evaluate import (
    cloze_category,
    evaluate_acceptability,
    evaluate_cloze,
    human_cloze_majority,
    spearman,
)
from lingeval.probing.judgements import Judgement, read_judgements
from lingeval.probing.run import read_scores, write_scores
from lingeval.probing.scorers import SentenceScore


def _pair(pid: str, conn: str, repl: str, gram: str = "unreviewed") -> list[AcceptabilityItem]:
    return [
        AcceptabilityItem(pid, f"{pid}-A", "acceptable", conn, repl, f"A {conn}", 2, 3, "yes"),
        AcceptabilityItem(pid, f"{pid}-NA", "unacceptable", conn, repl, f"A {repl}", 2, 3, gram),
    ]


ITEMS = (
    _pair("e-01", "e", "se")
    + _pair("e-02", "e", "ma", "no")
    + _pair("ma-01", "ma", "e")
    + _pair("ma-02", "ma", "o", "no")
)
PPL = {
    "e-01-A": 10.0, "e-01-NA": 20.0,
    "e-02-A": 30.0, "e-02-NA": 25.0,  # model prefers the unacceptable one
    "ma-01-A": 12.0, "ma-01-NA": 40.0,
    "ma-02-A": 14.0, "ma-02-NA": 60.0,
}  # fmt: skip
RATINGS = {
    "e-01-A": [5, 5, 4], "e-01-NA": [2, 1, 1],
    "e-02-A": [4, 5, 5], "e-02-NA": [1, 1, 2],
    "ma-01-A": [5, 4, 4], "ma-01-NA": [2, 3, 2],
    "ma-02-A": [5, 5, 5], "ma-02-NA": [1, 1, 1],
}  # fmt: skip


def _judgements() -> list[Judgement]:
    return [Judgement(i, f"p{n}", str(v)) for i, vs in RATINGS.items() for n, v in enumerate(vs)]


def test_acceptability_tables() -> None:
    res = evaluate_acceptability(ITEMS, {"lm": PPL}, _judgements())
    rows = {r["condition"]: r for r in res.model_table.records()}
    assert rows["acceptable"]["mean_ppl"] == pytest.approx((10 + 30 + 12 + 14) / 4)
    assert rows["unacceptable"]["mean_ppl"] == pytest.approx((20 + 25 + 40 + 60) / 4)
    assert rows["unacceptable-ungrammatical"]["n"] == 2
    assert rows["unacceptable-ungrammatical"]["mean_ppl"] == pytest.approx((25 + 60) / 2)
    pair = {r["judge"]: r for r in res.pair_table.records()}
    assert pair["lm"]["correct"] == 3 and pair["lm"]["pair_accuracy"] == pytest.approx(0.75)
    assert pair["humans"]["pair_accuracy"] == pytest.approx(1.0)
    assert res.human_table is not None and res.correlation_table is not None
    h = {r["condition"]: r for r in res.human_table.records()}
    means_a = [sum(RATINGS[k]) / 3 for k in RATINGS if k.endswith("-A")]
    assert h["acceptable"]["mean_rating"] == pytest.approx(sum(means_a) / 4)
    assert h["acceptable"]["judgements"] == 12
    (corr,) = res.correlation_table.records()
    from scipy.stats import spearmanr

    keys = list(RATINGS)
    ref = spearmanr([sum(RATINGS[k]) / 3 for k in keys], [PPL[k] for k in keys])
    assert corr["spearman_rho"] == pytest.approx(ref.statistic)
    assert corr["p_value"] == pytest.approx(ref.pvalue)
    assert corr["spearman_rho"] < 0  # higher ratings, lower perplexity
    per = {r["connective"]: r for r in res.per_connective.records()}
    assert per["e"]["lm:pair_acc"] == pytest.approx(0.5)
    frame = res.to_frame()
    assert len(frame) == 8 and frame.loc[frame.item_id == "ma-02-NA", "ppl:lm"].item() == 60.0
    assert per["ma"]["lm:pair_acc"] == pytest.approx(1.0)


def test_pair_accuracy_interval_and_sign_test() -> None:
    from scipy.stats import binomtest

    from lingeval.probing.evaluate import sign_test, wilson_interval

    res = evaluate_acceptability(ITEMS, {"lm": PPL}, _judgements())
    pair = {r["judge"]: r for r in res.pair_table.records()}
    # Wilson 95% for 3/4, by the textbook formula
    z = 1.959963984540054
    p, n = 0.75, 4
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert pair["lm"]["ci95_low"] == pytest.approx(centre - half)
    assert pair["lm"]["ci95_high"] == pytest.approx(centre + half)
    assert pair["lm"]["sign_test_p"] == pytest.approx(binomtest(3, 4, 0.5).pvalue)
    assert pair["humans"]["sign_test_p"] == pytest.approx(2 * 0.5**4)
    # 60 of 100 pairs: the interval excludes neither side wrongly, and the test is exact
    lo, hi = wilson_interval(60, 100)
    assert 0.48 < lo < 0.6 < hi < 0.70
    assert sign_test(60, 40) == pytest.approx(binomtest(60, 100, 0.5).pvalue)
    # ties are errors for accuracy and left out of the sign test
    tied = dict(PPL, **{"e-02-NA": 30.0})
    t = {r["judge"]: r for r in evaluate_acceptability(ITEMS, {"lm": tied}).pair_table.records()}
    assert t["lm"]["ties"] == 1 and t["lm"]["correct"] == 3
    assert t["lm"]["sign_test_p"] == pytest.approx(binomtest(3, 3, 0.5).pvalue)


def test_bootstrap_spearman_interval_covers_rho_and_resamples_pairs() -> None:
    import random

    from lingeval.probing.evaluate import bootstrap_spearman

    rng = random.Random(1)
    x = [rng.gauss(0, 1) for _ in range(200)]
    y = [-v + rng.gauss(0, 1) for v in x]
    pairs = [f"p{i // 2}" for i in range(200)]
    rho, _p, _n = spearman(x, y)
    lo, hi = bootstrap_spearman(x, y, pairs, n_boot=500)
    assert lo < rho < hi and hi - lo < 0.3 and hi < 0
    # seeded: the same interval twice
    assert bootstrap_spearman(x, y, pairs, n_boot=500) == (lo, hi)
    res = evaluate_acceptability(ITEMS, {"lm": PPL}, _judgements())
    assert res.correlation_table is not None
    (corr,) = res.correlation_table.records()
    assert corr["ci95_low"] <= corr["spearman_rho"] <= corr["ci95_high"]


def test_acceptability_missing_score_is_an_error() -> None:
    with pytest.raises(LingevalError, match="no score"):
        evaluate_acceptability(ITEMS, {"lm": {"e-01-A": 1.0}})


def test_spearman_degenerate() -> None:
    rho, _p, n = spearman([1.0, 1.0, 1.0], [1.0, 2.0, 3.0])
    assert math.isnan(rho) and n == 3


CLOZE = [
    ClozeItem(
        "ma-01-C",
        "ma",
        "x ma y",
        "x ___ y",
        2,
        ["ma", "però", "se", "dove", "o"],
        "però",
        ["se", "dove", "o"],
    ),
    ClozeItem(
        "ma-02-C",
        "ma",
        "x ma z",
        "x ___ z",
        2,
        ["ma", "però", "se", "dove", "o"],
        "però",
        ["se", "dove", "o"],
    ),
    ClozeItem(
        "tuttavia-01-C",
        "tuttavia",
        "x tuttavia y",
        "x ___ y",
        2,
        ["tuttavia", "ma", "se", "dove", "o"],
        "ma",
        ["se", "dove", "o"],
    ),
    ClozeItem(
        "se-01-C",
        "se",
        "se y",
        "___ y",
        0,
        ["se", "quando", "ma", "dove", "o"],
        "quando",
        ["ma", "dove", "o"],
    ),
]


def test_cloze_categories_and_multisubword() -> None:
    fs = {"tuttavia": "tutta", "ma": "ma", "però": "però"}
    assert cloze_category(["e", "ma", "però"], CLOZE[0], fs) == ("both", "other", 2)
    assert cloze_category(["tutta", "x"], CLOZE[2], fs) == ("target", "target", 1)
    assert cloze_category(["tutta", "x"], CLOZE[2], fs, multi_subword="exact") == (
        "other",
        "other",
        None,
    )
    preds = {
        "ma-01-C": ["ma", "e", "però"],
        "ma-02-C": ["però", "e"],
        "tuttavia-01-C": ["tutta", "ma"],
        "se-01-C": ["e", "o"],
    }
    answers = [
        Judgement("ma-01-C", "a", "ma"), Judgement("ma-01-C", "b", "ma"), Judgement("ma-01-C", "c", "però"),
        Judgement("ma-02-C", "a", "ma"), Judgement("ma-02-C", "b", "però"),
        Judgement("tuttavia-01-C", "a", "none"),
        Judgement("se-01-C", "a", "dove"),
    ]  # fmt: skip
    res = evaluate_cloze(CLOZE, preds, answers, first_subwords=fs, k=10)
    (row,) = res.model_table.records()
    assert row["top10:both"] == pytest.approx(50.0)  # ma-01, tuttavia-01 (first subword)
    assert row["top10:plausible"] == pytest.approx(25.0)  # ma-02
    assert row["top10:other"] == pytest.approx(25.0)  # se-01
    assert row["first:target"] == pytest.approx(50.0)
    assert row["first:plausible"] == pytest.approx(25.0)
    # counts beside the percentages (the paper's 85/12/148/25 style)
    assert (row["top10:target:n"], row["top10:plausible:n"]) == (0, 1)
    assert (row["top10:both:n"], row["top10:other:n"]) == (2, 1)
    assert (row["first:target:n"], row["first:plausible:n"], row["first:other:n"]) == (2, 1, 1)
    per = {r["connective"]: r for r in res.per_connective.records()}
    # per connective: first place for the plausible option and for "other"
    assert per["ma"]["first:plausible"] == pytest.approx(50.0)
    assert per["se"]["first:other"] == pytest.approx(100.0)
    assert res.human_table is not None
    (h,) = res.human_table.records()
    assert h["target"] == pytest.approx(25.0) and h["tie"] == pytest.approx(25.0)
    assert h["none"] == pytest.approx(25.0) and h["implausible"] == pytest.approx(25.0)
    assert h["target:n"] == 1 and h["tie:n"] == 1
    assert human_cloze_majority(CLOZE[0], []) == "unrated"


def _write(p: Path, text: str) -> Path:
    p.write_text(text, encoding="utf-8")
    return p


def test_read_judgements_long_wide_and_errors(tmp_path: Path) -> None:
    long = _write(
        tmp_path / "long.csv", "item_id,participant_id,value\ne-01-A,p1,5\ne-01-NA,p1,2\n"
    )
    assert read_judgements(long, "acceptability") == [
        Judgement("e-01-A", "p1", "5"),
        Judgement("e-01-NA", "p1", "2"),
    ]
    wide = _write(
        tmp_path / "wide.tsv", "participant_id\te-01-A\te-01-NA\tage\np1\t5\t\t33\np2\t4\t1\t40\n"
    )
    got = read_judgements(wide, "acceptability", items={"e-01-A", "e-01-NA"})
    assert sorted((j.participant_id, j.item_id, j.value) for j in got) == [
        ("p1", "e-01-A", "5"),
        ("p2", "e-01-A", "4"),
        ("p2", "e-01-NA", "1"),
    ]
    bad = _write(tmp_path / "bad.csv", "item_id,participant_id,value\ne-01-A,p1,5\ne-01-NA,p1,7\n")
    with pytest.raises(InputError) as err:
        read_judgements(bad, "acceptability")
    assert err.value.line == 3
    study = _write(
        tmp_path / "study.csv",
        "study_id,participant_id,item_id,question,value\ns,p1,ma-01-C,cloze,Però\ns,p1,ma-01-C,comment,hi\n",
    )
    got = read_judgements(study, "cloze", options={"ma-01-C": CLOZE[0].options})
    assert got == [Judgement("ma-01-C", "p1", "però")]
    bad_opt = _write(tmp_path / "badopt.csv", "item_id,participant_id,value\nma-01-C,p1,quando\n")
    with pytest.raises(InputError, match="not an option"):
        read_judgements(bad_opt, "cloze", options={"ma-01-C": CLOZE[0].options})


def test_scores_file_roundtrip(tmp_path: Path) -> None:
    sig = Signature("probe-ppl", {"model": "lm"})
    scores = [SentenceScore("a", -10.0, 5), SentenceScore("b", -3.0, 2)]
    write_scores(tmp_path / "s.tsv", ["x", "y"], scores, sig)
    name, ppl, s = read_scores(tmp_path / "s.tsv")
    assert name == "lm" and s == sig.format()
    assert ppl["x"] == pytest.approx(math.exp(2.0)) and ppl["y"] == pytest.approx(math.exp(1.5))


def _write_items(tmp_path: Path) -> tuple[Path, Path]:
    from dataclasses import asdict

    from lingeval.probing.build import ACCEPTABILITY_COLUMNS, CLOZE_COLUMNS

    acc = tmp_path / "acceptability.jsonl"
    acc.write_text(
        "".join(json.dumps({c: asdict(i)[c] for c in ACCEPTABILITY_COLUMNS}) + "\n" for i in ITEMS)
    )
    cl = tmp_path / "cloze.jsonl"
    cl.write_text(
        "".join(json.dumps({c: asdict(i)[c] for c in CLOZE_COLUMNS}) + "\n" for i in CLOZE)
    )
    return acc, cl


def test_cli_acceptability_with_scores_and_judgements(tmp_path: Path) -> None:
    acc, _ = _write_items(tmp_path)
    sig = Signature("probe-ppl", {"model": "lm"})
    ids = list(PPL)
    write_scores(
        tmp_path / "s.tsv", ids, [SentenceScore("", -math.log(PPL[i]), 1) for i in ids], sig
    )
    j = tmp_path / "j.csv"
    j.write_text(
        "item_id,participant_id,value\n"
        + "".join(f"{i},p{n},{v}\n" for i, vs in RATINGS.items() for n, v in enumerate(vs))
    )
    png = tmp_path / "ppl.png"
    r = CliRunner().invoke(
        cli,
        [
            "acceptability",
            str(acc),
            "--scores",
            str(tmp_path / "s.tsv"),
            "-j",
            str(j),
            "--json",
            "--plot",
            str(png),
        ],
    )
    assert r.exit_code == 0, r.output
    tables = json.loads(r.output)
    pair = next(t for t in tables if t["title"].startswith("Pair accuracy"))
    assert pair["rows"][0]["pair_accuracy"] == pytest.approx(0.75)
    assert png.stat().st_size > 1000 and png.read_bytes()[:4] == b"\x89PNG"


def test_cli_errors_are_one_line(tmp_path: Path) -> None:
    from lingeval.cli import main

    acc, _ = _write_items(tmp_path)
    with pytest.raises(SystemExit) as exc:
        main(["probe", "acceptability", str(acc)])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main(["probe", "cloze", str(tmp_path / "missing.tsv"), "-j", "x.csv"])
    assert exc.value.code == 2


def test_cloze_forced_choice_from_option_scores() -> None:
    scores = {
        "ma-01-C": {"ma": -1.0, "però": -2.0, "se": -3.0, "dove": -4.0, "o": -5.0},
        "ma-02-C": {"ma": -2.0, "però": -1.0, "se": -3.0, "dove": -4.0, "o": -5.0},
        "tuttavia-01-C": {"tuttavia": -9.0, "ma": -2.0, "se": -1.0, "dove": -4.0, "o": -5.0},
        "se-01-C": {"se": -1.0, "quando": -2.0, "ma": -3.0, "dove": -4.0, "o": -5.0},
    }
    res = evaluate_cloze(CLOZE, None, None, option_scores=scores)
    assert res.choice_table is not None
    rows = {r["scope"]: r for r in res.choice_table.records()}
    assert rows["all"]["target"] == pytest.approx(50.0)
    assert rows["all"]["plausible"] == pytest.approx(25.0)
    assert rows["all"]["implausible"] == pytest.approx(25.0)
    assert rows["ma"]["n"] == 2
    with pytest.raises(LingevalError, match="cover"):
        evaluate_cloze(CLOZE, None, None, option_scores={"ma-01-C": {"ma": 0.0}})


def test_perplexity_plot_tick_labels_do_not_overlap() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from lingeval.probing.plots import perplexity_figure

    res = evaluate_acceptability(ITEMS, {"lm": PPL, "unigram": PPL})
    fig = perplexity_figure(res.sentences, ["lm", "unigram"])
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        for ax in fig.axes:
            boxes = [t.get_window_extent(renderer) for t in ax.get_xticklabels() if t.get_text()]
            assert len(boxes) == 3
            for a, b in itertools.pairwise(boxes):
                assert a.x1 <= b.x0 + 0.5, "x tick labels overlap"
    finally:
        plt.close(fig)
