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
        [  # (the reason is the exception's: "it" is the bleach; strip11, session 11)
            "You can wash the cover with cold water.",
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


# what closes the left clause right after a noun correlate belongs to it alone
CORRELATE_TAIL: list[Case] = [
    (
        "The island keeps its own dialect, spoken mainly by older residents, but not the old"
        " script.",
        "but",
        [
            "The island keeps its own dialect, spoken mainly by older residents.",
            "The island does not keep the old script.",
        ],
    ),
]
TAIL_KEPT: list[Case] = [
    (
        "Errors dropped steadily in the feedback condition (M = 3.4, SD = 1.2), but not in the"
        " silent condition, where learners got no hints.",
        "but",
        [
            "Errors dropped steadily in the feedback condition (M = 3.4, SD = 1.2).",
            "Errors did not drop steadily in the silent condition, where learners got no hints.",
        ],
    ),
    (  # a pointer to a figure may show both
        "Scores rose in the urban schools (see Figure 4), but not in the rural schools.",
        "but",
        [
            "Scores rose in the urban schools (see Figure 4).",
            "Scores did not rise in the rural schools (see Figure 4).",
        ],
    ),
]


@pytest.mark.parametrize(
    ("sentence", "conj", "expected", "new"), shape_cases(CORRELATE_TAIL, TAIL_KEPT)
)
def test_what_closes_a_correlate_leaves_with_it(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    assert resolve(rules, sentence, conj)[0] == expected


# a recurring time frame restricts the whole statement: it stays under the negation (review
# rv10 of session 10; a one-off time and a frequency adverb still go)
HABITUAL: list[Case] = [
    (
        "The corner shop sells newspapers on Mondays, but not magazines.",
        "but",
        [
            "The corner shop sells newspapers on Mondays.",
            "The corner shop does not sell magazines on Mondays.",
        ],
    ),
    (
        "My aunt waters the lawn every afternoon, but not the hedge.",
        "but",
        [
            "My aunt waters the lawn every afternoon.",
            "My aunt does not water the hedge every afternoon.",
        ],
    ),
    (
        "The bar serves food at weekends, but not cocktails.",
        "but",
        ["The bar serves food at weekends.", "The bar does not serve cocktails at weekends."],
    ),
]
ONE_OFF: list[Case] = [
    (
        "The thief took the jewels after dark, but not the paintings.",
        "but",
        ["The thief took the jewels after dark.", "The thief did not take the paintings."],
    ),
    (
        "We feed the hens daily, but not the goats.",
        "but",
        ["We feed the hens daily.", "We do not feed the goats."],
    ),
]


@pytest.mark.parametrize(("sentence", "conj", "expected", "new"), shape_cases(HABITUAL, ONE_OFF))
def test_a_recurring_time_frame_stays_under_negation(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    assert resolve(rules, sentence, conj)[0] == expected


# "or rather X": a focus adverb that stays before its phrase (review rv10's shape)
OR_RATHER: list[Case] = [
    (
        "She was born in 1961, or rather in 1962, according to her passport.",
        "or",
        [
            "She was born in 1961, according to her passport.",
            "She was born rather in 1962, according to her passport.",
        ],
    ),
]


@pytest.mark.parametrize(("sentence", "conj", "expected", "new"), shape_cases(OR_RATHER, []))
def test_or_rather_keeps_rather_before_its_phrase(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    assert resolve(rules, sentence, conj)[0] == expected


# a conjunction inside a negated remnant joins two negated phrases: no positive rewrite
NEGATED_LIST: list[Case] = [
    ("Guests may bring snacks into the hall, but not wine or glass jars.", "or", []),
    ("You can pay by card at the desk, but not by cheque or in cash.", "or", []),
]
NOT_NEGATED_LIST: list[Case] = [
    (
        "She drinks tea but not coffee and her brother drinks neither.",
        "and",
        ["She drinks tea but not coffee.", "Her brother drinks neither."],
    ),
]


@pytest.mark.parametrize(
    ("sentence", "conj", "expected", "new"), shape_cases(NEGATED_LIST, NOT_NEGATED_LIST)
)
def test_a_list_inside_a_negated_remnant_is_left_alone(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    out, rule = resolve(rules, sentence, conj)
    if expected:
        assert out == expected
    else:
        assert (out, rule) == ([sentence], "unchanged:negated-remnant")


def test_a_participle_parsed_as_the_verb_of_its_noun_is_a_modifier() -> None:
    """``_participle_modifier`` on parses built by hand (words written here): "framed" made
    the ``xcomp`` verb of "old maps" right after it is a modifier of that phrase; a participle
    with its own auxiliary or after its object ("got the car fixed") is a clause."""
    import spacy
    from spacy.tokens import Doc

    from lingeval.conjuncts.resolvers.stripping import _participle_modifier

    vocab = spacy.blank("en").vocab
    words = ["She", "sells", "framed", "old", "maps"]
    doc = Doc(
        vocab,
        words=words,
        tags=["PRP", "VBZ", "VBN", "JJ", "NNS"],
        heads=[1, 1, 1, 4, 2],
        deps=["nsubj", "ROOT", "xcomp", "amod", "dobj"],
    )
    assert _participle_modifier(doc[2])
    words = ["He", "got", "the", "car", "fixed"]
    doc = Doc(
        vocab,
        words=words,
        tags=["PRP", "VBD", "DT", "NN", "VBN"],
        heads=[1, 1, 3, 4, 1],
        deps=["nsubj", "ROOT", "det", "nsubj", "xcomp"],
    )
    assert not _participle_modifier(doc[4])
    words = ["She", "wants", "to", "be", "paid"]
    doc = Doc(
        vocab,
        words=words,
        tags=["PRP", "VBZ", "TO", "VB", "VBN"],
        heads=[1, 1, 4, 4, 1],
        deps=["nsubj", "ROOT", "aux", "auxpass", "xcomp"],
    )
    assert not _participle_modifier(doc[4])


# "others" answers the phrase it contrasts with ("some / most / certain N"), subject or object
OTHERS: list[Case] = [
    (
        "The new rules help some farmers, but not others.",
        "but",
        ["The new rules help some farmers.", "The new rules do not help others."],
    ),
    (
        "Some critics loved the film, and others too.",
        "and",
        ["Some critics loved the film.", "Others loved the film too."],
    ),
]
OTHERS_KEPT: list[Case] = [
    (
        "This diet suits certain people, but not others, according to the study.",
        "but",
        [
            "This diet suits certain people, according to the study.",
            "This diet does not suit others, according to the study.",
        ],
    ),
]


@pytest.mark.parametrize(("sentence", "conj", "expected", "new"), shape_cases(OTHERS, OTHERS_KEPT))
def test_others_answers_the_quantified_phrase(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    assert resolve(rules, sentence, conj)[0] == expected


# known wrong outputs left (strict: a fix must turn them into ordinary tests)
LEFT: list[Case] = [
    (  # a degree remnant for a participle: the participle stays
        "The lid had been lifted, but not high enough to see inside.",
        "but",
        ["The lid had been lifted.", "The lid had not been lifted high enough to see inside."],
    ),
    (  # "again" and the remnant's adverb go before the copied verb
        "She chaired the board of the museum from 1990 until 1995, and again briefly in 2003.",
        "and",
        [
            "She chaired the board of the museum from 1990 until 1995.",
            "She again briefly chaired the board of the museum in 2003.",
        ],
    ),
    (  # a count answering a count keeps the shared time
        "She rang her brother twice last week, and her cousin once.",
        "and",
        ["She rang her brother twice last week.", "She rang her cousin once last week."],
    ),
]


@pytest.mark.xfail(strict=True, reason="known wrong outputs left by session 10 (i14s)")
@pytest.mark.parametrize(("sentence", "conj", "expected"), LEFT, ids=[c[0][:48] for c in LEFT])
def test_known_wrong_outputs_left(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str]
) -> None:
    assert resolve(rules, sentence, conj)[0] == expected
