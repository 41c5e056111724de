"""Test helpers: a sentence with its ``nth`` and/or/but marked, and the rules resolver's answer."""

from __future__ import annotations

import re

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
