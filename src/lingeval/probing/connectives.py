"""Finding connectives in UD treebanks (paper 003, section 2.1 and appendix A).

A *connective* is a word (or a sequence of surface tokens, for multiword connectives such as
``dal momento che``) that links two clauses. The paper keeps an occurrence only when the
connective "was headed by a verb or a copula": the word of the connective whose head lies
outside the connective must depend on a ``VERB`` (or ``AUX``) or on a predicate that has a
``cop`` dependent. ``e`` joining two nouns is thereby excluded.

Matching is on *surface tokens* (a multiword token such as ``del`` is one surface token), is
case-insensitive, and a connective inside a multiword token is never split. Sentences are
detokenised with ``SpaceAfter=No`` exactly like :meth:`lingeval.core.conllu.Sentence.surface`,
so character offsets refer to that text.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from lingeval.core.conllu import MultiwordToken, Sentence, Word, read_conllu
from lingeval.core.errors import InputError, LingevalError
from lingeval.core.tree import children_of

__all__ = [
    "DEFAULT_CLASSES",
    "DEFAULT_CONNECTIVES",
    "Occurrence",
    "SurfaceToken",
    "find_occurrences",
    "load_classes",
    "load_connectives",
    "scan_treebanks",
    "surface_tokens",
    "treebank_name",
]

#: The 18 connectives of the paper (section 2.1), in the paper's order.
DEFAULT_CONNECTIVES: tuple[str, ...] = (
    "e",
    "se",
    "quando",
    "come",
    "ma",
    "dove",
    "o",
    "anche",
    "perché",
    "poi",
    "mentre",
    "infatti",
    "prima",
    "però",
    "invece",
    "inoltre",
    "tuttavia",
    "quindi",
)

#: Substitution classes (our design; the paper chose alternatives by hand, section 2.2.2).
#: Two connectives sharing a class are *plausible* alternatives of each other (same or a
#: different but sensible reading); connectives sharing no class are *implausible*.
#: A connective may belong to several classes (``mentre`` is temporal and contrastive).
DEFAULT_CLASSES: dict[str, tuple[str, ...]] = {
    "e": ("additive",),
    "anche": ("additive",),
    "inoltre": ("additive",),
    "o": ("additive",),
    "ma": ("contrast",),
    "però": ("contrast",),
    "tuttavia": ("contrast",),
    "invece": ("contrast",),
    "mentre": ("contrast", "time"),
    "quando": ("time", "condition"),
    "poi": ("time",),
    "prima": ("time",),
    "se": ("condition",),
    "perché": ("cause",),
    "infatti": ("cause",),
    "quindi": ("cause",),
    "dove": ("frame",),
    "come": ("frame",),
}


@dataclass(frozen=True, slots=True)
class SurfaceToken:
    """A surface token: its text, character span in the detokenised sentence, and word ids."""

    text: str
    start: int
    end: int
    words: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One connective occurrence that works as a sentence connective.

    ``start``/``end`` are character offsets of the connective in ``text`` (the detokenised
    sentence); ``head_upos`` is the UPOS of the word it depends on, ``copula`` whether that
    head is a copula-headed predicate.
    """

    treebank: str
    sent_id: str
    text: str
    connective: str
    start: int
    end: int
    head_upos: str
    copula: bool

    @property
    def surface(self) -> str:
        """The connective as written in the sentence (keeps its capitalisation)."""
        return self.text[self.start : self.end]


def surface_tokens(sentence: Sentence) -> list[SurfaceToken]:
    """Surface tokens with character offsets; ``"".join`` matches ``Sentence.surface()``.

    Multiword tokens give one surface token covering their words; empty nodes are skipped.
    """
    out: list[SurfaceToken] = []
    pos = 0
    skip_until = 0
    for row in sentence.rows:
        if isinstance(row, MultiwordToken):
            out.append(
                SurfaceToken(
                    row.form, pos, pos + len(row.form), tuple(range(row.first, row.last + 1))
                )
            )
            pos += len(row.form) + (1 if row.space_after else 0)
            skip_until = row.last
            continue
        if not isinstance(row, Word) or row.id <= skip_until:
            continue
        out.append(SurfaceToken(row.form, pos, pos + len(row.form), (row.id,)))
        pos += len(row.form) + (1 if row.space_after else 0)
    return out


def _is_clause_head(sentence: Sentence, head: int, kids: list[list[int]]) -> tuple[bool, str, bool]:
    """(keep, head UPOS, copula): a verb, an auxiliary, or a predicate with a ``cop`` child."""
    if head == 0:
        return False, "ROOT", False
    word = sentence.words[head - 1]
    copula = any(sentence.words[k - 1].base_deprel == "cop" for k in kids[head])
    return (word.upos in ("VERB", "AUX") or copula), word.upos, copula


