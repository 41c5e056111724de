"""The resolvers' memoised lookups give the uncached answers (lingeval.conjuncts.memo)."""

from __future__ import annotations

import pytest

from lingeval.conjuncts import memo
from lingeval.conjuncts.resolvers import rules
from lingeval.conjuncts.resolvers.rules import Span

spacy = pytest.importorskip("spacy")


def _doc(words: list[str], tags: list[str], heads: list[int], deps: list[str]):  # type: ignore[no-untyped-def]
    from spacy.tokens import Doc
    from spacy.vocab import Vocab

    return Doc(Vocab(), words=words, tags=tags, heads=heads, deps=deps)


def _glasses():  # type: ignore[no-untyped-def]
    # "Cups hold tea and glasses matter" with "matter" tagged as a bare verb
    return _doc(
        ["Cups", "hold", "tea", "and", "glasses", "matter"],
        ["NNS", "VBP", "NN", "CC", "NNS", "VB"],
        [1, 1, 1, 1, 5, 1],
        ["nsubj", "ROOT", "dobj", "cc", "nsubj", "conj"],
    )


def test_inflection_is_lemminflects() -> None:
    from lemminflect import getInflection

    for lemma, tag in [
        ("be", "VBZ"),
        ("be", "VBP"),
        ("have", "VBZ"),
        ("go", "VBD"),
        ("fly", "VBZ"),
        ("hat", "VBZ"),
        ("zorble", "VBZ"),  # out of the dictionary: LemmInflect's rules
        ("mouse", "NNS"),
    ]:
        assert memo.get_inflection(lemma, tag) == tuple(getInflection(lemma, tag=tag))
        assert memo.get_inflection(lemma, tag) == memo.get_inflection(lemma, tag=tag)


def test_memoised_span_functions_answer_as_uncached() -> None:
    memo.clear()
    doc = _glasses()
    for start in range(len(doc)):
        for end in range(start, len(doc)):
            span = Span(start, end)
            for func in (rules._category, rules._np_head, rules._head_of):
                assert func(doc, span) == func.__wrapped__(doc, span)  # type: ignore[attr-defined]
                assert func(doc, span) == func.__wrapped__(doc, span)  # type: ignore[attr-defined]


def test_table_follows_the_nominal_set() -> None:
    """A word the resolver reads as a noun later changes the answers: never a stale one."""
    memo.clear()
    doc = _glasses()
    assert rules._category(doc, Span(5, 5)) == "VP"
    doc.user_data.setdefault("lingeval_nominal", set()).add(5)
    assert rules._category(doc, Span(5, 5)) == "NP"
    assert rules._np_head(doc, Span(4, 5)).i == 5
    # a new set object of the same size is another state too
    doc.user_data["lingeval_nominal"] = {2}
    assert rules._category(doc, Span(5, 5)) == "VP"


def test_docs_do_not_share_tables_and_memory_stays_flat() -> None:
    memo.clear()
    first = _glasses()
    other = _doc(["Ann", "sings"], ["NNP", "VBZ"], [1, 1], ["nsubj", "ROOT"])
    assert rules._category(first, Span(0, 0)) == "NP"
    assert rules._category(other, Span(1, 1)) == "VP"
    assert rules._category(first, Span(1, 1)) == "VP"
    docs = [_glasses() for _ in range(3 * memo.MAX_DOCS)]
    for doc in docs:
        rules._category(doc, Span(0, 2))
    assert len(memo._TABLES) <= memo.MAX_DOCS
