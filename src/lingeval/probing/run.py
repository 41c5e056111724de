"""Running a scorer over many sentences, locally or on a Dask cluster.

A :class:`ScorerSpec` is a small, picklable description of a scorer (kind, model, options).
:func:`score_texts` builds the scorer once and scores the texts locally, or, with
``engine="dask"``, connects to an existing scheduler (``scheduler="tcp://host:8786"``), splits
the texts into chunks and sends each chunk to a worker; every worker builds the scorer on its
first chunk and keeps it in memory (a per-process cache keyed by the spec), so a model is
loaded once per worker, not once per chunk. Results come back in input order and are
identical to a local run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from lingeval.core.errors import InputError, LingevalError, MissingDependencyError
from lingeval.core.signature import Signature
from lingeval.probing.scorers import (
    CausalLMScorer,
    MaskedLMScorer,
    SentenceScore,
    UnigramScorer,
    _model_name,
)

__all__ = [
    "KINDS",
    "ScorerSpec",
    "build_scorer",
    "read_scores",
    "read_sentences",
    "score_texts",
    "write_scores",
]

KINDS = ("causal", "masked", "unigram")

_CACHE: dict[ScorerSpec, Any] = {}
LOADS: dict[ScorerSpec, int] = {}  # how many times each spec was built in this process


@dataclass(frozen=True)
class ScorerSpec:
    """Everything needed to build a scorer (hashable, picklable).

    ``model`` is a hub id or local folder (``causal``/``masked``) or a language code
    (``unigram``, e.g. ``it``).
    """

    kind: str
    model: str
    first_token: str = "bos"
    eos: bool = False
    pll: str = "original"
    batch_size: int = 32
    device: str = "auto"
    fp16: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise LingevalError(
                f"unknown scorer kind {self.kind!r}; choose from {', '.join(KINDS)}"
            )


def build_scorer(spec: ScorerSpec, *, progress: bool = False) -> Any:
    """Build (or reuse from this process's cache) the scorer described by ``spec``."""
    cached = _CACHE.get(spec)
    if cached is not None:
        return cached
    scorer: Any
    if spec.kind == "causal":
        scorer = CausalLMScorer(
            spec.model,
            first_token=spec.first_token,
            eos=spec.eos,
            device=spec.device,
            batch_size=spec.batch_size,
            fp16=spec.fp16,
            progress=progress,
        )
    elif spec.kind == "masked":
        scorer = MaskedLMScorer(
            spec.model,
            pll=spec.pll,
            device=spec.device,
            batch_size=spec.batch_size,
            fp16=spec.fp16,
            progress=progress,
        )
    else:
        scorer = UnigramScorer(spec.model)
    _CACHE[spec] = scorer
    LOADS[spec] = LOADS.get(spec, 0) + 1
    return scorer


def _score_chunk(spec: ScorerSpec, texts: list[str]) -> list[tuple[float, int]]:
    """Worker task: score one chunk with the worker's cached scorer."""
    scorer = build_scorer(spec)
    return [(s.logprob, s.n_tokens) for s in scorer.sentence_scores(texts)]


def score_texts(
    texts: Sequence[str],
    spec: ScorerSpec,
    *,
    engine: str = "local",
    scheduler: Any = None,
    chunk_size: int = 256,
    progress: bool = False,
) -> tuple[list[SentenceScore], Signature]:
    """Sentence scores of ``texts`` and the scorer's signature.

    ``engine="dask"`` needs ``scheduler``: an address string or a ``distributed.Client``.
    """
    if engine == "local":
        scorer = build_scorer(spec, progress=progress)
        return scorer.sentence_scores(list(texts)), scorer.signature()
    if engine != "dask":
        raise LingevalError(f"unknown engine {engine!r}; choose local or dask")
    if scheduler is None:
        raise LingevalError("--engine dask needs --scheduler ADDRESS (e.g. tcp://127.0.0.1:8786)")
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise MissingDependencyError(
            "the dask engine needs dask.distributed: pip install 'lingeval[dask]'"
        ) from None
    from tqdm import tqdm

    own = not isinstance(scheduler, Client)
    try:
        client = Client(scheduler, timeout="10s") if own else scheduler
    except OSError as exc:
        raise LingevalError(
            f"could not connect to the Dask scheduler {scheduler!r}: {exc}"
        ) from None
    try:
        chunks = [list(texts[i : i + chunk_size]) for i in range(0, len(texts), chunk_size)]
        futures = [client.submit(_score_chunk, spec, ch, pure=False) for ch in chunks]
        index = {f.key: n for n, f in enumerate(futures)}
        results: list[list[tuple[float, int]] | None] = [None] * len(chunks)
        with tqdm(
            total=len(texts), unit="sent", disable=not progress, leave=False, desc="dask"
        ) as bar:
            for fut in as_completed(futures):
                n = index[fut.key]
                results[n] = fut.result()
                bar.update(len(chunks[n]))
        flat = [r for chunk in results for r in (chunk or [])]
        scores = [SentenceScore(t, lp, n) for t, (lp, n) in zip(texts, flat, strict=True)]
        sig = _signature_of(spec)
        return scores, sig
    finally:
        if own:
            client.close()


def _signature_of(spec: ScorerSpec) -> Signature:
    """The signature a local scorer would report (without loading the model here)."""
    name = _model_name(None, spec.model)
    if spec.kind == "causal":
        return Signature(
            "probe-ppl",
            {
                "model": name,
                "lm": "causal",
                "first_token": spec.first_token,
                "eos": spec.eos,
                "log": "e",
            },
        )
    if spec.kind == "masked":
        return Signature("probe-pll", {"model": name, "lm": "masked", "pll": spec.pll, "log": "e"})
    return UnigramScorer(spec.model).signature()


def spec_dict(spec: ScorerSpec) -> dict[str, Any]:
    return asdict(spec)


def read_sentences(path: str | Path) -> tuple[list[str], list[str]]:
    """(ids, sentences) from a text file (one sentence per line, ids 1..n) or a resource file.

    ``.tsv``/``.jsonl`` files of ``probe build`` give ``item_id`` and ``sentence``.
    """
    p = Path(path)
    if p.suffix in (".tsv", ".jsonl"):
        from lingeval.probing.build import _read_table

        rows = _read_table(p, ("item_id", "sentence"))
        return [str(r["item_id"]) for _, r in rows], [str(r["sentence"]) for _, r in rows]
    from lingeval.core.textio import read_text

    lines = read_text(p).splitlines()
    pairs = [(str(n), ln.strip()) for n, ln in enumerate(lines, 1) if ln.strip()]
    if not pairs:
        raise InputError("no sentences", path=p)
    first = next(n for n, ln in enumerate(lines, 1) if ln.strip())
    head = lines[first - 1]
    cells = head.split("\t")
    if head.startswith(("# sent_id", "# text")) or (len(cells) in (10, 8) and cells[0].isdigit()):
        raise InputError(
            "looks like CoNLL-U, not plain text (one sentence per line): pass the sentences, "
            "e.g. the '# text' lines, or a file of `probe build`",
            path=p,
            line=first,
        )
    return [a for a, _ in pairs], [b for _, b in pairs]


SCORE_COLUMNS = ("item_id", "model", "n_tokens", "logprob", "ppl")


def write_scores(
    path: str | Path, ids: Sequence[str], scores: Sequence[SentenceScore], signature: Signature
) -> None:
    """TSV of sentence scores (``SCORE_COLUMNS``; plain, so that any TSV reader takes it) and
    its signature in the sidecar ``PATH.sig.json`` (:func:`signature_sidecar`)."""
    import json

    model = str(signature.options.get("model", "model"))
    Path(signature_sidecar(path)).write_text(
        json.dumps(
            {"signature": signature.as_dict(), "signature_string": signature.format()}, indent=2
        )
        + "\n",
        encoding="utf-8",
    )
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\t".join(SCORE_COLUMNS) + "\n")
        for i, s in zip(ids, scores, strict=True):
            fh.write(f"{i}\t{model}\t{s.n_tokens}\t{s.logprob!r}\t{s.ppl!r}\n")


def signature_sidecar(path: str | Path) -> str:
    """Where the signature of a data file written by lingeval lives: ``PATH.sig.json``."""
    return f"{path}.sig.json"


def read_scores(path: str | Path) -> tuple[str, dict[str, float], str]:
    """(model name, item_id -> perplexity, signature string) from a :func:`write_scores` file
    (the signature from its sidecar, or from a ``# signature:`` line of older files)."""
    import json

    from lingeval.core.textio import read_text

    p = Path(path)
    lines = read_text(p).splitlines()
    sig = ""
    side = Path(signature_sidecar(p))
    if side.is_file():
        try:
            sig = str(json.loads(side.read_text(encoding="utf-8"))["signature_string"])
        except (ValueError, KeyError, TypeError, OSError):
            raise InputError("not a signature sidecar (JSON)", path=side) from None
    body: list[tuple[int, str]] = []
    for n, ln in enumerate(lines, 1):
        if ln.startswith("# signature:"):
            sig = ln.split(":", 1)[1].strip()
        elif ln.strip() and not ln.startswith("#"):
            body.append((n, ln))
    if not body or body[0][1].split("\t")[:1] != ["item_id"]:
        raise InputError(
            f"expected a scores file with columns {', '.join(SCORE_COLUMNS)}",
            path=p,
            line=body[0][0] if body else 1,
        )
    header = body[0][1].split("\t")
    out: dict[str, float] = {}
    model = ""
    for n, ln in body[1:]:
        cells = ln.split("\t")
        if len(cells) != len(header):
            raise InputError(f"expected {len(header)} cells, found {len(cells)}", path=p, line=n)
        rec = dict(zip(header, cells, strict=True))
        try:
            out[rec["item_id"]] = float(rec["ppl"])
        except (KeyError, ValueError):
            raise InputError(f"bad ppl value {rec.get('ppl')!r}", path=p, line=n) from None
        model = rec.get("model", model)
    return model or p.stem, out, sig
