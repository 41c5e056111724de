"""Patterns beyond appendix A.7: variants robust to a small parser's errors, and missed shapes.

The 21 patterns of :mod:`~lingeval.conjuncts.mining.patterns` describe the side effects of a
verbal omission in the analyses of ``en_core_web_trf`` (paper 000, A.1). The small English
pipeline (lingeval's default) analyses some of the same sentences differently, so the
appendix's own examples do not fire; and a multi-genre corpus shows gap shapes that no A.7
pattern describes. The patterns here are registered with names apart from A.7's:

* ``variant-*``: the A.7 pattern as the small parser's known errors leave it (a ``cc`` with
  no ``conj`` arc, a PP attached to the wrong word, "onward" tagged ADJ, a noun tagged as a
  verb, the gapped subject read as a modifier);
* ``extra-*``: shapes A.7 does not describe (a gap after a shared auxiliary or modal,
  VP ellipsis, an adverb or PP remnant conjoined to a verb).

They over-generate on purpose; the second stage (:mod:`~lingeval.conjuncts.mining.evidence`)
keeps a candidate only when an omission can be shown. :data:`ROBUST_PATTERNS` lists them in
this order; ``--patterns robust`` selects them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from lingeval.conjuncts.mining.patterns import (
    AUX_DEPS,
    NON_VERB,
    OBJ_DEPS,
    POBJ_DEPS,
    PREP_DEPS,
    VERB,
    Matcher,
    MiningPattern,
    Need,
    SentView,
    _pattern,
    fronted_preps,
    need,
)

__all__ = ["ROBUST_PATTERNS", "conj_ccs"]

ROBUST_PATTERNS: list[str] = []

#: Auxiliaries and modals that can stand for an elided verb phrase ("and we don't").
ELLIPSIS_AUX = frozenset(
    [
        "do",
        "does",
        "did",
        "can",
        "could",
        "will",
        "would",
        "shall",
        "should",
        "may",
        "might",
        "must",
        "is",
        "are",
        "was",
        "were",
        "am",
        "be",
        "been",
        "has",
        "have",
        "had",
        "ca",
        "wo",
        "sha",
    ]
)
#: Subjects of an elliptical clause ("and **we** don't").
_VPE_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
#: Dependents an elliptical auxiliary may have (no object, complement or verbal dependent).
_VPE_OK = _VPE_SUBJECTS | {"neg", "advmod", "punct", "cc", "aux"}
#: Adverbs an elliptical clause may keep ("and so did I", "but she probably can").
_VPE_ADV = frozenset(
    [
        "too",
        "so",
        "also",
        "either",
        "neither",
        "not",
        "n't",
        "never",
        "still",
        "already",
        "probably",
        "certainly",
        "really",
        "just",
        "always",
        "sometimes",
        "definitely",
        "surely",
        "usually",
        "often",
        "now",
        "then",
    ]
)
_NOMINAL = frozenset({"NOUN", "PROPN", "NUM", "PRON"})
#: Parts of speech of a remnant that opens with an adverb or preposition.
_ADV_ADP = frozenset({"ADP", "ADV"})
#: A base-form verb's predicative complement ("matter **secondary**") ...
_PREDICATIVE_DEPS = frozenset({"oprd", "acomp"})
#: ... all it may have besides punctuation ...
_PREDICATE_ONLY = _PREDICATIVE_DEPS | {"punct"}
#: ... and the complement of the copula it is conjoined to ("are **primary**").
_COPULA_COMPLEMENT_DEPS = frozenset({"acomp", "attr"})
#: The gapped subject read as a nominal modifier of the remnant ("**32%** ... black").
_LEFT_NOMINAL_DEPS = frozenset({"npadvmod", "nmod", "nsubj"})
#: A noun modifier with a name or pronoun conjoined inside it ("[wine and Jane] water").
_MODIFIER_DEPS = frozenset({"nmod", "compound"})
_NAME_POS = frozenset({"PROPN", "PRON"})
_ONWARD = frozenset({"onward", "onwards", "forward", "forwards", "afterward", "afterwards", "on"})


def conj_ccs(s: SentView) -> set[int]:
    """The and/or/but tokens that some ``conj`` arc of the sentence claims (:meth:`cc_of`)."""
    out: set[int] = set()
    for y, d in enumerate(s.dep):
        if d == "conj" and s.head[y] >= 0:
            c = s.cc_of(s.head[y], y)
            if c is not None:
                out.add(c)
    return out


def _subtree_has(s: SentView, i: int, pos: frozenset[str]) -> bool:
    stack = [i]
    while stack:
        t = stack.pop()
        if s.pos[t] in pos:
            return True
        stack.extend(s.children[t])
    return False


def _robust(
    name: str, section: str, drawing: str, reading: str, example: str, needs: Sequence[Need] = ()
) -> Callable[[Matcher], MiningPattern]:
    group = "parser-variant" if name.startswith("variant-") else "extra-shape"
    return _pattern(
        name, group, section, drawing, reading, example, into=ROBUST_PATTERNS, needs=needs
    )


@_robust(
    "variant-dangling-cc-verbless",
    "A.7.1 #3, parser variant",
    "and/or/but with no conj arc, followed by a verbless stretch",
    "the small parser gives the conjunction of a stripped clause no conj arc at all ('in 1998 "
    "and again 10 years later on Big Brown'); an and/or/but that no conj arc claims, not first "
    "in the sentence, followed up to the next and/or/but or the end by words without a verb, "
    "or by an adverb or preposition and no verb up to the next punctuation mark",
    "Desormeaux has won the Preakness twice: once aboard Real Quiet in 1998 and again 10 years "
    "later on Big Brown.",
)
def _v_dangling(s: SentView) -> Iterator[int | None]:
    claimed = conj_ccs(s)
    n = len(s.words)
    for c in range(n):
        if not s.is_conjunction(c) or c in claimed:
            continue
        if not any(s.pos[k] not in ("PUNCT", "CCONJ") for k in range(c)):
            continue  # sentence-initial "And ..."
        end = next((k for k in range(c + 1, n) if s.is_conjunction(k)), n)
        rest = [k for k in range(c + 1, end) if s.pos[k] != "PUNCT"]
        if rest and not any(s.pos[k] in VERB for k in rest):
            yield c
            continue
        # a remnant that starts with an adverb or preposition, verbless up to the next comma
        # ('and again in Heidelberg, in April ..., with which Luther had opened ...')
        if rest and s.pos[rest[0]] in _ADV_ADP:
            stop = next((k for k in range(c + 1, n) if s.pos[k] == "PUNCT"), n)
            if not any(s.pos[k] in VERB for k in range(c + 1, stop)):
                yield c


@_robust(
    "extra-shared-auxiliary",
    "issue 15 (gap after a shared modal)",
    "AUX -cc-> and/or/but, AUX -aux-> (later verb), next word AUX/VERB",
    "two auxiliaries or modals share one verb ('cannot and have not denied'): the conjunction "
    "hangs on an auxiliary of a later verb and is followed by another auxiliary or verb",
    "I cannot and have not denied it.",
    needs=(need(AUX_DEPS, "AUX"),),
)
def _x_shared_aux(s: SentView) -> Iterator[int | None]:
    for c in range(len(s.words)):
        if not s.is_conjunction(c):
            continue
        a = s.head[c]
        if a < 0 or s.pos[a] != "AUX" or s.dep[a] not in AUX_DEPS or a > c:
            continue
        if s.head[a] <= c:
            continue  # the shared verb must follow the conjunction
        nxt = next((k for k in range(c + 1, len(s.words)) if s.pos[k] not in ("PUNCT", "ADV")), -1)
        if nxt >= 0 and s.pos[nxt] in VERB:
            yield c


@_robust(
    "extra-vp-ellipsis",
    "issue 15 (VP ellipsis)",
    "VERB -conj-> AUX/do with a subject and no complement",
    "a conjoined clause that is only a subject and an auxiliary, modal or 'do' ('and we don't', "
    "'but she can', 'and so did I'): its verb phrase is elided; when the parser leaves it "
    "unattached, the nearest and/or/but before it with no verb in between is marked",
    "Germany knows how to do it, and we don't.",
    needs=(need(_VPE_SUBJECTS),),
)
def _x_vpe(s: SentView) -> Iterator[int | None]:
    for y in range(len(s.words)):
        if s.pos[y] not in VERB or s.words[y].lower() not in ELLIPSIS_AUX:
            continue
        if s.dep[y] in AUX_DEPS:
            continue
        h = s.head[y]
        if s.dep[y] == "conj" and h >= 0 and s.pos[h] in VERB:
            c = s.cc_of(h, y)
        else:
            # the small parser often leaves the clause unattached: the nearest and/or/but
            # before it, with no verb in between ('which everything is and almost everything
            # ... is'); dependents left of it belong to the parse error, not to the clause
            c = None
            for k in range(y - 1, 0, -1):
                if s.pos[k] in VERB:
                    break
                if s.is_conjunction(k):
                    c = k
                    break
        if c is None:
            continue
        kids = [k for k in s.children[y] if k > c]
        if not any(s.dep[k] in _VPE_SUBJECTS for k in kids):
            continue
        if not all(s.dep[k] in _VPE_OK for k in kids):
            continue
        if any(s.dep[k] == "advmod" and s.words[k].lower() not in _VPE_ADV for k in kids):
            continue  # "how dangerous distraction is", "we were down there": a predicate
        if any(
            s.words[k] in ("—", "–", "--") or s.words[k].lower() == s.words[y].lower()
            for k in range(y + 1, min(y + 3, len(s.words)))
        ):
            continue  # a disfluency: "some are — are gifts"
        yield c


@_robust(
    "extra-verb-conj-remnant",
    "A.7.3 #10/#11, parser variant; issue 15 (adverb/PP remnants)",
    "VERB -conj-> ADP/ADV without a verb below",
    "a preposition or adverb conjoined straight to a verb, with no verb in its subtree: the "
    "remnant of a stripped clause ('used in woodcut printmaking, and for engraving'; 'war on "
    "Batman and even more so, on his family')",
    "It is also used in woodcut printmaking, and for engraving.",
    needs=(need("conj", _ADV_ADP),),
)
def _x_remnant(s: SentView) -> Iterator[int | None]:
    for y, d in enumerate(s.dep):
        if d != "conj" or s.pos[y] not in _ADV_ADP:
            continue
        h = s.head[y]
        if h >= 0 and s.pos[h] in VERB and not _subtree_has(s, y, VERB):
            yield s.cc_of(h, y)


@_robust(
    "variant-pp-object-conj-stranded-or-nested",
    "A.7.1 #4 and A.7.3 #6, parser variant",
    "VERB -prep-> P -pobj-> ... X -conj-> NON-VERB Y; X -prep-> Q after Y, or Y -prep-> * with X "
    "inside a nested PP",
    "the small parser attaches the second conjunct's PP to the first conjunct ('in the comments "
    "below or @CNNFilms on Twitter': 'on' hangs on 'comments') or to the verb ('depend ... for "
    "its supplies and the Sugarbowl as the only source'), or conjoins the second "
    "conjunct inside a nested PP ('to the hardships of ... service or the horrors of combat')",
    "Every day, someone new is introduced to the hardships of wartime military service or the "
    "horrors of combat.",
    needs=(need(PREP_DEPS), need(POBJ_DEPS), need("conj", NON_VERB)),
)
def _v_pp(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        stack = [(o, 0) for pp in s.kids(v, PREP_DEPS) for o in s.kids(pp, POBJ_DEPS)]
        while stack:
            x, depth = stack.pop()
            for y, h in s.conjuncts(x):
                if s.pos[y] not in NON_VERB:
                    continue
                stranded = any(q > y for q in s.kids(h, "prep")) or (
                    depth == 0 and any(q > y for q in s.kids(v, PREP_DEPS))
                )
                nested = depth > 0 and any(k > y for k in s.kids(y, "prep"))
                if stranded or nested:
                    yield s.cc_of(h, y)
            if depth < 2:
                stack.extend((o, depth + 1) for pp in s.kids(x, "prep") for o in s.kids(pp, "pobj"))


@_robust(
    "variant-fronted-pp-onward",
    "A.7.3 #2, parser variant",
    "fronted ADP -prep-> later VERB, 'onward' (any tag) or two pobj in its PP; and/or/but between",
    "the small parser tags 'onward' ADJ and attaches it (and the subject after it) inside the "
    "fronted PP ('From the 1880s onward neighbourhoods ...'); a fronted PP of a later verb whose "
    "subtree holds onward/forward/afterwards or whose preposition has two objects",
    "From the 1880s onward neighbourhoods such as Oudwijk, Wittevrouwen, Vogelenbuurt to the "
    "East, and Lombok to the West were developed.",
    needs=(need("prep", "ADP"),),
)
def _v_onward(s: SentView) -> Iterator[int | None]:
    for a, v in fronted_preps(s):
        two_objects = len(s.kids(a, "pobj")) > 1
        onward = any(
            s.words[k].lower() in _ONWARD and k != a and s.dominated_by(k, a)
            for k in range(a + 1, v)
        )
        if not (two_objects or onward):
            continue
        ccs = [c for c in range(a + 1, v) if s.is_conjunction(c)]
        if ccs:
            yield ccs[-1]


@_robust(
    "variant-base-verb-conj-oprd",
    "A.7.2 #1, parser variant",
    "finite VERB -conj-> base-form VB without subject or aux, with an oprd/acomp/attr",
    "the gapped subject is tagged as a verb ('are primary, and matter secondary': 'matter' VB "
    "with 'secondary' as its oprd): a base-form verb conjoined to a finite one, with no subject, "
    "auxiliary or 'to' of its own but a predicative complement",
    "To idealists, spirit or mind or the objects of mind are primary, and matter secondary.",
    needs=(
        need("conj", "VERB"),
        need(_PREDICATIVE_DEPS, NON_VERB),
        need(_COPULA_COMPLEMENT_DEPS),
    ),
)
def _v_base_verb(s: SentView) -> Iterator[int | None]:
    for y, d in enumerate(s.dep):
        if d != "conj" or s.pos[y] != "VERB":
            continue
        h = s.head[y]
        if h < 0 or s.pos[h] not in VERB:
            continue
        kids = s.children[y]
        if any(s.dep[k] not in _PREDICATE_ONLY for k in kids):
            continue  # a noun read as a verb has nothing but the predicate ("matter secondary")
        if any(s.dep[k] in _PREDICATIVE_DEPS and s.pos[k] in NON_VERB for k in kids) and any(
            s.dep[k] in _COPULA_COMPLEMENT_DEPS for k in s.children[h]
        ):
            yield s.cc_of(h, y)


@_robust(
    "variant-obj-conj-left-nominal",
    "Section 4.1 / A.7.3 #15, parser variant",
    "VERB -obj-> X -conj-> NON-VERB Y, Y -npadvmod/nmod/nsubj-> nominal to its left",
    "the subject of the gapped clause is read as a nominal modifier of the remnant ('32% had "
    "brown and 21% black': '%' an npadvmod of 'black')",
    "32% had brown and 21% black.",
    needs=(
        need(OBJ_DEPS),
        need("conj", NON_VERB),
        need(_LEFT_NOMINAL_DEPS, _NOMINAL),
    ),
)
def _v_left_nominal(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        for o in s.kids(v, OBJ_DEPS):
            for y, h in s.conjuncts(o):
                if s.pos[y] not in NON_VERB:
                    continue
                if any(k < y and s.pos[k] in _NOMINAL for k in s.kids(y, _LEFT_NOMINAL_DEPS)):
                    yield s.cc_of(h, y)


@_robust(
    "variant-conj-inside-modifier",
    "Figure 2, parser variant",
    "X -nmod/compound-> Z, X -conj-> PROPN/PRON Y, Y before Z",
    "the gapped subject is conjoined inside a noun modifier ('likes wine and Jane water' read "
    "as '[wine and Jane] water'): a common-noun modifier whose conjunct is a name or pronoun "
    "standing before the modified noun",
    "Josh likes wine and Jane water.",
    needs=(
        need(_MODIFIER_DEPS, "NOUN"),
        need("conj", _NAME_POS),
    ),
)
def _v_inside_modifier(s: SentView) -> Iterator[int | None]:
    for x, d in enumerate(s.dep):
        if d not in _MODIFIER_DEPS or s.pos[x] != "NOUN":
            continue
        z = s.head[x]
        if z <= x or s.pos[z] != "NOUN":
            continue
        for y in s.kids(x, "conj"):
            if y < z and s.pos[y] in _NAME_POS:
                yield s.cc_of(x, y)


@_robust(
    "variant-nominal-conj-both-with-pp",
    "A.7.3 #8, parser variant",
    "NON-VERB X -conj-> NON-VERB Y, both with prep+pobj (X in any relation)",
    "#8 with the first conjunct in any relation: the small parser often makes the first "
    "remnant an apposition or subject ('published, the first volume at Moscow in 1849, ..., "
    "and the third at St Petersburg in 1853')",
    "The book was published, the first volume at Moscow in 1849, and the second at Leipzig in 1851.",
    needs=(need("prep"), need(POBJ_DEPS), need("conj", NON_VERB)),
)
def _v_both_pp(s: SentView) -> Iterator[int | None]:
    for x, p in enumerate(s.pos):
        if p not in NON_VERB or s.dep[x] == "conj" or not s.has_pp(x):
            continue
        for y, h in s.conjuncts(x):
            if s.pos[y] in NON_VERB and s.has_pp(y):
                yield s.cc_of(h, y)


@_robust(
    "variant-adp-conj-adp-nested",
    "A.7.3 #10-#14, parser variant",
    "ADP P -conj-> ADP Q (P anywhere), Q without a verb below",
    "a preposition conjoined to a preposition that is itself inside another PP ('varies from "
    "text to text or even from chapter to chapter': 'from' conjoined to 'to')",
    "The quality varies from text to text or even from chapter to chapter.",
    needs=(need("conj", "ADP"), need("prep", "ADP")),
)
def _v_adp_adp(s: SentView) -> Iterator[int | None]:
    for y, d in enumerate(s.dep):
        if d != "conj" or s.pos[y] != "ADP":
            continue
        h = s.head[y]
        nested = h >= 0 and s.pos[h] == "ADP" and s.dep[h] == "prep" and s.pos[s.head[h]] == "ADP"
        if nested and not _subtree_has(s, y, VERB):
            yield s.cc_of(h, y)


@_robust(
    "variant-verb-read-as-noun",
    "A.7.1 #1, parser variant",
    "no VERB/AUX in the sentence; NON-VERB root with a NOUN compound; X -conj-> NON-VERB",
    "the verb is tagged as a noun and read as a compound ('One dial records days, and another "
    "thousands of days': 'records' a compound of 'days'), so the sentence has no verb at all; "
    "every and/or/but of a non-verb coordination in it is marked",
    "One dial records days, and another thousands of days.",
    needs=(need("compound", "NOUN"), need("conj", NON_VERB)),
)
def _v_verb_as_noun(s: SentView) -> Iterator[int | None]:
    if len(s.words) < 6 or any(p in VERB for p in s.pos):
        return
    roots = [r for r, h in enumerate(s.head) if h < 0 and s.pos[r] in NON_VERB]
    if not any(s.pos[k] == "NOUN" for r in roots for k in s.kids(r, "compound")):
        return
    # every coordination of non-verbs in the sentence is a remnant list of the lost verb
    for y, d in enumerate(s.dep):
        if d == "conj" and s.head[y] >= 0 and s.pos[y] in NON_VERB:
            yield s.cc_of(s.head[y], y)
