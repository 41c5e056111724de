"""The analysis ranker of the rules resolver: synthetic parallel-clause gapping, the fitted
model (save/load, scoring, cross-validation), the re-parse check and ``train-ranker``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lingeval.cli import cli, main
from lingeval.conjuncts import ranker
from lingeval.conjuncts.synthesize import PARALLEL_KINDS, synthesize_parallel_docs
from lingeval.core.errors import LingevalError

TEXT = [
    "The museum attracts tourists in summer.",
    "The library lends books to students.",
    "Farmers grow wheat in the east.",
    "The company sold three cars in March.",
    "The council approved the budget in May.",
    "Maya ordered soup at the cafe.",
    "The firm moved its archive to Leeds.",
    "Her brother ordered a salad at the bar.",
    "The bakery sells bread in the morning.",
    "The club opened two courts in April.",
    "The school hired teachers in June.",
    "My neighbour paints houses in the village.",
]


@pytest.fixture(scope="module")
def docs() -> list:
    from lingeval.core.parsing import Parser

    return Parser(None).parse(TEXT)


def test_synthetic_parallel_examples_are_well_formed(docs: list) -> None:
    out = synthesize_parallel_docs(docs, n=60, seed=1)
    assert out, "no synthetic example from clauses with parallel phrases"
    kinds = {ex.meta["phenomenon"] for ex in out}
    assert kinds <= {f"synthetic-{k}" for k in PARALLEL_KINDS}
    for ex in out:
        assert ex.sentence[ex.offset : ex.offset + 3] == "and"
        assert len(ex.rewrites) == (3 if ex.meta["phenomenon"].endswith("list") else 2)
        assert ex.rewrites[0].rstrip(".") in ex.sentence  # the template clause itself
        assert all("and" not in r.split() for r in ex.rewrites)
    # deterministic for a seed
    again = synthesize_parallel_docs(docs, n=60, seed=1)
    assert [ex.sentence for ex in again] == [ex.sentence for ex in out]


def test_gapping_copies_the_verb_group_for_the_new_subject(docs: list) -> None:
    out = synthesize_parallel_docs(docs, n=200, seed=3)
    gaps = [ex for ex in out if ex.meta["phenomenon"] == "synthetic-gapping"]
    assert gaps
    for ex in gaps:
        _first, second = ex.rewrites
        tail = ex.sentence[ex.offset + 4 :].rstrip(".")
        new_subject = tail.split()[0]
        assert second.lower().startswith(new_subject.lower())


def test_fit_orders_right_analyses_first_and_round_trips(tmp_path: Path) -> None:
    rows = [{"sim_mean": 0.9, "om_seg": 1.0}, {"sim_mean": 0.3}] * 20 + [
        {"sim_mean": 0.8, "two_np": 1.0},
        {"sim_mean": 0.7},
    ] * 20
    labels = [1, 0] * 20 + [0, 1] * 20
    model = ranker.fit(rows, labels, version="t1")
    assert model.score(rows[0]) > model.score(rows[1])
    assert model.score(rows[41]) > model.score(rows[40])  # two_np outweighs similarity
    path = tmp_path / "m.json"
    model.save(path)
    loaded = ranker.load_ranker(str(path))
    assert loaded.version == "t1" and loaded.score(rows[0]) == pytest.approx(model.score(rows[0]))
    assert 0.0 < loaded.probability(rows[0]) < 1.0


def test_shipped_model_and_unknown_version() -> None:
    shipped = ranker.load_ranker(None)
    assert shipped.version == ranker.DEFAULT_VERSION
    assert shipped.features == list(ranker.FEATURES)
    assert shipped.meta.get("synthetic_examples", 0) >= 20000
    with pytest.raises(LingevalError):
        ranker.load_ranker("v999")


def test_cross_validation_is_by_example() -> None:
    data = ranker.TrainingRows()
    for g in range(30):
        for good in (True, False):
            data.rows.append({"sim_mean": 0.9 if good else 0.4, "m1": float(g % 2)})
            data.labels.append(int(good))
            data.groups.append(g)
    data.examples = data.with_candidates = data.reachable = 30
    cv = ranker.cross_validate(data, folds=3)
    assert cv["top1"] == pytest.approx(100.0)
    assert cv["reachable"] == pytest.approx(100.0)


def test_check_features_of_reparsed_rewrites() -> None:
    from lingeval.core.parsing import Parser

    good = Parser(None).parse(["Josh likes wine.", "Jane likes water."])
    bad = Parser(None).parse(["Josh likes wine.", "Jane water."])
    g = ranker.check_features(good, 1.0)
    b = ranker.check_features(bad, 1.0)
    assert g["chk_clause"] == 1.0 and b["chk_clause"] < 1.0
    assert g["chk_types"] == 1.0
    assert g["s1"] == 1.0


def test_train_ranker_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "text.txt"
    text.write_text("\n".join(TEXT) + "\n", encoding="utf-8")
    out = tmp_path / "r.json"
    res = CliRunner().invoke(
        cli,
        ["conjuncts", "train-ranker", "--text", str(text), "-o", str(out), "-n", "40",
         "--folds", "2", "--version", "t9", "--json"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["synthetic_examples"] > 0 and report["analyses"] > 0
    model = json.loads(out.read_text(encoding="utf-8"))
    assert model["version"] == "t9" and len(model["coef"]) == len(ranker.FEATURES)
    with pytest.raises(SystemExit) as exit_info:
        main(["conjuncts", "train-ranker", "--text", str(tmp_path / "none.txt"), "-o", str(out)])
    assert exit_info.value.code == 2
    assert "none.txt: no such file" in capsys.readouterr().err
