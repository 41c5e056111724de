"""The matcher's prefilter (``MiningPattern.needs``) never changes what is mined.

A pattern's ``needs`` are necessary conditions (a dependency label, optionally with a part of
speech, that some token must bear); ``match_sentence`` skips a pattern whose needs a sentence
does not meet. These tests check that claim three ways: on random trees (every time a pattern
fires, its needs are met), on parsed sentences we wrote (same matches with and without the
prefilter), and end to end (``mine_texts`` gives the same candidates, evidence included).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from lingeval.conjuncts.mining.patterns import (
    MiningPattern,
    SentView,
    get_patterns,
    match_sentence,
    need,
)

FIX = Path(__file__).parent / "fixtures" / "mining"

_DEPS = [
    "conj", "cc", "prep", "pobj", "pcomp", "agent", "dobj", "attr", "oprd", "nsubj",
    "nsubjpass", "expl", "ccomp", "xcomp", "aux", "auxpass", "advmod", "compound", "nmod",
    "npadvmod", "acomp", "amod", "det", "punct", "relcl", "neg",
]  # fmt: skip
_POS = ["VERB", "AUX", "NOUN", "PROPN", "ADJ", "NUM", "ADP", "ADV", "PART", "PRON", "PUNCT"]


#: labels and parts of speech the patterns treat alike in some places and apart in others
_SIBLINGS = [
    ["pobj", "pcomp"], ["prep", "agent"], ["dobj", "obj", "iobj", "attr", "oprd", "pobj"],
    ["nsubj", "nsubjpass", "nsubj:pass", "csubj", "expl"], ["xcomp", "oprd", "ccomp"],
    ["aux", "auxpass"], ["nmod", "compound", "npadvmod", "amod"], ["oprd", "acomp", "attr"],
    ["NOUN", "PROPN", "ADJ", "NUM", "PRON"], ["VERB", "AUX"], ["ADP", "PART", "ADV"],
]  # fmt: skip


def mutate(s: SentView, rng: random.Random) -> SentView:
    """``s`` with one to three changes: a token relabelled, retagged or reattached (to a token
    outside its own subtree, so the result stays a tree), or every token of one label or part
    of speech given a sibling one (``pobj`` -> ``pcomp`` everywhere)."""
    dep, pos, head = list(s.dep), list(s.pos), list(s.head)
    n = len(s.words)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(n)
        what = rng.randrange(4)
        if what == 3:
            group = rng.choice(_SIBLINGS)
            seq = pos if group[0].isupper() else dep
            old, new = rng.sample(group, 2)
            seq[:] = [new if x == old else x for x in seq]
        elif what == 0 and dep[i] != "cc":
            dep[i] = rng.choice(_DEPS)
        elif what == 1:
            pos[i] = rng.choice(_POS)
        elif head[i] >= 0:
            view = SentView(s.text, s.words, pos, dep, head, s.idx)
            targets = [h for h in range(n) if h != i and not view.dominated_by(h, i)]
            head[i] = rng.choice(targets)
    return SentView(s.text, s.words, pos, dep, head, s.idx, tag=s.tag)


@pytest.fixture(scope="module")
def written_sentences() -> list[str]:
    """The mining fixture (sentences we wrote) and every pattern's example sentence."""
    lines = (FIX / "sentences.txt").read_text(encoding="utf-8").splitlines()
    return [*(ln for ln in lines if ln.strip()), *(p.example for p in get_patterns())]


@pytest.fixture(scope="module")
def parsed(written_sentences: list[str]) -> list[SentView]:
    from lingeval.core.parsing import load_pipeline

    return [SentView.from_span(doc) for doc in load_pipeline().pipe(written_sentences)]


def test_needs_hold_whenever_a_pattern_fires_on_mutated_parses(parsed: list[SentView]) -> None:
    """Parses of our sentences, mutated near what the patterns look for: whenever a pattern
    fires, the sentence meets its needs (so the prefilter would not have skipped it)."""
    rng = random.Random(15)
    pats = [p for p in get_patterns() if p.needs]
    assert len(pats) >= 21  # the 21 of A.7 declare needs
    fired: Counter[str] = Counter()
    for _ in range(150):
        for base in parsed:
            s = mutate(base, rng)
            for p in pats:
                if p(s):
                    fired[p.name] += 1
                    assert p.may_match(s), (p.name, s)
    # the check is only meaningful for patterns that fired: nearly all of them did
    assert len(fired) >= 0.9 * len(pats), sorted({p.name for p in pats} - set(fired))


