"""Stripping correlates (issue 11, session 15, engineer tb16): general mechanisms found on a
blind set of treebank-register stripping; the sentences here are new.

- a partitive remnant ("three of the horses") answers a phrase as its whole does: its
  similarity and kind are the whole's, so the object is its correlate and the clause's
  other adjuncts stay ("on Sunday");
- a noun phrase of time ("this year", "every Sunday") answers the clause's adjunct of time,
  a prepositional one too, and a frequency adverb before the verb ("usually") holds for the
  left clause alone;
- a subject of the speaker or hearer ("I", "we", "you") is no correlate of a noun-phrase
  remnant of a thing; the verb's one object is then the correlate whatever its words;
- a closing prepositional phrase of time ("by Tuesday") of a remnant answers the clause's
  phrase of time;
- a person remnant answers a subject that names people rather than a thing object;
- "as far as I know / we can tell" closing the sentence is a comment clause every rewrite
  shares;
- a remnant set off by commas on both sides, followed by a purpose or adverbial clause: the
  clause is shared (tried first);
- an inverted VP-ellipsis site ("and so does X", "and neither did X") followed by a reporting
  clause (", analysts said", ',” he told the press') shares it (vpe._reports).
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
    # a person for a subject, a closing comment clause
    ("Ms. Lee rented the flat, and not her brother, as far as I know.", "and",
     ["Ms. Lee rented the flat, as far as I know.",
      "Her brother did not rent the flat, as far as I know."]),
    ("The museum owns the painting, but not the frame, as far as we can tell.", "but",
     ["The museum owns the painting, as far as we can tell.",
      "The museum does not own the frame, as far as we can tell."]),
    ("Sadly, I brought a towel, a map and two kinds of sun cream, but not a single warm coat.",
     "but",
     ["Sadly, I brought a towel, a map and two kinds of sun cream.",
      "Sadly, I did not bring a single warm coat."]),
]  # fmt: skip

#: Inverted VP ellipsis with a reporting clause after it.
VPE = [
    ("The bakery opens at six on weekdays, and so does the cafe next door, locals said.",
     ["The bakery opens at six on weekdays, locals said.",
      "The cafe next door does open at six on weekdays, locals said."]),
    ("\u201cLook, the council never answered the letter, and neither did the mayor,\u201d he"
     " told the press.",
     ["\u201cLook, the council never answered the letter,\u201d he told the press.",
      "\u201cLook, the mayor did not answer the letter,\u201d he told the press."]),
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
    # without an object the speaker subject stays the correlate (review rv15, R1)
    ("We closed early, but not the pharmacy.", "but",
     ["We closed early.", "The pharmacy did not close early."]),
    ("I objected, and the union as well.", "and",
     ["I objected.", "The union objected as well."]),
    ("Tom hired a lawyer, and not his cousin.", "and",
     ["Tom hired a lawyer.", "Tom did not hire his cousin."]),
    ("I didn't trust the menu, or the waiters either, to be honest.", "or",
     ["I didn't trust the menu, to be honest.",
      "I didn't trust the waiters either, to be honest."]),
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


@pytest.mark.parametrize(("sentence", "expected"), VPE, ids=[c[0][:44] for c in VPE])
def test_inverted_site_shares_a_reporting_clause(
    rules: RulesResolver, sentence: str, expected: list[str]
) -> None:
    out, rule = resolve(rules, sentence)
    assert out == expected
    assert rule == "vp-ellipsis"


def test_purpose_clause_after_a_remnant_in_commas_is_shared(rules: RulesResolver) -> None:
    """Only the remnant's sentence had the clause on main 5a806f2."""
    out, rule = resolve(
        rules, "Votes were counted by hand, and not by machine, to avoid disputes later."
    )
    assert rule == "stripping-negation"
    assert out == [
        "Votes were counted by hand, to avoid disputes later.",
        "Votes were not counted by machine, to avoid disputes later.",
    ]


def test_time_phrase_closing_a_hedged_remnant(rules: RulesResolver) -> None:
    """A closing prepositional phrase of time answers the clause's phrase of time: two
    remnants after "probably", an argument cluster (was a subject reading on main 9533d1c)."""
    out, rule = resolve(
        rules,
        "The flood will reach the valley on Monday, and probably the town by Tuesday evening,"
        " officials said.",
    )
    assert out == [
        "The flood will reach the valley on Monday, officials said.",
        "The flood will probably reach the town by Tuesday evening, officials said.",
    ]
    assert rule == "argument-cluster"
