"""Candidates for the blind held-out set ``webnlg-heldout`` (issue 11, eighth session), from WebNLG text.

**Whoever develops a resolver must not run this script or read its output**: the candidates are
a superset of the blind held-out sentences. It is kept so that the selection can be checked and
repeated (``docs/conjuncts-devdata.md``, "The blind held-out set ``webnlg-heldout``").

Text: the English WebNLG v1.5 test lexicalisations (``<eid>/<lid>``,
:func:`lingeval.conjuncts.mining.quality.webnlg_texts`) and the WebNLG v1.5 dev texts rebuilt
from NeuralREG's ``data/dev.json`` without the texts equal to a test lexicalisation (SHA-1
prefix keys, ``conjuncts_mining_quality.webnlgdev_texts``), exactly the two corpora of the
``mined`` source. Each text is parsed by the default spaCy pipeline and split into sentences by
it (as the miner does). **No resolver and no ranker is run**: the query reads the parse, the
surface and the miner's first-stage patterns (:func:`lingeval.conjuncts.mining.miner.mine_doc`)
only. For every and/or/but, with the *right part* the words after it up to a ``;`` or a comma
before a relative word (*which, who, whose, where, when*) and the *left part* the words before
it from the last ``;``:

* ``strip-end``: the right part ends with *too*, *as well*, *also* or *either*;
* ``strip-not``: the right part opens with *not* / *never* (``but not X``, ``and not X``);
* ``not-but``: the marked word is *but*, the left part holds *not* / *n't* and the right part
  has no verb of its own (``not X but Y``); ``not-only`` when the left part holds *not only /
  just / merely / simply*;
* ``strip-adv``: the right part opens with an adverb (*also, then, later, formerly, ...*) and
  has no verb of its own;
* ``verbless``: the right part has no verb of its own, the left part has one, and the right
  part holds two or more phrases (two or more maximal subtrees, or a clause-level relation
  under a non-verb: ``nsubj``, ``dobj``, ``appos``, ``npadvmod``, ``dep``, ``attr``...);
* ``verbless-one``: the same with one phrase only (coordinated phrases of one verb, mostly
  conjunction reduction; every one is read, so that the reading covers every verbless right
  part after a verbal left part);
* ``np+pp``: no verb of its own and a verb on the left (as ``verbless``), without the two-phrase test, but the right part opens with no
  preposition and holds a preposition (not *of*) attached inside it (argument clusters read as
  one noun phrase: "its first flight on X and its last flight on Y");
* ``vp-ellipsis``: the right part has a verb of its own and ends with an auxiliary, or opens
  with *so / neither / nor* + auxiliary;
* ``miner``: a first-stage mining pattern marks the conjunction and its right part has no verb
  of its own.

A verb "of its own" is a VERB/AUX word of the right part that is not a modifier (``amod``,
``acl``, ``relcl``, ``compound``, ``advcl``) of a word of it. Excluded, in this order (the
first reason counts): ``labelled`` every sentence that holds a conjunction of a row of any
mining label file (``benchmarks/data/conjuncts/*mining_labels*.tsv``; WebNLG rows are keyed by
text and character offset) and every sentence with the same text elsewhere; ``dev-text`` every
sentence equal (by normalised words) to a sentence of a development source
(``devdata.load_sources`` default: paper, written, schuster, gum, ewt, pud, stripping, thec,
synthetic, ``mined``), of the synthetic source text, or of any sentence of GUM-train, EWT
dev/test and PUD (:data:`TREEBANKS`: the treebank label files and the other held-out set are
inside them, so its gold is never opened); ``quoted`` a sentence any 8-word window of which is
quoted in a tracked file of the repository. Sentences are deduplicated by text (the same text
often appears in several lexicalisations: the first in corpus order is the candidate, the number
of copies is recorded). Deterministic: corpus order, no sampling. Writes
``benchmarks/out/webnlg_select/candidates.jsonl`` (gitignored: it holds third-party text) and
prints counts per pattern and reason of exclusion. Every candidate was then read by hand; the
kept ones, with their gold, are ``benchmarks/data/conjuncts/webnlg_heldout_gold.jsonl``.

Usage: ``python benchmarks/conjuncts_webnlg_select.py``.
"""

from __future__ import annotations

import itertools
import json
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, SHARED_DATA
from conjuncts_heldout_select import WINDOW, development_exclusions, norm, repository_windows

