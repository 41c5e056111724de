"""Workers' submissions: task JSONL and Amazon Mechanical Turk batch results (paper 000, 4.2).

A :class:`Submission` is one worker's answer for one item: the rewrite set, or the
not-rewritable choice with its explanation, plus the *unsure* and *long list* flags.

**Submissions JSONL** — one object per line::

    {"example_id": "ex1", "worker_id": "W1", "batch": "b1",
     "sentences": ["Josh likes wine.", "Jane likes water."],
     "not_rewritable": false, "explanation": "", "unsure": false, "long_list": false,
     "sentence": "Josh likes wine and Jane water.", "conjunction": "and", "offset": 16}

``sentences`` (alias ``rewrites``) is a list or any encoding :func:`lingeval.conjuncts.data.parse_rewrites`
reads (numbered lines, ``<SEP>``, newlines). ``rewritable: false`` may replace
``not_rewritable: true``. The item (``sentence`` with ``conjunction``/``offset``, or a
``<SPLIT>``-marked sentence) may be omitted when a task file gives it by ``example_id``.

**MTurk batch results CSV** — one row per assignment; ``WorkerId``, ``HITId``,
``AssignmentId``, ``AssignmentStatus`` (rejected assignments are skipped), item fields in
``Input.*`` columns and answers in ``Answer.*`` columns. A HIT holds several items (seven in
the paper), numbered ``1..n`` through ``{i}`` in the column names. Default columns
(:data:`MTURK_DEFAULTS`)::

    id=Input.id{i}  sentence=Input.sentence{i}  conjunction=Input.conjunction{i}
    offset=Input.offset{i}  rewrites=Answer.rewrites{i}  rewrite_each=Answer.rewrite{i}_{j}
    not_rewritable=Answer.not_rewritable{i}  explanation=Answer.explanation{i}
    unsure=Answer.unsure{i}  long_list=Answer.long_list{i}  worker=WorkerId  hit=HITId
    assignment=AssignmentId  status=AssignmentStatus  batch=(the file name)

Override any of them with ``--columns FIELD=COLUMN,...``; single-item HITs work without
``{i}`` (``Input.sentence``). Checkbox answers may also come as ``COLUMN.on``.

**Study answer export** — a ``lingeval study`` CSV export of the ``conjunct-rewrite`` task
(tidy columns ``participant_id``, ``question``, ``target``, ``value``, ...) is recognised by
its header; batch = study id.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lingeval.core.errors import InputError, LingevalError
from lingeval.core.textio import open_text, read_text

__all__ = [
    "MTURK_DEFAULTS",
    "Submission",
    "attach_tasks",
    "parse_mturk_columns",
    "read_mturk_csv",
    "read_study_answers",
    "read_submissions",
    "read_submissions_jsonl",
]

MTURK_DEFAULTS: dict[str, str | None] = {
    "id": "Input.id{i}",
    "sentence": "Input.sentence{i}",
    "marked": "Input.marked{i}",
    "conjunction": "Input.conjunction{i}",
    "offset": "Input.offset{i}",
    "rewrites": "Answer.rewrites{i}",
    "rewrite_each": "Answer.rewrite{i}_{j}",
    "not_rewritable": "Answer.not_rewritable{i}",
    "explanation": "Answer.explanation{i}",
    "unsure": "Answer.unsure{i}",
    "long_list": "Answer.long_list{i}",
    "worker": "WorkerId",
    "hit": "HITId",
    "assignment": "AssignmentId",
    "status": "AssignmentStatus",
    "batch": None,
}
_TRUE = {"1", "true", "yes", "y", "on", "checked", "x", "t"}
_FALSE = {"", "0", "false", "no", "n", "off", "f", "{}", "none", "null"}


@dataclass
class Submission:
    """One worker's answer for one item; ``sentence``/``conjunction``/``offset`` describe the item."""

    example_id: str
    worker_id: str
    rewrites: list[str]
    rewritable: bool = True
    explanation: str = ""
    unsure: bool = False
    long_list: bool = False
    batch: str = ""
    sentence: str | None = None
    conjunction: str | None = None
    offset: int | None = None
    hit_id: str = ""
    assignment_id: str = ""
    source: str = ""  # "FILE:LINE" for messages
    meta: dict[str, Any] = field(default_factory=dict)

    def answer_set(self) -> list[str]:
        """The answer as a sentence set: the rewrites, or the unchanged sentence."""
        if not self.rewritable:
            return [self.sentence] if self.sentence is not None else []
        return [r for r in (s.strip() for s in self.rewrites) if r]


def _flag(value: Any, what: str) -> bool:
    if isinstance(value, bool):
        return value
    if value is None:
        return False
    if isinstance(value, (int, float)):
        return bool(value)
    v = str(value).strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise ValueError(f"{what} must be true or false, got {value!r}")


