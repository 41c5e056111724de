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
    (  # (the session-10 review's known wrong output, fixed here)
        "Say hello to your father, and especially to Aunt May, who I hear is moving to Leeds.",
        "and",
        [
            "Say hello to your father.",
            "Say hello especially to Aunt May, who I hear is moving to Leeds.",
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


# a clause of reason after a negated remnant of exception ("but not X, because ...", "but
# never X, since ...", "and never X, because ...") gives the reason for the exception: the
# remnant's sentence alone has it
OWN_REASON: list[Case] = [
    (
        "The children will stay with us over Christmas, but not over New Year, because their"
        " father is taking them skiing.",
        "but",
        [
            "The children will stay with us over Christmas.",
            "The children will not stay with us over New Year, because their father is taking"
            " them skiing.",
        ],
    ),
    (
        "You can freeze the soup, but never the cream sauce, since it separates when thawed.",
        "but",
        [
            "You can freeze the soup.",
            "You can never freeze the cream sauce, since it separates when thawed.",
        ],
    ),
    (
        "The new tax applies to petrol and diesel cars, but not to hybrids, as the government"
        " wants to encourage their sale.",
        "but",
        [
            "The new tax applies to petrol and diesel cars.",
            "The new tax does not apply to hybrids, as the government wants to encourage their"
            " sale.",
        ],
    ),
    (
        "We used to go camping in Wales, but never in the Highlands, because my mum hated the"
        " midges.",
        "but",
        [
            "We used to go camping in Wales.",
            "We never used to go camping in the Highlands, because my mum hated the midges.",
        ],
    ),
    (
        "The correction was applied to the adult sample, but not to the child sample, since its"
        " variance was already small.",
        "but",
        [
            "The correction was applied to the adult sample.",
            "The correction was not applied to the child sample, since its variance was already"
            " small.",
        ],
    ),
]
SHARED_REASON: list[Case] = [
    # after a replacive "and not X" the reason is the choice's: shared
    (
        "I paid for the flights by card and not in cash, because the bank charges less.",
        "and",
        [
            "I paid for the flights by card, because the bank charges less.",
            "I did not pay for the flights in cash, because the bank charges less.",
        ],
    ),
    # "as" + a verb of saying or showing without its object is a comment on the source
    (
        "The bridge will stay open to cyclists, but not to lorries, as the council announced on"
        " Friday.",
        "but",
        [
            "The bridge will stay open to cyclists, as the council announced on Friday.",
            "The bridge will not stay open to lorries, as the council announced on Friday.",
        ],
    ),
]


@pytest.mark.parametrize(
    ("sentence", "conj", "expected", "new"), shape_cases(OWN_REASON, SHARED_REASON)
)
def test_reason_for_the_exception(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    out, _ = resolve(rules, sentence, conj)
    assert out == expected
