"""Candidates for the blind held-out set ``treebank-heldout`` (issue 11), from gold UD trees only.

**Whoever develops a resolver must not run this script or read its output**: the candidates are
a superset of the blind held-out sentences. It is kept so that the selection can be checked and
repeated (``docs/conjuncts-devdata.md``, "The blind held-out set ``treebank-heldout``").

The query reads the gold basic trees (and the enhanced layer's copy nodes) of GUM-train and
UD English-EWT test, never a parser or a resolver, so the selection does not depend on what
any resolver does. For every and/or/but whose head ``h`` is a later conjunct (``h`` is a
``conj`` of ``g``), the coordination is a candidate when

* ``copy``: an enhanced copy node (``n.1``) elides a predicate of the conjunct (a word of
  ``h``'s subtree hangs on it, or it is a ``conj`` of ``g``): gapping / argument clusters;
* ``orphan``: a child of ``h`` is an ``orphan`` (UD's gapping relation);
* ``stripping``: ``h`` is verbless (not VERB/AUX, no ``cop``/``aux``/``nsubj`` child),
  ``g`` is a predicate (a verb, or has a ``cop``/``nsubj`` child), and ``h`` carries a
  stripping marker (*too, also, not, either, neither, as well*; ``but not``);
* ``verbless``: ``h`` is verbless and has at least one child in a clause-level relation
  (subject, object, oblique, temporal noun, clausal complement; i.e. two or more phrases
  that parallel a clause), and ``g`` is a predicate, or ``g`` is itself nominal and the
  clause-level child cannot belong to a noun phrase (``nsubj``, ``obj``, ``iobj``, ``obl``,
  ``nmod:tmod``, ``xcomp``).

Excluded: every sentence of a development source (``devdata.load_sources`` default: its
treebank sentence ids and, for every source, its normalised text), the sentence ids of
``treebank_gapping_gold.jsonl``, and sentences any 8-word window of which is quoted in a
file of the repository (docs, tests, source, benchmark data). Deterministic: corpus order,
no sampling. Writes ``benchmarks/out/heldout_select/candidates.jsonl`` (gitignored: it holds
third-party text) and prints counts per pattern, corpus and reason of exclusion. Every candidate
was then read by hand; the kept ones, with their gold, are
``benchmarks/data/conjuncts/treebank_heldout_gold.jsonl``.

Usage: ``python benchmarks/conjuncts_heldout_select.py``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, SHARED_DATA

DATA = ROOT / "benchmarks" / "data" / "conjuncts"
OUT = ROOT / "benchmarks" / "out" / "heldout_select"
#: (corpus name of the gold records, file under ../shared/data)
CORPORA = (
    ("gum", "treebanks/GUM-train/en_gum-train.conllu"),
    ("ewt", "treebanks/UD_English-EWT/en_ewt-ud-test.conllu"),
)
CONJ = {"and", "or", "but"}
MARKERS = {"too", "also", "not", "either", "neither", "well", "n't", "again", "instead", "even"}
CLAUSAL = {"nsubj", "obj", "iobj", "obl", "nmod:tmod", "nmod:npmod", "obl:tmod", "obl:npmod",
           "obl:agent", "ccomp", "xcomp", "advcl", "csubj", "orphan", "nsubj:pass", "expl"}  # fmt: skip
NOMINAL_SAFE = {"nsubj", "obj", "iobj", "obl", "obl:tmod", "obl:npmod", "nmod:tmod", "xcomp"}
#: modifier relations that may hold a remnant of an argument cluster read as an NP
PARALLEL = {"nmod", "nmod:tmod", "nmod:npmod", "advmod", "obl", "nummod"}
WINDOW = 8


def norm(text: str) -> str:
    """Lower-cased words of a text joined by single spaces (for comparing sentences)."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def word_offsets(sentence: Any) -> dict[int, int]:
    """Word id -> character offset in the ``# text`` line (multiword tokens: their parts
    share the token's offset)."""
    from lingeval.core.conllu import MultiwordToken, Word

    text, cursor, out = sentence.text, 0, {}
    inside = 0
    for row in sentence.rows:
        if isinstance(row, MultiwordToken):
            at = text.find(row.form, cursor)
            for i in range(row.first, row.last + 1):
                out[i] = at
            cursor, inside = at + len(row.form), row.last
        elif isinstance(row, Word) and row.id > inside:
            at = text.find(row.form, cursor)
            out[row.id] = at
            cursor = at + len(row.form) if at >= 0 else cursor
    return out


