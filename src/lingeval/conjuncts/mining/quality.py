"""Quality of mining: gold gaps of a treebank (recall) and hand labels of candidates (precision).

Paper 000, section 4.1 reports that about 92 % of the mined candidates were real verbal
omissions. This module measures the same two things on data that lingeval did not write:

* **recall** against a treebank's own gold gaps (:func:`gold_gaps`): the enhanced-UD copy
  nodes (and ``orphan`` relations) of an elided *verb* in a coordination marked by an
  *and*/*or*/*but* (:func:`lingeval.conjuncts.gapping.extract_gapping`). A gap is found when
  the miner marks that conjunction (same sentence, same character offset);
* **precision** against labels of a sample of candidates (:func:`read_labels`), one of
  ``gapping`` (gapping, stripping, argument cluster, VP ellipsis: a verb is missing in a
  conjunct), ``reduction`` (conjunction reduction: the task of section 3 would split at the
  marked conjunction and restore a verb), ``vp`` (ordinary coordination of full verb phrases,
  nothing verbal omitted) and ``none`` (not a candidate: a name, a collective reading, a
  quotation, the wrong conjunction marked, a list the task leaves alone). Task precision =
  (gapping + reduction) / labelled, with a Wilson interval (:func:`precision_ci`).

Labels live in a TSV of ``sent_id``, ``offset`` (character offset of the conjunction in the
treebank's ``# text``), ``label``, ``note`` so that no third-party text is stored. For text
that is not a treebank (WebNLG lexicalisations, :func:`webnlg_texts`) ``sent_id`` names the
text unit (``<eid>/<lid>``) and ``offset`` is the conjunction's offset in that unit's text.
"""

from __future__ import annotations

import csv
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from lingeval.core.errors import InputError
from lingeval.core.stats import proportion_ci

__all__ = [
    "LABELS",
    "POSITIVE",
    "GoldGap",
    "Label",
    "gold_gaps",
    "label_agreement",
    "precision_ci",
    "read_labels",
    "webnlg_half",
    "webnlg_reg_texts",
    "webnlg_texts",
]

LABELS = ("gapping", "reduction", "vp", "none")
POSITIVE = frozenset({"gapping", "reduction"})


@dataclass(frozen=True)
class GoldGap:
    """A gold verbal gap: the conjunction at ``offset`` in sentence ``sent_id`` (``kind`` is
    ``copy-node`` or ``orphan``; ``verb`` the elided verb's form when known)."""

    sent_id: str
    offset: int
    conjunction: str
    kind: str
    verb: str | None


@dataclass(frozen=True)
class Label:
    sent_id: str
    offset: int
    label: str
    note: str = ""

    @property
    def positive(self) -> bool:
        return self.label in POSITIVE


def gold_gaps(path: str | Path) -> list[GoldGap]:
    """The gold verbal gaps of a CoNLL-U file with an enhanced layer, one per (sentence,
    conjunction), in file order: the task inputs of
    :func:`lingeval.conjuncts.gapping.extract_gapping` (copy nodes, and ``orphan`` relations
    without one) whose elided word is a verb (PTB tag ``VB*``/``MD``); nominal and adjectival
    ellipses and gaps whose antecedent is not in the sentence are left out."""
    from lingeval.conjuncts.gapping import extract_gapping

    out: dict[tuple[str, int], GoldGap] = {}
    for ex in extract_gapping(path, use_orphans=True):
        verb = ex.meta.get("elided_verb") or {}
        if not str(verb.get("xpos") or "").startswith(("VB", "MD")):
            continue
        sid = str(ex.meta.get("sent_id"))
        kind = "copy-node" if not verb.get("inferred") else "orphan"
        out.setdefault(
            (sid, ex.offset),
            GoldGap(sid, ex.offset, ex.conjunction.lower(), kind, verb.get("form")),
        )
    return list(out.values())


