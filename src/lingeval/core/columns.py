"""``FIELD=COLUMN`` column mappings for reading other people's tables.

One parser for every reader that lets users say which column of their table holds which
field (``lingeval conjuncts convert --columns``, ``lingeval study analyze --columns``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from lingeval.core.errors import LingevalError

__all__ = ["parse_column_mapping"]


def parse_column_mapping(
    spec: str | Mapping[str, str],
    known: Collection[str],
    *,
    prefixes: Collection[str] = (),
) -> dict[str, str]:
    """``"sentence=text,rewrites=gold"`` (or a dict) as ``{field: column}``, in order.

    A field must be one of ``known`` or start with one of ``prefixes`` followed by a name
    (``rating:fluency``); anything else is an error naming the known fields.
    """
    if isinstance(spec, str):
        items: dict[str, str] = {}
        for p in (s.strip() for s in spec.split(",")):
            if not p:
                continue
            key, eq, value = p.partition("=")
            if not eq:
                raise LingevalError(f"column mapping item {p!r} is not FIELD=COLUMN")
            items[key.strip()] = value.strip()
    else:
        items = {str(k): str(v) for k, v in spec.items()}
    bad = sorted(
        k
        for k in items
        if k not in known and not any(k.startswith(p) and len(k) > len(p) for p in prefixes)
    )
    if bad:
        allowed = sorted(known) + [f"{p}NAME" for p in prefixes]
        raise LingevalError(
            f"unknown field(s) in the column mapping: {', '.join(bad)}; known: {', '.join(allowed)}"
        )
    return items
