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
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from lingeval.conjuncts.example import CONJUNCTIONS, ConjunctExample
from lingeval.conjuncts.omission import DO_SUPPORT, VERB_TAGS
from lingeval.conjuncts.ranker import KIND_GROUPS, phrase_kind

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = [
    "MODES",
    "PARALLEL_KINDS",
    "synthesize_docs",
    "synthesize_parallel_docs",
    "synthesize_text",
]

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
                _keep(out, seen, _make(sent, cc, v1, v2, mode), prefix)
    return out


def _keep(
    out: list[ConjunctExample], seen: set[str], ex: ConjunctExample | None, prefix: str
) -> None:
    """Append ``ex`` with the next id unless it is None or its sentence was seen."""
    if ex is None or ex.sentence in seen:
        return
    seen.add(ex.sentence)
    ex.id = f"{prefix}-{len(out) + 1}"
    out.append(ex)


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


# --------------------------------------------------------------------------------------------
# Gapped coordinations from any clause with parallel phrases (issue 11)

PARALLEL_KINDS = (
    "gapping",
    "argument-cluster",
    "coordination",
    "stripping",
    "stripping-object",
    "gapping-list",
    "subject-pp",
)
COMPLEMENT_DEPS = {
    "dobj",
    "obj",
    "attr",
    "dative",
    "oprd",
    "npadvmod",
    "prep",
    "agent",
    "acomp",
    "advmod",
}
#: adverbs that are not parallel phrases (focus particles, negation, stripping markers)
NOT_REMNANT_ADVERBS = {"not", "n't", "never", "also", "too", "even", "just", "only", "so", "then"}
PLURAL_WORDS = {"they", "we", "these", "those", "both", "many", "several"}
SINGULAR_WORDS = {"he", "she", "it", "this", "that", "everyone", "somebody", "someone"}


def _number(head: Token) -> str | None:
    low = head.lower_
    if low in PLURAL_WORDS or head.tag_ in {"NNS", "NNPS"}:
        return "pl"
    if low in SINGULAR_WORDS or head.tag_ in {"NN", "NNP"}:
        return "sg"
    return None


def _phrase_kind(tok: Token) -> str | None:
    """Category of a complement subtree: NP, NUM, ADJ or PP:<preposition>; None otherwise."""
    if tok.dep_ in {"prep", "agent"}:
        if not any(c.dep_ == "pobj" for c in tok.children):
            return None
        return f"PP:{tok.lower_}"
    if tok.dep_ == "advmod":
        if tok.tag_ not in {"RB", "RBR"} or tok.lower_ in NOT_REMNANT_ADVERBS:
            return None
        return "ADV"
    if tok.dep_ == "acomp":
        return "ADJ" if tok.tag_.startswith("JJ") else None
    if tok.tag_ == "CD" or any(c.tag_ == "CD" and c.dep_ == "nummod" for c in tok.children):
        return "NUM"
    if tok.tag_ in {"NN", "NNS", "NNP", "NNPS", "PRP"} or tok.pos_ in {"NOUN", "PROPN"}:
        return "NP"
    return None


@dataclass
class _Clause:
    """A real clause: opening, subject, verb group, complements (each a list of tokens), and
    the shared material after them (``tail``: a to-infinitive, a that-clause, an adverbial
    clause), which never becomes a remnant."""

    opening: list[Token]
    subject: list[Token]
    verbs: list[Token]
    complements: list[list[Token]]
    signature: tuple[str, ...]
    number: str
    final: str
    tail: list[Token] = field(default_factory=list)
    #: the subject's own prepositional modifier ("[sales] [of cars]") and its preposition
    subject_pp: tuple[list[Token], list[Token], str] | None = None
    deep: bool = False  # the verb group is a chain of raising/control verbs


TAIL_DEPS = {"xcomp", "ccomp", "advcl"}


