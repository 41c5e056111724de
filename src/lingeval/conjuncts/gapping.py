"""Gold conjunct resolutions from treebanks with enhanced UD (paper 000, sections 3 and 4.2).

In enhanced UD, a clause whose verb is elided gets an *empty node* ``n.1`` that copies the
verb; the remnants attach to it in the DEPS column and to each other by ``orphan`` in the
basic tree. For *Josh likes wine and Jane water*::

    5    Jane   ...  2  conj    5.1:nsubj
    5.1  likes  ...  _  _       2:conj:and             (CopyOf=2 where the treebank says so)
    6    water  ...  5  orphan  5.1:obj

A chain of elided verbs is a chain of copy nodes (``7.1 expected`` / ``9.1 start`` attached
``7.1:xcomp``): the *top* copy attaches to the first conjunct's head by ``conj`` (or
``parataxis``), the others hang below it. Where MISC has no ``CopyOf`` (the Schuster et al.
2018 corpus, GUM), a copy's antecedent is its ``conj`` head when that has the same lemma, or
the dependent of its parent's antecedent with the same lemma, or the nearest earlier word with
the same lemma.

:func:`extract_from_sentence` turns every coordination that holds a gapped conjunct into one
task example (:class:`~lingeval.conjuncts.example.ConjunctExample`) **with its gold rewrite
set**, following the task of section 3 (split at the marked and/or/but into standalone
sentences that spell out the omitted verb and arguments; material outside the coordination,
such as an opening adjunct or a closing ", analysts said", is copied into every sentence):

1. The first conjunct is the basic subtree of the coordination head ``X`` without its
   ``conj`` dependents (the other conjuncts, with their ``cc`` and commas).
2. A gapped conjunct is the first conjunct with each remnant put in place of its *correlate*:
   the dependent of the copied verb with the same universal relation (``nsubj:pass`` ~
   ``nsubj``, ``obl:tmod`` ~ ``obl``; several candidates are told apart by their preposition,
   then by order). A remnant that is also a dependent of the antecedent (a shared argument) is
   kept once. The copied verbs take the copy nodes' forms (GUM writes the agreeing form,
   ``was`` for ``were``); a finite verb otherwise agrees in number with a new subject
   remnant. A remnant without a correlate goes after the clause (before it for a subject);
   ``not``/``never`` go after the first auxiliary, with *do*-support when there is none
   (*... but not dinner* -> *The hotel did not offer dinner.*); ``too``/``also``/``as well``
   go at the end of the clause.
3. A conjunct that is not gapped is its own subtree plus the dependents it shares in the
   enhanced graph (a shared subject).
4. Each rewrite is the words outside the coordination plus one conjunct, in the first
   conjunct's word order; PTB tokens are detokenised (:func:`lingeval.core.detok.detokenize`;
   ``SpaceAfter`` is used where the treebank has it), dangling commas are dropped and the
   first letter is capitalised.

The marked conjunction is the last and/or/but attached to a gapped conjunct (in DEPS to a
copy node, or as ``cc`` of a remnant), else of any conjunct. Every copy node is accounted for
in :class:`GappingReport` (``statuses``): part of an example, or skipped with a reason
(``no-conjunction`` for asyndetic gaps such as *..., many for good*; ``not-coordination`` for
copies in relative clauses, comparatives or repairs; ``no-antecedent`` when the elided verb is
not a word of the sentence; ``first-conjunct-elided`` when the coordination's head is itself a
copy).

``meta`` records the treebank sentence id, the phenomenon (``gapping``: a new subject and at
least one more remnant; ``stripping``: one remnant, possibly with *too*/*also*/*not*;
``argument-cluster``: two or more remnants, the subject shared; ``nominal``: the elided word
is not a verb), the copy nodes, the elided verb, its antecedent, the remnants with their
correlates, ``shapes`` (the error shapes of issue 11 that the gold shows: ``deep-chain``,
``shared-after-gap``, ``opening-phrase``, ``list-3+``, ``stripping-marker``) and ``filled``:
the sentence with the elided verb spoken where the copy node stands (a reading aid).

With ``use_orphans=True``, gaps that have ``orphan`` relations but no copy node (treebanks
without the enhanced layer) are also extracted, as task inputs without gold rewrites.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from lingeval.conjuncts.example import CONJUNCTIONS, ConjunctExample
from lingeval.conjuncts.omission import DO_SUPPORT
from lingeval.core.conllu import EmptyNode, MultiwordToken, Sentence, Word, read_conllu
from lingeval.core.detok import detokenize, detokenize_with_offsets, ptb_form

__all__ = ["GappingReport", "extract_from_sentence", "extract_gapping", "sentence_text"]

COORD_RELS = ("conj", "parataxis")
SUBJ_RELS = {"nsubj", "csubj", "expl"}
NEG_WORDS = {"not", "n't", "never", "n’t"}
END_ADVERBS = {"too", "also", "either", "neither", "well"}  # "as well": head "well"
#: Sentence adverbs that hold for every conjunct: never a remnant's correlate.
MODAL_ADVERBS = {"probably", "perhaps", "maybe", "possibly", "certainly", "surely", "likely", "really", "actually", "usually", "rather", "quite", "indeed", "clearly", "obviously", "apparently"}  # fmt: skip
TRAILING_PUNCT = {"...", "…", ",", ";", ":", "--", "-"}
#: Adverbs of place and direction stay after the verb ("and back by bus" -> "rode back by bus").
DIRECTIONAL = {"back", "up", "down", "out", "in", "off", "away", "home", "there", "here", "over", "around", "together", "apart", "ahead", "forward", "abroad", "upstairs", "downstairs", "inside", "outside", "uphill", "downhill", "north", "south", "east", "west"}  # fmt: skip
FOCUS_ADVERBS = {"even", "only", "just", "especially", "particularly", "mainly", "mostly"}
#: Universal relations that may stand for one another when no same-relation correlate exists.
RELAXED = ({"obl", "nmod"}, {"obj", "iobj"}, {"xcomp", "ccomp", "advcl", "acl"})
SKIP_REMNANT_RELS = {"cc", "punct", "conj", "parataxis", "root", "dep", "reparandum"}


@dataclass
class GappingReport:
    """Counts of one extraction run; ``statuses`` maps every copy node to what became of it."""

    sentences: int = 0
    copy_nodes: int = 0
    gaps: int = 0
    extracted: int = 0
    skipped_no_conjunction: int = 0
    skipped_other: int = 0
    skipped_ids: list[str] = field(default_factory=list)
    statuses: dict[str, str] = field(default_factory=dict)

    def status_counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for status in self.statuses.values():
            out[status] = out.get(status, 0) + 1
        return dict(sorted(out.items()))


def _deps(value: str) -> list[tuple[str, str]]:
    """DEPS as ``[(head id, relation)]``; ``_`` is empty."""
    if value in ("", "_"):
        return []
    out = []
    for item in value.split("|"):
        head, _, rel = item.partition(":")
        out.append((head, rel))
    return out


def _misc(value: str) -> dict[str, str]:
    if value in ("", "_"):
        return {}
    return dict(item.partition("=")[::2] for item in value.split("|"))


def _base(rel: str) -> str:
    return rel.split(":", 1)[0]


def _sentence_id(sentence: Sentence, source: str, index: int) -> str:
    return sentence.sent_id or f"{source}#{index}"


# --------------------------------------------------------------------------------------------
# Text: spacing from SpaceAfter where the treebank has a text, PTB rules otherwise


def _has_spacing(sentence: Sentence) -> bool:
    return "text" in sentence.meta


def sentence_text(sentence: Sentence) -> tuple[str, dict[int, int]]:
    """The sentence text and the character offset of every word in it.

    With a ``# text`` comment, words are found in it left to right; without one (PTB-style
    corpora), the words are detokenised (:func:`~lingeval.core.detok.detokenize`).
    """
    words = sentence.words
    if _has_spacing(sentence):
        text = sentence.text
        offsets: dict[int, int] = {}
        pos = 0
        for w in words:
            k = text.find(w.form, pos)
            if k < 0:
                continue
            offsets[w.id] = k
            pos = k + len(w.form)
        if len(offsets) == len(words):
            return text, offsets
    return _join(sentence)


def _join(sentence: Sentence) -> tuple[str, dict[int, int]]:
    """The words detokenised by the PTB rules; offsets of the words in the result."""
    text, offsets = detokenize_with_offsets([w.form for w in sentence.words])
    return text, {w.id: k for w, k in zip(sentence.words, offsets, strict=True)}


# --------------------------------------------------------------------------------------------
# The graph


class _Graph:
    """Basic tree and enhanced edges of one sentence, with copy nodes resolved."""

    def __init__(self, sentence: Sentence) -> None:
        self.sentence = sentence
        self.words = {w.id: w for w in sentence.words}
        self.copies = {n.id: n for n in sentence.empty_nodes}
        self.children: dict[int, list[int]] = {}
        for w in sentence.words:
            self.children.setdefault(w.head, []).append(w.id)
        # enhanced edges: dependent id (str) -> [(head, rel)]
        self.edeps: dict[str, list[tuple[str, str]]] = {}
        for w in sentence.words:
            self.edeps[str(w.id)] = _deps(w.deps)
        for n in sentence.empty_nodes:
            self.edeps[n.id] = _deps(n.deps)
        self.dependents: dict[str, list[tuple[str, str]]] = {}
        for dep, heads in self.edeps.items():
            for h, rel in heads:
                self.dependents.setdefault(h, []).append((dep, rel))
        # "space after word" with multiword tokens ("don't" = do + n't) taken into account
        self.space_after = {w.id: w.space_after for w in sentence.words}
        for mwt in sentence.multiword_tokens:
            for i in range(mwt.first, mwt.last):
                self.space_after[i] = False
            self.space_after[mwt.last] = mwt.space_after
        # copies of function words inside a remnant ("Italy" with an elided "to": 12.2 to,
        # DEPS 13:case): host word -> [(copy id, relation)]
        self.inner: dict[int, list[tuple[str, str]]] = {}
        for n in sentence.empty_nodes:
            heads = _deps(n.deps)
            # ("they" elided before "own / have": 26.2 they, DEPS 27:nsubj|29:nsubj; the
            # first head hosts it)
            if heads and all(h.isdigit() and _base(r) not in COORD_RELS for h, r in heads):
                self.inner.setdefault(int(heads[0][0]), []).append((n.id, heads[0][1]))
        self.original: dict[str, int | None] = {}
        self.no_antecedent: set[str] = set()
        self._resolve_originals()

    def subtree(self, wid: int) -> set[int]:
        out = {wid}
        stack = [wid]
        while stack:
            for c in self.children.get(stack.pop(), []):
                if c not in out:
                    out.add(c)
                    stack.append(c)
        return out

    def _same_lemma(self, node: EmptyNode, w: Word) -> bool:
        lemma = node.lemma if node.lemma != "_" else node.form
        return w.lemma.lower() == lemma.lower() or w.form.lower() == node.form.lower()

    def _resolve_originals(self) -> None:
        pending = list(self.copies)
        for _ in range(len(pending) + 1):
            left = []
            for cid in pending:
                node = self.copies[cid]
                copy_of = _misc(node.columns[9]).get("CopyOf")
                if copy_of is not None:
                    try:
                        n = int(copy_of)
                    except ValueError:
                        n = -1
                    if n in self.words:
                        self.original[cid] = n
                    else:
                        self.original[cid] = None
                        self.no_antecedent.add(cid)
                    continue
                found: int | None = None
                unresolved_parent = False
                for h, _rel in self.edeps.get(cid, []):
                    if h in self.copies:
                        if h not in self.original:
                            unresolved_parent = True
                            continue
                        ph = self.original[h]
                        if ph is None:
                            continue
                        kids = [self.words[c] for c in self.children.get(ph, [])]
                        hit = next((w for w in kids if self._same_lemma(node, w)), None)
                        if hit is not None:
                            found = hit.id
                            break
                    elif (
                        h.isdigit()
                        and int(h) in self.words
                        and self._same_lemma(node, self.words[int(h)])
                    ):
                        found = int(h)
                        break
                if found is None and unresolved_parent:
                    left.append(cid)
                    continue
                if found is None:
                    before = [
                        w
                        for w in self.sentence.words
                        if w.id <= node.after and self._same_lemma(node, w)
                    ]
                    anywhere = [w for w in self.sentence.words if self._same_lemma(node, w)]
                    pick = before[-1] if before else (anywhere[0] if anywhere else None)
                    found = pick.id if pick is not None else None
                self.original[cid] = found
                if found is None:
                    self.no_antecedent.add(cid)
            if not left:
                return
            pending = left
        for cid in pending:  # a cycle of copies: no antecedent
            self.original[cid] = None
            self.no_antecedent.add(cid)

    def copy_parent(self, cid: str) -> tuple[str, str] | None:
        """The (head, relation) that attaches a copy: a coordination edge if it has one."""
        heads = self.edeps.get(cid, [])
        coord = [(h, rel) for h, rel in heads if _base(rel) in COORD_RELS]
        if len(coord) > 1:
            # enhanced UD propagates a conjunct to every conjunct it is coordinated with
            # ("UK: X is simple and can be done by post or [done] in person": 1:parataxis,
            # 11:conj:and, 15:conj:or): the copy's own coordination is the one with the
            # copied lemma, else the one named by the copy's own conjunction
            node = self.copies[cid]
            same = [
                (h, r)
                for h, r in coord
                if h.isdigit()
                and int(h) in self.words
                and self._same_lemma(node, self.words[int(h)])
            ]
            own_cc = {
                self.words[int(d)].form.lower()
                for d, r in self.dependents.get(cid, [])
                if _base(r) == "cc" and d.isdigit()
            }
            named = [(h, r) for h, r in coord if r.partition(":")[2] in own_cc]
            coord = same or named or coord
        if coord:
            return coord[0]
        return heads[0] if heads else None

    def group_of(self, top: str) -> list[str]:
        """The top copy and the copies hanging below it by non-coordination edges."""
        out = [top]
        stack = [top]
        while stack:
            h = stack.pop()
            for dep, rel in self.dependents.get(h, []):
                if dep in self.copies and dep not in out and _base(rel) not in COORD_RELS:
                    out.append(dep)
                    stack.append(dep)
        return out


# --------------------------------------------------------------------------------------------
# Rewrites


@dataclass
class _Gap:
    """One gapped conjunct: its copy nodes and remnants ``(word id, relation, copy id)``."""

    top: str
    copies: list[str]
    remnants: list[tuple[int, str, str]]
    ccs: list[int]
    start: int = 0  # position of the first own (not shared) remnant


def _remnant_span(g: _Graph, rid: int, exclude: set[int]) -> list[int]:
    """The words of a remnant: its subtree without other remnants, conjuncts and cc."""
    out: set[int] = set()
    stack = [rid]
    while stack:
        i = stack.pop()
        out.add(i)
        for c in g.children.get(i, []):
            w = g.words[c]
            if c in exclude:
                continue
            if i == rid and w.deprel == "cc":
                continue
            stack.append(c)
    ids = sorted(out)
    opening = {"(", "[", "-LRB-", "-LSB-"}
    closing = {")", "]", "-RRB-", "-RSB-"}
    if (
        len(ids) > 2
        and g.words[ids[0]].form in opening
        and g.words[ids[-1]].form in closing
        and rid not in (ids[0], ids[-1])
    ):
        return ids  # "(as it later turned out)": a bracketed remnant keeps its brackets
    while ids and g.words[ids[0]].upos == "PUNCT" and ids[0] != rid:
        ids.pop(0)
    while ids and g.words[ids[-1]].upos == "PUNCT" and ids[-1] != rid:
        last = g.words[ids[-1]].form
        if last in {"''", '"', "'", "’"} and len(ids) > 1:
            break
        if last in closing and any(g.words[i].form in opening for i in ids):
            break  # "Viva Maria! (1965)": the bracket closes one the remnant opened
        ids.pop()
    return ids


def _case_lemma(g: _Graph, wid: int) -> str:
    """The preposition or subordinator of a word (an elided one from a copy node too)."""
    for c in g.children.get(wid, []):
        w = g.words[c]
        if _base(w.deprel) in ("case", "mark"):
            return w.lemma.lower()
    names = [c for c in g.children.get(wid, []) if g.words[c].base_deprel in ("compound", "flat")]
    for cid, rel in [x for i in [wid, *names] for x in g.inner.get(i, [])]:
        if _base(rel) in ("case", "mark"):
            node = g.copies[cid]
            return (node.lemma if node.lemma != "_" else node.form).lower()
    return ""


def _with_inner(g: _Graph, ids: list[int]) -> list[tuple[int, str]]:
    """``(word id, form)`` of a remnant's words with its elided function words put back
    where their copy nodes stand."""
    items: list[tuple[float, int, str]] = [(float(i), i, g.words[i].form) for i in ids]
    for i in ids:
        for cid, _ in g.inner.get(i, []):
            node = g.copies[cid]
            if node.form not in ("_", ""):
                items.append((node.after + node.index / 100 + 0.001, i, node.form))
    return [(i, f) for _, i, f in sorted(items)]


def _is_plural(g: _Graph, wid: int) -> bool | None:
    w = g.words[wid]
    low = w.form.lower()
    if low in {"they", "we", "you", "these", "those", "both"}:
        return True
    if low in {
        "he",
        "she",
        "it",
        "this",
        "that",
        "one",
        "each",
        "everyone",
        "another",
        "either",
        "neither",
    }:
        return False
    if any(g.words[c].base_deprel == "conj" for c in g.children.get(wid, [])):
        return True
    if "Number=Plur" in w.feats or w.xpos in ("NNS", "NNPS"):
        return True
    if w.xpos == "CD" or w.upos == "NUM":
        return low not in ("1", "one")
    if "Number=Sing" in w.feats or w.xpos in ("NN", "NNP"):
        return False
    return None


_AGREE = {
    ("is", True): "are",
    ("are", False): "is",
    ("was", True): "were",
    ("were", False): "was",
    ("has", True): "have",
    ("have", False): "has",
    ("does", True): "do",
    ("do", False): "does",
}


def _agree(form: str, lemma: str, xpos: str, plural: bool) -> str:
    """Present/past finite form agreeing with a 3rd-person subject of that number."""
    low = form.lower()
    if (low, plural) in _AGREE:
        return _AGREE[(low, plural)]
    if xpos == "VBZ" and plural and lemma not in ("_", ""):
        return lemma
    if xpos == "VBP" and not plural and lemma not in ("_", ""):
        if re.search(r"(s|sh|ch|x|z|o)$", lemma):
            return lemma + "es"
        if re.search(r"[^aeiou]y$", lemma):
            return lemma[:-1] + "ies"
        return lemma + "s"
    return form


def _lemma(w: Word) -> str:
    """The lemma, or a guess from a present-tense form when the treebank has none."""
    if w.lemma not in ("_", ""):
        return w.lemma
    if w.xpos == "VBZ" and w.form.endswith("s"):
        return w.form[:-2] if w.form.endswith(("ches", "shes", "sses", "xes")) else w.form[:-1]
    return w.form


def _unmarked(rel: str) -> bool:
    """A bare noun phrase used as an adverbial (``obl:unmarked``, older ``obl:tmod``/``npmod``)."""
    return rel.partition(":")[2] in ("unmarked", "tmod", "npmod")


def _is_wh(w: Word) -> bool:
    return (
        w.xpos in ("WRB", "WDT", "WP", "WP$")
        or "PronType=Int" in w.feats
        or ("PronType=Rel" in w.feats)
    )


def _modifier_correlate(g: _Graph, word: Word, corr: int, tset: set[int]) -> int:
    """A number or adjective remnant for a noun correlate stands for the noun's modifier:
    "has 3.5 million shares outstanding, and Eagle 2.6 million" -> "2.6 million" replaces
    "3.5 million" (the noun is elided too)."""
    target = g.words[corr]
    if word.upos not in ("NUM", "ADJ") or target.upos not in ("NOUN", "PROPN"):
        return corr
    if any(g.words[c].base_deprel == "det" for c in g.children.get(word.id, [])):
        return corr  # "the third" stands for the whole noun phrase "the second ship, which ..."
    rel = "nummod" if word.upos == "NUM" else "amod"
    mods = [c for c in g.children.get(corr, []) if c in tset and g.words[c].base_deprel == rel]
    return mods[0] if mods else corr


def _deeper_correlate(g: _Graph, rid: int, corr: int, tset: set[int]) -> int:
    """A remnant with a preposition that its correlate lacks stands for the dependent of the
    correlate with that preposition: "a picture of you, and Susan of me" (remnant "of me",
    correlate "a picture of you") -> "of you"."""
    case = _case_lemma(g, rid)
    if not case or _case_lemma(g, corr):
        return corr
    for i in sorted(g.subtree(corr)):
        if i != corr and i in tset and _case_lemma(g, i) == case:
            return i
    # "earnings below last year's results, and half above those results": the remnant stands
    # for the prepositional dependent of the correlate, whatever its preposition
    preps = [
        c
        for c in g.children.get(corr, [])
        if c in tset
        and c > corr
        and _case_lemma(g, c)
        and g.words[c].base_deprel in ("nmod", "obl")
    ]
    return preps[0] if len(preps) == 1 else corr


def _realise_gap(
    g: _Graph, template: list[int], gap: _Gap, exclude: set[int], cc: int
) -> tuple[list[tuple[float, int, str]], list[dict[str, Any]]]:
    """Tokens ``(key, word id, form)`` of a gapped conjunct and the remnant/correlate pairs
    (``cc``: the marked conjunction; punctuation closing the first conjunct before it is not
    copied)."""
    tset = set(template)
    forms: dict[int, str] = {}
    originals = {c: g.original.get(c) for c in gap.copies}
    chain = {o for o in originals.values() if o is not None}
    for c, o in originals.items():
        form = g.copies[c].form
        if o is not None and form not in ("_", ""):
            forms[o] = form
    removed: set[int] = set()
    inserted: list[tuple[float, int, str]] = []
    pairs: list[dict[str, Any]] = []
    used: set[int] = set()
    top = originals.get(gap.top)
    new_subject_plural: bool | None = None
    prefix: dict[int, list[tuple[int, str]]] = {}
    placed: dict[int, tuple[float, float]] = {}  # remnant -> first and last key of its tokens
    deferred: list[tuple[int, float, list[tuple[int, str]]]] = []

    def span_keys(wid: int) -> list[int]:
        return sorted(i for i in g.subtree(wid) if i in tset)

    own_ids = sorted(r for r, _, _ in gap.remnants if r not in tset)
    slotted: list[tuple[int, float, list[tuple[int, str]], str]] = []  # non-subject, correlated

    for rid, rel, cid in sorted(gap.remnants):
        orig = originals.get(cid)
        base = _base(rel)
        r_ids = _remnant_span(g, rid, exclude)
        r_text = _with_inner(g, r_ids)
        if rid in tset:
            continue  # shared argument, already in the first conjunct
        word = g.words[rid]
        if base in ("advmod", "advcl") and word.form.lower() in NEG_WORDS:
            pairs.append({"remnant": word.form, "relation": rel, "correlate": None})
            _negate(g, template, top, chain, forms, inserted, r_text)
            continue
        if base == "advmod" and word.form.lower() in FOCUS_ADVERBS:
            later = [r for r, _, _ in gap.remnants if r > rid and r not in tset]
            if later:  # "or even from chapter to chapter": the particle goes with the next remnant
                prefix.setdefault(min(later), []).extend(r_text)
                continue
        if rid in prefix:
            r_text = prefix.pop(rid) + r_text
        if base == "advmod" and (
            word.form.lower() in END_ADVERBS - {"well"}
            or " ".join(f for _, f in r_text).lower() == "as well"
        ):
            end = max((i for i in template if g.words[i].upos != "PUNCT"), default=0)
            inserted.extend((end + 0.6 + k * 0.01, i, f) for k, (i, f) in enumerate(r_text))
            pairs.append(
                {"remnant": " ".join(f for _, f in r_text), "relation": rel, "correlate": None}
            )
            continue
        corr = None
        if orig is not None:
            kids = [
                c
                for c in g.children.get(orig, [])
                if c in tset
                and c not in used
                and c not in chain
                and c not in removed
                and not _is_wh(g.words[c])
                and g.words[c].form.lower() not in MODAL_ADVERBS
            ]
            same = [c for c in kids if _base(g.words[c].deprel) == base]
            if not same:
                group = next((grp for grp in RELAXED if base in grp), set())
                same = [c for c in kids if _base(g.words[c].deprel) in group]
            last_own = max((r for r, _, c in gap.remnants if c == cid), default=rid)
            if not same and (base == "obl" or (base == "advmod" and rid == last_own)):
                # "took Peter home and Sally to the station": a place or time adverb after
                # the verb and a prepositional phrase stand for one another
                same = [
                    c
                    for c in kids
                    if c > orig and _base(g.words[c].deprel) in ("obl", "advmod") and c not in chain
                ]
            if len(same) > 1:
                # a bare noun phrase ("four miles", "six years", obl:unmarked) stands for a bare
                # one, a prepositional phrase for a prepositional one
                kind = [c for c in same if _unmarked(g.words[c].deprel) == _unmarked(rel)]
                if kind:
                    same = kind
            if len(same) > 1:
                case = _case_lemma(g, rid)
                by_case = [c for c in same if _case_lemma(g, c) == case]
                if by_case:
                    same = by_case
            if same:
                # several candidates: align from the right (remnants parallel the end of the
                # clause: "... half the money through X and the other half as Y")
                mine = [r for r, rl, c in gap.remnants if c == cid and _base(rl) == base]
                k = len(mine) - 1 - mine.index(rid) if rid in mine else 0
                corr = same[max(0, len(same) - 1 - k)]
        if corr is not None:
            corr = _deeper_correlate(g, rid, corr, tset)
            corr = _modifier_correlate(g, word, corr, tset)
            keys = span_keys(corr)
            # a relative pronoun inside the correlate stays ("one of which hybridizes ..., and
            # the other to ...": "the other of which hybridizes")
            for dep_id in g.children.get(corr, []):
                sub = g.subtree(dep_id)
                if (
                    dep_id > corr
                    and g.words[dep_id].base_deprel == "nmod"
                    and any(_is_wh(g.words[i]) for i in sub)
                ):
                    keys = [i for i in keys if i not in sub]
            used.add(corr)
            removed.update(keys)
            start = keys[0] if keys else corr
            if (
                not _case_lemma(g, rid)
                and _case_lemma(g, corr)
                and word.upos != "ADV"
                and not _unmarked(rel)
            ):
                # "in the late 1960s ... and the mid-1970s ...": the preposition is shared
                preps = [
                    c
                    for c in g.children.get(corr, [])
                    if _base(g.words[c].deprel) == "case" and c < corr
                ]
                r_text = [(c, g.words[c].form) for c in preps] + r_text
            pairs.append(
                {
                    "remnant": " ".join(f for _, f in r_text),
                    "relation": rel,
                    "correlate": " ".join(g.words[i].form for i in keys),
                }
            )
            if base in SUBJ_RELS:
                new_subject_plural = _is_plural(g, rid)
                inserted.extend((start + k * 0.001, i, f) for k, (i, f) in enumerate(r_text))
                placed[rid] = (start, start + 0.001 * len(r_text))
            else:
                slotted.append((rid, float(start), r_text, base))
        elif (
            own_ids
            and rid == own_ids[0]
            and base == "advmod"
            and word.upos == "ADV"
            and word.form.lower() not in DIRECTIONAL
            and top is not None
            and top in tset
            and g.words[top].upos in ("VERB", "AUX")
        ):
            # "..., and then the red wines, six years": a leading adverb without a correlate
            # goes before the copied verb, after its auxiliaries ("you can then keep ...")
            inserted.extend((top - 0.5 + k * 0.001, i, f) for k, (i, f) in enumerate(r_text))
            pairs.append(
                {"remnant": " ".join(f for _, f in r_text), "relation": rel, "correlate": None}
            )
        else:
            anchor = span_keys(orig) if orig is not None else template
            anchor = [i for i in anchor if g.words[i].upos != "PUNCT"] or template
            if base in SUBJ_RELS:
                key = anchor[0] - 0.5
                new_subject_plural = _is_plural(g, rid)
                inserted.extend((key + k * 0.001, i, f) for k, (i, f) in enumerate(r_text))
                placed[rid] = (key, key + 0.001 * len(r_text))
            else:
                deferred.append((rid, anchor[-1] + 0.5, r_text))
                if base in ("advcl", "parataxis", "ccomp") and not any(r > rid for r in own_ids):
                    # a clause closing the remnants goes after the clause; one standing before
                    # another remnant keeps its place ("and (as it later turned out) a ...")
                    deferred[-1] = (-rid, anchor[-1] + 0.5, r_text)
            pairs.append(
                {"remnant": " ".join(f for _, f in r_text), "relation": rel, "correlate": None}
            )
    # remnants that replace correlates after the verb keep their own order when the
    # correlates' order differs ("biked four miles into town, and back on her bike, four
    # miles uphill": "on her bike" stands for "into town", yet comes first)
    # (only among remnants of one relation: "made all these gestures to X, and for us,
    # nothing" keeps the verb's object first)
    order: list[tuple[int, float, list[tuple[int, str]]]] = []
    for b in {b for *_, b in slotted}:
        same_rel = sorted(t for t in slotted if t[3] == b)
        slots = sorted(t[1] for t in same_rel)
        order.extend(
            (rid, st, r_text) for (rid, _, r_text, _), st in zip(same_rel, slots, strict=True)
        )
    spans: list[dict[int, float]] = []  # own word id -> key, per remnant placed
    nested: list[tuple[int, list[tuple[int, str]]]] = []
    for rid, slot, r_text in sorted(order):
        ids = [i for i, _ in r_text if i not in tset]
        if any(min(sp) < min(ids) and max(ids) < max(sp) for sp in spans if sp and ids):
            nested.append((rid, r_text))
            continue
        keys_of: dict[int, float] = {}
        for k, (i, form) in enumerate(r_text):
            inserted.append((slot + k * 0.001, i, form))
            if i not in tset:
                keys_of.setdefault(i, slot + k * 0.001)
        spans.append(keys_of)
        placed[rid] = (slot, slot + 0.001 * len(r_text))
    for rid, r_text in nested:
        # a remnant that stands inside another one's words keeps its place there
        # ("between X (P < 0.05) as well as Y (P < 0.05)")
        first = min(i for i, _ in r_text if i not in tset)
        host = next(sp for sp in spans if sp and min(sp) < first < max(sp))
        key = host[max(i for i in host if i < first)] + 0.0002
        inserted.extend((key + k * 0.00001, i, f) for k, (i, f) in enumerate(r_text))
        placed[rid] = (key, key + 0.00001 * len(r_text))
    # a remnant without a correlate keeps its neighbours: right after the remnant before it
    # ("as pdf files on the introductory link"), else right before the one after it ("then
    # to his hometown"), else after the clause
    subjects = {r for r, rl, _ in gap.remnants if _base(rl) in SUBJ_RELS}
    for n, (rid, fallback, r_text) in enumerate(deferred):
        fallback += n * 0.01  # several after the clause keep their order, never interleave
        before = [r for r in placed if rid > 0 and r < rid and r not in subjects]
        after = [r for r in placed if 0 < rid < r]
        if before:
            key = placed[max(before)][1] + 0.0001
        elif after:
            key = placed[min(after)][0] - 0.0009
        else:
            key = fallback
        step = 0.00001
        inserted.extend((key + k * step, i, f) for k, (i, f) in enumerate(r_text))
        placed[abs(rid)] = (key, key + step * len(r_text))
    if new_subject_plural is not None and top is not None:
        finite = [top] + [
            c
            for c in g.children.get(top, [])
            if c in tset and _base(g.words[c].deprel) in ("aux", "cop")
        ]
        for f in sorted(finite):
            w = g.words[f]
            if w.xpos in ("VBZ", "VBP", "VBD") or "VerbForm=Fin" in w.feats:
                current = forms.get(f, w.form)
                forms[f] = _agree(current, _lemma(w), w.xpos, new_subject_plural)
                break
    last_word = max((i for i in template if g.words[i].upos != "PUNCT"), default=0)
    tokens = [
        (float(i), i, forms.get(i, g.words[i].form))
        for i in template
        if i not in removed and not (last_word < i < cc and g.words[i].form in TRAILING_PUNCT)
    ]
    return sorted(tokens + inserted), pairs


def _negate(
    g: _Graph,
    template: list[int],
    top: int | None,
    chain: set[int],
    forms: dict[int, str],
    inserted: list[tuple[float, int, str]],
    r_text: list[tuple[int, str]],
) -> None:
    """Put ``not`` after the first auxiliary of the copied clause, with do-support if none."""
    tset = set(template)
    verbs = sorted(chain) or ([top] if top else [])
    auxes = sorted(
        c
        for v in verbs
        for c in g.children.get(v, [])
        if c in tset and _base(g.words[c].deprel) in ("aux", "cop")
    )
    if auxes:
        key = auxes[0] + 0.5
    elif top is not None:
        w = g.words[top]
        do = DO_SUPPORT.get(w.xpos)
        key = top - 0.5
        if do is not None:
            inserted.append((top - 0.6, top, do))
            forms[top] = _lemma(w)
    else:
        key = 0.5
    inserted.extend((key + k * 0.001, i, f) for k, (i, f) in enumerate(r_text))


def _clean(tokens: list[tuple[float, int, str]]) -> list[tuple[float, int, str]]:
    """Drop punctuation left dangling by the split (leading, doubled, before the final mark)."""
    punct = {",", ";", ":", "--", "-"}
    out: list[tuple[float, int, str]] = []
    for t in tokens:
        if t[2] in punct and (not out or out[-1][2] in punct):
            continue
        if t[2] in {".", "!", "?", ")"} and out and out[-1][2] in punct:
            out.pop()
        if (
            t[2] == "."
            and out
            and (out[-1][2] in ("...", "…", "?", "!") or out[-1][2].endswith("."))
        ):
            continue  # "in the U.S." ends the sentence too
        out.append(t)
    while out and out[-1][2] in punct:
        out.pop()
    return out


def _surface(g: _Graph, tokens: list[tuple[float, int, str]]) -> str:
    tokens = _clean(tokens)
    spacing = _has_spacing(g.sentence)
    forms = [f for _, _, f in tokens]
    spaces: list[bool | None] = []
    for (_, a, _), (_, b, _) in pairwise(tokens):
        # words adjacent in the treebank keep its spacing wherever they are put
        # ("showgirl/gangster's", "$ 1,000" inside a moved remnant)
        known = spacing and b == a + 1
        spaces.append(g.space_after[a] if known else None)
    spaces.append(None)
    if tokens:
        first_id = tokens[0][1]
        for k, (_, i, f) in enumerate(tokens):
            w = g.words[i]
            if (
                i == 1
                and k > 0
                and f == w.form
                and w.upos not in ("PROPN",)
                and f not in ("I",)
                and f[:1].isupper()
                and f[1:].islower()
            ):
                forms[k] = f[:1].lower() + f[1:]
        del first_id
    text = detokenize(forms, spaces)
    return text[:1].upper() + text[1:] if text else text


def _phenomenon(g: _Graph, gap: _Gap, template: set[int]) -> str:
    node = g.copies[gap.top]
    if node.upos not in ("VERB", "AUX"):
        return "nominal"
    own = [(r, rel) for r, rel, _ in gap.remnants if r not in template]
    markers = [
        r
        for r, rel in own
        if _base(rel) == "advmod" and g.words[r].form.lower() in NEG_WORDS | END_ADVERBS
    ]
    core = [(r, rel) for r, rel in own if r not in markers]
    has_subject = any(_base(rel) in SUBJ_RELS for _, rel in core)
    if len(core) <= 1:
        return "stripping"
    return "gapping" if has_subject else "argument-cluster"


def extract_from_sentence(
    sentence: Sentence,
    *,
    source: str = "",
    index: int = 0,
    use_orphans: bool = False,
    report: GappingReport | None = None,
) -> list[ConjunctExample]:
    """Examples with gold rewrites for the gapped coordinations of one sentence (see the
    module docstring)."""
    report = report if report is not None else GappingReport()
    sid = _sentence_id(sentence, source, index)
    g = _Graph(sentence)
    text, offsets = sentence_text(sentence)
    out: list[ConjunctExample] = []
    report.copy_nodes += len(g.copies)
    status: dict[str, str] = {}
    # top copies grouped by the head of their coordination
    coords: dict[tuple[str, str], list[str]] = {}
    in_group: set[str] = set()
    for cid in g.copies:
        parent = g.copy_parent(cid)
        if parent is None or _base(parent[1]) not in COORD_RELS:
            continue
        coords.setdefault((parent[0], _base(parent[1])), []).append(cid)
    for tops in coords.values():
        for t in tops:
            in_group.update(g.group_of(t))
    inner_of = {cid: host for host, items in g.inner.items() for cid, _ in items}
    for cid in g.copies:
        if cid not in in_group:
            status[cid] = "not-coordination"
    covered_orphans: set[int] = set()
    for (head, rel), tops in sorted(coords.items(), key=lambda kv: float(kv[0][0])):
        groups = {t: g.group_of(t) for t in tops}
        members = [c for grp in groups.values() for c in grp]
        report.gaps += len(tops)

        def mark(reason: str, members: list[str] = members) -> None:
            for c in members:
                status[c] = reason
            report.skipped_ids.append(f"{sid} ({','.join(members)}: {reason})")

        if head in g.copies or not head.isdigit() or int(head) not in g.words:
            mark("first-conjunct-elided")
            report.skipped_other += 1
            continue
        no_antecedent = any(g.original.get(c) is None for c in members)
        x = int(head)
        antecedent_top = g.original.get(tops[0])
        if (
            antecedent_top is not None
            and antecedent_top != x
            and x in g.subtree(antecedent_top)
            and g.words[antecedent_top].upos in ("VERB", "AUX")
        ):
            # "allocating the part of rent ... to all citizens, and the part derived from
            # public services to ...": the copy of "allocating" hangs on "part" (conj); the
            # clause that is split is the verb's
            x = antecedent_top
        gaps: list[_Gap] = []
        remnant_ids: set[int] = set()
        cc_ids: set[int] = set()
        for t, grp in groups.items():
            rems: list[tuple[int, str, str]] = []
            ccs: list[int] = []
            for c in grp:
                for dep, drel in g.dependents.get(c, []):
                    if dep in g.copies or not dep.isdigit():
                        continue
                    if _base(drel) == "cc" and g.words[int(dep)].base_deprel == "advmod":
                        drel = "advmod"  # "and then the red wines, ...": then 15.1:cc
                    if _base(drel) in ("cc", "punct"):
                        if _base(drel) == "cc":
                            ccs.append(int(dep))
                        cc_ids.add(int(dep))
                        continue
                    if drel.endswith(":xsubj") or (
                        _base(drel) in SKIP_REMNANT_RELS
                        # "(P less than 0.05)" is the gap's own parataxis: a remnant
                        and not (
                            _base(drel) == "parataxis" and g.words[int(dep)].deprel == "orphan"
                        )
                    ):
                        continue  # a controlled subject is a link, not a remnant
                    r = int(dep)
                    head_w = g.words.get(g.words[r].head)
                    if (
                        g.words[r].base_deprel in ("compound", "flat")
                        and head_w is not None
                        and _base(head_w.deprel) in (*COORD_RELS, "orphan")
                        and str(head_w.id) not in {d for d, _ in g.dependents.get(c, [])}
                    ):
                        # the graph attached one word of a name ("Magi" of "Magi-Fest"):
                        # the remnant is the name
                        r = head_w.id
                    rems.append((r, drel, c))
            # a conjunct inside a remnant ("from 1699 or 1700") gets the copy's relation by
            # propagation in enhanced UD: it is part of the first conjunct's remnant
            rel_of = {r: rl for r, rl, _ in rems}
            rems = [
                (r, rl, c)
                for r, rl, c in rems
                if not (g.words[r].base_deprel == "conj" and rel_of.get(g.words[r].head) == rl)
            ]
            for r, _, _ in rems:
                ccs.extend(
                    c for c in g.children.get(r, []) if g.words[c].base_deprel == "cc" and c < r
                )
            remnant_ids.update(r for r, _, _ in rems)
            gaps.append(_Gap(t, grp, rems, sorted(set(ccs))))
        # a conjunct of the head whose orphans are a gap's remnants is that gap's promoted
        # remnant even when the enhanced graph forgot to attach it to the copy (GUM: "with the
        # silver medal going to Poland and the bronze to Armenia")
        for gp in gaps:
            own = {r for r, _, _ in gp.remnants}
            for w in g.children.get(x, []):
                if w in remnant_ids or g.words[w].base_deprel != rel:
                    continue
                if not any(c in own for c in g.children.get(w, [])):
                    continue
                gp.remnants.append((w, _infer_relation(g, x, w, gp), gp.top))
                remnant_ids.add(w)
                gp.ccs.extend(
                    c for c in g.children.get(w, []) if g.words[c].base_deprel == "cc" and c < w
                )
        covered_orphans.update(remnant_ids)
        conj_kids = [
            c
            for c in g.children.get(x, [])
            if g.words[c].base_deprel == rel and c not in remnant_ids
        ]
        full = set(g.subtree(x))
        # a "remnant" outside the coordination that has another head as well is context shared
        # by every conjunct ("every weekday she rose at seven and biked ..., and then back"):
        # it stays where it is
        context = {
            r
            for r in remnant_ids
            if r not in full and any(h.isdigit() and int(h) not in full for h, _ in g.edeps[str(r)])
        }
        if context:
            remnant_ids -= context
            for gp in gaps:
                gp.remnants = [t for t in gp.remnants if t[0] not in context]
        # a remnant that is also an enhanced dependent of a word of the first conjunct (a
        # shared subject) stays in the first conjunct; the others belong to their gap only
        region = _conj_region(g, x, rel)
        inside = {i for r in remnant_ids for i in g.subtree(r) if i != r}
        shared = {
            r
            for r in remnant_ids
            if r in full
            and r not in region
            and any(
                h.isdigit() and int(h) in full and int(h) not in region | inside
                for h, _ in g.edeps[str(r)]
            )
        }
        own_words = {i for r in remnant_ids - shared for i in g.subtree(r)}
        own_cc = (
            {c for c in g.children.get(x, []) if g.words[c].base_deprel == "cc" and c < x}
            if g.words[x].base_deprel in COORD_RELS
            else set()
        )
        template = sorted(
            full
            - region
            - own_words
            - cc_ids
            - {c for c in g.children.get(x, []) if g.words[c].deprel == "cc:preconj"}
            - own_cc
        )
        template = sorted(set(template) | shared)
        for gp in gaps:
            own_ids = [r for r, _, _ in gp.remnants if r not in shared]
            gp.start = min(own_ids) if own_ids else int(float(gp.top))
            # the subject of a copy is shared, so a second "subject" remnant of the SAME copy
            # is a mislabelled object ("The chain has 90 outlets in Japan, seven in the U.S.":
            # seven 4.1:nsubj); a subject of another copy of the chain is a subject ("Some
            # claim they ..., and others because ...": they of 4.1, others of 2.1)
            shared_subj = {  # (an expletive is no subject here: "There were 9 ...")
                c for r, rl, c in gp.remnants if r in shared and _base(rl) in SUBJ_RELS - {"expl"}
            }
            gp.remnants = [
                (
                    r,
                    "obj"
                    if r not in shared and _base(rl) in SUBJ_RELS and c in shared_subj
                    else rl,
                    c,
                )
                for r, rl, c in gp.remnants
            ]
        exclude = (remnant_ids | cc_ids) - shared
        exclude |= set(conj_kids)
        outside = [
            w.id
            for w in sentence.words
            if (w.id not in full or w.id in own_cc) and w.id not in remnant_ids
        ]
        # every candidate conjunction: cc of the gaps first, then of the other conjuncts
        gap_ccs = [c for gp in gaps for c in gp.ccs if g.words[c].form.lower() in CONJUNCTIONS]
        other_ccs = [
            c
            for k in conj_kids
            for c in g.children.get(k, [])
            if g.words[c].base_deprel == "cc" and g.words[c].form.lower() in CONJUNCTIONS
        ]
        ccs = gap_ccs or other_ccs
        if not ccs:
            mark("no-conjunction")
            report.skipped_no_conjunction += 1
            continue
        cc = max(ccs)
        if no_antecedent:
            # the elided verb is not a word of the sentence (CopyOf=-1): a task input
            # without gold rewrites, as the copy node says what is missing but not where
            mark("no-antecedent")
            report.skipped_other += 1
            node = g.copies[gaps[0].top]
            out.append(
                ConjunctExample(
                    id=f"{sid}@{gaps[0].top}",
                    sentence=text,
                    conjunction=text[offsets[cc] : offsets[cc] + len(ptb_form(g.words[cc].form))],
                    offset=offsets[cc],
                    rewrites=[],
                    meta={
                        "source": "treebank-gapping",
                        "sent_id": sid,
                        "copy_node": gaps[0].top,
                        "copy_nodes": members,
                        "elided_verb": {
                            "form": node.form,
                            "lemma": node.lemma,
                            "xpos": node.xpos,
                            "copy_of": -1,
                        },
                        "antecedent": None,
                        "remnants": [
                            {"id": r, "form": g.words[r].form, "relation": rl}
                            for gp in gaps
                            for r, rl, _ in gp.remnants
                        ],
                        "conjunction_word": cc,
                        "filled": _filled_text(sentence, gaps[0].top),
                    },
                )
            )
            continue
        # a full conjunct after the marked conjunction that is not joined by it belongs to
        # another coordination ("... and has extended both offers"): shared by every rewrite
        others = [
            k
            for k in conj_kids
            if cc not in g.children.get(k, [])
            and (
                min(g.subtree(k)) > cc
                # "built and renovated ... in 2013 and ... in 2014": joined by a conjunction
                # of its own, the conjunct is not part of the marked coordination
                or any(
                    g.words[c].base_deprel == "cc" and g.words[c].form.lower() in CONJUNCTIONS
                    for c in g.children.get(k, [])
                )
            )
        ]
        conj_kids = [k for k in conj_kids if k not in others]
        # "..., and so on": not a conjunct to spell out; it goes with the marked conjunction
        etc = [
            k
            for k in conj_kids
            if {g.words[i].form.lower() for i in g.subtree(k) if g.words[i].upos != "PUNCT"}
            <= {"so", "on", "forth", "etc", "etc.", "and", "or"}
        ]
        conj_kids = [k for k in conj_kids if k not in etc]
        outside = sorted(set(outside) | {i for k in others for i in g.subtree(k)})
        conjuncts: list[tuple[int, list[tuple[float, int, str]], _Gap | None]] = [
            (x, [(float(i), i, g.words[i].form) for i in template], None)
        ]
        all_pairs: list[dict[str, Any]] = []
        for gp in gaps:
            toks, pairs = _realise_gap(g, template, gp, exclude, cc)
            all_pairs.extend(pairs)
            conjuncts.append((gp.start, toks, gp))
        for k in conj_kids:
            conjuncts.append((min(g.subtree(k)), _full_conjunct(g, x, k), None))
        conjuncts.sort(key=lambda c: c[0])
        rewrites = []
        for _, toks, _ in conjuncts:
            merged = sorted(toks + [(float(i), i, g.words[i].form) for i in outside])
            rewrites.append(_surface(g, merged))
        if len(set(rewrites)) < len(rewrites) or any(not r for r in rewrites):
            mark("degenerate")
            report.skipped_other += 1
            continue
        for c in members:
            status[c] = "extracted"
        words_used = {i for gp in gaps for r, _, _ in gp.remnants for i in g.subtree(r)}
        for cid, host in inner_of.items():
            if host in words_used and cid not in in_group:
                status[cid] = "extracted (function word in a remnant)"
        report.extracted += 1
        tset = set(template)
        phenomena = [_phenomenon(g, gp, tset) for gp in gaps]
        shapes = _shapes(g, x, gaps, template, conjuncts, phenomena)
        top = gaps[0]
        node = g.copies[top.top]
        antecedent = g.original[top.top]
        ex = ConjunctExample(
            id=f"{sid}@{top.top}",
            sentence=text,
            conjunction=text[offsets[cc] : offsets[cc] + len(ptb_form(g.words[cc].form))],
            offset=offsets[cc],
            rewrites=rewrites,
            rewritable=True,
            split=None,
            meta={
                "source": "treebank-gapping",
                "sent_id": sid,
                "copy_node": top.top,
                "copy_nodes": members,
                "phenomenon": phenomena[0]
                if len(set(phenomena)) == 1
                else "+".join(sorted(set(phenomena))),
                "shapes": shapes,
                "elided_verb": {
                    "form": node.form,
                    "lemma": node.lemma,
                    "xpos": node.xpos,
                    "copy_of": antecedent if antecedent is not None else -1,
                },
                "antecedent": (
                    {"id": antecedent, "form": g.words[antecedent].form}
                    if antecedent is not None
                    else None
                ),
                "remnants": [
                    {"id": r, "form": g.words[r].form, "relation": rl}
                    for gp in gaps
                    for r, rl, _ in gp.remnants
                ],
                "alignment": all_pairs,
                "conjunction_word": cc,
                "filled": _filled_text(sentence, top.top),
            },
        )
        out.append(ex)
    for cid in g.copies:
        report.statuses[f"{sid}#{cid}"] = status.get(cid, "not-coordination")
    if use_orphans:
        out.extend(_from_orphans(sentence, text, offsets, sid, covered_orphans, report))
    return out


def _infer_relation(g: _Graph, x: int, w: int, gap: _Gap) -> str:
    """The relation of a promoted remnant the enhanced graph left unattached: ``obl`` with a
    preposition, else the subject when the gap has none and the first conjunct has one, else
    ``obj``."""
    if _case_lemma(g, w):
        return "obl"
    has_subject = any(_base(rl) in SUBJ_RELS for _, rl, _ in gap.remnants)
    if not has_subject and any(
        _base(g.words[c].deprel) in SUBJ_RELS for c in g.children.get(x, [])
    ):
        return "nsubj"
    return "obj"


def _conj_region(g: _Graph, x: int, rel: str) -> set[int]:
    return {i for c in g.children.get(x, []) if g.words[c].base_deprel == rel for i in g.subtree(c)}


def _full_conjunct(g: _Graph, x: int, k: int) -> list[tuple[float, int, str]]:
    """A conjunct that is not gapped: its subtree (without its cc) plus shared dependents
    (from the enhanced graph, else the first conjunct's subject for a subjectless verb)."""
    ids = {i for i in g.subtree(k)}
    ids -= {c for c in g.children.get(k, []) if g.words[c].base_deprel == "cc" and c < k}
    for dep, rel in g.dependents.get(str(k), []):
        if dep.isdigit() and int(dep) not in ids and _base(rel) in SUBJ_RELS | {"obj", "aux"}:
            ids |= g.subtree(int(dep))
    has_subject = any(_base(g.words[i].deprel) in SUBJ_RELS and g.words[i].head == k for i in ids)
    if not has_subject and g.words[k].upos in ("VERB", "AUX"):
        for c in g.children.get(x, []):
            if _base(g.words[c].deprel) in SUBJ_RELS:
                ids |= g.subtree(c)
    return [(float(i), i, g.words[i].form) for i in sorted(ids)]


def _shapes(
    g: _Graph,
    x: int,
    gaps: list[_Gap],
    template: list[int],
    conjuncts: list[Any],
    phenomena: list[str],
) -> list[str]:
    """Issue-11 error shapes visible in the gold (for per-shape counts)."""
    shapes = []
    if any(len(gp.copies) > 1 for gp in gaps):
        shapes.append("deep-chain")
    last_remnant = max((r for gp in gaps for r, _, _ in gp.remnants), default=0)
    if any(i > last_remnant and g.words[i].upos != "PUNCT" for i in template) or any(
        w.id > last_remnant and w.upos != "PUNCT" and w.id not in g.subtree(x)
        for w in g.sentence.words
    ):
        shapes.append("shared-after-gap")
    xw = g.words[x]
    if (
        xw.head != 0
        and xw.head > max(g.subtree(x))
        and _base(xw.deprel)
        in (
            "advcl",
            "acl",
            "csubj",
            "ccomp",
            "nsubj",
        )
    ):
        shapes.append("opening-phrase")
    if len(conjuncts) >= 3:
        shapes.append("list-3+")
    if "stripping" in phenomena and any(
        g.words[r].form.lower() in NEG_WORDS | END_ADVERBS for gp in gaps for r, _, _ in gp.remnants
    ):
        shapes.append("stripping-marker")
    return shapes


def _filled_text(sentence: Sentence, node_id: str) -> str:
    """The sentence with the copy node's form spoken where enhanced UD places it (after word
    ``n`` of ``n.1``): *Josh likes wine and Jane likes water.* A reading aid, not a gold
    rewrite (it keeps the conjunction)."""
    parts: list[str] = []
    skip_until = 0
    for row in sentence.rows:
        if isinstance(row, EmptyNode):
            if row.id == node_id:
                if parts and not parts[-1].endswith(" "):
                    parts.append(" ")
                parts.append(row.form + " ")
            continue
        if isinstance(row, MultiwordToken):
            parts.append(row.form + (" " if row.space_after else ""))
            skip_until = row.last
            continue
        if row.id <= skip_until:
            continue
        parts.append(row.form + (" " if row.space_after else ""))
    return "".join(parts).strip()


def _from_orphans(
    sentence: Sentence,
    text: str,
    offsets: dict[int, int],
    sid: str,
    covered: set[int],
    report: GappingReport,
) -> list[ConjunctExample]:
    """Gaps marked only by basic ``orphan`` relations (no copy node): task inputs, no gold."""
    words = {w.id: w for w in sentence.words}
    heads: dict[int, list[Word]] = {}
    for w in sentence.words:
        if w.deprel == "orphan" and w.id not in covered and w.head in words:
            heads.setdefault(w.head, []).append(w)
    out = []
    for head_id, orphans in sorted(heads.items()):
        first = words[head_id]
        if first.id in covered:
            continue
        report.gaps += 1
        ccs = [
            w
            for w in sentence.words
            if w.head == first.id and w.base_deprel == "cc" and w.form.lower() in CONJUNCTIONS
        ]
        if not ccs or ccs[0].id not in offsets:
            report.skipped_no_conjunction += 1
            report.skipped_ids.append(f"{sid} (orphan-{head_id}: no and/or/but)")
            continue
        verb = words.get(first.head) if first.base_deprel in COORD_RELS else None
        if verb is not None and verb.upos not in ("VERB", "AUX"):
            # a non-verbal predicate: the elided material is its copula, if any
            verb = next(
                (w for w in sentence.words if w.head == verb.id and w.deprel == "cop"), None
            )
        cc = ccs[0]
        report.extracted += 1
        out.append(
            ConjunctExample(
                id=f"{sid}@orphan-{head_id}",
                sentence=text,
                conjunction=text[offsets[cc.id] : offsets[cc.id] + len(cc.form)],
                offset=offsets[cc.id],
                rewrites=[],
                rewritable=True,
                meta={
                    "source": "treebank-gapping",
                    "sent_id": sid,
                    "copy_node": f"orphan-{head_id}",
                    "elided_verb": {
                        "form": verb.form if verb else None,
                        "lemma": verb.lemma if verb else None,
                        "xpos": verb.xpos if verb else None,
                        "copy_of": verb.id if verb else -1,
                        "inferred": True,
                    },
                    "antecedent": {"id": verb.id, "form": verb.form} if verb else None,
                    "remnants": [
                        {"id": w.id, "form": w.form, "relation": r}
                        for w, r in [(first, first.deprel), *[(o, "orphan") for o in orphans]]
                    ],
                    "conjunction_word": cc.id,
                    "filled": None,
                },
            )
        )
    return out


def extract_gapping(
    sources: Iterable[str | Path] | str | Path,
    *,
    use_orphans: bool = False,
    report: GappingReport | None = None,
) -> Iterator[ConjunctExample]:
    """Yield gold examples for the gapped coordinations of one or more CoNLL-U files.

    Reading streams (flat memory); trees are not re-validated beyond the reader's column and
    id checks, so enhanced-only files still load. ``report`` collects counts and the status
    of every copy node.
    """
    report = report if report is not None else GappingReport()
    paths = [sources] if isinstance(sources, (str, Path)) else list(sources)
    for path in paths:
        name = Path(path).name
        for i, sentence in enumerate(read_conllu(path, validate_tree=False), 1):
            report.sentences += 1
            if not sentence.empty_nodes and not (
                use_orphans and any(w.deprel == "orphan" for w in sentence.words)
            ):
                continue
            yield from extract_from_sentence(
                sentence, source=name, index=i, use_orphans=use_orphans, report=report
            )
