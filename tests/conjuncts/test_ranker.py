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
        assert len(ex.rewrites) >= 2
        assert ("list-3+" in ex.meta["shapes"]) == (len(ex.rewrites) >= 3)
        assert ex.meta["reading"] in {"gapping", "argument-cluster"}
        if "opening-phrase" in ex.meta["shapes"]:
            # "While A V B and C D, E F." -> "While A V B, E F." / "While C V D, E F."
            main = ex.sentence.rsplit(", ", 1)[1]
            word = ex.sentence.split()[0]
            assert all(r.startswith(word) and r.endswith(", " + main) for r in ex.rewrites)
            continue
        assert ex.rewrites[0].rstrip(".") in ex.sentence  # the template clause itself
        assert all("and" not in r.split() for r in ex.rewrites)
    # deterministic for a seed
    again = synthesize_parallel_docs(docs, n=60, seed=1)
    assert [ex.sentence for ex in again] == [ex.sentence for ex in out]


def test_gapping_copies_the_verb_group_for_the_new_subject(docs: list) -> None:
    out = synthesize_parallel_docs(docs, n=200, seed=3)
    gaps = [
        ex
        for ex in out
        if ex.meta["phenomenon"] == "synthetic-gapping"
        and "opening-phrase" not in ex.meta["shapes"]
    ]
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
    assert set(shipped.features) <= set(ranker.FEATURES)  # older models: fewer features
    assert len(shipped.coef) == len(shipped.features) == len(shipped.mean)
    assert shipped.meta.get("synthetic_examples", 0) >= 20000
    # features only ever get appended: a shipped model uses a prefix of the current ones
    assert shipped.features == list(ranker.FEATURES[: len(shipped.features)])
    assert shipped.check is not None
    for old in ("v1", "v2", "v3"):  # older models stay loadable
        assert ranker.load_ranker(old).version == old
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


WIDE_TEXT = [
    "Tom expects Ann to win.",
    "Sue expects Bob to lose.",
    "Kim asked Lee to leave.",
    "Max wants Eve to stay.",
    "Sales of cars rose by 5% in May.",
    "Prices of oil fell by 3% in June.",
    "Imports of wheat grew by 2% in April.",
    "I came home late, and the library lends books to students.",
    "The bakery sells bread in the morning.",
    "The museum attracts tourists in summer.",
]


@pytest.fixture(scope="module")
def wide_docs() -> list:
    from lingeval.core.parsing import Parser

    return Parser(None).parse(WIDE_TEXT)


def test_synthetic_shapes_like_real_gapping(wide_docs: list) -> None:
    """Shared material after the correlate, correlates inside the subject, templates from
    conjoined clauses: the shapes that real gapping has (issue 11)."""
    from lingeval.conjuncts.synthesize import _clauses

    clauses = [c for d in wide_docs for s in d.sents for c in _clauses(s)]
    texts = {" ".join(t.text for t in c.subject + c.verbs) for c in clauses}
    assert "the library lends" in texts  # a conjoined clause taken alone
    tails = [c for c in clauses if c.tail]
    assert any(" ".join(t.text for t in c.tail) == "to win" for c in tails)
    assert any(c.subject_pp is not None and c.subject_pp[2] == "of" for c in clauses)
    out = synthesize_parallel_docs(wide_docs, n=400, seed=2)
    shared = [ex for ex in out if "shared-after-gap" in ex.meta["shapes"]]
    assert shared
    assert any("opening-phrase" in ex.meta["shapes"] for ex in out)  # "While A V B and C D, ..."
    for ex in shared:
        assert len(ex.rewrites) >= 2 and ex.meta["reading"] in {"gapping", "argument-cluster"}
    with_tail = [ex for ex in out if ex.rewrites[0].startswith("Tom expects Ann to win")]
    for ex in with_tail:
        # stripping keeps its marker, with the input's comma
        ends = ("to win.", "to win too.", "to win as well.", "to win, too.", "to win, as well.")
        assert all(r.endswith(ends) for r in ex.rewrites), ex
    pp = [ex for ex in out if ex.meta["phenomenon"] == "synthetic-subject-pp"]
    assert pp
    for ex in pp:
        after = ex.sentence[ex.offset + 4 :]
        assert after.split()[0] in {"of", "in", "for"}
        noun = ex.rewrites[0].split()[0]
        assert ex.rewrites[1].split()[0] == noun  # the subject's head stays, its modifier changes


