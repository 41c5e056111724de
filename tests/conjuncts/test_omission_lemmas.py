"""``omission.has_lemma`` answers as LemmInflect's ``getAllLemmas`` does, without loading it.

The miner's second stage asks, on ordinary text, whether a word after a degree word is an
adjective and no noun (``degree_adjective``); ``has_lemma`` reads LemmInflect's own lemma table
from its bytes instead of importing LemmInflect and parsing the table (a speed change that must
not change any answer, so it is checked here against LemmInflect itself on its whole table).
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts import omission
from lingeval.conjuncts.omission import has_lemma

lemminflect = pytest.importorskip("lemminflect")


def _table_words() -> list[str]:
    from lemminflect.core.Lemmatizer import Lemmatizer

    lem = Lemmatizer()
    return sorted(set(lem._getLemmaDict()) | set(lem._getOverridesDict()))


def test_has_lemma_agrees_with_lemminflect_on_its_whole_table() -> None:
    if omission._lemma_table() is None:
        pytest.skip("LemmInflect's table is not where has_lemma looks")
    words = _table_words()
    assert len(words) > 50_000
    extra = ["", "cheap", "Dim", "CHEAP", "more", "xqzv", "café", "1,000", "a,adj", "'d", "mice"]
    for upos in ("ADJ", "NOUN", "VERB", "ADV", "AUX"):
        # every word for the two degree_adjective asks about, every 10th for the others
        sample = words if upos in ("ADJ", "NOUN") else words[::10]
        for w in sample + extra:
            want = bool(lemminflect.getAllLemmas(w, upos=upos))
            assert has_lemma(w, upos) == want, (w, upos)


def test_known_words_and_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    assert has_lemma("cheap", "ADJ") and not has_lemma("cheap", "NOUN")
    assert has_lemma("dog", "NOUN") and not has_lemma("dog", "ADJ")
    # without the table (another layout of LemmInflect) the answer comes from LemmInflect
    monkeypatch.setattr(omission, "_lemma_words", lambda upos: None)
    assert has_lemma("cheap", "ADJ") and not has_lemma("cheap", "NOUN")
    assert has_lemma("dim", "ADJ") == bool(lemminflect.getAllLemmas("dim", upos="ADJ"))
