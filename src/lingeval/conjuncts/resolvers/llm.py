"""``llm:MODEL``: few-shot prompting of an OpenAI-compatible endpoint (paper 000, §7, A.2).

The prompt follows appendix A.2: for each input, four solved examples that share its
conjunction, three rewritable and one not (section 7: "we randomly sampled for each test
instance three re-writable and one non-rewritable sentence, sharing the conjunction"), each as

    Q: <sentence with <SPLIT> and </SPLIT>>
    A:
    <one rewrite per line, or "Cannot re-write this sentence.">

followed by the input's ``Q:`` line and ``A:``. Decoding: temperature 0, top_p 1, at most 256
new tokens (A.2). The answer parser keeps one sentence per non-empty line (numbering and
bullets removed, stopping at a new ``Q:``); "Cannot re-write this sentence." (or an empty
answer) means the input is left unchanged.

Configuration comes from the environment (arguments win):

``LINGEVAL_LLM_BASE_URL`` (else ``OPENAI_BASE_URL``, else ``https://api.openai.com/v1``),
``LINGEVAL_LLM_API_KEY`` (else ``OPENAI_API_KEY``), ``LINGEVAL_LLM_ENDPOINT`` (``chat``, the
default, for ``/chat/completions``, or ``completions``), ``LINGEVAL_LLM_EXAMPLES`` (task JSONL
to sample the examples from; default: the bundled example set).

Robustness: per-request timeout, retries with exponential back-off on timeouts, connection
errors, 429 and 5xx (honouring ``Retry-After``), at most ``concurrency`` requests in flight,
and an on-disk response cache (SQLite, keyed by endpoint, model, parameters and prompt), so a
rerun costs nothing. After the last retry the resolver raises a :class:`LingevalError` (or, with
``on_error="unchanged"``, returns the input unchanged and counts the failure).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import sqlite3
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.resolvers.base import Resolver
from lingeval.core.errors import LingevalError

__all__ = ["CANNOT", "LLMResolver", "build_prompt", "parse_answer"]

CANNOT = "Cannot re-write this sentence."
_NUMBERING = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*•]|\(\w\))\s+")


def _format_shot(ex: ConjunctExample) -> str:
    answer = CANNOT if not ex.rewritable else "\n".join(ex.rewrites)
    return f"Q: {ex.marked()}\nA:\n{answer}\n"


def build_prompt(example: ConjunctExample, shots: Sequence[ConjunctExample]) -> str:
    """The A.2 prompt: the solved examples, then the input's ``Q:`` and an open ``A:``."""
    parts = [_format_shot(s) for s in shots]
    parts.append(f"Q: {example.marked()}\nA:\n")
    return "\n".join(parts)


def parse_answer(text: str, sentence: str) -> list[str]:
    """One rewrite per line; "Cannot re-write this sentence." or nothing -> ``[sentence]``."""
    lines: list[str] = []
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("Q:"):
            break
        if line == "A:":
            continue
        line = _NUMBERING.sub("", line).strip()
        if line.lower().rstrip(".") in {
            "cannot re-write this sentence",
            "cannot rewrite this sentence",
        }:
            return [sentence]
        if line:
            lines.append(line)
    return lines or [sentence]


