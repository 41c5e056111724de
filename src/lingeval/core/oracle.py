"""Gold UD trees as spaCy Docs in the style of spaCy's English pipelines ("oracle trees").

Tools written against a spaCy English parser (the conjunct rules, the nucleus metric) expect
ClearNLP-style dependencies: prepositions head their objects (``prep`` -> ``pobj``), the
copula heads its predicate (``attr``/``acomp``), objects are ``dobj``, passive subjects
``nsubjpass``. Universal Dependencies puts content words on top (``obl`` + ``case``,
``cop``). :func:`ud_to_clearnlp` converts a gold tree with the depeval convention
transformations (:func:`lingeval.depeval.conventions.function_head`: ``case-head``, then
``cop-head``, after ``coord-chain``, since spaCy attaches each conjunct and its conjunction
to the conjunct before it; possessive ``'s`` stays a ``case`` dependent as in spaCy), moves the clause-level
dependents of a copular predicate (subject, auxiliaries, negation, markers, adverbial
clauses and phrases, punctuation, coordinated clauses) up to the copula, and renames labels
(:data:`UD_TO_CLEARNLP`). :func:`sentence_to_doc` builds the Doc (words, spaces, heads,
labels, UPOS, PTB tag, lemma, morphology), so a parse-based tool can run on gold trees and
parse errors can be told apart from the tool's own errors.

Names (UD ``flat``, head-initial) become head-final ``compound`` chains as spaCy parses them.
The mapping is a convention, not an identity: spaCy's own parses of the same sentence will
still differ in places (``fixed`` expressions, some ``npadvmod``/``advmod`` choices, clause
boundaries). ``orphan`` (gapping in basic UD) becomes ``dep``. On the first 400 sentences of
UD English EWT dev, the converted gold trees and en_core_web_sm's parses agree on 83.2% of
heads and 79.0% of (head, label) pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lingeval.core.conllu import Sentence, Word
from lingeval.core.detok import ptb_form

if TYPE_CHECKING:
    from spacy.tokens import Doc
    from spacy.vocab import Vocab

__all__ = ["UD_TO_CLEARNLP", "sentence_to_doc", "ud_to_clearnlp"]

#: UD relation (with subtype, else universal) -> ClearNLP label used by spaCy's English models.
UD_TO_CLEARNLP = {
    "nsubj": "nsubj",
    "nsubj:pass": "nsubjpass",
    "nsubj:outer": "nsubj",
    "csubj": "csubj",
    "csubj:pass": "csubjpass",
    "expl": "expl",
    "obj": "dobj",
    "iobj": "dative",
    "obl": "npadvmod",  # an obl without a preposition; with one it becomes prep/pobj
    "obl:tmod": "npadvmod",
    "obl:npmod": "npadvmod",
    "obl:unmarked": "npadvmod",
    "nmod": "npadvmod",
    "nmod:poss": "poss",
    "nmod:tmod": "npadvmod",
    "nmod:npmod": "npadvmod",
    "nmod:unmarked": "npadvmod",
    "amod": "amod",
    "advmod": "advmod",
    "aux": "aux",
    "aux:pass": "auxpass",
    "mark": "mark",
    "det": "det",
    "det:predet": "predet",
    "det:poss": "poss",
    "nummod": "nummod",
    "compound": "compound",
    "compound:prt": "prt",
    "flat": "compound",
    "flat:name": "compound",
    "fixed": "dep",
    "conj": "conj",
    "cc": "cc",
    "cc:preconj": "preconj",
    "punct": "punct",
    "xcomp": "xcomp",
    "ccomp": "ccomp",
    "advcl": "advcl",
    "acl": "acl",
    "acl:relcl": "relcl",
    "appos": "appos",
    "parataxis": "parataxis",
    "discourse": "intj",
    "vocative": "npadvmod",
    "root": "ROOT",
    "case": "case",
    "cop": "attr",
    "orphan": "dep",
}
NEGATIONS = {"not", "n't", "never", "n’t"}
#: Dependents of a copular predicate that spaCy attaches to the copula.
CLAUSE_LEVEL = {
    "nsubj", "csubj", "expl", "aux", "mark", "advcl", "punct", "parataxis", "obl", "discourse",
    "vocative", "ccomp", "dislocated", "cc",
}  # fmt: skip


def _is_case(w: Word) -> bool:
    return w.base_deprel == "case" and w.xpos != "POS" and w.form not in ("'s", "'", "’s", "’")


def ud_to_clearnlp(sentence: Sentence) -> Sentence:
    """A copy of a UD basic tree with spaCy English structure and labels (module docstring)."""
    from lingeval.depeval.conventions import coord_chain, function_head

    sentence = _flat_last(coord_chain(sentence))
    orig = {w.id: (w.head, w.deprel) for w in sentence.words}
    cop_content = {w.id: w.head for w in sentence.words if w.base_deprel == "cop"}
    case_ids = {w.id for w in sentence.words if _is_case(w)}
    out = function_head(sentence, _is_case, 2)
    out = function_head(out, lambda w: w.base_deprel == "cop", 3)
    words = {w.id: w for w in out.words}
    # a copular predicate's clause-level dependents go to the copula
    for cop_id, content in cop_content.items():
        for w in out.words:
            if w.head != content or w.id == cop_id:
                continue
            rel = w.deprel  # after the flips: a flipped copula carries its predicate's relation
            base = rel.split(":", 1)[0]
            moves = base in CLAUSE_LEVEL or (base == "advmod" and w.form.lower() in NEGATIONS)
            if base == "conj":  # a coordinated clause (with its own copula or a verb)
                moves = w.id in cop_content or w.upos in ("VERB", "AUX")
            if moves:
                w.head = cop_id
    for w in out.words:
        o_head, o_rel = orig[w.id]
        if w.id in case_ids:
            # the preposition now carries its object's relation
            obj_rel = orig.get(o_head, (0, ""))[1]
            if w.head == 0:
                w.deprel = "ROOT"
            elif w.form.lower() == "by" and obj_rel == "obl:agent":
                w.deprel = "agent"
            else:
                w.deprel = "prep"
            continue
        if w.deprel == "case" and words.get(w.head) is not None and w.head in case_ids:
            w.deprel = "pcomp" if w.upos in ("VERB", "AUX") else "pobj"
            continue
        if w.id in cop_content:
            content_rel = orig[cop_content[w.id]][1]
            w.deprel = "ROOT" if w.head == 0 else _label(content_rel, words[cop_content[w.id]])
            continue
        if w.deprel == "cop":  # the predicate under its copula
            w.deprel = "acomp" if w.upos in ("ADJ", "ADV") else "attr"
            continue
        if w.head == 0:
            w.deprel = "ROOT"
            continue
        w.deprel = _label(o_rel, w)
    # spaCy attaches a conjunction (and the comma before it) to the conjunct before it
    for w in out.words:
        if w.deprel != "conj" or not w.head:
            continue
        lo, hi = sorted((w.head, w.id))
        for c in out.words:
            if c.head == w.id and lo < c.id < hi and c.deprel in ("cc", "punct", "preconj"):
                c.head = w.head
    return out


def _flat_last(sentence: Sentence) -> Sentence:
    """Names head-final, as spaCy parses them: in "Mikhail Gorbachev" (UD ``flat``, head
    "Mikhail") the last word heads and the others are its ``compound`` dependents; the
    name's other dependents move with the head."""
    out = sentence.copy()
    words = out.words
    groups: dict[int, list[int]] = {}
    for w in words:
        if w.base_deprel == "flat" and w.head:
            groups.setdefault(w.head, []).append(w.id)
    for first_id, rest in groups.items():
        first = words[first_id - 1]
        last = words[max(rest) - 1]
        if last.id < first.id:
            continue
        last.head, last.deprel = first.head, first.deprel
        for w in words:
            if w.head == first_id and w.id not in rest and w.id != last.id:
                w.head = last.id
        for cid in [first_id, *rest]:
            if cid != last.id:
                words[cid - 1].head, words[cid - 1].deprel = last.id, "compound"
    return out


