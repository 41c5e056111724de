"""Candidate generation of the rules resolver, session 11 (issue 11, helper gap11): gapping
and argument clusters inside a clause that opens the sentence; a measure remnant that answers
the measure of an adjective, which stays.

Each shape has must-resolve cases (the shipped resolver's final answer; they failed on the
session-start main ``478c277``) and must-not-change cases close to them. Every sentence is
written here, with its rewrites, before the resolver ran on it; none is in a development set.
"""

from __future__ import annotations

import pytest

from tests.conjuncts.marked import resolved

spacy = pytest.importorskip("spacy")


MUST_RESOLVE = [
    # a verbless conjunct inside an adverbial clause that opens the sentence: the right
    # conjunct ends at the comma before the main clause, which every rewrite keeps
    ("Because residents in the north voted for the plan and residents in the south against"
     " it, the council postponed the decision.",
     ["Because residents in the north voted for the plan, the council postponed the decision.",
      "Because residents in the south voted against it, the council postponed the decision."]),
    ("When participants in the control group saw the images for two seconds and participants"
     " in the test group for five seconds, recall differed sharply.",
     ["When participants in the control group saw the images for two seconds, recall differed"
      " sharply.",
      "When participants in the test group saw the images for five seconds, recall differed"
      " sharply."]),
    # a measure remnant answers the measure before an adjective; the adjective stays
    ("The river is 120 km long and its main tributary 45 km.",
     ["The river is 120 km long.", "Its main tributary is 45 km long."]),
    ("The north tower is 310 metres tall and the south tower 295 metres.",
     ["The north tower is 310 metres tall.", "The south tower is 295 metres tall."]),
    ("The main hall is 40 metres wide and the side chapel 12 metres.",
     ["The main hall is 40 metres wide.", "The side chapel is 12 metres wide."]),
    ("The Nile is about 6,650 km long and the Amazon about 6,400 km.",
     ["The Nile is about 6,650 km long.", "The Amazon is about 6,400 km long."]),
    # a coordination of noun phrases in an opening clause
    ("If you want cheap glass from India and China, this is not your shop.",
     ["If you want cheap glass from India, this is not your shop.",
      "If you want cheap glass from China, this is not your shop."]),
]  # fmt: skip

MUST_NOT_CHANGE = [
    ("Priced at $40 in the United States and at €45 in Europe, the game sold poorly.",
     ["Priced at $40 in the United States, the game sold poorly.",
      "Priced at €45 in Europe, the game sold poorly."]),
    ("Because the striker scored in the first half and the captain in the second, the home"
     " fans went wild.",
     ["Because the striker scored in the first half, the home fans went wild.",
      "Because the captain scored in the second, the home fans went wild."]),
    ("Anna is 12 years old and her brother 9.",
     ["Anna is 12 years old.", "Her brother is 9 years old."]),
    # a coordination of noun phrases in the opening clause
    ("When Anna and Ben arrived, the party started.",
     ["When Anna arrived, the party started.", "When Ben arrived, the party started."]),
    # the coordination is in the main clause
    ("When the storm hit, the roads closed and the schools stayed shut.",
     ["When the storm hit, the roads closed.", "When the storm hit, the schools stayed shut."]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), MUST_RESOLVE + MUST_NOT_CHANGE)
def test_generation_gap11(parser: object, sentence: str, expected: list[str]) -> None:
    assert resolved(parser, sentence) == expected