DATA = ROOT / "benchmarks" / "data" / "conjuncts"
OUT = ROOT / "benchmarks" / "out" / "webnlg_select"
WEBNLG = SHARED_DATA / "reg" / "webnlg_enriched_v1.5_en_test"
WEBNLG_REG = SHARED_DATA / "reg" / "webnlg_reg_v1.5_seen_unseen"
CONJ = {"and", "or", "but"}
PATTERNS = (
    "strip-end", "strip-not", "not-but", "not-only", "strip-adv", "verbless", "verbless-one",
    "np+pp", "vp-ellipsis", "miner",
)  # fmt: skip
#: the treebanks whose every sentence is excluded by text (under ../shared/data)
TREEBANKS = (
    "treebanks/GUM-train/en_gum-train.conllu",
    "treebanks/UD_English-EWT/en_ewt-ud-dev.conllu",
    "treebanks/UD_English-EWT/en_ewt-ud-test.conllu",
    "treebanks/UD_English-PUD/en_pud-ud-test.conllu",
)
END_MARKERS = {"too", "also", "either"}
OPENING_ADVERBS = {
    "also", "then", "later", "formerly", "previously", "now", "currently", "subsequently",
    "again", "still", "originally", "eventually", "finally", "afterwards", "thereafter",
    "more", "especially", "particularly", "mainly", "mostly", "partly", "in",
}  # fmt: skip
RELATIVE = {"which", "who", "whose", "where", "when", "whom"}
MODIFIER_DEPS = {"amod", "acl", "relcl", "compound", "advcl"}
CLAUSE_UNDER_NOUN = {"nsubj", "nsubjpass", "dobj", "appos", "npadvmod", "dep", "attr", "oprd"}


def _own_verbs(words: list[Any]) -> list[Any]:
    """Verbs of a part that are not modifiers of a word of it."""
    inside = {w.i for w in words}
    return [
        w
        for w in words
        if w.pos_ in ("VERB", "AUX") and not (w.dep_ in MODIFIER_DEPS and w.head.i in inside)
    ]


def parts(sent: Any, cc: Any) -> tuple[list[Any], list[Any]]:
    """(left part, right part) of the conjunction ``cc`` in the sentence span ``sent``."""
    left: list[Any] = []
    for w in sent:
        if w.i >= cc.i:
            break
        left = [] if w.text == ";" else [*left, w]
    right: list[Any] = []
    for w in sent[cc.i - sent.start + 1 :]:
        if w.text == ";" or (
            w.lower_ in RELATIVE and right and right[-1].text == "," and len(right) > 1
        ):
            break
        right.append(w)
    while right and right[-1].is_punct:
        right.pop()
    if right and right[-1].text == ",":
        right.pop()
    return left, right


def patterns(sent: Any, cc: Any, mined: set[int]) -> list[str]:
    """The query's patterns that fire for the conjunction ``cc`` (module docstring)."""
    left, right = parts(sent, cc)
    if not right:
        return []
    words = [w.lower_ for w in right]
    left_words = [w.lower_ for w in left]
    verbless = not _own_verbs(right)
    found: list[str] = []
    if words[-1] in END_MARKERS or words[-2:] == ["as", "well"]:
        found.append("strip-end")
    if words[0] in ("not", "never"):
        found.append("strip-not")
    if cc.lower_ == "but" and verbless and {"not", "n't"} & set(left_words):
        pairs = set(itertools.pairwise(left_words))
        only = {("not", w) for w in ("only", "just", "merely", "simply")}
        found.append("not-only" if pairs & only else "not-but")
    if verbless and words[0] in OPENING_ADVERBS and right[0].pos_ in ("ADV", "ADP"):
        found.append("strip-adv")
    if verbless and _own_verbs(left):
        inside = {w.i for w in right}
        roots = [w for w in right if w.head.i not in inside and not w.is_punct]
        under_noun = any(
            w.dep_ in CLAUSE_UNDER_NOUN
            and w.head.i in inside
            and w.head.pos_ not in ("VERB", "AUX")
            for w in right
        )
        found.append("verbless" if len(roots) >= 2 or under_noun else "verbless-one")
    if verbless and _own_verbs(left) and right[0].pos_ != "ADP":
        inside = {w.i for w in right}
        if any(w.pos_ == "ADP" and w.lower_ != "of" and w.head.i in inside for w in right):
            found.append("np+pp")
    if not verbless and (
        right[-1].pos_ == "AUX"
        or (words[0] in ("so", "neither", "nor") and right[1:2] and right[1].pos_ == "AUX")
    ):
        found.append("vp-ellipsis")
    if verbless and cc.i in mined:
        found.append("miner")
    return found


def texts() -> list[tuple[str, str, str]]:
    """``(corpus, key, text)`` of the WebNLG test lexicalisations and dev texts."""
    from conjuncts_mining_quality import webnlgdev_texts
    from lingeval.conjuncts.mining.quality import webnlg_texts

    out = [("webnlg", k, t) for k, t in webnlg_texts(WEBNLG)]
    out += [("webnlgdev", k, t) for k, t in webnlgdev_texts(WEBNLG_REG, WEBNLG).items()]
    return out


def labelled_offsets() -> dict[str, set[int]]:
    """Text key -> the labelled conjunctions' character offsets, over every mining label file
    (WebNLG keys and treebank ids alike)."""
    from lingeval.conjuncts.mining.quality import read_labels

    out: dict[str, set[int]] = {}
    for path in sorted(DATA.glob("*mining_labels*.tsv")):
        for lab in read_labels(path):
            out.setdefault(lab.sent_id, set()).add(lab.offset)
    return out


