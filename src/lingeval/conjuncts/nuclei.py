"""Verb nuclei: a verb and its arguments read off a dependency parse (paper 000, section 6, A.5).

A *nucleus* is rooted in every token whose fine-grained tag is one of ``VB VBD VBG VBN VBP VBZ``
and holds the bag of ``(w1, label, w2)`` triples for:

* its subjects (``nsubj nsubjpass expl``), objects (``dobj obj pobj iobj attr oprd``) and
  negation (``neg``): ``(verb, label, dependent)``;
* its prepositions (``prep agent``): ``(verb, prep, p)`` plus the preposition's objects
  (``pobj pcomp``): ``(p, pobj, x)``;
* prepositional modifiers of its objects: for an object ``o`` of the verb, ``(o, prep, p)``
  and ``(p, pobj, x)``.

Two nuclei are equal when their verbs and bags are equal; a nucleus is therefore stored as
``(verb, sorted triples)``, hashable, so that bags of nuclei are :class:`collections.Counter`.

Choices the paper leaves open (all options of :class:`NucleusSpec`, defaults in brackets):

* ``words`` [``lower``]: words are compared as lower-cased forms (sentence-initial capitals
  of the rewrites do not matter), as exact forms (``form``) or as lower-cased lemmas
  (``lemma``: tolerates the inflection changes the annotators were allowed, e.g. *praised* /
  *did not praise*).
* ``labels`` [``paper``]: the label sets above, exactly as in A.5. ``extended`` adds
  ``dative`` (spaCy's English label for indirect objects, where the paper lists the UD
  ``iobj``), ``csubj``, ``csubjpass`` and the UD labels ``nsubj:pass``, ``obl``.
* ``aux`` [``True``]: auxiliaries tagged VB* (``has`` in *has played*) are nuclei as the paper's
  tag test implies; ``False`` skips tokens attached as ``aux``/``auxpass``.
* A verb without arguments is the nucleus ``(verb, ())``; it still counts (as a verb).
* Only direct dependents are read: determiners and compounds do not enter a triple.

The functions here work on a small token table (:class:`Token`), so nuclei can be computed
from any parser's output or written by hand in tests; :func:`tokens_from_doc` converts spaCy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from spacy.tokens import Doc

__all__ = [
    "AUX_LABELS",
    "NEGATION_LABELS",
    "OBJECT_LABELS",
    "PREP_LABELS",
    "PREP_OBJECT_LABELS",
    "SUBJECT_LABELS",
    "VERB_TAGS",
    "Nucleus",
    "NucleusSpec",
    "SentenceAnalysis",
    "Token",
    "analyse",
    "format_nucleus",
    "nucleus_bag",
    "tokens_from_doc",
    "tokens_from_rows",
]

VERB_TAGS = frozenset({"VB", "VBD", "VBG", "VBN", "VBP", "VBZ"})
SUBJECT_LABELS = frozenset({"nsubj", "nsubjpass", "expl"})
OBJECT_LABELS = frozenset({"dobj", "obj", "pobj", "iobj", "attr", "oprd"})
PREP_LABELS = frozenset({"prep", "agent"})
PREP_OBJECT_LABELS = frozenset({"pobj", "pcomp"})
NEGATION_LABELS = frozenset({"neg"})
AUX_LABELS = frozenset({"aux", "auxpass", "aux:pass"})
_EXTENDED_SUBJECTS = frozenset({"csubj", "csubjpass", "nsubj:pass", "csubj:pass"})
_EXTENDED_OBJECTS = frozenset({"dative", "obl"})

Triple = tuple[str, str, str]
#: ``(verb word, sorted triples)``; hashable, equal when verb and bag are equal.
Nucleus = tuple[str, tuple[Triple, ...]]


class Token(NamedTuple):
    """One parsed token: ``head`` is the 0-based index of its head (itself for the root)."""

    text: str
    lemma: str
    tag: str
    dep: str
    head: int


@dataclass(frozen=True)
class NucleusSpec:
    """How nuclei are built; every field enters the metric signature."""

    words: str = "lower"
    labels: str = "paper"
    aux: bool = True

    def __post_init__(self) -> None:
        if self.words not in ("lower", "form", "lemma"):
            raise ValueError(f"words must be lower, form or lemma, not {self.words!r}")
        if self.labels not in ("paper", "extended"):
            raise ValueError(f"labels must be paper or extended, not {self.labels!r}")

    @property
    def subjects(self) -> frozenset[str]:
        return SUBJECT_LABELS | (_EXTENDED_SUBJECTS if self.labels == "extended" else frozenset())

    @property
    def objects(self) -> frozenset[str]:
        return OBJECT_LABELS | (_EXTENDED_OBJECTS if self.labels == "extended" else frozenset())

    def word(self, token: Token) -> str:
        if self.words == "lower":
            return token.text.lower()
        if self.words == "lemma":
            return (token.lemma or token.text).lower()
        return token.text

    def key(self) -> str:
        """A short text identifying the spec (for caches)."""
        return f"{self.words}|{self.labels}|{'aux' if self.aux else 'noaux'}"


class SentenceAnalysis(NamedTuple):
    """What the metric needs from one parsed text: its nuclei and its verbs (one per nucleus)."""

    nuclei: tuple[Nucleus, ...]

    @property
    def verbs(self) -> list[str]:
        return [n[0] for n in self.nuclei]


def tokens_from_doc(doc: Doc, *, lemmas: bool = True) -> list[Token]:
    """The token table of a spaCy ``Doc`` (text, lemma, ``tag_``, ``dep_``, head index).

    Reads the attributes as one array (``Doc.to_array``), which is several times faster than
    visiting ``Token`` objects; ``lemmas=False`` leaves lemmas empty (not needed unless
    ``words="lemma"``).
    """
    from spacy.attrs import DEP, HEAD, LEMMA, ORTH, TAG

    if not len(doc):
        return []
    arr = doc.to_array([ORTH, LEMMA, TAG, DEP, HEAD])
    heads = arr[:, 4].astype("int64").tolist()
    strings = doc.vocab.strings
    rows = arr[:, :4].tolist()
    return [
        Token(strings[o], strings[lm] if lemmas else "", strings[t], strings[d], i + h)
        for i, ((o, lm, t, d), h) in enumerate(zip(rows, heads, strict=True))
    ]


def tokens_from_rows(rows: Iterable[Sequence[object]]) -> list[Token]:
    """Build tokens from ``(text, tag, dep, head)`` or ``(text, lemma, tag, dep, head)`` rows.

    ``head`` is 1-based with 0 for the root, CoNLL style, which is how tests write parses.
    """
    out: list[Token] = []
    for i, row in enumerate(rows):
        if len(row) == 4:
            text, tag, dep, head = row
            lemma = text
        elif len(row) == 5:
            text, lemma, tag, dep, head = row
        else:
            raise ValueError(f"token row {i + 1} must have 4 or 5 fields, got {len(row)}")
        h = int(str(head))
        out.append(Token(str(text), str(lemma), str(tag), str(dep), i if h == 0 else h - 1))
    return out


def analyse(tokens: Sequence[Token], spec: NucleusSpec | None = None) -> SentenceAnalysis:
    """Extract the verb nuclei of one parsed text (section 6, "Details"; A.5 for the labels)."""
    spec = spec or NucleusSpec()
    children: list[list[int]] = [[] for _ in tokens]
    for i, t in enumerate(tokens):
        if t.head != i and 0 <= t.head < len(tokens):
            children[t.head].append(i)
    subjects, objects = spec.subjects, spec.objects
    nuclei: list[Nucleus] = []
    for i, tok in enumerate(tokens):
        if tok.tag not in VERB_TAGS:
            continue
        if not spec.aux and tok.dep in AUX_LABELS:
            continue
        verb = spec.word(tok)
        triples: list[Triple] = []
        for c in children[i]:
            child = tokens[c]
            dep = child.dep
            if dep in subjects or dep in NEGATION_LABELS:
                triples.append((verb, dep, spec.word(child)))
            elif dep in objects:
                obj = spec.word(child)
                triples.append((verb, dep, obj))
                for p in children[c]:
                    if tokens[p].dep in PREP_LABELS:
                        triples.extend(_prep_triples(tokens, children, p, obj, spec))
            elif dep in PREP_LABELS:
                triples.extend(_prep_triples(tokens, children, c, verb, spec))
        nuclei.append((verb, tuple(sorted(triples))))
    return SentenceAnalysis(tuple(nuclei))


def _prep_triples(
    tokens: Sequence[Token], children: list[list[int]], p: int, head_word: str, spec: NucleusSpec
) -> list[Triple]:
    prep = spec.word(tokens[p])
    out: list[Triple] = [(head_word, tokens[p].dep, prep)]
    for g in children[p]:
        if tokens[g].dep in PREP_OBJECT_LABELS:
            out.append((prep, tokens[g].dep, spec.word(tokens[g])))
    return out


def nucleus_bag(analyses: Iterable[SentenceAnalysis]) -> Counter[Nucleus]:
    """The bag (multiset) of nuclei over several sentences: ``N_G``, ``N_H`` or ``N_I``."""
    bag: Counter[Nucleus] = Counter()
    for a in analyses:
        bag.update(a.nuclei)
    return bag


def format_nucleus(nucleus: Nucleus) -> str:
    """``likes[nsubj:josh dobj:wine]``: readable form for per-example details."""
    verb, triples = nucleus
    direct = sorted((dep, w2) for w1, dep, w2 in triples if w1 == verb)
    parts = [f"{dep}:{w2}" for dep, w2 in direct]
    parts += [f"{w1}>{dep}:{w2}" for w1, dep, w2 in triples if w1 != verb]
    return f"{verb}[{' '.join(parts)}]"