def test_training_text_leaves_out_elided_and_development_sentences(tmp_path: Path) -> None:
    conllu = tmp_path / "t.conllu"
    conllu.write_text(
        "# text = Kim ate rice.\n1\tKim\tKim\tPROPN\t_\t_\t2\tnsubj\t_\t_\n"
        "2\tate\teat\tVERB\t_\t_\t0\troot\t_\t_\n3\trice\trice\tNOUN\t_\t_\t2\tobj\t_\t_\n\n"
        "# text = Kim ate rice and Lee beans.\n1\tKim\tKim\tPROPN\t_\t_\t2\tnsubj\t_\t_\n"
        "2\tate\teat\tVERB\t_\t_\t0\troot\t_\t_\n3\trice\trice\tNOUN\t_\t_\t2\tobj\t_\t_\n"
        "4\tand\tand\tCCONJ\t_\t_\t5\tcc\t_\t_\n5\tLee\tLee\tPROPN\t_\t_\t2\tconj\t_\t_\n"
        "5.1\tate\teat\tVERB\t_\t_\t_\t_\t_\t_\n6\tbeans\tbean\tNOUN\t_\t_\t5\torphan\t_\t_\n\n",
        encoding="utf-8",
    )
    assert len(ranker.read_text_lines(conllu)) == 2
    assert ranker.read_text_lines(conllu, skip_elided=True) == ["Kim ate rice."]
    texts = ["Kim ate rice.", "The museum attracts tourists in summer.", "Sue sang ."]
    held = ["The museum attracts tourists in summer", "Sue sang."]
    assert ranker.without_sentences(texts, held) == ["Kim ate rice."]


def test_listwise_objective_ranks_within_each_example() -> None:
    """The right analysis has the larger ``sim_mean`` of its example, but examples differ in
    level: the conditional logit learns the within-example contrast."""
    rows, labels, groups = [], [], []
    for g in range(40):
        level = 0.1 * (g % 5)
        for good in (True, False):
            rows.append({"sim_mean": level + (0.2 if good else 0.0), "m1": float(good)})
            labels.append(int(good))
            groups.append(g)
    model = ranker.fit(rows, labels, groups=groups, objective="listwise", version="t")
    assert model.meta["objective"] == "listwise"
    assert model.intercept == 0.0
    for g in range(40):
        assert model.score(rows[2 * g]) > model.score(rows[2 * g + 1])
    with pytest.raises(ValueError):
        ranker.fit(rows, labels, objective="listwise")
    with pytest.raises(ValueError):
        ranker.fit(rows, labels, groups=groups, objective="pairwise-magic")
    data = ranker.TrainingRows(rows=rows, labels=labels, groups=groups, examples=40)
    data.with_candidates = data.reachable = 40
    assert ranker.cross_validate(data, folds=4, objective="listwise")["top1"] == 100.0


def test_contrast_features_separate_gapping_from_clusters() -> None:
    from lingeval.conjuncts.resolvers.rules import Span
    from lingeval.core.parsing import Parser

    doc = Parser(None).parse(["The board elected Kim chair and Lee treasurer."])[0]
    subj, kim, chair = Span(0, 1), Span(3, 3), Span(4, 4)
    lee, treasurer = Span(6, 6), Span(7, 7)
    verb = doc[2]
    gap = ranker.contrast_features(doc, "gapping", [lee, treasurer], [subj, chair], subj, verb, 5)
    clu = ranker.contrast_features(doc, "cluster", [lee, treasurer], [kim, chair], subj, verb, 5)
    # "Lee" is a name, "the board" is not: unlike the subject -> against gapping
    assert gap["anim_subj"] == -1.0 and clu["anim_subj"] == 1.0
    assert gap["cat_subj"] == 1.0 and clu["cat_subj"] == -1.0  # both noun phrases
    assert gap["dist_first"] > clu["dist_first"]  # the subject is further from "and"
    fronted = ranker.contrast_features(doc, "fronted", [lee], [chair], subj, verb, 5)
    assert fronted["anim_subj"] == fronted["cat_subj"] == 0.0