def read_labels(path: str | Path) -> list[Label]:
    """Read a labels TSV (header ``sent_id offset label note``); bad rows are an InputError
    naming the line."""
    p = Path(path)
    if not p.is_file():
        raise InputError("no such file", path=p)
    out: list[Label] = []
    with open(p, encoding="utf-8", newline="") as fh:
        reader = csv.reader(fh, delimiter="\t")
        header = next(reader, None)
        if header is None or header[:3] != ["sent_id", "offset", "label"]:
            raise InputError("expected a header 'sent_id<TAB>offset<TAB>label<TAB>note'", path=p)
        for lineno, row in enumerate(reader, 2):
            if not row or not "".join(row).strip():
                continue
            if len(row) < 3:
                raise InputError("expected at least 3 tab-separated fields", path=p, line=lineno)
            try:
                offset = int(row[1])
            except ValueError:
                raise InputError(
                    f"offset {row[1]!r} is not a number", path=p, line=lineno
                ) from None
            if row[2] not in LABELS:
                raise InputError(
                    f"unknown label {row[2]!r}; use one of {', '.join(LABELS)}", path=p, line=lineno
                )
            out.append(Label(row[0], offset, row[2], row[3] if len(row) > 3 else ""))
    return out


def precision_ci(k: int, n: int) -> tuple[float, float]:
    """95 % Wilson score interval of k/n in percent (NaN when n is 0)."""
    lo, hi = proportion_ci(k, n, method="wilson")
    return 100.0 * lo, 100.0 * hi


def _kappa(a: list[str], b: list[str]) -> float:
    """Cohen's kappa (p_o - p_e) / (1 - p_e) of two label sequences (NaN when p_e is 1)."""
    n = len(a)
    if not n:
        return float("nan")
    p_o = sum(x == y for x, y in zip(a, b, strict=True)) / n
    # summed in a fixed order: a set's order of strings changes with the hash seed, and the
    # float sum with it (the last digit of the JSON output moved from run to run)
    cats = sorted(set(a) | set(b))
    p_e = sum((a.count(k) / n) * (b.count(k) / n) for k in cats)
    return (p_o - p_e) / (1 - p_e) if p_e < 1 else float("nan")


def label_agreement(first: list[Label], second: list[Label]) -> dict[str, float]:
    """Agreement of two labelling passes over the candidates both labelled (matched by sentence
    id and offset): ``items``, percent agreement and Cohen's kappa on the four labels
    (``agreement``, ``kappa``) and on task-positive vs not (``agreement_binary``,
    ``kappa_binary``)."""
    by_key = {(x.sent_id, x.offset): x for x in first}
    pairs = [(by_key[(y.sent_id, y.offset)], y) for y in second if (y.sent_id, y.offset) in by_key]
    a = [x.label for x, _ in pairs]
    b = [y.label for _, y in pairs]
    a2 = [str(x.positive) for x, _ in pairs]
    b2 = [str(y.positive) for _, y in pairs]
    n = len(pairs)
    return {
        "items": n,
        "agreement": 100.0 * sum(x == y for x, y in zip(a, b, strict=True)) / n
        if n
        else float("nan"),
        "kappa": _kappa(a, b),
        "agreement_binary": (
            100.0 * sum(x == y for x, y in zip(a2, b2, strict=True)) / n if n else float("nan")
        ),
        "kappa_binary": _kappa(a2, b2),
    }


def webnlg_texts(root: str | Path) -> list[tuple[str, str]]:
    """``(key, text)`` of every English WebNLG lexicalisation under ``root`` (the enriched
    v1.5 XML, read by :func:`lingeval.study.reg.webnlg.read_webnlg`, which skips the few whose
    template and references disagree), key ``<eid>/<lid>``, in the reader's order."""
    from lingeval.study.reg.webnlg import read_webnlg

    return [(f"{e.eid}/{lex.lid}", lex.text) for e in read_webnlg(root) for lex in e.lexes]


def webnlg_half(key: str) -> str:
    """``development`` or ``blind``: the half of a WebNLG label, by its entry (the ``eid``
    before the ``/``): ``sha256(eid)`` even is development, odd is blind, so that no entry's
    lexicalisations are in both."""
    eid = key.split("/", 1)[0]
    digest = int(hashlib.sha256(eid.encode("utf-8")).hexdigest(), 16)
    return "development" if digest % 2 == 0 else "blind"


#: the NeuralREG WebNLG file of :func:`webnlg_reg_texts`, under its folder
WEBNLG_REG_DEV = Path("data") / "dev.json"
_QUOTED = re.compile(r'^"([^"]+)"(.*)$')


