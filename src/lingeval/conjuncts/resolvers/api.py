"""Resolve raw sentences: pick the conjunction, run a resolver, keep the provenance.

The conjunction to split is given by character offset, by occurrence index among the
sentence's and/or/but tokens, by the paper's ``<SPLIT> and </SPLIT>`` marking (section 7), or
chosen automatically: every and/or/but is a candidate and the resolver runs on all of them in
one batch; the leftmost candidate resolved by a verbal-omission rule (gapping, argument
cluster, stripping, VP ellipsis: the phenomena the task is about) is taken, else the leftmost
candidate with any rewrite (two or more sentences), else the sentence comes back unchanged,
marked at its first candidate. ``all_candidates=True`` returns one result per candidate instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lingeval.conjuncts.example import SPLIT_CLOSE, SPLIT_OPEN, ConjunctExample
from lingeval.conjuncts.resolvers.base import Resolver, load_resolver
from lingeval.core.errors import LingevalError

__all__ = ["ResolvedItem", "candidates", "resolve_examples", "resolve_sentences"]


@dataclass
class ResolvedItem:
    """One resolved input: the example (with ``rewrites`` set to the prediction) and its rule."""

    example: ConjunctExample
    rule: str | None = None

    @property
    def rewrites(self) -> list[str]:
        return self.example.rewrites

    def as_dict(self, resolver: str) -> dict[str, Any]:
        from lingeval.conjuncts.data import example_to_dict

        record = example_to_dict(self.example)
        record["resolver"] = resolver
        if self.rule is not None:
            record["rule"] = self.rule
        return record


def candidates(sentence: str, sid: str = "input") -> list[ConjunctExample]:
    """One task input per and/or/but of ``sentence`` (left to right)."""
    from lingeval.conjuncts.data import conjunction_offsets

    return [
        ConjunctExample(f"{sid}" if n == 0 else f"{sid}#{n}", sentence, conj, off, [], True)
        for n, (off, conj) in enumerate(conjunction_offsets(sentence))
    ]


def _target(sentence: str, sid: str, offset: int | None, index: int | None) -> ConjunctExample:
    from lingeval.conjuncts.data import _locate, conjunction_offsets, parse_marked

    if SPLIT_OPEN in sentence or SPLIT_CLOSE in sentence:
        try:
            text, off, conj = parse_marked(sentence)
        except ValueError as exc:
            raise LingevalError(f"{sid}: {exc}") from None
        return ConjunctExample(sid, text, conj, off, [], True)
    if offset is not None:
        found = dict(conjunction_offsets(sentence))
        if offset not in found:
            raise LingevalError(
                f"{sid}: no and/or/but starts at character offset {offset}; offsets: {sorted(found)}"
            )
        return ConjunctExample(sid, sentence, found[offset], offset, [], True)
    try:
        off, conj = _locate(sentence, None, index)
    except ValueError as exc:
        raise LingevalError(f"{sid}: {exc}") from None
    return ConjunctExample(sid, sentence, conj, off, [], True)


def _run(
    resolver: Resolver, batch: Sequence[ConjunctExample]
) -> list[tuple[list[str], str | None]]:
    from lingeval.conjuncts.resolvers.rules import RulesResolver

    if not batch:
        return []
    if isinstance(resolver, RulesResolver):
        return [(r.sentences, r.rule) for r in resolver.analyse(batch)]
    return [(out, None) for out in resolver.resolve(batch)]


def _with(example: ConjunctExample, rewrites: list[str]) -> ConjunctExample:
    rewrites = [s for s in rewrites if s.strip()] or [example.sentence]
    unchanged = len(rewrites) == 1 and rewrites[0] == example.sentence
    return ConjunctExample(
        example.id,
        example.sentence,
        example.conjunction,
        example.offset,
        rewrites,
        rewritable=not unchanged,
        split=example.split,
        meta=dict(example.meta),
    )


OMISSION_RULES = ("gapping", "argument-cluster", "stripping", "vp-ellipsis")


def _rank(item: ResolvedItem) -> int:
    """Auto choice: a verbal-omission rewrite first, then any rewrite, then unchanged."""
    if not item.example.rewritable:
        return 2
    if item.rule is not None and item.rule.startswith(OMISSION_RULES):
        return 0
    return 1


def resolve_examples(
    examples: Sequence[ConjunctExample], resolver: Resolver | str = "rules"
) -> list[ResolvedItem]:
    """Resolve task examples whose conjunction is already marked (gold rewrites are replaced)."""
    res = load_resolver(resolver)
    return [
        ResolvedItem(_with(ex, out), rule)
        for ex, (out, rule) in zip(examples, _run(res, examples), strict=True)
    ]


def resolve_sentences(
    sentences: Sequence[str],
    resolver: Resolver | str = "rules",
    *,
    offset: int | None = None,
    index: int | None = None,
    all_candidates: bool = False,
    ids: Sequence[str] | None = None,
) -> list[ResolvedItem]:
    """Resolve raw sentences; see the module docstring for how the conjunction is chosen.

    A sentence without any and/or/but comes back unchanged (rule ``unchanged:no-conjunction``).
    """
    res = load_resolver(resolver)
    ids = list(ids) if ids is not None else [f"s{n + 1}" for n in range(len(sentences))]
    explicit: list[ConjunctExample | None] = []
    pools: list[list[ConjunctExample]] = []
    for sid, sentence in zip(ids, sentences, strict=True):
        if (
            SPLIT_OPEN in sentence
            or SPLIT_CLOSE in sentence
            or offset is not None
            or index is not None
        ):
            explicit.append(_target(sentence, sid, offset, index))
            pools.append([])
        else:
            explicit.append(None)
            pools.append(candidates(sentence, sid))
    batch = [ex for ex in explicit if ex is not None] + [ex for pool in pools for ex in pool]
    results = dict(zip((id(ex) for ex in batch), _run(res, batch), strict=True))
    out: list[ResolvedItem] = []
    for sid, sentence, ex, pool in zip(ids, sentences, explicit, pools, strict=True):
        if ex is not None:
            rewrites, rule = results[id(ex)]
            out.append(ResolvedItem(_with(ex, rewrites), rule))
            continue
        if not pool:
            item = ResolvedItem(
                ConjunctExample(sid, sentence, "", 0, [sentence], rewritable=False),
                "unchanged:no-conjunction",
            )
            out.append(item)
            continue
        resolved = [ResolvedItem(_with(c, results[id(c)][0]), results[id(c)][1]) for c in pool]
        if all_candidates:
            out.extend(resolved)
            continue
        chosen = min(resolved, key=_rank)
        out.append(chosen)
    return out
