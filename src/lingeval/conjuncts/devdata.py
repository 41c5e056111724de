"""Real development data for conjunct resolution, derived at run time (issue 11; paper 000, 3-4.2).

The sources live in ``../shared/data`` (third-party licences; never copied into the
repository) and in the repository's benchmark folder:

``schuster``   Schuster, Nivre & Manning (2018) gapping corpus, train split: enhanced-UD copy
               nodes -> gold rewrite sets (:mod:`lingeval.conjuncts.gapping`).
``gum``        GUM train: every copy node of the enhanced layer that elides a coordinated verb.
``ewt``        UD English EWT dev + test: the same.
``pud``        UD English PUD test: the same.
``stripping``  Stripping and VP ellipsis sentences of GUM-train, EWT and PUD (no copy node) with
               gold rewrites written here (``benchmarks/data/conjuncts/stripping_gold.jsonl``:
               sentence ids and templates only, :mod:`lingeval.conjuncts.authored`).
``thec``       The Hoosier Ellipsis Corpus (English VP ellipsis): the resolved sentence split at
               the last and/or/but before the ellipsis site (:func:`thec_examples`). Items
               whose ellipsis is not in a coordinated clause (questions, answers, relative
               clauses, comparatives) are kept apart as ``thec-other`` with
               ``meta.coordination = False``.
``paper``      The paper's worked examples (``benchmarks/data/conjuncts/paper.jsonl``).
``written``    The two sets written in this repository before tuning on them
               (``benchmarks/data/conjuncts/heldout.jsonl``, ``heldout2.jsonl``): named
               "held-out" there, but written here, so development numbers too.
``written-clusters`` Argument clusters and gapping in encyclopedic, news and conversational
               style (``benchmarks/data/conjuncts/written_clusters.jsonl``), written here in
               session 9 with their gold before any resolver was run on them; development data
               (``meta.shape`` and ``meta.register`` give the finer shape and the style).
``written-stripping`` Stripping (and a few "so/neither + auxiliary" VP-ellipsis) sentences
               written here in session 9 (``benchmarks/data/conjuncts/written_stripping.jsonl``),
               in the registers of GUM's genres, with gold written before any resolver ran on
               them: our own text, a development set (``meta.genre``, ``meta.marker``,
               ``meta.remnant`` give its shapes). Never fitted on.
``written-stripping2`` A second batch of the same kind (``written_stripping2.jsonl``), written
               after the ninth session's stripping fixes, blind to every resolver output on
               it: a check of whether the fixes generalise. Never fitted on.
``written-stripping3`` A third batch (``written_stripping3.jsonl``, session 10): long sentences
               in the style of real text of varied genres (transcripts with fillers and dashes,
               academic prose with citations, letters, ...), gold written before any resolver
               ran on them. Never fitted on.
``written-blind11`` Three sets written in session 11 by three writers who ran nothing on them
               (``written_blind11a/b/c.jsonl``, ``meta.set``): gapping, argument clusters and
               stripping in the style of real newswire, web, encyclopedic and spoken text, gold
               written before any resolver ran; scored blind during that session (first scores
               in ``docs/conjuncts-devdata.md``), development data since. Never fitted on.
``written-blind12`` Three more sets of the same kind, written in session 12
               (``written_blind12d/e/f.jsonl``, ``meta.set``): stripping in the registers of
               GUM's genres ("not X but Y", "not only X but also Y", "but/and not", markers;
               set d, the session's clean measure), gapping, clusters and stripping in the
               style of knowledge-graph fact sentences (e) and both (f). Never fitted on.
``written-blind13`` Six more, written in session 13 (``written_blind13i..n.jsonl``,
               ``meta.set``): stripping-heavy running text in the registers of GUM's genres
               (i, j, m) and knowledge-graph fact sentences, gapping-heavy (k, l, n); i and l
               were the session's clean measures. j, k, m and n were read while fixing rules:
               in-sample for the rules, though the ranker is never fitted on any of them.
``written-blind14`` Seven more, written in session 14 (``written_blind14p..v.jsonl``,
               ``meta.set``): running text in the registers of GUM's genres (p, q, r, u; q
               correlatives and negation, r sequence adverbs and clusters), knowledge-graph fact
               sentences (s, and v: gapping only, written after the freeze), web text (t);
               p, s, u and v were the session's clean measures,
               q, r and t were read while fixing rules. Never fitted on.
``synthetic``  Gapped sentences made by :mod:`lingeval.conjuncts.synthesize` from
               ``benchmarks/data/conjuncts/synth_source.txt``.
``mined``      Real gapping, stripping and argument-cluster sentences of WebNLG (test
               lexicalisations and dev texts), UD English-EWT dev/test and PUD that the mining
               labels point at; gold written here (``benchmarks/data/conjuncts/mined_gold.jsonl``:
               text keys, SHA-1 and templates only, :func:`record_examples`). Held out
               (``mined-heldout``) and scored blind once in the sixth session; development data
               from the seventh on.
``treebank-heldout`` **Held out.** Real gapping, argument-cluster and stripping sentences of
               GUM-train and UD English-EWT test, selected from their gold trees by a query that
               runs no resolver (``benchmarks/conjuncts_heldout_select.py``), development
               sentences excluded; gold written here blind to every resolver
               (``benchmarks/data/conjuncts/treebank_heldout_gold.jsonl``: text keys, SHA-1 and
               templates only, :func:`record_examples`). Loaded only when named
               (:data:`HELD_OUT_SOURCES`), never fitted or tuned on.
``webnlg-heldout`` **Held out** (session 8). Real gapping, stripping and argument-cluster
               sentences of WebNLG text (v1.5 test lexicalisations and the REG dev texts) that no
               mining label file and no development source holds, selected by a query that runs
               no resolver (``benchmarks/conjuncts_webnlg_select.py``); gold written here blind
               (``benchmarks/data/conjuncts/webnlg_heldout_gold.jsonl``: text keys, SHA-1 and
               templates only, :func:`record_examples`). Loaded only when named, never fitted or
               tuned on; an absent or empty gold file gives no items.

Every example's ``meta`` has ``source`` and ``phenomenon`` (``gapping``, ``stripping``,
``argument-cluster``, ``nominal``, ``vp-ellipsis``, ...), and, for the treebank sources, the
gold tree's sentence id (``sent_id``) so oracle-tree runs can find it
(:func:`gold_trees`). All numbers on these sets are development numbers, except on the
sources of :data:`HELD_OUT_SOURCES`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lingeval.conjuncts.example import CONJUNCTIONS, ConjunctExample
from lingeval.conjuncts.gapping import GappingReport, extract_from_sentence
from lingeval.core.conllu import Sentence, read_conllu
from lingeval.core.errors import LingevalError

__all__ = [
    "HELD_OUT_SOURCES",
    "SOURCES",
    "DevSource",
    "default_paths",
    "gold_trees",
    "load_sources",
    "record_corpora",
    "record_examples",
    "thec_examples",
    "treebank_examples",
]

#: Source names in report order.
SOURCES = (
    "paper",
    "written",
    "written-clusters",
    "written-stripping",
    "written-stripping2",
    "written-stripping3",
    "written-blind11",
    "written-blind12",
    "written-blind13",
    "written-blind14",
    "schuster",
    "gum",
    "ewt",
    "pud",
    "stripping",
    "thec",
    "thec-other",
    "synthetic",
    "mined",
    "treebank-heldout",
    "webnlg-heldout",
)
#: Held-out sources: never fitted, tuned or read for rules; :func:`load_sources` loads them
#: only when they are named, and their scores are reported apart as held-out numbers.
HELD_OUT_SOURCES = ("treebank-heldout", "webnlg-heldout")
#: Sources read by :func:`record_examples` from gold records written here (text keys).
RECORD_SOURCES = ("mined", "treebank-heldout", "webnlg-heldout")
#: The corpora that gold records written here by text key point into (``corpus`` field of
#: the records of :func:`record_examples`).
RECORD_CORPORA = ("webnlg", "webnlgdev", "ewt", "pud", "gum")


@dataclass
class DevSource:
    """One derived source: its examples, the files read and the extraction report."""

    name: str
    examples: list[ConjunctExample]
    files: list[Path] = field(default_factory=list)
    report: GappingReport | None = None
    trees: dict[str, Sentence] = field(default_factory=dict, repr=False)
    notes: list[str] = field(default_factory=list)


def default_paths(shared: Path, bench_data: Path | None = None) -> dict[str, list[Path]]:
    """Where each source's files are under ``../shared/data`` (and the benchmark folder)."""
    conj = shared / "conjuncts"
    banks = shared / "treebanks"
    paths = {
        "schuster": [conj / "schuster2018-gapping-train" / "enhanced" / "gapping.train.conllu"],
        "gum": [banks / "GUM-train" / "en_gum-train.conllu"],
        "ewt": [
            banks / "UD_English-EWT" / "en_ewt-ud-dev.conllu",
            banks / "UD_English-EWT" / "en_ewt-ud-test.conllu",
        ],
        "pud": [banks / "UD_English-PUD" / "en_pud-ud-test.conllu"],
        "thec": sorted((conj / "thec-eng-vp-ellipsis").glob("*.txt")),
    }
    if bench_data is not None:
        paths.update(_bench_paths(bench_data))
    return paths