def _entity_words(token: str) -> str:
    """One NeuralREG token as text: a quoted value loses its delimiting quotes
    (``"January,_2014"`` -> ``January, 2014``), underscores become spaces."""
    m = _QUOTED.match(token)
    if m and len(token) > 2:
        rest = m.group(2)
        token = m.group(1) + (" " + rest if rest.startswith("(") else rest)
    return token.replace("_", " ") if token != "_" else token


def _rebuild(tokens: list[str]) -> str:
    """Detokenise (:func:`lingeval.core.detok.detokenize`) with the first letter of each
    sentence upper-cased (NeuralREG lowercases every word but the entities)."""
    from lingeval.core.detok import detokenize

    out: list[str] = []
    start = True
    for tok in tokens:
        if start and tok[:1].islower():
            tok = tok[0].upper() + tok[1:]
        out.append(tok)
        start = tok in (".", "!", "?")
    return detokenize(out)


def webnlg_reg_texts(
    root: str | Path, exclude: Iterable[str] = (), split: Path = WEBNLG_REG_DEV
) -> list[tuple[str, str]]:
    """``(key, text)`` of every distinct WebNLG text behind the NeuralREG instances of
    ``root/split`` (default ``data/dev.json`` of ``reg/webnlg_reg_v1.5_seen_unseen``), key the
    first 16 hex digits of the text's SHA-1, in file order; ``[]`` when the file is absent.

    An instance ``{entity, pre_context, refex, pos_context}`` is one referring expression of a
    lexicalisation: ``pre_context + [entity] + pos_context`` is the lexicalisation with every
    entity as its canonical name (``United_Kingdom``), and ``refex`` the words the writer used
    at that position. The instances of one lexicalisation share that sequence, so the text is
    rebuilt once, with each entity position replaced by its writer's words (a position without
    an instance, a literal value, keeps its canonical name: underscores become spaces, quotes
    delimiting a value go). The instance of a repeated mention lacks the entity's earlier
    mentions in ``pre_context`` (a defect of the data): it is assigned to the sequence that
    ends with its entity and ``pos_context`` and equals its ``pre_context`` once the entity's
    mentions are taken out of it. Tokens are PTB-like and joined by :func:`lingeval.core.detok.detokenize`; each
    sentence's first letter is upper-cased (the source is lowercased). Texts equal to one of
    ``exclude`` (e.g. WebNLG test lexicalisations already used, :func:`webnlg_texts`) and
    repeats are dropped. The file is read by :func:`lingeval.study.reg.instances.read_instances`."""
    from lingeval.study.reg.instances import read_instances

    path = Path(root) / split
    if not path.is_file():
        return []
    insts = [
        (x.pre_context, x.entity, x.pos_context, x.refex)
        for x in read_instances(path, complete=True)
    ]
    # every sequence, indexed by its last 1..8 tokens
    by_tail: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for seq in dict.fromkeys((*pre, ent, *post) for pre, ent, post, _ in insts):
        for t in range(1, min(8, len(seq)) + 1):
            by_tail.setdefault(seq[-t:], []).append(seq)
    groups: dict[tuple[str, ...], dict[int, tuple[str, ...]]] = {}
    for pre, ent, post, refex in insts:
        home, at = (*pre, ent, *post), len(pre)
        if ent not in pre:  # an earlier mention of the entity may have been cut from pre
            tail = (ent, *post)
            for full in by_tail.get(tail[-8:], []):
                n = len(full) - len(tail)
                if (
                    n > len(pre)
                    and full[n:] == tail
                    and tuple(x for x in full[:n] if x != ent) == pre
                ):
                    home, at = full, n
                    break
        groups.setdefault(home, {}).setdefault(at, refex)
    skip = set(exclude)
    out: dict[str, str] = {}
    for seq, refexes in groups.items():
        tokens: list[str] = []
        for pos, tok in enumerate(seq):
            tokens.extend(refexes[pos] if pos in refexes else [_entity_words(tok)])
        text = _rebuild(tokens)
        if text and text not in skip:
            out.setdefault(hashlib.sha1(text.encode("utf-8")).hexdigest()[:16], text)
    return list(out.items())
