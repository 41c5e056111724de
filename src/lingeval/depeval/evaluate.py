"""Scoring a system parse against a gold parse: counts first, scores second.

:func:`evaluate` streams both files once and keeps small integer statistics per sentence and
per breakdown group (sacreBLEU's habit): corpus scores, breakdowns, bootstrap and
randomisation tests all reuse them. Scores are percentages of evaluated words.

Two tokenisation modes:

* ``identical`` (default): the system has the gold word sequence; a mismatch is an error
  naming the first differing sentence and word. Every measure is an accuracy.
* ``align``: words are aligned by character spans over the non-whitespace characters of the
  whole file, as the CoNLL 2018 shared-task evaluator does (words inside multiword tokens by
  the longest common subsequence of their lower-cased forms). Each measure then has a
  precision (over system words), a recall (over gold words) and F1; unaligned words count as
  wrong. Sentence boundaries may differ.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from lingeval.core.conllu import Sentence, read_conllu
from lingeval.core.errors import InputError, LingevalError
from lingeval.core.signature import Signature
from lingeval.depeval.measures import PUNCT_POLICIES, classify_head_error, is_excluded, warn_no_xpos

__all__ = [
    "MEASURES",
    "DepevalOptions",
    "DepevalResult",
    "SentenceStats",
    "deplen_bucket",
    "evaluate",
    "evaluate_files",
    "sentlen_bucket",
]

#: Count fields, in order: evaluated words, then correct words per measure.
MEASURES = ("directed", "labeled", "labeled_full", "undirected", "ned")
FIELDS = ("words", *MEASURES)
MEASURE_NAMES = {
    "directed": "UAS (directed)",
    "labeled": "LAS (no subtypes)",
    "labeled_full": "LAS (with subtypes)",
    "undirected": "undirected",
    "ned": "NED",
}


@dataclass(frozen=True)
class DepevalOptions:
    """Everything that changes a depeval number; all of it goes into the signature.

    ``punct``: a key of :data:`~lingeval.depeval.measures.PUNCT_POLICIES` (default ``none``:
    every word counts, the CoNLL 2018 convention). ``max_len``: keep only sentences with at
    most this many words after punctuation removal (WSJ10: ``max_len=10``). ``align``: pair
    sentences by ``order`` or by ``sent_id``. ``tokenization``: ``identical`` or ``align``.
    ``multiple_roots``: accept several root words per sentence.
    """

    punct: str = "none"
    max_len: int | None = None
    align: Literal["order", "sent_id"] = "order"
    tokenization: Literal["identical", "align"] = "identical"
    multiple_roots: bool = False

    def __post_init__(self) -> None:
        if self.punct not in PUNCT_POLICIES:
            raise LingevalError(
                f"unknown punctuation policy {self.punct!r}; choose from {', '.join(PUNCT_POLICIES)}"
            )
        if self.max_len is not None and self.max_len < 1:
            raise LingevalError("max_len must be a positive number of words")
        if self.align not in ("order", "sent_id"):
            raise LingevalError(
                f"unknown sentence alignment {self.align!r}; choose order or sent_id"
            )
        if self.tokenization not in ("identical", "align"):
            raise LingevalError(
                f"unknown tokenization mode {self.tokenization!r}; choose identical or align"
            )
        if self.tokenization == "align" and self.max_len is not None:
            raise LingevalError(
                "max_len needs identical tokenization (sentence lengths are a gold property)"
            )

    def signature(self, metric: str = "depeval") -> Signature:
        return Signature(
            metric,
            {
                "punct": self.punct,
                "max_len": self.max_len if self.max_len is not None else "none",
                "align": self.align,
                "tokenization": self.tokenization,
                "labels": "base+full",
            },
        )


@dataclass(slots=True)
class SentenceStats:
    """Counts of one sentence: ``counts`` follows :data:`FIELDS`; ``length`` is the number of
    gold words after punctuation removal."""

    index: int
    sent_id: str | None
    length: int
    counts: list[int]


def prf(gold: int, system: int, correct: int) -> tuple[float, float, float]:
    """Precision, recall, F1 in percent as the CoNLL 2018 evaluator computes them
    (0 when a denominator is 0; F1 = 2 * correct / (gold + system))."""
    p = 100.0 * correct / system if system else 0.0
    r = 100.0 * correct / gold if gold else 0.0
    f = 200.0 * correct / (gold + system) if gold + system else 0.0
    return p, r, f


@dataclass(frozen=True)
class SpanCounts:
    """The CoNLL 2018 evaluator's Tokens, Sentences and Words counts (align mode): each a
    ``(gold, system, correct)`` triple; ``correct`` spans match exactly (words: aligned)."""

    tokens: tuple[int, int, int]
    sentences: tuple[int, int, int]
    words: tuple[int, int, int]

    def as_dict(self) -> dict[str, dict[str, float]]:
        out: dict[str, dict[str, float]] = {}
        for name in ("tokens", "sentences", "words"):
            g, s, c = getattr(self, name)
            p, r, f = prf(g, s, c)
            out[name] = {
                "gold": g,
                "system": s,
                "correct": c,
                "precision": round(p, 4),
                "recall": round(r, 4),
                "f1": round(f, 4),
            }
        return out


def deplen_bucket(word: int, head: int) -> str:
    """Gold dependency length bucket: ``root``, ``1`` ... ``6``, ``7-10``, ``>10`` (in words)."""
    if head == 0:
        return "root"
    d = abs(word - head)
    if d <= 6:
        return str(d)
    return "7-10" if d <= 10 else ">10"


def sentlen_bucket(n: int) -> str:
    """Sentence length bucket in words (after punctuation removal): 1-10, 11-20, ..., >50."""
    if n > 50:
        return ">50"
    lo = (n - 1) // 10 * 10 + 1
    return f"{lo}-{lo + 9}"


def _new() -> list[int]:
    return [0, 0, 0, 0, 0, 0]


@dataclass
class DepevalResult:
    """Counts of one gold/system comparison, with scores derived on demand."""

    options: DepevalOptions
    gold_name: str
    system_name: str
    totals: list[int] = field(default_factory=_new)
    system_words: int = 0  # evaluated system words (the precision denominator in align mode)
    aligned_words: int = 0  # gold words aligned to a system word (align mode), any punctuation
    spans: SpanCounts | None = None  # tokens, sentences, words as the CoNLL 2018 evaluator (align)
    sentences: list[SentenceStats] = field(default_factory=list)
    by_relation: dict[str, list[int]] = field(default_factory=dict)
    by_upos: dict[str, list[int]] = field(default_factory=dict)
    by_deplen: dict[str, list[int]] = field(default_factory=dict)
    by_sentlen: dict[str, list[int]] = field(default_factory=dict)
    errors: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(("child", "grandparent", "sibling", "other"), 0)
    )
    skipped_sentences: int = 0

    @property
    def signature(self) -> Signature:
        return self.options.signature()

    @property
    def words(self) -> int:
        return self.totals[0]

    def count(self, measure: str) -> int:
        return self.totals[FIELDS.index(measure)]

    def score(self, measure: str) -> float:
        """Percentage of evaluated gold words correct under ``measure`` (recall in align mode)."""
        return _pct(self.count(measure), self.words)

    def precision(self, measure: str) -> float:
        return _pct(self.count(measure), self.system_words)

    def f1(self, measure: str) -> float:
        """F1 = 2 * correct / (gold words + system words), as the CoNLL 2018 evaluator."""
        c, g, s = self.count(measure), self.words, self.system_words
        return 200.0 * c / (g + s) if g + s else 0.0

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready summary: counts, percentages, breakdowns, signature."""
        out: dict[str, Any] = {
            "gold": self.gold_name,
            "system": self.system_name,
            "words": self.words,
            "sentences": len(self.sentences),
            "skipped_sentences": self.skipped_sentences,
            "signature": self.signature.as_dict(),
            "signature_string": self.signature.format(),
            "scores": {
                m: {"correct": self.count(m), "percent": round(self.score(m), 4)} for m in MEASURES
            },
            "head_errors": dict(self.errors),
        }
        if self.options.tokenization == "align":
            out["system_words"] = self.system_words
            out["aligned_words"] = self.aligned_words
            if self.spans is not None:
                out["segmentation"] = self.spans.as_dict()
            for m in MEASURES:
                out["scores"][m].update(
                    precision=round(self.precision(m), 4),
                    recall=round(self.score(m), 4),
                    f1=round(self.f1(m), 4),
                )
        return out


