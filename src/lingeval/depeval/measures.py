"""Per-word attachment measures of Schwartz, Abend, Reichart & Rappoport (ACL 2011).

For a word Y with gold head P (0 = ROOT) and predicted head X:

* **directed** (attachment score, UAS): X == P.
* **labeled** (LAS): directed and the predicted relation equals the gold relation, compared
  without subtypes (``nsubj:pass`` == ``nsubj``, as the CoNLL 2018 evaluator does) or, for
  ``labeled_full``, with them.
* **undirected**: the edge {X, Y} is a gold edge in either direction: X == P, or X is a gold
  child of Y (P_gold(X) == Y). ROOT has no head, so a ROOT attachment counts only when P == 0.
* **NED** (Neutral Edge Direction, section 5 of the paper): X == P, or X is a gold child of Y,
  or X is Y's gold grandparent P_gold(P). ROOT is a node of the chain: predicting ROOT is
  NED-correct when Y's gold parent is the root word (P_gold(P) == 0).

Every measure is a count of correct words over the number of evaluated words; scores are
reported as percentages.
"""

from __future__ import annotations

from collections.abc import Sequence

from lingeval.core.conllu import Word

__all__ = [
    "ERROR_CLASSES",
    "PTB_PUNCT_XPOS",
    "PUNCT_POLICIES",
    "classify_head_error",
    "is_excluded",
]

#: Punctuation policies: which gold words are left out of the scores.
PUNCT_POLICIES: dict[str, str] = {
    "none": "count every word",
    "upos": "exclude words whose gold UPOS is PUNCT",
    "upos-sym": "exclude words whose gold UPOS is PUNCT or SYM",
    "xpos-ptb": "exclude words whose gold XPOS is in the original NED script's PTB punctuation set",
    "deprel": "exclude words whose gold relation is punct",
}


def warn_no_xpos(gold_name: str) -> None:
    """``--punct xpos-ptb`` on a treebank without XPOS tags leaves out nothing: say so."""
    from lingeval.core.textio import warn

    warn(f"{gold_name}: no XPOS tags in the gold file, so --punct xpos-ptb left out no words")


#: The punctuation tags of the original NED evaluation script (Penn Treebank XPOS).
PTB_PUNCT_XPOS = frozenset(
    {",", ".", ":", "#", "(", ")", "-LRB-", "-RRB-", "``", "''", "LS", "SYM", "PUNCT"}
)

#: Where a wrong predicted head X of Y stands in the gold tree (see :func:`classify_head_error`).
ERROR_CLASSES = ("child", "grandparent", "sibling", "other")


def is_excluded(word: Word, policy: str) -> bool:
    """True when ``word`` (a gold word) is left out under punctuation ``policy``."""
    if policy == "none":
        return False
    if policy == "upos":
        return word.upos == "PUNCT"
    if policy == "upos-sym":
        return word.upos in ("PUNCT", "SYM")
    if policy == "xpos-ptb":
        return word.xpos in PTB_PUNCT_XPOS
    if policy == "deprel":
        return word.base_deprel == "punct"
    raise ValueError(
        f"unknown punctuation policy {policy!r}; choose from {', '.join(PUNCT_POLICIES)}"
    )


def classify_head_error(gold_heads: Sequence[int], word: int, predicted: int) -> str:
    """Classify a wrong head ``predicted`` of ``word`` by its gold-tree position.

    ``child``: the prediction is a gold child of the word (an edge flip; undirected and NED
    forgive it). ``grandparent``: the gold grandparent (NED forgives it). ``sibling``: shares
    the word's gold parent. ``other``: anything else. Callers pass only wrong heads.
    """
    parent = gold_heads[word - 1]
    if predicted != 0 and gold_heads[predicted - 1] == word:
        return "child"
    if parent != 0 and gold_heads[parent - 1] == predicted:
        return "grandparent"
    if predicted != 0 and gold_heads[predicted - 1] == parent:
        return "sibling"
    return "other"
