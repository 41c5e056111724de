"""The resolvers' memoised lookups give the uncached answers (lingeval.conjuncts.memo)."""

from __future__ import annotations

import pytest

from lingeval.conjuncts import memo

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