def labelled_sentences(parsed: Iterable[tuple[tuple[str, str, str], Any]]) -> set[str]:
    """Normalised texts of the sentences that hold a labelled conjunction."""
    offsets = labelled_offsets()
    return {
        norm(sent.text)
        for (_, key, _), doc in parsed
        if key in offsets
        for sent in doc.sents
        if any(sent.start_char <= o < sent.end_char for o in offsets[key])
    }


def treebank_texts() -> set[str]:
    """Normalised texts of every sentence of :data:`TREEBANKS` (GUM-train, EWT dev/test, PUD:
    the treebank label files, the treebank development sources and the other held-out set
    are all inside them)."""
    from lingeval.core.conllu import read_conllu

    return {
        norm(sent.text)
        for rel in TREEBANKS
        if (SHARED_DATA / rel).is_file()
        for sent in read_conllu(SHARED_DATA / rel, validate_tree=False)
    }


def _mined_conjunctions(span: Any) -> set[int]:
    """Token indices of the conjunctions the miner's first-stage patterns mark in ``span``."""
    from lingeval.conjuncts.mining.miner import mine_doc

    _, found = mine_doc(span.as_doc(), split=False, prefilter=True)
    offsets = {off for _, hits in found for off, *_ in hits}
    return {w.i for w in span if w.idx - span.start_char in offsets}


def candidates(
    docs: Iterable[tuple[tuple[str, str, str], Any]],
    labelled: set[str],
    dev_texts: set[str],
    windows: set[str],
) -> tuple[list[dict[str, Any]], Counter[tuple[str, str]], Counter[str]]:
    """Candidate rows (one per distinct sentence and conjunction), counts per (pattern,
    reason) and per reason over the distinct sentences with a pattern."""
    counts: Counter[tuple[str, str]] = Counter()
    reasons: Counter[str] = Counter()
    copies: Counter[str] = Counter()  # normalised sentence -> lexicalisations holding it
    rows: list[dict[str, Any]] = []
    for (corpus, key, _), doc in docs:
        for sent in doc.sents:
            ccs = [w for w in sent if w.lower_ in CONJ and w.pos_ == "CCONJ"]
            if not ccs:
                continue
            sentence = sent.text
            n = norm(sentence)
            copies[n] += 1
            if copies[n] > 1:  # the same sentence in another lexicalisation
                continue
            mined = _mined_conjunctions(sent)
            fired = [(cc, patterns(sent, cc, mined)) for cc in ccs]
            fired = [(cc, p) for cc, p in fired if p]
            if not fired:
                continue
            words = n.split()
            own = {" ".join(words[i : i + WINDOW]) for i in range(len(words) - WINDOW + 1)}
            tests = (("labelled", n in labelled), ("dev-text", n in dev_texts))
            why = next((r for r, hit in (*tests, ("quoted", bool(own & windows))) if hit), "kept")
            reasons[why] += 1
            for _cc, pats in fired:
                for p in pats:
                    counts[(p, why)] += 1
            if why != "kept":
                continue
            a = sent.start_char
            for cc, pats in fired:
                off = cc.idx - a
                rows.append(
                    {
                        "corpus": corpus,
                        "sent_id": key,
                        "span": [a, sent.end_char],
                        "conjunction": cc.text,
                        "offset": off,
                        "pattern": "+".join(pats),
                        "text": sentence,
                        "marked": f"{sentence[:off]}[[{cc.text}]]{sentence[off + len(cc.text) :]}",
                    }
                )
    for row in rows:  # copies of the same text in other lexicalisations
        row["copies"] = copies[norm(row["text"])]
    return rows, counts, reasons


def main() -> int:
    if not WEBNLG.is_dir():
        print("../shared/data/reg is absent: nothing to select")
        return 0
    from lingeval.core.parsing import load_pipeline

    corpus = texts()
    nlp = load_pipeline()
    parsed = list(zip(corpus, nlp.pipe(t for _, _, t in corpus), strict=True))
    labelled = labelled_sentences(parsed)
    _, dev_texts = development_exclusions()
    dev_texts |= treebank_texts()
    rows, counts, reasons = candidates(parsed, labelled, dev_texts, repository_windows())
    OUT.mkdir(parents=True, exist_ok=True)
    with (OUT / "candidates.jsonl").open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    n_sents = sum(1 for _, doc in parsed for _ in doc.sents)
    print(f"{len(corpus)} texts ({sum(1 for c in corpus if c[0] == 'webnlg')} test), "
          f"{n_sents} sentences, {len(labelled)} distinct labelled sentences")  # fmt: skip
    print("\n| pattern | kept | labelled | dev-text | quoted |")
    print("|---|---|---|---|---|")
    for p in PATTERNS:
        row = [counts[(p, w)] for w in ("kept", "labelled", "dev-text", "quoted")]
        print(f"| {p} | " + " | ".join(map(str, row)) + " |")
    print(
        "\ndistinct sentences with a pattern: "
        + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))
    )
    print(f"{len(rows)} candidate coordinations -> {OUT / 'candidates.jsonl'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
