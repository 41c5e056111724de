"""Quality checks of one worker's rewrite set (paper 000, section 4.2 "Crowdsourcing Infrastructure").

The paper enforced, before a worker could submit:

1. no two sentences of the rewritten set are identical (``identical``);
2. the highlighted conjunction is absent from every sentence of the set (``conjunction``);
3. no new content words beyond inflectional variants of words of the input (``new-words``);

and let workers flag an item as a *long list* (more than ten rewrites; such items were removed)
and as *unsure*. Section 3.2 adds that the set must "preserve the meaning of the original
sentence and not add to it"; checks 1-3 cannot see content that is *lost*, so we add two
checks of that constraint, plus two that the paper's interface implies:

4. every content word of the input appears in some sentence of the set (``coverage``);
5. no negation is added or removed (``polarity``);
6. an unchanged (not-rewritable) answer needs an explanation (``explanation``);
7. a rewritable answer needs at least one sentence (``empty``).

Every check returns a :class:`CheckResult` whose ``reason`` is a sentence a worker can read.
``severity`` is ``error`` (the set breaks a rule of the task) or ``flag`` (a remark for the
requester: long list, unsure). :func:`message` joins failed reasons into capitalised
sentences.

**Words.** A token is a number with separators ("40,000", "92.4") or a run of letters and
digits with inner apostrophes ("don't", "Joker's"). Tokens are compared case-folded, with
``’`` read as ``'`` and the thousands commas of numbers dropped ("40,000" = "40000").
Function words are spaCy's English stop-word list, alone or with a clitic ("didn't",
"it's"). Two words
match when one is a form of the other: LemmInflect's lemmas of either word under any part of
speech, every inflection of those lemmas, and possessives ("Joker's" -> "joker"); numbers must
match exactly after normalisation. So "ran"/"runs", "child"/"children" and a copied verb that
the task inflects ("praised" -> "did not praise") all match.

**Check 2** (conjunction): a rewrite may still use the same word elsewhere ("Tom and Jerry"),
so a rewrite fails when it keeps the input's words on both sides of the marked conjunction
("wine and Jane"), or keeps as many occurrences of the word as the input has (the marked one
was not removed). The reason quotes the worker's sentence around the kept word.

**Check 4** (coverage): each content word of the input must match a word of some rewrite.
Words the task legitimately drops ("respectively") are exempt (:data:`MAY_DROP`).

**Check 5** (polarity): negations are "not", "n't", "no", "never", "nothing", "nobody", "none",
"nowhere", "neither", "nor" and "cannot". Each negation of the input has a *scope word*, the
first content word after it in its clause (clauses end at , ; : and the marked conjunction),
and an *anchor*, the last content word before it in its clause. A rewrite's negation is
*added* unless the rewrite contains the scope word or the anchor of some negation of the
input ("Visitors may not smoke or drink" -> "Visitors may not drink" keeps the anchor
"Visitors"). An input negation is *removed* when the rewrites that contain its scope word
(all rewrites, when none does) carry no negation. Moving a negation into a rewritten clause
is allowed, so "but not the strikers" -> "did not praise the strikers" passes. The "not" of
the correlative "not only X but (also) Y" is no negation (its first half is dropped by the
task's convention). Limitation:
a negation of a shared part dropped from only some of the rewrites that contain its scope
word is not caught.

:func:`profile` precomputes what the checks need from the input sentence; the task type hands
the same data to the page's script (``static/conjunct_rewrite.js``), so the live check and the
server judge a rewrite the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from lingeval.conjuncts.omission import NOT_ONLY

__all__ = [
    "LONG_LIST",
    "MAY_DROP",
    "NEGATIONS",
    "CheckResult",
    "Negation",
    "SentenceProfile",
    "check_rewrite_set",
    "content_words",
    "forms",
    "is_negation",
    "is_unchanged",
    "lemmas",
    "message",
    "missing_content_words",
    "new_content_words",
    "normalize_sentence",
    "normalize_token",
    "passed",
    "polarity_problems",
    "profile",
    "tokens",
]

LONG_LIST = 10  # more rewrites than this is a "long list" (section 4.2)
#: Negation words of the polarity check (any word ending in "n't" counts too).
NEGATIONS = frozenset(
    {
        "not",
        "n't",
        "no",
        "never",
        "nothing",
        "nobody",
        "none",
        "nowhere",
        "neither",
        "nor",
        "cannot",
    }
)
#: Content words a rewrite may drop ("A and B scored 3 and 4 respectively").
MAY_DROP = frozenset({"respectively"})

_TOKEN = re.compile(r"\d+(?:[.,]\d+)+|[^\W_]+(?:['’][^\W_]+)*")
_NUMBER_COMMA = re.compile(r"(?<=\d),(?=\d)")
_BREAK = re.compile(r"[,;:()\u2013\u2014]")
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


def tokens(text: str) -> list[str]:
    """The words of ``text`` as written (numbers with separators are one token)."""
    return _TOKEN.findall(text)


def normalize_token(token: str) -> str:
    """Comparison form of a token: case-folded, ``’`` -> ``'``, thousands commas of numbers
    dropped ("40,000" -> "40000")."""
    low = token.casefold().replace("’", "'")
    return _NUMBER_COMMA.sub("", low) if low[:1].isdigit() else low


def _is_number(token: str) -> bool:
    return any(ch.isdigit() for ch in token)


def is_negation(token: str) -> bool:
    """True for a negation word ("not", "didn't", "never", ...; see :data:`NEGATIONS`)."""
    low = normalize_token(token)
    return low in NEGATIONS or low.endswith("n't")


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS) | {"n't", "'s", "s", "t", "ca", "wo", "sha"}


#: Clitics: a function word plus one of these ("didn't", "it's", "they're") is a function word.
CLITICS = ("n't", "'s", "'re", "'ll", "'ve", "'d", "'m")


def _is_function(token: str) -> bool:
    low = normalize_token(token)
    stop = _stop_words()
    if low in stop:
        return True
    return any(low.endswith(clitic) and low[: -len(clitic)] in stop for clitic in CLITICS)


@lru_cache(maxsize=65536)
def lemmas(word: str) -> frozenset[str]:
    """Every lemma LemmInflect knows for ``word`` (any POS) plus the normalised word; a number
    is only itself ("40,000" -> {"40000"})."""
    low = normalize_token(word)
    if _is_number(word):
        return frozenset({low})
    from lemminflect import getAllLemmas

    out = {low}
    for found in getAllLemmas(low).values():
        out.update(f.lower() for f in found)
    if word[:1].isupper():
        for found in getAllLemmas(word).values():
            out.update(f.lower() for f in found)
    # possessives and contractions: "Joker's" -> "joker"
    for suffix in ("'s", "'"):
        if low.endswith(suffix) and len(low) > len(suffix):
            out.update(lemmas(word[: -len(suffix)]))
    return frozenset(out)


@lru_cache(maxsize=65536)
def forms(word: str) -> frozenset[str]:
    """The lemmas of ``word`` and every inflection of them (LemmInflect), lower-cased: the
    forms a rewrite may use for it. A number is only its normalised self."""
    if _is_number(word):
        return lemmas(word)
    from lemminflect import getAllInflections

    out = set(lemmas(word))
    for lemma in list(out):
        for found in getAllInflections(lemma).values():
            out.update(f.lower() for f in found)
    return frozenset(out)


def _strip_possessive(low: str) -> str:
    for suffix in ("'s", "'"):
        if low.endswith(suffix) and len(low) > len(suffix):
            return low[: -len(suffix)]
    return low


def _matches(token: str, allowed: frozenset[str], lemma_set: frozenset[str]) -> bool:
    """``token`` is one of ``allowed`` forms (possessive stripped) or shares a lemma."""
    low = normalize_token(token)
    if low in allowed or _strip_possessive(low) in allowed:
        return True
    return not _is_number(token) and bool(lemmas(token) & lemma_set)


def content_words(text: str) -> list[str]:
    """Words of ``text`` that are not function words (numbers count as content)."""
    return [w for w in tokens(text) if not _is_function(w)]


@dataclass(frozen=True)
class Negation:
    """A negation of the input: the word, a short quote, its scope word (first content word
    after it in its clause) and its anchor (last content word before it in its clause)."""

    word: str
    context: str
    scope: str | None
    anchor: str | None = None

    def words(self) -> tuple[str, ...]:
        """The scope and anchor words (either licenses a negation in a rewrite)."""
        return tuple(w for w in (self.scope, self.anchor) if w is not None)


@dataclass(frozen=True)
class SentenceProfile:
    """What the checks need from the input sentence (also handed to the page's script).

    ``allowed``: forms of the input's words a rewrite may use (lower-cased);
    ``required``: each content word of the input (as first written, in order) with its forms;
    ``negations``: the input's negations with their scope words.
    """

    sentence: str
    allowed: frozenset[str]
    lemma_set: frozenset[str]
    required: tuple[tuple[str, frozenset[str]], ...]
    negations: tuple[Negation, ...]


#: The correlative "not only / just / simply / merely X but (also) Y": its "not" negates nothing
#: the rewrites keep, since the task's convention drops the whole first half of the correlative
#: ("Kim likes not only tea but also coffee" -> "Kim likes tea." / "Kim likes coffee.";
#: docs/conjuncts-resolvers.md, stripping), so it is no negation to keep and its focus word no
#: content word to keep (checks 3 and 5).
_CORRELATIVE_NOT = re.compile(
    rf"\bnot\s+({'|'.join(sorted(NOT_ONLY))})\b(?=.*\bbut\b)", re.IGNORECASE | re.DOTALL
)


def _negations(sentence: str, conj_start: int, conj_end: int) -> tuple[Negation, ...]:
    spans = [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(sentence)]
    correlative = {m.start() for m in _CORRELATIVE_NOT.finditer(sentence)}
    out: list[Negation] = []
    for k, (word, start, end) in enumerate(spans):
        if not is_negation(word) or start in correlative:
            continue
        scope = anchor = None
        right = left = word
        for w, s, e in spans[k + 1 :]:
            if _BREAK.search(sentence[end:s]) or end <= conj_start < s:
                break
            if not _is_function(w):
                scope, right = w, sentence[start:e]
                break
        for w, s, e in reversed(spans[:k]):
            if _BREAK.search(sentence[e:start]) or e <= conj_start < start:
                break
            if not _is_function(w):
                anchor, left = w, sentence[s:end]
                break
        context = right if scope is not None else left
        out.append(Negation(word, context.strip(), scope, anchor))
    return tuple(out)


@lru_cache(maxsize=4096)
def profile(sentence: str, conjunction: str = "", offset: int = -1) -> SentenceProfile:
    """The :class:`SentenceProfile` of an input sentence (cached)."""
    allowed: set[str] = set()
    lemma_set: set[str] = set()
    required: dict[str, tuple[str, frozenset[str]]] = {}
    focus = [m.group(1).lower() for m in _CORRELATIVE_NOT.finditer(sentence)]
    for w in tokens(sentence):
        allowed |= forms(w)
        lemma_set |= lemmas(w)
        low = normalize_token(w)
        if low in focus:  # the correlative's focus word ("not simply X but Y") may go
            focus.remove(low)
            continue
        if not _is_function(w) and low not in MAY_DROP and low not in required:
            required[low] = (w, forms(w))
    start = offset if offset >= 0 else len(sentence)
    negs = _negations(sentence, start, start + len(conjunction))
    return SentenceProfile(
        sentence, frozenset(allowed), frozenset(lemma_set), tuple(required.values()), negs
    )


def new_content_words(source: str, rewrite: str) -> list[str]:
    """Content words of ``rewrite`` that are no form of a word of ``source`` (each listed
    once, in order, as first written)."""
    prof = profile(source)
    out: list[str] = []
    seen: set[str] = set()
    for w in content_words(rewrite):
        low = normalize_token(w)
        if low in seen or _matches(w, prof.allowed, prof.lemma_set):
            continue
        seen.add(low)
        out.append(w)
    return out


def _covers(rewrite_tokens: Sequence[str], word_forms: frozenset[str], word: str) -> bool:
    lemma_set = lemmas(word)
    return any(_matches(t, word_forms, lemma_set) for t in rewrite_tokens)


def missing_content_words(source: str, rewrites: Sequence[str]) -> list[str]:
    """Content words of ``source`` that no sentence of ``rewrites`` contains in any form."""
    prof = profile(source)
    toks = [t for r in rewrites for t in tokens(r)]
    return [w for w, word_forms in prof.required if not _covers(toks, word_forms, w)]


def polarity_problems(
    source: str, rewrites: Sequence[str], conjunction: str = "", offset: int = -1
) -> tuple[list[tuple[int, str]], list[Negation]]:
    """(added, removed): rewrites (1-based number, negation word) with a negation the input
    does not license, and input negations the rewrites lost (see the module docstring)."""
    prof = profile(source, conjunction, offset)
    toks = [tokens(r) for r in rewrites]

    def has(ts: Sequence[str], word: str) -> bool:
        return _covers(ts, forms(word), word)

    def licensed(ts: Sequence[str], n: Negation) -> bool:
        return not n.words() or any(has(ts, w) for w in n.words())

    added: list[tuple[int, str]] = []
    for i, ts in enumerate(toks, 1):
        negs = [t for t in ts if is_negation(t)]
        if negs and not any(licensed(ts, n) for n in prof.negations):
            added.append((i, negs[0]))
    removed: list[Negation] = []
    for n in prof.negations:
        holders = [ts for ts in toks if n.scope is not None and has(ts, n.scope)] or toks
        if not any(is_negation(t) for ts in holders for t in ts):
            removed.append(n)
    return added, removed


def _conj_context(sentence: str, offset: int, conjunction: str) -> tuple[str | None, str | None]:
    left = tokens(sentence[:offset])
    right = tokens(sentence[offset + len(conjunction) :])
    return (left[-1] if left else None, right[0] if right else None)


def _count_word(text: str, word: str) -> int:
    return sum(1 for w in tokens(text) if w.lower() == word.lower())


def _kept_context(rewrite: str, left: str | None, conj: str, right: str | None) -> str | None:
    """The worker's words around the kept conjunction ("wine and Jane"), or None when the
    rewrite does not keep the split point."""
    words = tokens(rewrite)
    low = [w.lower() for w in words]
    c = conj.lower()
    for i, w in enumerate(low):
        if w != c:
            continue
        before = low[i - 1] if i > 0 else None
        after = low[i + 1] if i + 1 < len(low) else None
        if (left is None or before == left.lower()) and (right is None or after == right.lower()):
            return " ".join(words[max(0, i - 1) : i + 2])
    return None


def _first_context(rewrite: str, conj: str) -> str:
    words = tokens(rewrite)
    for i, w in enumerate(words):
        if w.lower() == conj.lower():
            return " ".join(words[max(0, i - 1) : i + 2])
    return conj


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def message(results: Sequence[CheckResult], *, severity: str = "error") -> str:
    """The failed reasons of ``severity`` as capitalised sentences ("A. B.")."""
    out = []
    for r in results:
        if r.ok or r.severity != severity:
            continue
        text = r.reason.strip()
        text = text[:1].upper() + text[1:]
        out.append(text if text.endswith((".", "?", "!")) else text + ".")
    return " ".join(out)


def is_unchanged(sentence: str, rewrites: Sequence[str], rewritable: bool = True) -> bool:
    """The answer leaves the sentence unchanged: marked not rewritable, or one sentence that
    equals the input (:func:`normalize_sentence`)."""
    sents = [r for r in (s.strip() for s in rewrites) if r]
    return not rewritable or (
        len(sents) == 1 and normalize_sentence(sents[0]) == normalize_sentence(sentence)
    )


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
    left the sentence unchanged (then only the explanation is checked). A single sentence
    equal to the input counts as unchanged too.
    """
    results: list[CheckResult] = []
    sents = [r for r in (s.strip() for s in rewrites) if r]
    if is_unchanged(sentence, sents, rewritable):
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
        results.append(_identical(sents))
        results.append(_conjunction(sentence, conjunction, offset, sents))
        results.append(_new_words(sentence, sents))
        if sents:
            results.append(_coverage(sentence, sents))
            results.append(_polarity(sentence, conjunction, offset, sents))
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


def _identical(sents: Sequence[str]) -> CheckResult:
    seen: dict[str, int] = {}
    pairs: list[str] = []
    for i, s in enumerate(sents, 1):
        key = normalize_sentence(s)
        if key in seen:
            pairs.append(f"{seen[key]} and {i}")
        else:
            seen[key] = i
    return CheckResult(
        "identical",
        not pairs,
        "error",
        "no two sentences are identical"
        if not pairs
        else f"sentences {', '.join(pairs)} are identical; each sentence must say something different",
    )


def _conjunction(sentence: str, conjunction: str, offset: int, sents: Sequence[str]) -> CheckResult:
    left, right = _conj_context(sentence, offset, conjunction)
    n_in = _count_word(sentence, conjunction)
    bad: list[tuple[int, str]] = []
    for i, s in enumerate(sents, 1):
        kept = _kept_context(s, left, conjunction, right)
        if kept is None and _count_word(s, conjunction) >= n_in:
            kept = _first_context(s, conjunction)
        if kept is not None:
            bad.append((i, kept))
    if not bad:
        return CheckResult(
            "conjunction",
            True,
            "error",
            f"the highlighted {conjunction!r} is split away in every sentence",
        )
    numbers = ", ".join(str(i) for i, _ in bad)
    quotes = ", ".join(f"'{q}'" for _, q in bad)
    return CheckResult(
        "conjunction",
        False,
        "error",
        f"{_plural(len(bad), 'sentence', 'sentences')} {numbers} still "
        f"{_plural(len(bad), 'contains', 'contain')} the highlighted {conjunction!r} ({quotes}); "
        "split the sentence there instead",
    )


def _new_words(sentence: str, sents: Sequence[str]) -> CheckResult:
    new: list[str] = []
    for s in sents:
        for w in new_content_words(sentence, s):
            if normalize_token(w) not in {normalize_token(x) for x in new}:
                new.append(w)
    return CheckResult(
        "new-words",
        not new,
        "error",
        "no new content words"
        if not new
        else f"{_plural(len(new), 'new word', 'new words')} not in the sentence: {', '.join(new)}; "
        "use only the sentence's words (other forms of them are fine)",
        tuple(new),
    )


def _coverage(sentence: str, sents: Sequence[str]) -> CheckResult:
    missing = missing_content_words(sentence, sents)
    return CheckResult(
        "coverage",
        not missing,
        "error",
        "every content word of the sentence is kept"
        if not missing
        else f"{_plural(len(missing), 'a word', 'words')} of the original {_plural(len(missing), 'is', 'are')} "
        f"in none of your sentences: {', '.join(missing)}; together your sentences must say "
        "everything the original says (or tick 'cannot be rewritten' and say why)",
        tuple(missing),
    )


def _polarity(sentence: str, conjunction: str, offset: int, sents: Sequence[str]) -> CheckResult:
    added, removed = polarity_problems(sentence, sents, conjunction, offset)
    parts: list[str] = []
    if added:
        numbers = ", ".join(str(i) for i, _ in added)
        words = ", ".join(dict.fromkeys(f"'{w}'" for _, w in added))
        parts.append(
            f"{_plural(len(added), 'sentence', 'sentences')} {numbers} "
            f"{_plural(len(added), 'adds', 'add')} a negation ({words}) that the original does not have there"
        )
    if removed:
        quotes = ", ".join(f"'{n.context}'" for n in removed)
        parts.append(f"the negation of the original ({quotes}) is lost; keep it where it belongs")
    return CheckResult(
        "polarity",
        not parts,
        "error",
        "no negation added or removed" if not parts else "; ".join(parts),
        tuple([w for _, w in added] + [n.word for n in removed]),
    )


def passed(results: Sequence[CheckResult]) -> bool:
    """True when no ``error`` check failed (flags do not block)."""
    return all(r.ok for r in results if r.severity == "error")