def _children(sentence: Any) -> dict[int, list[Any]]:
    """Head id -> its dependent words (:func:`lingeval.core.tree.children_of`)."""
    from lingeval.core.tree import children_of

    words = sentence.words
    return {
        h: [words[i - 1] for i in ids] for h, ids in enumerate(children_of(sentence.heads)) if ids
    }


def _predicate(w: Any, kids: dict[int, list[Any]]) -> bool:
    rels = {c.deprel for c in kids.get(w.id, [])}
    return w.upos in ("VERB", "AUX") or bool(rels & {"cop", "nsubj", "nsubj:pass", "csubj"})


def _verbless(w: Any, kids: dict[int, list[Any]]) -> bool:
    rels = {c.base_deprel for c in kids.get(w.id, [])}
    return w.upos not in ("VERB", "AUX") and not rels & {"cop", "aux", "nsubj", "csubj"}


def patterns(sentence: Any) -> Iterable[tuple[Any, str]]:
    """``(cc word, pattern)`` for every candidate coordination of one gold tree."""
    from lingeval.core.tree import descendants

    kids = _children(sentence)
    by_id = {w.id: w for w in sentence.words}
    empties = sentence.empty_nodes
    for c in sentence.words:
        if c.form.lower() not in CONJ or c.deprel != "cc" or c.head not in by_id:
            continue
        h = by_id[c.head]
        if h.base_deprel != "conj" or h.head not in by_id:
            continue
        g = by_id[h.head]
        sub = {h.id, *descendants(sentence.heads, h.id)}
        found: list[str] = []
        for e in empties:
            heads = {d.split(":", 1)[0] for d in e.deps.split("|") if ":" in d}
            hangs = any(
                d.split(":", 1)[0] == e.id
                for i in sub
                for d in by_id[i].deps.split("|")
                if ":" in d
            )
            if hangs or (str(g.id) in heads and e.after >= h.id - 1):
                found.append("copy")
                break
        own = kids.get(h.id, [])
        if any(k.deprel == "orphan" for k in own):
            found.append("orphan")
        if _verbless(h, kids):
            forms = {k.form.lower() for k in own if k.base_deprel in ("advmod", "cc")}
            between = {by_id[i].form.lower() for i in range(c.id + 1, h.id) if i in by_id}
            own_g = {k.form.lower() for k in kids.get(g.id, []) if k.deprel == "advmod"}
            if (forms | between) & MARKERS:
                found.append("stripping")
            elif c.form.lower() == "but" and own_g & {"not", "n't", "never"}:
                found.append("stripping")  # "not X but Y"
            clausal = [k for k in own if k.deprel in CLAUSAL]
            if clausal and (_predicate(g, kids) or any(k.deprel in NOMINAL_SAFE for k in clausal)):
                found.append("verbless")
            elif g.base_deprel in ("obj", "obl", "nsubj", "iobj", "advmod", "xcomp"):
                # argument cluster read as coordinated noun phrases: each conjunct with a
                # modifier of the same relation ("5% in March and 7% in April")
                rels = {k.deprel for k in kids.get(g.id, []) if k.deprel in PARALLEL}
                if rels & {k.deprel for k in own}:
                    found.append("parallel")
        for p in dict.fromkeys(found):
            yield c, p


def development_exclusions() -> tuple[set[str], set[str]]:
    """(sentence ids, normalised texts) of every development source and of
    ``treebank_gapping_gold.jsonl``."""
    from lingeval.conjuncts.authored import read_gold_records
    from lingeval.conjuncts.devdata import load_sources

    ids: set[str] = set()
    texts: set[str] = set()
    for src in load_sources(SHARED_DATA, DATA).values():
        for ex in src.examples:
            texts.add(norm(ex.sentence))
            sid = ex.meta.get("sent_id")
            if sid:
                ids.add(str(sid))
        ids.update(str(s) for s in src.trees)
    ids.update(
        str(rec["sent_id"]) for _, rec in read_gold_records(DATA / "treebank_gapping_gold.jsonl")
    )
    for line in (DATA / "synth_source.txt").read_text(encoding="utf-8").splitlines():
        texts.add(norm(line))
    return ids, texts