def test_prefilter_skips_exactly_the_patterns_whose_needs_fail() -> None:
    s = SentView(
        "Tom likes tea , but Anna coffee .",
        ["Tom", "likes", "tea", ",", "but", "Anna", "coffee", "."],
        ["PROPN", "VERB", "NOUN", "PUNCT", "CCONJ", "PROPN", "NOUN", "PUNCT"],
        ["nsubj", "ROOT", "dobj", "punct", "cc", "conj", "dobj", "punct"],
        [1, -1, 1, 1, 1, 1, 5, 1],
        [0, 4, 10, 14, 16, 20, 25, 32],
    )
    calls: list[str] = []

    def spy(name: str) -> MiningPattern:
        def match(sent: SentView) -> list[int | None]:
            calls.append(name)
            return [4]

        return MiningPattern(name, "test", "-", "-", "-", "-", match, needs)

    needs = (need("conj", "PROPN"),)
    met = spy("met")
    needs = (need("conj", "ADP"),)
    unmet = spy("unmet")
    needs = (need("ccomp"),)
    unmet_label = spy("unmet-label")
    needs = ()
    always = spy("always")
    pats = [met, unmet, unmet_label, always]
    assert match_sentence(s, pats) == {4: ["met", "always"]}
    assert calls == ["met", "always"]
    calls.clear()
    assert match_sentence(s, pats, prefilter=False) == {
        4: ["met", "unmet", "unmet-label", "always"]
    }
    assert calls == ["met", "unmet", "unmet-label", "always"]
    assert need(frozenset({"nsubj", "expl"})) == (frozenset({"nsubj", "expl"}), None)


def test_same_matches_with_and_without_prefilter_on_parsed_sentences(
    parsed: list[SentView],
) -> None:
    pats = get_patterns()
    found = 0
    for s in parsed:
        fast = match_sentence(s, pats)
        assert fast == match_sentence(s, pats, prefilter=False), s.text
        found += bool(fast)
    assert found >= len(parsed) // 2  # most of them are candidates


def test_mined_candidates_identical_with_and_without_prefilter(
    written_sentences: list[str],
) -> None:
    """End to end, second stage included, and ``split`` both ways (one unit of all sentences)."""
    from lingeval.conjuncts.mining.miner import mine_doc
    from lingeval.core.parsing import load_pipeline

    nlp = load_pipeline()
    docs = [*nlp.pipe(written_sentences), nlp(" ".join(written_sentences))]
    n_found = 0
    for doc in docs:
        for split in (False, True):
            fast = mine_doc(doc, split)
            assert fast == mine_doc(doc, split, prefilter=False), doc.text
            n_found += len(fast[1])
    assert n_found >= len(written_sentences)  # most sentences are candidates, in both modes


def test_mine_reports_the_time_spent_matching(tmp_path: Path) -> None:
    from lingeval.conjuncts.mining.miner import mine

    res = mine(FIX / "sentences.txt", tmp_path / "o.jsonl")
    assert res.match_seconds is not None and 0 < res.match_seconds < res.seconds
    rows = {row[0]: row[1] for row in res.tables()[0].rows}
    assert rows["% of it matching + 2nd stage"] == round(100 * res.match_seconds / res.seconds, 1)


def test_verb_lexicon_is_read_from_disk_without_loading_a_second_pipeline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Mining with another --spacy-model must not load the default pipeline again just for the
    second stage's lemma lists; the lists are the same as the loaded pipeline's."""
    import lingeval.core.parsing as parsing
    from lingeval.conjuncts.mining import evidence

    nlp = parsing.load_pipeline()
    table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_index")
    assert parsing.peek_pipeline_id() == parsing.pipeline_id(nlp)
    loads: list[object] = []
    monkeypatch.setattr(parsing, "load_pipeline", lambda *a, **k: loads.append(a))
    evidence._verb_lexicon.cache_clear()
    try:
        verbs, nouns = evidence._verb_lexicon()
    finally:
        evidence._verb_lexicon.cache_clear()
    assert not loads
    assert (verbs, nouns) == (frozenset(table["verb"]), frozenset(table["noun"])) and verbs
