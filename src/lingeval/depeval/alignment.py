"""Scoring across different tokenisations: word alignment as the CoNLL 2018 evaluator does it.

Both files are read as one stream of characters with every Unicode space (category Zs)
removed; a token's span is its character range in that stream (a multiword token gives its
span to each of its words, which are then "multiword" words). Alignment follows
``conll18_ud_eval.py`` step by step: outside multiword tokens, words align when their spans are
identical; where a multiword word of either file starts, the minimal *multiword span* covering
all overlapping multiword tokens of both files is found, and the words inside it are aligned
by the longest common subsequence of their lower-cased forms. Heads are compared through the
alignment: a system head is right only when it is aligned to the gold head (ROOT to ROOT).

Besides the attachment measures (recall over gold words, precision over system words, as the
evaluator's UAS/LAS), the result carries the evaluator's ``Tokens``, ``Sentences`` and
``Words`` counts (:class:`SpanCounts`). Punctuation policy decides for gold words by their gold
annotation and for system words by their own.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from lingeval.core.conllu import MultiwordToken, Sentence, Word
from lingeval.core.errors import InputError
from lingeval.depeval.evaluate import (
    DepevalOptions,
    DepevalResult,
    SentenceStats,
    SpanCounts,
    deplen_bucket,
    sentlen_bucket,
)
from lingeval.depeval.measures import classify_head_error, is_excluded, warn_no_xpos

__all__ = ["FlatFile", "FlatWord", "align_words", "evaluate_aligned", "flatten"]


@dataclass(slots=True)
class FlatWord:
    """A word of the whole file: global index, global head (-1 = ROOT), the character span of
    its token (of its multiword token when ``in_mwt``), and its sentence's index."""

    word: Word
    head: int
    start: int
    end: int
    in_mwt: bool
    sentence: int = 0


@dataclass
class FlatFile:
    """A file as the evaluator sees it: words, token spans, sentence spans, characters."""

    words: list[FlatWord]
    tokens: list[tuple[int, int]]
    sentences: list[tuple[int, int]]
    text: str
    sent_ids: list[str | None]


def _strip_zs(form: str) -> str:
    """The form without Unicode space separators (category Zs), as the evaluator reads it."""
    return "".join(c for c in form if unicodedata.category(c) != "Zs")


def flatten_file(sentences: Iterable[Sentence]) -> FlatFile:
    """All words of a file with global heads and spans over its non-space characters."""
    out: list[FlatWord] = []
    tokens: list[tuple[int, int]] = []
    spans: list[tuple[int, int]] = []
    ids: list[str | None] = []
    chars: list[str] = []
    pos = 0
    for n, sent in enumerate(sentences):
        base = len(out)
        sent_start = pos
        mwt_end = 0
        mwt_span = (0, 0)
        for row in sent.rows:
            if isinstance(row, MultiwordToken):
                text = _strip_zs(row.form)
                chars.append(text)
                mwt_span = (pos, pos + len(text))
                tokens.append(mwt_span)
                pos += len(text)
                mwt_end = row.last
                continue
            if not isinstance(row, Word):
                continue
            head = -1 if row.head == 0 else base + row.head - 1
            if row.id <= mwt_end:
                out.append(FlatWord(row, head, mwt_span[0], mwt_span[1], True, n))
                continue
            text = _strip_zs(row.form)
            chars.append(text)
            tokens.append((pos, pos + len(text)))
            out.append(FlatWord(row, head, pos, pos + len(text), False, n))
            pos += len(text)
        spans.append((sent_start, pos))
        ids.append(sent.sent_id)
    return FlatFile(out, tokens, spans, "".join(chars), ids)


def flatten(sentences: Iterable[Sentence]) -> tuple[list[FlatWord], str]:
    """``(words, characters)`` of :func:`flatten_file`."""
    flat = flatten_file(sentences)
    return flat.words, flat.text


