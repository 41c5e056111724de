"""Tables render to text, markdown, CSV and JSON; CSV stays plain CSV with its signature."""

from __future__ import annotations

import csv
import io
import json

from lingeval.core.report import Table, render
from lingeval.core.signature import Signature


def _table(signature: Signature | None) -> Table:
    t = Table(columns=["system", "F1"], title="scores", signature=signature)
    t.add("a, with comma", 71.25)
    t.add("b", None)
    return t


def test_csv_is_rectangular_and_carries_the_signature_per_row() -> None:
    sig = Signature("demo", {"aggregation": "macro", "bootstrap": 0})
    rows = list(csv.reader(io.StringIO(render(_table(sig), "csv"))))
    assert rows[0] == ["system", "F1", "signature"]
    assert all(len(r) == 3 for r in rows)
    assert rows[1][0] == "a, with comma" and float(rows[1][1]) == 71.25
    assert rows[2][1] == ""  # a missing value is an empty cell
    assert {r[2] for r in rows[1:]} == {sig.format()}
    assert not any(r[0].startswith("#") for r in rows)


def test_csv_without_signature_has_no_signature_column() -> None:
    rows = list(csv.reader(io.StringIO(render(_table(None), "csv"))))
    assert rows[0] == ["system", "F1"] and len(rows) == 3


def test_text_markdown_and_json_name_the_signature() -> None:
    sig = Signature("demo", {"k": 3})
    t = _table(sig)
    assert render(t, "text").rstrip().endswith(f"signature: {sig.format()}")
    assert f"`{sig.format()}`" in render(t, "markdown")
    data = json.loads(render(t, "json"))
    assert data["signature"]["k"] == "3" and data["rows"][1]["F1"] is None