def record_corpora(shared: Path) -> dict[str, list[Path]]:
    """Where the corpora of :data:`RECORD_CORPORA` are under ``../shared/data``: the English
    WebNLG v1.5 test XML folder, the NeuralREG WebNLG folder (its ``data/dev.json``), and the
    EWT dev/test, PUD and GUM-train CoNLL-U files."""
    paths = default_paths(shared)
    reg = shared / "reg"
    return {
        "webnlg": [reg / "webnlg_enriched_v1.5_en_test"],
        "webnlgdev": [reg / "webnlg_reg_v1.5_seen_unseen" / "data" / "dev.json"],
        "ewt": paths["ewt"],
        "pud": paths["pud"],
        "gum": paths["gum"],
    }


def _bench_paths(bench_data: Path) -> dict[str, list[Path]]:
    return {
        "paper": [bench_data / "paper.jsonl"],
        "written": [bench_data / "heldout.jsonl", bench_data / "heldout2.jsonl"],
        "written-clusters": [bench_data / "written_clusters.jsonl"],
        "written-stripping": [bench_data / "written_stripping.jsonl"],
        "written-stripping2": [bench_data / "written_stripping2.jsonl"],
        "written-stripping3": [bench_data / "written_stripping3.jsonl"],
        "written-blind11": [bench_data / f"written_blind11{k}.jsonl" for k in "abc"],
        "written-blind12": [bench_data / f"written_blind12{k}.jsonl" for k in "def"],
        "written-blind13": [bench_data / f"written_blind13{k}.jsonl" for k in "ijklmn"],
        "written-blind14": [bench_data / f"written_blind14{k}.jsonl" for k in "pqrstuv"],
        "synthetic": [bench_data / "synth_source.txt"],
        "stripping": [bench_data / "stripping_gold.jsonl"],
        "mined": [bench_data / "mined_gold.jsonl"],
        "treebank-heldout": [bench_data / "treebank_heldout_gold.jsonl"],
        "webnlg-heldout": [bench_data / "webnlg_heldout_gold.jsonl"],
    }


