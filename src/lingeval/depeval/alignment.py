"""Scoring across different tokenisations: word alignment by character spans.

The method of the CoNLL 2018 shared-task evaluator: both files are read as one stream of
non-whitespace characters; a word's span is the character range of its surface token (a
multiword token gives its span to each of its words). Words with identical spans align;
words that share a multiword-token span align by the longest common subsequence of their
lower-cased forms. Heads are compared through the alignment, so a predicted head is right
only when it is aligned to the gold head (ROOT to ROOT). Punctuation policy decides for gold
words by their gold annotation and for system words by their own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from lingeval.core.conllu import MultiwordToken, Sentence, Word
from lingeval.core.errors import InputError
from lingeval.depeval.evaluate import DepevalOptions, DepevalResult, deplen_bucket
from lingeval.depeval.measures import classify_head_error, is_excluded

__all__ = ["FlatWord", "align_words", "evaluate_aligned", "flatten"]


@dataclass(slots=True)
class FlatWord:
    """A word of the whole file: global index, global head (-1 = ROOT), character span."""

    word: Word
    head: int
    start: int
    end: int
    in_mwt: bool


def flatten(sentences: Iterable[Sentence]) -> tuple[list[FlatWord], str]:
    """All words of a file with global heads and spans over its non-whitespace characters."""
    out: list[FlatWord] = []
    chars: list[str] = []
    pos = 0
    for sent in sentences:
        base = len(out)
        mwt_end = 0
        mwt_span = (0, 0)
        for row in sent.rows:
            if isinstance(row, MultiwordToken):
                text = "".join(row.form.split())
                chars.append(text)
                mwt_span = (pos, pos + len(text))
                pos += len(text)
                mwt_end = row.last
                continue
            if not isinstance(row, Word):
                continue
            head = -1 if row.head == 0 else base + row.head - 1
            if row.id <= mwt_end:
                out.append(FlatWord(row, head, mwt_span[0], mwt_span[1], True))
                continue
            text = "".join(row.form.split())
            chars.append(text)
            out.append(FlatWord(row, head, pos, pos + len(text), False))
            pos += len(text)
    return out, "".join(chars)


def _lcs_pairs(a: list[str], b: list[str]) -> list[tuple[int, int]]:
    n, m = len(a), len(b)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            table[i][j] = (
                table[i + 1][j + 1] + 1 if a[i] == b[j] else max(table[i + 1][j], table[i][j + 1])
            )
    pairs = []
    i = j = 0
    while i < n and j < m:
        if a[i] == b[j]:
            pairs.append((i, j))
            i += 1
            j += 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def align_words(gold: list[FlatWord], system: list[FlatWord]) -> dict[int, int]:
    """Map gold word indices to system word indices (one-to-one) by character spans."""
    mapping: dict[int, int] = {}
    gi = si = 0
    while gi < len(gold) and si < len(system):
        g, s = gold[gi], system[si]
        if (g.start, g.end) != (s.start, s.end):
            # no match here: move past whichever word ends first (both when they end together)
            if g.end <= s.end:
                gi += 1
            if s.end <= g.end:
                si += 1
            continue
        if not g.in_mwt and not s.in_mwt:
            mapping[gi] = si
            gi += 1
            si += 1
            continue
        # a group of words sharing one span: align by LCS of lower-cased forms
        gj = gi
        while gj < len(gold) and (gold[gj].start, gold[gj].end) == (g.start, g.end):
            gj += 1
        sj = si
        while sj < len(system) and (system[sj].start, system[sj].end) == (s.start, s.end):
            sj += 1
        a = [w.word.form.lower() for w in gold[gi:gj]]
        b = [w.word.form.lower() for w in system[si:sj]]
        for x, y in _lcs_pairs(a, b):
            mapping[gi + x] = si + y
        gi, si = gj, sj
    return mapping


def evaluate_aligned(
    gold: Iterable[Sentence],
    system: Iterable[Sentence],
    options: DepevalOptions,
    *,
    gold_name: str = "gold",
    system_name: str = "system",
) -> DepevalResult:
    """Scores with precision over system words and recall over gold words (see module doc)."""
    gflat, gtext = flatten(gold)
    sflat, stext = flatten(system)
    if gtext != stext:
        k = next(
            (i for i, (a, b) in enumerate(zip(gtext, stext, strict=False)) if a != b),
            min(len(gtext), len(stext)),
        )
        raise InputError(
            f"the text differs from gold at non-space character {k} "
            f"(gold {gtext[k : k + 20]!r}, system {stext[k : k + 20]!r}); only tokenisation may differ",
            path=system_name,
        )
    g2s = align_words(gflat, sflat)
    s2g = {v: k for k, v in g2s.items()}
    res = DepevalResult(options, gold_name, system_name)
    punct = options.punct
    ghead = [w.head for w in gflat]
    gheads1 = [h + 1 for h in ghead]  # 1-based with ROOT = 0, for classify_head_error
    res.system_words = sum(1 for w in sflat if not is_excluded(w.word, punct))
    res.aligned_words = len(g2s)
    for gi, gw in enumerate(gflat):
        if is_excluded(gw.word, punct):
            continue
        res.totals[0] += 1
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
        for k in range(1, 6):
            res.totals[k] += row[k]
        for key, table in ((gw.word.base_deprel, res.by_relation), (gw.word.upos, res.by_upos)):
            acc = table.setdefault(key, [0, 0, 0, 0, 0, 0])
            for k in range(6):
                acc[k] += row[k]
        dl = deplen_bucket(gi + 1, 0 if gw.head == -1 else gw.head + 1)
        acc = res.by_deplen.setdefault(dl, [0, 0, 0, 0, 0, 0])
        for k in range(6):
            acc[k] += row[k]
    return res