def _locate_item(record: Mapping[str, Any]) -> tuple[str | None, str | None, int | None]:
    """(sentence, conjunction, offset) from a record's item fields, or Nones when absent."""
    from lingeval.conjuncts.data import example_from_dict

    sentence = record.get("sentence")
    if not sentence:
        return None, None, None
    item = {
        k: record[k]
        for k in ("sentence", "conjunction", "offset", "conjunction_index")
        if record.get(k) is not None
    }
    ex = example_from_dict({"id": "item", **item})
    return ex.sentence, ex.conjunction, ex.offset


def _from_record(record: Mapping[str, Any], source: str, default_batch: str) -> Submission:
    from lingeval.conjuncts.data import parse_rewrites

    ex_id = record.get("example_id", record.get("id"))
    if ex_id is None or str(ex_id).strip() == "":
        raise ValueError("missing example_id")
    worker = record.get("worker_id", record.get("worker"))
    if worker is None or str(worker).strip() == "":
        raise ValueError("missing worker_id")
    raw = record.get("sentences", record.get("rewrites"))
    rewrites = parse_rewrites(raw) if raw not in (None, "") else []
    if "not_rewritable" in record:
        rewritable = not _flag(record["not_rewritable"], "not_rewritable")
    elif "rewritable" in record:
        rewritable = _flag(record["rewritable"], "rewritable")
    else:
        rewritable = True
    sentence, conj, offset = _locate_item(record)
    return Submission(
        example_id=str(ex_id),
        worker_id=str(worker),
        rewrites=rewrites,
        rewritable=rewritable,
        explanation=str(record.get("explanation") or ""),
        unsure=_flag(record.get("unsure"), "unsure"),
        long_list=_flag(record.get("long_list"), "long_list"),
        batch=str(record.get("batch") or default_batch),
        sentence=sentence,
        conjunction=conj,
        offset=offset,
        hit_id=str(record.get("hit_id") or ""),
        assignment_id=str(record.get("assignment_id") or ""),
        source=source,
    )


def read_submissions_jsonl(path: str | Path) -> list[Submission]:
    """Read submissions JSONL (see the module docstring); errors name the file and line."""
    p = Path(path)
    out: list[Submission] = []
    text = read_text(p)
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"not valid JSON: {exc.msg}", path=path, line=lineno) from None
        if not isinstance(record, dict):
            raise InputError("expected a JSON object", path=path, line=lineno)
        try:
            out.append(_from_record(record, f"{path}:{lineno}", p.stem))
        except ValueError as exc:
            raise InputError(str(exc), path=path, line=lineno) from None
    return out


def parse_mturk_columns(spec: str | Mapping[str, str] | None) -> dict[str, str | None]:
    """The column mapping: defaults overridden by ``"field=Column,..."`` or a dict."""
    cols = dict(MTURK_DEFAULTS)
    if spec is None:
        return cols
    items: Mapping[str, str]
    if isinstance(spec, str):
        parsed: dict[str, str] = {}
        for part in (p.strip() for p in spec.split(",")):
            if not part:
                continue
            key, eq, value = part.partition("=")
            if not eq:
                raise LingevalError(f"column mapping item {part!r} is not FIELD=COLUMN")
            parsed[key.strip()] = value.strip()
        items = parsed
    else:
        items = spec
    bad = sorted(set(items) - set(MTURK_DEFAULTS))
    if bad:
        raise LingevalError(
            f"unknown field(s) in the column mapping: {', '.join(bad)}; known: {', '.join(MTURK_DEFAULTS)}"
        )
    cols.update(items)
    return cols


