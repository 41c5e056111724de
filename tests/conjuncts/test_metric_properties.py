"""Property tests (hypothesis) of the metric and the data round trips, with a toy parser.

The toy parser attaches every word to the first word, labelled by a fixed cycle of labels
and tagged as a verb when it ends in "s": enough to give varied, deterministic nuclei.
"""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from lingeval.conjuncts.data import format_rewrites, parse_marked, parse_rewrites
from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.metric import MetricOptions, score
from lingeval.conjuncts.nuclei import Token
from lingeval.conjuncts.parse_features import TableAnalyzer

LABELS = ["nsubj", "dobj", "prep", "neg", "amod"]


def toy_parse(text: str) -> list[Token]:
    words = text.split()
    out = []
    for i, w in enumerate(words):
        tag = "VBZ" if w.endswith("s") else "NN"
        out.append(Token(w, w, tag, "ROOT" if i == 0 else LABELS[i % len(LABELS)], 0))
    return out


WORD = st.text(alphabet="abcs", min_size=1, max_size=4)
SENTENCE = st.lists(WORD, min_size=1, max_size=6).map(" ".join)
REWRITES = st.lists(SENTENCE, min_size=1, max_size=4)


def _score(inputs: list[str], preds: list[list[str]], refs: list[list[str]], **opts: object):  # type: ignore[no-untyped-def]
    options = MetricOptions(bootstrap=0, **opts)  # type: ignore[arg-type]
    return score(
        inputs, preds, refs, options=options, analyzer=TableAnalyzer({}, fallback=toy_parse)
    )


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(SENTENCE, REWRITES, REWRITES), min_size=1, max_size=5),
    st.randoms(use_true_random=False),
)
def test_scores_are_bounded_and_order_free(
    items: list[tuple[str, list[str], list[str]]], rnd
) -> None:  # type: ignore[no-untyped-def]
    inputs = [i for i, _, _ in items]
    refs = [g for _, g, _ in items]
    preds = [p for _, _, p in items]
    a = _score(inputs, preds, refs).system
    shuffled = [rnd.sample(p, len(p)) for p in preds]
    b = _score(inputs, shuffled, refs).system
    for s in (a, b):
        assert 0.0 <= s.precision <= 100.0 and 0.0 <= s.recall <= 100.0
        assert min(s.precision, s.recall) - 1e-9 <= s.f1 <= max(s.precision, s.recall) + 1e-9
    assert (a.precision, a.recall) == (b.precision, b.recall)
    for e in a.examples:
        assert e.matched <= min(e.predicted, e.gold)
        assert e.generated_gold_verbs + e.overgenerated_verbs >= e.generated_gold_verbs


@settings(max_examples=60, deadline=None)
@given(SENTENCE, REWRITES, st.sampled_from(["micro", "macro"]))
def test_gold_as_prediction_never_loses(sentence: str, gold: list[str], aggregation: str) -> None:
    s = _score([sentence], [gold], [gold], aggregation=aggregation, empty="match").system
    assert (s.precision, s.recall) == (100.0, 100.0)
    assert s.exact_match == 100.0


PLAIN = st.text(alphabet=string.ascii_letters + " ,.'", min_size=0, max_size=20)


@settings(max_examples=100, deadline=None)
@given(PLAIN, st.sampled_from(["and", "or", "but", "And"]), PLAIN)
def test_marking_round_trip(left: str, conj: str, right: str) -> None:
    sentence = f"{left} {conj} {right}"
    ex = ConjunctExample("x", sentence, conj, len(left) + 1)
    assert parse_marked(ex.marked()) == (sentence, ex.offset, conj)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.text(alphabet=string.ascii_letters + " ,.!?'", min_size=1, max_size=30).filter(
            lambda s: s.strip()
        ),
        min_size=1,
        max_size=5,
    ),
    st.sampled_from(["json", "numbered", "token"]),
)
def test_rewrite_encodings_round_trip(items: list[str], fmt: str) -> None:
    items = [" ".join(i.split()) for i in items]
    assert (
        parse_rewrites(
            format_rewrites(items, fmt), fmt=fmt if fmt != "token" else "token", sep="<SEP>"
        )
        == items
    )
