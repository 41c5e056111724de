"""Regressions found by the reviewer of session 13 (issue 11), fixed by the lead.

- A stage of life after *as* ("as a child") is a time adjunct that a stripped remnant after
  *later* drops, except when a parallel *as* phrase follows the conjunction: then it is the
  correlate of a role ("danced as a girl in the ballet, and later as a queen").
- A bare name remnant answers the subject of a passive, not its agent, only when that subject
  is a name ("Maria Lind was hired by Oracle ... and Tom Berg"); after a thing it is a new
  agent ("The mill was leased by Hartley ... and Crossley").
- An *and* after a preposition inside a subject remnant joins two subjects, not words of one
  phrase, when a person noun follows it ("the Count of Foix and Queen Anne") or the parse
  joins the words after it to the subject's own head; the verb is then plural.

Every sentence is written here; each failed on main 2668cf7.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

spacy = pytest.importorskip("spacy")

CASES = [
    ("She danced as a girl in the ballet, and later as a queen.",
     ["She danced as a girl in the ballet.", "She later danced as a queen."]),
    ("The bishop was in Avignon and the Count of Foix and Queen Anne in Pau.",
     ["The bishop was in Avignon.", "The Count of Foix and Queen Anne were in Pau."]),
    # (352bf21) after a thing, a bare name remnant is a new agent of the passive
    ("The mill was leased by Hartley in 1850 and Crossley in 1872.",
     ["The mill was leased by Hartley in 1850.", "The mill was leased by Crossley in 1872."]),
]  # fmt: skip

#: What 352bf21 was for stays: after a named subject the name answers the subject.
KEPT_352 = [
    ("Maria Lind was hired by Oracle in 2011 and Tom Berg in 2013.",
     ["Maria Lind was hired by Oracle in 2011.", "Tom Berg was hired by Oracle in 2013."]),
]  # fmt: skip

#: The guard keeps what the stage-of-life rule was for: the time of the left clause goes.
KEPT = [
    ("She lived in Lyon as a child, and later in Nice.",
     ["She lived in Lyon as a child.", "She later lived in Nice."]),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES + KEPT + KEPT_352, ids=lambda c: c[0][:40])
def test_review_s13(rules: RulesResolver, case: tuple) -> None:  # type: ignore[type-arg]
    sentence, expected = case
    assert resolve(rules, sentence)[0] == expected
