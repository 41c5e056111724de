"""Conjunct resolvers and their registry (``--resolver NAME[:ARGS]``).

Built in: ``copy``, ``copy-k[:K]`` (calibration baselines), ``rules`` (the default;
dependency-parse rules), ``seq2seq:MODEL`` (a fine-tuned encoder-decoder) and ``llm:MODEL``
(few-shot prompting of an OpenAI-compatible endpoint). Register your own with::

    from lingeval.core.registry import registry

    @registry.resolvers("mine")
    def make_mine(args: str | None, **options) -> Resolver: ...
"""

from __future__ import annotations

from typing import Any

from lingeval.conjuncts.resolvers.base import Resolver, load_resolver, parse_spec
from lingeval.core.errors import LingevalError
from lingeval.core.registry import registry

__all__ = ["DEFAULT_RESOLVER", "Resolver", "load_resolver", "parse_spec"]

DEFAULT_RESOLVER = "rules"


@registry.resolvers("copy")
def make_copy(args: str | None = None, **options: Any) -> Resolver:
    from lingeval.conjuncts.resolvers.copy import CopyResolver

    return CopyResolver()


@registry.resolvers("copy-k")
def make_copy_k(args: str | None = None, **options: Any) -> Resolver:
    from lingeval.conjuncts.resolvers.copy import CopyKResolver

    if args:
        try:
            k = int(args)
        except ValueError:
            raise LingevalError(f"copy-k:K needs an integer K, got {args!r}") from None
        return CopyKResolver(k)
    return CopyKResolver()


@registry.resolvers("rules")
def make_rules(args: str | None = None, **options: Any) -> Resolver:
    from lingeval.conjuncts.resolvers.rules import RulesResolver

    return RulesResolver(
        spacy_model=args or options.get("spacy_model"), ranker=options.get("ranker")
    )


@registry.resolvers("seq2seq")
def make_seq2seq(args: str | None = None, **options: Any) -> Resolver:
    from lingeval.conjuncts.resolvers.seq2seq import Seq2SeqResolver

    if not args:
        raise LingevalError("seq2seq needs a model: --resolver seq2seq:PATH_OR_NAME")
    return Seq2SeqResolver(args, device=options.get("device"))


@registry.resolvers("llm")
def make_llm(args: str | None = None, **options: Any) -> Resolver:
    from lingeval.conjuncts.resolvers.llm import LLMResolver

    if not args:
        raise LingevalError("llm needs a model name: --resolver llm:MODEL")
    return LLMResolver(args)
