"""Stripping in long sentences (issue 11, session 11, strip11): the mechanisms that the
development sets ``written-stripping3``, ``written-stripping2``, ``stripping`` and ``mined``
still failed on, each fixed as a general rule and tested on sentences written here, with the
expected rewrites written before the resolver ran on them (paper 000, sections 3-4). ``new``
cases failed on the main before the fix; the others are close sentences whose rewrite must
not change.

Every sentence is written here.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import Case, resolve, shape_cases

# a relative clause set off by a comma after a noun-phrase remnant is the remnant's: the
# first sentence does not get it
OWN_RELATIVE: list[Case] = [
    (
        "The effect appeared in every cohort, and even in the smallest one, which had only"
        " twelve participants.",
        "and",
        [
            "The effect appeared in every cohort.",
            "The effect appeared even in the smallest one, which had only twelve participants.",
        ],
    ),
    (
        "Before you paint, sand the edges of the door, and especially the bottom edge, which"
        " tends to swell in damp weather.",
        "and",
        [
            "Before you paint, sand the edges of the door.",
            "Before you paint, sand especially the bottom edge, which tends to swell in damp"
            " weather.",
        ],
    ),
    (
        "The storm knocked out power across the county, and even at the regional hospital,"
        " which had to switch to generators.",
        "and",
        [
            "The storm knocked out power across the county.",
            "The storm knocked out power even at the regional hospital, which had to switch to"
            " generators.",
        ],
    ),
]
SHARED_OR_DONE: list[Case] = [
    # a relative clause on no noun of the remnant is shared ("which" on the event)
    (
        "The lock had been oiled, but not replaced, which surprised the inspector.",
        "but",
        [
            "The lock had been oiled, which surprised the inspector.",
            "The lock had not been replaced, which surprised the inspector.",
        ],
    ),
    # resolved so before: the stripping path keeps the clause in its remnant
    (
        "The minister met the union leaders, but not the head of the teachers' federation, who"
        " had refused to attend.",
        "but",
        [
            "The minister met the union leaders.",
            "The minister did not meet the head of the teachers' federation, who had refused to"
            " attend.",
        ],
    ),
    (
        "The ferry stops at Naxos, and also at Amorgos, where a monastery clings to the cliff.",
        "and",
        [
            "The ferry stops at Naxos.",
            "The ferry also stops at Amorgos, where a monastery clings to the cliff.",
        ],
    ),
    (
        "We send our thanks to the whole committee, and especially to Mrs Hale, whose garden"
        " hosted the fete.",
        "and",
        [
            "We send our thanks to the whole committee.",
            "We send our thanks especially to Mrs Hale, whose garden hosted the fete.",
        ],
    ),
    (
        "She kept every letter from her father, but not the ones from Daniel, which she burned"
        " in the grate.",
        "but",
        [
            "She kept every letter from her father.",
            "She did not keep the ones from Daniel, which she burned in the grate.",
        ],
    ),
    (
        "After the war she taught at a village school, and later at a girls' college in"
        " Lahore, where she founded the debating society.",
        "and",
        [
            "After the war she taught at a village school.",
            "After the war she later taught at a girls' college in Lahore, where she founded"
            " the debating society.",
        ],
    ),
]


@pytest.mark.parametrize(
    ("sentence", "conj", "expected", "new"), shape_cases(OWN_RELATIVE, SHARED_OR_DONE)
)
def test_relative_clause_of_the_remnant(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    out, _ = resolve(rules, sentence, conj)
    assert out == expected