def _label(rel: str, w: Word) -> str:
    base = rel.split(":", 1)[0]
    if base == "advmod" and w.form.lower() in NEGATIONS:
        return "neg"
    if base == "mark" and (w.xpos == "TO" or (w.form.lower() == "to" and w.upos == "PART")):
        return "aux"
    if base == "xcomp" and w.upos == "ADJ":
        return "acomp"
    if base == "det" and w.xpos == "PRP$":
        return "poss"
    return UD_TO_CLEARNLP.get(rel, UD_TO_CLEARNLP.get(base, "dep"))


def sentence_to_doc(
    sentence: Sentence,
    vocab: Vocab | None = None,
    *,
    spaces: Sequence[bool] | None = None,
    convert: bool = True,
) -> Doc:
    """A spaCy Doc of the basic tree of ``sentence`` (ClearNLP-style when ``convert``).

    ``spaces[i]`` says whether word i is followed by a space (default: ``SpaceAfter``).
    Words are the syntactic words (multiword tokens are split); PTB bracket tokens become
    brackets. ``vocab`` defaults to a blank English vocabulary.
    """
    from spacy.tokens import Doc

    if vocab is None:
        import spacy

        vocab = spacy.blank("en").vocab
    tree = ud_to_clearnlp(sentence) if convert else sentence
    words = tree.words
    if spaces is None:
        spaces = [w.space_after for w in words]
        for mwt in sentence.multiword_tokens:
            for i in range(mwt.first, mwt.last):
                spaces[i - 1] = False
            spaces[mwt.last - 1] = mwt.space_after
        spaces[-1] = False
    heads = [w.head - 1 if w.head else w.id - 1 for w in words]
    return Doc(
        vocab,
        words=[ptb_form(w.form) for w in words],
        spaces=list(spaces),
        heads=heads,
        deps=[w.deprel if w.head else "ROOT" for w in words],
        pos=[w.upos if w.upos != "_" else "X" for w in words],
        tags=[w.xpos if w.xpos != "_" else "" for w in words],
        lemmas=[w.lemma if w.lemma != "_" else w.form.lower() for w in words],
        morphs=[w.feats if w.feats != "_" else "" for w in words],
    )
