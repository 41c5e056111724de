"""The analysis ranker's features added for v7 (issue 11, eighth session): each is computed on
sentences written here, for the analysis it is meant to tell apart."""

from __future__ import annotations

import pytest

from lingeval.conjuncts import ranker
from lingeval.conjuncts.resolvers.rules import Span, resolve_doc

NEW = ("qnum_keeps_noun", "echo_left", "echo_prep")


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
    rows = [{"sim_mean": 0.9, "echo_left": 0.0}, {"sim_mean": 0.2, "echo_left": 1.0}] * 10
    model = ranker.fit(rows, [1, 0] * 10, features=ranker.V5_FEATURES)
    assert model.features == list(ranker.V5_FEATURES) and len(model.coef) == len(model.features)
    assert model.score({"sim_mean": 0.9, "echo_left": 1.0}) == model.score({"sim_mean": 0.9})


def test_a_number_after_an_adverb_of_quantity_keeps_the_counted_noun(parse: object) -> None:
    feats = analyses(parse, "The museum attracted 200 visitors in May and nearly 300 in June.")
    keeps = feats["The museum attracted nearly 300 visitors in June."]
    drops = feats["The museum attracted nearly 300 in June."]
    # since session 12 v5's feature is widened the same way (its weights unchanged)
    assert keeps["qnum_keeps_noun"] == keeps["num_keeps_noun"] == 1.0
    assert drops["qnum_keeps_noun"] == drops["num_keeps_noun"] == 0.0
    # with a bare number both features fire
    feats = analyses(parse, "The shop sold 40 bikes in May and 55 in June.")
    keeps = feats["The shop sold 55 bikes in June."]
    assert keeps["qnum_keeps_noun"] == keeps["num_keeps_noun"] == 1.0


def test_pair_features_without_pairs() -> None:
    assert ranker.pair_features(None, [], []) == dict.fromkeys(NEW, 0.0)


def test_synthetic_gapping_keeps_an_adverb_of_quantity_on_the_number_remnant() -> None:
    from lingeval.conjuncts.synthesize import synthesize_parallel_docs
    from lingeval.core.parsing import Parser

    text = [
        "The club has 40 members.",
        "The school has almost 300 pupils.",
        "The shop has 15 workers.",
        "Milan has nearly 20 airports.",
    ]
    out = synthesize_parallel_docs(Parser(None).parse(text), n=300, seed=1)
    pairs = {(ex.sentence, tuple(ex.rewrites)) for ex in out}
    # the remnant "almost 300" replaces the bare number "40"; "members" stays
    assert (
        "The club has 40 members and the school almost 300.",
        ("The club has 40 members.", "The school has almost 300 members."),
    ) in pairs
    # never an adverb without its number, never the adverb twice
    for sentence, rewrites in pairs:
        assert "almost almost" not in " ".join(rewrites) and not sentence.endswith("almost.")


def test_a_remnant_that_would_repeat_the_words_before_its_correlate(parse: object) -> None:
    doc = parse("I hope to start to paint a barn, and Tom to start to paint a shed.")
    rem = [span(doc, "Tom"), span(doc, "to start to paint a shed")]
    # "Tom hopes to start [to start to paint a shed]": "to start" said twice
    twice = ranker.pair_features(doc, rem, [span(doc, "I"), span(doc, "to paint a barn")])
    once = ranker.pair_features(doc, rem, [span(doc, "I"), span(doc, "to start to paint a barn")])
    assert twice["echo_left"] == 1.0 and once["echo_left"] == 0.0
    # a sentence-initial correlate has nothing before it
    assert ranker.pair_features(doc, [span(doc, "Tom")], [span(doc, "I")])["echo_left"] == 0.0


def test_a_remnant_that_holds_the_preposition_of_its_correlate(parse: object) -> None:
    doc = parse("The flats were sold by the council, and the houses by a bank.")
    one = ranker.pair_features(doc, [span(doc, "the houses by a bank")], [span(doc, "the council")])
    two = ranker.pair_features(
        doc,
        [span(doc, "the houses"), span(doc, "a bank")],
        [span(doc, "The flats"), span(doc, "the council")],
    )
    assert one["echo_prep"] == 1.0 and two["echo_prep"] == 0.0


def test_generated_analyses_carry_the_echo_features(parse: object) -> None:
    feats = analyses(parse, "I hope to start to paint a barn, and Tom to start to paint a shed.")
    assert feats["Tom hopes to start to start to paint a shed."]["echo_left"] == 1.0
    assert feats["Tom hopes to start to paint a shed."]["echo_left"] == 0.0
    feats = analyses(parse, "The flats were sold by the council, and the houses by a bank.")
    assert feats["The flats were sold by the houses by a bank."]["echo_prep"] == 1.0
    assert feats["The houses were sold by a bank."]["echo_prep"] == 0.0
