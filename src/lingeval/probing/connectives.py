"""Finding connectives in UD treebanks (paper 003, section 2.1 and appendix A).

A *connective* is a word (or a sequence of surface tokens, for multiword connectives such as
``dal momento che``) that links two clauses. The paper keeps an occurrence only when the
connective "was headed by a verb or a copula": the word of the connective whose head lies
outside the connective must depend on a ``VERB`` (or ``AUX``) or on a predicate that has a
``cop`` dependent. ``e`` joining two nouns is thereby excluded.

On top of the paper's filter, :func:`find_occurrences` drops uses that are not connectives
by morphology and syntax (``non_connective_reason``): the clitic pronoun *se* (``PRON``),
adjectival *prima* (``ADJ``, "la prima volta"), prepositional *come* (``ADP``), focus *anche*
(an ``advmod`` that does not open its clause), the *anche* of concessive *anche se*, and
interrogative *come*/*dove*/*quando*/*perché* (``PronType=Int``, or a wh-word of a main clause
whose first sentence-final punctuation is ``?``). Every kept occurrence carries its syntactic
*frame* (coordinator, subordinator, sentence adverb, ...), the mood of its clause and the
clause relation, which the builder uses to choose grammatical substitutes.

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
from lingeval.core.report import Table
from lingeval.core.signature import Signature
from lingeval.core.tree import children_of

__all__ = [
    "DEFAULT_CLASSES",
    "DEFAULT_CONNECTIVES",
    "EXCLUSION_REASONS",
    "WH_WORDS",
    "Occurrence",
    "SurfaceToken",
    "classify_matches",
    "clause_mood",
    "filter_counts",
    "find_occurrences",
    "load_classes",
    "load_connectives",
    "non_connective_reason",
    "scan_treebanks",
    "surface_tokens",
    "syntactic_frame",
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
    "o": ("alternative",),
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
    "dove": ("place",),
    "come": ("manner",),
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
    head is a copula-headed predicate. ``frame`` is the syntactic slot of the connective
    (:func:`syntactic_frame`), ``mood`` the mood or verb form of its clause
    (:func:`clause_mood`), ``clause`` the dependency relation of its head.
    """

    treebank: str
    sent_id: str
    text: str
    connective: str
    start: int
    end: int
    head_upos: str
    copula: bool
    frame: str = ""
    mood: str = ""
    clause: str = ""

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


#: Why a match is not counted as a sentence connective (the columns of :func:`filter_counts`).
EXCLUSION_REASONS: tuple[str, ...] = (
    "not headed by a verb or copula",
    "clitic pronoun",
    "adjective",
    "preposition",
    "focus particle",
    "part of 'anche se'",
    "interrogative",
)
#: Wh-words that are connectives in subordinate use and interrogatives in questions.
WH_WORDS = frozenset({"come", "dove", "quando", "perché", "perchè"})
_SENTENCE_END = frozenset({".", "?", "!", "...", "…"})
_DI = frozenset({"di", "d'", "del", "dello", "della", "dei", "degli", "delle", "dell'"})


def _feats(word: Word) -> dict[str, str]:
    """The FEATS column as a dict (``{}`` for ``_``)."""
    if not word.feats or word.feats == "_":
        return {}
    return dict(f.split("=", 1) for f in word.feats.split("|") if "=" in f)


def non_connective_reason(
    sentence: Sentence, toks: Sequence[SurfaceToken], i: int, word_id: int, connective: str
) -> str:
    """Why the single-word match ``toks[i]`` (word ``word_id``) is not a connective, or ``""``.

    Clitic pronoun (``PRON`` or ``Clitic=Yes``: "Se ne va"), adjective ("la prima volta"),
    preposition (``ADP`` *come*: "come sotto definita"), focus *anche* (not at the start of its
    clause: after anything but punctuation or a coordinator), the *anche* of *anche se*, and
    interrogatives (``PronType=Int``, or a wh-word outside adverbial and relative clauses whose
    first sentence-final punctuation is ``?``).
    """
    if len(connective.split()) > 1:
        return ""
    w = sentence.words[word_id - 1]
    f = _feats(w)
    if w.upos == "PRON" or f.get("Clitic") == "Yes":
        return "clitic pronoun"
    if w.upos == "ADJ":
        return "adjective"
    if w.upos == "ADP":
        return "preposition"
    nxt = toks[i + 1].text.lower() if i + 1 < len(toks) else ""
    if connective == "anche":
        if nxt == "se":
            return "part of 'anche se'"
        prev = toks[i - 1] if i > 0 else None
        if prev is not None:
            pw = sentence.words[prev.words[-1] - 1]
            if pw.upos not in ("PUNCT", "CCONJ"):
                return "focus particle"
    if f.get("PronType") == "Int":
        return "interrogative"
    if connective in WH_WORDS:
        head = w.head
        hrel = sentence.words[head - 1].base_deprel if head else "root"
        if hrel not in ("acl", "advcl"):
            end = next((t.text for t in toks[i + 1 :] if t.text in _SENTENCE_END), "")
            if end == "?":
                return "interrogative"
    return ""


