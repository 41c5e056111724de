"""The 21 "suspicious structure" patterns of paper 000, section 4.1 and appendix A.7.

A verbal omission ("Josh likes wine and Jane __ water") rarely yields a clean parse: the
parser's graph shows side effects of the gap. Section 4.1 looks for three kinds of them in
sentences that contain coordination (A.7):

* **part-of-speech mismatch** (A.7.1): two words with different parts of speech are linked by
  ``conj``;
* **dependency-relation mismatch** (A.7.2): a word's part of speech does not fit the relations
  of its dependents (an ``nsubj`` under a non-verb, as in "32% had brown and 21% black");
* **subtree mismatch** (A.7.3): conjuncts of the same kind whose subtrees differ.

Each pattern is one :class:`MiningPattern`, registered by name in
``lingeval.core.registry.registry.mining_patterns`` (third parties can add their own). A
pattern looks at one parsed sentence (:class:`SentView`) and returns the token indices of the
coordinating conjunctions (*and*, *or*, *but*, ``dep == "cc"``) it implicates; the miner turns
each into a task example with that conjunction marked.

Conventions, following the appendix:

* ``NON-VERB`` = ``NOUN``, ``PROPN``, ``ADJ``, ``NUM`` (Universal POS); ``VERB`` = ``VERB`` or
  ``AUX``.
* "obj" accepts any object label of appendix A.5: ``dobj obj pobj iobj attr oprd``; "subj"
  accepts ``nsubj nsubjpass nsubj:pass csubj csubjpass expl``.
* Labels are those of spaCy's English pipelines (ClearNLP style: ``prep``, ``pobj``, ``agent``);
  UD spellings are accepted where the two schemes share a meaning (``obj``, ``nsubj:pass``).
* ``X -conj-> Y`` also matches along a chain of ``conj`` arcs (spaCy attaches the third item of
  a list to the second, "trade, services, and especially in money lending"); the marked
  conjunction is the ``cc`` of the last arc of the chain (see :meth:`SentView.cc_of`).

Readings of ambiguous drawings (the appendix draws patterns, not rules) are stated in each
pattern's ``reading``; :data:`PAPER_PATTERNS` lists the names in the appendix's order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lingeval.conjuncts.example import CONJUNCTIONS
from lingeval.core.registry import get, registry

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

__all__ = [
    "NON_VERB",
    "OBJ_DEPS",
    "PAPER_PATTERNS",
    "SUBJECT_DEPS",
    "SUBJ_DEPS",
    "VERB",
    "MiningPattern",
    "SentView",
    "default_pattern_names",
    "get_patterns",
    "match_sentence",
]

VERB = frozenset({"VERB", "AUX"})
NON_VERB = frozenset({"NOUN", "PROPN", "ADJ", "NUM"})
OBJ_DEPS = frozenset({"dobj", "obj", "pobj", "iobj", "attr", "oprd"})
SUBJ_DEPS = frozenset({"nsubj", "nsubjpass", "nsubj:pass", "csubj", "csubjpass", "expl"})
#: The subject labels of spaCy's English pipelines (ClearNLP style: :data:`SUBJ_DEPS` without
#: UD's ``nsubj:pass``), read by the second stage and the fitted filter's features.
SUBJECT_DEPS = SUBJ_DEPS - {"nsubj:pass"}
AUX_DEPS = frozenset({"aux", "auxpass"})
PREP_DEPS = frozenset({"prep", "agent"})
POBJ_DEPS = frozenset({"pobj", "pcomp"})
_CONJ_WORDS = frozenset(CONJUNCTIONS)
# sets that a pattern's ``needs`` and its matcher share (one definition each)
_ADP = frozenset({"ADP"})
_ADV = frozenset({"ADV"})
_ADJ = frozenset({"ADJ"})
_ADP_PART = frozenset({"ADP", "PART"})
_NOMINAL_SUBJ_DEPS = frozenset({"nsubj", "nsubjpass", "nsubj:pass"})
_OPEN_COMPLEMENT_DEPS = frozenset({"xcomp", "oprd"})


@dataclass(slots=True)
class SentView:
    """One parsed sentence as plain lists (fast to query, independent of spaCy).

    Token ``i`` has ``words[i]``, ``pos[i]`` (UPOS), ``dep[i]`` and ``head[i]`` (index in this
    sentence, ``-1`` for the root); ``idx[i]`` is its character offset in ``text``; ``tag[i]``
    its fine-grained (PTB) tag when the parser gives one (empty list otherwise).
    """

    text: str
    words: list[str]
    pos: list[str]
    dep: list[str]
    head: list[int]
    idx: list[int]
    children: list[list[int]] = field(default_factory=list)
    tag: list[str] = field(default_factory=list)
    _arcs: frozenset[Any] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.children:
            kids: list[list[int]] = [[] for _ in self.words]
            for i, h in enumerate(self.head):
                if h >= 0:
                    kids[h].append(i)
            self.children = kids

    def arcs(self) -> frozenset[Any]:
        """The sentence's dependency labels and (label, UPOS) pairs, as :func:`need_key` keys."""
        if self._arcs is None:
            self._arcs = frozenset([*self.dep, *zip(self.dep, self.pos, strict=True)])
        return self._arcs

    @classmethod
    def from_span(cls, span: Span | Doc) -> SentView:
        """Build from a spaCy sentence span (or a whole Doc); offsets relative to its start."""
        base = span[0].i if len(span) else 0
        off = span[0].idx if len(span) else 0
        words, pos, dep, head, idx, tag = [], [], [], [], [], []
        end = base + len(span)
        for t in span:
            words.append(t.text)
            pos.append(t.pos_)
            tag.append(t.tag_)
            dep.append(t.dep_)
            h = t.head.i
            head.append(-1 if h == t.i or not (base <= h < end) else h - base)
            idx.append(t.idx - off)
        return cls(span.text, words, pos, dep, head, idx, tag=tag)

    # -- helpers used by the patterns -------------------------------------------------------

    def is_conjunction(self, i: int) -> bool:
        """A coordinating *and*/*or*/*but* attached as ``cc``."""
        return self.dep[i] == "cc" and self.words[i].lower() in _CONJ_WORDS

    def kids(self, i: int, deps: frozenset[str] | str) -> list[int]:
        children = self.children[i]
        if not children:  # a leaf (about half the tokens): no list comprehension to run
            return []
        dep = self.dep
        if isinstance(deps, str):
            return [k for k in children if dep[k] == deps]
        return [k for k in children if dep[k] in deps]

    def conjuncts(self, x: int) -> list[tuple[int, int]]:
        """``(y, h)`` for every ``y`` reachable from ``x`` by ``conj`` arcs; ``h`` is ``y``'s head."""
        out: list[tuple[int, int]] = []
        dep, children = self.dep, self.children
        stack = [x]
        while stack:
            h = stack.pop()
            for y in children[h]:
                if dep[y] == "conj":
                    out.append((y, h))
                    stack.append(y)
        return out

    def cc_of(self, h: int, y: int) -> int | None:
        """The conjunction of the arc ``h -conj-> y``: a ``cc`` (and/or/but) between the two,
        attached to ``h`` or ``y`` (spaCy or UD style), else any and/or/but ``cc`` between them;
        the one nearest to ``y``. None when the coordination has none (asyndeton, *nor*)."""
        lo, hi = (h, y) if h < y else (y, h)
        best: int | None = None
        loose: int | None = None
        for c in range(lo + 1, hi):
            if self.is_conjunction(c):
                if self.head[c] in (h, y):
                    best = c
                else:
                    loose = c
        return best if best is not None else loose

    def conjunction_above(self, i: int) -> int | None:
        """The conjunction of the nearest ``conj`` arc on the path from ``i`` to the root."""
        t = i
        seen = 0
        while t >= 0 and seen <= len(self.words):
            if self.dep[t] == "conj" and self.head[t] >= 0:
                return self.cc_of(self.head[t], t)
            t = self.head[t]
            seen += 1
        return None

    def has_pp(self, i: int) -> bool:
        """``i`` has a ``prep`` child that itself has a ``pobj``/``pcomp`` child."""
        return any(self.kids(p, POBJ_DEPS) for p in self.kids(i, "prep"))

    def dominated_by(self, i: int, k: int) -> bool:
        """``k`` is ``i`` or one of its ancestors."""
        t = i
        steps = 0
        while t >= 0 and steps <= len(self.words):
            if t == k:
                return True
            t = self.head[t]
            steps += 1
        return False

    def has_coordination(self) -> bool:
        return any(self.is_conjunction(i) for i in range(len(self.words)))


