"""Task data of conjunct resolution: readers, writers and splits (paper 000, sections 3, 5, 7).

Formats (``read_examples(path, format=None)`` picks one by extension):

``jsonl`` (``.jsonl``, ``.json`` with one object per line) — the native format. One object per
line with the fields of :class:`~lingeval.conjuncts.example.ConjunctExample`::

    {"id": "ex1", "sentence": "Josh likes wine and Jane water.", "conjunction": "and",
     "offset": 16, "rewrites": ["Josh likes wine.", "Jane likes water."],
     "rewritable": true, "split": "test", "meta": {}}

  ``offset`` (0-based character offset of the marked conjunction) may be omitted when the
  sentence holds the conjunction once; ``sentence`` may instead carry the paper's marking
  (``... <SPLIT> and </SPLIT> ...``), which fixes conjunction and offset. ``rewrites`` may be a
  JSON list or a string in any of the list encodings below; an empty or absent list means a
  task input without gold (the ``marked``/``text`` readers and the gapping extractor produce
  those). ``rewritable`` defaults to False exactly when the rewrites are the unchanged sentence
  (or the phrase "Cannot re-write this sentence."). ``split`` and ``meta`` are optional.

``marked`` (``.marked``, ``.split.txt``) — one model input per line, ``<SPLIT> and </SPLIT>``
marking the conjunction (section 7, "we mark the conjunction using a special token"). Ids are
``line-N``. No gold rewrites (``rewrites == []``).

``text`` (``.txt``) — plain text, one sentence per line, optionally followed by a tab and the
0-based index of the marked conjunction among the sentence's and/or/but tokens. Without an
index the sentence must hold exactly one conjunction. No gold rewrites.

``csv`` (``.csv``, ``.tsv``) — a table such as the authors' ``verbal_omissions_dataset.csv``
(public repository RoyiRa/conjunct-resolution-task). Columns are found by header name
(:data:`COLUMN_ALIASES`) or given with a :class:`ColumnMapping`; when the sentence or rewrite
column cannot be found the error lists the columns present and how to map them.

Rewrite lists (gold or predicted) are read by :func:`parse_rewrites` from a JSON list, from
numbered lines (``1. ...`` / ``2) ...``), or from text separated by a token (``<SEP>``,
``[SEP]``, ``|||``, ``</s>``, or a token you name); plain newline-separated lines also work.

Splits: :func:`assign_splits` shuffles deterministically with a seed and cuts 80/10/10 into
train/dev/test, as section 7 ("We shuffle and then split our dataset ...").
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from lingeval.conjuncts.example import CONJUNCTIONS, SPLIT_CLOSE, SPLIT_OPEN, ConjunctExample
from lingeval.core.columns import parse_column_mapping
from lingeval.core.errors import InputError, LingevalError
from lingeval.core.textio import TextInput, open_text

__all__ = [
    "COLUMN_ALIASES",
    "FORMATS",
    "REWRITE_SEPARATORS",
    "SPLITS",
    "ColumnMapping",
    "assign_splits",
    "conjunction_offsets",
    "detect_columns",
    "example_from_dict",
    "example_to_dict",
    "format_rewrites",
    "parse_marked",
    "parse_rewrites",
    "read_csv",
    "read_examples",
    "read_jsonl",
    "read_marked",
    "read_predictions",
    "read_text",
    "write_examples",
    "write_jsonl",
    "write_marked",
    "write_predictions",
    "write_text",
]

FORMATS = ("jsonl", "marked", "text", "csv")
SPLITS = ("train", "dev", "test")
#: Separator tokens recognised automatically in a rewrite string (first match wins).
REWRITE_SEPARATORS = ("<SEP>", "[SEP]", "<sep>", "|||", "</s>", "<extra_id_0>")
#: Phrases that stand for "left unchanged" in a rewrite column (the paper's GPT-3 prompt, A.2).
NOT_REWRITABLE_MARKERS = ("cannot re-write this sentence.", "cannot rewrite this sentence.")

_CONJ_RE = re.compile(r"\b(and|or|but)\b", re.IGNORECASE)
_NUMBERED_RE = re.compile(r"^\s*\(?(\d{1,2}|[a-z])[.)]\s+")


# --------------------------------------------------------------------------------------------
# Marking and locating the conjunction


def conjunction_offsets(sentence: str) -> list[tuple[int, str]]:
    """Character offsets and texts of every ``and``/``or``/``but`` token (case-insensitive)."""
    return [(m.start(), m.group(0)) for m in _CONJ_RE.finditer(sentence)]


def parse_marked(text: str) -> tuple[str, int, str]:
    """Undo the paper's input marking: ``'A <SPLIT> and </SPLIT> B'`` -> ``('A and B', 2, 'and')``.

    Inverse of :meth:`ConjunctExample.marked` (round trip is exact). When the tags touch the
    words (``A<SPLIT>and</SPLIT>B``) a single space is put back on each side. Raises
    :class:`ValueError` when the text does not hold exactly one well-formed marked span.
    """
    if text.count(SPLIT_OPEN) != 1 or text.count(SPLIT_CLOSE) != 1:
        raise ValueError(f"expected exactly one {SPLIT_OPEN} ... {SPLIT_CLOSE} span")
    start = text.index(SPLIT_OPEN)
    close = text.index(SPLIT_CLOSE)
    if close < start:
        raise ValueError(f"{SPLIT_CLOSE} comes before {SPLIT_OPEN}")
    inner = text[start + len(SPLIT_OPEN) : close]
    conjunction = inner.strip()
    if not conjunction:
        raise ValueError("the marked span is empty")
    prefix = text[:start]
    suffix = text[close + len(SPLIT_CLOSE) :]
    if prefix and not prefix[-1].isspace() and not inner[:1].isspace():
        prefix += " "
    if suffix and not suffix[0].isspace() and not inner[-1:].isspace():
        suffix = " " + suffix
    return prefix + conjunction + suffix, len(prefix), conjunction


def _locate(sentence: str, conjunction: str | None, index: int | None) -> tuple[int, str]:
    """Find the marked conjunction by its occurrence index, or as the only occurrence."""
    found = conjunction_offsets(sentence)
    if conjunction is not None:
        found = [(o, c) for o, c in found if c.lower() == conjunction.strip().lower()]
    what = repr(conjunction) if conjunction else "and/or/but"
    if index is not None:
        if not 0 <= index < len(found):
            raise ValueError(
                f"conjunction index {index} is out of range: the sentence has {len(found)} {what}"
            )
        return found[index]
    if len(found) == 1:
        return found[0]
    if not found:
        raise ValueError(f"the sentence holds no {what}")
    raise ValueError(
        f"the sentence holds {len(found)} {what} at offsets {[o for o, _ in found]}; give the offset, "
        "an index or the <SPLIT> marking"
    )


# --------------------------------------------------------------------------------------------
# Rewrite lists


def parse_rewrites(value: Any, *, fmt: str = "auto", sep: str | None = None) -> list[str]:
    """Read a list of sentences from a JSON list, numbered lines or token-separated text.

    ``fmt`` is ``auto`` (default), ``json``, ``numbered``, ``token`` (needs ``sep`` or a
    recognised separator) or ``lines``. Empty items are dropped and items are stripped.
    Raises :class:`ValueError` on a value that is not text or a list of texts.
    """
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        out = []
        for item in value:
            if not isinstance(item, str):
                raise ValueError(f"rewrite items must be text, got {type(item).__name__} {item!r}")
            if item.strip():
                out.append(item.strip())
        return out
    if not isinstance(value, str):
        raise ValueError(
            f"rewrites must be text or a list of texts, got {type(value).__name__} {value!r}"
        )
    text = value.strip()
    if not text:
        return []
    if fmt == "json" or (fmt == "auto" and text.startswith("[") and text.endswith("]")):
        try:
            loaded = json.loads(text)
        except json.JSONDecodeError as exc:
            if fmt == "json":
                raise ValueError(f"rewrites are not a JSON list: {exc}") from None
        else:
            if not isinstance(loaded, list):
                raise ValueError("rewrites in JSON must be a list of texts")
            return parse_rewrites(loaded)
    if fmt == "token" or (fmt == "auto" and sep is not None):
        token = sep or next((s for s in REWRITE_SEPARATORS if s in text), None)
        if token is None:
            raise ValueError("no separator token given or found in the rewrites")
        return [p.strip() for p in text.split(token) if p.strip()]
    if fmt == "auto":
        token = next((s for s in REWRITE_SEPARATORS if s in text), None)
        if token is not None:
            return [p.strip() for p in text.split(token) if p.strip()]
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if fmt == "numbered" or (fmt == "auto" and _is_enumeration(lines)):
        return [_NUMBERED_RE.sub("", ln, count=1).strip() for ln in lines]
    if fmt in ("auto", "lines"):
        return [ln.strip() for ln in lines]
    raise ValueError(f"unknown rewrite format {fmt!r}; choose auto, json, numbered, token or lines")


def _is_enumeration(lines: Sequence[str]) -> bool:
    """True when the lines are numbered ``1. 2. 3.`` / ``(1) (2)`` or lettered ``a) b) c)`` in
    sequence (a single line never counts: *J. K. Rowling ...* is a sentence, not a list)."""
    if len(lines) < 2:
        return False
    marks = [_NUMBERED_RE.match(ln) for ln in lines]
    if not all(marks):
        return False
    labels = [m.group(1) for m in marks if m]
    if all(lab.isdigit() for lab in labels):
        return [int(lab) for lab in labels] == list(
            range(int(labels[0]), int(labels[0]) + len(labels))
        )
    return "".join(labels) == "abcdefghijklmnopqrstuvwxyz"[: len(labels)]


def format_rewrites(rewrites: Sequence[str], fmt: str = "json", sep: str = "<SEP>") -> str:
    """Encode a rewrite list as ``json``, ``numbered`` lines, ``token``-separated or ``lines``."""
    if fmt == "json":
        return json.dumps(list(rewrites), ensure_ascii=False)
    if fmt == "numbered":
        return "\n".join(f"{i}. {s}" for i, s in enumerate(rewrites, 1))
    if fmt == "token":
        return f" {sep} ".join(rewrites)
    if fmt == "lines":
        return "\n".join(rewrites)
    raise ValueError(f"unknown rewrite format {fmt!r}; choose json, numbered, token or lines")


def _is_unchanged(sentence: str, rewrites: Sequence[str]) -> bool:
    """True for a gold "left unchanged" (non-rewritable); an empty list means "no gold yet"."""
    if not rewrites:
        return False
    if len(rewrites) == 1 and rewrites[0].strip().lower() in NOT_REWRITABLE_MARKERS:
        return True
    return len(rewrites) == 1 and rewrites[0].strip() == sentence.strip()


# --------------------------------------------------------------------------------------------
# Native JSONL


def example_to_dict(example: ConjunctExample) -> dict[str, Any]:
    """The JSONL record of one example (all fields, in schema order)."""
    return {
        "id": example.id,
        "sentence": example.sentence,
        "conjunction": example.conjunction,
        "offset": example.offset,
        "rewrites": list(example.rewrites),
        "rewritable": example.rewritable,
        "split": example.split,
        "meta": dict(example.meta),
    }


def _text_field(record: Mapping[str, Any], key: str, required: bool = True) -> str | None:
    value = record.get(key)
    if value is None:
        if required:
            raise ValueError(f"missing field {key!r}")
        return None
    if not isinstance(value, str):
        raise ValueError(f"field {key!r} must be text, got {type(value).__name__} {value!r}")
    return value


def example_from_dict(
    record: Mapping[str, Any],
    *,
    default_id: str | None = None,
    rewrite_format: str = "auto",
    sep: str | None = None,
) -> ConjunctExample:
    """Build an example from a JSONL-style record (see the module docstring for the schema).

    Raises :class:`ValueError` describing the first problem.
    """
    if not isinstance(record, Mapping):
        raise ValueError(f"expected a JSON object, got {type(record).__name__}")
    raw_id = record.get("id", default_id)
    if raw_id is None or isinstance(raw_id, (bool, list, dict, float)) or str(raw_id).strip() == "":
        raise ValueError(f"missing or invalid id {raw_id!r}")
    ex_id = str(raw_id)
    sentence = _text_field(record, "sentence")
    assert sentence is not None
    conjunction = _text_field(record, "conjunction", required=False)
    offset = record.get("offset")
    if SPLIT_OPEN in sentence:
        sentence, offset, marked_conj = parse_marked(sentence)
        if conjunction is not None and conjunction.strip().lower() != marked_conj.lower():
            raise ValueError(f"conjunction {conjunction!r} differs from the marked {marked_conj!r}")
        conjunction = marked_conj
    if not sentence.strip():
        raise ValueError("the sentence is empty")
    if offset is None:
        index = record.get("conjunction_index")
        if index is not None and (isinstance(index, bool) or not isinstance(index, int)):
            raise ValueError(f"conjunction_index must be an integer, got {index!r}")
        offset, found = _locate(sentence, conjunction, index)
        conjunction = conjunction.strip() if conjunction else found
        if sentence[offset : offset + len(conjunction)] != conjunction:
            conjunction = found
    elif isinstance(offset, bool) or not isinstance(offset, int):
        raise ValueError(f"offset must be an integer, got {offset!r}")
    if conjunction is None:
        m = _CONJ_RE.match(sentence, offset) if 0 <= offset <= len(sentence) else None
        if m is None:
            raise ValueError(f"no and/or/but at offset {offset} of the sentence")
        conjunction = m.group(0)
    elif sentence[offset : offset + len(conjunction)] != conjunction:
        raise ValueError(f"conjunction {conjunction!r} is not at offset {offset} of the sentence")
    if conjunction.strip().lower() not in CONJUNCTIONS:
        raise ValueError(
            f"the marked conjunction {conjunction!r} is not one of {', '.join(CONJUNCTIONS)}"
        )
    rewrites = parse_rewrites(record.get("rewrites"), fmt=rewrite_format, sep=sep)
    unchanged = _is_unchanged(sentence, rewrites)
    rewritable = record.get("rewritable")
    if rewritable is None:
        rewritable = not unchanged
    elif not isinstance(rewritable, bool):
        if str(rewritable).strip().lower() in ("1", "true", "yes", "y"):
            rewritable = True
        elif str(rewritable).strip().lower() in ("0", "false", "no", "n", ""):
            rewritable = False
        else:
            raise ValueError(f"rewritable must be true or false, got {rewritable!r}")
    if unchanged and rewrites[0].strip().lower() in NOT_REWRITABLE_MARKERS:
        rewrites = [sentence]
    split = record.get("split")
    if split is not None and not isinstance(split, str):
        raise ValueError(f"split must be text, got {split!r}")
    meta = record.get("meta") or {}
    if not isinstance(meta, dict):
        raise ValueError(f"meta must be an object, got {type(meta).__name__}")
    return ConjunctExample(
        id=ex_id,
        sentence=sentence,
        conjunction=conjunction,
        offset=offset,
        rewrites=rewrites,
        rewritable=rewritable,
        split=split or None,
        meta=meta,
    )


def _check_unique(examples: Sequence[ConjunctExample], path: str | Path) -> None:
    seen: set[str] = set()
    dupes: list[str] = []
    for ex in examples:
        if ex.id in seen:
            dupes.append(ex.id)
        seen.add(ex.id)
    if dupes:
        raise InputError(f"duplicate example ids: {', '.join(sorted(set(dupes))[:10])}", path=path)


def read_jsonl(
    path: str | Path, *, rewrite_format: str = "auto", sep: str | None = None
) -> list[ConjunctExample]:
    """Read native JSONL examples (or one JSON array of the same objects); errors name the
    file and line (for an array: the 1-based item number as the line)."""
    out: list[ConjunctExample] = []
    with _open(path) as fh:
        text = fh.read()
    records: list[tuple[int, Any]] = []
    if text.lstrip().startswith("["):
        try:
            loaded = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"not valid JSON: {exc.msg}", path=path, line=exc.lineno) from None
        records = list(enumerate(loaded, 1))
    else:
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                records.append((lineno, json.loads(line)))
            except json.JSONDecodeError as exc:
                raise InputError(f"not valid JSON: {exc.msg}", path=path, line=lineno) from None
    for lineno, record in records:
        try:
            out.append(
                example_from_dict(
                    record, default_id=f"line-{lineno}", rewrite_format=rewrite_format, sep=sep
                )
            )
        except ValueError as exc:
            rid = record.get("id") if isinstance(record, dict) else None
            who = f"example {rid}: " if rid is not None else ""
            raise InputError(f"{who}{exc}", path=path, line=lineno) from None
    _check_unique(out, path)
    return out


def write_jsonl(examples: Iterable[ConjunctExample], path: str | Path) -> int:
    """Write examples as native JSONL (UTF-8, one object per line); returns the count."""
    n = 0
    with open(path, "w", encoding="utf-8") as fh:
        for ex in examples:
            fh.write(json.dumps(example_to_dict(ex), ensure_ascii=False) + "\n")
            n += 1
    return n


# --------------------------------------------------------------------------------------------
# Marked and plain text


def read_marked(path: str | Path) -> list[ConjunctExample]:
    """One ``<SPLIT>``-marked sentence per line; ids are ``line-N`` (1-based line numbers)."""
    out: list[ConjunctExample] = []
    with _open(path) as fh:
        for lineno, line in enumerate(fh, 1):
            text = line.rstrip("\n").rstrip("\r")
            if not text.strip():
                continue
            try:
                sentence, offset, conj = parse_marked(text)
                if conj.lower() not in CONJUNCTIONS:
                    raise ValueError(
                        f"the marked conjunction {conj!r} is not one of {', '.join(CONJUNCTIONS)}"
                    )
            except ValueError as exc:
                raise InputError(str(exc), path=path, line=lineno) from None
            out.append(
                ConjunctExample(f"line-{lineno}", sentence, conj, offset, [], rewritable=True)
            )
    return out


def write_marked(examples: Iterable[ConjunctExample], path: str | Path) -> int:
    """Write the paper's model inputs, one ``<SPLIT>``-marked sentence per line."""
    n = 0
    with open(path, "w", encoding="utf-8") as fh:
        for ex in examples:
            fh.write(ex.marked() + "\n")
            n += 1
    return n


