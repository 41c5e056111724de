"""Stripping shapes found on the development set ``written-stripping`` (issue 11, session 9),
each fixed generally and tested here on further sentences written here (none is an item of
the set): a comment after the end marker, the negation in a question with inversion and
after a negated left clause, a phrase of time for a noun phrase of time, a place adverb for a
phrase of place (with a bracketed addition).

``lingeval.conjuncts.resolvers.stripping``. MUST_RESOLVE failed on the main before the fix;
MUST_NOT_CHANGE are close sentences whose rewrite stays what it was.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve, shape_cases

MUST_RESOLVE = [
    # a sentence adverb or a concession after the end marker and a comma comments on the
    # stripped conjunct alone (it was copied into the first sentence too)
    (
        "Ben fixed the roof, and his neighbour too, apparently.",
        "and",
        ["Ben fixed the roof.", "His neighbour fixed the roof too, apparently."],
    ),
    (
        "Lena sings in the choir, and her sister too, albeit rarely.",
        "and",
        ["Lena sings in the choir.", "Her sister sings in the choir too, albeit rarely."],
    ),
    # a question with the auxiliary before its subject: "not" follows the subject
    (
        "Could you hear the music, but not the words?",
        "but",
        ["Could you hear the music?", "Could you not hear the words?"],
    ),
    (
        "Did you call Ann, and not Bo?",
        "and",
        ["Did you call Ann?", "Did you not call Bo?"],
    ),
    # the left clause is negated already: "not ... either" adds no second negation
    (
        "Don't park on the grass, and not on the pavement either.",
        "and",
        ["Don't park on the grass.", "Don't park on the pavement either."],
    ),
    # a phrase of time answers a noun phrase of time
    (
        "Take these pills every morning, and also after meals.",
        "and",
        ["Take these pills every morning.", "Also take these pills after meals."],
    ),
    # a place adverb answers a place adverb or a whole phrase of place; a bracketed
    # addition stays with it
    (
        "We met at the cafe, and also online.",
        "and",
        ["We met at the cafe.", "We also met online."],
    ),
    (
        "You can pay at the desk, and also online (by card).",
        "and",
        ["You can pay at the desk.", "You can also pay online (by card)."],
    ),
]

MUST_NOT_CHANGE = [
    # a place adverb for a place adverb, resolved already by another path
    (
        "It snowed here on Monday, and there too.",
        "and",
        ["It snowed here on Monday.", "It snowed there on Monday too."],
    ),
    # a closing clause with a verb after the end marker stays shared
    (
        "Ben fixed the roof, and the fence too, so the house is dry now.",
        "and",
        [
            "Ben fixed the roof, so the house is dry now.",
            "Ben fixed the fence too, so the house is dry now.",
        ],
    ),
    # a prepositional remnant that is no phrase of time leaves the time adjunct in place
    (
        "They swim every morning, and also in the lake.",
        "and",
        ["They swim every morning.", "They also swim every morning in the lake."],
    ),
    # a bracketed addition of a prepositional remnant (unchanged shape)
    (
        "Tickets are sold at the station, and also from the driver (cash only).",
        "and",
        [
            "Tickets are sold at the station.",
            "Tickets are also sold from the driver (cash only).",
        ],
    ),
]

CASES = shape_cases(MUST_RESOLVE, MUST_NOT_CHANGE, width=32)


@pytest.mark.parametrize(("sentence", "conj", "expected", "stripped"), CASES)
def test_written_stripping_shapes(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], stripped: bool
) -> None:
    sentences, rule = resolve(rules, sentence, conj)
    assert sentences == expected
    assert rule.startswith("stripping") or not stripped
