"""Coordinations that name one thing or only hedge stay unchanged: a coordinated subject with a
singular verb (paper 000, section 8: collective readings are non-rewritable) and spoken hedges
("or something"); sentences written here."""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve


@pytest.mark.parametrize(
    "sentence",
    [
        "Laurel and Hardy was the first film I ever saw.",
        "Hall and Oates has sold millions of records.",
        "Macaroni and cheese is on the menu tonight.",
        "Former goalkeeper and current coach Anna Berg is leaving the club.",
        # an apposition naming the one person after the coordination
        "The editor and publisher of the magazine, Tom Reyes, was arrested.",
    ],
)
def test_singular_verb_keeps_the_coordination_whole(rules: RulesResolver, sentence: str) -> None:
    sentences, rule = resolve(rules, sentence, "and")
    assert (sentences, rule) == ([sentence], "unchanged:collective:agreement")


@pytest.mark.parametrize(
    ("sentence", "conj", "expected"),
    [
        # a plural verb: distributive, split
        (
            "Laurel and Hardy were born in different countries.",
            "and",
            ["Laurel was born in different countries.", "Hardy was born in different countries."],
        ),
        # a disjunction takes a singular verb anyway: no evidence
        (
            "A fine or a warning is given to first offenders.",
            "or",
            ["A fine is given to first offenders.", "A warning is given to first offenders."],
        ),
    ],
)
def test_no_agreement_evidence_splits(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str]
) -> None:
    sentences, rule = resolve(rules, sentence, conj)
    assert sentences == expected
    assert not rule.startswith("unchanged")


def test_every_opens_a_distributive_subject(rules: RulesResolver) -> None:
    sentences, rule = resolve(rules, "Every nurse and doctor has a pager.", "and")
    assert rule != "unchanged:collective:agreement"
    assert sentences[0] == "Every nurse has a pager."
    assert len(sentences) == 2  # (the second loses the shared "Every": a coordination matter)


@pytest.mark.parametrize(
    ("sentence", "conj"),
    [
        ("We could meet at the library or something.", "or"),
        ("She was upset and everything, so we left.", "and"),
        ("They sell lamps, rugs, cushions and stuff.", "and"),
        ("You can take the bus or whatever.", "or"),
    ],
)
def test_a_spoken_hedge_is_no_conjunct(rules: RulesResolver, sentence: str, conj: str) -> None:
    sentences, rule = resolve(rules, sentence, conj)
    assert (sentences, rule) == ([sentence], "unchanged:idiom")


def test_a_comma_set_stripping_conjunct_is_no_name(rules: RulesResolver) -> None:
    sentences, rule = resolve(rules, "The pilot, and not the passengers, was injured.", "and")
    assert rule != "unchanged:collective:agreement"
    assert len(sentences) == 2


def test_a_restricting_adverb_stays_with_its_correlate(rules: RulesResolver) -> None:
    # review rv10 (regression of session 9): "mostly" restricts "about politics" only
    sentences, _ = resolve(rules, "She sings mostly in French and sometimes in Greek.", "and")
    assert sentences == ["She sings mostly in French.", "She sometimes sings in Greek."]


def test_a_comment_clause_is_no_listed_clause(rules: RulesResolver) -> None:
    # review rv10 (regression of 57c1163): "I suppose" is an aside, not a clause of a list
    sentences, _ = resolve(
        rules, "Anyway, I suppose, the band played well, and the crowd sang along.", "and"
    )
    assert "Anyway, I suppose." not in sentences
    assert not any(s.endswith("I suppose.") for s in sentences)