def test_resolve_help_names_the_default_ranker() -> None:
    out = CliRunner().invoke(cli, ["conjuncts", "resolve", "--help"]).output
    assert f"(default: {ranker.DEFAULT_VERSION};" in " ".join(out.split())
    out = CliRunner().invoke(cli, ["conjuncts", "train-ranker", "--help"]).output
    assert f"[default: {ranker.DEFAULT_VERSION}]" in " ".join(out.split())


def test_synthetic_stripping_has_both_readings_and_keeps_the_marker(wide_docs: list) -> None:
    """Stripped remnants for the subject ("A V B, and C too" -> "C V B too") and for the
    object ("A V B, and D as well" -> "A V D as well"), so that the ranker learns both."""
    out = synthesize_parallel_docs(wide_docs, n=600, seed=3)
    kinds = {ex.meta["phenomenon"] for ex in out}
    assert {"synthetic-stripping", "synthetic-stripping-object"} <= kinds
    for ex in out:
        if ex.meta["phenomenon"].startswith("synthetic-stripping"):
            marker = "as well" if ex.sentence.rstrip(".").endswith("as well") else "too"
            assert ex.rewrites[1].rstrip(".").endswith(marker)
            assert "stripping-marker" in ex.meta["shapes"] and ex.meta["remnants"] == 1
        if ex.meta["phenomenon"] == "synthetic-stripping-object":
            subject = ex.rewrites[0].split()[0]
            assert ex.rewrites[1].split()[0] == subject  # the subject stays
            assert ex.meta["reading"] == "argument-cluster"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "The firm has 40 shops in Spain, 12 in Italy and 9 in Greece.",
            [
                "The firm has 40 shops in Spain.",
                "The firm has 12 shops in Italy.",
                "The firm has 9 shops in Greece.",
            ],
        ),
        (
            "There were 12 rainy days in May and 15 in June.",
            ["There were 12 rainy days in May.", "There were 15 rainy days in June."],
        ),
    ],
)
def test_bare_number_keeps_its_noun(sentence: str, expected: list[str]) -> None:
    """The shipped ranker prefers the analysis whose number replaces only the number."""
    from lingeval.conjuncts.resolvers.api import resolve_sentences

    [item] = resolve_sentences([sentence])
    assert item.rewrites == expected


def test_interaction_features_and_quantifier_contrast() -> None:
    assert ranker.feature_value({"two_np": 1.0, "m1": 1.0}, "two_np*m1") == 1.0
    assert ranker.feature_value({"two_np": 1.0, "m1": 0.0}, "two_np*m1") == 0.0
    assert ranker.feature_value({}, "sim_mean") == 0.0
    model = ranker.RankerModel("t", ["two_np*m1"], [0.0], [1.0], [2.0], 0.0)
    assert model.score({"two_np": 1.0, "m1": 1.0}) == pytest.approx(2.0)
    assert ranker.vectorise([{"two_np": 1.0, "m1": 1.0}])[0][
        ranker.FEATURES.index("two_np*m1")
    ] == pytest.approx(1.0)
    from lingeval.conjuncts.resolvers.rules import resolve_doc
    from lingeval.core.parsing import Parser

    [doc] = Parser(None).parse(["Some people came by bus and others by train."])
    collected: list = []
    resolve_doc(doc, next(t.i for t in doc if t.text == "and"), collect=collected)
    pairs = {(c.option, c.feats["quant_pair"]) for c, _ in collected}
    assert ("gapping", 1.0) in pairs  # "Some" ... "others": contrasting subjects
    assert all(v <= 0.0 for o, v in pairs if o == "cluster")


def test_number_keeps_its_noun_feature() -> None:
    from lingeval.conjuncts.resolvers.rules import resolve_doc
    from lingeval.core.parsing import Parser

    [doc] = Parser(None).parse(["There were 12 rainy days in May and 15 in June."])
    collected: list = []
    resolve_doc(doc, next(t.i for t in doc if t.text == "and"), collect=collected)
    value = {b.sentences[1]: c.feats["num_keeps_noun"] for c, b in collected if b is not None}
    assert value["There were 15 rainy days in June."] == 1.0  # "12" -> "15", "rainy days" stays
    assert value["There were 15 in June."] == 0.0