def read_text(path: str | Path) -> list[ConjunctExample]:
    """Plain sentences, one per line, optionally ``SENTENCE<TAB>INDEX`` (0-based conjunction index).

    The index counts the and/or/but tokens of the sentence from the left. Ids are ``line-N``.
    """
    out: list[ConjunctExample] = []
    with _open(path) as fh:
        for lineno, line in enumerate(fh, 1):
            text = line.rstrip("\n").rstrip("\r")
            if not text.strip():
                continue
            index: int | None = None
            if "\t" in text:
                text, _, raw = text.rpartition("\t")
                try:
                    index = int(raw.strip())
                except ValueError:
                    raise InputError(
                        f"the conjunction index {raw!r} is not an integer", path=path, line=lineno
                    ) from None
            try:
                offset, conj = _locate(text, None, index)
            except ValueError as exc:
                raise InputError(str(exc), path=path, line=lineno) from None
            out.append(ConjunctExample(f"line-{lineno}", text, conj, offset, [], rewritable=True))
    return out


def write_text(examples: Iterable[ConjunctExample], path: str | Path) -> int:
    """Write ``SENTENCE<TAB>INDEX`` lines (the inverse of :func:`read_text`)."""
    n = 0
    with open(path, "w", encoding="utf-8") as fh:
        for ex in examples:
            offsets = [o for o, _ in conjunction_offsets(ex.sentence)]
            index = offsets.index(ex.offset) if ex.offset in offsets else 0
            fh.write(f"{ex.sentence}\t{index}\n")
            n += 1
    return n


