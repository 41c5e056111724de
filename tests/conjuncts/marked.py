"""Test helpers: a sentence with its ``nth`` and/or/but marked, and the rules resolver's answer."""

from __future__ import annotations

import re

import pytest

from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.resolvers.rules import RulesResolver


def ex(sentence: str, conj: str = "and", nth: int = 0) -> ConjunctExample:
    """The example whose marked conjunction is the ``nth`` whole-word ``conj`` of ``sentence``."""
    offsets = [m.start() for m in re.finditer(rf"\b{conj}\b", sentence)]
    return ConjunctExample("t", sentence, conj, offsets[nth], [], True)


def resolve(
    rules: RulesResolver, sentence: str, conj: str = "and", nth: int = 0
) -> tuple[list[str], str]:
    """The rewrites and the rule name the resolver gives for :func:`ex`'s example."""
    [res] = rules.analyse([ex(sentence, conj, nth)])
    return res.sentences, res.rule


Case = tuple[str, str, list[str]]


def shape_cases(
    must_resolve: list[Case], must_not_change: list[Case], width: int = 48
) -> list[pytest.ParameterSet]:
    """``pytest`` parameters ``(sentence, conj, expected, new)`` of a shape's sentences:
    ``new`` is True for the ones the shape must resolve (they failed on the main before it),
    False for the close ones whose rewrite must not change; each named by the first
    ``width`` characters of its sentence."""
    return [
        pytest.param(*case, new, id=case[0][:width])
        for cases, new in ((must_resolve, True), (must_not_change, False))
        for case in cases
    ]


def resolved(parser: object, sentence: str, nth: int = -1) -> list[str]:
    """The final rewrites of the ``nth`` and/or/but of ``sentence`` (default the last),
    parsed by the ``parser`` fixture and resolved by :func:`resolve_doc`."""
    from lingeval.conjuncts.resolvers.rules import resolve_doc

    doc = parser.parse([sentence])[0]  # type: ignore[attr-defined]
    cc = [t.i for t in doc if t.lower_ in {"and", "or", "but"}][nth]
    return list(resolve_doc(doc, cc).sentences)
