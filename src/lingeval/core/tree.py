"""Small tree helpers over head lists (udapi-style functions, not a class hierarchy).

Conventions: ``heads[i]`` is the head of word ``i + 1``; word ids are 1-based; 0 is ROOT.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "ancestors",
    "children_of",
    "dependency_length",
    "descendants",
    "grandparent",
    "is_projective",
    "subtree_span",
]


def children_of(heads: Sequence[int]) -> list[list[int]]:
    """``children[h]`` lists the dependents of node ``h`` (``children[0]`` the root's)."""
    out: list[list[int]] = [[] for _ in range(len(heads) + 1)]
    for i, h in enumerate(heads, 1):
        if 0 <= h <= len(heads):
            out[h].append(i)
    return out


def grandparent(heads: Sequence[int], word: int) -> int | None:
    """The head of ``word``'s head; None when ``word`` hangs from ROOT (ROOT has no head)."""
    h = heads[word - 1]
    if h == 0:
        return None
    return heads[h - 1]


def ancestors(heads: Sequence[int], word: int) -> list[int]:
    """The chain of heads from ``word`` up to and including ROOT (0)."""
    out: list[int] = []
    node = word
    seen = {word}
    while node != 0:
        node = heads[node - 1]
        if node in seen:  # cycle guard for unvalidated trees
            break
        out.append(node)
        seen.add(node)
    return out


def descendants(heads: Sequence[int], word: int) -> list[int]:
    """All nodes dominated by ``word`` (excluding itself), in id order."""
    kids = children_of(heads)
    out: list[int] = []
    stack = list(kids[word])
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(kids[n])
    return sorted(out)


def subtree_span(heads: Sequence[int], word: int) -> tuple[int, int]:
    """(first, last) word ids of ``word``'s subtree."""
    nodes = [word, *descendants(heads, word)]
    return min(nodes), max(nodes)


def dependency_length(word: int, head: int) -> int:
    """|word - head| in words; 0 for ROOT attachment."""
    return 0 if head == 0 else abs(word - head)


def is_projective(heads: Sequence[int]) -> bool:
    """True when no two arcs cross (ROOT arcs included, ROOT at position 0)."""
    arcs = [(min(i, h), max(i, h)) for i, h in enumerate(heads, 1)]
    for a, b in arcs:
        for c, d in arcs:
            if a < c < b < d:
                return False
    return True
