"""Mine candidate verbal-omission sentences from large text collections (paper 000, section 4.1).

Pipeline: read *units* (a line, a paragraph, a JSONL record or a CoNLL-U sentence) → parse with
a spaCy pipeline → split into sentences when the format calls for it → run the A.7 patterns
(:mod:`~lingeval.conjuncts.mining.patterns`) and lingeval's parser-robust ones
(:mod:`~lingeval.conjuncts.mining.robust`) → the second stage
(:mod:`~lingeval.conjuncts.mining.evidence`) decides per candidate whether a verbal omission
can be shown → write one task example per kept (sentence, implicated conjunction) as task JSONL
(:func:`lingeval.conjuncts.data.example_to_dict`), with the names of the patterns that fired in
``meta.patterns`` and the decision in ``meta.evidence`` → per-pattern and per-reason counts at
the end. ``filtered=False`` (``--no-filter``) writes every candidate (with its evidence).

Guarantees:

* **Exact duplicates removed**: a sentence already mined (same text) yields no new examples.
* **Deterministic**: the output depends on the input, the pipeline and the pattern set only,
  not on the engine, the process count or the batch size (records are written in input order).
* **Resumable**: every ``checkpoint_every`` units the output is flushed and a sidecar state
  file ``OUTPUT.state.json`` records how many input units are done, the output's byte length
  at that point, the dedup-relevant counters and the run's configuration. Running the same
  command again truncates the output to the recorded length (dropping anything written after
  the last checkpoint), skips the finished units and continues; nothing is lost or repeated.

Engines: ``local`` with one process runs spaCy's ``nlp.pipe`` and matches the patterns as the
parsed Docs stream back (matching and the second stage cost about 3-6% of parsing); with
``n_process`` > 1 it forks that many workers, each of which parses and matches chunks of
``batch_size`` units and sends back only the candidates (where processes cannot be forked,
spaCy's own ``n_process`` pipe, matching in the calling process); ``dask`` sends chunks of units to an existing ``dask.distributed`` cluster whose
workers parse and match with the same pipeline and return only the (small) candidates.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lingeval.conjuncts.mining.patterns import (
    PAPER_PATTERNS,
    SentView,
    get_patterns,
    match_sentence,
)
from lingeval.core.errors import InputError, LingevalError
from lingeval.core.signature import Signature

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

    from lingeval.core.report import Table

__all__ = [
    "INPUT_FORMATS",
    "Found",
    "MiningResult",
    "Unit",
    "guess_format",
    "iter_units",
    "mine",
    "mine_doc",
    "mine_texts",
]

INPUT_FORMATS = ("auto", "text", "lines", "jsonl", "conllu")
STATE_VERSION = 2

# (sentence text, [(character offset of the conjunction, conjunction as written, pattern names,
#   second-stage evidence {"kept", "reason", "detail"})])
Found = tuple[str, list[tuple[int, str, tuple[str, ...], dict[str, Any]]]]
# (number of sentences in the unit, the sentences that have candidates)
UnitResult = tuple[int, list[Found]]
#: The result of a unit longer than spaCy's ``max_length``: skipped, counted, never parsed.
TOO_LONG: UnitResult = (-1, [])


@dataclass(frozen=True)
class Unit:
    """One input item: ``position`` is its 0-based index in the input (the resumption key)."""

    position: int
    text: str
    ref: dict[str, Any] = field(default_factory=dict)


# --------------------------------------------------------------------------------------------
# Inputs


def guess_format(path: str | Path) -> str:
    """``conllu`` for .conllu/.conll/.conllx, ``jsonl`` for .jsonl/.ndjson/.json, else ``lines``."""
    name = str(path).lower()
    for ext, fmt in ((".conllu", "conllu"), (".conll", "conllu"), (".conllx", "conllu")):
        if name.endswith(ext):
            return fmt
    if name.endswith((".jsonl", ".ndjson", ".json")):
        return "jsonl"
    return "lines"


def splits_sentences(fmt: str) -> bool:
    """Whether units of ``fmt`` are split into sentences by the pipeline (text and JSONL)."""
    return fmt in ("text", "jsonl")


def iter_units(path: str | Path, fmt: str = "auto", *, text_field: str = "text") -> Iterator[Unit]:
    """Yield the units of an input file.

    ``lines``: each non-blank line is one sentence (``ref.line``). ``text``: running text;
    paragraphs are separated by blank lines and their line breaks become spaces (``ref.line``
    of the paragraph's first line). ``jsonl``: one JSON object per line, text under
    ``text_field`` (``ref.line``, and ``ref.id`` when the record has an ``id``). ``conllu``: the
    ``# text`` (or the detokenised words) of each sentence (``ref.line``, ``ref.sent_id``).
    """
    fmt = guess_format(path) if fmt == "auto" else fmt
    if fmt not in INPUT_FORMATS:
        raise LingevalError(f"unknown input format {fmt!r}; choose from {', '.join(INPUT_FORMATS)}")
    p = Path(path)
    if not p.exists():
        raise InputError("no such file", path=path)
    if p.is_dir():
        raise InputError("is a directory, not an input file", path=path)
    if fmt == "conllu":
        from lingeval.core.conllu import read_conllu

        for pos, sent in enumerate(read_conllu(p)):
            ref: dict[str, Any] = {"line": sent.line}
            if sent.sent_id is not None:
                ref["sent_id"] = sent.sent_id
            yield Unit(pos, sent.text.strip(), ref)
        return
    try:
        fh = open(p, encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=path) from None
    try:
        if fmt == "lines":
            pos = 0
            for lineno, line in enumerate(fh, 1):
                text = line.strip()
                if text:
                    yield Unit(pos, text, {"line": lineno})
                    pos += 1
        elif fmt == "text":
            pos = 0
            buf: list[str] = []
            first = 0
            for lineno, line in enumerate(fh, 1):
                text = line.strip()
                if text:
                    if not buf:
                        first = lineno
                    buf.append(text)
                elif buf:
                    yield Unit(pos, " ".join(buf), {"line": first})
                    pos += 1
                    buf = []
            if buf:
                yield Unit(pos, " ".join(buf), {"line": first})
        else:  # jsonl
            pos = 0
            for lineno, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise InputError(f"not valid JSON: {exc.msg}", path=path, line=lineno) from None
                if not isinstance(record, dict):
                    raise InputError(
                        f"expected a JSON object, got {type(record).__name__}",
                        path=path,
                        line=lineno,
                    )
                value = record.get(text_field)
                if not isinstance(value, str):
                    keys = ", ".join(map(repr, record)) or "none"
                    raise InputError(
                        f"no text field {text_field!r} (keys: {keys}); choose one with --text-field",
                        path=path,
                        line=lineno,
                    )
                ref = {"line": lineno}
                if "id" in record:
                    ref["id"] = record["id"]
                if value.strip():
                    yield Unit(pos, value.strip(), ref)
                    pos += 1
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason} at byte {exc.start})", path=path) from None
    finally:
        fh.close()


# --------------------------------------------------------------------------------------------
# Matching one parsed unit (runs in worker processes too)


def mine_doc(
    doc: Doc,
    split: bool,
    pattern_names: Sequence[str] | None = None,
    text: str | None = None,
    *,
    prefilter: bool = True,
) -> UnitResult:
    """The number of sentences of one parsed unit and its candidates, in sentence order.

    With ``split`` each sentence of ``doc.sents`` is a sentence of its own; otherwise the whole
    unit is one sentence (the input's segmentation is kept). Each candidate sentence comes with
    its implicated conjunctions (offset, text, fired pattern names, second-stage evidence) in
    text order; all candidates are returned, the caller filters on ``evidence["kept"]``.
    ``text`` is the unit's text when the caller has it (spaCy's tokenisation keeps it
    exactly, so the unsplit unit's ``doc.text`` need not be rebuilt token by token).
    ``prefilter=False`` runs every pattern on every coordinated sentence (same result, slower;
    see :func:`~lingeval.conjuncts.mining.patterns.match_sentence`).
    """
    from lingeval.conjuncts.mining.evidence import judge

    patterns = _patterns(tuple(pattern_names) if pattern_names is not None else None)
    spans: Iterable[Any] = doc.sents if split and len(doc) else [doc]
    out: list[Found] = []
    n = 0
    for span in spans:
        if not len(span):
            continue
        text = span.text if split or text is None else text
        if not text or text.isspace():
            continue
        n += 1
        if _CONJ_WORD.search(text) is None:  # no and/or/but at all: no candidate (fast path)
            continue
        view = SentView.from_span(span)
        found = match_sentence(view, patterns, prefilter=prefilter)
        if found:
            sent_doc = span if not split else span.as_doc()
            out.append(
                (
                    view.text,
                    [
                        (
                            view.idx[c],
                            view.words[c],
                            tuple(found[c]),
                            judge(view, c, found[c], sent_doc).to_dict(),
                        )
                        for c in sorted(found)
                    ],
                )
            )
    return n, out


_CONJ_WORD = re.compile(r"(?<![^\W\d_])(?:and|or|but)(?![^\W\d_])", re.IGNORECASE)
_PATTERN_CACHE: dict[tuple[str, ...] | None, list[Any]] = {}


def _patterns(names: tuple[str, ...] | None) -> list[Any]:
    pats = _PATTERN_CACHE.get(names)
    if pats is None:
        pats = get_patterns(names)
        _PATTERN_CACHE[names] = pats
    return pats


def mine_chunk(
    units: Sequence[tuple[int, str]],
    model: str | None,
    split: bool,
    pattern_names: Sequence[str] | None,
    batch_size: int = 64,
) -> list[tuple[int, UnitResult]]:
    """Parse and mine one chunk of ``(position, text)`` units (the Dask task; pure)."""
    from lingeval.core.parsing import load_pipeline

    return _mine_units(load_pipeline(model), units, split, pattern_names, batch_size)


def _mine_units(
    nlp: Language,
    units: Sequence[tuple[int, str]],
    split: bool,
    names: Sequence[str] | None,
    batch_size: int,
) -> list[tuple[int, UnitResult]]:
    """Parse ``(position, text)`` units with ``nlp`` and mine each (:func:`mine_doc`)."""
    from lingeval.core.parsing import pipe_guarded

    docs = pipe_guarded(nlp, (t for _, t in units), batch_size=batch_size)
    return [
        (pos, TOO_LONG if doc is None else mine_doc(doc, split, names, text))
        for (pos, text), doc in zip(units, docs, strict=True)
    ]


# --------------------------------------------------------------------------------------------
# Engines: each yields (position, candidates) in input order


def _local_engine(
    units: Iterator[Unit],
    nlp: Language,
    split: bool,
    names: Sequence[str] | None,
    n_process: int,
    batch_size: int,
    clock: list[float] | None = None,
) -> Iterator[tuple[int, UnitResult]]:
    # Plain texts go to nlp.pipe (with as_tuples=True spaCy would tokenise in this process and
    # ship Docs to the workers, which halves multi-process throughput); nlp.pipe keeps order,
    # so positions wait in a queue. The patterns (a few % of the parse) run here; ``clock[0]``
    # accumulates their wall time (s), the parse excluded.
    pending: deque[Unit] = deque()

    def texts() -> Iterator[str]:
        for u in units:
            pending.append(u)
            yield u.text

    from lingeval.core.parsing import pipe_guarded

    for doc in pipe_guarded(nlp, texts(), batch_size=batch_size, n_process=n_process):
        u = pending.popleft()
        start = time.perf_counter()
        found = TOO_LONG if doc is None else mine_doc(doc, split, names, u.text)
        if clock is not None:
            clock[0] += time.perf_counter() - start
        yield u.position, found


def _in_order(
    chunks: Iterator[list[tuple[int, str]]],
    submit: Callable[[list[tuple[int, str]]], Callable[[], list[tuple[int, UnitResult]]]],
    limit: int,
) -> Iterator[tuple[int, UnitResult]]:
    """Results of ``submit(chunk)()`` for every chunk, in input order, with at most ``limit``
    chunks submitted and not yet consumed (memory stays flat). ``submit`` starts the work
    and returns the call that waits for its result."""
    pending: deque[Callable[[], list[tuple[int, UnitResult]]]] = deque()
    for chunk in chunks:
        if len(pending) >= limit:
            yield from pending.popleft()()
        pending.append(submit(chunk))
    while pending:
        yield from pending.popleft()()


def _pool_engine(
    units: Iterator[Unit],
    model: str,
    split: bool,
    names: Sequence[str] | None,
    n_process: int,
    batch_size: int,
) -> Iterator[tuple[int, UnitResult]]:
    # n_process > 1 where processes can be forked: each worker parses a chunk of batch_size
    # units and matches it itself (:func:`mine_chunk`, the Dask task), and sends back only the
    # candidates. spaCy's own n_process pipe ships every parsed Doc back (serialised) for this
    # process to rebuild and match: that made this process the bottleneck of two workers
    # (matching and the second stage waited behind Doc deserialisation). The caller has
    # loaded ``model`` (``load_pipeline`` caches it per process), so the forked workers
    # inherit it loaded. At most 2 chunks per worker are in flight.
    import multiprocessing

    _warm_second_stage()  # loaded once here, shared by the forked workers
    with multiprocessing.get_context("fork").Pool(n_process) as pool:
        yield from _in_order(
            _chunks(units, batch_size),
            lambda chunk: (
                pool.apply_async(mine_chunk, (chunk, model, split, names, batch_size)).get
            ),
            2 * n_process,
        )


def _chunks(units: Iterable[Unit], size: int) -> Iterator[list[tuple[int, str]]]:
    """``(position, text)`` of consecutive units, ``size`` at a time."""
    buf: list[tuple[int, str]] = []
    for u in units:
        buf.append((u.position, u.text))
        if len(buf) >= size:
            yield buf
            buf = []
    if buf:
        yield buf


def _warm_second_stage() -> None:
    """Load what the second stage reads lazily (the shipped filter, the verb lexicon)."""
    from lingeval.conjuncts.mining.evidence import _verb_lexicon
    from lingeval.conjuncts.mining.learned import load_filter

    load_filter()
    _verb_lexicon()


def _can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def _dask_engine(
    units: Iterator[Unit],
    scheduler: str,
    model: str | None,
    split: bool,
    names: Sequence[str] | None,
    chunk_size: int,
    batch_size: int,
    connect_timeout: float = 20.0,
) -> Iterator[tuple[int, UnitResult]]:
    try:
        from distributed import Client
    except ImportError:
        from lingeval.core.errors import MissingDependencyError

        raise MissingDependencyError(
            "the dask engine needs dask.distributed: pip install 'lingeval[dask]'"
        ) from None
    try:
        client = Client(scheduler, timeout=f"{connect_timeout}s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise LingevalError(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None
    try:
        workers = client.scheduler_info().get("workers", {})
        threads = sum(int(w.get("nthreads", 1)) for w in workers.values()) or 1
        yield from _in_order(
            _chunks(units, chunk_size),
            lambda chunk: (
                client.submit(mine_chunk, chunk, model, split, names, batch_size, pure=False).result
            ),
            2 * threads + 1,
        )
    finally:
        client.close()


# --------------------------------------------------------------------------------------------
# The run


@dataclass
class MiningResult:
    """Totals of a (possibly resumed) run: counts cover the whole output file."""

    output: str
    units: int = 0  # input units consumed (lines, paragraphs, records, CoNLL-U sentences)
    sentences: int = 0  # sentences parsed and matched
    candidates: int = 0  # examples written (one per sentence and implicated conjunction)
    duplicates: int = 0  # candidate sentences dropped as exact duplicates
    pattern_counts: dict[str, int] = field(default_factory=dict)  # over the written examples
    dropped: int = 0  # candidates the second stage dropped (not written unless no filter)
    reason_counts: dict[str, int] = field(default_factory=dict)  # "kept:x"/"dropped:y" -> n
    complete: bool = False
    resumed_from: int = 0  # units already done when this run started
    seconds: float = 0.0  # wall time of this run
    run_sentences: int = 0  # sentences processed by this run
    signature: Signature | None = None
    too_long: int = 0  # units of this run skipped: longer than spaCy's max_length characters
    #: wall time (s) of this run spent matching the patterns and in the second stage, in this
    #: process (local engine, one process; None when worker processes match: dask, or
    #: ``n_process`` > 1)
    match_seconds: float | None = None

    @property
    def sentences_per_second(self) -> float:
        return self.run_sentences / self.seconds if self.seconds > 0 else float("nan")

    def tables(self) -> list[Table]:
        from lingeval.core.report import Table

        counts = Table(
            ["pattern", "candidates"], title="Candidates per pattern", signature=self.signature
        )
        names = [n for n in PAPER_PATTERNS if n in self.pattern_counts] + sorted(
            n for n in self.pattern_counts if n not in PAPER_PATTERNS
        )
        for n in names:
            counts.add(n, self.pattern_counts[n])
        reasons = Table(
            ["decision", "reason", "candidates"],
            title="Second stage (verbal omission shown?)",
            signature=self.signature,
        )
        for key in sorted(self.reason_counts, key=lambda k: (not k.startswith("kept"), k)):
            decision, _, reason = key.partition(":")
            reasons.add(decision, reason, self.reason_counts[key])
        summary = Table(
            ["measure", "value"], title=f"Mining run -> {self.output}", signature=self.signature
        )
        summary.add("input units", self.units)
        summary.add("sentences", self.sentences)
        summary.add("candidates written", self.candidates)
        summary.add("exact duplicates removed", self.duplicates)
        summary.add("dropped by the second stage", self.dropped)
        summary.add("complete", self.complete)
        summary.add("resumed at unit", self.resumed_from)
        summary.add(
            "sentences/s (this run)", round(self.sentences_per_second, 1) if self.seconds else None
        )
        if self.match_seconds is not None and self.seconds:
            summary.add(
                "% of it matching + 2nd stage", round(100 * self.match_seconds / self.seconds, 1)
            )
        return [summary, counts, reasons]


def _state_path(output: Path) -> Path:
    return output.with_name(output.name + ".state.json")


def _fingerprint(path: Path) -> dict[str, Any]:
    st = path.stat()
    with open(path, "rb") as fh:
        head = hashlib.sha1(fh.read(1 << 16)).hexdigest()
    return {"path": str(path.resolve()), "size": st.st_size, "head_sha1": head}


def _key(sentence: str) -> bytes:
    return hashlib.blake2b(sentence.encode("utf-8"), digest_size=12).digest()


def _example_id(sentence: str, offset: int) -> str:
    return f"mined-{hashlib.sha1(sentence.encode('utf-8')).hexdigest()[:12]}-{offset}"


def _write_state(path: Path, state: dict[str, Any]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(state, fh, ensure_ascii=False, indent=1)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _seen_from_output(output: Path, length: int) -> set[bytes]:
    seen: set[bytes] = set()
    with open(output, "rb") as fh:
        data = fh.read(length)
    for lineno, raw in enumerate(data.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            seen.add(_key(json.loads(raw)["sentence"]))
        except (ValueError, KeyError, TypeError):
            raise InputError(
                "cannot resume: unreadable record in the output", path=output, line=lineno
            ) from None
    return seen


def mine(
    input_path: str | Path,
    output: str | Path,
    *,
    input_format: str = "auto",
    text_field: str = "text",
    split: bool | None = None,
    model: str | None = None,
    patterns: Sequence[str] | None = None,
    engine: str = "local",
    n_process: int = 1,
    scheduler: str | None = None,
    batch_size: int = 64,
    chunk_size: int = 256,
    limit: int | None = None,
    checkpoint_every: int = 2000,
    restart: bool = False,
    progress: bool = False,
    on_checkpoint: Callable[[int], None] | None = None,
    connect_timeout: float = 20.0,
    filtered: bool = True,
) -> MiningResult:
    """Mine ``input_path`` into task JSONL at ``output`` (see the module docstring).

    ``split`` defaults to the format's convention (:func:`splits_sentences`). ``patterns``
    names a subset of ``registry.mining_patterns`` (all 21 of A.7 by default). ``limit`` caps
    the number of input units (counted from the start of the input, across resumed runs).
    ``restart`` discards an earlier partial or complete run at ``output``. ``on_checkpoint``
    is called with the number of finished units after each checkpoint (used by tests to
    simulate an interruption). ``connect_timeout`` (seconds) bounds the wait for the Dask
    scheduler. ``filtered`` writes only the candidates whose verbal omission the second stage
    can show (:func:`lingeval.conjuncts.mining.evidence.judge`); without it every candidate
    is written, each with its evidence.
    """
    from lingeval.conjuncts.data import example_to_dict
    from lingeval.conjuncts.example import ConjunctExample
    from lingeval.conjuncts.mining.learned import DEFAULT_VERSION as FILTER_VERSION
    from lingeval.core.parsing import default_pipeline_name, load_pipeline, pipeline_id

    src = Path(input_path)
    out = Path(output)
    fmt = guess_format(src) if input_format == "auto" else input_format
    if fmt not in INPUT_FORMATS:
        raise LingevalError(f"unknown input format {fmt!r}; choose from {', '.join(INPUT_FORMATS)}")
    if not src.is_file():
        raise InputError("no such file" if not src.exists() else "not a regular file", path=src)
    if engine not in ("local", "dask"):
        raise LingevalError(f"unknown engine {engine!r}; choose local or dask")
    if engine == "dask" and not scheduler:
        raise LingevalError("--engine dask needs --scheduler ADDRESS (e.g. tcp://10.0.0.5:8786)")
    if limit is not None and limit < 0:
        raise LingevalError("--limit must be 0 or more")
    do_split = splits_sentences(fmt) if split is None else split
    pats = get_patterns(patterns)
    names = [p.name for p in pats]
    names_arg: list[str] | None = None if patterns is None else names
    model_name = model or default_pipeline_name()
    nlp = load_pipeline(model_name)
    pid = pipeline_id(nlp)
    signature = Signature(
        "conjuncts-mine",
        {
            "parser": pid,
            "patterns": len(names),
            # the fitted filter's version (lingeval/data/conjuncts/mining-filter-<v>.json)
            "filter": f"fitted-{FILTER_VERSION}" if filtered else False,
            "split": do_split,
            "format": fmt,
        },
    )
    config = {
        "input": _fingerprint(src),
        "format": fmt,
        "text_field": text_field if fmt == "jsonl" else None,
        "split": do_split,
        "pipeline": pid,
        "patterns": names,
        "filter": filtered,
    }

    state_file = _state_path(out)
    counts: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    done_units = 0
    sentences = candidates = duplicates = dropped = 0
    seen: set[bytes] = set()

    def result(resumed: int, **run: Any) -> MiningResult:
        """The totals so far (a complete run); ``run`` holds this run's own figures."""
        return MiningResult(
            str(out),
            done_units,
            sentences,
            candidates,
            duplicates,
            dict(counts),
            dropped,
            dict(reasons),
            True,
            resumed,
            signature=signature,
            **run,
        )

    if restart:
        state_file.unlink(missing_ok=True)
        out.unlink(missing_ok=True)
    if state_file.exists():
        try:
            state = json.loads(state_file.read_text(encoding="utf-8"))
        except ValueError:
            raise InputError(
                "the resumption state is unreadable; rerun with --restart", path=state_file
            ) from None
        if state.get("version") != STATE_VERSION or state.get("config") != config:
            raise LingevalError(
                f"{out} was started with a different input or configuration "
                f"(see {state_file}); rerun with --restart to start over or choose another output"
            )
        if not out.exists() or out.stat().st_size < int(state["output_bytes"]):
            raise InputError(
                "the output is shorter than its checkpoint; rerun with --restart", path=out
            )
        done_units = int(state["units"])
        sentences = int(state["sentences"])
        candidates = int(state["candidates"])
        duplicates = int(state["duplicates"])
        dropped = int(state["dropped"])
        counts.update(state["pattern_counts"])
        reasons.update(state["reason_counts"])
        with open(out, "r+b") as tfh:
            tfh.truncate(int(state["output_bytes"]))
        seen = _seen_from_output(out, int(state["output_bytes"]))
        if state.get("complete") and (
            state.get("exhausted") or (limit is not None and limit <= done_units)
        ):
            return result(done_units)
    elif out.exists() and out.stat().st_size > 0:
        raise LingevalError(
            f"{out} exists and has no resumption state; pass --restart to overwrite it"
        )
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(b"")

    resumed_from = done_units

    refs: dict[int, dict[str, Any]] = {}  # source references of units in flight
    stopped_by_limit = [False]

    def pending_units() -> Iterator[Unit]:
        for u in iter_units(src, fmt, text_field=text_field):
            if u.position < done_units:
                continue
            if limit is not None and u.position >= limit:
                stopped_by_limit[0] = True
                return
            refs[u.position] = u.ref
            yield u

    clock = [0.0]
    pooled = engine == "local" and n_process > 1 and _can_fork()
    if pooled:
        results = _pool_engine(
            pending_units(), model_name, do_split, names_arg, n_process, batch_size
        )
    elif engine == "local":
        results = _local_engine(
            pending_units(), nlp, do_split, names_arg, n_process, batch_size, clock
        )
    else:
        assert scheduler is not None
        results = _dask_engine(
            pending_units(),
            scheduler,
            model_name,
            do_split,
            names_arg,
            chunk_size,
            batch_size,
            connect_timeout,
        )

    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(unit="sent", unit_scale=True, desc="mining", smoothing=0.1, dynamic_ncols=True)

    def save(complete: bool, fh: Any, n_sentences: int | None = None) -> None:
        fh.flush()
        os.fsync(fh.fileno())
        _write_state(
            state_file,
            {
                "version": STATE_VERSION,
                "config": config,
                "units": done_units,
                "output_bytes": fh.tell(),
                "sentences": sentences if n_sentences is None else n_sentences,
                "candidates": candidates,
                "duplicates": duplicates,
                "dropped": dropped,
                "pattern_counts": dict(counts),
                "reason_counts": dict(reasons),
                "complete": complete,
                "exhausted": complete and not stopped_by_limit[0],
            },
        )

    start = time.perf_counter()
    too_long = 0
    run_sentences = 0
    since = 0
    try:
        with open(out, "ab") as fh:
            save(False, fh)
            for pos, (n_sent, found) in results:
                if pos < done_units:
                    raise LingevalError(f"internal error: unit {pos} arrived out of order")
                if n_sent < 0:  # TOO_LONG
                    too_long += 1
                    n_sent = 0
                ref = refs.pop(pos, {})
                for sentence, items in found:
                    k = _key(sentence)
                    if k in seen:
                        duplicates += 1
                        continue
                    seen.add(k)
                    for offset, conj, fired, evidence in items:
                        decision = "kept" if evidence["kept"] else "dropped"
                        reasons[f"{decision}:{evidence['reason']}"] += 1
                        if filtered and not evidence["kept"]:
                            dropped += 1
                            continue
                        ex = ConjunctExample(
                            _example_id(sentence, offset),
                            sentence,
                            conj,
                            offset,
                            rewrites=[],
                            rewritable=True,
                            meta={
                                "patterns": list(fired),
                                "evidence": evidence,
                                "source": {"unit": pos, **ref},
                            },
                        )
                        fh.write(
                            (json.dumps(example_to_dict(ex), ensure_ascii=False) + "\n").encode(
                                "utf-8"
                            )
                        )
                        candidates += 1
                        counts.update(fired)
                done_units = pos + 1
                run_sentences += n_sent
                since += 1
                if bar is not None:
                    bar.update(n_sent)
                    bar.set_postfix(candidates=candidates, refresh=False)
                if since >= checkpoint_every:
                    save(False, fh, sentences + run_sentences)
                    since = 0
                    if on_checkpoint is not None:
                        on_checkpoint(done_units)
            sentences += run_sentences
            save(True, fh)
    finally:
        if bar is not None:
            bar.close()  # an error then starts on a line of its own
    return result(
        resumed_from,
        seconds=time.perf_counter() - start,
        run_sentences=run_sentences,
        too_long=too_long,
        match_seconds=clock[0] if engine == "local" and not pooled else None,
    )


def mine_texts(
    texts: Iterable[str],
    *,
    model: str | None = None,
    patterns: Sequence[str] | None = None,
    split: bool = False,
    filtered: bool = True,
) -> list[Found]:
    """Mine in memory (no files, no dedup): the candidate sentences of the texts, in order;
    with ``filtered`` only the candidates the second stage keeps (sentences left without one
    are left out)."""
    from lingeval.core.parsing import load_pipeline, pipe_guarded

    nlp = load_pipeline(model)
    out: list[Found] = []
    for doc in pipe_guarded(nlp, texts):
        if doc is None:  # longer than max_length: skipped
            continue
        for sentence, items in mine_doc(doc, split, patterns)[1]:
            kept = [it for it in items if it[3]["kept"]] if filtered else items
            if kept:
                out.append((sentence, kept))
    return out
