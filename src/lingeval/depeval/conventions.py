"""Annotation conventions as named tree transformations (paper section 3: problematic structures).

Alternative gold standards mostly differ inside small local structures, by the direction of
an edge: does the function word or the content word head the pair? Each transformation here
takes a tree in Universal Dependencies style (content words as heads, first conjunct heads a
coordination) and switches the head of one kind of local structure. Applying one to a gold
file and re-scoring shows how much a score depends on that convention; undirected and NED
scores should move much less than attachment (the paper's experiment).

Function-word transformations (``aux-head``, ``cop-head``, ``mark-head``, ``to-head``,
``case-head``, ``det-head``): for a content word C with function-word dependents F1 < ... < Fk
of the relation, F1 takes C's head and relation, each F(i+1) attaches to Fi, and C attaches to
Fk with the function relation as its label. Other dependents stay where they were.

Coordination transformations (UD: the first conjunct heads ``conj`` dependents):
``coord-last`` makes the last conjunct the head; ``coord-chain`` attaches each conjunct to the
previous one; ``coord-cc-head`` makes the first coordinating conjunction the head (Prague style).

Third parties add transformations with ``@registry.transformations("name")``; a
transformation is a function ``Sentence -> Sentence`` that returns a new sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from lingeval.core.conllu import Sentence, Word
from lingeval.core.registry import get, registry

__all__ = ["apply_transformations", "function_head", "list_transformations", "transformation"]

Transformation = Callable[[Sentence], Sentence]


def _is_infinitival_to(w: Word) -> bool:
    return (
        w.base_deprel == "mark" and w.form.lower() == "to" and (w.xpos == "TO" or w.upos == "PART")
    )


#: How far out a function word sits in its phrase: inner layers are flipped first, so when
#: several transformations are chained (in any order) the outer word heads the inner one:
#: 'that the plan is ready' -> that -> is -> ready; 'in the garden' -> in -> the -> garden.
FUNCTION_LAYERS = {"det": 1, "case": 2, "aux": 3, "cop": 3, "mark": 4}


def function_head(
    sentence: Sentence, is_function: Callable[[Word], bool], layer: int = 0
) -> Sentence:
    """Make function words (selected by ``is_function``) heads of their content heads.

    When the content word already hangs under a function word flipped by an inner-layer
    transformation (its relation is a function relation of a layer below ``layer``), the new
    function word heads that function word instead, so transformations compose.
    """
    out = sentence.copy()
    words = out.words
    groups: dict[int, list[Word]] = {}
    for w in words:
        if w.head != 0 and is_function(w):
            groups.setdefault(w.head, []).append(w)
    for content_id, funcs in groups.items():
        top = words[content_id - 1]
        while top.head != 0 and 0 < FUNCTION_LAYERS.get(top.base_deprel, 99) < layer:
            top = words[top.head - 1]
        funcs.sort(key=lambda w: w.id)
        first = funcs[0]
        label = first.deprel
        first.head, first.deprel = top.head, top.deprel
        prev = first
        for f in funcs[1:]:
            f.head = prev.id
            prev = f
        top.head, top.deprel = prev.id, label if len(funcs) == 1 else prev.deprel
    return out


def _rel(*names: str) -> Callable[[Word], bool]:
    wanted = frozenset(names)
    return lambda w: w.base_deprel in wanted


def _register_function(name: str, pred: Callable[[Word], bool], layer: int, doc: str) -> None:
    def transform(sentence: Sentence) -> Sentence:
        return function_head(sentence, pred, layer)

    transform.__doc__ = doc
    transform.__name__ = name.replace("-", "_")
    registry.transformations.register(name, func=transform)


_register_function(
    "aux-head", _rel("aux"), 3, "Auxiliaries head their verbs: 'has eaten' -> has -> eaten."
)
_register_function(
    "cop-head", _rel("cop"), 3, "Copulas head their predicates: 'is happy' -> is -> happy."
)
_register_function(
    "mark-head",
    _rel("mark"),
    4,
    "Subordinators head their clauses: 'that he left' -> that -> left (includes infinitival to).",
)
_register_function(
    "to-head",
    _is_infinitival_to,
    4,
    "Infinitival 'to' heads its verb: 'want to play' -> to -> play (the paper's example).",
)
_register_function(
    "case-head", _rel("case"), 2, "Adpositions head their nominals: 'in Rome' -> in -> Rome."
)
_register_function(
    "det-head",
    _rel("det"),
    1,
    "Determiners head their nouns (DP analysis): 'the cat' -> the -> cat.",
)


def _conjunct_groups(sentence: Sentence) -> dict[int, list[int]]:
    groups: dict[int, list[int]] = {}
    for w in sentence.words:
        if w.base_deprel == "conj" and w.head != 0:
            groups.setdefault(w.head, []).append(w.id)
    return groups


@registry.transformations("coord-last")
def coord_last(sentence: Sentence) -> Sentence:
    """The last conjunct heads the coordination: 'A, B and C' -> C heads A and B."""
    out = sentence.copy()
    words = out.words
    for first_id, conjs in _conjunct_groups(sentence).items():
        first = words[first_id - 1]
        last = words[max(conjs) - 1]
        last.head, last.deprel = first.head, first.deprel
        for cid in [first_id, *conjs]:
            if cid != last.id:
                words[cid - 1].head, words[cid - 1].deprel = last.id, "conj"
    return out


@registry.transformations("coord-chain")
def coord_chain(sentence: Sentence) -> Sentence:
    """Each conjunct attaches to the previous one: 'A, B and C' -> A -> B -> C."""
    out = sentence.copy()
    words = out.words
    for first_id, conjs in _conjunct_groups(sentence).items():
        prev = first_id
        for cid in sorted(conjs):
            words[cid - 1].head = prev
            prev = cid
    return out


@registry.transformations("coord-cc-head")
def coord_cc_head(sentence: Sentence) -> Sentence:
    """The first coordinating conjunction heads all conjuncts (Prague style): 'A and B' -> and -> A, B."""
    out = sentence.copy()
    words = out.words
    for first_id, conjs in _conjunct_groups(sentence).items():
        ccs = [w for w in words if w.base_deprel == "cc" and w.head in conjs]
        if not ccs:
            continue
        cc = min(ccs, key=lambda w: w.id)
        first = words[first_id - 1]
        cc.head, cc.deprel = first.head, first.deprel
        for cid in [first_id, *conjs]:
            words[cid - 1].head, words[cid - 1].deprel = cc.id, "conj"
    return out


def list_transformations() -> dict[str, str]:
    """Registered transformation names with their one-line documentation."""
    return {
        name: (fn.__doc__ or "").strip().splitlines()[0]
        for name, fn in sorted(registry.transformations.get_all().items())
    }


def transformation(name: str) -> Transformation:
    fn: Transformation = get(registry.transformations, name)
    return fn


def apply_transformations(
    sentences: Iterable[Sentence], names: Iterable[str]
) -> Iterator[Sentence]:
    """Apply transformations (in the given order) to every sentence, streaming."""
    fns = [transformation(n) for n in names]
    for s in sentences:
        for fn in fns:
            s = fn(s)
        yield s
