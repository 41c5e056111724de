"""A spaCy pipeline component: ``nlp.add_pipe("conjunct_resolver")``.

Sets ``doc._.conjunct_rewrites``: a list with one entry per and/or/but token of the doc (left
to right), each ``{"offset": int, "conjunction": str, "rule": str, "rewrites": [str, ...]}``,
computed by the ``rules`` resolver (paper 000, section 3) over the doc's own parse, so the
component must come after a dependency parser. Unchanged sentences give ``[sentence text]``.
``only_rewritable=True`` (config ``only_rewritable``) keeps only the real rewrites.

The factory is registered when this module is imported (``import lingeval.conjuncts.spacy_component``).
"""

from __future__ import annotations

from typing import Any

from spacy.language import Language
from spacy.tokens import Doc

__all__ = ["ConjunctResolverComponent"]

if not Doc.has_extension("conjunct_rewrites"):
    Doc.set_extension("conjunct_rewrites", default=None)


class ConjunctResolverComponent:
    """Resolve every coordinating conjunction of each sentence of a parsed doc."""

    def __init__(self, only_rewritable: bool = False) -> None:
        self.only_rewritable = only_rewritable

    def __call__(self, doc: Doc) -> Doc:
        from lingeval.conjuncts.example import CONJUNCTIONS
        from lingeval.conjuncts.resolvers.rules import resolve_doc

        out: list[dict[str, Any]] = []
        if not doc.has_annotation("DEP"):
            raise ValueError("conjunct_resolver needs a dependency parse: add it after the parser")
        for sent in doc.sents:
            sub = sent.as_doc()
            for tok in sub:
                if tok.lower_ not in CONJUNCTIONS:
                    continue
                res = resolve_doc(sub, tok.i)
                if self.only_rewritable and not res.changed:
                    continue
                out.append(
                    {
                        "offset": sent.start_char + tok.idx,
                        "conjunction": tok.text,
                        "rule": res.rule,
                        "rewrites": res.sentences if res.changed else [sent.text],
                    }
                )
        doc._.conjunct_rewrites = out
        return doc


@Language.factory("conjunct_resolver", default_config={"only_rewritable": False})
def make_conjunct_resolver(
    nlp: Language, name: str, only_rewritable: bool
) -> ConjunctResolverComponent:
    return ConjunctResolverComponent(only_rewritable=only_rewritable)
