"""Sluicing in the rules resolver (``lingeval.conjuncts.resolvers.sluicing``); sentences written here."""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

CASES = [
    # the indefinite correlate leaves the restored clause
    (
        "Kim bought something, but I don't know what.",
        ["Kim bought something.", "I don't know what Kim bought."],
    ),
    ("Somebody called, but I don't know who.", ["Somebody called.", "I don't know who called."]),
    # a subject relative clause becomes a clause with a definite subject
    (
        "Sara met a man who owns three boats, but I forget how many cars.",
        ["Sara met a man who owns three boats.", "I forget how many cars the man owns."],
    ),
    (
        "Dan hired a painter who fixed the door, but I'm not sure with what.",
        [
            "Dan hired a painter who fixed the door.",
            "I'm not sure with what the painter fixed the door.",
        ],
    ),
    # an adverbial wh-word: the last clause, its first word no longer sentence-initial
    ("He left early, but nobody knows why.", ["He left early.", "Nobody knows why he left early."]),
    # "which" takes the correlate's noun (without its determiner or relative clause; seventh
    # session)
    (
        "Kim bought a new book, but I don't know which.",
        ["Kim bought a new book.", "I don't know which new book Kim bought."],
    ),
    (
        "Kim met a man who sells old cars, but I don't know which.",
        ["Kim met a man who sells old cars.", "I don't know which man Kim met."],
    ),
    # the correlate inside a relative clause (an island): no clause is restored
    (
        "We need a nurse who speaks a Nordic language, but I forget which.",
        ["We need a nurse who speaks a Nordic language.", "I forget which Nordic language."],
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), CASES, ids=[c[0][:30] for c in CASES])
def test_sluicing(rules: RulesResolver, sentence: str, expected: list[str]) -> None:
    sentences, rule = resolve(rules, sentence, "but")
    assert sentences == expected
    assert rule == "sluicing"


def test_embedded_question_with_its_own_clause_is_no_sluice(rules: RulesResolver) -> None:
    _, rule = resolve(rules, "I know what she said and what he did.", "and")
    assert rule != "sluicing"


def test_which_without_an_indefinite_correlate_is_no_sluice(rules: RulesResolver) -> None:
    # "some of the cakes" is no indefinite noun phrase: the other rules decide, as before
    sentences, rule = resolve(rules, "He ate some of the cakes, but I don't know which.", "but")
    assert rule != "sluicing"
    assert sentences[-1] == "I don't know which."