STRIP_TEXT = [
    "Anna visited her aunt in Lisbon on Monday.",
    "Ben visited his uncle in Porto on Friday.",
    "Carla invited the new neighbours to dinner.",
    "David invited the old teachers to lunch.",
    "The museum bought 300 paintings in 2019.",
    "The library bought 120 books in 2021.",
    "She called the doctor in the morning.",
    "He called the plumber in the evening.",
    "The farmers sold their cows at the market.",
    "The bakers sold their bread at the fair.",
    "Our team won the cup last year.",
    "Their team won the shield last week.",
    "The council can close the park at night.",
    "The school has opened a new library.",
    "Maria likes jazz.",
    "Pedro likes opera.",
]


@pytest.fixture(scope="module")
def strip_docs() -> list:
    from lingeval.core.parsing import Parser

    return Parser(None).parse(STRIP_TEXT)


def test_phrase_kinds(strip_docs: list) -> None:
    doc = strip_docs[0]  # Anna visited her aunt in Lisbon on Monday.
    assert ranker.phrase_kind(doc[0:1]) == "PERSON"  # a frequent first name
    assert ranker.phrase_kind(doc[2:4]) == "PERSON"  # "her aunt": a person noun
    assert ranker.phrase_kind(doc[4:6]) == "PP:in"
    assert ranker.phrase_kind(doc[5:6]) == "NAME"  # "Lisbon"
    assert ranker.phrase_kind(doc[7:8]) == "TIME"  # "Monday"
    museum = strip_docs[4]  # The museum bought 300 paintings in 2019.
    assert ranker.phrase_kind(museum[0:2]) == "NOUN"
    assert ranker.phrase_kind(museum[3:5]) == "NUM"
    assert ranker.phrase_kind(museum[6:7]) == "TIME"  # a year
    assert ranker.kind_match("PERSON", "PERSON") == 1.0
    assert ranker.kind_match("PERSON", "NAME") == 0.5  # "Tom ..., and his wife too"
    assert ranker.kind_match("NOUN", "PERSON") == 0.0


def test_synthetic_stripping_remnants_are_of_the_correlates_kind(strip_docs: list) -> None:
    """Stripping from real clauses whose remnant is a phrase of the correlate's kind, with
    too / as well (end), also / not (front, after the first auxiliary or with do-support)."""
    from lingeval.conjuncts.synthesize import synthesize_stripping_docs

    out = synthesize_stripping_docs(strip_docs, n=150, seed=4)
    assert len(out) > 40
    assert synthesize_stripping_docs(strip_docs, n=150, seed=4) == out  # deterministic
    markers = {ex.meta["marker"] for ex in out}
    assert markers == {"too", "as well", "also", "not"}
    phenomena = {ex.meta["phenomenon"] for ex in out}
    assert phenomena == {"synthetic-stripping", "synthetic-stripping-object"}
    for ex in out:
        assert ranker.kind_match(ex.meta["kind"], ex.meta["remnant_kind"]) >= 0.5
        assert ex.sentence[ex.offset :].startswith(ex.conjunction)
        first, second = ex.rewrites
        assert first != second and ex.conjunction not in second.split()
        marker = ex.meta["marker"]
        if marker in {"too", "as well"}:
            assert second.rstrip(".").endswith(marker)
        elif marker == "not":
            assert any(w in second.split() for w in ("not", "cannot"))
            assert " not " not in first
        else:
            assert " also " in f" {second} "
    texts = {ex.rewrites[1] for ex in out}
    # do-support under "not", the marker after the first auxiliary
    assert any(t.startswith(("Maria does not like", "Pedro does not like")) for t in texts)
    assert any(
        "cannot close" in t or "has not opened" in t or "has also opened" in t for t in texts
    )


def test_train_strip_fits_a_stripping_part_that_round_trips(strip_docs: list) -> None:
    import dataclasses

    part, report = ranker.train_strip(strip_docs, n=150, seed=4, folds=2)
    assert report["examples"] > 40 and report["with_choice"] > 0
    assert part is not None and part["features"] == list(ranker.STRIP_FEATURES)
    model = dataclasses.replace(ranker.load_ranker("v4"), strip=part)
    again = ranker.RankerModel.from_json(model.to_json())
    assert again.strip == part
    feats = {"kind_match": 1.0, "subj": 1.0}
    assert again.strip_score(feats) == pytest.approx(model.strip_score(feats))
    for version in ("v1", "v2", "v3", "v4"):  # older models load, without a stripping part
        assert ranker.load_ranker(version).strip is None
        assert ranker.load_ranker(version).strip_score(feats) is None


