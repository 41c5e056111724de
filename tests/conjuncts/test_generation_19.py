"""Candidate generation 19 of the rules resolver (issue 11, eighth session).

Each shape has a must-resolve case (the shipped resolver's final answer; it failed on the
session-start main ``96a6805``) and must-not-change cases close to it. Every sentence is
written here. They parse with the default spaCy pipeline.
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


MUST_RESOLVE = [
    # a noun phrase of time answers a one-word time adverb before the verb
    ("Mara once played for Leeds United and another time for York City.",
     ["Mara once played for Leeds United.", "Mara another time played for York City."]),
    ("He previously worked in Oslo and this year in Bergen.",
     ["He previously worked in Oslo.", "He this year worked in Bergen."]),
    # a quantifier remnant answers the subject's quantifier; the counted noun stays
    ("Many people came on Monday and fewer on Tuesday.",
     ["Many people came on Monday.", "Fewer people came on Tuesday."]),
    ("Several firms bid in May and many more in June.",
     ["Several firms bid in May.", "Many more firms bid in June."]),
]  # fmt: skip

MUST_NOT_CHANGE = [
    # "days" is a time noun, but "a year earlier" answers no noun phrase of days
    ("There were 9 rainy days in May and 9 a year earlier.",
     ["There were 9 rainy days in May.", "There were 9 a year earlier."]),
    # a subject remnant still replaces the subject, not the adverb
    ("She once lived in Paris and her brother in Rome.",
     ["She once lived in Paris.", "Her brother once lived in Rome."]),
    # a noun phrase remnant after a quantified subject is still an object remnant; a number
    # still answers the subject's number
    ("Many people saw the film in May and the play in June.",
     ["Many people saw the film in May.", "Many people saw the play in June."]),
    ("Ten people came on Monday and four on Tuesday.",
     ["Ten people came on Monday.", "Four people came on Tuesday."]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), MUST_RESOLVE + MUST_NOT_CHANGE)
def test_generation_19_resolves(parser: object, sentence: str, expected: list[str]) -> None:
    assert resolved(parser, sentence) == expected
