"""Reader of the enriched WebNLG v1.5 XML (``<N>triples/<Category>.xml``), paper 002 section 2.1.

Each ``<entry>`` (``eid``, ``category``, ``size`` = number of triples) holds modified triples
and lexicalisations (``<lex lid>``), each with ``<references>`` (``entity``, ``number``, ``tag``
such as ``AGENT-1``, ``type`` in name/pronoun/description/demonstrative, and the surface
text), the original ``<text>`` and the delexicalised ``<template>`` in which every RE is a tag.
The k-th tag occurrence of a template is the reference with ``number`` k.

The **major entity** of an entry (paper 002, 4.2) is the entity the text revolves around:
the most frequent subject of its triples (ties: the subject of the first triple).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from lingeval.core.errors import InputError
from lingeval.study.reg import UNSEEN_CATEGORIES

__all__ = ["TAG", "Entry", "Lexicalisation", "Reference", "read_webnlg", "read_webnlg_file"]

#: A delexicalisation tag in a template.
TAG = re.compile(r"^(AGENT|BRIDGE|PATIENT)-\d+$")
# tags glued to punctuation in some templates ("(part of PATIENT-2)") are split off
_TAG_SPLIT = re.compile(r"((?:AGENT|BRIDGE|PATIENT)-\d+)")


@dataclass(frozen=True)
class Reference:
    """One RE of a lexicalisation: its entity identifier, tag, form type and surface text."""

    entity: str
    tag: str
    type: str
    text: str


@dataclass(frozen=True)
class Lexicalisation:
    """One text of an entry: the original text, the template tokens and the references.

    ``template`` is the whitespace-tokenised delexicalised text; ``references[k]`` fills the
    k-th tag occurrence.
    """

    lid: str
    text: str
    template: tuple[str, ...]
    references: tuple[Reference, ...]
    comment: str = ""

    @property
    def slots(self) -> list[int]:
        """Token positions of the tags in ``template``, in reading order."""
        return [i for i, tok in enumerate(self.template) if TAG.match(tok)]


@dataclass(frozen=True)
class Entry:
    """A WebNLG entry: triples and their lexicalisations."""

    eid: str
    category: str
    size: int
    triples: tuple[tuple[str, str, str], ...]
    lexes: tuple[Lexicalisation, ...]
    entity_map: tuple[tuple[str, str], ...] = ()
    source: str = ""

    @property
    def subset(self) -> str:
        """``unseen`` for the five categories absent from training, else ``seen``."""
        return "unseen" if self.category in UNSEEN_CATEGORIES else "seen"

    @property
    def major_entity(self) -> str:
        """The most frequent triple subject (ties: the first triple's subject)."""
        if not self.triples:
            return ""
        counts = Counter(s for s, _, _ in self.triples)
        best = max(counts.values())
        return next(s for s, _, _ in self.triples if counts[s] == best)


def _text(node: ET.Element | None) -> str:
    return (node.text or "").strip() if node is not None else ""


def _triple(raw: str, path: Path) -> tuple[str, str, str]:
    parts = [p.strip() for p in raw.split("|")]
    if len(parts) != 3:
        raise InputError(
            f"malformed triple {raw!r} (expected 'subject | predicate | object')", path=path
        )
    return (parts[0], parts[1], parts[2])


def read_webnlg_file(path: str | Path, *, strict: bool = False) -> Iterator[Entry]:
    """Entries of one WebNLG XML file.

    Lexicalisations whose number of references differs from their number of template tags
    are skipped (or raise :class:`InputError` with ``strict``), as they cannot be re-realised.
    """
    p = Path(path)
    try:
        root = ET.parse(p).getroot()
    except ET.ParseError as exc:
        raise InputError(f"invalid XML: {exc}", path=p, line=exc.position[0]) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=p) from None
    for e in root.iter("entry"):
        eid = e.get("eid") or ""
        category = e.get("category") or ""
        try:
            size = int(e.get("size") or 0)
        except ValueError:
            raise InputError(f"entry {eid}: bad size {e.get('size')!r}", path=p) from None
        mts = e.find("modifiedtripleset")
        triples = tuple(
            _triple(_text(t), p) for t in (mts.iter("mtriple") if mts is not None else ())
        )
        emap: list[tuple[str, str]] = []
        em = e.find("entitymap")
        for en in em.iter("entity") if em is not None else ():
            raw = _text(en)
            if "|" in raw:
                tag, ent = raw.split("|", 1)
                emap.append((tag.strip(), ent.strip()))
        lexes = []
        for lex in e.iter("lex"):
            template = tuple(_TAG_SPLIT.sub(r" \1 ", _text(lex.find("template"))).split())
            refs_node = lex.find("references")
            refs = tuple(
                Reference(
                    entity=(r.get("entity") or "").strip(),
                    tag=(r.get("tag") or "").strip(),
                    type=(r.get("type") or "").strip(),
                    text=" ".join((r.text or "").split()),
                )
                for r in sorted(
                    refs_node.iter("reference") if refs_node is not None else (),
                    key=lambda r: int(r.get("number") or 0),
                )
            )
            n_tags = sum(1 for t in template if TAG.match(t))
            if not template or n_tags != len(refs) or n_tags == 0:
                if strict:
                    raise InputError(
                        f"entry {eid} lex {lex.get('lid')}: {n_tags} tags but {len(refs)} references",
                        path=p,
                    )
                continue
            if any(
                TAG.match(t) and t != r.tag
                for t, r in zip((t for t in template if TAG.match(t)), refs, strict=True)
            ):
                if strict:
                    raise InputError(
                        f"entry {eid} lex {lex.get('lid')}: tags and references disagree", path=p
                    )
                continue
            lexes.append(
                Lexicalisation(
                    lid=lex.get("lid") or "",
                    text=" ".join(_text(lex.find("text")).split()),
                    template=template,
                    references=refs,
                    comment=lex.get("comment") or "",
                )
            )
        yield Entry(eid, category, size, triples, tuple(lexes), tuple(emap), str(p))


def read_webnlg(root: str | Path, *, sizes: Iterable[int] | None = None) -> list[Entry]:
    """All entries under ``root`` (a directory of ``<N>triples/*.xml`` or one XML file),
    optionally only the given triple sizes, sorted by (size, category, eid)."""
    r = Path(root)
    if r.is_file():
        files = [r]
    elif r.is_dir():
        files = sorted(r.glob("*triples/*.xml")) or sorted(r.glob("*.xml"))
    else:
        raise InputError("no such file or directory", path=r)
    if not files:
        raise InputError("no WebNLG XML files (expected <N>triples/<Category>.xml)", path=r)
    wanted = set(sizes) if sizes is not None else None
    out = []
    for f in files:
        for entry in read_webnlg_file(f):
            if wanted is None or entry.size in wanted:
                out.append(entry)
    out.sort(key=lambda e: (e.size, e.category, _eid_key(e.eid)))
    return out


def _eid_key(eid: str) -> tuple[int, str]:
    m = re.search(r"\d+", eid)
    return (int(m.group()) if m else 0, eid)