def clause_mood(sentence: Sentence, head: int, kids: list[list[int]]) -> str:
    """Mood of the clause headed by ``head``: ``Ind``/``Sub``/``Cnd``/``Imp`` from the head or
    its auxiliary/copula, else its non-finite form (``Inf``, ``Ger``, ``Part``), ``Verbless``
    for a predicate without verb ("se necessario"), ``""`` when the treebank has no features."""
    if head == 0 or all(not _feats(w) for w in sentence.words):
        return ""
    hw = sentence.words[head - 1]
    aux = [sentence.words[k - 1] for k in kids[head]]
    for w in [*[a for a in aux if a.base_deprel in ("aux", "cop")], hw]:
        mood = _feats(w).get("Mood")
        if mood:
            return mood
    form = _feats(hw).get("VerbForm")
    return form if form in ("Inf", "Ger", "Part") else "Verbless"


def syntactic_frame(
    sentence: Sentence, toks: Sequence[SurfaceToken], i: int, word_id: int, connective: str
) -> str:
    """The slot the connective fills, which a grammatical substitute must fill too.

    ``coordinator`` (``CCONJ``/``cc``), ``before-di`` (*prima di* + infinitive),
    ``before-che`` (*prima che*), ``after-preposition`` (*da quando*), ``relative`` (a wh-word
    or subordinator in a relative clause), ``indirect-question`` (in a ``ccomp``/``csubj``),
    ``subordinator`` (other ``mark``s and clause-initial wh-words), ``adverb`` (sentence
    adverbs), else ``other`` (also a subordinator whose head precedes it, as comparative
    *come* in "parla del film come di una creatura").
    """
    w = sentence.words[word_id - 1]
    if w.upos == "CCONJ" or w.base_deprel == "cc":
        return "coordinator"
    after = i + len(connective.split())
    nxt = toks[after].text.lower() if after < len(toks) else ""
    if w.upos == "ADV" and w.base_deprel == "mark" and nxt in _DI:
        return "before-di"
    if w.base_deprel == "mark" and nxt == "che" and len(connective.split()) == 1:
        return "before-che"
    if connective in WH_WORDS and i > 0:
        prev = sentence.words[toks[i - 1].words[-1] - 1]
        if prev.upos == "ADP" and prev.head == word_id:
            return "after-preposition"
    if w.base_deprel == "mark" or (connective in WH_WORDS and w.upos in ("ADV", "SCONJ")):
        if w.head and w.head < word_id:
            return "other"  # its head precedes it: comparative "parla di X come di Y"
        hrel = sentence.words[w.head - 1].deprel if w.head else "root"
        if hrel.startswith("acl"):
            return "relative"
        if hrel.split(":")[0] in ("ccomp", "csubj"):
            return "indirect-question"
        return "subordinator"
    if w.upos == "ADV":
        return "adverb"
    return "other"


