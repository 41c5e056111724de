"""Regressions found by the reviewer of session 13 (issue 11), fixed by the lead.

- A stage of life after *as* ("as a child") is a time adjunct that a stripped remnant after
  *later* drops, except when a parallel *as* phrase follows the conjunction: then it is the
  correlate of a role ("danced as a girl in the ballet, and later as a queen").
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
]  # fmt: skip

#: The guard keeps what the stage-of-life rule was for: the time of the left clause goes.
KEPT = [
    ("She lived in Lyon as a child, and later in Nice.",
     ["She lived in Lyon as a child.", "She later lived in Nice."]),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES + KEPT, ids=lambda c: c[0][:40])
def test_review_s13(rules: RulesResolver, case: tuple) -> None:  # type: ignore[type-arg]
    sentence, expected = case
    assert resolve(rules, sentence)[0] == expected
