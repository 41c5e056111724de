"""Alignment of remnants with correlates in long real-text sentences (issue 11, session 10,
helper i14p): the shapes of the GUM development failures, on sentences written here.

Every sentence is written here (none is in a development set); the expected rewrites were
written before the resolver was run on them. They parse with the default spaCy pipeline.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import resolve_doc

spacy = pytest.importorskip("spacy")


@pytest.fixture(scope="module")
def parser() -> object:
    from lingeval.core.parsing import Parser

    return Parser(None)


def resolved(parser: object, sentence: str, nth: int = -1) -> list[str]:
    """The final rewrites of the ``nth`` and/or/but (default the last)."""
    doc = parser.parse([sentence])[0]  # type: ignore[attr-defined]
    cc = [t.i for t in doc if t.lower_ in {"and", "or", "but"}][nth]
    return list(resolve_doc(doc, cc).sentences)


# a preposition whose object follows ends no correlate: a bare noun phrase remnant after an
# adverb answers the object, and the preposition stays in the rewrite
STRANDED = [
    ("The manuscript passed first to a collector in Lyon and later a museum in Berlin.",
     ["The manuscript passed first to a collector in Lyon.",
      "The manuscript passed later to a museum in Berlin."]),
    ("In the nineties the band opened first for Oasis and then Blur.",
     ["In the nineties the band opened first for Oasis.",
      "In the nineties the band opened then for Blur."]),
    ("The old mill was sold first to a brewer and later a bank.",
     ["The old mill was sold first to a brewer.", "The old mill was sold later to a bank."]),
    ("Her letters went first to her mother and then her sister.",
     ["Her letters went first to her mother.", "Her letters went then to her sister."]),
    ("The prize was given in 2003 to a poet and in 2005 a painter.",
     ["The prize was given in 2003 to a poet.", "The prize was given in 2005 to a painter."]),
    # the remnant's adverb answers the first conjunct's own adverb of time
    ("He first worked as a waiter in Leeds and later as a cook in York.",
     ["He first worked as a waiter in Leeds.", "He later worked as a cook in York."]),
    ("The church was first a barn and later a school.",
     ["The church was first a barn.", "The church was later a school."]),
]  # fmt: skip

# a focus particle ("even", "especially", "only") is no remnant of its own against a manner
# adverb: the adverb stays, the particle goes with the phrase after it
FOCUS = [
    ("Ticket prices differ widely from city to city and even from week to week.",
     ["Ticket prices differ widely from city to city.",
      "Ticket prices differ widely even from week to week."]),
    ("The recipe works best with fresh cherries or even with frozen ones.",
     ["The recipe works best with fresh cherries.", "The recipe works best even with frozen ones."]),
    ("My grandmother spoke softly to the children and especially to the youngest.",
     ["My grandmother spoke softly to the children.",
      "My grandmother spoke softly especially to the youngest."]),
    ("Prices rise sharply in winter and even in spring.",
     ["Prices rise sharply in winter.", "Prices rise sharply even in spring."]),
    # an adverb remnant that contrasts with the first conjunct's adverb replaces it
    ("The committee met regularly in the capital and only rarely in the provinces.",
     ["The committee met regularly in the capital.",
      "The committee met only rarely in the provinces."]),
]  # fmt: skip


# a verbless remnant answers no stretch holding a finite verb of the clause above it (the
# subject's participial phrase without its closing comma)
FINITE = [
    ("Guides with photos, recipes and notes in Danish, divided into 5 sections is sold at the "
     "museum shop as well and as e-books on the main website.",
     ["Guides with photos, recipes and notes in Danish, divided into 5 sections is sold at the "
      "museum shop as well.",
      "Guides with photos, recipes and notes in Danish, divided into 5 sections is sold as "
      "e-books on the main website."]),
    ("Fresh bread, baked in a wood oven each morning is available at the bakery on the square "
     "and at the Sunday market.",
     ["Fresh bread, baked in a wood oven each morning is available at the bakery on the square.",
      "Fresh bread, baked in a wood oven each morning is available at the Sunday market."]),
    ("The report, split into four chapters is published in print as well and as an audio book "
     "read by the author.",
     ["The report, split into four chapters is published in print as well.",
      "The report, split into four chapters is published as an audio book read by the author."]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), STRANDED + FOCUS + FINITE)
def test_alignment(parser: object, sentence: str, expected: list[str]) -> None:
    assert resolved(parser, sentence) == expected