def spans_matched(gold: list[tuple[int, int]], system: list[tuple[int, int]]) -> int:
    """Spans of ``gold`` that ``system`` has exactly (the evaluator's ``spans_score``)."""
    correct = gi = si = 0
    while gi < len(gold) and si < len(system):
        if system[si][0] < gold[gi][0]:
            si += 1
        elif gold[gi][0] < system[si][0]:
            gi += 1
        else:
            correct += gold[gi][1] == system[si][1]
            gi += 1
            si += 1
    return correct


def _beyond_end(words: list[FlatWord], i: int, end: int) -> bool:
    if i >= len(words):
        return True
    if words[i].in_mwt:
        return words[i].start >= end
    return words[i].end > end


def _extend_end(word: FlatWord, end: int) -> int:
    return word.end if word.in_mwt and word.end > end else end


def _multiword_span(
    gold: list[FlatWord], system: list[FlatWord], gi: int, si: int
) -> tuple[int, int, int, int]:
    """``(gs, ss, ge, se)``: the minimal span of words around a multiword word at gi or si."""
    if gold[gi].in_mwt:
        end = gold[gi].end
        if not system[si].in_mwt and system[si].start < gold[gi].start:
            si += 1
    else:
        end = system[si].end
        if not gold[gi].in_mwt and gold[gi].start < system[si].start:
            gi += 1
    gs, ss = gi, si
    while not _beyond_end(gold, gi, end) or not _beyond_end(system, si, end):
        if gi < len(gold) and (si >= len(system) or gold[gi].start <= system[si].start):
            end = _extend_end(gold[gi], end)
            gi += 1
        else:
            end = _extend_end(system[si], end)
            si += 1
    return gs, ss, gi, si


def _lcs_pairs(a: list[str], b: list[str]) -> list[tuple[int, int]]:
    """The evaluator's LCS alignment of two form lists (its tie-breaking kept)."""
    n, m = len(a), len(b)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            best = table[i + 1][j + 1] + 1 if a[i] == b[j] else 0
            table[i][j] = max(best, table[i + 1][j], table[i][j + 1])
    pairs = []
    i = j = 0
    while i < n and j < m:
        if a[i] == b[j]:
            pairs.append((i, j))
            i += 1
            j += 1
        elif table[i][j] == table[i + 1][j]:
            i += 1
        else:
            j += 1
    return pairs


def align_words(gold: list[FlatWord], system: list[FlatWord]) -> dict[int, int]:
    """Map gold word indices to system word indices (one-to-one), as ``conll18_ud_eval.py``."""
    mapping: dict[int, int] = {}
    gi = si = 0
    while gi < len(gold) and si < len(system):
        g, s = gold[gi], system[si]
        if g.in_mwt or s.in_mwt:
            gs, ss, gi, si = _multiword_span(gold, system, gi, si)
            if gi > gs and si > ss:
                a = [w.word.form.lower() for w in gold[gs:gi]]
                b = [w.word.form.lower() for w in system[ss:si]]
                for x, y in _lcs_pairs(a, b):
                    mapping[gs + x] = ss + y
        elif (g.start, g.end) == (s.start, s.end):
            mapping[gi] = si
            gi += 1
            si += 1
        elif g.start <= s.start:
            gi += 1
        else:
            si += 1
    return mapping


