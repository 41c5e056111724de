"""Quality checks of one worker's rewrite set (paper 000, section 4.2 "Crowdsourcing Infrastructure").

The paper enforced, before a worker could submit:

1. no two sentences of the rewritten set are identical (``identical``);
2. the highlighted conjunction is absent from every sentence of the set (``conjunction``);
3. no new content words beyond inflectional variants of words of the input (``new-words``);

and let workers flag an item as a *long list* (more than ten rewrites; such items were removed)
and as *unsure*. We add two checks that the paper's interface implies: an unchanged
(not-rewritable) answer needs an explanation (``explanation``), and a rewritable answer needs
at least one sentence (``empty``).

Every check returns a :class:`CheckResult` whose ``reason`` is a sentence a worker can read.
``severity`` is ``error`` (the set breaks a rule of the task) or ``flag`` (a remark for the
requester: long list, unsure).

Details of check 2: a rewrite may still use the same word elsewhere ("Tom and Jerry"), so a
rewrite fails when it keeps the input's words on both sides of the marked conjunction
("wine and Jane"), or keeps as many occurrences of the word as the input has (the marked one
was not removed). Details of check 3: words are compared by lemma with LemmInflect
(all lemmas of a word under any part of speech, plus the lower-cased word itself), so
"ran"/"runs" and "child"/"children" match; function words (spaCy's English stop-word list) are
free; numbers must appear in the input as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = [
    "LONG_LIST",
    "CheckResult",
    "check_rewrite_set",
    "content_words",
    "lemmas",
    "new_content_words",
    "normalize_sentence",
    "passed",
]

LONG_LIST = 10  # more rewrites than this is a "long list" (section 4.2)

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_SPACE = re.compile(r"\s+")
_TRAILING = re.compile(r"[\s.!?;:,]+$")


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one check: ``ok``, a readable ``reason`` and the offending ``words``."""

    check: str
    ok: bool
    severity: str  # "error" or "flag"
    reason: str
    words: tuple[str, ...] = field(default_factory=tuple)


def normalize_sentence(text: str) -> str:
    """Comparison form of a sentence: case-folded, whitespace collapsed, final punctuation and
    spaces before punctuation removed ("Josh likes wine ." == "josh likes wine")."""
    t = _SPACE.sub(" ", text).strip()
    t = re.sub(r"\s+([.,;:!?])", r"\1", t)
    return _TRAILING.sub("", t).casefold()


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS) | {"n't", "'s", "s", "t"}


@lru_cache(maxsize=65536)
def lemmas(word: str) -> frozenset[str]:
    """Every lemma LemmInflect knows for ``word`` (any POS) plus the lower-cased word."""
    from lemminflect import getAllLemmas

    low = word.lower().replace("’", "'")
    out = {low}
    for forms in getAllLemmas(low).values():
        out.update(f.lower() for f in forms)
    if word[:1].isupper():
        for forms in getAllLemmas(word).values():
            out.update(f.lower() for f in forms)
    # possessives and contractions: "Joker's" -> "joker"
    for suffix in ("'s", "'"):
        if low.endswith(suffix) and len(low) > len(suffix):
            out.update(lemmas(word[: -len(suffix)]))
    return frozenset(out)


def content_words(text: str) -> list[str]:
    """Words of ``text`` that are not function words (numbers count as content)."""
    stop = _stop_words()
    return [w for w in _WORD.findall(text) if w.lower().replace("’", "'") not in stop]


def new_content_words(source: str, rewrite: str) -> list[str]:
    """Content words of ``rewrite`` that are no inflectional variant of a word of ``source``."""
    known: set[str] = set()
    for w in _WORD.findall(source):
        known |= lemmas(w)
    out: list[str] = []
    for w in content_words(rewrite):
        if any(ch.isdigit() for ch in w):
            if w.lower() not in known:
                out.append(w)
        elif not (lemmas(w) & known):
            out.append(w)
    return out


def _conj_context(sentence: str, offset: int, conjunction: str) -> tuple[str | None, str | None]:
    left = _WORD.findall(sentence[:offset])
    right = _WORD.findall(sentence[offset + len(conjunction) :])
    return (left[-1] if left else None, right[0] if right else None)


def _count_word(text: str, word: str) -> int:
    return sum(1 for w in _WORD.findall(text) if w.lower() == word.lower())


