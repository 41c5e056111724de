"""Memoised lookups for the conjunct resolvers (speed only: every answer is the uncached one).

* :func:`get_inflection`: LemmInflect's ``getInflection``, cached per ``(lemma, tag)``. Each
  call of LemmInflect deep-copies the lemma's entry of its table; the rules resolver asks the
  same few verbs again and again while it builds candidate rewrites (issue 11, speed).
* :func:`doc_memo` and :func:`memo_doc_span`: a table of results per parsed doc, for pure
  functions of a doc and a token span. A parse is never changed once made (the resolver repairs
  a copy), except the set of words the resolver reads as nouns,
  ``doc.user_data["lingeval_nominal"]``, which only grows: the table is emptied whenever that
  set is another object or has another size. Tables are kept for the last
  :data:`MAX_DOCS` docs only (memory stays flat however many docs are resolved).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from spacy.tokens import Doc

#: Docs whose tables are kept (the resolver works on one doc, and its repaired copies, at a time)
MAX_DOCS = 32

# id(doc) -> (doc, its nominal set when the table was made, that set's size, table)
_TABLES: dict[int, tuple[Any, Any, int, dict[Any, Any]]] = {}


@lru_cache(maxsize=4096)
def get_inflection(lemma: str, tag: str) -> tuple[str, ...]:
    """``lemminflect.getInflection(lemma, tag=tag)`` (a tuple of forms, empty for none)."""
    from lemminflect import getInflection

    return tuple(getInflection(lemma, tag=tag))


def doc_memo(doc: Doc) -> dict[Any, Any]:
    """The table of memoised results for ``doc`` in its current state (see the module)."""
    nominal = doc.user_data.get("lingeval_nominal")
    size = -1 if nominal is None else len(nominal)
    entry = _TABLES.get(id(doc))
    if entry is None or entry[0] is not doc or entry[1] is not nominal or entry[2] != size:
        if entry is None and len(_TABLES) >= MAX_DOCS:
            _TABLES.clear()
        entry = (doc, nominal, size, {})
        _TABLES[id(doc)] = entry
    return entry[3]


def clear() -> None:
    """Forget every table (tests; never needed for correctness)."""
    _TABLES.clear()


class _SpanLike(Protocol):
    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


S = TypeVar("S", bound=_SpanLike)
R = TypeVar("R")


def memo_doc_span(func: Callable[[Doc, S], R]) -> Callable[[Doc, S], R]:
    """Memoise ``func(doc, span)`` per doc and ``(span.start, span.end)``; ``func`` must be a
    pure function of the parse and of the nominal set (see the module)."""

    def wrapper(doc: Doc, span: S) -> R:
        table = doc_memo(doc)
        key = (func, span.start, span.end)
        try:
            return table[key]
        except KeyError:
            result = table[key] = func(doc, span)
            return result

    wrapper.__name__ = func.__name__
    wrapper.__qualname__ = func.__qualname__
    wrapper.__doc__ = func.__doc__
    wrapper.__wrapped__ = func  # type: ignore[attr-defined]
    return wrapper
