"""Sluicing for the ``rules`` resolver (paper 000, section 2: one of the omission types).

A right conjunct that ends in a bare wh-phrase after a verb of knowing ("Kim bought something,
but I don't know what"; "..., but I'm not sure with what") has an elided clause. The rewrite
restores it from the left conjunct:

1. **The sluice** (:func:`find_sluice`): a wh-phrase (*what, who, which, where, when, why,
   how, how many X*, optionally after a preposition) that ends the conjunct, holds no verb, and
   depends on *know, remember, sure, wonder, tell, ...*.
2. **The clause**: a nominal wh-phrase stands for the last indefinite noun phrase of the left
   conjunct (*something, someone, a/an/some N, one of ..., a number of N*), which leaves the
   restored clause; the clause is the one of that phrase's verb. An adverbial or
   prepositional wh-phrase has no correlate; the clause is the last one before the
   conjunction. A subject relative clause becomes a clause with a definite subject ("a
   plumber who fixed the sink" -> "the plumber fixed the sink").
3. **The sentence**: the right conjunct followed by the restored clause ("I don't know what
   Kim bought"; "I'm not sure with what the plumber fixed the sink").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lingeval.conjuncts.resolvers.rules import VERB_TAGS, WH_TAGS
from lingeval.conjuncts.resolvers.vpe import SITE_ADVERBS

if TYPE_CHECKING:
    from spacy.tokens import Token

    from lingeval.conjuncts.resolvers.rules import Resolution, _Analysis

__all__ = ["find_sluice", "resolve_sluicing"]

KNOWING = {
    "know", "remember", "sure", "wonder", "tell", "ask", "guess", "idea", "clue", "recall",
    "forget", "certain", "understand", "explain", "say", "care", "learn", "find", "see",
}  # fmt: skip
NOMINAL_WH = {"what", "who", "whom", "which", "whose"}
#: The indefinite adverb each adverbial wh-word asks about
INDEFINITE_ADVERBS = {
    "where": {"somewhere", "someplace"},
    "when": {"sometime", "someday"},
    "how": {"somehow"},
}
INDEFINITES = {"something", "someone", "somebody", "anything", "anyone", "anybody"}


def find_sluice(an: _Analysis, r_start: int) -> int | None:
    """Index where the sluiced wh-phrase (with its preposition) starts, or None."""
    doc = an.doc
    hi = an.last
    for w in range(r_start, hi + 1):
        if doc[w].tag_ not in WH_TAGS:
            continue
        start = w - 1 if w - 1 >= r_start and doc[w - 1].tag_ == "IN" else w
        if any(doc[i].tag_ in VERB_TAGS for i in range(w, hi + 1)):
            return None  # "what she said": an embedded question with its own clause
        head = doc[start]
        for _ in range(6):
            if head.lemma_.lower() in KNOWING or head.i < r_start:
                break
            head = head.head
        return start if head.lemma_.lower() in KNOWING and r_start <= head.i < start else None
    return None


def _indefinite(an: _Analysis, p: int) -> tuple[int, int] | None:
    """The last indefinite noun phrase before the conjunction: its first and last index."""
    doc = an.doc
    for tok in reversed(doc[: p + 1]):
        low = tok.lower_
        det = [c for c in tok.children if c.dep_ == "det" and c.lower_ in {"a", "an", "some"}]
        num = [c for c in tok.children if c.dep_ == "nummod"]
        if (
            low in INDEFINITES
            or (tok.tag_ in {"NN", "NNS"} and (det or num))
            or (low == "one" and any(c.lower_ == "of" for c in tok.children))
        ):
            return tok.left_edge.i, min(tok.right_edge.i, p)
    return None


def _verb_of(tok: Token) -> Token | None:
    """The nearest verb (no auxiliary) at or above ``tok`` (at most 20 steps up), or None at
    the root."""
    for _ in range(20):
        if tok.tag_ in VERB_TAGS and tok.dep_ not in {"aux", "auxpass"}:
            return tok
        if tok.head.i == tok.i:
            return None
        tok = tok.head
    return None


def resolve_sluicing(an: _Analysis, r_start: int) -> Resolution | None:
    """Rewrite the coordination when its right conjunct ends in a sluice, else None."""
    from lingeval.conjuncts.resolvers.rules import Resolution, _finish, _lower_first, _tokens_text

    doc = an.doc
    start = find_sluice(an, r_start)
    p = an.left_end(an.cc)
    if start is None or p < 0:
        return None
    wh = doc[start + 1] if doc[start].tag_ == "IN" else doc[start]
    nominal = wh.lower_ in NOMINAL_WH or (
        wh.lower_ == "how" and start + 1 <= an.last and doc[start + 1].lower_ in {"many", "much"}
    )
    drop: set[int] = set()
    if nominal and doc[start].tag_ != "IN":
        found = _indefinite(an, p)
        if found is None:
            return None
        drop = set(range(found[0], found[1] + 1))
        verb = _verb_of(doc[found[0]])
    else:
        verb = an.clause_verb(p)
        # below a verb of knowing, the clause it reports ("I know she went out, but I don't
        # know with whom" -> "with whom she went out")
        inner = [c for c in verb.children if c.dep_ == "ccomp" and c.i < an.cc] if verb else []
        if verb is not None and verb.lemma_.lower() in KNOWING and inner:
            verb = inner[-1]
        # the indefinite adverb the wh-word asks about leaves the clause ("She hid the key
        # somewhere, but she can't remember where" -> "where she hid the key")
        if verb is None:
            return None
        drop = {
            c.i
            for c in verb.subtree
            if c.dep_ == "advmod" and c.lower_ in INDEFINITE_ADVERBS.get(wh.lower_, ())
        }
        # (the parser's other reading of "I know [she went out]": "know" a parataxis)
        for c in verb.children:
            if c.dep_ == "parataxis" and c.i < verb.i and c.lemma_.lower() in KNOWING:
                drop.update(range(c.left_edge.i, c.right_edge.i + 1))
    if verb is None or verb.i > an.cc:
        return None
    ids = [i for i in range(verb.left_edge.i, min(verb.right_edge.i, p) + 1) if i not in drop]
    replace: dict[int, str] = {}
    island = False  # a relative clause: no clause is restored after "which"
    if wh.lower_ == "which" and drop and wh.i == an.last - (doc[an.last].is_punct):
        # "which" takes the correlate's noun ("which book"); inside a relative clause (an
        # island) no clause is restored: "They want someone who speaks a Balkan language,
        # but I don't remember which" -> "I don't remember which Balkan language."
        top = max((doc[i] for i in drop if doc[i].head.i not in drop), key=lambda t: t.i)
        words = [i for i in sorted(drop) if i <= top.i]  # without a relative clause
        while len(words) > 1 and doc[words[0]].tag_ == "DT":
            words.pop(0)
        replace[wh.i] = f"{wh.text} {_tokens_text(doc, words)}"
        island = verb.dep_ == "relcl"
    if island:
        second = _tokens_text(doc, list(range(r_start, an.last + 1)), replace)
    else:
        if verb.dep_ == "relcl":
            rel = [
                c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"} and c.tag_ in WH_TAGS
            ]
            noun = verb.head
            if not rel or noun.tag_ not in {"NN", "NNS"}:
                return None  # only subject relatives of a common noun ("a plumber who ...")
            replace[rel[0].i] = f"the {noun.text}"
        ids = [i for i in ids if not doc[i].is_punct or i < ids[-1]]
        while ids and doc[ids[-1]].is_punct:
            ids.pop()
        if not ids:
            return None
        first = doc[ids[0]]
        lowered = _lower_first(first) if first.i == 0 else None
        if lowered is not None:
            replace.setdefault(first.i, lowered)  # "why he left"
        # an adverb after the wh-word goes after the restored clause ("but we don't know how
        # yet" -> "how we will fix the problem yet"), with the comma before it ("why,
        # though" -> "why she left, though")
        tail = an.last
        while tail > wh.i and (
            doc[tail].lower_ in SITE_ADVERBS or (doc[tail].text == "," and tail < an.last)
        ):
            tail -= 1
        second = (
            _tokens_text(doc, list(range(r_start, tail + 1)), replace)
            + " "
            + _tokens_text(doc, ids + list(range(tail + 1, an.last + 1)), replace)
        )
    sents = [
        _finish(_tokens_text(doc, list(range(0, p + 1))), an.final),
        _finish(second, an.final),
    ]
    return Resolution(sents, "sluicing", details={"clause_verb": verb.text})
