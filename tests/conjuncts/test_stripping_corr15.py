"""Correlatives and "but not" in running text, session 14 of issue 11 (helper corr15).

* "but not X" without a comma before the conjunction continues the phrase right before it:
  the object, not the subject ("We like the film but not the director" -> "We do not like the
  director"), as "and not X" already did (``stripping._choices``).
* A present verb of a plural subject that the tagger left in the base form takes *do*-support
  ("Most of the pumps need/VB oil but not grease" -> "do not need grease";
  ``stripping._marked_verb``).
* A remnant with a relative clause opened by "whose" is one noun phrase
  (``stripping._opens_modifier``); its verb agrees with the noun, not with a noun of the
  clause (``stripping._marked_verb``).
* A person remnant answers a quantified subject it is excepted from ("Three of the riders
  finished, but not Mrs Brandt"; ``stripping._choices``, ``_quantified``,
  ``_counted_kind``).
* "not only / just" left in a rewrite of a correlative by a rule that did not drop it
  (coordination, shared subject) is taken out (``rules._without_not_only``).
* A verb phrase of the shared subject after an adjunct set off by commas ("and, at dusk,
  watch the bats") is a verb phrase, not remnants (``rules._Analysis.first_verb``,
  ``_clause_after_opener``); the adjunct keeps its opening comma (``rules._verbal``).

Every sentence is written here; none is in a development set.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import Case, resolve, shape_cases

spacy = pytest.importorskip("spacy")


BUT_NOT: list[Case] = [
    (
        "we enjoyed the concert but not the long speech the mayor gave before it.",
        "but",
        [
            "We enjoyed the concert.",
            "We did not enjoy the long speech the mayor gave before it.",
        ],
    ),
    (
        "Most of these pumps need oil but not grease (see Figure 2).",
        "but",
        [
            "Most of these pumps need oil (see Figure 2).",
            "Most of these pumps do not need grease (see Figure 2).",
        ],
    ),
    (
        "Three of the riders were stopped at the border on Monday, but not Mrs Brandt, whose"
        " papers had been checked in advance.",
        "but",
        [
            "Three of the riders were stopped at the border on Monday.",
            "Mrs Brandt, whose papers had been checked in advance, was not stopped at the border"
            " on Monday.",
        ],
    ),
]

BUT_NOT_KEEP: list[Case] = [
    (
        "All the guests left early, but not Peter, who had a cold.",
        "but",
        ["All the guests left early.", "Peter, who had a cold, did not leave early."],
    ),
    (
        "The dog ate the biscuits, but not the cat.",
        "but",
        ["The dog ate the biscuits.", "The cat did not eat the biscuits."],
    ),
]


@pytest.mark.parametrize(
    ("sentence", "conj", "expected", "new"), shape_cases(BUT_NOT, BUT_NOT_KEEP)
)
def test_but_not_remnants(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    out, _rule = resolve(rules, sentence, conj)
    assert out == expected


NOT_ONLY: list[Case] = [
    (
        "As Figure 5 shows, the decline was measured not only in the lakes (n = 40) but also in"
        " the rivers (n = 52).",
        "but",
        [
            "As Figure 5 shows, the decline was measured in the lakes (n = 40).",
            "As Figure 5 shows, the decline was also measured in the rivers (n = 52).",
        ],
    ),
    (
        "The new kettle is not only quieter than the old one but is also much quicker to boil,"
        " since it has a bigger element.",
        "but",
        [
            "The new kettle is quieter than the old one, since it has a bigger element.",
            "The new kettle is also much quicker to boil, since it has a bigger element.",
        ],
    ),
    (
        "From the bridge you can not only watch the boats but also, at dusk, hear the bats.",
        "but",
        [
            "From the bridge you can watch the boats.",
            "From the bridge you can also, at dusk, hear the bats.",
        ],
    ),
]

NOT_ONLY_KEEP: list[Case] = [
    (
        "From the bridge you can watch the boats and, at dusk, hear the bats.",
        "and",
        [
            "From the bridge you can watch the boats.",
            "From the bridge you can, at dusk, hear the bats.",
        ],
    ),
]


@pytest.mark.parametrize(
    ("sentence", "conj", "expected", "new"), shape_cases(NOT_ONLY, NOT_ONLY_KEEP)
)
def test_not_only_on_every_route(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    out, _rule = resolve(rules, sentence, conj)
    assert out == expected