def test_shipped_v5_is_v4_with_a_fitted_stripping_part() -> None:
    """v5 keeps v4's analysis ranker unchanged and adds the stripping part fitted on synthetic
    stripping; with it the default resolver reads a stripped name as the subject."""
    from lingeval.conjuncts.resolvers.rules import RulesResolver

    from .marked import resolve

    v4, v5 = ranker.load_ranker("v4"), ranker.load_ranker("v5")
    assert (v5.features, v5.coef, v5.mean, v5.scale, v5.check) == (
        v4.features,
        v4.coef,
        v4.mean,
        v4.scale,
        v4.check,
    )
    assert v5.strip is not None and v5.strip["features"] == list(ranker.STRIP_FEATURES)
    assert v5.meta["strip"]["cv_top1_fitted_pct"] > v5.meta["strip"]["cv_top1_hand_pct"]
    sentence = "Ann likes jazz, and Bo as well."
    assert resolve(RulesResolver(), sentence)[0] == ["Ann likes jazz.", "Bo likes jazz as well."]
    assert resolve(RulesResolver(ranker="v4"), sentence)[0] == [
        "Ann likes jazz.",
        "Ann likes Bo as well.",
    ]


def test_train_fits_a_stripping_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """``train`` (and so ``train-ranker``) fits the stripping part beside the ranker, with
    the pipeline (``spacy_model``) and the regularisation (``c``) it was given."""
    from lingeval.core import parsing

    pipelines: list[str | None] = []

    class RecordingParser(parsing.Parser):
        def __init__(self, model: str | None = None, **kw: object) -> None:
            pipelines.append(model)
            super().__init__(model, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(parsing, "Parser", RecordingParser)
    name = parsing.default_pipeline_name()
    report = ranker.train(STRIP_TEXT, n=40, folds=2, seed=4, c=0.01, spacy_model=name)
    part = report.model.strip
    assert part is not None and part["features"] == list(ranker.STRIP_FEATURES)
    assert report.model.meta["strip"]["with_choice"] > 0
    assert pipelines and set(pipelines) == {name}  # no part parsed with another pipeline
    docs = parsing.Parser(name).parse(STRIP_TEXT)
    assert part == ranker.train_strip(docs, n=200, seed=4, folds=2, c=0.01)[0]
    assert part != ranker.train_strip(docs, n=200, seed=4, folds=2, c=1.0)[0]  # c matters


def test_fold_assignment_deals_shuffled_keys_round_robin() -> None:
    keys = [f"s{i}" for i in range(23)] * 2  # duplicates: one fold per distinct key
    folds = ranker.fold_assignment(keys, 5, seed=3)
    assert set(folds) == set(keys)
    sizes = sorted(list(folds.values()).count(k) for k in range(5))
    assert sizes == [4, 4, 5, 5, 5]
    assert folds == ranker.fold_assignment(reversed(keys), 5, seed=3)  # order-free
    assert folds != ranker.fold_assignment(keys, 5, seed=4)


def test_score_is_the_standardised_linear_sum_of_feature_values() -> None:
    """``score`` (names split once per model) equals the formula over :func:`feature_value`,
    interactions included, for the shipped model."""
    import random

    model = ranker.load_ranker("v5")
    assert "two_np*m1" in model.features
    rng = random.Random(0)
    for _ in range(50):
        feats = {f: rng.choice([0.0, 1.0, rng.uniform(-2, 3)]) for f in ranker.FEATURES[::2]}
        feats |= {"two_np": 1.0, "m1": rng.choice([0.0, 1.0])}
        expected = model.intercept
        for name, mu, sd, w in zip(
            model.features, model.mean, model.scale, model.coef, strict=True
        ):
            expected += w * (ranker.feature_value(feats, name) - mu) / sd
        assert model.score(feats) == expected
