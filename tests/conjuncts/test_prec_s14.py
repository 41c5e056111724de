"""Noun-phrase coordinations that are no omission (issue 11, session 14, engineer prec15).

On real text (the mining labels, benchmarks/conjuncts_omission_precision.py; the EWT+PUD
regression text) the rules resolver read many ordinary noun-phrase coordinations as gapping
("on the A and B post offices" -> "B tried to calculate ... on post offices"). Two guards on
the gapping and argument-cluster analyses (rules._np_split_remnants,
rules._object_conjunct_subject) send them back to conjunction reduction:

- a remnant that hangs on a word of another remnant by a noun-phrase-internal dependency
  ("and [finance director] [P. M.]": a bare common noun before a name) cuts one noun phrase
  in two, unless the correlates are cut alike;
- a subject remnant that the parse coordinates with a noun of the first conjunct after its
  subject, followed by a prepositional remnant whose preposition is not its correlate's,
  when that noun is no argument of the verb but inside a noun phrase ("the cost of the
  bridge and [the route] [beyond it]").

Real gapping stays: parallel prepositions ("as an editor ... as a translator"), dates,
two noun phrases ("and her brother the cello"). The sentences are new.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

spacy = pytest.importorskip("spacy")

#: Each was read as gapping on main 9e7bc2d.
REDUCTION = [
    ("Several local farmers raised doubts about the cost of the bridge and the route beyond"
     " it.",
     ["Several local farmers raised doubts about the cost of the bridge.",
      "Several local farmers raised doubts about the cost of the route beyond it."]),
    ("The audit began in April, focusing on Dr Lowe and deputy head Simon Hart.",
     ["The audit began in April, focusing on Dr Lowe.",
      "The audit began in April, focusing on deputy head Simon Hart."]),
    ("Local residents raised concerns about the size of the tower and the shadow behind it.",
     ["Local residents raised concerns about the size of the tower.",
      "Local residents raised concerns about the size of the shadow behind it."]),
    ("The review looked at Mr Okafor and sales director Hanna Berg, who joined the firm in"
     " 2019.",
     ["The review looked at Mr Okafor.",
      "The review looked at sales director Hanna Berg, who joined the firm in 2019."]),
    ("The inquiry opened in March, looking at Ms Ferreira and finance director Paulo Mendes,"
     " who left the bank in May.",
     ["The inquiry opened in March, looking at Ms Ferreira.",
      "The inquiry opened in March, looking at finance director Paulo Mendes, who left the"
      " bank in May."]),
    # session 15: a title before both names (reviewer rv15's probe shape; failed on 81ff787)
    ("The memo blames deputy mayor Ken Ito and city treasurer Rosa Lind.",
     ["The memo blames deputy mayor Ken Ito.", "The memo blames city treasurer Rosa Lind."]),
]  # fmt: skip

#: Gapping that must stay gapping.
GAPPING = [
    ("Kira works as an editor and Tomas Lind as a translator.",
     ["Kira works as an editor.", "Tomas Lind works as a translator."]),
    ("The first ferry left on 3 May 2019 and the last ferry on 9 October 2021.",
     ["The first ferry left on 3 May 2019.", "The last ferry left on 9 October 2021."]),
    ("The gold cup went to Kenya and the silver to Norway.",
     ["The gold cup went to Kenya.", "The silver went to Norway."]),
    ("Mira plays the violin and her brother the cello.",
     ["Mira plays the violin.", "Her brother plays the cello."]),
    # session 15: a title before a name answering the verb's own argument, not a preposition's
    ("Its current chairman is Ivo Rask and head coach Lena Moor.",
     ["Its current chairman is Ivo Rask.", "Head coach is Lena Moor."]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), REDUCTION, ids=[s[:40] for s, _ in REDUCTION])
def test_np_coordination_is_reduction(
    rules: RulesResolver, sentence: str, expected: list[str]
) -> None:
    out, rule = resolve(rules, sentence)
    assert out == expected
    assert rule == "coordination"


@pytest.mark.parametrize(("sentence", "expected"), GAPPING, ids=[s[:40] for s, _ in GAPPING])
def test_gapping_stays(rules: RulesResolver, sentence: str, expected: list[str]) -> None:
    out, rule = resolve(rules, sentence)
    assert out == expected
    assert rule == "gapping"


def test_both_is_no_gapping(rules: RulesResolver) -> None:
    """A correlative "both" opens the first conjunct: "both ... and" joins two phrases, never
    two clauses (rules._both_before); was gapping on main 7d5603a."""
    out, rule = resolve(
        rules, "The museum sells both postcards and framed prints of the old harbour."
    )
    assert rule == "coordination"
    assert out[1] == "The museum sells framed prints of the old harbour."
