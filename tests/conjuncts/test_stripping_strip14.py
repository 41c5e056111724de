"""Stripping in running text, session 13 of issue 11 (helper strip14): the correlative
"not only / not just X but (also) Y".

* "not only" that opens the correlate is dropped from the first rewrite, also when the
  coordination rule's correlate starts with it (``rules._strip_preconj``).
* "also" opening the remnant goes before the copied verb, whatever the parser hangs it on
  ("not only longer but also/conj more smoothly"; ``rules._leading_adverb``).
* A modal shared by "shall not only pay ... but also bear/VBP" stays in the second rewrite
  when the tagger takes the base form for a present (``rules._verbal``).
* The left clause of a remnant after "not only" is the verb of the phrase after "not only",
  not a relative clause inside it that the parser conjoins the remnant with
  (``stripping._choices``).
* The one phrase between "not only" and the conjunction is the correlate when the parse
  hangs it on the remnant ("a flat that was not only [spacious] but also five minutes'
  drive from the beach"; ``stripping._not_only_phrase``).

The must-resolve cases failed on the session-start main ``bdbaa45``; the must-not-change
cases are close to them. Every sentence is written here; none is in a development set.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import Case, resolve, shape_cases

spacy = pytest.importorskip("spacy")


NOT_ONLY: list[Case] = [
    (
        "The survey showed that the frost harmed vines not only in the valley but also along the"
        " river.",
        "but",
        [
            "The survey showed that the frost harmed vines in the valley.",
            "The survey showed that the frost also harmed vines along the river.",
        ],
    ),
    (
        "Regular oiling will keep the hinge turning not only longer but also more smoothly, so do"
        " it every spring.",
        "but",
        [
            "Regular oiling will keep the hinge turning longer, so do it every spring.",
            "Regular oiling will also keep the hinge turning more smoothly, so do it every spring.",
        ],
    ),
    (
        "The Buyer shall not only pay the price on delivery but also bear the cost of shipping.",
        "but",
        [
            "The Buyer shall pay the price on delivery.",
            "The Buyer shall also bear the cost of shipping.",
        ],
    ),
    (
        "The song appeals not only to fans who grew up in the eighties but also to their children.",
        "but",
        [
            "The song appeals to fans who grew up in the eighties.",
            "The song also appeals to their children.",
        ],
    ),
    (
        "We rented a flat that was not only spacious but also five minutes' drive from the beach.",
        "but",
        [
            "We rented a flat that was spacious.",
            "We rented a flat that was also five minutes' drive from the beach.",
        ],
    ),
]

NOT_ONLY_KEEP: list[Case] = [
    (
        "The committee met not only in March but also in June.",
        "but",
        ["The committee met in March.", "The committee also met in June."],
    ),
    (
        "Although he is remembered as a painter, Kowalski worked not as an artist but as a railway"
        " clerk, retiring from Gdansk in 1975.",
        "but",
        [
            "Although he is remembered as a painter, Kowalski worked not as an artist, retiring from"
            " Gdansk in 1975.",
            "Although he is remembered as a painter, Kowalski worked as a railway clerk, retiring from"
            " Gdansk in 1975.",
        ],
    ),
    (
        "Water the seedlings not with cold water but with rainwater, or they may wilt.",
        "but",
        [
            "Water the seedlings not with cold water, or they may wilt.",
            "Water the seedlings with rainwater, or they may wilt.",
        ],
    ),
]


@pytest.mark.parametrize(
    ("sentence", "conj", "expected", "new"), shape_cases(NOT_ONLY, NOT_ONLY_KEEP)
)
def test_not_only_but_also(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    out, _rule = resolve(rules, sentence, conj)
    assert out == expected
