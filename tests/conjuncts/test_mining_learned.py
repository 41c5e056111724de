"""The fitted filter of mining's second stage (mining.learned) and how judge() applies it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from lingeval.conjuncts.mining.evidence import judge, judge_parts
from lingeval.conjuncts.mining.learned import (
    DEFAULT_VERSION,
    FilterModel,
    choose_threshold,
    cross_validate,
    fit,
    load_filter,
)
from lingeval.core.errors import LingevalError
from tests.conjuncts.test_mining_evidence import tree

# "The nurse gave pills or tablets to Ann and syrup to Bo ." (our sentence, a hand-made tree)
GAPPED = (
    "The/DET/DT/det/2 nurse/NOUN/NN/nsubj/3 gave/VERB/VBD/ROOT/0 pills/NOUN/NNS/dobj/3 "
    "or/CCONJ/CC/cc/4 tablets/NOUN/NNS/conj/4 to/ADP/IN/dative/3 Ann/PROPN/NNP/pobj/7 "
    "and/CCONJ/CC/cc/3 syrup/NOUN/NN/conj/3 to/ADP/IN/prep/10 Bo/PROPN/NNP/pobj/11 ./PUNCT/./punct/3"
)
# "We hired Curator and Director Lee Park , uh , uh yesterday ."
TITLES = (
    "We/PRON/PRP/nsubj/2 hired/VERB/VBD/ROOT/0 Curator/PROPN/NNP/compound/7 "
    "and/CCONJ/CC/cc/3 Director/PROPN/NNP/conj/3 Lee/PROPN/NNP/compound/7 Park/PROPN/NNP/dobj/2 "
    ",/PUNCT/,/punct/2 uh/INTJ/UH/intj/2 ,/PUNCT/,/punct/2 uh/INTJ/UH/intj/2 "
    "yesterday/NOUN/NN/npadvmod/2 ./PUNCT/./punct/2"
)


def _features(spec: str, which: int = 0) -> dict[str, float]:
    v = tree(spec)
    cs = [i for i in range(len(v.words)) if v.is_conjunction(i)]
    return judge_parts(v, cs[which], ("pos-verb-conj-nonverb",))[1]


def test_features_describe_the_coordination_around_the_conjunction() -> None:
    f = _features(GAPPED, which=1)  # the second "and": syrup conjoined to gave
    assert f["cc=and"] == 1.0 and "cc=or" not in f
    assert f["pat=pos-verb-conj-nonverb"] == 1.0
    assert f["h_pos=VERB"] == f["y_pos=NOUN"] == f["hy=VERB|NOUN"] == 1.0
    assert f["y_has=prep"] == 1.0  # "to Bo"
    assert f["verbs_after=0"] == 1.0 and f["finite_after=0"] == 1.0
    assert f["gov=none"] == 1.0  # "gave" is the root, no verb above it
    assert any(k.startswith("rule=") for k in f) and "om=none" in f  # no Doc: no detector
    assert "disfluent" not in f and "both_propn" not in f
    assert all(v == 1.0 for v in f.values())


def test_features_mark_bare_or_names_titles_and_disfluency() -> None:
    f = _features(GAPPED, which=0)  # "pills or tablets": bare nouns joined by "or"
    assert f["or_bare_np"] == 1.0 and f["cc=or"] == 1.0
    assert f["len_left=1"] == 1.0 and f["len_right=1"] == 1.0
    t = _features(TITLES)
    assert t["both_propn"] == 1.0 and t["caps_left=1"] == 1.0 and t["caps_right=1"] == 1.0
    assert t["disfluent"] == 1.0  # "uh", and "uh" repeated


def test_features_of_a_conjunction_without_conj_arc() -> None:
    spec = (
        "She/PRON/PRP/nsubj/2 won/VERB/VBD/ROOT/0 in/ADP/IN/prep/2 May/PROPN/NNP/pobj/3 "
        "and/CCONJ/CC/cc/2 again/ADV/RB/advmod/2 in/ADP/IN/prep/2 June/PROPN/NNP/pobj/7"
    )
    v = tree(spec)
    rule, f = judge_parts(v, 4, ())
    assert f["arc=none"] == 1.0 and not any(k.startswith("h_pos=") for k in f)
    assert f["next_lex=again"] == 1.0 and f["prev_pos=PROPN"] == 1.0
    assert f[f"rule={rule.reason}"] == 1.0


def test_model_scores_combines_and_round_trips(tmp_path: Path) -> None:
    m = FilterModel("t1", {"a": 2.0, "b": -3.0}, 0.5, 0.6, "and", {"n": 3})
    assert m.score({"a": 1.0}) == pytest.approx(2.5)
    assert m.probability({"a": 1.0, "b": 1.0}) == pytest.approx(1 / (1 + 2.718281828**0.5))
    assert m.keep(0.7, True) and not m.keep(0.7, False) and not m.keep(0.5, True)
    alone = FilterModel("t2", {}, 0.0, 0.6, "model")
    assert alone.keep(0.7, False)
    path = tmp_path / "m.json"
    path.write_text(m.to_json(), encoding="utf-8")
    assert load_filter(str(path)) == m
    assert load_filter(m) is m
    (tmp_path / "bad.json").write_text('{"version": 1}', encoding="utf-8")
    with pytest.raises(LingevalError, match="not a mining filter"):
        load_filter(str(tmp_path / "bad.json"))
    with pytest.raises(LingevalError, match="unknown mining filter"):
        load_filter("no-such-version")


def test_shipped_model_is_small_and_versioned() -> None:
    m = load_filter()
    assert m.version == DEFAULT_VERSION
    assert 0.0 <= m.threshold < 1.0 and m.combine in ("and", "model")
    assert m.coef and all(isinstance(k, str) for k in m.coef)
    assert m.meta["labels"] and m.meta["n"] >= 400
    raw = json.loads(m.to_json())
    assert set(raw) == {"version", "coef", "intercept", "threshold", "combine", "meta"}


def test_judge_applies_the_filter_and_names_why() -> None:
    v = tree(GAPPED)
    rules = judge(v, 4, (), model="rules")
    assert rules.kept and rules.score is None
    shipped = judge(v, 4, ())
    assert shipped.score is not None and 0.0 <= shipped.score <= 1.0
    strict = FilterModel("strict", {}, -5.0, 0.5, "and")  # p = 0.0067 < 0.5
    dropped = judge(v, 4, (), model=strict)
    assert not dropped.kept and dropped.reason == "low-score"
    assert f"rules: {rules.reason}" in dropped.detail
    assert dropped.to_dict()["score"] == pytest.approx(0.0067, abs=1e-4)
    # a model that decides alone may keep what the rules drop
    mice = tree(
        "Mice/NOUN/NNS/nsubj/2 smell/VERB/VBP/ROOT/0 garbage/NOUN/NN/dobj/2 "
        "and/CCONJ/CC/cc/2 get/AUX/VB/auxpass/6 attracted/VERB/VBN/conj/2"
    )
    assert not judge(mice, 3, (), model="rules").kept
    eager = FilterModel("eager", {}, 5.0, 0.5, "model")
    kept = judge(mice, 3, (), model=eager)
    assert kept.kept and kept.reason == "high-score"
    assert not judge(mice, 3, (), model=FilterModel("and", {}, 5.0, 0.5, "and")).kept


def test_choose_threshold_keeps_filter_loss_within_bound() -> None:
    probs = [0.9, 0.8, 0.7, 0.3, 0.2]
    y = [1, 1, 0, 1, 0]
    rule = [True] * 5
    # t=0.8 keeps 2/2 true (loss 1/3); t=0.9 would lose 2/3 of the positives
    assert choose_threshold(probs, y, rule, 0.34, "and") == 0.8
    # a stricter bound forbids any loss: keep everything (t = lowest score that keeps all)
    t = choose_threshold(probs, y, rule, 0.0, "and")
    assert all(p >= t for p, v in zip(probs, y, strict=True) if v)


def _synthetic(
    n: int, seed: int
) -> tuple[list[dict[str, float]], list[int], list[str], list[bool]]:
    rng = random.Random(seed)
    rows, y, groups, rule = [], [], [], []
    for i in range(n):
        good = rng.random() < 0.6
        noise = rng.random() < 0.5
        f = {"cue=good" if good else "cue=bad": 1.0}
        if noise:
            f["noise"] = 1.0
        rows.append(f)
        y.append(int(good))
        groups.append(f"s{i // 2}")  # two candidates per sentence
        rule.append(True)
    return rows, y, groups, rule


def test_fit_and_nested_cross_validation_learn_a_clear_cue() -> None:
    rows, y, groups, rule = _synthetic(80, 3)
    model = fit(rows, y, groups, rule, cs=(0.3, 1.0), k=4, max_loss=0.0)
    assert model.coef["cue=good"] > 0 > model.coef["cue=bad"]
    assert model.meta["n"] == 80 and model.meta["C"] in (0.3, 1.0)
    cv = cross_validate(rows, y, groups, rule, k=4, cs=(0.3, 1.0), max_loss=0.0)
    assert cv["precision"] == 1.0 and cv["filter_loss"] == 0.0
    assert cv["kept"] == sum(y) and len(cv["decisions"]) == 80


def test_features_of_a_real_parse_with_the_omission_detector() -> None:
    pytest.importorskip("spacy")
    from lingeval.conjuncts.mining.patterns import SentView
    from lingeval.core.parsing import load_pipeline

    try:
        nlp = load_pipeline()
    except LingevalError as exc:  # pragma: no cover - pipeline not installed
        pytest.skip(str(exc))
    doc = nlp("Tom ordered a pizza for lunch and Maya a salad for dinner.")
    v = SentView.from_span(doc)
    c = next(i for i, w in enumerate(v.words) if w == "and")
    rule, f = judge_parts(v, c, ("variant-conj-inside-modifier",), doc)
    assert rule.kept and f["rule_kept"] == 1.0
    assert "om=none" not in f and f[f"om={rule.reason}"] == 1.0  # the detector's kind
    assert f["om_remnants=3-4"] == 1.0 or f["om_remnants=2"] == 1.0


def test_held_out_labels_are_disjoint_from_the_fitted_ones(repo_root: Path) -> None:
    from lingeval.conjuncts.mining.quality import read_labels

    labels = repo_root / "benchmarks" / "data" / "conjuncts"
    held = read_labels(labels / "gum_mining_labels_test3.tsv")
    assert len(held) == 100 and len({(x.sent_id, x.offset) for x in held}) == 100
    fitted = set(load_filter("v2").meta["labels"])  # test 3 was held out for v2 (v3 fits it)
    assert "gum_mining_labels_test3.tsv" not in fitted
    earlier = {x.sent_id for name in fitted for x in read_labels(labels / name)}
    assert not earlier & {x.sent_id for x in held}  # no sentence shared with the fitting labels
    # ids, offsets, label and a short note only: no third-party text
    assert all(len(x.note) <= 80 for x in held)


def test_held_out_labels_point_at_a_conjunction_of_gum(shared_data: Path, repo_root: Path) -> None:
    from lingeval.conjuncts.mining.quality import read_labels
    from lingeval.core.conllu import read_conllu

    gum = shared_data / "treebanks" / "GUM-train" / "en_gum-train.conllu"
    if not gum.exists():
        pytest.skip("GUM-train is not present")
    held = [
        x
        for name in ("gum_mining_labels_test2.tsv", "gum_mining_labels_test3.tsv")
        for x in read_labels(repo_root / "benchmarks" / "data" / "conjuncts" / name)
    ]
    wanted = {x.sent_id for x in held}
    text = {
        s.sent_id: s.text.strip()
        for s in read_conllu(gum, validate_tree=False)
        if s.sent_id in wanted
    }
    for x in held:
        word = text[x.sent_id][x.offset :].split()[0].strip(",.;:[]()").lower()
        assert word in ("and", "or", "but"), (x.sent_id, x.offset, word)


def _rule(spec: str) -> tuple[bool, str]:
    v = tree(spec)
    c = next(i for i in range(len(v.words)) if v.is_conjunction(i))
    ev = judge(v, c, (), model="rules")
    return ev.kept, ev.reason


def test_names_and_titles_are_not_candidates() -> None:
    centre = (
        "We/PRON/PRP/nsubj/2 visited/VERB/VBD/ROOT/0 the/DET/DT/det/4 Centre/PROPN/NNP/dobj/2 "
        "for/ADP/IN/prep/4 Irish/PROPN/NNP/amod/9 and/CCONJ/CC/cc/6 Scottish/PROPN/NNP/conj/6 "
        "Studies/PROPN/NNP/pobj/5 ./PUNCT/./punct/2"
    )
    assert _rule(centre) == (False, "name")
    journal = (
        "She/PRON/PRP/nsubj/2 edits/VERB/VBZ/ROOT/0 the/DET/DT/det/4 Journal/PROPN/NNP/dobj/2 "
        "of/ADP/IN/prep/4 Law/PROPN/NNP/pobj/5 and/CCONJ/CC/cc/6 Economics/PROPN/NNP/conj/6"
    )
    assert _rule(journal) == (False, "name")
    # lower-case governor: places of a list, distributive ("built the towns of Ur and Uruk")
    towns = (
        "They/PRON/PRP/nsubj/2 built/VERB/VBD/ROOT/0 the/DET/DT/det/4 towns/NOUN/NNS/dobj/2 "
        "of/ADP/IN/prep/4 Ur/PROPN/NNP/pobj/5 and/CCONJ/CC/cc/6 Uruk/PROPN/NNP/conj/6"
    )
    assert _rule(towns) == (True, "reduction")


def test_or_appositions_name_one_thing_twice() -> None:
    acronym = (
        "Doctors/NOUN/NNS/nsubj/2 prescribe/VERB/VBP/ROOT/0 SSRIs/PROPN/NNPS/dobj/2 "
        "or/CCONJ/CC/cc/3 selective/ADJ/JJ/amod/8 serotonin/NOUN/NN/compound/8 "
        "reuptake/NOUN/NN/compound/8 inhibitors/NOUN/NNS/conj/3"
    )
    assert _rule(acronym) == (False, "name")
    number = (
        "The/DET/DT/det/2 median/NOUN/NN/nsubj/3 is/AUX/VBZ/ROOT/0 the/DET/DT/det/6 "
        "third/ADJ/JJ/amod/6 value/NOUN/NN/attr/3 ,/PUNCT/,/punct/6 or/CCONJ/CC/cc/6 "
        "9/NUM/CD/conj/6 ./PUNCT/./punct/3"
    )
    assert _rule(number) == (False, "name")
    # a real alternative stays: "tea or coffee"
    drink = (
        "They/PRON/PRP/nsubj/2 serve/VERB/VBP/ROOT/0 tea/NOUN/NN/dobj/2 or/CCONJ/CC/cc/3 "
        "coffee/NOUN/NN/conj/3"
    )
    assert _rule(drink)[0]


def test_collective_between_over_an_of_phrase_and_as_adj_as() -> None:
    between = (
        "It/PRON/PRP/nsubj/2 depends/VERB/VBZ/ROOT/0 on/ADP/IN/prep/2 an/DET/DT/det/5 "
        "interaction/NOUN/NN/pobj/3 between/ADP/IN/prep/5 the/DET/DT/det/8 goals/NOUN/NNS/pobj/6 "
        "of/ADP/IN/prep/8 the/DET/DT/det/11 observer/NOUN/NN/pobj/9 and/CCONJ/CC/cc/11 "
        "the/DET/DT/det/14 scene/NOUN/NN/conj/11"
    )
    assert _rule(between) == (False, "collective")
    diverse = (
        "She/PRON/PRP/nsubj/2 wrote/VERB/VBD/ROOT/0 on/ADP/IN/prep/2 topics/NOUN/NNS/pobj/3 "
        "as/ADV/RB/advmod/6 diverse/ADJ/JJ/amod/4 as/ADP/IN/prep/6 art/NOUN/NN/pobj/7 "
        "and/CCONJ/CC/cc/8 science/NOUN/NN/conj/8"
    )
    assert _rule(diverse) == (False, "collective")