def classify_matches(
    sentence: Sentence, connectives: Sequence[str] = DEFAULT_CONNECTIVES, *, treebank: str = ""
) -> list[tuple[Occurrence, str]]:
    """Every match of ``connectives`` with ``""`` (a sentence connective) or the reason it is not.

    A connective of several words (``"dal momento che"``) matches that sequence of surface
    tokens; at one position the longest kept pattern wins. The first reason is the paper's
    filter (section 2.1): the connective's head word (the word whose head lies outside it) must
    depend on a verb, an auxiliary or a copula-headed predicate; then
    :func:`non_connective_reason`.
    """
    toks = surface_tokens(sentence)
    text = sentence.surface()
    lowered = [t.text.lower() for t in toks]
    kids = children_of(sentence.heads)
    patterns = sorted({c.lower() for c in connectives}, key=lambda c: -len(c.split()))
    taken: set[int] = set()
    out: list[tuple[Occurrence, str]] = []
    sid = sentence.sent_id or f"line{sentence.line}"
    for i in range(len(toks)):
        if i in taken:
            continue
        rejected: tuple[Occurrence, str] | None = None
        for pat in patterns:
            parts = pat.split()
            if lowered[i : i + len(parts)] != parts:
                continue
            span = toks[i : i + len(parts)]
            word_ids = sorted({w for t in span for w in t.words})
            inner = [w for w in word_ids if sentence.words[w - 1].head not in word_ids]
            top = inner[0] if inner else word_ids[0]
            head = sentence.words[top - 1].head
            keep, upos, cop = _is_clause_head(sentence, head, kids)
            occ = Occurrence(
                treebank,
                sid,
                text,
                pat,
                span[0].start,
                span[-1].end,
                upos,
                cop,
                frame=syntactic_frame(sentence, toks, i, top, pat),
                mood=clause_mood(sentence, head, kids),
                clause=sentence.words[head - 1].deprel if head else "root",
            )
            reason = (
                non_connective_reason(sentence, toks, i, top, pat)
                if keep
                else "not headed by a verb or copula"
            )
            if not reason:
                out.append((occ, ""))
                taken.update(range(i, i + len(parts)))
                rejected = None
                break
            rejected = rejected or (occ, reason)
        if rejected is not None:
            out.append(rejected)
    return out


def find_occurrences(
    sentence: Sentence,
    connectives: Sequence[str] = DEFAULT_CONNECTIVES,
    *,
    treebank: str = "",
    require_clause_head: bool = True,
    connective_filter: bool | None = None,
) -> list[Occurrence]:
    """The occurrences of ``connectives`` in ``sentence`` (section 2.1).

    ``require_clause_head`` is the paper's filter (head is a verb, an auxiliary or a
    copula-headed predicate); ``connective_filter`` (default: same as ``require_clause_head``)
    adds the morphosyntactic filter of :func:`non_connective_reason`. With both off every match
    is returned.
    """
    morph = require_clause_head if connective_filter is None else connective_filter
    head_reason = EXCLUSION_REASONS[0]
    out = []
    for occ, reason in classify_matches(sentence, connectives, treebank=treebank):
        if (
            not reason
            or (reason == head_reason and not require_clause_head)
            or (reason != head_reason and not morph)
        ):
            out.append(occ)
    return out


def filter_counts(
    paths: Iterable[str | Path], connectives: Sequence[str] = DEFAULT_CONNECTIVES
) -> Table:
    """Appendix-A counts with the filter shown: every match of each connective, how many each
    reason removes, and how many are kept (occurrences, not sentences; never inside a
    multiword token)."""
    from collections import Counter

    counts: Counter[tuple[str, str]] = Counter()
    for path in paths:
        name = treebank_name(path)
        for sentence in read_conllu(path):
            for occ, reason in classify_matches(sentence, connectives, treebank=name):
                counts[(occ.connective, reason)] += 1
    short = {
        "not headed by a verb or copula": "not_clause_head",
        "clitic pronoun": "clitic",
        "adjective": "adjective",
        "preposition": "preposition",
        "focus particle": "focus",
        "part of 'anche se'": "anche_se",
        "interrogative": "interrogative",
    }
    table = Table(
        columns=["connective", "matches", *short.values(), "kept"],
        title="Connective filter: matches removed by each reason, and kept (appendix A)",
        signature=Signature(
            "probe-frequency-filter", {"connectives": len(connectives), "count": "occurrences"}
        ),
    )
    for c in [*connectives, "all"]:
        keys = connectives if c == "all" else [c]
        row = [sum(counts[(k, r)] for k in keys for r in ("", *EXCLUSION_REASONS))]
        row += [sum(counts[(k, r)] for k in keys) for r in EXCLUSION_REASONS]
        row.append(sum(counts[(k, "")] for k in keys))
        table.add(c, *row)
    table.notes.append(
        "note: counts are occurrences, not sentences; a connective is matched on whole surface "
        "tokens, never inside a multiword token (del = di+il)"
    )
    return table


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
    connective_filter: bool | None = None,
) -> Iterator[Occurrence]:
    """Stream the occurrences of every file (several files of one treebank are pooled)."""
    for path in paths:
        name = treebank_name(path)
        n = 0
        for n, sentence in enumerate(read_conllu(path), 1):  # noqa: B007 - n counts
            yield from find_occurrences(
                sentence,
                connectives,
                treebank=name,
                require_clause_head=require_clause_head,
                connective_filter=connective_filter,
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
