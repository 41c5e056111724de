"""Fixtures of the conjunct tests: the default rules resolver, loaded once per module."""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers import load_resolver
from lingeval.conjuncts.resolvers.rules import RulesResolver


@pytest.fixture(scope="module")
def rules() -> RulesResolver:
    res = load_resolver("rules")
    assert isinstance(res, RulesResolver)
    return res


@pytest.fixture(scope="module")
def parser() -> object:
    """The default spaCy pipeline behind :class:`lingeval.core.parsing.Parser` (skips
    without spaCy)."""
    pytest.importorskip("spacy")
    from lingeval.core.parsing import Parser

    return Parser(None)
