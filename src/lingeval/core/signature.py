"""Metric signatures in the style of sacreBLEU.

A signature names the lingeval version and every option that changes a number, so scores
are comparable across papers. It prints as ``key:value|key:value`` (long form) or with short
keys, and serialises to a dict for JSON output::

    >>> Signature("depeval", {"punct": "upos"}).format()
    'lingeval-depeval|punct:upos|version:0.1.0'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from lingeval import __version__

__all__ = ["Signature"]

# Short keys for the compact form; options without one keep their long name.
_SHORT: dict[str, str] = {
    "version": "v",
    "punct": "p",
    "align": "a",
    "labels": "l",
    "max_len": "ml",
    "tokenization": "tok",
    "bootstrap": "bs",
    "seed": "s",
    "parser": "prs",
    "case": "c",
    "aggregation": "agg",
    "model": "m",
    "first_token": "ft",
}


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return "+".join(_fmt(v) for v in value) or "none"
    return str(value)


@dataclass(frozen=True)
class Signature:
    """Everything that determines a score: metric name, options, lingeval version."""

    metric: str
    options: Mapping[str, Any] = field(default_factory=dict)
    version: str = __version__

    def as_dict(self) -> dict[str, str]:
        d = {k: _fmt(v) for k, v in sorted(self.options.items())}
        d["version"] = self.version
        return {"metric": f"lingeval-{self.metric}", **d}

    def format(self, short: bool = False) -> str:
        items = self.as_dict()
        head = items.pop("metric")
        parts = [head]
        for k, v in items.items():
            key = _SHORT.get(k, k) if short else k
            parts.append(f"{key}:{v}")
        return "|".join(parts)

    def __str__(self) -> str:
        return self.format()
