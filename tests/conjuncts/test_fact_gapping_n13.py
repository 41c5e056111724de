"""Gapping in encyclopedic fact sentences (issue 11, session 13, helper gapn14): general
causes of failure, each shown on sentences written here.

- A possessive subject with a common noun ("Peru's capital") answered by a possessor and a
  name ("and Chile's Santiago"): the group is two remnants, the possessor (its noun left out)
  and the name (omission.split_possessor); the middle groups of a list are cut the same way
  (rules._segment_like), and a comma between a name and a possessor opens a group
  (rules._inside_name).
- A remnant whose head noun is the head noun of a phrase inside the object or the copula's
  predicate answers that phrase, not the whole ("has a terminal area of 148,000 square
  metres and B 68,000 square metres"; rules._same_head_inside).
- A remnant group that swallows a later remnant of the omission detector whose head noun is
  its parallel's ("and that of Perth, Scotland 810 millimetres") is no remnant
  (rules._swallowed_parallel); a place and its region are one subject also when the tagger
  calls the town plural ("Leeds/NNPS, England").
- A prepositional remnant whose preposition opens no complement of the first clause, holding
  a later one that does, is cut there: the phrase before it modifies the subject remnant
  ("and the new bridge over the Tyne | of steel"; omission._regroup_prepositions).

- Gapping after the second of two verb phrases of one subject ("was born in A and studied
  at B in 1980 and Tom Reed at C in 1984"): the detector takes the subject of the first
  verb phrase (omission, subject region), the resolver the subject of the verb phrase the
  conjunct's verb coordinates with, and the detector's verb rather than its auxiliary ("and
  [is] operated by A and B by C"); the remnants answer the last verb phrase alone
  (rules._build, first_vp); "born" shares its auxiliary with no later past form ("was born
  in A and died in B" -> "his brother died in C").
- A relative clause after the last remnant, on a noun of it, is that remnant's also when
  the detector's conjunct ends before it and the boundary runs past ("and Saab by Gustaf
  Larson, whose brother ..."; resolve_doc with _own_relative); one set off by commas after
  the first remnant, with one more remnant after it, is an aside put back after that
  remnant (rules._relative_close in _asides_between_remnants: "and the Nordic Light Hotel,
  which opened in 2001, 9 floors").
- A name tagged as a plural whose "s" makes no plural of a dictionary noun ("Morgales",
  "Athens") has no known number: the verb keeps its form (rules._is_plural).
- A remnant whose head noun is the head noun of the first conjunct of a coordinated object
  answers the whole coordination ("has [30 floors and a roof garden of 400 square metres],
  and B 25 floors"; rules._same_head_first_conjunct), not the phrase inside the last one.

Every sentence is written here, with the expected rewrites written before the resolver ran
on them; all of them failed on main f16ca40 (the second-VP ones on f55ed98, the relative
clauses and the name in -s on 42552f2, the coordinated object on 7c5c24b), but the last
of SECOND_VP, right before and after.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

spacy = pytest.importorskip("spacy")

MUST_RESOLVE = [
    ("Peru's capital is Lima and Chile's Santiago.",
     ["Peru's capital is Lima.", "Chile's capital is Santiago."]),
    ("Tom's middle name is Edward and Lucy's Margaret.",
     ["Tom's middle name is Edward.", "Lucy's middle name is Margaret."]),
    ("Leeds's mayor is Anne Cole, Derby's Mark Hunt and Bath's Sara Lind.",
     ["Leeds's mayor is Anne Cole.", "Derby's mayor is Mark Hunt.", "Bath's mayor is Sara Lind."]),
    ("Oslo Airport has a terminal area of 148,000 square metres and Bergen Airport 68,000"
     " square metres.",
     ["Oslo Airport has a terminal area of 148,000 square metres.",
      "Bergen Airport has a terminal area of 68,000 square metres."]),
    ("The average rainfall of Leeds, England is 660 millimetres per year and that of Perth,"
     " Scotland 810 millimetres per year.",
     ["The average rainfall of Leeds, England is 660 millimetres per year.",
      "That of Perth, Scotland is 810 millimetres per year."]),
    ("The old bridge is built of oak and the new bridge over the Tyne of steel.",
     ["The old bridge is built of oak.", "The new bridge over the Tyne is built of steel."]),
    # relative clauses of remnants, a name whose "s" is no plural
    ("Volvo was founded by Assar Gabrielsson and Saab by Gustaf Larson, whose brother later"
     " ran a bakery in Oslo.",
     ["Volvo was founded by Assar Gabrielsson.",
      "Saab was founded by Gustaf Larson, whose brother later ran a bakery in Oslo."]),
    ("The Grand Hotel Oslo, which is owned by Strawberry Group, has 12 floors and the Nordic"
     " Light Hotel, which opened in 2001, 9 floors.",
     ["The Grand Hotel Oslo, which is owned by Strawberry Group, has 12 floors.",
      "The Nordic Light Hotel, which opened in 2001, has 9 floors."]),
    ("Zorrax was drawn by Ann Lee and Morgales by Tim Cole.",
     ["Zorrax was drawn by Ann Lee.", "Morgales was drawn by Tim Cole."]),
]  # fmt: skip

#: gapping after a coordination in the first clause: (sentence, nth "and", rewrites)
SECOND_VP = [
    ("Mary Shaw was born in Leeds, England and studied at Oxford in 1980 and Tom Reed at"
     " Cambridge in 1984.", 1,
     ["Mary Shaw was born in Leeds, England and studied at Oxford in 1980.",
      "Tom Reed studied at Cambridge in 1984."]),
    ("Bergen Airport is located in Hordaland and is run by the Norwegian Air Agency and Oslo"
     " Airport by Avinor Group.", 1,
     ["Bergen Airport is located in Hordaland and is run by the Norwegian Air Agency.",
      "Oslo Airport is run by Avinor Group."]),
    ("Peter Hall was born in Bristol and died in Leeds in 1990 and his brother in York in 1994.", 1,
     ["Peter Hall was born in Bristol and died in Leeds in 1990.",
      "His brother died in York in 1994."]),
    # the head noun of the first conjunct of a coordinated object
    ("The Leeds Tower has 30 floors and a roof garden of 400 square metres, and the Hull Tower"
     " 25 floors.", 1,
     ["The Leeds Tower has 30 floors and a roof garden of 400 square metres.",
      "The Hull Tower has 25 floors."]),
    # right before: the participle under the shared auxiliary keeps it
    ("The town hall was designed in 1920 and opened in 1925 and the library in 1931.", 1,
     ["The town hall was designed in 1920 and opened in 1925.",
      "The library was opened in 1931."]),
]  # fmt: skip


@pytest.fixture(scope="module")
def rules() -> RulesResolver:
    return RulesResolver()


@pytest.mark.parametrize("case", MUST_RESOLVE, ids=lambda c: c[0][:48])
def test_fact_gapping_n13(rules: RulesResolver, case: tuple) -> None:  # type: ignore[type-arg]
    sentence, expected = case
    assert resolve(rules, sentence)[0] == expected


@pytest.mark.parametrize("case", SECOND_VP, ids=lambda c: c[0][:48])
def test_gapping_after_second_vp(rules: RulesResolver, case: tuple) -> None:  # type: ignore[type-arg]
    sentence, nth, expected = case
    assert resolve(rules, sentence, nth=nth)[0] == expected