def _tail(sent: Span, deep: Token) -> tuple[Token | None, list[Token], list[Token]]:
    """Shared material after the complements of ``deep``: its last dependent when that is a
    clause (xcomp/ccomp/advcl) reaching the end of the sentence. Returns the clause's head,
    the tokens of a subject of its own that may serve as a complement ("expects [Ann] to
    win"; empty for none) and the tokens that stay shared."""
    after = [c for c in deep.children if c.i > deep.i and c.dep_ not in {"punct"}]
    if not after or after[-1].dep_ not in TAIL_DEPS:
        return None, [], []
    head = after[-1]
    toks = list(sent.doc[head.left_edge.i : head.right_edge.i + 1])
    if len(toks) > 10 or any(t.tag_ == "CC" or (t.is_punct and t.text != "-") for t in toks):
        return None, [], []
    subj = next((c for c in head.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if subj is not None and head.dep_ in {"ccomp", "xcomp"} and subj.left_edge.i == toks[0].i:
        own = list(sent.doc[subj.left_edge.i : subj.right_edge.i + 1])
        rest = toks[len(own) :]
        if rest and rest[0].lower_ == "to":
            return head, own, rest
    if subj is not None:
        return None, [], []  # a finite clause with a subject of its own: not shared material
    return head, [], toks


def _clauses(sent: Span) -> Iterable[_Clause]:
    """Clauses that make good templates: S V(-chain) C1..Ck [shared clause] and nothing else;
    the main clause with its opening phrase, and every conjoined, complement or adverbial
    clause with a subject of its own, taken alone."""
    for verb in sent:
        if verb == sent.root or verb.dep_ in {"conj", "ccomp", "advcl"}:
            yield from _clause(sent, verb)


def _clause(sent: Span, root: Token) -> Iterable[_Clause]:
    """The template clause headed by ``root`` (none when it does not fit)."""
    if root.tag_ not in {"VBD", "VBZ", "VBP", "VB", "MD"} and root.pos_ not in {"VERB", "AUX"}:
        return
    if root.tag_ in {"VBG", "VBN"} and not any(c.dep_.startswith("aux") for c in root.children):
        return
    subj = next((c for c in root.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if subj is None or subj.i > root.i:
        return
    top = root == sent.root
    if not top:
        own = [c for c in root.children if c.dep_ not in {"conj", "cc", "punct", "parataxis"}]
        stop = max(c.right_edge.i for c in own) if own else root.i
        outside = {
            t.i for c in root.children if c.dep_ in {"conj", "cc", "parataxis"} for t in c.subtree
        }
        if any(i in outside for i in range(subj.left_edge.i, stop + 1)):
            return
    deep = root
    for _ in range(4):  # follow a chain of raising/control verbs to the deepest verb
        nxt = next(
            (
                c
                for c in deep.children
                if c.dep_ == "xcomp" and c.i > deep.i and c.left_edge.i == deep.i + 1
            ),
            None,
        )
        if nxt is None:
            break
        deep = nxt
    tail_head, tail_subj, tail = _tail(sent, deep)
    comps = [
        c
        for c in deep.children
        if c.i > deep.i and c.dep_ in COMPLEMENT_DEPS and (tail_head is None or c.i < tail_head.i)
    ]
    if len(comps) + bool(tail_subj) == 0 or len(comps) + bool(tail_subj) > 3:
        return
    toks = list(sent) if top else list(sent.doc[subj.left_edge.i : stop + 1])
    last = len(toks) - 1
    while last >= 0 and toks[last].is_punct:
        last -= 1
    final = toks[-1].text if top and toks[-1].text in {".", "!", "?"} else "."
    end = tail[-1].i if tail else max(c.right_edge.i for c in comps) if comps else -1
    if last < 0 or end != toks[last].i:
        return  # material after the last complement
    spans: list[list[Token]] = []
    kinds: list[str] = []
    prev_end = None
    for c in comps:
        kind = _phrase_kind(c)
        if kind is None:
            return
        span = list(sent.doc[c.left_edge.i : c.right_edge.i + 1])
        if any(t.tag_ in {"CC"} | VERB_TAGS for t in span):
            return  # coordinated or clausal complements
        if any(t.is_punct and t.text not in {"%", "$", "-", "'s"} for t in span):
            return
        if prev_end is not None and c.left_edge.i != prev_end + 1:
            return
        prev_end = c.right_edge.i
        spans.append(span)
        kinds.append(kind)
    if tail_subj:
        if prev_end is not None and tail_subj[0].i != prev_end + 1:
            return
        if any(t.tag_ in {"CC"} | VERB_TAGS or t.is_punct for t in tail_subj):
            return
        if tail_subj[-1].tag_ not in {"NN", "NNS", "NNP", "NNPS", "PRP"}:
            return
        spans.append(tail_subj)
        kinds.append("NP")
        prev_end = tail_subj[-1].i
    if tail and prev_end is not None and tail[0].i != prev_end + 1:
        return
    s_toks = list(sent.doc[subj.left_edge.i : subj.right_edge.i + 1])
    if any(t.tag_ in {"CC", "VBD", "VBZ", "VBP", "MD", "VB"} or t.text == "," for t in s_toks):
        return
    number = _number(subj)
    if number is None or subj.lower_ in {"i", "you", "we", "that", "this", "there"}:
        return
    if s_toks[-1].tag_ == "POS" or s_toks[0].tag_ in {"UH", "CC", "IN"}:
        return
    if not s_toks[0].text[:1].isalnum() or any(t.is_punct for t in s_toks):
        return
    verbs = list(sent.doc[subj.right_edge.i + 1 : spans[0][0].i])
    if not verbs or len(verbs) > 8 or any(t.is_punct or t.text[:1] in "'’" for t in verbs):
        return
    if any(t.tag_ == "CC" or t.dep_ in {"nsubj", "dobj"} for t in verbs):
        return
    if not any(t.tag_ in {"VBD", "VBZ", "VBP", "MD"} for t in verbs):
        return  # a finite clause only ("the world to go away" is not a sentence)
    opening = list(sent.doc[sent.start : subj.left_edge.i]) if top else []
    if opening and (
        opening[-1].text != ","
        or opening[0].tag_ not in {"IN", "RB", "CD", "NNP", "DT", "JJ", "VBN", "VBG"}
        or any(t.tag_ in {"CC", "UH"} for t in opening)
    ):
        return
    if len(opening) > 8 or len(s_toks) > 6 or sum(len(s) for s in spans) > 14:
        return
    subject_pp = None
    pp = next((c for c in subj.children if c.dep_ == "prep" and c.i > subj.i), None)
    if pp is not None and pp.right_edge.i == s_toks[-1].i and pp.lower_ in {"of", "in", "for"}:
        cut = pp.left_edge.i - s_toks[0].i
        if cut > 0 and any(c.dep_ == "pobj" for c in pp.children):
            subject_pp = (s_toks[:cut], s_toks[cut:], pp.lower_)
    yield _Clause(
        opening, s_toks, verbs, spans, tuple(kinds), number, final, tail, subject_pp, deep != root
    )


def _text(tokens: Sequence[Token]) -> str:
    return _join(list(tokens))


def _cat(*parts: str) -> str:
    """Join phrases with one space, none before a clitic ("'s", "n't") or punctuation."""
    out = ""
    for part in parts:
        if not part:
            continue
        glue = not out or part[0] in ",.;:%" or part.startswith(("'", "’", "n't"))
        out += part if glue else " " + part
    return out


def _mid(tokens: Sequence[Token]) -> str:
    """A phrase that moves into the middle of a sentence: lower-case a capitalised article."""
    text = _text(tokens)
    first = tokens[0]
    if first.tag_ not in {"NNP", "NNPS"} and first.lower_ != "i" and text[:1].isupper():
        text = text[0].lower() + text[1:]
    return text


def _number_split(tokens: Sequence[Token]) -> tuple[str, str, str] | None:
    """``"three airports"`` -> ("", "three", "airports"): a quantity whose noun may stay."""
    idx = [n for n, t in enumerate(tokens) if t.tag_ == "CD"]
    if not idx:
        return None
    a, b = idx[0], idx[0]
    while b + 1 < len(tokens) and tokens[b + 1].tag_ == "CD":
        b += 1
    if a > 0 and tokens[a - 1].text == "$":
        a -= 1
    while b + 1 < len(tokens) and tokens[b + 1].text == "%":
        b += 1
    rest = tokens[b + 1 :]
    if not rest or not (rest[0].tag_ in {"NN", "NNS"} or rest[0].lower_ == "of"):
        return None
    if any(t.lower_ in {"one", "1"} for t in tokens[a : b + 1]):
        return None  # keep the noun's number unchanged
    return _text(tokens[:a]), _text(tokens[a : b + 1]), _text(rest)


def _approximate(split_a: tuple[str, str, str] | None, split_b: tuple[str, str, str]) -> str | None:
    """The number remnant of :func:`_number_split`'s ``split_b``, with the adverbs of quantity
    before it ("nearly 20") when the template's number has none ("Rome has three airports and
    Milan nearly 20" -> "Milan has nearly 20 airports"; issue 11, eighth session); otherwise
    the number alone."""
    from lingeval.conjuncts.resolvers.rules import QUANTITY_ADVERBS

    words = split_b[0].split()
    template_bare = split_a is not None and not split_a[0]
    if words and template_bare and all(w.lower() in QUANTITY_ADVERBS for w in words):
        return _cat(split_b[0], split_b[1])
    return split_b[1]


def _example(
    kind: str,
    a: _Clause,
    others: Sequence[_Clause],
    k: int,
    trailing: int = 0,
    sep: str = ",",
    frame: tuple[str, _Clause] | None = None,
) -> ConjunctExample | None:
    """One synthetic example of ``kind`` from template clause ``a`` and remnant clauses.

    The remnants replace ``k`` complements; the last ``trailing`` complements of ``a`` and its
    shared clause (``a.tail``: "Tom expects Ann [to win], and Sue Bob") are left out of the
    remnant groups and stay in every rewrite ("... by 3% on Monday and gas prices by 5%" ->
    "Gas prices rose by 5% on Monday"). ``subject-pp``: the first remnant replaces the
    subject's own prepositional modifier ("Sales of cars rose 5% and of trucks 3%").
    ``sep`` separates the groups of a list ("," or ";"). ``frame`` = (subordinator, main
    clause) puts the whole coordination into an opening subordinate clause whose main clause
    is shared by every rewrite ("While sales rose 4% and profits 6%, the firm cut jobs").
    (Stripping: :func:`_stripping_example`.)
    """
    opening = _text(a.opening) if a.opening else ""
    subj_a, verbs = _mid(a.subject), _text(a.verbs)
    comps_a = [_text(c) for c in a.complements]
    tail_a = _text(a.tail) if a.tail else ""
    word, main_clause = "", ""
    if frame is not None:
        if a.opening:
            return None
        word, main = frame
        comps_m = [_text(c) for c in main.complements]
        main_clause = _cat(_mid(main.subject), _text(main.verbs), *comps_m, _text(main.tail))

    def done(text: str) -> str:
        return _finish(f"{word} {text}, {main_clause}" if word else text, a.final)

    first = subj_a if a.opening or word else _text(a.subject)
    left = _cat(word, opening, first, verbs, *comps_a, tail_a)
    gold = [done(_cat(opening, subj_a, verbs, *comps_a, tail_a))]
    gapped = kind in {"gapping", "gapping-list", "subject-pp"}
    groups: list[str] = []
    for b in others:
        comps_b = [_text(c) for c in b.complements]
        stop = len(comps_a) - trailing
        shared = comps_a[: stop - k]
        tail = [*comps_a[stop:], tail_a]
        new = comps_b[len(comps_b) - k :] if k else []  # b's own last k complements
        numeric = k >= 1 and not trailing and not tail_a and bool(b.complements)
        split_a = _number_split(a.complements[-1]) if numeric else None
        bare_b = numeric and all(t.tag_ == "CD" or t.text in {"$", "%"} for t in b.complements[-1])
        split_b = _number_split(b.complements[-1]) if split_a else None
        if split_a and bare_b and not gapped:
            return None  # "Rome has three airports and 19": not English
        number_b = _approximate(split_a, split_b) if split_b else None
        number_b = number_b or (_text(b.complements[-1]) if bare_b else None)
        subj_b = _mid(b.subject)
        if kind == "subject-pp":
            if a.subject_pp is None or b.subject_pp is None:
                return None
            pp_b = _text(b.subject_pp[1])
            groups.append(_cat(pp_b, *new))
            subj_new = _cat(_mid(a.subject_pp[0]), pp_b)
            gold.append(done(_cat(opening, subj_new, verbs, *shared, *new, *tail)))
        elif gapped and split_a and number_b and k == 1 and split_a[1] != number_b:
            # "Rome has three airports and Milan two": only the number is a remnant, the
            # counted noun stays
            groups.append(_cat(subj_b, number_b))
            last = _cat(split_a[0], number_b, split_a[2])
            gold.append(done(_cat(opening, subj_b, verbs, *shared, last)))
        elif gapped:
            groups.append(_cat(subj_b, *new))
            gold.append(done(_cat(opening, subj_b, verbs, *shared, *new, *tail)))
        else:
            groups.append(_cat(*new))
            gold.append(done(_cat(opening, subj_a, verbs, *shared, *new, *tail)))
    if len(groups) < 2:
        sep = ","
    comma = sep if kind == "gapping-list" or len(groups) > 1 or tail_a else ""
    body = left + "".join(f"{sep} {g}" for g in groups[:-1]) + f"{comma} and {groups[-1]}"
    offset = len(left) + sum(len(f"{sep} {g}") for g in groups[:-1]) + len(comma) + 1
    if word:
        body += f", {main_clause}"
    sentence = body[0].upper() + body[1:] + a.final
    gold = [g[0].upper() + g[1:] for g in gold]
    if len(set(gold)) < len(gold):
        return None
    if sentence[offset : offset + 3] != "and":
        return None
    reading = "gapping" if gapped else "argument-cluster"
    shapes = []
    if a.deep:
        shapes.append("deep-chain")
    if trailing or tail_a:
        shapes.append("shared-after-gap")
    if len(gold) >= 3:
        shapes.append("list-3+")
    if frame is not None:
        shapes.append("opening-phrase")
    return ConjunctExample(
        id="",
        sentence=sentence,
        conjunction="and",
        offset=offset,
        rewrites=gold,
        rewritable=True,
        meta={
            "phenomenon": f"synthetic-{kind}",
            "replaced": k,
            "reading": reading,
            "remnants": k + int(gapped),
            "shapes": shapes,
        },
    )


# --------------------------------------------------------------------------------------------
# Stripping whose remnant is a real phrase of the same kind as its correlate (issue 11)

#: Markers of synthetic stripping: (marker, where it goes, conjunction, weight).
#: End markers stay at the end of the rewrite ("Bo likes jazz as well"); "also" goes after
#: the first auxiliary or before the verb; "not" after the first auxiliary or with
#: do-support ("did not like"), the conventions of :mod:`lingeval.conjuncts.resolvers.stripping`.
STRIP_MARKERS = (
    ("too", "end", "and", 0.35),
    ("as well", "end", "and", 0.2),
    ("also", "front", "and", 0.15),
    ("not", "front", "but", 0.25),
    ("not", "front", "and", 0.05),
)
#: Share of subject correlates among synthetic stripping, by marker position (a guess from
#: the kinds of stripping in the paper's data and the treebanks: remnants under "not" are
#: mostly objects and adjuncts, remnants with "too" / "as well" mostly subjects)
STRIP_SUBJECT_SHARE = {"end": 0.45, "front": 0.25}
#: Share of object correlates in a prepositional complement that are the noun phrase inside it
PP_INSIDE_SHARE = 0.15
#: the end markers only (the ranker's stripping analyses; front markers go to stripping.py)
END_MARKERS = tuple(m for m in STRIP_MARKERS if m[1] == "end")
_NEGATIONS = {"not", "n't", "never", "no", "nor"}


#: Share of synthetic stripped remnants that also parallel their correlate in form
#: (:func:`_form`: "the car ..., but not the diamonds"), the rest only in kind
PARALLEL_FORM_SHARE = 0.7
#: Share of remnants of a person or name correlate drawn from persons and names alike
GROUP_SHARE = 0.15


def _form(tokens: Sequence[Token]) -> tuple[str, int]:
    """The form of a phrase: its opening word's class (definite, indefinite or possessive
    determiner, number, name, preposition, other) and its length (1, 2, 3+ words)."""
    first = tokens[0]
    low = first.lower_
    if first.tag_ in {"IN", "TO"}:
        cls = "prep"
    elif low in {"the", "this", "that", "these", "those"}:
        cls = "def"
    elif first.tag_ == "DT":
        cls = "indef"
    elif first.tag_ == "PRP$" or any(t.tag_ == "POS" for t in tokens):
        cls = "poss"
    else:
        cls = {"CD": "num", "NNP": "name", "NNPS": "name", "PRP": "pron"}.get(first.tag_, "other")
    return cls, min(3, len(tokens))


@dataclass
class _StripPools:
    """Real phrases by kind (:func:`lingeval.conjuncts.ranker.phrase_kind`) and by kind and
    form (:func:`_form`): subjects (``"s"``, with their number) and complements (``"c"``)."""

    phrases: dict[tuple[Any, ...], list[list[Token]]] = field(default_factory=dict)

    @classmethod
    def of(cls, clauses: Sequence[_Clause]) -> _StripPools:
        pools = cls()
        seen: set[tuple[str, str]] = set()
        for c in clauses:
            for role, phrase in [("s", c.subject)] + [("c", p) for p in c.complements]:
                if (role, _text(phrase).lower()) in seen:
                    continue
                seen.add((role, _text(phrase).lower()))
                kind = phrase_kind(phrase)
                key = (role, kind, c.number if role == "s" else "")
                pools.phrases.setdefault(key, []).append(phrase)
                pools.phrases.setdefault((*key, _form(phrase)), []).append(phrase)
                if kind in KIND_GROUPS:  # "Tom ..., and his wife too": a person for a name
                    group = (role, KIND_GROUPS[kind], key[2], "group")
                    pools.phrases.setdefault(group, []).append(phrase)
        return pools

    def like(self, role: str, phrase: Sequence[Token], number: str, rng: Any) -> list[list[Token]]:
        """Phrases of ``phrase``'s kind (and, :data:`PARALLEL_FORM_SHARE` of the time, form)."""
        kind = phrase_kind(phrase)
        key = (role, kind, number if role == "s" else "")
        group = self.phrases.get((role, KIND_GROUPS.get(kind), key[2], "group"), [])
        if len(group) >= 2 and rng.random() < GROUP_SHARE:
            return group
        fine = self.phrases.get((*key, _form(phrase)), [])
        if len(fine) >= 2 and rng.random() < PARALLEL_FORM_SHARE:
            return fine
        return self.phrases.get(key, [])


def _marked_verbs(verbs: Sequence[Token], marker: str) -> str | None:
    """The verb group with a front marker: after the first auxiliary ("can" + "not" =
    "cannot"; "is also"), else "also" before the verb or do-support ("did not like");
    None when the group is negated already or takes no do-support."""
    if not verbs or any(t.lower_ in _NEGATIONS for t in verbs) or verbs[0].tag_ not in VERB_TAGS:
        return None
    first, rest = verbs[0], _text(verbs[1:])
    aux = first.tag_ == "MD" or (
        first.lemma_ in {"be", "have", "do"} and any(t.tag_ in VERB_TAGS for t in verbs[1:])
    )
    if aux or first.lemma_ == "be":
        head = "cannot" if marker == "not" and first.lower_ == "can" else f"{first.text} {marker}"
        return _cat(head, rest)
    if marker == "also":
        return _cat("also", _text(verbs))
    do = DO_SUPPORT.get(first.tag_)
    if do is None:
        return None
    from lingeval.conjuncts.memo import get_inflection

    base = get_inflection(first.lemma_, tag="VB")
    return _cat(do, marker, base[0] if base else first.lemma_, rest)


def _stripping_example(
    a: _Clause,
    pools: _StripPools,
    rng: Any,
    markers: Sequence[tuple[str, str, str, float]] = STRIP_MARKERS,
    subject: bool | None = None,
) -> ConjunctExample | None:
    """One stripped coordination from template clause ``a``: a remnant of the same kind
    (:func:`lingeval.conjuncts.ranker.phrase_kind`: a name for a name, a pronoun of a person
    for a person, a number for a number, a PP with the same preposition for a PP, a time
    phrase for a time phrase), taken from another real clause, replaces the subject (of the
    same number) or one complement ("Ann likes jazz, and Bo as well" -> "Bo likes jazz as
    well"; "Kim met the mayor, but not the governor" -> "Kim did not meet the governor").
    ``subject``: the correlate's role (None: drawn by :data:`STRIP_SUBJECT_SHARE`)."""
    marker, where, conj, _ = rng.choices(markers, [m[3] for m in markers])[0]
    if subject is None:
        subject = rng.random() < STRIP_SUBJECT_SHARE[where]
    subject = subject or not a.complements
    j, prep = -1, ""
    if subject:
        corr = a.subject
        pool = pools.like("s", corr, a.number, rng)
    else:
        j = len(a.complements) - 1 if rng.random() < 0.7 else rng.randrange(len(a.complements))
        corr = a.complements[j]
        if corr[0].tag_ in {"IN", "TO"} and len(corr) > 1 and rng.random() < PP_INSIDE_SHARE:
            # the noun phrase inside a prepositional phrase: "treat you like a human being,
            # and not just another patient"
            prep, corr = _text(corr[:1]), corr[1:]
        pool = pools.like("c", corr, a.number, rng)
    if len(pool) < 2:
        return None
    rem = rng.choice(pool)
    own = {_text(p).lower() for p in [a.subject, *a.complements]}
    if _text(rem).lower() in own or any(t.lower_ in _NEGATIONS for t in rem):
        return None
    verbs = _text(a.verbs) if where == "end" else _marked_verbs(a.verbs, marker)
    if verbs is None:
        return None
    opening = _text(a.opening) if a.opening else ""
    comps = [_text(c) for c in a.complements]
    tail = _text(a.tail) if a.tail else ""
    first = _mid(a.subject) if a.opening else _text(a.subject)
    left = _cat(opening, first, _text(a.verbs), *comps, tail)
    comma_marker = where == "end" and rng.random() < 0.3
    end = (", " if comma_marker else " ") + marker if where == "end" else ""
    comma = "," if conj == "but" or rng.random() < 0.8 else ""
    front = f"{marker} " if where == "front" else ""
    right = f"{front}{_mid(rem)}{end}"
    sentence = f"{left}{comma} {conj} {right}"
    sentence = sentence[0].upper() + sentence[1:] + a.final
    offset = len(left) + len(comma) + 1
    if subject:
        second = _cat(opening, _mid(rem), verbs, *comps, tail)
    else:
        new = _cat(prep, _mid(rem))
        second = _cat(opening, _mid(a.subject), verbs, *comps[:j], new, *comps[j + 1 :], tail)
    gold = [_finish(_cat(opening, _mid(a.subject), _text(a.verbs), *comps, tail), a.final)]
    gold.append(_finish(second + end, a.final))
    gold = [g[0].upper() + g[1:] for g in gold]
    if gold[0] == gold[1] or sentence[offset : offset + len(conj)] != conj:
        return None
    return ConjunctExample(
        id="",
        sentence=sentence,
        conjunction=conj,
        offset=offset,
        rewrites=gold,
        rewritable=True,
        meta={
            "phenomenon": "synthetic-stripping" if subject else "synthetic-stripping-object",
            "replaced": 0 if subject else 1,
            "reading": "gapping" if subject else "argument-cluster",
            "remnants": 1,
            "shapes": ["stripping-marker"],
            "marker": marker,
            "kind": phrase_kind(corr),
            "remnant_kind": phrase_kind(rem),
        },
    )


def synthesize_stripping_docs(
    docs: Iterable[Doc], *, n: int = 4000, seed: int = 0, prefix: str = "strip"
) -> list[ConjunctExample]:
    """Stripped coordinations from real clauses (:func:`_stripping_example`, every marker of
    :data:`STRIP_MARKERS`): the training data of the ranker's stripping part
    (:attr:`lingeval.conjuncts.ranker.RankerModel.strip`). At most ``n`` examples,
    deterministic for a ``seed``."""
    import random

    rng = random.Random(seed)
    clauses = [c for doc in docs for sent in doc.sents for c in _clauses(sent)]
    out: list[ConjunctExample] = []
    if not clauses:
        return out
    pools = _StripPools.of(clauses)
    seen: set[str] = set()
    for _ in range(n * 10):
        if len(out) >= n:
            break
        _keep(out, seen, _stripping_example(rng.choice(clauses), pools, rng), prefix)
    return out


#: Subordinators of an opening clause that holds the whole gapped coordination
SUBORDINATORS = ("While", "Although", "Because", "After", "When", "As", "Since")

#: Share of each kind among the attempts of :func:`synthesize_parallel_docs`, set so that the
#: shapes resemble real gapping (Schuster et al. 2018: 60 % argument clusters, 40 % gapping,
#: a fifth with material shared after the gap, 7 % lists of three or more conjuncts)
KIND_WEIGHTS = {
    "gapping": 0.28,
    "argument-cluster": 0.48,
    "coordination": 0.07,
    "stripping": 0.03,
    "stripping-object": 0.02,
    "gapping-list": 0.05,
    "subject-pp": 0.08,
}


def synthesize_parallel_docs(
    docs: Iterable[Doc], *, n: int = 20000, seed: int = 0, prefix: str = "par"
) -> list[ConjunctExample]:
    """Gapped coordinations built from real clauses with parallel phrases (issue 11).

    Every sentence whose main clause is *subject + verb (chain) + 1-3 complements* (noun
    phrases, numbers, adjectives, prepositional phrases), optionally followed by a clause
    that stays shared (a to-infinitive, a that-clause, an adverbial clause), becomes a
    template; other real clauses with the same complement types (and, for gapping, a subject
    of the same number) supply the remnants. Kinds (``meta.phenomenon``):
    ``synthetic-gapping`` ("A V B and C D"; also "A V B X, and C D" with X shared),
    ``synthetic-argument-cluster`` ("A V B C and D E", also as a list of three or four),
    ``synthetic-coordination`` ("A V B and D"), ``synthetic-stripping`` ("A V B, and C too")
    and ``synthetic-stripping-object`` ("A V B, and D as well"), whose remnant is a real
    phrase of the same kind as the correlate (:func:`_stripping_example`; "too" / "as well"),
    ``synthetic-gapping-list`` ("A V B, C D, and E F", commas or semicolons) and
    ``synthetic-subject-pp`` ("Sales of cars rose 5% and of trucks 3%"). Gold: the template
    clause and one clause per remnant group with the verb group copied (shared opening and
    shared material kept in each). ``meta`` records the reading, the number of remnants and
    the issue-11 shapes (``deep-chain``, ``shared-after-gap``, ``list-3+``,
    ``stripping-marker``). The order is deterministic for a ``seed``; at most ``n`` examples.
    """
    import random

    rng = random.Random(seed)
    # remnant clauses by the types of their last k complements (and subject number)
    by_sig: dict[tuple[tuple[str, ...], str], list[_Clause]] = {}
    clauses: list[_Clause] = []
    for doc in docs:
        for sent in doc.sents:
            for clause in _clauses(sent):
                clauses.append(clause)
                for k in range(len(clause.signature) + 1):
                    tail = clause.signature[len(clause.signature) - k :]
                    by_sig.setdefault((tail, clause.number), []).append(clause)
                    by_sig.setdefault((tail, "any"), []).append(clause)
                    by_sig.setdefault((_coarse(tail), "coarse"), []).append(clause)
    out: list[ConjunctExample] = []
    seen: set[str] = set()
    if not clauses:
        return out
    multi = [c for c in clauses if len(c.signature) >= 2]
    with_pp = [c for c in clauses if c.subject_pp is not None]
    with_tail = [c for c in clauses if c.tail]
    pp_by_prep: dict[str, list[_Clause]] = {}
    for c in with_pp:
        pp_by_prep.setdefault(c.subject_pp[2] if c.subject_pp else "", []).append(c)
    kinds = list(KIND_WEIGHTS)
    made = dict.fromkeys(kinds, 0)
    pools: _StripPools | None = None
    for _ in range(n * 20):
        if len(out) >= n:
            break
        kind = rng.choices(kinds, [KIND_WEIGHTS[k] for k in kinds])[0]
        if made[kind] > KIND_WEIGHTS[kind] * (len(out) + 100):
            continue  # keep the mix of kinds near KIND_WEIGHTS whatever their success rates
        pick = {"argument-cluster": multi, "subject-pp": with_pp}.get(kind) or clauses
        r = rng.random()
        if kind in {"gapping", "argument-cluster"} and r < 0.25 and with_tail:
            pick = with_tail  # "Tom expects Ann to win, and Sue Bob"
            if kind == "argument-cluster":
                pick = [c for c in with_tail if len(c.signature) >= 2] or multi
        elif kind == "gapping" and r < 0.8 and multi:
            pick = multi  # three remnants
        a = rng.choice(pick)
        if kind in {"stripping", "stripping-object"}:
            # a remnant of the correlate's kind from another real clause ("and Bo as well")
            pools = pools or _StripPools.of(clauses)
            ex = _stripping_example(a, pools, rng, END_MARKERS, subject=kind == "stripping")
            if ex is not None and ex.sentence not in seen:
                made[kind] += 1
            _keep(out, seen, ex, prefix)
            continue
        m = len(a.signature)
        if kind == "argument-cluster" and m < 2:
            kind = "coordination"
        if kind == "subject-pp" and a.subject_pp is None:
            kind = "gapping"
        trailing = 0
        if kind == "coordination":
            k = 1
        elif kind == "argument-cluster":
            k = rng.randint(2, m)
            trailing = rng.randint(0, m - k) if rng.random() < 0.3 else 0
        else:  # gapping: a trailing adjunct may stay shared ("gas prices by 5% [on Monday]")
            k = m if rng.random() < 0.4 else rng.randint(1, m)  # three remnants now and then
            trailing = rng.randint(0, m - k) if rng.random() < 0.4 else 0
        stop = m - trailing
        window = a.signature[stop - k : stop]
        number = "any" if kind in {"argument-cluster", "coordination", "subject-pp"} else a.number
        pool = by_sig.get((window, number), [])
        count = 1
        if kind == "gapping-list" or (kind == "argument-cluster" and rng.random() < 0.04):
            count = 3 if rng.random() < 0.25 else 2
        if kind == "argument-cluster" and len(pool) < count + 1:
            pool = by_sig.get((_coarse(window), "coarse"), [])  # any prepositions
        if len(pool) < count + 1:
            continue
        others = [b for b in rng.sample(pool, count + 1) if b is not a][:count]
        if kind == "subject-pp":
            # the subject's modifier from another clause with the same preposition
            pps = pp_by_prep.get(a.subject_pp[2] if a.subject_pp else "", [])
            pp = rng.choice(pps)
            if pp is a:
                continue
            others = [replace(b, subject_pp=pp.subject_pp) for b in others]
        sep = ";" if count > 1 and rng.random() < 0.2 else ","
        frame = None
        if kind in {"gapping", "argument-cluster"} and rng.random() < 0.06:
            main = rng.choice(clauses)
            if main is not a and not main.opening and not main.tail:
                frame = (rng.choice(SUBORDINATORS), main)
        ex = _example(kind, a, others, k, trailing, sep, frame)
        if ex is not None and ex.sentence not in seen:
            made[kind] += 1
        _keep(out, seen, ex, prefix)
    return out


def _coarse(signature: tuple[str, ...]) -> tuple[str, ...]:
    """Phrase types without the preposition (``PP:in`` -> ``PP``)."""
    return tuple(k.split(":", 1)[0] for k in signature)