# --------------------------------------------------------------------------------------------
# CSV (the authors' release and other tables)


#: Header names recognised for each field (compared lower-cased, with spaces/dashes as ``_``).
COLUMN_ALIASES: dict[str, tuple[str, ...]] = {
    "id": ("id", "idx", "example_id", "sentence_id", "uid", "index", "unnamed:_0", ""),
    "marked": ("marked", "marked_sentence", "input", "model_input", "source_marked", "input_text"),
    "sentence": (
        "sentence",
        "text",
        "original",
        "original_sentence",
        "source",
        "src",
        "sentence_text",
    ),
    "conjunction": ("conjunction", "cc", "conj", "coordinator", "conjunction_text", "cc_text"),
    "offset": (
        "offset",
        "conjunction_offset",
        "cc_offset",
        "char_offset",
        "cc_start",
        "conjunction_start",
    ),
    "index": ("conjunction_index", "cc_index", "conj_index", "cc_idx", "conj_idx"),
    "rewrites": (
        "rewrites",
        "rewrite",
        "rewritten",
        "rewritten_sentences",
        "annotation",
        "annotations",
        "resolution",
        "resolved",
        "target",
        "output",
        "gold",
        "sentences",
        "label",
    ),
    "rewritable": ("rewritable", "is_rewritable", "can_rewrite", "rewriteable"),
    "split": ("split", "set", "fold", "partition", "subset", "dataset_split"),
}


