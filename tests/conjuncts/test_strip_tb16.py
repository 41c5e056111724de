"""Stripping correlates (issue 11, session 15, engineer tb16): general mechanisms found on a
blind set of treebank-register stripping; the sentences here are new.

- a partitive remnant ("three of the horses") answers a phrase as its whole does: its
  similarity and kind are the whole's, so the object is its correlate and the clause's
  other adjuncts stay ("on Sunday");
- a noun phrase of time ("this year", "every Sunday") answers the clause's adjunct of time,
  a prepositional one too, and a frequency adverb before the verb ("usually") holds for the
  left clause alone;
- a subject of the speaker or hearer ("I", "we", "you") is no correlate of a noun-phrase
  remnant of a thing; the verb's one object is then the correlate whatever its words.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

spacy = pytest.importorskip("spacy")

CASES = [
    # a partitive remnant
    ("Firefighters saved the old barn on Sunday, and three of the horses too, the owner said.",
     "and",
     ["Firefighters saved the old barn on Sunday, the owner said.",
      "Firefighters saved three of the horses on Sunday too, the owner said."]),
    ("Police questioned the driver on Friday, and two of the passengers as well.", "and",
     ["Police questioned the driver on Friday.",
      "Police questioned two of the passengers on Friday as well."]),
    # a noun phrase of time for a phrase of time
    ("We usually camp by the lake in August but not this year.", "but",
     ["We usually camp by the lake in August.", "We do not camp by the lake this year."]),
    ("She trained in Leeds last spring, but not this spring.", "but",
     ["She trained in Leeds last spring.", "She did not train in Leeds this spring."]),
    ("That happens not only during the week but also every Sunday in the summer.", "but",
     ["That happens during the week.", "That also happens every Sunday in the summer."]),
    # the speaker is no thing
    ("Honestly I'd suggest the first three books but not the film they shot later.", "but",
     ["Honestly I'd suggest the first three books.",
      "Honestly I'd not suggest the film they shot later."]),
    ("Sadly, I brought a towel, a map and two kinds of sun cream, but not a single warm coat.",
     "but",
     ["Sadly, I brought a towel, a map and two kinds of sun cream.",
      "Sadly, I did not bring a single warm coat."]),
]  # fmt: skip

#: Close sentences that keep their reading.
KEEP = [
    ("We love the beach, and the kids too.", "and",
     ["We love the beach.", "The kids love the beach too."]),
    ("You should try the soup, but not the curry.", "but",
     ["You should try the soup.", "You should not try the curry."]),
    ("Most of the guests left early, but not two of my cousins.", "but",
     ["Most of the guests left early.", "Two of my cousins did not leave early."]),
    ("I have the money but not the time.", "but",
     ["I have the money.", "I do not have the time."]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "conj", "expected"), CASES + KEEP, ids=[c[0][:44] for c in CASES + KEEP]
)
def test_stripping_correlate(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str]
) -> None:
    out, rule = resolve(rules, sentence, conj)
    assert out == expected
    assert rule.startswith("stripping")