def repository_windows() -> set[str]:
    """Every 8-word window of the normalised text of the repository's tracked files (except
    this selection's own output and the gold files that store no text)."""
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    out: set[str] = set()
    for rel in files:
        path = ROOT / rel
        if path.suffix in (".png", ".gz", ".pkl", ".json") and "data" not in rel:
            continue
        try:
            words = norm(path.read_text(encoding="utf-8")).split()
        except (UnicodeDecodeError, OSError):
            continue
        out.update(" ".join(words[i : i + WINDOW]) for i in range(len(words) - WINDOW + 1))
    return out


def mining_label_ids() -> set[str]:
    """Sentence ids of the GUM and EWT mining label files (reported, not excluded)."""
    from lingeval.conjuncts.mining.quality import read_labels

    return {
        lab.sent_id
        for path in sorted(DATA.glob("*_mining_labels*.tsv"))
        for lab in read_labels(path)
    }


def main() -> int:
    if not SHARED_DATA.is_dir():
        print("../shared/data is absent: nothing to select")
        return 0
    from lingeval.core.conllu import read_conllu

    ids, texts = development_exclusions()
    windows = repository_windows()
    labelled = mining_label_ids()
    counts: Counter[tuple[str, str, str]] = Counter()
    distinct: dict[tuple[str, str, int], str] = {}
    rows: list[dict[str, Any]] = []
    for corpus, rel in CORPORA:
        for sent in read_conllu(SHARED_DATA / rel, validate_tree=False):
            found = list(patterns(sent))
            if not found:
                continue
            offsets = word_offsets(sent)
            sid, text = str(sent.sent_id), norm(sent.text)
            words = text.split()
            quoted = any(
                " ".join(words[i : i + WINDOW]) in windows for i in range(len(words) - WINDOW + 1)
            )
            why = (
                "dev-id"
                if sid in ids
                else "dev-text"
                if text in texts
                else "quoted"
                if quoted
                else "kept"
            )
            for c, pattern in found:
                counts[(corpus, pattern, why)] += 1
                off = offsets[c.id]
                distinct[(corpus, sid, off)] = why
                if why != "kept":
                    continue
                rows.append(
                    {
                        "corpus": corpus,
                        "sent_id": sid,
                        "pattern": pattern,
                        "conjunction": c.form,
                        "offset": off,
                        "in_mining_labels": sid in labelled,
                        "text": sent.text,
                        "marked": f"{sent.text[:off]}[[{c.form}]]{sent.text[off + len(c.form) :]}",
                    }
                )
    # one row per (sentence, conjunction): the patterns that found it joined
    merged: dict[tuple[str, str, int], dict[str, Any]] = {}
    for r in rows:
        key = (r["corpus"], r["sent_id"], r["offset"])
        if key in merged:
            merged[key]["pattern"] += "+" + r["pattern"]
        else:
            merged[key] = dict(r)
    OUT.mkdir(parents=True, exist_ok=True)
    with (OUT / "candidates.jsonl").open("w", encoding="utf-8") as fh:
        for r in merged.values():
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("| corpus | pattern | kept | dev-id | dev-text | quoted |")
    print("|---|---|---|---|---|---|")
    for corpus, _ in CORPORA:
        for pattern in ("copy", "orphan", "stripping", "verbless", "parallel"):
            row = [counts[(corpus, pattern, w)] for w in ("kept", "dev-id", "dev-text", "quoted")]
            print(f"| {corpus} | {pattern} | " + " | ".join(map(str, row)) + " |")
    by_why = Counter(distinct.values())
    print(
        f"\ndistinct coordinations: {len(distinct)}; "
        + ", ".join(f"{k} {v}" for k, v in sorted(by_why.items()))
    )
    print(f"{len(merged)} candidate coordinations -> {OUT / 'candidates.jsonl'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