def read_mturk_csv(
    path: str | Path, columns: str | Mapping[str, str] | None = None
) -> list[Submission]:
    """Read an MTurk batch results CSV (see the module docstring), one submission per item."""
    from lingeval.conjuncts.data import parse_rewrites

    cols = parse_mturk_columns(columns)
    p = Path(path)
    text = read_text(p)
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        raise InputError("the table is empty (no header row)", path=path, line=1) from None
    index = {h: k for k, h in enumerate(header)}
    for key in ("worker",):
        if cols[key] not in index:
            raise InputError(
                f"no {key} column {cols[key]!r}; the table has: {', '.join(map(repr, header))}; "
                f"map it with --columns {key}=COLUMN",
                path=path,
                line=1,
            )

    def name(key: str, i: str, j: int | None = None) -> str | None:
        pattern = cols.get(key)
        if not pattern:
            return None
        return pattern.replace("{i}", i).replace("{j}", "" if j is None else str(j))

    def has(key: str, i: str) -> bool:
        pattern = cols.get(key)
        if not pattern or (i and "{i}" not in pattern):
            return False
        n = name(key, i)
        return n is not None and (n in index or f"{n}.on" in index)

    # item numbers present in the header: 1..n with {i}, or a single unnumbered item
    numbers = [
        str(k)
        for k in range(1, 101)
        if has("sentence", str(k)) or has("marked", str(k)) or has("id", str(k))
    ]
    if not numbers:
        if has("sentence", "") or has("marked", "") or has("id", ""):
            numbers = [""]
        else:
            raise InputError(
                f"no item columns found (looked for {cols['id']!r} and {cols['sentence']!r} with "
                f"{{i}} = 1, 2, ...); the table has: {', '.join(map(repr, header))}; "
                "map them with --columns id=...,sentence=...,rewrites=...",
                path=path,
                line=1,
            )
    out: list[Submission] = []
    for rowno, row in enumerate(reader, 1):
        lineno = reader.line_num
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(header):
            raise InputError(
                f"row {rowno} has {len(row)} cells but the header has {len(header)}",
                path=path,
                line=lineno,
            )

        def cell(colname: str | None, row: list[str] = row) -> str | None:
            if colname is None:
                return None
            if colname in index:
                return row[index[colname]]
            if f"{colname}.on" in index:
                return row[index[f"{colname}.on"]]
            return None

        status = (cell(cols["status"]) or "").strip().lower()
        if status == "rejected":
            continue
        batch = cell(cols["batch"]) if cols["batch"] else None
        for i in numbers:
            record: dict[str, Any] = {
                "worker_id": cell(cols["worker"]),
                "hit_id": cell(cols["hit"]) or "",
                "assignment_id": cell(cols["assignment"]) or "",
                "batch": batch or p.stem,
            }
            sentence = cell(name("marked", i)) or cell(name("sentence", i))
            if sentence:
                record["sentence"] = sentence
            conj = cell(name("conjunction", i))
            if conj and conj.strip():
                record["conjunction"] = conj.strip()
            off = cell(name("offset", i))
            try:
                if off is not None and off.strip():
                    record["offset"] = int(float(off))
            except ValueError:
                raise InputError(
                    f"row {rowno}, item {i or 1}: offset {off!r} is not a number",
                    path=path,
                    line=lineno,
                ) from None
            ex_id = cell(name("id", i))
            hit = record["hit_id"] or f"row{rowno}"
            record["example_id"] = ex_id if ex_id and ex_id.strip() else f"{hit}-{i or 1}"
            if not (record.get("sentence") or (ex_id and ex_id.strip())):
                continue  # an empty slot of a partly filled HIT
            raw = cell(name("rewrites", i))
            rewrites: list[str] = []
            if raw is not None and raw.strip():
                rewrites = parse_rewrites(raw)
            else:
                for j in range(1, 51):
                    value = cell(name("rewrite_each", i, j))
                    if value is None:
                        break
                    if value.strip():
                        rewrites.append(value.strip())
            record["sentences"] = rewrites
            for key in ("not_rewritable", "unsure", "long_list"):
                v = cell(name(key, i))
                if v is not None:
                    record[key] = v
            record["explanation"] = cell(name("explanation", i)) or ""
            try:
                out.append(_from_record(record, f"{path}:{lineno}", p.stem))
            except ValueError as exc:
                raise InputError(
                    f"row {rowno}, item {i or 1}: {exc}", path=path, line=lineno
                ) from None
    return out


def read_submissions(
    paths: Sequence[str | Path] | str | Path, *, columns: str | Mapping[str, str] | None = None
) -> list[Submission]:
    """Read submissions from JSONL (``.jsonl``/``.json``) or MTurk CSV (``.csv``) files."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    out: list[Submission] = []
    for path in paths:
        before = len(out)
        if str(path).lower().endswith((".csv", ".tsv")):
            if _is_study_export(path):
                out.extend(read_study_answers(path))
            else:
                out.extend(read_mturk_csv(path, columns))
        else:
            out.extend(read_submissions_jsonl(path))
        if len(out) == before:
            raise InputError("no submissions", path=path)
    return out


def _is_study_export(path: str | Path) -> bool:
    try:
        with open(path, encoding="utf-8-sig", newline="") as fh:
            header = next(csv.reader(fh), [])
    except (OSError, UnicodeDecodeError):
        return False
    return {"participant_id", "question", "target", "value"} <= set(header)


def read_study_answers(path: str | Path) -> list[Submission]:
    """Submissions from a ``lingeval study`` answer export (CSV, tidy columns) of the
    ``conjunct-rewrite`` task; the sentences come from a task file (``--tasks``)."""
    from lingeval.conjuncts.annotation.task import submissions_from_answers

    with open_text(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    subs = submissions_from_answers(rows)
    for sub in subs:
        sub.source = str(path)
    return subs


def attach_tasks(submissions: Iterable[Submission], tasks: Mapping[str, Any]) -> list[Submission]:
    """Fill each submission's item (sentence, conjunction, offset) from task examples by id.

    ``tasks`` maps example ids to :class:`~lingeval.conjuncts.example.ConjunctExample`.
    A submission without an item and without a task is an error naming its line.
    """
    out: list[Submission] = []
    for s in submissions:
        task = tasks.get(s.example_id)
        if task is not None and s.sentence is None:
            s.sentence, s.conjunction, s.offset = task.sentence, task.conjunction, task.offset
        if s.sentence is None or s.conjunction is None or s.offset is None:
            file, _, line = s.source.rpartition(":")
            raise InputError(
                f"submission for {s.example_id!r} by {s.worker_id!r} does not say which sentence it "
                "answers; include sentence/conjunction/offset or pass the task file (--tasks)",
                path=file or None,
                line=int(line) if line.isdigit() else None,
            )
        out.append(s)
    return out
