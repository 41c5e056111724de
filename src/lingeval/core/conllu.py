"""Streaming CoNLL-U / CoNLL-X reader and writer and the sentence data model.

A sentence is its comment lines plus its rows in file order. Rows are basic words
(:class:`Word`), multiword-token ranges (:class:`MultiwordToken`, ids ``a-b``) and empty
nodes of the enhanced graph (:class:`EmptyNode`, ids ``n.k``). Only words form the basic
tree; ranges and empty nodes (and the DEPS column) are kept verbatim so that a valid file
round-trips byte-identically through :func:`read_conllu` and :func:`write_conllu`.

CoNLL-X files have the same ten columns (columns 9-10 are PHEAD/PDEPREL instead of
DEPS/MISC) and no ranges or empty nodes; they read into the same model.

Validation (raised as :class:`~lingeval.core.errors.ConlluError` with file and line):
wrong column count, malformed or duplicate or out-of-order ids, non-integer or out-of-range
heads, a cycle, zero or several roots (several allowed with ``multiple_roots=True``),
an empty sentence.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TextIO

from lingeval.core.errors import ConlluError, InputError

__all__ = [
    "EmptyNode",
    "MultiwordToken",
    "Row",
    "Sentence",
    "Word",
    "format_sentence",
    "parse_conllu_string",
    "read_conllu",
    "write_conllu",
]

_RANGE = re.compile(r"([1-9][0-9]*)-([1-9][0-9]*)")
_EMPTY = re.compile(r"(0|[1-9][0-9]*)\.([1-9][0-9]*)")


@dataclass(slots=True)
class Word:
    """A basic-tree word. ``id`` and ``head`` are 1-based integers; ``head == 0`` is the root.

    Unparsed columns (``lemma``, ``xpos``, ``feats``, ``deps``, ``misc``) are raw strings,
    ``"_"`` when empty.
    """

    id: int
    form: str
    lemma: str
    upos: str
    xpos: str
    feats: str
    head: int
    deprel: str
    deps: str = "_"
    misc: str = "_"

    @property
    def base_deprel(self) -> str:
        """The universal relation without its subtype (``nsubj:pass`` -> ``nsubj``)."""
        return self.deprel.split(":", 1)[0]

    @property
    def space_after(self) -> bool:
        """False when MISC holds ``SpaceAfter=No``."""
        return "SpaceAfter=No" not in self.misc.split("|")

    def misc_dict(self) -> dict[str, str]:
        """MISC as a mapping (``Key=Value`` items; a bare item maps to ``""``)."""
        return _parse_misc(self.misc)

    def to_line(self) -> str:
        return "\t".join(
            (
                str(self.id),
                self.form,
                self.lemma,
                self.upos,
                self.xpos,
                self.feats,
                str(self.head),
                self.deprel,
                self.deps,
                self.misc,
            )
        )


@dataclass(slots=True)
class MultiwordToken:
    """A surface token spanning words ``first..last`` (e.g. French ``du`` = ``de le``)."""

    first: int
    last: int
    form: str
    columns: list[str]  # the ten raw columns, kept for byte-identical output

    @property
    def misc(self) -> str:
        return self.columns[9]

    @property
    def space_after(self) -> bool:
        return "SpaceAfter=No" not in self.misc.split("|")

    def to_line(self) -> str:
        return "\t".join(self.columns)


@dataclass(slots=True)
class EmptyNode:
    """An enhanced-graph node ``after.index`` (e.g. ``8.1``, an elided verb copied in gapping).

    ``deps`` holds its enhanced heads; it is not part of the basic tree.
    """

    after: int
    index: int
    columns: list[str]

    @property
    def id(self) -> str:
        return self.columns[0]

    @property
    def form(self) -> str:
        return self.columns[1]

    @property
    def lemma(self) -> str:
        return self.columns[2]

    @property
    def upos(self) -> str:
        return self.columns[3]

    @property
    def xpos(self) -> str:
        return self.columns[4]

    @property
    def deps(self) -> str:
        return self.columns[8]

    def to_line(self) -> str:
        return "\t".join(self.columns)


Row = Word | MultiwordToken | EmptyNode


@dataclass(slots=True)
class Sentence:
    """One sentence: comment lines (without the leading ``#``-stripping), rows in file order."""

    comments: list[str] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    words: list[Word] = field(default_factory=list)
    line: int = 0  # 1-based line of the sentence's first line in its file (0 if built in code)

    @property
    def sent_id(self) -> str | None:
        """The value of a ``# sent_id = ...`` comment, if any."""
        return self.meta.get("sent_id")

    @property
    def text(self) -> str:
        """The ``# text = ...`` comment, or the words detokenised with ``SpaceAfter=No``."""
        value = self.meta.get("text")
        return value if value is not None else self.surface()

    @property
    def meta(self) -> dict[str, str]:
        """``# key = value`` comments as a mapping."""
        out: dict[str, str] = {}
        for c in self.comments:
            body = c[1:].strip()
            if " = " in body:
                key, value = body.split(" = ", 1)
                out[key.strip()] = value
            elif body.endswith(" ="):
                out[body[:-2].strip()] = ""
        return out

    @property
    def heads(self) -> list[int]:
        """``heads[i]`` is the head of word ``i + 1`` (0 for the root)."""
        return [w.head for w in self.words]

    @property
    def forms(self) -> list[str]:
        return [w.form for w in self.words]

    def surface(self) -> str:
        """Detokenised text: surface tokens (multiword forms once), spaces per ``SpaceAfter``."""
        parts: list[str] = []
        skip_until = 0
        for row in self.rows:
            if isinstance(row, EmptyNode):
                continue
            if isinstance(row, MultiwordToken):
                parts.append(row.form)
                if row.space_after:
                    parts.append(" ")
                skip_until = row.last
                continue
            if row.id <= skip_until:
                continue
            parts.append(row.form)
            if row.space_after:
                parts.append(" ")
        return "".join(parts).rstrip(" ")

    @property
    def empty_nodes(self) -> list[EmptyNode]:
        return [r for r in self.rows if isinstance(r, EmptyNode)]

    @property
    def multiword_tokens(self) -> list[MultiwordToken]:
        return [r for r in self.rows if isinstance(r, MultiwordToken)]

    @classmethod
    def from_words(cls, words: Iterable[Word], comments: Iterable[str] = ()) -> Sentence:
        """Build a sentence from words only (no ranges or empty nodes)."""
        ws = list(words)
        return cls(comments=list(comments), rows=list(ws), words=ws)

    def copy(self) -> Sentence:
        """A deep-enough copy: words are new objects, so heads and labels can be edited."""
        mapping: dict[int, Word] = {}
        rows: list[Row] = []
        for r in self.rows:
            if isinstance(r, Word):
                nw = Word(
                    r.id, r.form, r.lemma, r.upos, r.xpos, r.feats, r.head, r.deprel, r.deps, r.misc
                )
                mapping[id(r)] = nw
                rows.append(nw)
            elif isinstance(r, MultiwordToken):
                rows.append(MultiwordToken(r.first, r.last, r.form, list(r.columns)))
            else:
                rows.append(EmptyNode(r.after, r.index, list(r.columns)))
        words = [mapping[id(w)] for w in self.words]
        return Sentence(list(self.comments), rows, words, self.line)


def _parse_misc(misc: str) -> dict[str, str]:
    if misc in ("", "_"):
        return {}
    out: dict[str, str] = {}
    for item in misc.split("|"):
        key, _, value = item.partition("=")
        out[key] = value
    return out


def _open_text(source: str | Path | TextIO) -> tuple[IO[str], str, bool]:
    if isinstance(source, (str, Path)):
        path = str(source)
        if path == "-":
            import sys

            return sys.stdin, "<stdin>", False
        from lingeval.core.textio import open_text

        try:
            fh = open_text(path, newline="")
        except InputError as exc:
            raise ConlluError(exc.problem, path=path) from None
        return fh, path, True  # type: ignore[return-value]  # a TextInput reads like IO[str]
    name = getattr(source, "name", "<input>")
    return source, str(name), False


def read_conllu(
    source: str | Path | TextIO,
    *,
    multiple_roots: bool = False,
    validate_tree: bool = True,
) -> Iterator[Sentence]:
    """Yield the sentences of a CoNLL-U or CoNLL-X file one at a time (flat memory).

    ``source`` is a path, ``"-"`` for stdin, or an open text stream.
    ``multiple_roots`` allows several words with head 0 in one sentence.
    ``validate_tree=False`` skips the cycle and root checks (column and id checks remain).
    Raises :class:`ConlluError` naming the file and line of the first problem.
    """
    fh, path, close = _open_text(source)
    try:
        yield from _read_stream(
            fh, path, multiple_roots=multiple_roots, validate_tree=validate_tree
        )
    except UnicodeDecodeError as exc:
        raise ConlluError(f"not UTF-8 text ({exc.reason} at byte {exc.start})", path=path) from None
    except ConlluError:
        raise
    except InputError as exc:  # from the shared reader: not UTF-8 at a line
        raise ConlluError(exc.problem, path=exc.path, line=exc.line) from None
    finally:
        if close:
            fh.close()


def parse_conllu_string(
    text: str, *, multiple_roots: bool = False, name: str = "<string>"
) -> list[Sentence]:
    """Parse CoNLL-U held in a string (convenience for tests and small inputs)."""
    stream = io.StringIO(text, newline="")
    stream.name = name
    return list(read_conllu(stream, multiple_roots=multiple_roots))


def _read_stream(
    fh: IO[str], path: str, *, multiple_roots: bool, validate_tree: bool
) -> Iterator[Sentence]:
    comments: list[str] = []
    rows: list[Row] = []
    words: list[Word] = []
    word_lines: list[int] = []
    start = 0
    lineno = 0
    for lineno, raw in enumerate(fh, 1):
        line = raw[:-1] if raw.endswith("\n") else raw
        if line.endswith("\r"):
            raise ConlluError(
                "carriage return (CRLF line ending); CoNLL-U uses LF", path=path, line=lineno
            )
        if not line:
            if comments or rows:
                yield _finish(
                    comments,
                    rows,
                    words,
                    word_lines,
                    start,
                    path,
                    lineno,
                    multiple_roots,
                    validate_tree,
                )
                comments, rows, words, word_lines = [], [], [], []
            continue
        if not comments and not rows:
            start = lineno
        if line[0] == "#":
            if rows:
                raise ConlluError(
                    "comment line inside a sentence (comments must precede its words)",
                    path=path,
                    line=lineno,
                )
            comments.append(line)
            continue
        cols = line.split("\t")
        if len(cols) != 10:
            raise ConlluError(
                f"expected 10 tab-separated columns, found {len(cols)}", path=path, line=lineno
            )
        ident = cols[0]
        if ident.isdigit() and ident.isascii() and ident[0] != "0":
            wid = int(ident)
            expected = len(words) + 1
            if wid != expected:
                if any(w.id == wid for w in words):
                    raise ConlluError(f"duplicate word id {wid}", path=path, line=lineno)
                raise ConlluError(
                    f"word id {wid} out of sequence (expected {expected})", path=path, line=lineno
                )
            head_s = cols[6]
            if not (head_s.isdigit() and head_s.isascii() and (head_s[0] != "0" or head_s == "0")):
                raise ConlluError(
                    f"HEAD {head_s!r} of word {wid} is not a non-negative integer",
                    path=path,
                    line=lineno,
                )
            if not cols[1] or not cols[3] or not cols[7]:
                cname = "FORM" if not cols[1] else "UPOS" if not cols[3] else "DEPREL"
                raise ConlluError(f"empty {cname} column (use '_')", path=path, line=lineno)
            w = Word(
                wid,
                cols[1],
                cols[2],
                cols[3],
                cols[4],
                cols[5],
                int(head_s),
                cols[7],
                cols[8],
                cols[9],
            )
            words.append(w)
            word_lines.append(lineno)
            rows.append(w)
            continue
        m = _RANGE.fullmatch(ident)
        if m:
            a, b = int(m.group(1)), int(m.group(2))
            if b < a or a != len(words) + 1:
                raise ConlluError(
                    f"multiword token range {ident} does not start at the next word ({len(words) + 1})",
                    path=path,
                    line=lineno,
                )
            rows.append(MultiwordToken(a, b, cols[1], cols))
            continue
        m = _EMPTY.fullmatch(ident)
        if m:
            after, idx = int(m.group(1)), int(m.group(2))
            if after != len(words):
                raise ConlluError(
                    f"empty node {ident} must follow word {after}", path=path, line=lineno
                )
            prev = [r for r in rows if isinstance(r, EmptyNode) and r.after == after]
            if prev and prev[-1].index >= idx:
                raise ConlluError(
                    f"duplicate or out-of-order empty node id {ident}", path=path, line=lineno
                )
            rows.append(EmptyNode(after, idx, cols))
            continue
        raise ConlluError(
            f"malformed ID {ident!r} (expected an integer, a range a-b or a decimal n.k)",
            path=path,
            line=lineno,
        )
    if comments or rows:
        yield _finish(
            comments,
            rows,
            words,
            word_lines,
            start,
            path,
            lineno + 1,
            multiple_roots,
            validate_tree,
        )


def _finish(
    comments: list[str],
    rows: list[Row],
    words: list[Word],
    word_lines: list[int],
    start: int,
    path: str,
    end_line: int,
    multiple_roots: bool,
    validate_tree: bool,
) -> Sentence:
    if not words:
        raise ConlluError("empty sentence (comments but no words)", path=path, line=start)
    n = len(words)
    for r in rows:
        if isinstance(r, MultiwordToken) and r.last > n:
            raise ConlluError(
                f"multiword token {r.first}-{r.last} extends past the last word ({n})",
                path=path,
                line=start,
            )
    if validate_tree:
        roots = 0
        for w, ln in zip(words, word_lines, strict=True):
            if w.head > n:
                raise ConlluError(
                    f"HEAD {w.head} of word {w.id} is out of range (sentence has {n} words)",
                    path=path,
                    line=ln,
                )
            if w.head == w.id:
                raise ConlluError(f"word {w.id} is its own head", path=path, line=ln)
            if w.head == 0:
                roots += 1
        if roots == 0:
            raise ConlluError("no root (no word has HEAD 0)", path=path, line=start)
        if roots > 1 and not multiple_roots:
            raise ConlluError(
                f"{roots} roots (words with HEAD 0); use --multiple-roots (multiple_roots=True) to allow",
                path=path,
                line=start,
            )
        cyc = find_cycle([w.head for w in words])
        if cyc is not None:
            raise ConlluError(
                f"cycle in the tree through words {cyc}", path=path, line=word_lines[cyc[0] - 1]
            )
    return Sentence(comments, rows, words, start)


def find_cycle(heads: list[int]) -> list[int] | None:
    """Return the word ids of a cycle in ``heads`` (1-based ids, 0 = root), or None."""
    n = len(heads)
    state = [0] * (n + 1)  # 0 unvisited, 1 on current path, 2 done (reaches root)
    state[0] = 2
    for start in range(1, n + 1):
        if state[start]:
            continue
        path: list[int] = []
        node = start
        while True:
            if node < 0 or node > n:
                break
            s = state[node]
            if s == 2:
                break
            if s == 1:
                return sorted(path[path.index(node) :])
            state[node] = 1
            path.append(node)
            node = heads[node - 1]
        for p in path:
            state[p] = 2
    return None


def format_sentence(sentence: Sentence) -> str:
    """The CoNLL-U text of one sentence, ending with the blank separator line."""
    lines = list(sentence.comments)
    lines.extend(r.to_line() for r in sentence.rows)
    return "\n".join(lines) + "\n\n"


def write_conllu(sentences: Iterable[Sentence], target: str | Path | TextIO) -> int:
    """Write sentences as CoNLL-U; returns the number written. ``target`` may be ``"-"``."""
    count = 0
    if isinstance(target, (str, Path)) and str(target) != "-":
        with open(target, "w", encoding="utf-8", newline="") as fh:
            for s in sentences:
                fh.write(format_sentence(s))
                count += 1
        return count
    if isinstance(target, (str, Path)):
        import sys

        out: IO[str] = sys.stdout
    else:
        out = target
    for s in sentences:
        out.write(format_sentence(s))
        count += 1
    return count
