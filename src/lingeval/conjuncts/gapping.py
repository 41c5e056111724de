"""Real gapping inputs from treebanks with enhanced UD (paper 000, sections 2-3; UD gapping).

In enhanced UD, a clause whose verb is elided gets an *empty node* ``n.1`` that copies the
verb (MISC ``CopyOf=ID``, or ``CopyOf=-1`` when the antecedent is not a word of the sentence);
the remnants attach to it in the DEPS column and to each other by ``orphan`` in the basic tree.
For *Josh likes wine and Jane water*::

    5    Jane   ...  3  conj    3:conj:and|5.1:nsubj
    5.1  likes  ...  _  _       3:conj:and             CopyOf=2
    6    water  ...  5  orphan  5.1:obj

:func:`extract_gapping` turns each such copy node into a task input
(:class:`~lingeval.conjuncts.example.ConjunctExample`, no gold rewrites) whose marked
conjunction is the ``cc`` of the gapped clause: a word attached to the copy node as ``cc`` in
DEPS, else the ``cc`` of a remnant in the basic tree. It must be and/or/but; asyndetic gaps
(no conjunction, e.g. *..., many for good*) are counted and skipped. ``meta`` records the
treebank sentence id, the copy node, the elided verb (form, lemma, xpos), its antecedent word
(when ``CopyOf`` names one), the remnants with their enhanced relations, and ``filled``: the
sentence with the elided verb put back where the copy node stands (*Josh likes wine and Jane
likes water.*), a reading aid rather than a gold rewrite.

With ``use_orphans=True``, gaps that have ``orphan`` relations but no copy node (treebanks
without the enhanced layer) are also extracted; the elided verb is then the verb that the
gapped clause's first remnant attaches to by ``conj`` (its antecedent), marked ``inferred``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lingeval.conjuncts.example import CONJUNCTIONS, ConjunctExample
from lingeval.core.conllu import EmptyNode, MultiwordToken, Sentence, Word, read_conllu

__all__ = ["GappingReport", "extract_from_sentence", "extract_gapping"]


@dataclass
class GappingReport:
    """Counts of one extraction run (for the command's summary)."""

    sentences: int = 0
    copy_nodes: int = 0
    gaps: int = 0
    extracted: int = 0
    skipped_no_conjunction: int = 0
    skipped_other: int = 0
    skipped_ids: list[str] = field(default_factory=list)


def _deps(value: str) -> list[tuple[str, str]]:
    """DEPS as ``[(head id, relation)]``; ``_`` is empty."""
    if value in ("", "_"):
        return []
    out = []
    for item in value.split("|"):
        head, _, rel = item.partition(":")
        out.append((head, rel))
    return out


def _misc(value: str) -> dict[str, str]:
    if value in ("", "_"):
        return {}
    return dict(item.partition("=")[::2] for item in value.split("|"))


def _char_offset(sentence: Sentence, text: str, word: Word) -> int | None:
    """Offset of ``word`` in ``text``: the k-th whole-word occurrence of its form, where k counts
    the words of the same form (case-insensitive) before it."""
    form = word.form
    k = sum(1 for w in sentence.words if w.id < word.id and w.form.lower() == form.lower())
    hits = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(form)}(?!\w)", text, re.IGNORECASE)]
    return hits[k] if k < len(hits) else None


def _filled_text(sentence: Sentence, node_id: str) -> str:
    """The sentence with the copy node's form spoken where enhanced UD places it (after word
    ``n`` of ``n.1``): *Josh likes wine and Jane likes water.* A reading aid, not a gold
    rewrite (it keeps the conjunction)."""
    parts: list[str] = []
    skip_until = 0
    for row in sentence.rows:
        if isinstance(row, EmptyNode):
            if row.id == node_id:
                if parts and not parts[-1].endswith(" "):
                    parts.append(" ")
                parts.append(row.form + " ")
            continue
        if isinstance(row, MultiwordToken):
            parts.append(row.form + (" " if row.space_after else ""))
            skip_until = row.last
            continue
        if row.id <= skip_until:
            continue
        parts.append(row.form + (" " if row.space_after else ""))
    return "".join(parts).strip()


def _sentence_id(sentence: Sentence, source: str, index: int) -> str:
    return sentence.sent_id or f"{source}#{index}"