class _Cache:
    def __init__(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(directory / "llm.sqlite", timeout=60, check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, text TEXT)")
            self._db.commit()

    def get(self, key: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT text FROM answers WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def put(self, key: str, text: str) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO answers VALUES (?, ?)", (key, text))
            self._db.commit()


class LLMResolver(Resolver):
    """Few-shot resolver over an OpenAI-compatible chat or completions endpoint."""

    name = "llm"

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        endpoint: str | None = None,
        examples: Sequence[ConjunctExample] | str | Path | None = None,
        n_rewritable: int = 3,
        n_unrewritable: int = 1,
        seed: int = 0,
        temperature: float = 0.0,
        max_tokens: int = 256,
        timeout: float = 60.0,
        retries: int = 4,
        backoff: float = 1.0,
        concurrency: int = 4,
        cache_dir: str | Path | None = "default",
        on_error: str = "raise",
    ) -> None:
        if not model:
            raise LingevalError("llm needs a model name: --resolver llm:MODEL")
        self.model = model
        env = os.environ
        self.base_url = (
            base_url
            or env.get("LINGEVAL_LLM_BASE_URL")
            or env.get("OPENAI_BASE_URL")
            or "https://api.openai.com/v1"
        ).rstrip("/")
        self.api_key = api_key or env.get("LINGEVAL_LLM_API_KEY") or env.get("OPENAI_API_KEY") or ""
        self.endpoint = endpoint or env.get("LINGEVAL_LLM_ENDPOINT") or "chat"
        if self.endpoint not in ("chat", "completions"):
            raise LingevalError(f"unknown LLM endpoint {self.endpoint!r}; use chat or completions")
        if on_error not in ("raise", "unchanged"):
            raise LingevalError("on_error must be 'raise' or 'unchanged'")
        self.pool = self._load_pool(
            examples if examples is not None else env.get("LINGEVAL_LLM_EXAMPLES")
        )
        self.n_rewritable = n_rewritable
        self.n_unrewritable = n_unrewritable
        self.seed = seed
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.concurrency = max(1, concurrency)
        self.on_error = on_error
        self.failures = 0
        self.requests = 0
        if cache_dir == "default":
            from lingeval.core.parsing import DEFAULT_CACHE_DIR

            cache_dir = DEFAULT_CACHE_DIR / "llm"
        self.cache = _Cache(Path(cache_dir)) if cache_dir is not None else None
        self._lock = threading.Lock()

    @staticmethod
    def _load_pool(source: Sequence[ConjunctExample] | str | Path | None) -> list[ConjunctExample]:
        from lingeval.conjuncts.data import read_jsonl

        if source is None:
            bundled = (
                Path(__file__).resolve().parent.parent.parent
                / "data"
                / "conjuncts"
                / "examples.jsonl"
            )
            if not bundled.is_file():
                raise LingevalError(
                    "no few-shot examples: set LINGEVAL_LLM_EXAMPLES to a task JSONL"
                )
            return read_jsonl(bundled)
        if isinstance(source, (str, Path)):
            return read_jsonl(source)
        return list(source)

    def options(self) -> dict[str, Any]:
        return {
            "resolver": self.name,
            "model": self.model,
            "endpoint": self.endpoint,
            "shots": f"{self.n_rewritable}+{self.n_unrewritable}",
            "seed": self.seed,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
        }

    # -- prompt ---------------------------------------------------------------------------------

    def shots_for(self, example: ConjunctExample) -> list[ConjunctExample]:
        """Three rewritable and one non-rewritable example sharing the input's conjunction."""
        conj = example.conjunction.lower()
        pool = [ex for ex in self.pool if ex.sentence != example.sentence]
        same = [ex for ex in pool if ex.conjunction.lower() == conj]
        rng = random.Random(f"{self.seed}\u241f{example.sentence}\u241f{example.offset}")

        def pick(
            cands: list[ConjunctExample], fallback: list[ConjunctExample], k: int
        ) -> list[ConjunctExample]:
            chosen = rng.sample(cands, min(k, len(cands)))
            if len(chosen) < k:
                rest = [c for c in fallback if c not in chosen]
                chosen += rng.sample(rest, min(k - len(chosen), len(rest)))
            return chosen

        rew = pick(
            [e for e in same if e.rewritable], [e for e in pool if e.rewritable], self.n_rewritable
        )
        non = pick(
            [e for e in same if not e.rewritable],
            [e for e in pool if not e.rewritable],
            self.n_unrewritable,
        )
        return non + rew  # the paper's listing starts with the non-rewritable example

    def prompt_for(self, example: ConjunctExample) -> str:
        return build_prompt(example, self.shots_for(example))

    # -- transport --------------------------------------------------------------------------------

    def _payload(self, prompt: str) -> tuple[str, dict[str, Any]]:
        common = {
            "model": self.model,
            "temperature": self.temperature,
            "top_p": 1,
            "max_tokens": self.max_tokens,
        }
        if self.endpoint == "chat":
            return "/chat/completions", {
                **common,
                "messages": [{"role": "user", "content": prompt}],
            }
        return "/completions", {**common, "prompt": prompt, "stop": ["\nQ:"]}

    def _key(self, path: str, payload: dict[str, Any]) -> str:
        blob = json.dumps([self.base_url, path, payload], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()

    def _complete(self, client: Any, prompt: str) -> str:
        import httpx

        path, payload = self._payload(prompt)
        key = self._key(path, payload)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                return hit
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        last = "no attempt"
        retry_after: str | None = None
        for attempt in range(self.retries + 1):
            if attempt:
                time.sleep(self._delay(attempt, retry_after))
                retry_after = None
            with self._lock:
                self.requests += 1
            try:
                resp = client.post(
                    self.base_url + path, json=payload, headers=headers, timeout=self.timeout
                )
            except httpx.TimeoutException:
                last = f"timed out after {self.timeout:g}s"
                continue
            except httpx.HTTPError as exc:
                last = f"connection failed: {exc}"
                continue
            if resp.status_code == 429 or resp.status_code >= 500:
                last = f"HTTP {resp.status_code}"
                retry_after = resp.headers.get("Retry-After")
                continue
            if resp.status_code >= 400:
                raise LingevalError(
                    f"LLM endpoint {self.base_url}{path} refused the request: HTTP {resp.status_code} {resp.text[:200]}"
                )
            try:
                data = resp.json()
                choice = data["choices"][0]
                text = choice["message"]["content"] if self.endpoint == "chat" else choice["text"]
            except (ValueError, KeyError, IndexError, TypeError):
                raise LingevalError(
                    f"LLM endpoint {self.base_url}{path} sent an unexpected answer: {resp.text[:200]}"
                ) from None
            text = text or ""
            if self.cache is not None:
                self.cache.put(key, text)
            return text
        raise LingevalError(
            f"LLM endpoint {self.base_url}{path}: {last} ({self.retries + 1} attempts)"
        )

    def _delay(self, attempt: int, after: str | None) -> float:
        """Seconds before retry ``attempt``: ``Retry-After`` if sent, else backoff * 2^(attempt-1)."""
        if after:
            try:
                return min(float(after), 60.0)
            except ValueError:
                pass
        return float(self.backoff * (2 ** (attempt - 1)))

    def resolve(self, batch: Sequence[ConjunctExample]) -> list[list[str]]:
        import httpx

        def one(client: httpx.Client, ex: ConjunctExample) -> list[str]:
            if not ex.conjunction or not ex.sentence.strip():
                return [ex.sentence]
            try:
                return parse_answer(self._complete(client, self.prompt_for(ex)), ex.sentence)
            except LingevalError:
                if self.on_error == "raise":
                    raise
                with self._lock:
                    self.failures += 1
                return [ex.sentence]

        limits = httpx.Limits(
            max_connections=self.concurrency, max_keepalive_connections=self.concurrency
        )
        with (
            httpx.Client(limits=limits) as client,
            ThreadPoolExecutor(max_workers=self.concurrency) as pool,
        ):
            return list(pool.map(lambda ex: one(client, ex), batch))
