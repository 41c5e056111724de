"""Two nominal remnants against a verb with two noun-phrase objects (issue 11, session 11,
helper fix11): the remnants answer the dative and the direct object, an argument cluster,
never the subject and one object ("The bank lent the city 30 million and the region another
12 million in 2021" gave "The region lent another 12 million in 2021" after 7707ff9, the
reviewer's regression). A verb with one object, three remnants, or a closing phrase of time
on another verb keep the gapping reading.

Every sentence is written here, with the expected rewrites written before the resolver ran
on them.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

spacy = pytest.importorskip("spacy")

MUST_RESOLVE = [
    # failed on main 93347f3 (the gapping reading: "The region lent ...")
    ("The bank lent the city 30 million and the region another 12 million in 2021.",
     ["The bank lent the city 30 million in 2021.",
      "The bank lent the region another 12 million in 2021."]),
]  # fmt: skip

MUST_NOT_CHANGE = [
    ("The council gave the school a new roof and the library new windows in 2018.",
     ["The council gave the school a new roof in 2018.",
      "The council gave the library new windows in 2018."]),
    ("The foundation awarded the hospital two grants and the university three fellowships"
     " in May.",
     ["The foundation awarded the hospital two grants in May.",
      "The foundation awarded the university three fellowships in May."]),
    ("My uncle sent the twins a postcard and their cousin a parcel on Monday.",
     ["My uncle sent the twins a postcard on Monday.",
      "My uncle sent their cousin a parcel on Monday."]),
    # one object: the first remnant is the subject
    ("The bank lent 30 million and the region 12 million in 2021.",
     ["The bank lent 30 million in 2021.", "The region lent 12 million in 2021."]),
    # three remnants: subject, dative and object
    ("Anna gave her brother a book and Tom his sister a scarf on Friday.",
     ["Anna gave her brother a book on Friday.", "Tom gave his sister a scarf on Friday."]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), MUST_RESOLVE + MUST_NOT_CHANGE)
def test_two_object_cluster(rules: RulesResolver, sentence: str, expected: list[str]) -> None:
    assert resolve(rules, sentence)[0] == expected