def evaluate_aligned(
    gold: Iterable[Sentence],
    system: Iterable[Sentence],
    options: DepevalOptions,
    *,
    gold_name: str = "gold",
    system_name: str = "system",
) -> DepevalResult:
    """Scores with precision over system words and recall over gold words (see module doc).

    Per-sentence counts are by gold sentence; ``max_len`` leaves out gold sentences longer
    than N evaluated words and the system words whose token starts inside them.
    """
    gf = flatten_file(gold)
    sf = flatten_file(system)
    gflat, sflat = gf.words, sf.words
    if not gf.sentences:
        raise InputError("no sentences", path=gold_name)
    if not sf.sentences:
        raise InputError("no sentences", path=system_name)
    if gf.text != sf.text:
        k = next(
            (i for i, (a, b) in enumerate(zip(gf.text, sf.text, strict=False)) if a != b),
            min(len(gf.text), len(sf.text)),
        )
        raise InputError(
            f"the text differs from gold at non-space character {k} "
            f"(gold {gf.text[k : k + 20]!r}, system {sf.text[k : k + 20]!r}); only tokenisation may differ",
            path=system_name,
        )
    g2s = align_words(gflat, sflat)
    s2g = {v: k for k, v in g2s.items()}
    res = DepevalResult(options, gold_name, system_name)
    punct = options.punct
    gkeep = [not is_excluded(w.word, punct) for w in gflat]
    lengths = [0] * len(gf.sentences)
    for gw, keep in zip(gflat, gkeep, strict=True):
        lengths[gw.sentence] += keep
    skipped = [options.max_len is not None and n > options.max_len for n in lengths]
    if any(skipped):
        starts = [a for a, _ in gf.sentences]
        import bisect

        def in_skipped(start: int) -> bool:
            k = bisect.bisect_right(starts, start) - 1
            return k >= 0 and skipped[k]

        res.skipped_sentences = sum(skipped)
    else:

        def in_skipped(start: int) -> bool:
            return False

    ghead = [w.head for w in gflat]
    gheads1 = [h + 1 for h in ghead]  # 1-based with ROOT = 0, for classify_head_error
    res.system_words = sum(
        1 for w in sflat if not is_excluded(w.word, punct) and not in_skipped(w.start)
    )
    res.aligned_words = len(g2s)
    res.spans = SpanCounts(
        tokens=(len(gf.tokens), len(sf.tokens), spans_matched(gf.tokens, sf.tokens)),
        sentences=(
            len(gf.sentences),
            len(sf.sentences),
            spans_matched(gf.sentences, sf.sentences),
        ),
        words=(len(gflat), len(sflat), len(g2s)),
    )
    per_sentence = [[0, 0, 0, 0, 0, 0] for _ in gf.sentences]
    need_xpos = punct == "xpos-ptb"
    for gi, gw in enumerate(gflat):
        if need_xpos and gw.word.xpos not in ("_", ""):
            need_xpos = False
        if not gkeep[gi] or skipped[gw.sentence]:
            continue
        si = g2s.get(gi)
        row = [1, 0, 0, 0, 0, 0]
        if si is not None:
            sh = sflat[si].head
            x = -1 if sh == -1 else s2g.get(sh, -2)  # -2: head not aligned to any gold word
            p = gw.head
            if x == p:
                row[1:] = [1, 1, 1, 1, 1]
                gd, sd = gw.word.deprel, sflat[si].word.deprel
                row[3] = int(gd == sd)
                row[2] = int(gd.split(":", 1)[0] == sd.split(":", 1)[0])
            elif x >= 0:
                child = ghead[x] == gi
                row[4] = int(child)
                row[5] = int(child or (p >= 0 and ghead[p] == x))
                res.errors[classify_head_error(gheads1, gi + 1, x + 1)] += 1
            else:
                row[5] = int(x == -1 and p >= 0 and ghead[p] == -1)
                res.errors["grandparent" if row[5] else "other"] += 1
        else:
            res.errors["other"] += 1
        acc = per_sentence[gw.sentence]
        for k in range(6):
            res.totals[k] += row[k]
            acc[k] += row[k]
        sl = sentlen_bucket(lengths[gw.sentence]) if lengths[gw.sentence] else "0"
        # dependency length in words within the sentence (global indices differ by a constant)
        dl = deplen_bucket(gi + 1, 0 if gw.head == -1 else gw.head + 1)
        for key, table in (
            (gw.word.base_deprel, res.by_relation),
            (gw.word.upos, res.by_upos),
            (dl, res.by_deplen),
            (sl, res.by_sentlen),
        ):
            acc = table.setdefault(key, [0, 0, 0, 0, 0, 0])
            for k in range(6):
                acc[k] += row[k]
    for n, counts in enumerate(per_sentence):
        if not skipped[n]:
            res.sentences.append(SentenceStats(n, gf.sent_ids[n], lengths[n], counts))
    if need_xpos:
        warn_no_xpos(gold_name)
    return res