@dataclass
class ColumnMapping:
    """Which CSV column holds each field (``None``: absent). Build with :meth:`parse` or
    :func:`detect_columns`. Either ``sentence`` or ``marked`` is required."""

    id: str | None = None
    sentence: str | None = None
    marked: str | None = None
    conjunction: str | None = None
    offset: str | None = None
    index: str | None = None
    rewrites: str | None = None
    rewritable: str | None = None
    split: str | None = None

    @classmethod
    def parse(cls, spec: str | Mapping[str, str]) -> ColumnMapping:
        """From ``"sentence=text,rewrites=gold"`` or a dict; unknown field names are an error."""
        items = parse_column_mapping(spec, {f.name for f in fields(cls)})
        return cls(**dict(items))

    def as_dict(self) -> dict[str, str]:
        return {
            f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None
        }


def _norm_header(h: str) -> str:
    return re.sub(r"[\s\-]+", "_", h.strip().lower())


def detect_columns(header: Sequence[str], given: ColumnMapping | None = None) -> ColumnMapping:
    """Fill a :class:`ColumnMapping` from header names (given entries win); see :data:`COLUMN_ALIASES`."""
    norm = {_norm_header(h): h for h in header}
    mapping = ColumnMapping(**(given.as_dict() if given else {}))
    used = set(mapping.as_dict().values())
    for field_name, aliases in COLUMN_ALIASES.items():
        if getattr(mapping, field_name) is not None:
            continue
        for alias in aliases:
            col = norm.get(alias)
            if col is not None and col not in used:
                setattr(mapping, field_name, col)
                used.add(col)
                break
    return mapping