def find_occurrences(
    sentence: Sentence,
    connectives: Sequence[str] = DEFAULT_CONNECTIVES,
    *,
    treebank: str = "",
    require_clause_head: bool = True,
) -> list[Occurrence]:
    """The occurrences of ``connectives`` in ``sentence`` (section 2.1).

    A connective of several words (``"dal momento che"``) matches that sequence of surface
    tokens. With ``require_clause_head`` (the paper's filter) an occurrence is kept only when
    its head word (the word whose head lies outside the connective) depends on a verb, an
    auxiliary or a copula-headed predicate.
    """
    toks = surface_tokens(sentence)
    text = sentence.surface()
    lowered = [t.text.lower() for t in toks]
    kids = children_of(sentence.heads)
    patterns = sorted({c.lower() for c in connectives}, key=lambda c: -len(c.split()))
    taken: set[int] = set()
    out: list[Occurrence] = []
    sid = sentence.sent_id or f"line{sentence.line}"
    for i in range(len(toks)):
        if i in taken:
            continue
        for pat in patterns:
            parts = pat.split()
            if lowered[i : i + len(parts)] != parts:
                continue
            span = toks[i : i + len(parts)]
            word_ids = {w for t in span for w in t.words}
            heads = [sentence.words[w - 1].head for w in sorted(word_ids)]
            outside = [h for h in heads if h not in word_ids]
            head = outside[0] if outside else 0
            keep, upos, cop = _is_clause_head(sentence, head, kids)
            if require_clause_head and not keep:
                continue
            out.append(Occurrence(treebank, sid, text, pat, span[0].start, span[-1].end, upos, cop))
            taken.update(range(i, i + len(parts)))
            break
    return out


def treebank_name(path: str | Path) -> str:
    """``UD_Italian-ISDT`` for a file in such a folder, else the file stem before ``-ud-``."""
    p = Path(path)
    if p.parent.name.startswith(("UD_", "SUD_")):
        return p.parent.name
    return p.stem.split("-ud-")[0]


def scan_treebanks(
    paths: Iterable[str | Path],
    connectives: Sequence[str] = DEFAULT_CONNECTIVES,
    *,
    require_clause_head: bool = True,
) -> Iterator[Occurrence]:
    """Stream the occurrences of every file (several files of one treebank are pooled)."""
    for path in paths:
        name = treebank_name(path)
        n = 0
        for n, sentence in enumerate(read_conllu(path), 1):  # noqa: B007 - n counts
            yield from find_occurrences(
                sentence, connectives, treebank=name, require_clause_head=require_clause_head
            )
        if n == 0:
            raise InputError("no sentences (an empty treebank?)", path=path)


def _read_lines(path: str | Path) -> list[tuple[int, str]]:
    from lingeval.core.textio import read_text

    lines = read_text(path).splitlines()
    return [
        (n, ln.strip()) for n, ln in enumerate(lines, 1) if ln.strip() and not ln.startswith("#")
    ]


def load_connectives(spec: str | None) -> tuple[str, ...]:
    """Parse ``--connectives``: None (the paper's 18), a comma list, or a file (one per line)."""
    if not spec:
        return DEFAULT_CONNECTIVES
    if Path(spec).is_file():
        items = [ln for _, ln in _read_lines(spec)]
    else:
        items = [c.strip() for c in spec.split(",")]
    items = [" ".join(c.lower().split()) for c in items if c.strip()]
    if not items:
        raise LingevalError(f"no connectives in {spec!r}")
    if len(set(items)) != len(items):
        dup = sorted({c for c in items if items.count(c) > 1})
        raise LingevalError(f"connective listed twice: {', '.join(dup)}")
    return tuple(items)


def load_classes(path: str | Path | None, connectives: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """The substitution-class table: TSV ``connective<TAB>class[,class...]`` (``#`` comments).

    Without a file the default table is used, restricted to ``connectives``; every
    connective must have at least one class.
    """
    if path is None:
        table = dict(DEFAULT_CLASSES)
    else:
        table = {}
        for n, line in _read_lines(path):
            cols = line.split("\t")
            if len(cols) != 2:
                raise InputError("expected 'connective<TAB>class[,class...]'", path=path, line=n)
            conn = " ".join(cols[0].lower().split())
            classes = tuple(c.strip() for c in cols[1].split(",") if c.strip())
            if not classes:
                raise InputError(f"no class for {conn!r}", path=path, line=n)
            table[conn] = classes
    missing = [c for c in connectives if c not in table]
    if missing:
        where = f" in {path}" if path else " in the default table (pass --classes FILE)"
        raise LingevalError(f"no substitution class for {', '.join(missing)}{where}")
    return {c: table[c] for c in connectives}
