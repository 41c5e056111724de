"""The rules resolver on the paper's worked examples and on each named phenomenon."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.resolvers.rules import MAX_TOKENS, RulesResolver
from tests.conjuncts.marked import ex

CASES = [
    # (rule, sentence, conjunction, nth occurrence, expected rewrites)
    (
        "gapping",
        "Josh likes wine and Jane water.",
        "and",
        0,
        ["Josh likes wine.", "Jane likes water."],
    ),
    ("gapping", "32% had brown and 21% black.", "and", 0, ["32% had brown.", "21% had black."]),
    (
        "gapping+list",
        "As of January 2013, The Times has a circulation of 399,339, The Sunday Times of 885,612, "
        "and The New York Times of 9,512,132.",
        "and",
        0,
        [
            "As of January 2013, The Times has a circulation of 399,339.",
            "As of January 2013, The Sunday Times has a circulation of 885,612.",
            "As of January 2013, The New York Times has a circulation of 9,512,132.",
        ],
    ),
    (
        "gapping",
        "Neesham would make 85 from 80 and Kane Williamson a more considered 54 from 98 as Sri Lanka toiled.",
        "and",
        0,
        [
            "Neesham would make 85 from 80 as Sri Lanka toiled.",
            "Kane Williamson would make a more considered 54 from 98 as Sri Lanka toiled.",
        ],
    ),
    (
        "coordination|argument-cluster",
        "He was subsequently asked to repeat the program at the American Asylum for Deaf - mutes in "
        "Hartford, Connecticut, and the Clarke School for the Deaf in Northampton, Massachusetts.",
        "and",
        0,
        [
            "He was subsequently asked to repeat the program at the American Asylum for Deaf - mutes in Hartford, Connecticut.",
            "He was subsequently asked to repeat the program at the Clarke School for the Deaf in Northampton, Massachusetts.",
        ],
    ),
    (
        "shared-subject",
        "The governor urged the public not to panic and to follow his reports closely.",
        "and",
        0,
        [
            "The governor urged the public not to panic.",
            "The governor urged the public to follow his reports closely.",
        ],
    ),
    (
        "argument-cluster",
        "The firm moved its archive to Leeds in 2010 and its call centre to Glasgow in 2014.",
        "and",
        0,
        [
            "The firm moved its archive to Leeds in 2010.",
            "The firm moved its call centre to Glasgow in 2014.",
        ],
    ),
    (
        "shared-subject+list",
        "The volunteers cleaned the beach, planted trees and repaired the fence.",
        "and",
        0,
        [
            "The volunteers cleaned the beach.",
            "The volunteers planted trees.",
            "The volunteers repaired the fence.",
        ],
    ),
    (
        "coordination+list",
        "The bakery sells bread, cakes, and fresh coffee.",
        "and",
        0,
        ["The bakery sells bread.", "The bakery sells cakes.", "The bakery sells fresh coffee."],
    ),
    (
        "stripping-negation",
        "The hotel offered breakfast but not dinner.",
        "but",
        0,
        ["The hotel offered breakfast.", "The hotel did not offer dinner."],
    ),
    (
        "vp-ellipsis",
        "The old bridge survived the flood but the road to the village did not.",
        "but",
        0,
        [
            "The old bridge survived the flood.",
            "The road to the village did not survive the flood.",
        ],
    ),
    (
        "clauses",
        "In 1995, prices rose and wages fell.",
        "and",
        0,
        ["In 1995, prices rose.", "In 1995, wages fell."],
    ),
    (
        "gapping",
        "In 2015 the company sold 2,000 cars and in 2016 the company 3,500 cars.",
        "and",
        0,
        ["In 2015 the company sold 2,000 cars.", "In 2016 the company sold 3,500 cars."],
    ),
    (
        "gapping+list",
        "Rome has three airports, Milan two, and Naples one.",
        "and",
        0,
        ["Rome has three airports.", "Milan has two airports.", "Naples has one airport."],
    ),
    (
        "gapping",
        "Ten people died in the north and four in the south.",
        "and",
        0,
        ["Ten people died in the north.", "Four people died in the south."],
    ),
    (
        "gapping",
        "The older brother studied law and the younger medicine.",
        "and",
        0,
        ["The older brother studied law.", "The younger brother studied medicine."],
    ),
    (
        "coordination",
        "The report criticised the police and the city council.",
        "and",
        0,
        ["The report criticised the police.", "The report criticised the city council."],
    ),
    (
        "gapping",
        "Yesterday came the first letter and today the second.",
        "and",
        0,
        ["Yesterday came the first letter.", "Today came the second letter."],
    ),
    (
        "gapping",
        "Koreans made up 1.2% of the city's population, and Japanese 0.3%.",
        "and",
        0,
        [
            "Koreans made up 1.2% of the city's population.",
            "Japanese made up 0.3% of the city's population.",
        ],
    ),
    (
        "shared-subject",
        "The lake freezes in January and thaws in April.",
        "and",
        0,
        ["The lake freezes in January.", "The lake thaws in April."],
    ),
    (
        "coordination",
        "You can pay the fee online or at the post office.",
        "or",
        0,
        ["You can pay the fee online.", "You can pay the fee at the post office."],
    ),
    (
        "coordination",
        "The boys and the girl was hungry.",
        "and",
        0,
        ["The boys were hungry.", "The girl was hungry."],
    ),
    (
        "coordination",
        "Tea and coffee are served.",
        "and",
        0,
        ["Tea is served.", "Coffee is served."],
    ),
]


@pytest.mark.parametrize(
    ("rule", "sentence", "conj", "nth", "expected"),
    CASES,
    ids=[c[0] + ":" + c[1][:25] for c in CASES],
)
def test_phenomena(
    rules: RulesResolver, rule: str, sentence: str, conj: str, nth: int, expected: list[str]
) -> None:
    [res] = rules.analyse([ex(sentence, conj, nth)])
    assert res.sentences == expected
    assert res.rule.split("+")[0] in rule.split("+")[0].split("|")


UNCHANGED = [
    (
        "Amla made 133 and Roussow 132 with the pair combining to put on 247 for the third wicket.",
        "binding",
    ),
    (
        "I'd say Adam will win four majors and Justin three, but I wouldn't be surprised if it was the other way round.",
        "collective",
    ),
    ("Anna and Ben met at a conference in Oslo.", "reciprocal"),
    ("Flour, eggs and milk are mixed together to make the batter.", "collective"),
    ("The village lies between a river and a forest.", "collective"),
    ("Sam and Kim helped each other.", "collective"),
    ("They scored 3 and 5 goals respectively.", "collective"),
    ("Kim and Lee shook hands after the debate.", "reciprocal"),
    (
        "John was born to Henry II of England and Eleanor of Aquitaine on 24 December 1166.",
        "collective",
    ),
]


@pytest.mark.parametrize(("sentence", "why"), UNCHANGED)
def test_not_rewritable_left_exactly_unchanged(
    rules: RulesResolver, sentence: str, why: str
) -> None:
    [res] = rules.analyse([ex(sentence)])
    assert res.sentences == [sentence]
    assert not res.changed
    assert res.rule.startswith("unchanged:")
    assert why.split(":")[0] in res.rule or (why == "binding" and "binding" in res.rule)


def test_capitalisation_and_final_punctuation(rules: RulesResolver) -> None:
    [out] = rules.resolve([ex("Josh likes wine and Jane water")])
    assert out == ["Josh likes wine.", "Jane likes water."]
    [out] = rules.resolve([ex("yesterday prices rose and wages fell")])
    assert out == ["Yesterday prices rose.", "Yesterday wages fell."]
    [out] = rules.resolve([ex("Did Josh like wine and Jane water?")])
    assert all(s.endswith("?") for s in out)


def test_quotes_and_names(rules: RulesResolver) -> None:
    [out] = rules.resolve([ex('He said "we will win and they will lose."')])
    assert out == ['He said "we will win."', 'He said "they will lose."']
    s = "He gave his fortune to the Bill and Melinda Gates Foundation."
    [res] = rules.analyse([ex(s)])
    assert res.sentences == [s] and res.rule == "unchanged:proper-name"


def test_marked_conjunction_is_the_one_resolved(rules: RulesResolver) -> None:
    s = "Rain and wind delayed the ferry on Friday and the train on Saturday."
    first, second = rules.resolve([ex(s, nth=0), ex(s, nth=1)])
    assert second == [
        "Rain and wind delayed the ferry on Friday.",
        "Rain and wind delayed the train on Saturday.",
    ]
    assert first != second


def test_each_conjoined_clause_keeps_its_own_wh_word(rules: RulesResolver) -> None:
    """The opening shared by both rewrites stops before the left clause's wh-word."""
    out = rules.resolve(
        [ex("I wonder what it was and what it is."), ex("Tell me what you saw and what you heard.")]
    )
    assert out == [
        ["I wonder what it was.", "I wonder what it is."],
        ["Tell me what you saw.", "Tell me what you heard."],
    ]
    # a wh-word that is the subject was never doubled and stays as it was
    assert rules.resolve([ex("She asked who came and who left.")]) == [
        ["She asked who came.", "She asked who left."]
    ]