def read_csv(
    path: str | Path,
    *,
    columns: ColumnMapping | str | Mapping[str, str] | None = None,
    delimiter: str | None = None,
    rewrite_format: str = "auto",
    sep: str | None = None,
) -> list[ConjunctExample]:
    """Read a CSV/TSV table of examples, e.g. the authors' ``verbal_omissions_dataset.csv``.

    Columns are detected by header (:data:`COLUMN_ALIASES`) unless given in ``columns``.
    Columns that are not mapped go to ``meta``. Without an id column, ids are ``row-N``
    (1-based data rows). The conjunction is located by, in order: the ``marked`` column, the
    ``offset`` column, the ``index`` column, or the only and/or/but (matching the
    ``conjunction`` column when present) in the sentence.
    """
    given = (
        columns
        if isinstance(columns, ColumnMapping) or columns is None
        else ColumnMapping.parse(columns)
    )
    with _open(path) as fh:
        text = fh.read()
    if delimiter is None:
        delimiter = "\t" if str(path).endswith(".tsv") else ","
        first = text.split("\n", 1)[0]
        if first.count("\t") > first.count(","):
            delimiter = "\t"
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = next(reader)
    except StopIteration:
        raise InputError("the table is empty (no header row)", path=path, line=1) from None
    except csv.Error as exc:
        raise InputError(f"not a readable table: {exc}", path=path, line=1) from None
    mapping = detect_columns(header, given)
    missing_cols = [c for c in mapping.as_dict().values() if c not in header]
    if missing_cols:
        raise InputError(
            f"mapped column(s) {', '.join(map(repr, missing_cols))} not found; the table has: {', '.join(map(repr, header))}",
            path=path,
            line=1,
        )
    if mapping.sentence is None and mapping.marked is None:
        raise InputError(
            "cannot tell which column holds the sentence; the table has columns "
            f"{', '.join(map(repr, header))}; detected so far: {mapping.as_dict() or 'nothing'}. "
            "Give a mapping such as --columns sentence=COLUMN,rewrites=COLUMN "
            "(fields: id, sentence or marked, conjunction, offset, index, rewrites, rewritable, split)",
            path=path,
            line=1,
        )
    col = {h: i for i, h in enumerate(header)}
    mapped = set(mapping.as_dict().values())
    out: list[ConjunctExample] = []
    lineno = 1
    for rowno, row in enumerate(reader, 1):
        lineno = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise InputError(
                f"row {rowno} has {len(row)} cells but the header has {len(header)}",
                path=path,
                line=lineno,
            )

        def cell(name: str | None, row: list[str] = row) -> str | None:
            return None if name is None else row[col[name]]

        record: dict[str, Any] = {"id": cell(mapping.id) or f"row-{rowno}"}
        record["sentence"] = cell(mapping.marked) if mapping.marked else cell(mapping.sentence)
        if mapping.marked and mapping.sentence and SPLIT_OPEN not in (record["sentence"] or ""):
            record["sentence"] = cell(mapping.sentence)
        conj = cell(mapping.conjunction)
        if conj:
            record["conjunction"] = conj.strip()
        for key, name in (("offset", mapping.offset), ("conjunction_index", mapping.index)):
            raw = cell(name)
            if raw is not None and raw.strip():
                try:
                    record[key] = int(float(raw))
                except ValueError:
                    raise InputError(
                        f"row {rowno}: {key} {raw!r} is not a number", path=path, line=lineno
                    ) from None
        record["rewrites"] = cell(mapping.rewrites)
        rw = cell(mapping.rewritable)
        if rw is not None and rw.strip():
            record["rewritable"] = rw
        record["split"] = _norm_split(cell(mapping.split))
        record["meta"] = {h: row[i] for h, i in col.items() if h not in mapped and h}
        try:
            out.append(example_from_dict(record, rewrite_format=rewrite_format, sep=sep))
        except ValueError as exc:
            raise InputError(f"example {record['id']}: {exc}", path=path, line=lineno) from None
    _check_unique(out, path)
    return out