def treebank_examples(name: str, paths: Sequence[Path], *, keep_trees: bool = True) -> DevSource:
    """Gold examples from the copy nodes of enhanced-UD treebanks (every copy node is
    accounted for in ``report.statuses``)."""
    report = GappingReport()
    out: list[ConjunctExample] = []
    trees: dict[str, Sentence] = {}
    for path in paths:
        for i, sentence in enumerate(read_conllu(path, validate_tree=False), 1):
            report.sentences += 1
            if not sentence.empty_nodes:
                continue
            found = [
                ex
                for ex in extract_from_sentence(sentence, source=path.name, index=i, report=report)
                if ex.rewrites  # inputs without gold (antecedent outside the sentence) are counted only
            ]
            for ex in found:
                ex.meta["source"] = name
                ex.split = "dev"
                if keep_trees:
                    trees[ex.meta["sent_id"]] = sentence
            out.extend(found)
    return DevSource(name, out, list(paths), report, trees)


_GAP = re.compile(r"_{3,}")
WH_WORDS = {"what", "which", "who", "whom", "whose", "where", "when", "why", "how"}
_SPACE_BEFORE = re.compile(r"\s+([.,;:!?)\]}…])")
_SPACE_AFTER = re.compile(r"([(\[{])\s+")


def _tidy(text: str) -> str:
    """Whitespace and spacing of a THEC line (some files are tokenised: ``wedding , but``)."""
    text = _GAP.sub(" ", text)
    text = " ".join(text.split())
    text = _SPACE_BEFORE.sub(r"\1", text)
    text = _SPACE_AFTER.sub(r"\1", text)
    return re.sub(r"\s+(n[’']t|[’'](s|re|ve|ll|d|m))\b", r"\1", text)