def test_long_input_is_bounded_and_unchanged(rules: RulesResolver) -> None:
    words = " ".join(["cats and dogs"] * 400) + "."
    [res] = rules.analyse([ex(words)])
    assert res.sentences == [words]
    assert res.rule == "unchanged:too-long"
    assert len(words.split()) > MAX_TOKENS


# ---------------------------------------------------------------------------------------------
# Properties: never crash, unchanged means exactly the input, the marked conjunction is gone.

WORDS = st.sampled_from(
    [
        "Josh",
        "Jane",
        "the",
        "a",
        "wine",
        "water",
        "likes",
        "liked",
        "and",
        "or",
        "but",
        ",",
        ".",
        "32%",
        "21",
        "%",
        "black",
        "had",
        "not",
        "to",
        "in",
        "of",
        "with",
        "together",
        "each",
        "other",
        "ate",
        "bread",
        "cakes",
        "🙂",
        "das",
        "Haus",
        "ist",
        "groß",
        "und",
        "blau",
        "日本",
        "was",
        "were",
        "is",
        "they",
        "he",
        "between",
        "respectively",
        "Paris",
        ",",
        "France",
        ";",
        ":",
        "(",
        ")",
        "-",
        "'",
        '"',
        "yesterday",
        "quickly",
    ]
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(WORDS, min_size=0, max_size=40), st.integers(min_value=0, max_value=5))
def test_property_never_crashes_and_is_faithful(
    rules: RulesResolver, words: list[str], pick: int
) -> None:
    sentence = " ".join(["and", *words]) if pick % 2 else " ".join([*words, "and", "tea"])
    offsets = [m.start() for m in re.finditer(r"\b(and|or|but)\b", sentence)]
    offset = offsets[pick % len(offsets)]
    conj = re.match(r"and|or|but", sentence[offset:])
    assert conj is not None
    example = ConjunctExample("p", sentence, conj.group(0), offset, [], True)
    [res] = rules.analyse([example])
    assert res.sentences, "never an empty answer"
    if not res.changed:
        assert res.sentences == [sentence]
    else:
        assert len(res.sentences) >= 2
        n_input = len(re.findall(rf"\b{conj.group(0)}\b", sentence))
        for out in res.sentences:
            assert out.strip()
            # the marked conjunction is never copied into a rewrite
            assert len(re.findall(rf"\b{conj.group(0)}\b", out)) <= n_input - 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(min_size=0, max_size=60))
def test_property_any_text(rules: RulesResolver, text: str) -> None:
    sentence = text + " and " + text
    offset = len(text) + 1
    example = ConjunctExample("p", sentence, "and", offset, [], True)
    [res] = rules.analyse([example])
    assert res.sentences == [sentence] or len(res.sentences) >= 2