def _norm_split(value: str | None) -> str | None:
    if value is None or not value.strip():
        return None
    v = value.strip().lower()
    return {
        "validation": "dev",
        "valid": "dev",
        "val": "dev",
        "development": "dev",
        "training": "train",
    }.get(v, v)


# --------------------------------------------------------------------------------------------
# Dispatch


def _open(path: str | Path) -> TextInput:
    return open_text(path)


def _guess_format(path: str | Path) -> str:
    name = str(path).lower()
    if name.endswith((".jsonl", ".json", ".ndjson")):
        return "jsonl"
    if name.endswith((".csv", ".tsv")):
        return "csv"
    if name.endswith((".marked", ".marked.txt", ".split.txt")):
        return "marked"
    if name.endswith(".txt"):
        try:
            with open(path, "rb") as fh:
                head = fh.read(65536).decode("utf-8", errors="replace")
        except OSError:
            return "text"
        return "marked" if SPLIT_OPEN in head else "text"
    raise LingevalError(
        f"cannot tell the format of {path} from its extension; pass a format ({', '.join(FORMATS)})"
    )


def read_examples(
    path: str | Path, format: str | None = None, **options: Any
) -> list[ConjunctExample]:
    """Read task examples; ``format`` is one of :data:`FORMATS` or guessed from the extension.

    ``options`` go to the format's reader (``columns``/``delimiter`` for CSV, ``rewrite_format``
    and ``sep`` for JSONL and CSV). Errors are :class:`InputError` naming file and line.
    """
    fmt = format or _guess_format(path)
    if fmt == "jsonl":
        examples = read_jsonl(path, **options)
    elif fmt == "csv":
        examples = read_csv(path, **options)
    elif fmt == "marked":
        examples = read_marked(path)
    elif fmt == "text":
        examples = read_text(path)
    else:
        raise LingevalError(f"unknown example format {fmt!r}; choose from {', '.join(FORMATS)}")
    if not examples:
        raise InputError(f"no examples (read as {fmt})", path=path)
    return examples


