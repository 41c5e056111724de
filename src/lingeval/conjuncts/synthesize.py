"""Synthetic gapping data for training resolvers on your own domain (issue 4, item 5).

Paper 000 trains on naturally occurring omissions (section 4); where no annotated data exists,
this module manufactures it in the other direction. In any English text it finds a
coordination of two full clauses (section 3's "each clause describes a unique event") whose
verbs repeat:

    "Maya ordered soup and her brother ordered a salad."

deletes the repeated material from the second clause to make a gapped input, and keeps the
two original clauses, with the shared opening and closing context, as the gold rewrites:

    input  "Maya ordered soup and her brother a salad."
    gold   ["Maya ordered soup.", "Her brother ordered a salad."]

Modes (``modes``): ``verb`` deletes the repeated verb (with identical auxiliaries: gapping);
``verb-object`` also deletes an identical direct object (stripping-like remnants such as
"... and Jane in 2014"). A clause pair qualifies when both verbs share lemma *and* form, the
second has its own subject, every auxiliary of the second matches one of the first, and at
least one remnant besides the subject survives the deletion. Output is task JSONL
(:func:`lingeval.conjuncts.data.write_jsonl`) with ``meta.phenomenon`` =
``synthetic-gapping`` or ``synthetic-stripping`` and ``meta.deleted`` (the removed words).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from lingeval.conjuncts.example import CONJUNCTIONS, ConjunctExample

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = ["MODES", "synthesize_docs", "synthesize_text"]

MODES = ("verb", "verb-object")
SUBJ = {"nsubj", "nsubjpass", "expl"}


def _join(tokens: Sequence[Token]) -> str:
    out = ""
    for n, tok in enumerate(tokens):
        out += tok.text
        if n + 1 < len(tokens):
            nxt = tokens[n + 1]
            adjacent = nxt.i == tok.i + 1
            if adjacent:
                out += tok.whitespace_
            elif not (nxt.is_punct and nxt.text in {",", ".", ";", ":", "!", "?"}):
                out += " "
    return out.strip()


def _finish(text: str, final: str) -> str:
    text = text.strip().rstrip(",;: ")
    if not text:
        return text
    text = text[0].upper() + text[1:]
    if text[-1] not in ".!?":
        text += final
    return text


def _same_words(a: Span | Doc, b: Span | Doc) -> bool:
    return [t.lower_ for t in a] == [t.lower_ for t in b]


def _candidates(sent: Span, modes: Sequence[str]) -> Iterable[tuple[Token, Token, Token, str]]:
    for cc in sent:
        if cc.lower_ not in CONJUNCTIONS or cc.dep_ != "cc":
            continue
        v1 = cc.head
        if v1.pos_ not in {"VERB", "AUX"}:
            continue
        for v2 in v1.children:
            if v2.dep_ != "conj" or v2.i <= cc.i:
                continue
            if v2.lemma_ != v1.lemma_ or v2.text.lower() != v1.text.lower():
                continue
            if not any(c.dep_ in SUBJ and c.i > cc.i for c in v2.children):
                continue
            if not any(c.dep_ in SUBJ for c in v1.children):
                continue
            for mode in modes:
                yield cc, v1, v2, mode
            break


def _make(sent: Span, cc: Token, v1: Token, v2: Token, mode: str) -> ConjunctExample | None:
    doc = sent.doc
    aux1 = [c.lower_ for c in v1.children if c.dep_ in {"aux", "auxpass", "neg"}]
    aux2 = [c for c in v2.children if c.dep_ in {"aux", "auxpass", "neg"}]
    if any(a.lower_ not in aux1 for a in aux2):
        return None
    deleted = {v2.i, *(a.i for a in aux2)}
    if mode == "verb-object":
        o1 = [c for c in v1.children if c.dep_ in {"dobj", "obj"}]
        o2 = [c for c in v2.children if c.dep_ in {"dobj", "obj"}]
        if len(o1) != 1 or len(o2) != 1:
            return None
        s1, s2 = (
            doc[o1[0].left_edge.i : o1[0].right_edge.i + 1],
            doc[o2[0].left_edge.i : o2[0].right_edge.i + 1],
        )
        if not _same_words(s1, s2):
            return None
        deleted |= set(range(s2.start, s2.end))
    remnants = [
        c
        for c in v2.children
        if c.i not in deleted and c.dep_ not in {"punct", "cc", "conj"} | SUBJ
    ]
    if not remnants:
        return None
    # the second clause: v2's subtree without later conjuncts of v2
    later = [c for c in v2.children if c.dep_ == "conj"]
    end2 = min([c.left_edge.i for c in later] + [v2.right_edge.i + 1])
    start2 = min(cc.i + 1, v2.left_edge.i)
    clause2 = [t for t in doc[start2:end2] if not (t.i == end2 - 1 and t.is_punct)]
    # the first clause: from v1's subject to the token before the conjunction
    subj1 = next(c for c in v1.children if c.dep_ in SUBJ)
    start1 = min(subj1.left_edge.i, v1.i)
    opening = [t for t in doc[sent.start : start1]]
    clause1 = [t for t in doc[start1 : cc.i]]
    while clause1 and clause1[-1].text in {",", ";", ":", "-", "--", "—", "–"}:
        clause1 = clause1[:-1]
    closing = [t for t in doc[end2 : sent.end] if not (t.is_punct and t.i == sent.end - 1)]
    while closing and closing[0].is_punct and closing[0].text == ",":
        closing = closing[1:]
    if any(
        t.i > v1.right_edge.i and t.head.i not in range(start2, end2)
        for t in closing
        if not t.is_punct
    ):
        return None  # material after the second clause that the first does not govern
    final = sent[-1].text if sent[-1].text in {".", "!", "?"} else "."
    gold1 = _finish(_join(opening + clause1 + closing), final)
    subj2 = next(c for c in v2.children if c.dep_ in SUBJ and c.i > cc.i)
    own_opening = any(
        cc.i < c.i < subj2.left_edge.i and c.dep_ not in {"punct", "cc"} for c in v2.children
    )
    gold2 = _finish(_join(([] if own_opening else opening) + clause2 + closing), final)
    kept = [t for t in sent if t.i not in deleted]
    gapped = _join(kept)
    if gapped == sent.text.strip() or gold1 == gold2:
        return None
    # locate the conjunction in the gapped text
    offset = 0
    for t in kept:
        if t.i == cc.i:
            break
        offset += len(t.text)
        nxt = kept[kept.index(t) + 1]
        offset += (
            len(t.whitespace_)
            if nxt.i == t.i + 1
            else (0 if nxt.is_punct and nxt.text in {",", "."} else 1)
        )
    if gapped[offset : offset + len(cc.text)] != cc.text:
        return None
    phenomenon = "synthetic-gapping" if mode == "verb" else "synthetic-stripping"
    return ConjunctExample(
        id="",
        sentence=gapped,
        conjunction=cc.text,
        offset=offset,
        rewrites=[gold1, gold2],
        rewritable=True,
        meta={
            "phenomenon": phenomenon,
            "deleted": [doc[i].text for i in sorted(deleted)],
            "source": sent.text,
        },
    )


def synthesize_docs(
    docs: Iterable[Doc], modes: Sequence[str] = MODES, prefix: str = "syn"
) -> list[ConjunctExample]:
    """Synthetic gapped examples from parsed docs (ids ``{prefix}-{n}``), in text order."""
    out: list[ConjunctExample] = []
    seen: set[str] = set()
    for doc in docs:
        for sent in doc.sents:
            for cc, v1, v2, mode in _candidates(sent, modes):
                ex = _make(sent, cc, v1, v2, mode)
                if ex is None or ex.sentence in seen:
                    continue
                seen.add(ex.sentence)
                ex.id = f"{prefix}-{len(out) + 1}"
                out.append(ex)
    return out


def synthesize_text(
    texts: Iterable[str],
    *,
    modes: Sequence[str] = MODES,
    spacy_model: str | None = None,
    progress: bool = False,
    prefix: str = "syn",
) -> list[ConjunctExample]:
    """Parse ``texts`` (lines or paragraphs) with the default pipeline and synthesize examples."""
    from lingeval.core.errors import LingevalError
    from lingeval.core.parsing import Parser

    bad = [m for m in modes if m not in MODES]
    if bad:
        raise LingevalError(f"unknown synthesis mode(s) {bad}; choose from {', '.join(MODES)}")
    parser = Parser(spacy_model, progress=progress)
    docs = parser.parse([t for t in texts if t.strip()])
    return synthesize_docs(docs, modes, prefix=prefix)