def _pct(num: int, den: int) -> float:
    return 100.0 * num / den if den else float("nan")


# --- sentence pairing ---------------------------------------------------------------------


def _pairs(
    gold: Iterable[Sentence],
    system: Iterable[Sentence],
    align: str,
    gold_name: str,
    system_name: str,
) -> Iterator[tuple[Sentence, Sentence]]:
    if align == "sent_id":
        by_id: dict[str, Sentence] = {}
        for s in system:
            if s.sent_id is None:
                raise InputError(
                    "sentence without '# sent_id' (needed for --align sent_id)",
                    path=system_name,
                    line=s.line,
                )
            if s.sent_id in by_id:
                raise InputError(f"duplicate sent_id {s.sent_id!r}", path=system_name, line=s.line)
            by_id[s.sent_id] = s
        for g in gold:
            if g.sent_id is None:
                raise InputError(
                    "sentence without '# sent_id' (needed for --align sent_id)",
                    path=gold_name,
                    line=g.line,
                )
            sys_s = by_id.pop(g.sent_id, None)
            if sys_s is None:
                raise InputError(
                    f"gold sentence {g.sent_id!r} has no system sentence", path=system_name
                )
            yield g, sys_s
        if by_id:
            extra = ", ".join(sorted(by_id)[:5])
            raise InputError(
                f"{len(by_id)} system sentences are not in the gold file (e.g. {extra})",
                path=system_name,
            )
        return
    sys_iter = iter(system)
    n = 0
    for g in gold:
        n += 1
        nxt = next(sys_iter, None)
        if nxt is None:
            raise InputError(
                f"has only {n - 1} sentence(s); the gold file {gold_name} has more",
                path=system_name,
            )
        yield g, nxt
    if next(sys_iter, None) is not None:
        raise InputError(
            f"has only {n} sentence(s)"
            + (" (empty)" if n == 0 else "")
            + f"; the system file {system_name} has more",
            path=gold_name,
        )
    if n == 0:
        raise InputError("no sentences (empty gold and system files)", path=gold_name)