def _keeps_split_point(rewrite: str, left: str | None, conj: str, right: str | None) -> bool:
    words = [w.lower() for w in _WORD.findall(rewrite)]
    c = conj.lower()
    for i, w in enumerate(words):
        if w != c:
            continue
        before = words[i - 1] if i > 0 else None
        after = words[i + 1] if i + 1 < len(words) else None
        if (left is None or before == left.lower()) and (right is None or after == right.lower()):
            return True
    return False


def check_rewrite_set(
    sentence: str,
    conjunction: str,
    offset: int,
    rewrites: Sequence[str],
    *,
    rewritable: bool = True,
    explanation: str = "",
    unsure: bool = False,
    long_list: bool = False,
) -> list[CheckResult]:
    """Run every check on one worker's answer for one item (section 4.2); see the module doc.

    ``rewrites`` are the worker's sentences in order; ``rewritable=False`` means the worker
    left the sentence unchanged (then only the explanation is checked).
    """
    results: list[CheckResult] = []
    sents = [r for r in (s.strip() for s in rewrites) if r]
    unchanged = not rewritable or (
        len(sents) == 1 and normalize_sentence(sents[0]) == normalize_sentence(sentence)
    )
    if unchanged:
        ok = bool(explanation.strip())
        results.append(
            CheckResult(
                "explanation",
                ok,
                "error",
                "the sentence is left unchanged and the explanation says why"
                if ok
                else "you left the sentence unchanged: please explain why it cannot be rewritten",
            )
        )
    else:
        if not sents and long_list:
            empty_reason = "no sentences needed: marked as a long list"
        elif sents:
            empty_reason = f"{len(sents)} sentence(s) given"
        else:
            empty_reason = "write at least one sentence, or mark the sentence as not rewritable"
        results.append(CheckResult("empty", bool(sents) or long_list, "error", empty_reason))
        # 1. identical sentences
        seen: dict[str, int] = {}
        pairs: list[str] = []
        for i, s in enumerate(sents, 1):
            key = normalize_sentence(s)
            if key in seen:
                pairs.append(f"{seen[key]} and {i}")
            else:
                seen[key] = i
        results.append(
            CheckResult(
                "identical",
                not pairs,
                "error",
                "no two sentences are identical"
                if not pairs
                else f"sentences {', '.join(pairs)} are identical; each sentence must say something different",
            )
        )
        # 2. the highlighted conjunction is gone
        left, right = _conj_context(sentence, offset, conjunction)
        n_in = _count_word(sentence, conjunction)
        bad = [
            i
            for i, s in enumerate(sents, 1)
            if _keeps_split_point(s, left, conjunction, right)
            or _count_word(s, conjunction) >= n_in
        ]
        shown = " ".join(x for x in (left, conjunction, right) if x)
        results.append(
            CheckResult(
                "conjunction",
                not bad,
                "error",
                f"the highlighted {conjunction!r} is split away in every sentence"
                if not bad
                else f"sentence{'s' if len(bad) > 1 else ''} {', '.join(map(str, bad))} still "
                f"contain{'' if len(bad) > 1 else 's'} the highlighted {conjunction!r} ('{shown}'); "
                "split the sentence there instead",
            )
        )
        # 3. no new content words
        new: list[str] = []
        for s in sents:
            for w in new_content_words(sentence, s):
                if w not in new:
                    new.append(w)
        results.append(
            CheckResult(
                "new-words",
                not new,
                "error",
                "no new content words"
                if not new
                else f"new word{'s' if len(new) > 1 else ''} not in the sentence: {', '.join(new)}; "
                "use only the sentence's words (other forms of them are fine)",
                tuple(new),
            )
        )
    # flags
    too_long = len(sents) > LONG_LIST
    is_long = long_list or too_long
    results.append(
        CheckResult(
            "long-list",
            not is_long,
            "flag",
            "not a long list"
            if not is_long
            else (
                f"long list: {len(sents)} sentences (more than {LONG_LIST}); such items are removed"
                if too_long
                else f"marked as a long list (more than {LONG_LIST} rewrites); such items are removed"
            ),
        )
    )
    results.append(
        CheckResult(
            "unsure",
            not unsure,
            "flag",
            "the worker is sure" if not unsure else "the worker marked this answer as unsure",
        )
    )
    return results


def passed(results: Sequence[CheckResult]) -> bool:
    """True when no ``error`` check failed (flags do not block)."""
    return all(r.ok for r in results if r.severity == "error")
