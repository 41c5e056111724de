"""Tables for people (aligned text, Markdown) and for machines (CSV, JSON).

A :class:`Table` is a title, column names, rows of plain values and an optional signature;
every renderer prints the signature under the table so a number never travels without it.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lingeval.core.signature import Signature

__all__ = ["FORMATS", "Table", "render", "render_many", "to_jsonable"]

FORMATS = ("text", "markdown", "csv", "json")


def _cell(value: Any, digits: int) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if math.isnan(value):
            return "n/a"
        return f"{value:.{digits}f}"
    return str(value)


def to_jsonable(value: Any) -> Any:
    """Convert numpy scalars, NaN, tuples, dataclasses and signatures for ``json.dumps``."""
    if isinstance(value, Signature):
        return value.as_dict()
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if hasattr(value, "item") and callable(value.item):  # numpy scalar
        return to_jsonable(value.item())
    if hasattr(value, "__dataclass_fields__"):
        from dataclasses import asdict

        return to_jsonable(asdict(value))
    return value


@dataclass
class Table:
    """A titled table of rows; ``digits`` is the number of decimals for floats in text form."""

    columns: Sequence[str]
    rows: list[Sequence[Any]] = field(default_factory=list)
    title: str = ""
    signature: Signature | None = None
    notes: list[str] = field(default_factory=list)
    digits: int = 2

    def add(self, *values: Any) -> None:
        self.rows.append(values)

    def records(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, r, strict=True)) for r in self.rows]

    def to_text(self) -> str:
        cells = [[_cell(v, self.digits) for v in r] for r in self.rows]
        widths = [len(c) for c in self.columns]
        for r in cells:
            for i, c in enumerate(r):
                widths[i] = max(widths[i], len(c))
        numeric = [
            all(isinstance(r[i], (int, float)) or r[i] is None for r in self.rows)
            and bool(self.rows)
            for i in range(len(self.columns))
        ]

        def line(values: Sequence[str]) -> str:
            out = []
            for i, v in enumerate(values):
                out.append(v.rjust(widths[i]) if numeric[i] else v.ljust(widths[i]))
            return "  ".join(out).rstrip()

        parts = []
        if self.title:
            parts.append(self.title)
        parts.append(line(list(self.columns)))
        parts.append("  ".join("-" * w for w in widths))
        parts.extend(line(r) for r in cells)
        parts.extend(self.notes)
        if self.signature is not None:
            parts.append(f"signature: {self.signature.format()}")
        return "\n".join(parts) + "\n"

    def to_markdown(self) -> str:
        def esc(s: str) -> str:
            return s.replace("|", "\\|")

        parts = []
        if self.title:
            parts.append(f"**{esc(self.title)}**\n")
        parts.append("| " + " | ".join(esc(c) for c in self.columns) + " |")
        parts.append("|" + "|".join("---" for _ in self.columns) + "|")
        for r in self.rows:
            parts.append("| " + " | ".join(esc(_cell(v, self.digits)) for v in r) + " |")
        for n in self.notes:
            parts.append(f"\n{n}")
        if self.signature is not None:
            parts.append(f"\n`{self.signature.format()}`")
        return "\n".join(parts) + "\n"

    def to_csv(self) -> str:
        """Plain RFC 4180 CSV; the signature is a last ``signature`` column repeated on every
        row, so that any CSV reader (``pandas.read_csv`` without options) loads the table and
        every row keeps the signature it was computed under."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        sig = [] if self.signature is None else [self.signature.format()]
        w.writerow([*self.columns, *(["signature"] if sig else [])])
        for r in self.rows:
            w.writerow(["" if v is None else v for v in r] + sig)
        return buf.getvalue()

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "columns": list(self.columns),
            "rows": to_jsonable(self.records()),
            "signature": self.signature.as_dict() if self.signature else None,
            "signature_string": self.signature.format() if self.signature else None,
        }


def render(table: Table, fmt: str = "text") -> str:
    """Render one table as ``text``, ``markdown``, ``csv`` or ``json``."""
    if fmt == "text":
        return table.to_text()
    if fmt == "markdown":
        return table.to_markdown()
    if fmt == "csv":
        return table.to_csv()
    if fmt == "json":
        return json.dumps(table.to_dict(), ensure_ascii=False, indent=2) + "\n"
    raise ValueError(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}")


def render_many(tables: Sequence[Table], fmt: str = "text") -> str:
    """Render several tables; JSON gives one list, the others separate tables by a blank line."""
    if fmt == "json":
        return json.dumps([t.to_dict() for t in tables], ensure_ascii=False, indent=2) + "\n"
    return "\n".join(render(t, fmt) for t in tables)