def _check_words(g: Sentence, s: Sentence, system_name: str) -> None:
    gw, sw = g.words, s.words
    if len(gw) == len(sw) and all(a.form == b.form for a, b in zip(gw, sw, strict=True)):
        return
    label = f"sentence {g.sent_id!r}" if g.sent_id else f"the sentence at gold line {g.line}"
    for a, b in zip(gw, sw, strict=False):
        if a.form != b.form:
            raise InputError(
                f"word sequence differs from gold in {label}: word {a.id} is {b.form!r}, gold has {a.form!r} "
                "(use --tokenization align for different tokenisations)",
                path=system_name,
                line=s.line,
            )
    raise InputError(
        f"word sequence differs from gold in {label}: {len(sw)} words, gold has {len(gw)} "
        "(use --tokenization align for different tokenisations)",
        path=system_name,
        line=s.line,
    )


# --- the scorer ---------------------------------------------------------------------------


def evaluate(
    gold: Iterable[Sentence],
    system: Iterable[Sentence],
    options: DepevalOptions | None = None,
    *,
    gold_name: str = "gold",
    system_name: str = "system",
    breakdowns: bool = True,
) -> DepevalResult:
    """Score ``system`` against ``gold`` (iterables of sentences, consumed once).

    ``breakdowns=False`` skips the per-relation/UPOS/length tables (faster; the totals, the
    per-sentence counts and the head-error classes are always kept).
    """
    options = options or DepevalOptions()
    if options.tokenization == "align":
        from lingeval.depeval.alignment import evaluate_aligned

        return evaluate_aligned(gold, system, options, gold_name=gold_name, system_name=system_name)
    res = DepevalResult(options, gold_name, system_name)
    punct, max_len = options.punct, options.max_len
    totals = res.totals
    by_rel, by_upos, by_dl, by_sl = res.by_relation, res.by_upos, res.by_deplen, res.by_sentlen
    errors = res.errors
    need_xpos = punct == "xpos-ptb"
    for index, (g, s) in enumerate(_pairs(gold, system, options.align, gold_name, system_name)):
        _check_words(g, s, system_name)
        gwords = g.words
        if need_xpos and any(w.xpos not in ("_", "") for w in gwords):
            need_xpos = False
        heads = [w.head for w in gwords]
        keep = [not is_excluded(w, punct) for w in gwords] if punct != "none" else None
        length = sum(keep) if keep is not None else len(gwords)
        if max_len is not None and length > max_len:
            res.skipped_sentences += 1
            continue
        c = [0, 0, 0, 0, 0, 0]
        sl_key = sentlen_bucket(length) if length else "0"
        for i, (gw, sw) in enumerate(zip(gwords, s.words, strict=True)):
            if keep is not None and not keep[i]:
                continue
            y = i + 1
            p = gw.head
            x = sw.head
            if x == p:
                d = u = n = 1
                lab_full = int(gw.deprel == sw.deprel)
                lab = (
                    1 if lab_full else int(gw.deprel.split(":", 1)[0] == sw.deprel.split(":", 1)[0])
                )
            else:
                lab = lab_full = d = 0
                child = x != 0 and x <= len(heads) and heads[x - 1] == y
                u = int(child)
                n = int(child or (p != 0 and heads[p - 1] == x))
                errors[classify_head_error(heads, y, x) if x <= len(heads) else "other"] += 1
            c[1] += d
            c[2] += lab
            c[3] += lab_full
            c[4] += u
            c[5] += n
            if breakdowns:
                for key, table in (
                    (gw.deprel.split(":", 1)[0], by_rel),
                    (gw.upos, by_upos),
                    (deplen_bucket(y, p), by_dl),
                    (sl_key, by_sl),
                ):
                    acc = table.get(key)
                    if acc is None:
                        acc = table[key] = [0, 0, 0, 0, 0, 0]
                    acc[0] += 1
                    acc[1] += d
                    acc[2] += lab
                    acc[3] += lab_full
                    acc[4] += u
                    acc[5] += n
        c[0] = length
        for k in range(6):
            totals[k] += c[k]
        res.sentences.append(SentenceStats(index, g.sent_id, length, c))
    if need_xpos:
        warn_no_xpos(gold_name)
    res.system_words = totals[0]
    return res


def evaluate_files(
    gold_path: str | Path,
    system_path: str | Path,
    options: DepevalOptions | None = None,
    *,
    breakdowns: bool = True,
) -> DepevalResult:
    """:func:`evaluate` on two CoNLL-U files (streamed)."""
    options = options or DepevalOptions()
    return evaluate(
        read_conllu(gold_path, multiple_roots=options.multiple_roots),
        read_conllu(system_path, multiple_roots=options.multiple_roots),
        options,
        gold_name=str(gold_path),
        system_name=str(system_path),
        breakdowns=breakdowns,
    )
