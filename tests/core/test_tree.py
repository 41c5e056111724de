"""Tree helpers over head lists, on 'We want to play chess .' (heads 2 0 4 2 4 2)."""

from __future__ import annotations

from lingeval.core.tree import (
    ancestors,
    children_of,
    dependency_length,
    descendants,
    grandparent,
    is_projective,
    subtree_span,
)

HEADS = [2, 0, 4, 2, 4, 2]


def test_children_and_grandparent() -> None:
    kids = children_of(HEADS)
    assert kids[0] == [2] and kids[2] == [1, 4, 6] and kids[4] == [3, 5]
    assert grandparent(HEADS, 3) == 2
    assert grandparent(HEADS, 4) == 0  # its head 'want' hangs from ROOT
    assert grandparent(HEADS, 2) is None  # ROOT has no head


def test_ancestors_descendants_and_span() -> None:
    assert ancestors(HEADS, 5) == [4, 2, 0]
    assert descendants(HEADS, 4) == [3, 5]
    assert descendants(HEADS, 2) == [1, 3, 4, 5, 6]
    assert subtree_span(HEADS, 4) == (3, 5)
    assert ancestors([2, 1], 1) == [2]  # a cycle stops instead of looping


def test_lengths_and_projectivity() -> None:
    assert dependency_length(5, 4) == 1 and dependency_length(2, 0) == 0
    assert is_projective(HEADS)
    assert not is_projective([3, 0, 2, 1])  # the arc 3->1 crosses ROOT->2
