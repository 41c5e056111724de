"""Stripping in long sentences of varied genres (issue 11, session 10, i14s): the shapes the
development set ``written-stripping3`` failed on, each fixed as a general rule and tested on
further sentences written here (paper 000, sections 3-4: standalone sentences, the omitted
verb and arguments spelled out). ``new`` cases failed on the main before the fix; the others
are close sentences whose rewrite must not change.

Every sentence is written here.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import Case, resolve, shape_cases

# a cleft whose clause ends the left conjunct: the focus is the correlate, the clause stays
CLEFT: list[Case] = [
    ("It was Ann who won, and not Bo.", "and", ["It was Ann who won.", "It was not Bo who won."]),
    (
        "It was my uncle who taught me to sail, and not my father.",
        "and",
        ["It was my uncle who taught me to sail.", "It was not my father who taught me to sail."],
    ),
    (
        "It was in Vienna that they met, and not in Prague.",
        "and",
        ["It was in Vienna that they met.", "It was not in Prague that they met."],
    ),
    (
        "It was a storm that sank the ship, but not a mine.",
        "but",
        ["It was a storm that sank the ship.", "It was not a mine that sank the ship."],
    ),
    (
        "It was the cook who fell ill, and also the waiter.",
        "and",
        ["It was the cook who fell ill.", "It was also the waiter who fell ill."],
    ),
    (
        "I think it was his brother who found it, and not the police.",
        "and",
        ["I think it was his brother who found it.", "I think it was not the police who found it."],
    ),
]
NOT_CLEFT: list[Case] = [
    # the predicate noun of a plain "be" and a relative clause on an object stay as they were
    ("Ann was the one who won, and Bo too.", "and", []),
    ("We hired a man who speaks Greek, and not a woman.", "and", []),
]


@pytest.mark.parametrize(("sentence", "conj", "expected", "new"), shape_cases(CLEFT, NOT_CLEFT))
def test_cleft_focus(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    out, _ = resolve(rules, sentence, conj)
    if expected:
        assert out == expected
    else:  # not a cleft: whatever it gives, no cleft clause is built on a non-"it" subject
        assert not any(s.startswith(("It was", "It is")) for s in out)


# a negated verb phrase after shared auxiliaries: the negation goes after the first of them
NEG_AFTER_AUX: list[Case] = [
    (
        "By the time we got home the gate had been unlatched, but not opened.",
        "but",
        [
            "By the time we got home the gate had been unlatched.",
            "By the time we got home the gate had not been opened.",
        ],
    ),
    (
        "The crates had been weighed at the port, but never inspected.",
        "but",
        ["The crates had been weighed at the port.", "The crates had never been inspected."],
    ),
]
NEG_KEPT: list[Case] = [
    ("He was arrested, and not charged.", "and", ["He was arrested.", "He was not charged."]),
    (
        "You can borrow the notes, but not copy them.",
        "but",
        ["You can borrow the notes.", "You cannot copy them."],
    ),
]


@pytest.mark.parametrize(
    ("sentence", "conj", "expected", "new"), shape_cases(NEG_AFTER_AUX, NEG_KEPT)
)
def test_negation_after_the_first_shared_auxiliary(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    assert resolve(rules, sentence, conj)[0] == expected


# a past form the tagger took for a present one keeps its tense under do-support
PAST_FORM: list[Case] = [
    (
        'She shrugged and said, "We forgave Tom, but not Ann," before leaving.',
        "but",
        [
            'She shrugged and said, "We forgave Tom," before leaving.',
            'She shrugged and said, "We did not forgive Ann," before leaving.',
        ],
    ),
    (
        'He sighed and said, "I forgave them, but not him," without much conviction.',
        "but",
        [
            'He sighed and said, "I forgave them," without much conviction.',
            'He sighed and said, "I did not forgive him," without much conviction.',
        ],
    ),
]
PRESENT_KEPT: list[Case] = [
    ("They sell apples, but not pears.", "but", ["They sell apples.", "They do not sell pears."]),
]


@pytest.mark.parametrize(
    ("sentence", "conj", "expected", "new"), shape_cases(PAST_FORM, PRESENT_KEPT)
)
def test_do_support_keeps_a_past_form_past(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    assert resolve(rules, sentence, conj)[0] == expected


# "never" before a remnant takes no do-support, and stays "never" after an auxiliary
NEVER: list[Case] = [
    (
        "You can wash the cover with cold water, but never with bleach, as it fades the colour.",
        "but",
        [
            "You can wash the cover with cold water, as it fades the colour.",
            "You can never wash the cover with bleach, as it fades the colour.",
        ],
    ),
]


@pytest.mark.parametrize(("sentence", "conj", "expected", "new"), shape_cases(NEVER, []))
def test_never_takes_no_do_support(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    assert resolve(rules, sentence, conj)[0] == expected


# a later event's adverb answers the left clause's own "first"
FIRST_ANSWERED: list[Case] = [
    (
        "The painting was first shown at a gallery in Ghent in 1911, and later in Antwerp.",
        "and",
        [
            "The painting was first shown at a gallery in Ghent in 1911.",
            "The painting was later shown at a gallery in Antwerp.",
        ],
    ),
]


@pytest.mark.parametrize(("sentence", "conj", "expected", "new"), shape_cases(FIRST_ANSWERED, []))
def test_a_later_adverb_answers_first(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    assert resolve(rules, sentence, conj)[0] == expected


# a quotation that does not open the sentence: its "?" / "!" stays against the word before it
QUOTE_MARK: list[Case] = [
    (
        'Later that night, "Did you lock the back door, or only the front?" she asked.',
        "or",
        [
            'Later that night, "Did you lock the back door?" she asked.',
            'Later that night, "Did you lock only the front?" she asked.',
        ],
    ),
    (
        'When I came in, "Have you fed the cat, and the dog too?" Mum shouted from upstairs.',
        "and",
        [
            'When I came in, "Have you fed the cat?" Mum shouted from upstairs.',
            'When I came in, "Have you fed the dog too?" Mum shouted from upstairs.',
        ],
    ),
]


@pytest.mark.parametrize(("sentence", "conj", "expected", "new"), shape_cases(QUOTE_MARK, []))
def test_a_question_mark_after_a_jump_needs_no_space(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    assert resolve(rules, sentence, conj)[0] == expected
