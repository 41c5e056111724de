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
]


@pytest.mark.parametrize(("sentence", "expected"), CASES, ids=[c[0][:30] for c in CASES])
def test_sluicing(rules: RulesResolver, sentence: str, expected: list[str]) -> None:
    sentences, rule = resolve(rules, sentence, "but")
    assert sentences == expected
    assert rule == "sluicing"


def test_embedded_question_with_its_own_clause_is_no_sluice(rules: RulesResolver) -> None:
    _, rule = resolve(rules, "I know what she said and what he did.", "and")
    assert rule != "sluicing"
