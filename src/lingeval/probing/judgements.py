"""Human judgements collected elsewhere (CSV/TSV), read into one tidy shape.

Accepted layouts (the delimiter is sniffed: comma, tab or semicolon):

* **long** (tidy, one row per answer): columns ``item_id``, ``participant_id``, ``value``;
  the study engine's answer table (:data:`lingeval.study.answers.ANSWER_COLUMNS`) is long
  too, and when it has a ``question`` column only rows of the asked question are kept
  (``acceptability`` or ``cloze``).
* **wide** (one row per participant, as survey platforms export it): a ``participant_id``
  column and one column per ``item_id``; empty cells are skipped.

In the study engine's table of an acceptability study (items = pairs, see
:mod:`lingeval.probing.tasks`) the ``system`` column (``acceptable``/``unacceptable``) turns
``item_id`` back into ``<pair_id>-A`` / ``<pair_id>-NA``.

Values: grammaticality reviews are ``yes``/``no`` (``sì`` accepted); acceptability ratings are integers 1-5 (paper 003, section 3: 1 = totally
unacceptable, 5 = totally acceptable); cloze answers are one of the item's options or
``none`` ("none of the previous options is suitable"). Invalid values raise
:class:`~lingeval.core.errors.InputError` with the file and line.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from lingeval.core.errors import InputError
from lingeval.core.textio import read_text

__all__ = ["NONE_OPTION", "Judgement", "read_judgements"]

NONE_OPTION = "none"
_CONDITION_SUFFIX = {"acceptable": "-A", "unacceptable": "-NA"}
LIKERT = (1, 5)


@dataclass(frozen=True, slots=True)
class Judgement:
    """One answer: who (participant), what (item), and the raw value (rating or chosen option)."""

    item_id: str
    participant_id: str
    value: str


def _check(
    task: str, value: str, item: str, options: dict[str, list[str]] | None, path: str, line: int
) -> str:
    v = value.strip()
    if task == "grammaticality":
        g = {"yes": "yes", "sì": "yes", "si": "yes", "no": "no"}.get(v.lower())
        if g is None:
            raise InputError(
                f"grammaticality answer {value!r} for {item} is not yes/no", path=path, line=line
            )
        return g
    if task == "acceptability":
        try:
            r = int(float(v))
        except ValueError:
            raise InputError(
                f"rating {value!r} for {item} is not a number 1-5", path=path, line=line
            ) from None
        if float(v) != r or not LIKERT[0] <= r <= LIKERT[1]:
            raise InputError(
                f"rating {value!r} for {item} is not an integer 1-5", path=path, line=line
            )
        return str(r)
    v = v.lower()
    if v in ("none", "none of the previous options is suitable", "nessuna"):
        return NONE_OPTION
    if options is not None:
        opts = options.get(item)
        if opts is None:
            raise InputError(f"unknown cloze item {item!r}", path=path, line=line)
        if v not in [o.lower() for o in opts]:
            raise InputError(
                f"answer {value!r} is not an option of {item} ({', '.join(opts)} or none)",
                path=path,
                line=line,
            )
    return v


def read_judgements(
    path: str | Path,
    task: str,
    *,
    options: dict[str, list[str]] | None = None,
    items: set[str] | None = None,
) -> list[Judgement]:
    """Read acceptability ratings or cloze choices from a long or wide CSV/TSV file.

    ``options`` (cloze: item id -> options) validates answers; ``items`` (known item ids)
    rejects judgements of unknown items.
    """
    if task not in ("acceptability", "cloze", "grammaticality"):
        raise InputError(
            f"unknown task {task!r}; choose acceptability, cloze or grammaticality", path=path
        )
    p = Path(path)
    lines = read_text(p).splitlines()
    if not lines:
        raise InputError("empty file", path=p, line=1)
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(lines[0], delimiters=",\t;")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(lines, dialect)
    header = [h.strip() for h in next(reader)]
    out: list[Judgement] = []
    src = str(p)
    if "item_id" in header and "value" in header:
        col = {h: i for i, h in enumerate(header)}
        pid = col.get("participant_id")
        qcol = col.get("question")
        scol = col.get("system")
        for n, cells in enumerate(reader, 2):
            if not cells or all(not c.strip() for c in cells):
                continue
            if len(cells) != len(header):
                raise InputError(
                    f"expected {len(header)} cells, found {len(cells)}", path=src, line=n
                )
            if qcol is not None and cells[qcol].strip() not in (task, ""):
                continue
            item = cells[col["item_id"]].strip()
            if scol is not None and cells[scol].strip() in _CONDITION_SUFFIX:
                # the study engine: item = pair, system = condition (lingeval.probing.tasks)
                item += _CONDITION_SUFFIX[cells[scol].strip()]
            if items is not None and item not in items:
                raise InputError(f"unknown item {item!r}", path=src, line=n)
            who = cells[pid].strip() if pid is not None else f"row{n}"
            out.append(
                Judgement(item, who, _check(task, cells[col["value"]], item, options, src, n))
            )
    elif "participant_id" in header:
        pidx = header.index("participant_id")
        for n, cells in enumerate(reader, 2):
            if not cells or all(not c.strip() for c in cells):
                continue
            if len(cells) != len(header):
                raise InputError(
                    f"expected {len(header)} cells, found {len(cells)}", path=src, line=n
                )
            who = cells[pidx].strip()
            for i, h in enumerate(header):
                if i == pidx or not cells[i].strip():
                    continue
                if items is not None and h not in items:
                    continue  # extra survey columns (age, duration, ...) are ignored
                out.append(Judgement(h, who, _check(task, cells[i], h, options, src, n)))
    else:
        raise InputError(
            "expected a long table (item_id, participant_id, value) or a wide one (participant_id + one column per item)",
            path=src,
            line=1,
        )
    if not out:
        raise InputError(f"no {task} judgements found", path=src)
    return out