def write_examples(
    examples: Sequence[ConjunctExample], path: str | Path, format: str | None = None
) -> int:
    """Write examples in ``jsonl``, ``marked`` or ``text`` form (guessed from the extension)."""
    fmt = format or _guess_format(path)
    if fmt == "jsonl":
        return write_jsonl(examples, path)
    if fmt == "marked":
        return write_marked(examples, path)
    if fmt == "text":
        return write_text(examples, path)
    raise LingevalError(f"cannot write examples as {fmt!r}; choose jsonl, marked or text")


# --------------------------------------------------------------------------------------------
# Predictions


_PRED_KEYS = (
    "rewrites",
    "prediction",
    "predictions",
    "output",
    "outputs",
    "generated",
    "sentences",
)


def read_predictions(
    path: str | Path,
    *,
    rewrite_format: str = "auto",
    sep: str | None = None,
    ids: Sequence[str] | None = None,
) -> dict[str, list[str]]:
    """Read system outputs as ``{id: [sentence, ...]}``.

    Accepted: JSONL with ``id`` and one of ``rewrites``/``prediction(s)``/``output(s)``/
    ``generated``/``sentences`` (a list, or a string in any rewrite encoding); a JSON object
    ``{id: list-or-string}``; TSV lines ``ID<TAB>REWRITES``; or, when ``ids`` (the gold ids
    in order) are given, plain lines aligned with them, one output per line with its sentences
    separated by a token such as ``<SEP>`` (what a seq2seq model writes). Duplicate ids,
    values that are not text and empty sentences are errors naming the ids.
    """
    with _open(path) as fh:
        text = fh.read()
    stripped = text.lstrip()
    out: dict[str, list[str]] = {}
    dupes: list[str] = []
    bad: list[str] = []

    def add(key: Any, value: Any, lineno: int | None) -> None:
        k = str(key)
        if k in out:
            dupes.append(k)
            return
        try:
            items = parse_rewrites(value, fmt=rewrite_format, sep=sep)
        except ValueError as exc:
            raise InputError(f"prediction for id {k}: {exc}", path=path, line=lineno) from None
        if isinstance(value, list) and any(isinstance(v, str) and not v.strip() for v in value):
            bad.append(k)
        out[k] = items

    if stripped.startswith("{") and not _looks_like_jsonl(stripped):
        try:
            loaded = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"not valid JSON: {exc.msg}", path=path, line=exc.lineno) from None
        for k, v in loaded.items():
            add(k, v, None)
    elif stripped.startswith("{"):
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"not valid JSON: {exc.msg}", path=path, line=lineno) from None
            if not isinstance(record, dict) or "id" not in record:
                raise InputError("each line must be an object with an 'id'", path=path, line=lineno)
            key = next((k for k in _PRED_KEYS if k in record), None)
            if key is None:
                raise InputError(
                    f"prediction for id {record['id']} has none of the fields {', '.join(_PRED_KEYS)}",
                    path=path,
                    line=lineno,
                )
            add(record["id"], record[key], lineno)
    elif ids is not None and "\t" not in text:
        lines = text.splitlines()
        while lines and not lines[-1].strip():
            lines.pop()
        if len(lines) != len(ids):
            raise InputError(
                f"plain-text predictions must have one line per gold example ({len(ids)}), "
                f"found {len(lines)} lines",
                path=path,
            )
        for lineno, (key, line) in enumerate(zip(ids, lines, strict=True), 1):
            add(key, line.replace("\\n", "\n") if line.strip() else [], lineno)
    else:
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            key, tab, value = line.partition("\t")
            if not tab:
                raise InputError(
                    "expected ID<TAB>REWRITES, JSONL, or one line per gold example",
                    path=path,
                    line=lineno,
                )
            add(key.strip(), value.replace("\\n", "\n"), lineno)
    if dupes:
        raise InputError(
            f"duplicate prediction ids: {', '.join(sorted(set(dupes))[:10])}", path=path
        )
    if bad:
        raise InputError(
            f"empty sentences in the predictions for ids: {', '.join(bad[:10])}", path=path
        )
    return out


