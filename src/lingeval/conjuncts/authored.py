"""Gold rewrites written here for sentences of the shared treebanks (issue 11).

Some phenomena (stripping: "..., but not X", "..., and also X"; VP ellipsis: "and so did X")
carry no copy node in the enhanced UD layer, so :mod:`lingeval.conjuncts.devdata` cannot
derive their gold. For a small development set we wrote the rewrites by hand, following the
rules of paper 000, sections 3 and 4.2. The treebank sentences are third-party text under
their own licences, so the repository stores only what we authored:

* the sentence's treebank and ``sent_id``, the marked conjunction (its word and occurrence
  among the whole-word and/or/but of the ``# text`` line) and a SHA-1 of that line (so a
  changed treebank is an error, not silently wrong gold);
* each rewrite as a **template**: ``{a:b}`` stands for the characters ``a`` to ``b`` of the
  ``# text`` line, everything else is our own words ("did not", "also", punctuation). The
  first letter of a filled rewrite is upper-cased.

The sentences themselves are read from ``../shared/data`` when the benchmark runs
(:func:`authored_examples`); :func:`make_template` turns a rewrite written in full into a
template (used once, when the gold is written). All figures on this set are development
numbers: we read the sentences while writing their gold.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lingeval.conjuncts.example import ConjunctExample
from lingeval.core.conllu import Sentence, read_conllu
from lingeval.core.errors import LingevalError

__all__ = ["authored_examples", "fill_template", "make_template", "text_sha1"]

_SLOT = re.compile(r"\{(\d+):(\d+)\}")


def text_sha1(text: str) -> str:
    """SHA-1 (hex) of a sentence's ``# text`` line, UTF-8."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def fill_template(template: str, text: str) -> str:
    """The rewrite a template stands for: every ``{a:b}`` replaced by ``text[a:b]``, the
    first letter upper-cased."""

    def slot(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(2))
        if not 0 <= a < b <= len(text):
            raise ValueError(f"slot {m.group(0)} outside a text of {len(text)} characters")
        return text[a:b]

    out = _SLOT.sub(slot, template)
    return out[:1].upper() + out[1:]


def _boundary(s: str, k: int) -> bool:
    """Position ``k`` of ``s`` is not inside a word."""
    return k <= 0 or k >= len(s) or not (s[k - 1].isalnum() and s[k].isalnum())


def make_template(rewrite: str, text: str) -> str:
    """A template of ``rewrite`` over ``text`` (greedy: the longest piece of the rewrite,
    from word boundary to word boundary, found at word boundaries in ``text`` becomes a slot;
    other characters stay literal). ``fill_template(make_template(r, t), t) == r`` when ``r``
    starts with an upper-case letter or a non-letter."""
    r = rewrite[:1].lower() + rewrite[1:] if text[:1].islower() else rewrite
    out: list[str] = []
    i = 0
    while i < len(r):
        best: tuple[int, int] | None = None
        if _boundary(r, i) and r[i].isalnum():
            for j in range(len(r), i, -1):
                if not _boundary(r, j):
                    continue
                piece = r[i:j]
                at = _find_at_boundaries(text, piece)
                if at is not None:
                    best = (at, at + len(piece))
                    break
        if best is None:
            out.append(r[i])
            i += 1
        else:
            out.append(f"{{{best[0]}:{best[1]}}}")
            i += best[1] - best[0]
    return "".join(out)


def _find_at_boundaries(text: str, piece: str) -> int | None:
    at = text.find(piece)
    while at >= 0:
        if _boundary(text, at) and _boundary(text, at + len(piece)):
            return at
        at = text.find(piece, at + 1)
    return None


def _conjunction_offset(text: str, word: str, occurrence: int) -> int | None:
    hits = [m.start() for m in re.finditer(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)]
    return hits[occurrence] if 0 <= occurrence < len(hits) else None


def read_gold_records(gold: Path) -> list[tuple[int, Any]]:
    """``(line number, decoded record)`` of every non-blank line of a JSON-lines gold file; a
    line that is no JSON is an error naming the file and line."""
    records: list[tuple[int, Any]] = []
    for n, line in enumerate(gold.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                records.append((n, json.loads(line)))
            except json.JSONDecodeError as exc:
                raise LingevalError(f"{gold}:{n}: not JSON ({exc.msg})") from exc
    return records


def fill_rewrites(templates: Sequence[str], text: str, where: str) -> list[str]:
    """:func:`fill_template` over each gold rewrite template; a bad one is an error at ``where``."""
    try:
        return [fill_template(t, text) for t in templates]
    except ValueError as exc:
        raise LingevalError(f"{where}: {exc}") from exc


def authored_examples(
    gold: Path, treebanks: Mapping[str, Sequence[Path]], *, source: str = "stripping"
) -> tuple[list[ConjunctExample], dict[str, Sentence]]:
    """The examples of an authored gold file (JSON lines, see the module docstring) with the
    gold tree of each (``sent_id`` -> sentence, as :class:`~lingeval.conjuncts.devdata.
    DevSource` keeps them, for oracle runs). ``treebanks`` maps the
    records' ``treebank`` names to CoNLL-U files; a record whose treebank is absent is left
    out; a missing sentence, a changed text or a bad template is an error naming the line."""
    records = read_gold_records(gold)
    wanted = {(r["treebank"], r["sent_id"]) for _, r in records}
    found: dict[tuple[str, str], Sentence] = {}
    for bank, paths in treebanks.items():
        if not any(b == bank for b, _ in wanted) or not all(p.is_file() for p in paths):
            continue
        for path in paths:
            for sent in read_conllu(path, validate_tree=False):
                if (bank, sent.sent_id) in wanted:
                    found[(bank, str(sent.sent_id))] = sent
    examples: list[ConjunctExample] = []
    trees: dict[str, Sentence] = {}
    for n, rec in records:
        bank, sid = rec["treebank"], rec["sent_id"]
        if bank not in treebanks or not all(p.is_file() for p in treebanks[bank]):
            continue
        tree = found.get((bank, sid))
        where = f"{gold}:{n}"
        if tree is None:
            raise LingevalError(f"{where}: no sentence {sid!r} in the {bank} treebank")
        text = tree.text
        if text_sha1(text) != rec["text_sha1"]:
            raise LingevalError(f"{where}: the text of {sid!r} changed (SHA-1 differs)")
        offset = _conjunction_offset(text, rec["conjunction"], int(rec.get("occurrence", 0)))
        if offset is None:
            raise LingevalError(f"{where}: no {rec['conjunction']!r} #{rec.get('occurrence', 0)}")
        rewrites = fill_rewrites(rec["rewrites"], text, where)
        ident = f"{source}:{bank}:{sid}@{offset}"
        meta = {
            "source": source,
            "phenomenon": rec.get("phenomenon", "stripping"),
            "sent_id": sid,
            "treebank": bank,
            "annotator": rec.get("annotator", ""),
        }
        examples.append(
            ConjunctExample(
                ident,
                text,
                text[offset : offset + len(rec["conjunction"])],
                offset,
                rewrites,
                len(rewrites) > 1,
                "dev",
                meta,
            )
        )
        trees[sid] = tree
    return examples, trees