def extract_from_sentence(
    sentence: Sentence,
    *,
    source: str = "",
    index: int = 0,
    use_orphans: bool = False,
    report: GappingReport | None = None,
) -> list[ConjunctExample]:
    """Task inputs for the gaps of one treebank sentence (see the module docstring)."""
    report = report if report is not None else GappingReport()
    text = sentence.text
    sid = _sentence_id(sentence, source, index)
    words = {w.id: w for w in sentence.words}
    out: list[ConjunctExample] = []
    covered_orphans: set[int] = set()
    for node in sentence.empty_nodes:
        report.copy_nodes += 1
        misc = _misc(node.columns[9])
        if "CopyOf" not in misc or node.upos not in ("VERB", "AUX"):
            continue
        # dependents of the copy node in the enhanced graph
        deps_of_node = [
            (w, rel) for w in sentence.words for h, rel in _deps(w.deps) if h == node.id
        ]
        remnants = [
            (w, rel) for w, rel in deps_of_node if rel.split(":")[0] != "cc" and rel != "punct"
        ]
        is_gap = any(w.deprel == "orphan" for w, _ in remnants) or any(
            rel.startswith(("conj", "parataxis")) for _, rel in _deps(node.deps)
        )
        if not is_gap or not remnants:
            continue
        report.gaps += 1
        covered_orphans.update(w.id for w, _ in remnants)
        ccs = [w for w, rel in deps_of_node if rel.split(":")[0] == "cc"]
        if not ccs:
            ccs = [
                w
                for r, _ in remnants
                for w in sentence.words
                if w.head == r.id and w.base_deprel == "cc"
            ]
        antecedent: dict[str, Any] | None = None
        try:
            copy_of = int(misc["CopyOf"])
        except ValueError:
            copy_of = -1
        if copy_of in words:
            a = words[copy_of]
            antecedent = {"id": a.id, "form": a.form}
        elided = {"form": node.form, "lemma": node.lemma, "xpos": node.xpos, "copy_of": copy_of}
        ex = _make_example(sentence, text, sid, node.id, ccs, remnants, elided, antecedent, report)
        if ex is not None:
            out.append(ex)
    if use_orphans:
        out.extend(_from_orphans(sentence, text, sid, covered_orphans, report))
    return out


def _make_example(
    sentence: Sentence,
    text: str,
    sid: str,
    node_id: str,
    ccs: list[Word],
    remnants: list[tuple[Word, str]],
    elided: dict[str, Any],
    antecedent: dict[str, Any] | None,
    report: GappingReport,
) -> ConjunctExample | None:
    ccs = [w for w in ccs if w.form.lower() in CONJUNCTIONS]
    if not ccs:
        report.skipped_no_conjunction += 1
        report.skipped_ids.append(f"{sid} ({node_id}: no and/or/but)")
        return None
    cc = ccs[0]
    offset = _char_offset(sentence, text, cc)
    if offset is None or text[offset : offset + len(cc.form)] != cc.form:
        report.skipped_other += 1
        report.skipped_ids.append(f"{sid} ({node_id}: conjunction not found in the text)")
        return None
    report.extracted += 1
    return ConjunctExample(
        id=f"{sid}@{node_id}",
        sentence=text,
        conjunction=cc.form,
        offset=offset,
        rewrites=[],
        rewritable=True,
        split=None,
        meta={
            "source": "treebank-gapping",
            "sent_id": sid,
            "copy_node": node_id,
            "elided_verb": elided,
            "antecedent": antecedent,
            "remnants": [{"id": w.id, "form": w.form, "relation": rel} for w, rel in remnants],
            "conjunction_word": cc.id,
            "filled": _filled_text(sentence, node_id) if not node_id.startswith("orphan") else None,
        },
    )


def _from_orphans(
    sentence: Sentence, text: str, sid: str, covered: set[int], report: GappingReport
) -> list[ConjunctExample]:
    """Gaps marked only by basic ``orphan`` relations (no copy node)."""
    words = {w.id: w for w in sentence.words}
    heads: dict[int, list[Word]] = {}
    for w in sentence.words:
        if w.deprel == "orphan" and w.id not in covered and w.head in words:
            heads.setdefault(w.head, []).append(w)
    out = []
    for head_id, orphans in sorted(heads.items()):
        first = words[head_id]
        if first.id in covered:
            continue
        report.gaps += 1
        remnants = [(first, first.deprel), *[(o, "orphan") for o in orphans]]
        ccs = [w for w in sentence.words if w.head == first.id and w.base_deprel == "cc"]
        verb = words.get(first.head) if first.base_deprel in ("conj", "parataxis") else None
        if verb is not None and verb.upos not in ("VERB", "AUX"):
            # a non-verbal predicate: the elided material is its copula, if any
            verb = next(
                (w for w in sentence.words if w.head == verb.id and w.deprel == "cop"), None
            )
        elided = {
            "form": verb.form if verb else None,
            "lemma": verb.lemma if verb else None,
            "xpos": verb.xpos if verb else None,
            "copy_of": verb.id if verb else -1,
            "inferred": True,
        }
        antecedent = {"id": verb.id, "form": verb.form} if verb else None
        ex = _make_example(
            sentence, text, sid, f"orphan-{head_id}", ccs, remnants, elided, antecedent, report
        )
        if ex is not None:
            out.append(ex)
    return out


def extract_gapping(
    sources: Iterable[str | Path] | str | Path,
    *,
    use_orphans: bool = False,
    report: GappingReport | None = None,
) -> Iterator[ConjunctExample]:
    """Yield task inputs for the gapping constructions of one or more CoNLL-U files.

    Reading streams (flat memory); trees are not re-validated beyond the reader's column and
    id checks, so enhanced-only files still load. ``report`` collects counts.
    """
    report = report if report is not None else GappingReport()
    paths = [sources] if isinstance(sources, (str, Path)) else list(sources)
    for path in paths:
        name = Path(path).name
        for i, sentence in enumerate(read_conllu(path, validate_tree=False), 1):
            report.sentences += 1
            if not sentence.empty_nodes and not (
                use_orphans and any(w.deprel == "orphan" for w in sentence.words)
            ):
                continue
            yield from extract_from_sentence(
                sentence, source=name, index=i, use_orphans=use_orphans, report=report
            )
