"""Coordinated authors of one cited work stay together (issue 11; a reviewer's probes of session
11 found "Smith and Jones (2020)" split into two sentences, crediting the work to each author
alone). The shape is read from the surface: names around the conjunction and a year or a
reference number right after the last name."""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

CITATIONS = [
    "This pattern was first described by Smith and Jones (2020) in a study of Dutch speakers.",
    "Earlier work (Garcia and Chen, 2018) found no such effect.",
    "The model of Miller and Park [12] predicts a larger gap.",
    "A later survey by Okafor, Lindqvist and Tanaka (2021b) reached the same conclusion.",
]


@pytest.mark.parametrize("sentence", CITATIONS)
def test_joint_authors_of_a_cited_work_are_not_split(rules: RulesResolver, sentence: str) -> None:
    sents, rule = resolve(rules, sentence)
    assert sents == [sentence]
    assert rule == "unchanged:collective:citation"


def test_names_without_a_citation_are_still_split(rules: RulesResolver) -> None:
    sents, _ = resolve(rules, "We invited Smith and Jones to the workshop in 2020.")
    assert sents == [
        "We invited Smith to the workshop in 2020.",
        "We invited Jones to the workshop in 2020.",
    ]