def _looks_like_jsonl(text: str) -> bool:
    """One JSON record per line (JSONL) rather than one ``{id: rewrites}`` object."""
    first = text.split("\n", 1)[0].strip()
    try:
        record = json.loads(first)
    except json.JSONDecodeError:
        return False
    return isinstance(record, dict) and "id" in record and not isinstance(record["id"], list)


def write_predictions(predictions: Mapping[str, Sequence[str]], path: str | Path) -> int:
    """Write ``{id: [sentence, ...]}`` as JSONL ``{"id": ..., "rewrites": [...]}``."""
    with open(path, "w", encoding="utf-8") as fh:
        for k, v in predictions.items():
            fh.write(json.dumps({"id": k, "rewrites": list(v)}, ensure_ascii=False) + "\n")
    return len(predictions)


# --------------------------------------------------------------------------------------------
# Splits


def assign_splits(
    examples: Sequence[ConjunctExample],
    *,
    seed: int = 13,
    ratios: tuple[float, float, float] = (0.8, 0.1, 0.1),
    overwrite: bool = True,
) -> list[ConjunctExample]:
    """Shuffle deterministically and cut into train/dev/test (section 7: 80/10/10).

    The order is a seeded shuffle of the examples sorted by id, so the assignment depends only
    on the ids and the seed, not on file order. Sizes: ``round(n * r_train)`` train,
    ``round(n * r_dev)`` dev, the rest test. Returns the examples in their original order with
    ``split`` set (kept when ``overwrite`` is False and a split is already present).
    """
    if len(ratios) != 3 or any(r < 0 for r in ratios) or abs(sum(ratios) - 1.0) > 1e-6:
        raise LingevalError(
            f"split ratios must be three non-negative numbers summing to 1, got {ratios}"
        )
    order = sorted(range(len(examples)), key=lambda i: examples[i].id)
    random.Random(seed).shuffle(order)
    n = len(order)
    n_train = round(n * ratios[0])
    n_dev = min(n - n_train, round(n * ratios[1]))
    label: dict[int, str] = {}
    for pos, i in enumerate(order):
        label[i] = "train" if pos < n_train else "dev" if pos < n_train + n_dev else "test"
    out = []
    for i, ex in enumerate(examples):
        split = ex.split if (ex.split and not overwrite) else label[i]
        out.append(
            ConjunctExample(
                ex.id,
                ex.sentence,
                ex.conjunction,
                ex.offset,
                list(ex.rewrites),
                ex.rewritable,
                split,
                dict(ex.meta),
            )
        )
    return out
