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
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lingeval.conjuncts.example import CONJUNCTIONS, ConjunctExample

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

PARALLEL_KINDS = ("gapping", "argument-cluster", "coordination", "stripping", "gapping-list")
COMPLEMENT_DEPS = {"dobj", "obj", "attr", "dative", "oprd", "npadvmod", "prep", "acomp"}
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
    if tok.dep_ == "prep":
        if not any(c.dep_ == "pobj" for c in tok.children):
            return None
        return f"PP:{tok.lower_}"
    if tok.dep_ == "acomp":
        return "ADJ" if tok.tag_.startswith("JJ") else None
    if tok.tag_ == "CD" or any(c.tag_ == "CD" and c.dep_ == "nummod" for c in tok.children):
        return "NUM"
    if tok.tag_ in {"NN", "NNS", "NNP", "NNPS", "PRP"} or tok.pos_ in {"NOUN", "PROPN"}:
        return "NP"
    return None


@dataclass
class _Clause:
    """A real clause: opening, subject, verb group, complements (each a list of tokens)."""

    opening: list[Token]
    subject: list[Token]
    verbs: list[Token]
    complements: list[list[Token]]
    signature: tuple[str, ...]
    number: str
    final: str


def _clauses(sent: Span) -> Iterable[_Clause]:
    """Clauses that make good templates: S V(-chain) C1..Ck with nothing after them."""
    root = sent.root
    if root.tag_ not in {"VBD", "VBZ", "VBP", "VB", "MD"} and root.pos_ not in {"VERB", "AUX"}:
        return
    subj = next((c for c in root.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if subj is None or subj.i > root.i:
        return
    deep = root
    for _ in range(4):  # follow a chain of raising/control verbs to the deepest verb
        nxt = next((c for c in deep.children if c.dep_ == "xcomp" and c.i > deep.i), None)
        if nxt is None:
            break
        deep = nxt
    comps = [c for c in deep.children if c.i > deep.i and c.dep_ in COMPLEMENT_DEPS]
    if not comps or len(comps) > 3:
        return
    toks = list(sent)
    last = len(toks) - 1
    while last >= 0 and toks[last].is_punct:
        last -= 1
    final = toks[-1].text if toks[-1].text in {".", "!", "?"} else "."
    if comps[-1].right_edge.i != toks[last].i:
        return  # material after the last complement
    spans: list[list[Token]] = []
    kinds: list[str] = []
    prev_end = None
    for c in comps:
        kind = _phrase_kind(c)
        if kind is None:
            return
        span = list(sent.doc[c.left_edge.i : c.right_edge.i + 1])
        if any(t.tag_ in {"CC", "VBD", "VBZ", "VBP", "MD", "VB", "VBG", "VBN"} for t in span):
            return  # coordinated or clausal complements
        if any(t.is_punct and t.text not in {"%", "$", "-", "'s"} for t in span):
            return
        if prev_end is not None and c.left_edge.i != prev_end + 1:
            return
        prev_end = c.right_edge.i
        spans.append(span)
        kinds.append(kind)
    s_toks = list(sent.doc[subj.left_edge.i : subj.right_edge.i + 1])
    if any(t.tag_ in {"CC", "VBD", "VBZ", "VBP", "MD", "VB"} or t.text == "," for t in s_toks):
        return
    number = _number(subj)
    if number is None or subj.lower_ in {"i", "you", "we", "that", "this", "there"}:
        return
    if s_toks[-1].tag_ == "POS" or s_toks[0].tag_ in {"UH", "CC", "IN"}:
        return
    verbs = list(sent.doc[subj.right_edge.i + 1 : comps[0].left_edge.i])
    if not verbs or len(verbs) > 8 or any(t.is_punct or t.text[:1] in "'’" for t in verbs):
        return
    if any(t.tag_ == "CC" or t.dep_ in {"nsubj", "dobj"} for t in verbs):
        return
    opening = list(sent.doc[sent.start : subj.left_edge.i])
    if opening and (
        opening[-1].text != ","
        or opening[0].tag_ not in {"IN", "RB", "CD", "NNP", "DT", "JJ", "VBN", "VBG"}
        or any(t.tag_ in {"CC", "UH"} for t in opening)
    ):
        return
    if len(opening) > 8 or len(s_toks) > 6 or sum(len(s) for s in spans) > 14:
        return
    yield _Clause(opening, s_toks, verbs, spans, tuple(kinds), number, final)


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


def _example(
    kind: str, a: _Clause, others: Sequence[_Clause], k: int, trailing: int = 0
) -> ConjunctExample | None:
    """One synthetic example of ``kind`` from template clause ``a`` and remnant clauses.

    The remnants replace ``k`` complements; the last ``trailing`` complements of ``a`` are
    left out of the remnant groups and stay shared in every rewrite ("... by 3% on Monday
    and gas prices by 5%" -> "Gas prices rose by 5% on Monday").
    """
    opening = _text(a.opening) if a.opening else ""
    subj_a, verbs = _mid(a.subject), _text(a.verbs)
    comps_a = [_text(c) for c in a.complements]
    left = _cat(opening, _text(a.subject) if not a.opening else subj_a, verbs, *comps_a)
    gold = [_finish(_cat(opening, subj_a, verbs, *comps_a), a.final)]
    groups: list[str] = []
    for b in others:
        comps_b = [_text(c) for c in b.complements]
        stop = len(comps_a) - trailing
        shared = comps_a[: stop - k]
        tail = comps_a[stop:]
        new = comps_b[len(comps_b) - k :] if k else []  # b's own last k complements
        numeric = k >= 1 and not trailing and bool(b.complements)
        split_a = _number_split(a.complements[-1]) if numeric else None
        bare_b = numeric and all(t.tag_ == "CD" or t.text in {"$", "%"} for t in b.complements[-1])
        split_b = _number_split(b.complements[-1]) if split_a else None
        if split_a and bare_b and kind not in {"gapping", "gapping-list"}:
            return None  # "Rome has three airports and 19": not English
        number_b = split_b[1] if split_b else _text(b.complements[-1]) if bare_b else None
        gapped = kind in {"gapping", "gapping-list"}
        if gapped and split_a and number_b and k == 1 and split_a[1] != number_b:
            # "Rome has three airports and Milan two": only the number is a remnant, the
            # counted noun stays
            groups.append(_cat(_mid(b.subject), number_b))
            last = _cat(split_a[0], number_b, split_a[2])
            gold.append(_finish(_cat(opening, _mid(b.subject), verbs, *shared, last), a.final))
        elif kind in {"gapping", "gapping-list"}:
            groups.append(_cat(_mid(b.subject), *new))
            gold.append(
                _finish(_cat(opening, _mid(b.subject), verbs, *shared, *new, *tail), a.final)
            )
        elif kind == "stripping":
            groups.append(_cat(_mid(b.subject), "too"))
            gold.append(_finish(_cat(opening, _mid(b.subject), verbs, *comps_a), a.final))
        else:
            groups.append(_cat(*new))
            gold.append(_finish(_cat(opening, subj_a, verbs, *shared, *new, *tail), a.final))
    comma = "," if kind in {"stripping", "gapping-list"} or len(groups) > 1 else ""
    body = left + "".join(f", {g}" for g in groups[:-1]) + f"{comma} and {groups[-1]}"
    sentence = body[0].upper() + body[1:] + a.final
    gold = [g[0].upper() + g[1:] for g in gold]
    if len(set(gold)) < len(gold):
        return None
    offset = len(left) + sum(len(f", {g}") for g in groups[:-1]) + len(comma) + 1
    if sentence[offset : offset + 3] != "and":
        return None
    return ConjunctExample(
        id="",
        sentence=sentence,
        conjunction="and",
        offset=offset,
        rewrites=gold,
        rewritable=True,
        meta={"phenomenon": f"synthetic-{kind}", "replaced": k},
    )


def synthesize_parallel_docs(
    docs: Iterable[Doc], *, n: int = 20000, seed: int = 0, prefix: str = "par"
) -> list[ConjunctExample]:
    """Gapped coordinations built from real clauses with parallel phrases (issue 11).

    Every sentence whose main clause is *subject + verb (chain) + 1-3 complements* (noun
    phrases, numbers, adjectives, prepositional phrases) becomes a template; another real
    clause with the same complement types and a subject of the same number supplies the
    remnants. Kinds (``meta.phenomenon``): ``synthetic-gapping`` ("A V B and C D"),
    ``synthetic-argument-cluster`` ("A V B C and D E"), ``synthetic-coordination``
    ("A V B and D"), ``synthetic-stripping`` ("A V B, and C too") and
    ``synthetic-gapping-list`` ("A V B, C D, and E F"). Gold: the template clause and one
    clause per remnant group with the verb group copied (shared opening kept in each).
    The order is deterministic for a ``seed``; at most ``n`` examples.
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
    out: list[ConjunctExample] = []
    seen: set[str] = set()
    if not clauses:
        return out
    multi = [c for c in clauses if len(c.signature) >= 2]
    weights = {
        "gapping": 0.3,
        "argument-cluster": 0.25,
        "coordination": 0.15,
        "stripping": 0.1,
        "gapping-list": 0.2,
    }
    for _ in range(n * 6):
        if len(out) >= n:
            break
        kind = rng.choices(PARALLEL_KINDS, [weights[k] for k in PARALLEL_KINDS])[0]
        a = rng.choice(multi if kind == "argument-cluster" and multi else clauses)
        m = len(a.signature)
        if kind == "argument-cluster" and m < 2:
            kind = "coordination"
        trailing = 0
        if kind == "stripping":
            k = 0
        elif kind == "coordination":
            k = 1
        elif kind == "argument-cluster":
            k = rng.randint(2, m)
        else:  # gapping: a trailing adjunct may stay shared ("gas prices by 5% [on Monday]")
            k = rng.randint(1, m)
            trailing = rng.randint(0, m - k) if rng.random() < 0.3 else 0
        stop = m - trailing
        window = a.signature[stop - k : stop]
        number = "any" if kind in {"argument-cluster", "coordination"} else a.number
        pool = by_sig.get((window, number), [])
        count = 2 if kind == "gapping-list" else 1
        if len(pool) < count + 1:
            continue
        others = [b for b in rng.sample(pool, count + 1) if b is not a][:count]
        _keep(out, seen, _example(kind, a, others, k, trailing), prefix)
    return out