def _thec_blocks(path: Path) -> Iterable[tuple[int, list[str], str, str]]:
    """``(line, context lines, elliptical, resolved)`` per block of a THEC file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() != "----":
            i += 1
            continue
        j = i - 1
        before: list[str] = []
        while j >= 0 and lines[j].strip() and not lines[j].lstrip().startswith("#"):
            before.insert(0, lines[j].strip())
            j -= 1
        k = i + 1
        while k < len(lines) and not lines[k].strip():
            k += 1
        if not before or k >= len(lines):
            raise LingevalError(
                f"{path}:{i + 1}: a '----' without an elliptical and a resolved line"
            )
        yield i, before[:-1], before[-1], lines[k].strip()
        i = k + 1


def thec_examples(paths: Sequence[Path]) -> tuple[DevSource, DevSource]:
    """THEC items as (coordination items, other items), each with a gold rewrite set.

    The marked conjunction is the last and/or/but before the first ellipsis site ``___``;
    the resolved sentence is split there: the part before it (trailing comma dropped, the
    sentence's final punctuation added) and the part after it (capitalised). Items without
    such a conjunction, or with context lines (dialogue answers), go to the second source
    with ``meta.coordination = False`` and the resolved sentence as the single rewrite when
    they have a conjunction at all (they cannot be task items otherwise and are counted in
    ``notes``).
    """
    coord: list[ConjunctExample] = []
    other: list[ConjunctExample] = []
    skipped = 0
    for path in paths:
        for line, context, elliptical, resolved in _thec_blocks(path):
            ident = f"thec:{path.stem}:{line + 1}"
            gap = _GAP.search(elliptical)
            sentence = _tidy(elliptical)
            gold = _tidy(resolved)
            head = _tidy(elliptical[: gap.start()]) if gap else sentence
            hits = [
                m
                for m in re.finditer(r"\b(and|or|but)\b", head, re.IGNORECASE)
                if m.group(0).lower() in CONJUNCTIONS
            ]
            meta: dict[str, Any] = {
                "source": "thec",
                "phenomenon": "vp-ellipsis",
                "file": path.name,
                "resolved": gold,
                "context": context,
            }
            if not hits:
                any_conj = re.search(r"\b(and|or|but)\b", sentence, re.IGNORECASE)
                if any_conj is None:
                    skipped += 1
                    continue
                meta.update(coordination=False, source="thec-other")
                other.append(
                    ConjunctExample(
                        ident,
                        sentence,
                        any_conj.group(0),
                        any_conj.start(),
                        [gold],
                        False,
                        "dev",
                        meta,
                    )
                )
                continue
            m = hits[-1]
            offset = m.start()
            if sentence[offset : m.end()] != m.group(0):
                skipped += 1
                continue
            left = gold[:offset].rstrip(" ,;:—-")
            right = gold[offset + len(m.group(0)) :].strip(" ,")
            between = elliptical[: gap.start()] if gap else ""
            if (
                gap
                and not between[
                    between.lower().rfind(m.group(0).lower()) + len(m.group(0)) :
                ].strip()
            ):
                # "Eve gave a CD to Al and ___ roses to Sue" is resolved "... and gave roses to
                # Sue": the subject is shared, so the second sentence takes the first's
                first = right.split(" ", 1)[0]
                hit = re.search(rf"\b{re.escape(first)}\b", left)
                if hit and hit.start() > 0:
                    right = left[: hit.start()] + right
                elif _AUX.match(first):
                    # "..., but ___ not ___ the diamonds" -> "did not steal the diamonds": the
                    # first part's subject (from a parse of that part)
                    subject = _subject_of(left)
                    if subject:
                        right = f"{subject} {right[:1].lower()}{right[1:]}"
            meta["phenomenon"] = _thec_phenomenon(elliptical, m.group(0))
            final = gold[-1] if gold and gold[-1] in ".!?" else "."
            if left and left[-1] not in ".!?":
                left += final
            rewrites = [_cap(left), _cap(right)]
            meta["coordination"] = not context
            example = ConjunctExample(
                ident, sentence, m.group(0), offset, rewrites, True, "dev", meta
            )
            if context:
                example.meta["source"] = "thec-other"
                other.append(example)
            else:
                coord.append(example)
    files = list(paths)
    a = DevSource("thec", coord, files)
    b = DevSource("thec-other", other, files)
    b.notes.append(f"{skipped} THEC items without any and/or/but (not task items)")
    return a, b


_AUX = re.compile(
    r"(do|does|did|can|could|will|would|shall|should|may|might|must|has|have|had|is|are|was"
    r"|were|be|been|being|am|not|to|n[’']t|[’'](s|re|ll|d|ve|m)|won[’']t|can[’']t|couldn[’']t"
    r"|don[’']t|doesn[’']t|didn[’']t|wouldn[’']t|shouldn[’']t|hasn[’']t|haven[’']t|isn[’']t"
    r"|aren[’']t|wasn[’']t|weren[’']t|so)$|n[’']t$|[’'](ve|ll|d|s|re|m)$",
    re.IGNORECASE,
)
_MARKERS = {"too", "also", "as", "well", "either", "neither", "so"}
_QUANTIFIERS = {"some", "many", "few", "several", "all", "any", "one", "two", "three", "four", "five", "six", "most", "both", "each"}  # fmt: skip


def _subject_of(clause: str) -> str | None:
    """The subject phrase of a clause's main verb, from the default spaCy pipeline."""
    from lingeval.core.parsing import load_pipeline

    doc = load_pipeline()(clause)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    subj = (
        next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass", "expl")), None)
        if root is not None
        else None
    )
    if subj is None:
        return None
    return doc[subj.left_edge.i : subj.right_edge.i + 1].text


def _thec_phenomenon(elliptical: str, conjunction: str) -> str:
    """From the ``___`` sites in the conjunct after the marked conjunction: one after an
    auxiliary, *to* or *not* -> ``vp-ellipsis``; after a wh-word -> ``sluicing``; after a
    number or quantifier -> ``nominal``; one with words of the conjunct on both sides ->
    ``gapping``, only after it -> ``argument-cluster``; otherwise ``stripping``."""
    k = elliptical.lower().find(f" {conjunction.lower()} ")
    tail = elliptical[k + len(conjunction) + 2 :] if k >= 0 else elliptical
    pieces = _GAP.split(tail)
    if len(pieces) < 2:
        return "stripping"
    kinds = []
    for n in range(len(pieces) - 1):
        pre = re.findall(r"[\w’']+", pieces[n])
        post = [w for w in re.findall(r"[\w’']+", pieces[n + 1]) if w.lower() not in _MARKERS]
        last = pre[-1].lower() if pre else ""
        if last and _AUX.search(last):
            kinds.append("vp-ellipsis")
        elif last in WH_WORDS or (not post and any(w.lower() in WH_WORDS for w in pre)):
            kinds.append("sluicing")
        elif last in _QUANTIFIERS or last.isdigit():
            kinds.append("nominal")
        elif post:
            kinds.append("gapping" if pre or n > 0 else "argument-cluster")
        else:
            kinds.append("stripping")
    for kind in ("vp-ellipsis", "sluicing", "gapping", "argument-cluster", "nominal"):
        if kind in kinds:
            return kind
    return "stripping"


def _cap(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] if text else text


def load_sources(
    shared: Path | None,
    bench_data: Path | None = None,
    *,
    names: Sequence[str] | None = None,
) -> dict[str, DevSource]:
    """Every available source (``names`` selects), in :data:`SOURCES` order.

    Sources whose files are absent are left out (a fresh clone has no ``../shared``). The
    held-out sources (:data:`HELD_OUT_SOURCES`) are loaded only when ``names`` names them.
    """
    wanted = list(names) if names else [n for n in SOURCES if n not in HELD_OUT_SOURCES]
    unknown = [n for n in wanted if n not in SOURCES]
    if unknown:
        raise LingevalError(f"unknown source(s) {unknown}; known: {', '.join(SOURCES)}")
    paths = default_paths(shared, bench_data) if shared is not None else {}
    if shared is None and bench_data is not None:
        paths = _bench_paths(bench_data)
    out: dict[str, DevSource] = {}
    for name in wanted:
        if name == "thec-other":
            continue
        files = paths.get(name, [])
        if not files or not all(p.is_file() for p in files):
            continue
        if name in ("schuster", "gum", "ewt", "pud"):
            out[name] = treebank_examples(name, files)
        elif name == "stripping":
            from lingeval.conjuncts.authored import authored_examples

            banks: dict[str, list[Path]] = {
                k: paths[k] for k in ("gum", "ewt", "pud") if k in paths
            }
            examples, trees = authored_examples(files[0], banks, source=name)
            if examples:
                out[name] = DevSource(name, examples, files, trees=trees)
        elif name in RECORD_SOURCES:
            corpora = record_corpora(shared) if shared is not None else {}
            split = "heldout" if name in HELD_OUT_SOURCES else "dev"
            examples, trees, notes = record_examples(files[0], corpora, source=name, split=split)
            if examples:
                out[name] = DevSource(name, examples, files, trees=trees, notes=notes)
        elif name == "thec":
            coord, other = thec_examples(files)
            out["thec"] = coord
            if "thec-other" in wanted:
                out["thec-other"] = other
        elif name in (
            "paper",
            "written",
            "written-clusters",
            "written-stripping",
            "written-stripping2",
            "written-stripping3",
            "written-blind11",
            "written-blind12",
            "written-blind13",
            "written-blind14",
        ):
            from lingeval.conjuncts.data import read_jsonl

            examples = [ex for f in files for ex in read_jsonl(f)]
            for ex in examples:
                ex.meta.setdefault("phenomenon", "other")
                ex.meta["source_detail"] = ex.meta.get("source")
                ex.meta["source"] = name
            out[name] = DevSource(name, examples, files)
        elif name == "synthetic":
            from lingeval.conjuncts.synthesize import synthesize_text

            lines = [t for t in files[0].read_text(encoding="utf-8").splitlines() if t.strip()]
            examples = synthesize_text(lines)
            for ex in examples:
                ex.meta["source"] = "synthetic"
            out[name] = DevSource(name, examples, files)
    return {n: out[n] for n in SOURCES if n in out}


_RECORD_KEYS = ("corpus", "sent_id", "span", "conjunction", "offset", "text_sha1", "rewrites")


def _record_texts(
    corpus: str, paths: Sequence[Path], wanted: set[str]
) -> tuple[dict[str, str], dict[str, Sentence]]:
    """``key -> text`` (and ``key -> gold tree`` for treebanks) of the wanted keys of one
    corpus: a treebank's ``# text`` lines (stripped, as the mining labels count offsets), a
    WebNLG test lexicalisation (``<eid>/<lid>``) or a WebNLG dev text (SHA-1 prefix key)."""
    from lingeval.conjuncts.mining import quality as mq

    if corpus == "webnlg":
        return {k: t for k, t in mq.webnlg_texts(paths[0]) if k in wanted}, {}
    if corpus == "webnlgdev":
        root = paths[0].parent.parent  # .../data/dev.json -> the NeuralREG folder
        return {k: t for k, t in mq.webnlg_reg_texts(root) if k in wanted}, {}
    texts: dict[str, str] = {}
    trees: dict[str, Sentence] = {}
    for path in paths:
        for sent in read_conllu(path, validate_tree=False):
            sid = str(sent.sent_id)
            if sid in wanted:
                texts[sid] = sent.text.strip()
                trees[sid] = sent
    return texts, trees


def record_examples(
    gold: Path,
    corpora: Mapping[str, Sequence[Path]],
    *,
    source: str = "mined",
    split: str = "dev",
) -> tuple[list[ConjunctExample], dict[str, Sentence], list[str]]:
    """The examples of ``gold`` (JSON lines written here, no third-party text), their gold
    trees (treebank items, for oracle runs) and notes on what was skipped. ``split`` is the
    examples' split; ``"heldout"`` marks them ``meta.held_out``.

    A record names the ``corpus`` (:data:`RECORD_CORPORA`) and the text key (``sent_id``:
    the treebank sentence id, the WebNLG lexicalisation or dev-text key); ``span`` ``[a, b]`` is the sentence inside that
    text (a WebNLG lexicalisation may hold several), ``offset`` the marked ``conjunction`` in
    the sentence, ``text_sha1`` the SHA-1 of the sentence, ``rewrites`` templates over it
    (:func:`lingeval.conjuncts.authored.fill_template`: ``{a:b}`` = characters of the
    sentence, the rest our own words), ``rewritable`` False for an item left unchanged and
    ``flag`` (``not-rewritable``/``garbled``) with a ``reason`` for items reported apart.
    ``corpora`` maps corpus names to their files (:func:`record_corpora`); records of an
    absent corpus are skipped (noted); a missing text, a changed text (SHA-1) or a bad record
    is an error naming the gold file and line.
    """
    from lingeval.conjuncts.authored import fill_rewrites, read_gold_records, text_sha1

    records: list[tuple[int, dict[str, Any]]] = []
    for n, rec in read_gold_records(gold):
        missing = [k for k in _RECORD_KEYS if k not in rec] if isinstance(rec, dict) else ["all"]
        if missing:
            raise LingevalError(f"{gold}:{n}: record lacks {', '.join(missing)}")
        if rec["corpus"] not in RECORD_CORPORA:
            raise LingevalError(
                f"{gold}:{n}: unknown corpus {rec['corpus']!r} (known: {', '.join(RECORD_CORPORA)})"
            )
        records.append((n, rec))
    notes: list[str] = []
    texts: dict[str, dict[str, str]] = {}
    trees: dict[str, Sentence] = {}
    for corpus in RECORD_CORPORA:
        wanted = {str(r["sent_id"]) for _, r in records if r["corpus"] == corpus}
        paths = corpora.get(corpus, [])
        if not wanted:
            continue
        if not paths or not all(p.exists() for p in paths):
            notes.append(f"{len(wanted)} {corpus} item(s) skipped: corpus absent")
            continue
        texts[corpus], found = _record_texts(corpus, paths, wanted)
        trees.update(found)
    examples: list[ConjunctExample] = []
    for n, rec in records:
        corpus, sid = rec["corpus"], str(rec["sent_id"])
        if corpus not in texts:
            continue
        where = f"{gold}:{n}"
        text = texts[corpus].get(sid)
        if text is None:
            raise LingevalError(f"{where}: no text {sid!r} in the {corpus} corpus")
        a, b = (int(x) for x in rec["span"])
        sentence = text[a:b]
        if not 0 <= a < b <= len(text) or text_sha1(sentence) != rec["text_sha1"]:
            raise LingevalError(
                f"{where}: the text of {corpus} {sid!r} changed (SHA-1 of characters {a}-{b} "
                "differs from the one the gold was written for); not scoring a wrong gold"
            )
        conj, offset = str(rec["conjunction"]), int(rec["offset"])
        if sentence[offset : offset + len(conj)].lower() != conj.lower():
            raise LingevalError(f"{where}: no {conj!r} at offset {offset} of the sentence")
        rewrites = fill_rewrites(rec["rewrites"], sentence, where)
        rewritable = bool(rec.get("rewritable", len(rewrites) > 1))
        if not rewritable and rewrites != [sentence]:
            raise LingevalError(f"{where}: a non-rewritable item's gold must be the sentence")
        meta = {
            "source": source,
            "phenomenon": rec.get("phenomenon", "other"),
            "corpus": corpus,
            "sent_id": sid,
            "flag": rec.get("flag"),
            "reason": rec.get("reason", ""),
            "annotator": rec.get("annotator", ""),
            "held_out": split == "heldout",
        }
        if "shape" in rec:  # the finer construction of a held-out record ("not-but", ...)
            meta["construction"] = rec["shape"]
        examples.append(
            ConjunctExample(
                f"{source}:{corpus}:{sid}@{offset}",
                sentence,
                sentence[offset : offset + len(conj)],
                offset,
                rewrites,
                rewritable,
                split,
                meta,
            )
        )
    used = {ex.meta["sent_id"] for ex in examples}
    return examples, {k: v for k, v in trees.items() if k in used}, notes


def gold_trees(sources: dict[str, DevSource]) -> dict[str, Sentence]:
    """Example id -> the gold basic tree of its sentence (treebank sources only)."""
    out: dict[str, Sentence] = {}
    for src in sources.values():
        for ex in src.examples:
            sid = ex.meta.get("sent_id")
            if sid is not None and sid in src.trees:
                out[ex.id] = src.trees[sid]
    return out
