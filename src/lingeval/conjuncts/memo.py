"""Memoised lookups for the conjunct resolvers (speed only: every answer is the uncached one).

* :func:`get_inflection`: LemmInflect's ``getInflection``, cached per ``(lemma, tag)``. Each
  call of LemmInflect deep-copies the lemma's entry of its table; the rules resolver asks the
  same few verbs again and again while it builds candidate rewrites (issue 11, speed).
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=4096)
def get_inflection(lemma: str, tag: str) -> tuple[str, ...]:
    """``lemminflect.getInflection(lemma, tag=tag)`` (a tuple of forms, empty for none)."""
    from lemminflect import getInflection

    return tuple(getInflection(lemma, tag=tag))
