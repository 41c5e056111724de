"""The analysis ranker's features added for v7 (issue 11, eighth session): each is computed on
sentences written here, for the analysis it is meant to tell apart."""

from __future__ import annotations

import pytest

from lingeval.conjuncts import ranker
from lingeval.conjuncts.resolvers.rules import Span, resolve_doc

NEW = ("kind_mean", "kind_min", "qnum_keeps_noun", "np_for_pp", "cut_function")


@pytest.fixture(scope="module")
def parse() -> object:
    from lingeval.core.parsing import Parser

    parser = Parser(None)
    return lambda text: parser.parse([text])[0]


def analyses(parse: object, sentence: str) -> dict[str, dict[str, float]]:
    """The features of every generated analysis, by its last rewrite."""
    doc = parse(sentence)  # type: ignore[operator]
    collected: list = []
    resolve_doc(doc, next(t.i for t in doc if t.text == "and"), collect=collected)
    out: dict[str, dict[str, float]] = {}
    for cand, built in collected:
        if built is not None:
            out.setdefault(built.sentences[-1], cand.feats)
    return out


def span(doc: object, words: str) -> Span:
    """The inclusive token range of the first occurrence of ``words`` in ``doc``."""
    toks = [t.text for t in doc]  # type: ignore[attr-defined]
    want = words.split()
    for i in range(len(toks) - len(want) + 1):
        if toks[i : i + len(want)] == want:
            return Span(i, i + len(want) - 1)
    raise AssertionError(f"{words!r} not in {toks}")


def test_new_features_are_appended_and_v5_keeps_its_own() -> None:
    assert ranker.FEATURES[: len(ranker.V5_FEATURES)] == ranker.V5_FEATURES
    assert set(NEW) <= set(ranker.FEATURES) and not set(NEW) & set(ranker.V5_FEATURES)
    assert ranker.load_ranker("v5").features == list(ranker.V5_FEATURES)
    # a model fitted on the v5 features only stores and scores those
    rows = [{"sim_mean": 0.9, "kind_mean": 1.0}, {"sim_mean": 0.2, "kind_mean": 0.0}] * 10
    model = ranker.fit(rows, [1, 0] * 10, features=ranker.V5_FEATURES)
    assert model.features == list(ranker.V5_FEATURES) and len(model.coef) == len(model.features)
    assert model.score({"sim_mean": 0.9, "kind_mean": 5.0}) == model.score({"sim_mean": 0.9})


def test_kind_match_tells_a_person_remnant_from_a_thing_correlate(parse: object) -> None:
    feats = analyses(parse, "Mary reads novels in English and her sister in French.")
    gapping = feats["Her sister reads novels in French."]
    cluster = feats["Mary reads her sister in French."]
    assert gapping["kind_mean"] == 1.0 and gapping["kind_min"] == 1.0
    assert cluster["kind_min"] == 0.0 and cluster["kind_mean"] < gapping["kind_mean"]
    feats = analyses(parse, "Anna wrote the report on Monday and the manager on Friday.")
    assert feats["The manager wrote the report on Friday."]["kind_min"] == 1.0
    assert feats["Anna wrote the manager on Friday."]["kind_min"] == 0.0


def test_a_number_after_an_adverb_of_quantity_keeps_the_counted_noun(parse: object) -> None:
    feats = analyses(parse, "The museum attracted 200 visitors in May and nearly 300 in June.")
    keeps = feats["The museum attracted nearly 300 visitors in June."]
    drops = feats["The museum attracted nearly 300 in June."]
    assert keeps["qnum_keeps_noun"] == 1.0 and keeps["num_keeps_noun"] == 0.0
    assert drops["qnum_keeps_noun"] == 0.0
    # with a bare number both features fire: the new one widens the old one
    feats = analyses(parse, "The shop sold 40 bikes in May and 55 in June.")
    keeps = feats["The shop sold 55 bikes in June."]
    assert keeps["qnum_keeps_noun"] == keeps["num_keeps_noun"] == 1.0


def test_a_noun_phrase_for_a_whole_prepositional_phrase(parse: object) -> None:
    doc = parse("York was home first to the Ninth Legion and later the Sixth.")
    rem = [span(doc, "later"), span(doc, "the Sixth")]
    whole = ranker.pair_features(doc, rem, [span(doc, "first"), span(doc, "to the Ninth Legion")])
    inner = ranker.pair_features(doc, rem, [span(doc, "first"), span(doc, "the Ninth Legion")])
    assert whole["np_for_pp"] == 0.5 and inner["np_for_pp"] == 0.0
    # a noun phrase of time may answer a prepositional phrase of time
    doc = parse("They met in 2019 in Rome and next year in Oslo.")
    time = ranker.pair_features(
        doc,
        [span(doc, "next year"), span(doc, "in Oslo")],
        [span(doc, "in 2019"), span(doc, "in Rome")],
    )
    assert time["np_for_pp"] == 0.0


def test_a_span_ending_in_a_word_that_needs_the_next_one(parse: object) -> None:
    doc = parse("York was home first to the Ninth Legion and later the Sixth.")
    rem = [span(doc, "later"), span(doc, "the Sixth")]
    cut = ranker.pair_features(doc, rem, [span(doc, "first to"), span(doc, "the Ninth Legion")])
    clean = ranker.pair_features(doc, rem, [span(doc, "first"), span(doc, "the Ninth Legion")])
    assert cut["cut_function"] == 0.25 and clean["cut_function"] == 0.0
    # the generated analyses carry it
    feats = analyses(parse, "York was home first to the Ninth Legion and later the Sixth.")
    assert feats["York was home later the Sixth."]["cut_function"] > 0.0
    assert feats["York was home later to the Sixth."]["cut_function"] == 0.0


def test_pair_features_without_pairs() -> None:
    assert ranker.pair_features(None, [], []) == dict.fromkeys(NEW, 0.0)
