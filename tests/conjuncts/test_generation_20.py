"""Candidate generation 20 of the rules resolver (issue 11, session 9, helper i13a): argument
clusters and gapping of encyclopedic and news text (the ``written-clusters`` shapes).

Each shape has must-resolve cases (the shipped resolver's final answer; they failed on the
session-start main ``864932f``) and must-not-change cases close to them. Every sentence is
written here; none is in a development set. They parse with the default spaCy pipeline.
"""

from __future__ import annotations

import pytest

from tests.conjuncts.marked import resolved

spacy = pytest.importorskip("spacy")


MUST_RESOLVE = [
    # a number remnant inside a prepositional phrase: its counted noun is spelled out
    ("She lived in Paris for six years and in Vienna for two.",
     ["She lived in Paris for six years.", "She lived in Vienna for two years."]),
    ("Mia taught for ten years in Oslo and for three in Bergen.",
     ["Mia taught for ten years in Oslo.", "Mia taught for three years in Bergen."]),
    ("The vote passed by 12 votes to 3 in May and by 15 to 1 in June.",
     ["The vote passed by 12 votes to 3 in May.", "The vote passed by 15 votes to 1 in June."]),
    # a frequency word answers a frequency with its rate
    ("Feed the cat twice a day and the dog once.",
     ["Feed the cat twice a day.", "Feed the dog once a day."]),
    # a currency sign goes with the number it marks, not with the remnant
    ("Copper rose $3.50 to $9,100 a tonne and zinc 80 cents to $2,600.",
     ["Copper rose $3.50 to $9,100 a tonne.", "Zinc rose 80 cents to $2,600."]),
    # a closing prepositional phrase of time that the parser attaches inside the last remnant
    # is shared by both rewrites when the first conjunct has no time of its own
    ("The group will cut 2,000 jobs in Ohio and about 900 in Iowa over the next three years.",
     ["The group will cut 2,000 jobs in Ohio over the next three years.",
      "The group will cut about 900 jobs in Iowa over the next three years."]),
    ("The airline will retire ten jets in Europe and six in Asia over the coming years.",
     ["The airline will retire ten jets in Europe over the coming years.",
      "The airline will retire six jets in Asia over the coming years."]),
    # a name with a number is one singular subject
    ("The satellite Orion 4 was launched in 2019 and Orion 5 in 2021.",
     ["The satellite Orion 4 was launched in 2019.", "Orion 5 was launched in 2021."]),
]  # fmt: skip

MUST_NOT_CHANGE = [
    ("Group A was formed in May and Group B in June.",
     ["Group A was formed in May.", "Group B was formed in June."]),
    # a time phrase answers the first conjunct's own time: a remnant, not shared
    ("Prices rose 5% in Paris in March and 3% in Rome in April.",
     ["Prices rose 5% in Paris in March.", "Prices rose 3% in Rome in April."]),
    ("She worked in Oslo in 2010 and in Bergen over the next two years.",
     ["She worked in Oslo in 2010.", "She worked in Bergen over the next two years."]),
    # an ordinal keeps its nominal ellipsis (only verbs are restored)
    ("The first game ended 3-1 and the second 0-0.",
     ["The first game ended 3-1.", "The second game ended 0-0."]),
    ("The team played in the first round and in the second.",
     ["The team played in the first round.", "The team played in the second round."]),
    # a year counts nothing
    ("Output grew 4% for the nine months and 2% for 2023.",
     ["Output grew 4% for the nine months.", "Output grew 2% for 2023."]),
    ("Oil rose $1.10 to $82 and gas 4 cents to $2.95.",
     ["Oil rose $1.10 to $82.", "Gas rose 4 cents to $2.95."]),
    # a remnant with a noun of its own replaces the whole noun phrase
    ("She stayed in Rome for three weeks and in Milan for a month.",
     ["She stayed in Rome for three weeks.", "She stayed in Milan for a month."]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), MUST_RESOLVE + MUST_NOT_CHANGE)
def test_generation_20(parser: object, sentence: str, expected: list[str]) -> None:
    assert resolved(parser, sentence) == expected