Matcher = Callable[[SentView], Iterable[int | None]]
#: A condition a sentence must meet for a pattern to fire at all: some token whose dependency
#: label is in the first set and, unless the second is None, whose UPOS is in the second.
Need = tuple[frozenset[str], frozenset[str] | None]


def need(deps: str | frozenset[str], pos: str | frozenset[str] | None = None) -> Need:
    """A :data:`Need` from a label or set of labels and an optional UPOS or set of them."""
    return (
        frozenset({deps}) if isinstance(deps, str) else deps,
        frozenset({pos}) if isinstance(pos, str) else pos,
    )


def need_key(n: Need) -> frozenset[Any]:
    """A need as the set of :meth:`SentView.arcs` entries that meet it (any one does)."""
    deps, pos = n
    if pos is None:
        return deps
    return frozenset((d, p) for d in deps for p in pos)


@dataclass(frozen=True)
class MiningPattern:
    """A named rule of appendix A.7: ``match(sentence)`` yields the implicated conjunctions."""

    name: str
    group: str  # "pos-mismatch", "dep-mismatch" or "subtree-mismatch"
    section: str  # e.g. "A.7.1 #1"
    drawing: str  # the appendix drawing in words
    reading: str  # how the drawing is read into a rule
    example: str  # the appendix example sentence
    match: Matcher = field(repr=False, compare=False)
    #: necessary conditions (:data:`Need`) for ``match`` to yield anything: a sentence that
    #: fails one is skipped by :func:`match_sentence` without running ``match`` (a prefilter;
    #: it never changes what the pattern matches). Empty: always run.
    needs: tuple[Need, ...] = field(default=(), repr=False, compare=False)
    _keys: tuple[frozenset[Any], ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_keys", tuple(map(need_key, self.needs)))

    def may_match(self, sent: SentView) -> bool:
        """Whether ``sent`` meets every one of :attr:`needs` (else the pattern cannot fire)."""
        if not self._keys:
            return True
        arcs = sent.arcs()
        return not any(key.isdisjoint(arcs) for key in self._keys)

    def __call__(self, sent: SentView) -> set[int]:
        return {c for c in self.match(sent) if c is not None}


PAPER_PATTERNS: list[str] = []


def _pattern(
    name: str,
    group: str,
    section: str,
    drawing: str,
    reading: str,
    example: str,
    into: list[str] | None = None,
    needs: Sequence[Need] = (),
) -> Callable[[Matcher], MiningPattern]:
    """Register a pattern under ``name`` and list it in ``into`` (default: the paper's 21);
    ``needs`` are its necessary conditions (:attr:`MiningPattern.needs`)."""

    def deco(func: Matcher) -> MiningPattern:
        pat = MiningPattern(name, group, section, drawing, reading, example, func, tuple(needs))
        registry.mining_patterns.register(name, func=pat)
        (PAPER_PATTERNS if into is None else into).append(name)
        return pat

    return deco


def fronted_preps(s: SentView) -> Iterator[tuple[int, int]]:
    """``(a, v)`` for every preposition ``a`` attached by ``prep`` to a verb ``v`` after it."""
    for a, p in enumerate(s.pos):
        if p == "ADP" and s.dep[a] == "prep":
            v = s.head[a]
            if v > a and s.pos[v] in VERB:
                yield a, v


def _pos_conj(
    s: SentView, head_pos: frozenset[str], dep_pos: frozenset[str]
) -> Iterator[int | None]:
    for x, p in enumerate(s.pos):
        if p in head_pos:
            for y, h in s.conjuncts(x):
                if s.pos[y] in dep_pos:
                    yield s.cc_of(h, y)


def _adp_conjuncts(s: SentView, x: int) -> Iterator[int | None]:
    """The conjunctions of ``x``'s preposition conjuncts (``x -conj-> ADP``, along chains)."""
    for y, h in s.conjuncts(x):
        if s.pos[y] == "ADP":
            yield s.cc_of(h, y)


# ------------------------------------------------------------------------------------------
# A.7.1 part-of-speech mismatch


@_pattern(
    "pos-verb-conj-nonverb",
    "pos-mismatch",
    "A.7.1 #1",
    "VERB -conj-> NON-VERB",
    "a verb whose conjunct is a noun, proper noun, adjective or number (the remnant of a gapped clause)",
    "Koreans made up 1.2% of the city's population, and Japanese 0.3%.",
    needs=(need("conj", NON_VERB),),
)
def _p01(s: SentView) -> Iterator[int | None]:
    return _pos_conj(s, VERB, NON_VERB)


@_pattern(
    "pos-nonverb-conj-verb",
    "pos-mismatch",
    "A.7.1 #2",
    "VERB ... NON-VERB linked by conj (drawn exactly like #1)",
    "the appendix draws #2 identically to #1; we read it as the mirror case, a NON-VERB whose "
    "conjunct is a verb, which is what its example shows ('issues and how to cover them')",
    "Ten chapters are devoted to body issues and how to cover them.",
    needs=(need("conj", VERB),),
)
def _p02(s: SentView) -> Iterator[int | None]:
    return _pos_conj(s, NON_VERB, VERB)


@_pattern(
    "pos-adv-conj-adp",
    "pos-mismatch",
    "A.7.1 #3",
    "ADV -conj-> ADP",
    "an adverb whose conjunct is a preposition ('once aboard ... and again ... on ...')",
    "Desormeaux has won the Preakness twice: once aboard Real Quiet in 1998 and again 10 years later on Big Brown.",
    needs=(need("conj", _ADP),),
)
def _p03(s: SentView) -> Iterator[int | None]:
    return _pos_conj(s, _ADV, _ADP)


@_pattern(
    "pos-adp-conj-nonverb",
    "pos-mismatch",
    "A.7.1 #4",
    "ADP/PART -conj-> NON-VERB",
    "a preposition or particle whose conjunct is a noun, proper noun, adjective or number",
    "Tell us in the comments below or @CNNFilms on Twitter.",
    needs=(need("conj", NON_VERB),),
)
def _p04(s: SentView) -> Iterator[int | None]:
    return _pos_conj(s, _ADP_PART, NON_VERB)


@_pattern(
    "pos-adj-conj-adp",
    "pos-mismatch",
    "A.7.1 #5",
    "ADJ -conj-> ADP",
    "an adjective whose conjunct is a preposition ('safe and at the terminal')",
    "Southwest said all customers were safe and at the terminal.",
    needs=(need("conj", _ADP),),
)
def _p05(s: SentView) -> Iterator[int | None]:
    return _pos_conj(s, _ADJ, _ADP)


# ------------------------------------------------------------------------------------------
# A.7.2 dependency-relation mismatch


@_pattern(
    "dep-nsubj-of-nonverb",
    "dep-mismatch",
    "A.7.2 #1 (and section 4.1)",
    "NON-VERB -nsubj-> NON-VERB",
    "a non-verb with a nominal subject (nsubj or passive nsubj) that is itself a non-verb; the "
    "marked conjunction is that of the nearest conj arc above the non-verb",
    "To idealists, spirit or mind or the objects of mind are primary, and matter secondary.",
    needs=(need(_NOMINAL_SUBJ_DEPS, NON_VERB), need("conj")),
)
def _p06(s: SentView) -> Iterator[int | None]:
    for y, d in enumerate(s.dep):
        if d in _NOMINAL_SUBJ_DEPS and s.pos[y] in NON_VERB:
            h = s.head[y]
            if h >= 0 and s.pos[h] in NON_VERB:
                yield s.conjunction_above(h)


# ------------------------------------------------------------------------------------------
# A.7.3 subtree mismatch


@_pattern(
    "subtree-prep-after-coordinated-pp",
    "subtree-mismatch",
    "A.7.3 #1",
    "VERB ... CCONJ ... ADP ... ADP, VERB -prep-> (second ADP)",
    "a verb with a prep child P that follows a coordination C inside another PP of the same verb, "
    "with one more ADP between C and P inside that PP (the second conjunct has its own PP and "
    "the verb's later PP may belong to either conjunct); C is marked",
    "John was born to Henry II of England and Eleanor of Aquitaine on 24 December 1166.",
    needs=(need(PREP_DEPS, "ADP"),),
)
def _p07(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        pps = s.kids(v, PREP_DEPS)
        if len(pps) < 2:  # P and the PP before it are both among them
            continue
        for p2 in pps:
            if s.pos[p2] != "ADP":
                continue
            for k in pps:
                if k >= p2:
                    continue
                for c in range(k + 1, p2):
                    if not s.is_conjunction(c) or not s.dominated_by(c, k):
                        continue
                    if any(s.pos[a] == "ADP" and s.dominated_by(a, k) for a in range(c + 1, p2)):
                        yield c


@_pattern(
    "subtree-fronted-pp-with-advmod",
    "subtree-mismatch",
    "A.7.3 #2",
    "ADP -advmod-> ADV, ADP ~prep~ VERB (edge drawn from ADP to VERB)",
    "the drawing's prep edge runs from the ADP to the verb; we read it the usual way round: a "
    "fronted preposition attached to a later verb by prep, with an adverb (advmod) of its own, "
    "and a coordination between them; the and/or/but nearest to the verb is marked",
    "From the 1880s onward neighbourhoods such as Oudwijk, Wittevrouwen, Vogelenbuurt to the East, "
    "and Lombok to the West were developed.",
    needs=(need("prep", "ADP"), need("advmod", "ADV")),
)
def _p08(s: SentView) -> Iterator[int | None]:
    for a, v in fronted_preps(s):
        if not any(s.pos[k] == "ADV" for k in s.kids(a, "advmod")):
            continue
        ccs = [c for c in range(a + 1, v) if s.is_conjunction(c)]
        if ccs:
            yield ccs[-1]


@_pattern(
    "subtree-xcomp-conj-chain",
    "subtree-mismatch",
    "A.7.3 #3",
    "X -xcomp-> *, X -conj-> Y, Y -conj-> VERB",
    "a word with an open complement (xcomp, or oprd as spaCy's English models label 'reported "
    "wounded') whose conjunct Y has a verb conjunct of its own; the conjunction of X -conj-> Y "
    "is marked",
    "19 soldiers, policemen reported wounded, and some attackers killed, wounded or captured.",
    needs=(need(_OPEN_COMPLEMENT_DEPS), need("conj", VERB)),
)
def _p09(s: SentView) -> Iterator[int | None]:
    for x in range(len(s.words)):
        if not s.kids(x, _OPEN_COMPLEMENT_DEPS):
            continue
        for y in s.kids(x, "conj"):
            if any(s.pos[z] in VERB for z, _ in s.conjuncts(y)):
                yield s.cc_of(x, y)


@_pattern(
    "subtree-obj-conj-fronted-pp",
    "subtree-mismatch",
    "A.7.3 #4",
    "VERB -obj-> X, X -conj-> NON-VERB, NON-VERB -prep/agent-> (earlier word)",
    "a verb's object whose non-verb conjunct has a prepositional dependent to its left ('or in "
    "this case, the animal')",
    "You send out these sound waves, and when they bounce off of objects, the reflection of the "
    "waves tells you – or in this case, the animal – where the objects are.",
    needs=(need(OBJ_DEPS), need("conj", NON_VERB), need(PREP_DEPS)),
)
def _p10(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        for o in s.kids(v, OBJ_DEPS):
            for y, h in s.conjuncts(o):
                if s.pos[y] in NON_VERB and any(k < y for k in s.kids(y, PREP_DEPS)):
                    yield s.cc_of(h, y)


@_pattern(
    "subtree-conj-to-infinitive",
    "subtree-mismatch",
    "A.7.3 #5",
    "* -any-> * -any-> * -any-> X, X -conj-> VERB, VERB -aux-> PART",
    "a to-infinitive verb (aux 'to') conjoined to a word that has no infinitival 'to' of its own "
    "('raising money for charity or to help'); the drawing's chain of three unlabelled arcs above "
    "X only places X inside a clause, so it is not required",
    "Some runners started raising money for charity or to help with relief efforts.",
    needs=(need("conj", VERB), need("aux", "PART")),
)
def _p11(s: SentView) -> Iterator[int | None]:
    def has_to(i: int) -> bool:
        return any(s.words[k].lower() == "to" and s.pos[k] == "PART" for k in s.kids(i, "aux"))

    for y, d in enumerate(s.dep):
        if d == "conj" and s.pos[y] in VERB and has_to(y):
            x = s.head[y]
            if x >= 0 and not has_to(x):
                yield s.cc_of(x, y)


@_pattern(
    "subtree-pp-object-conj-with-pp",
    "subtree-mismatch",
    "A.7.3 #6",
    "VERB -agent/prep-> P -pobj/pcomp-> X, X -conj-> NON-VERB -prep-> *",
    "the object of a verb's preposition has a non-verb conjunct carrying its own prepositional "
    "modifier ('to the hardships of ... or the horrors of combat')",
    "Every day, someone new is introduced to the hardships of wartime military service or the horrors of combat.",
    needs=(need(POBJ_DEPS), need("conj", NON_VERB), need("prep")),
)
def _p12(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        for pp in s.kids(v, PREP_DEPS):
            for o in s.kids(pp, POBJ_DEPS):
                for y, h in s.conjuncts(o):
                    if s.pos[y] in NON_VERB and any(k > y for k in s.kids(y, "prep")):
                        yield s.cc_of(h, y)


@_pattern(
    "subtree-verbless-ccomp-conj",
    "subtree-mismatch",
    "A.7.3 #7",
    "NON-VERB -conj-> NON-VERB, NON-VERB ~ccomp~ VERB, VERB -subj-> *",
    "the drawing's ccomp edge runs from the non-verb to the verb; we read it as a clausal "
    "complement without a verb: a non-verb attached by ccomp to a verb that has a subject, "
    "with a non-verb conjunct ('Progress in ... but lingering blight in ..., he says')",
    "Progress in the Business District but lingering blight in poorer neighborhoods, he says.",
    needs=(need("ccomp", NON_VERB), need("conj", NON_VERB), need(SUBJ_DEPS)),
)
def _p13(s: SentView) -> Iterator[int | None]:
    for x, d in enumerate(s.dep):
        if d != "ccomp" or s.pos[x] not in NON_VERB:
            continue
        v = s.head[x]
        if v < 0 or s.pos[v] not in VERB or not s.kids(v, SUBJ_DEPS):
            continue
        for y, h in s.conjuncts(x):
            if s.pos[y] in NON_VERB:
                yield s.cc_of(h, y)


@_pattern(
    "subtree-obj-conj-both-with-pp",
    "subtree-mismatch",
    "A.7.3 #8",
    "VERB -obj-> X -prep-> * -pobj-> *, X -conj-> NON-VERB -prep-> * -pobj-> *",
    "a verb's object and its non-verb conjunct each carry a complete prepositional phrase "
    "('30 cents for the jewel case and 10 to 15 cents for the CD')",
    "In 1995, material costs were 30 cents for the jewel case and 10 to 15 cents for the CD.",
    needs=(need(OBJ_DEPS), need("conj", NON_VERB), need("prep"), need(POBJ_DEPS)),
)
def _p14(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        for o in s.kids(v, OBJ_DEPS):
            if not s.has_pp(o):
                continue
            for y, h in s.conjuncts(o):
                if s.pos[y] in NON_VERB and s.has_pp(y):
                    yield s.cc_of(h, y)


@_pattern(
    "subtree-verb-conj-nonverb-with-pp",
    "subtree-mismatch",
    "A.7.3 #9",
    "VERB -conj-> X, X -prep-> * -pobj-> *",
    "the conjunct of a verb carries a complete prepositional phrase; the drawing leaves the "
    "conjunct's part of speech open, we require a non-verb (a verb conjunct with a PP is plain "
    "VP coordination)",
    "Neesham would make 85 from 80 and Kane Williamson a more considered 54 from 98 as Sri Lanka toiled.",
    needs=(need("conj"), need("prep"), need(POBJ_DEPS)),
)
def _p15(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        for y, h in s.conjuncts(v):
            if s.pos[y] not in VERB and s.has_pp(y):
                yield s.cc_of(h, y)


@_pattern(
    "subtree-verb-prep-conj-adp",
    "subtree-mismatch",
    "A.7.3 #10",
    "VERB -prep-> P, P -conj-> ADP",
    "a verb's preposition has a preposition conjunct ('used in woodcut printmaking, and for engraving')",
    "It is also used in woodcut printmaking, and for engraving.",
    needs=(need(PREP_DEPS), need("conj", _ADP)),
)
def _p16(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        for pp in s.kids(v, PREP_DEPS):
            yield from _adp_conjuncts(s, pp)


@_pattern(
    "subtree-obj-prep-conj-adp",
    "subtree-mismatch",
    "A.7.3 #11",
    "VERB -obj-> X -prep-> P, P -conj-> ADP",
    "the preposition of a verb's object has a preposition conjunct ('war on Batman and ... on his family')",
    "This is The Joker's war on Batman and even more so, on his family.",
    needs=(need(OBJ_DEPS), need("prep"), need("conj", _ADP)),
)
def _p17(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        for o in s.kids(v, OBJ_DEPS):
            for pp in s.kids(o, "prep"):
                yield from _adp_conjuncts(s, pp)


@_pattern(
    "subtree-obj-nested-prep-conj-adp",
    "subtree-mismatch",
    "A.7.3 #12",
    "VERB -obj-> X -any-> * -any-> * -prep-> P, P -conj-> ADP",
    "a preposition two arcs below a verb's object has a preposition conjunct ('players in the "
    "uprisings in Yemen and in Syria')",
    "They've been major players in the uprisings in Yemen and in Syria.",
    needs=(need(OBJ_DEPS), need("prep"), need("conj", _ADP)),
)
def _p18(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        for o in s.kids(v, OBJ_DEPS):
            for a in s.children[o]:
                for b in s.children[a]:
                    for pp in s.kids(b, "prep"):
                        yield from _adp_conjuncts(s, pp)


@_pattern(
    "subtree-subject-prep-conj-adp",
    "subtree-mismatch",
    "A.7.3 #13",
    "NON-VERB -prep-> P, P -conj-> ADP, VERB -subj-> NON-VERB",
    "the preposition of a verb's non-verb subject has a preposition conjunct ('control of the "
    "economy and of expression is ...')",
    "Government control of the economy and of expression is much reduced, he says.",
    needs=(need(SUBJ_DEPS, NON_VERB), need("prep"), need("conj", _ADP)),
)
def _p19(s: SentView) -> Iterator[int | None]:
    for x, d in enumerate(s.dep):
        if d not in SUBJ_DEPS or s.pos[x] not in NON_VERB:
            continue
        if s.head[x] < 0 or s.pos[s.head[x]] not in VERB:
            continue
        for pp in s.kids(x, "prep"):
            yield from _adp_conjuncts(s, pp)


@_pattern(
    "subtree-pp-object-conj-adp",
    "subtree-mismatch",
    "A.7.3 #14",
    "VERB -prep-> P -pobj-> X, X -conj-> ADP",
    "the object of a verb's preposition has a preposition conjunct ('in trade, services, and "
    "especially in money lending')",
    "They concentrated in trade, services, and especially in money lending.",
    needs=(need(PREP_DEPS), need("pobj"), need("conj", _ADP)),
)
def _p20(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        for pp in s.kids(v, PREP_DEPS):
            for o in s.kids(pp, "pobj"):
                yield from _adp_conjuncts(s, o)


@_pattern(
    "subtree-obj-conj-compound",
    "subtree-mismatch",
    "A.7.3 #15",
    "VERB -obj-> NON-VERB -conj-> NON-VERB -compound-> NON-VERB (to its left)",
    "a verb's non-verb object has a non-verb conjunct with a compound modifier of its own "
    "(the gapped subject or predicate read as a compound: 'a research chance'); a proper-noun "
    "compound inside a proper name ('Iyad Allawi and Hazem Shaalan') does not count",
    "The meteor show is entertainment for most, but a research chance for NASA.",
    needs=(need(OBJ_DEPS, NON_VERB), need("conj", NON_VERB), need("compound", NON_VERB)),
)
def _p21(s: SentView) -> Iterator[int | None]:
    for v, p in enumerate(s.pos):
        if p not in VERB:
            continue
        for o in s.kids(v, OBJ_DEPS):
            if s.pos[o] not in NON_VERB:
                continue
            for y, h in s.conjuncts(o):
                if s.pos[y] in NON_VERB and any(
                    k < y and s.pos[k] in NON_VERB and not (s.pos[k] == s.pos[y] == "PROPN")
                    for k in s.kids(y, "compound")
                ):
                    yield s.cc_of(h, y)


def default_pattern_names() -> list[str]:
    """The default set: the paper's 21 (A.7) followed by lingeval's parser-robust variants and
    extra shapes (:mod:`~lingeval.conjuncts.mining.robust`)."""
    from lingeval.conjuncts.mining.robust import ROBUST_PATTERNS

    return [*PAPER_PATTERNS, *ROBUST_PATTERNS]


def get_patterns(names: Iterable[str] | None = None) -> list[MiningPattern]:
    """Patterns by name (unknown names raise a clear error); :func:`default_pattern_names` by
    default. ``paper`` stands for the 21 of A.7, ``robust`` for lingeval's additions.

    Names registered by third parties (``registry.mining_patterns``) are accepted too.
    """
    from lingeval.conjuncts.mining.robust import ROBUST_PATTERNS

    if names is None:
        names = default_pattern_names()
    out: list[MiningPattern] = []
    for n in names:
        group = {"paper": PAPER_PATTERNS, "robust": ROBUST_PATTERNS}.get(n)
        for m in group if group is not None else [n]:
            pat: Any = get(registry.mining_patterns, m)
            out.append(pat)
    return out


def match_sentence(
    sent: SentView, patterns: Iterable[MiningPattern], *, prefilter: bool = True
) -> dict[int, list[str]]:
    """``{conjunction token index: [names of the patterns that implicate it]}``.

    Sentences without an and/or/but ``cc`` are skipped (section 4.1: patterns apply to
    sentences that include coordination). With ``prefilter`` a pattern whose
    :attr:`~MiningPattern.needs` the sentence does not meet is not run (same result, less
    work; ``prefilter=False`` runs every pattern, for checking that).
    """
    if not sent.has_coordination():
        return {}
    out: dict[int, list[str]] = {}
    for pat in patterns:
        if prefilter and not pat.may_match(sent):
            continue
        for c in sorted(pat(sent)):
            out.setdefault(c, []).append(pat.name)
    return out
