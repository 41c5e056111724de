"""Language-model scorers (paper 003, section 4): causal LM perplexity, masked LM PLL and fill-mask.

All log-probabilities are natural logarithms (nats); surprisal is ``-log2 p`` (bits).

Causal LM (:class:`CausalLMScorer`), the paper's acceptability measure (section 4, after
Miaschi et al. 2020)::

    log p(w_t | w_<t)                  per token
    log P(S) = sum_t log p(w_t | w_<t)  sentence log-probability
    PPL(S)   = exp(-(1/n) * log P(S))   n = number of scored tokens

First-token policy (``first_token``): ``"bos"`` (default) prepends the model's BOS token (its
EOS token when it has no BOS) so that every token of the sentence is scored; ``"unscored"``
feeds the sentence as is and leaves its first token unscored (n = tokens - 1). ``eos=True``
also scores an appended EOS token. The tokenizer's own special tokens are never added, so the
policy is exactly what the signature says.

Masked LM (:class:`MaskedLMScorer`): pseudo-log-likelihood (Salazar et al. 2020)::

    PLL(S) = sum_t log p(w_t | S with w_t masked)

and the ``within_word_l2r`` variant (Kauf & Ivanova 2023), which also masks the later subwords
of the same word. The masked copies of all sentences are processed in sub-batches of at most
``batch_size`` rows (sorted by length), so a 512-token sentence never needs its 510 copies in
memory at once. Pseudo-perplexity is ``exp(-PLL/n)``.

Fill-mask (:meth:`MaskedLMScorer.fill_mask`, the paper's cloze probe): the blank becomes ONE
mask token and the model's top-k *word-initial* vocabulary items are returned (special tokens
and continuation pieces such as ``##via`` are skipped). A connective that the tokenizer splits
into several subwords (``tuttavia`` -> ``tutta ##via``) is matched by its first subword
(``multi_subword="first"``, default) or never matched (``"exact"``); see :func:`matches`.

Unigram baseline (:class:`UnigramScorer`): ``log p(w)`` from the ``wordfreq`` frequency lists
(Italian, English, ...), so every table can show what word frequency alone explains.

Batches are sorted by length and padded on the right; the device is chosen automatically
(CUDA, then MPS, then CPU); ``fp16=True`` runs the model in half precision on a GPU (logits are
upcast to float32 before the softmax).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lingeval.core.errors import LingevalError, MissingDependencyError
from lingeval.core.signature import Signature

if TYPE_CHECKING:
    import torch

__all__ = [
    "FIRST_TOKEN_POLICIES",
    "PLL_METRICS",
    "CausalLMScorer",
    "Completion",
    "MaskedLMScorer",
    "SentenceScore",
    "TokenScores",
    "UnigramScorer",
    "load_model",
    "matches",
    "resolve_device",
]

FIRST_TOKEN_POLICIES = ("bos", "unscored")
PLL_METRICS = ("original", "within_word_l2r")
LN2 = math.log(2.0)


@dataclass(slots=True)
class TokenScores:
    """Per-token natural-log probabilities of one sentence (scored tokens only)."""

    tokens: list[str]
    logprobs: list[float]

    @property
    def surprisals(self) -> list[float]:
        """Surprisal of each token in bits: ``-log2 p``."""
        return [-lp / LN2 for lp in self.logprobs]


@dataclass(slots=True)
class SentenceScore:
    """Sentence log-probability (nats), number of scored tokens, perplexity exp(-logprob/n)."""

    text: str
    logprob: float
    n_tokens: int

    @property
    def ppl(self) -> float:
        return math.exp(-self.logprob / self.n_tokens) if self.n_tokens else float("nan")

    @property
    def mean_logprob(self) -> float:
        return self.logprob / self.n_tokens if self.n_tokens else float("nan")


@dataclass(slots=True)
class Completion:
    """One fill-mask prediction: the word, its log-probability (nats) and 1-based rank."""

    token: str
    logprob: float
    rank: int


def _require_torch() -> Any:
    try:
        import torch
        import transformers  # noqa: F401
    except ImportError as exc:  # pragma: no cover - exercised only without the extra
        raise MissingDependencyError(
            f"language-model scoring needs torch and transformers ({exc.name} is missing): "
            "pip install 'lingeval[lm]'"
        ) from None
    return torch


def resolve_device(device: str = "auto") -> str:
    """``auto`` picks CUDA, then Apple MPS, then CPU; anything else is passed through."""
    torch = _require_torch()
    if device != "auto":
        if device.startswith("cuda") and not torch.cuda.is_available():
            raise LingevalError(f"device {device!r} requested but CUDA is not available")
        return device
    if torch.cuda.is_available():
        return "cuda"
    mps = getattr(torch.backends, "mps", None)
    if mps is not None and mps.is_available():
        return "mps"
    return "cpu"


def load_model(
    name_or_path: str, kind: str, *, device: str = "cpu", fp16: bool = False
) -> tuple[Any, Any]:
    """Load a Hugging Face model and tokenizer by hub id or local folder.

    ``kind`` is ``causal`` or ``masked``. Failures (no network, unknown id, missing files)
    become a :class:`LingevalError` that says so plainly and suggests a local path.
    """
    _require_torch()
    from transformers import AutoModelForCausalLM, AutoModelForMaskedLM, AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    auto = {"causal": AutoModelForCausalLM, "masked": AutoModelForMaskedLM}.get(kind)
    if auto is None:
        raise LingevalError(f"unknown model kind {kind!r}; choose causal or masked")
    local = Path(name_or_path).expanduser()
    source = str(local) if local.exists() else name_or_path
    offline = bool(os.environ.get("HF_HUB_OFFLINE") or os.environ.get("TRANSFORMERS_OFFLINE"))
    try:
        if local.exists():
            tokenizer = AutoTokenizer.from_pretrained(source)
            model = auto.from_pretrained(source)
        else:
            try:  # the local Hugging Face cache first: no network needed
                tokenizer = AutoTokenizer.from_pretrained(source, local_files_only=True)
                model = auto.from_pretrained(source, local_files_only=True)
            except (OSError, ValueError):
                if offline or not _hub_reachable():
                    raise
                tokenizer = AutoTokenizer.from_pretrained(source)
                model = auto.from_pretrained(source)
    except (OSError, ValueError) as exc:
        if local.exists():
            raise LingevalError(
                f"could not load a {kind} model from the folder {name_or_path}: {str(exc).splitlines()[0]}"
            ) from None
        why = "offline mode is set" if offline else "no network, or an unknown model id"
        raise LingevalError(
            f"could not load model {name_or_path!r}: it is not a local folder, not in the Hugging Face "
            f"cache, and it could not be fetched from the hub ({why}). Download it on a machine with "
            f"network access and pass its local folder, e.g. --model /path/to/{name_or_path.rsplit('/', 1)[-1]}"
        ) from None
    model.eval()
    _fuse_activations(model)
    if fp16:
        if device == "cpu":
            raise LingevalError("--fp16 needs a GPU (cuda or mps); on CPU use full precision")
        model.half()
    model.to(device)
    return model, tokenizer


def _hub_reachable(timeout: float = 3.0) -> bool:
    """A quick TCP check of the Hugging Face hub, so an offline machine fails in seconds."""
    import socket
    from urllib.parse import urlparse

    host = (
        urlparse(os.environ.get("HF_ENDPOINT", "https://huggingface.co")).hostname
        or "huggingface.co"
    )
    try:
        with socket.create_connection((host, 443), timeout=timeout):
            return True
    except OSError:
        return False


def _model_name(model: Any, given: str | None) -> str:
    if given:
        return given.rstrip("/").rsplit("/", 1)[-1] if Path(given).exists() else given
    name = getattr(getattr(model, "config", None), "_name_or_path", "") or type(model).__name__
    return str(name).rstrip("/").rsplit("/", 1)[-1]


def _chunks_by_budget(
    order: Sequence[int], lengths: Sequence[int], max_rows: int, max_tokens: int
) -> Iterator[list[int]]:
    """Group length-sorted indices into batches of at most ``max_rows`` and ~``max_tokens``."""
    batch: list[int] = []
    longest = 0
    for i in order:
        n = lengths[i]
        if batch and (len(batch) >= max_rows or max(longest, n) * (len(batch) + 1) > max_tokens):
            yield batch
            batch, longest = [], 0
        batch.append(i)
        longest = max(longest, n)
    if batch:
        yield batch


def _progress(total: int, desc: str, enabled: bool, unit: str = "sent") -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, disable=not enabled, leave=False)


def _target_logprobs(logits: Any, targets: Any) -> Any:
    """``log softmax(logits)[row, target]`` for each row (nats), as one fused kernel.

    ``-cross_entropy(reduction="none")`` is the same quantity as ``logits[t] - logsumexp``
    (to ~2e-6) and about twice as fast on CPU, because log-softmax is computed in one pass.
    """
    import torch.nn.functional as F

    return -F.cross_entropy(logits, targets, reduction="none")


def _fuse_activations(model: Any) -> None:
    """Replace GPT-2's Python-level ``gelu_new`` with PyTorch's fused tanh GELU, in place.

    Same formula, ``0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))``, one kernel instead of
    six (outputs equal to ~2e-7). Applied only to models this module loads itself.
    """
    import torch

    try:
        from transformers.activations import NewGELUActivation
    except ImportError:  # pragma: no cover
        return
    for module in list(model.modules()):
        for name, child in list(module.named_children()):
            if type(child) is NewGELUActivation:
                setattr(module, name, torch.nn.GELU(approximate="tanh"))


class _Base:
    model: Any
    tokenizer: Any
    device: str
    name: str

    def _init_model(self, model: Any, tokenizer: Any, kind: str, device: str, fp16: bool) -> None:
        self.device = resolve_device(device)
        if isinstance(model, (str, Path)):
            self.name = _model_name(None, str(model))
            self.model, self.tokenizer = load_model(str(model), kind, device=self.device, fp16=fp16)
        else:
            if tokenizer is None:
                raise LingevalError("a tokenizer is required when a model object is given")
            self.name = _model_name(model, None)
            self.model, self.tokenizer = model, tokenizer
            self.model.eval()
            if fp16:
                if self.device == "cpu":
                    raise LingevalError(
                        "--fp16 needs a GPU (cuda or mps); on CPU use full precision"
                    )
                self.model.half()
            self.model.to(self.device)
        self.fp16 = fp16


# Causal architectures whose logits are ``lm_head(last_hidden_state)`` with nothing after.
_PLAIN_HEAD_CAUSAL = frozenset(
    {"gpt2", "gpt_neo", "gptj", "gpt_neox", "llama", "mistral", "qwen2", "opt", "bloom"}
)


class CausalLMScorer(_Base):
    """Causal (left-to-right) LM scorer: token log-probs, sentence log-prob, perplexity.

    ``model`` is a hub id, a local folder or a loaded ``PreTrainedModel`` (then give
    ``tokenizer``). See the module docstring for ``first_token`` and ``eos``.
    """

    def __init__(
        self,
        model: Any,
        tokenizer: Any = None,
        *,
        first_token: str = "bos",
        eos: bool = False,
        device: str = "auto",
        batch_size: int = 32,
        max_tokens: int = 16384,
        fp16: bool = False,
        progress: bool = False,
    ) -> None:
        if first_token not in FIRST_TOKEN_POLICIES:
            raise LingevalError(
                f"unknown first-token policy {first_token!r}; choose bos or unscored"
            )
        self._init_model(model, tokenizer, "causal", device, fp16)
        self.first_token = first_token
        self.eos = eos
        self.batch_size = batch_size
        self.max_tokens = max_tokens
        self.progress = progress
        tok = self.tokenizer
        self.prefix_id = tok.bos_token_id if tok.bos_token_id is not None else tok.eos_token_id
        if first_token == "bos" and self.prefix_id is None:
            raise LingevalError(
                f"model {self.name} has neither a BOS nor an EOS token; use first_token='unscored'"
            )
        if eos and tok.eos_token_id is None:
            raise LingevalError(f"model {self.name} has no EOS token to score")
        self.pad_id = tok.pad_token_id if tok.pad_token_id is not None else (self.prefix_id or 0)
        limit = getattr(self.model.config, "max_position_embeddings", None) or getattr(
            self.model.config, "n_positions", None
        )
        self.max_length = int(limit) if limit else None
        self._head, self._body = self._split_head()

    def _split_head(self) -> tuple[Any, Any]:
        """(output head, decoder) for architectures whose logits are exactly head(last hidden).

        Then the head runs only at positions that predict a real token (no padding, no last
        position), which saves time and memory; other architectures (for example with logit
        soft-capping or scaling) use the full ``logits``.
        """
        mtype = getattr(self.model.config, "model_type", "")
        if mtype not in _PLAIN_HEAD_CAUSAL:
            return None, None
        head = self.model.get_output_embeddings()
        body = getattr(self.model, "base_model", None)
        if head is None or body is None or body is self.model:
            return None, None
        return head, body

    def _predicting_logits(self, ids: Any, mask: Any, sel: Any) -> Any:
        """Float32 logits at the positions ``sel`` that predict a real token.

        For the plain decoder architectures (``_PLAIN_HEAD_CAUSAL``) no attention mask is
        passed: padding is on the right, so with causal attention no real token ever sees a
        pad, and the model takes its fused causal path instead of building a padding mask.
        """
        if self._head is not None:
            hidden = self._body(input_ids=ids, use_cache=False)[0]
            return self._head(hidden[:, :-1][sel]).float()
        logits = self.model(input_ids=ids, attention_mask=mask).logits
        return logits[:, :-1][sel].float()

    def signature(self) -> Signature:
        return Signature(
            "probe-ppl",
            {
                "model": self.name,
                "lm": "causal",
                "first_token": self.first_token,
                "eos": self.eos,
                "log": "e",
            },
        )

    def _policy(self, ids: list[int]) -> list[int]:
        if self.first_token == "bos":
            ids = [self.prefix_id, *ids]
        if self.eos:
            ids.append(self.tokenizer.eos_token_id)
        return ids

    def encode(self, text: str) -> list[int]:
        """Token ids actually fed to the model (prefix and EOS according to the policy)."""
        return self._policy(list(self.tokenizer(text, add_special_tokens=False)["input_ids"]))

    def encode_batch(self, texts: Sequence[str]) -> list[list[int]]:
        """:meth:`encode` of every text in one tokenizer call (the fast tokenizers batch in Rust)."""
        if not texts:
            return []
        batch = self.tokenizer(list(texts), add_special_tokens=False)["input_ids"]
        return [self._policy(list(ids)) for ids in batch]

    def _logprobs(self, texts: Sequence[str]) -> tuple[list[list[int]], list[list[float]]]:
        """Token ids fed to the model and the log-probabilities (nats) of the scored ones."""
        torch = _require_torch()
        encoded = self.encode_batch(texts)
        lengths = [len(e) for e in encoded]
        for i, n in enumerate(lengths):
            if n < 2:
                raise LingevalError(f"sentence {i + 1} has no token to score: {texts[i]!r}")
            if self.max_length and n > self.max_length:
                raise LingevalError(
                    f"sentence {i + 1} has {n} tokens, more than the model's {self.max_length}"
                )
        order = sorted(range(len(texts)), key=lambda i: lengths[i])
        out: list[list[float]] = [[] for _ in texts]
        bar = _progress(len(texts), "scoring", self.progress)
        with torch.inference_mode():
            for batch in _chunks_by_budget(order, lengths, self.batch_size, self.max_tokens):
                width = max(lengths[i] for i in batch)
                ids = torch.tensor(
                    [encoded[i] + [self.pad_id] * (width - lengths[i]) for i in batch],
                    dtype=torch.long,
                )
                mask = torch.tensor(
                    [[1] * lengths[i] + [0] * (width - lengths[i]) for i in batch],
                    dtype=torch.long,
                )
                ids, mask = ids.to(self.device), mask.to(self.device)
                sel = mask[:, 1:].bool()
                rows = self._predicting_logits(ids, mask, sel)  # (N, V), float32
                targets = ids[:, 1:][sel]
                lp = _target_logprobs(rows, targets)
                lp_list = lp.cpu().tolist()
                pos = 0
                for i in batch:
                    n = lengths[i] - 1
                    out[i] = lp_list[pos : pos + n]
                    pos += n
                bar.update(len(batch))
        bar.close()
        return encoded, out

    def token_scores(self, texts: Sequence[str]) -> list[TokenScores]:
        """Per-token log-probabilities (nats) of the scored tokens of each text."""
        encoded, lps = self._logprobs(texts)
        return [
            TokenScores(list(self.tokenizer.convert_ids_to_tokens(e[1:])), lp)
            for e, lp in zip(encoded, lps, strict=True)
        ]

    def sentence_scores(self, texts: Sequence[str]) -> list[SentenceScore]:
        """Sentence log-probability and perplexity exp(-(1/n) sum log p) of each text."""
        _encoded, lps = self._logprobs(texts)
        return [SentenceScore(t, math.fsum(lp), len(lp)) for t, lp in zip(texts, lps, strict=True)]


class MaskedLMScorer(_Base):
    """Masked LM scorer: PLL (``original`` or ``within_word_l2r``) and fill-mask top-k."""

    def __init__(
        self,
        model: Any,
        tokenizer: Any = None,
        *,
        pll: str = "original",
        device: str = "auto",
        batch_size: int = 128,
        fp16: bool = False,
        progress: bool = False,
    ) -> None:
        if pll not in PLL_METRICS:
            raise LingevalError(f"unknown PLL metric {pll!r}; choose original or within_word_l2r")
        self._init_model(model, tokenizer, "masked", device, fp16)
        self.pll = pll
        self.batch_size = batch_size
        self.progress = progress
        tok = self.tokenizer
        if tok.mask_token_id is None:
            raise LingevalError(f"tokenizer of {self.name} has no mask token; is it a masked LM?")
        self.mask_id = int(tok.mask_token_id)
        self.pad_id = tok.pad_token_id if tok.pad_token_id is not None else 0
        self._head, self._body = self._split_head()
        self._word_initial: Any = None

    def _split_head(self) -> tuple[Any, Any]:
        """(LM head, encoder) when the model exposes them, to apply the head at masked rows only."""
        head = getattr(self.model, "cls", None) or getattr(self.model, "lm_head", None)
        body = getattr(self.model, "base_model", None)
        if head is None or body is None or body is self.model:
            return None, None
        return head, body

    def signature(self, metric: str = "probe-pll") -> Signature:
        return Signature(metric, {"model": self.name, "lm": "masked", "pll": self.pll, "log": "e"})

    def _logits_at(
        self, ids: torch.Tensor, mask: torch.Tensor, rows: torch.Tensor, cols: torch.Tensor
    ) -> torch.Tensor:
        if self._head is not None:
            hidden = self._body(input_ids=ids, attention_mask=mask)[0]
            return self._head(hidden[rows, cols]).float()
        return self.model(input_ids=ids, attention_mask=mask).logits[rows, cols].float()

    def _encode(self, text: str) -> tuple[list[int], list[int], list[int | None]]:
        enc = self.tokenizer(text, return_special_tokens_mask=True)
        ids = list(enc["input_ids"])
        special = list(enc["special_tokens_mask"])
        try:
            word_ids = list(enc.word_ids())
        except (ValueError, AttributeError):
            if self.pll == "within_word_l2r":
                raise LingevalError("within_word_l2r needs a fast tokenizer (word ids)") from None
            word_ids = [None] * len(ids)
        targets = [p for p, s in enumerate(special) if not s]
        return ids, targets, word_ids

    def token_scores(self, texts: Sequence[str]) -> list[TokenScores]:
        """PLL terms log p(w_t | masked sentence) in nats, per scored (non-special) token."""
        torch = _require_torch()
        enc = [self._encode(t) for t in texts]
        limit = getattr(self.model.config, "max_position_embeddings", None)
        # one row per (sentence, target position); rows of the same sentence share its length
        jobs: list[tuple[int, int, list[int]]] = []
        for i, (ids, targets, word_ids) in enumerate(enc):
            if not targets:
                raise LingevalError(f"sentence {i + 1} has no token to score: {texts[i]!r}")
            if limit and len(ids) > limit:
                raise LingevalError(
                    f"sentence {i + 1} has {len(ids)} tokens, more than the model's {limit}"
                )
            for p in targets:
                masked = [p]
                if self.pll == "within_word_l2r" and word_ids[p] is not None:
                    masked += [q for q in targets if q > p and word_ids[q] == word_ids[p]]
                jobs.append((i, p, masked))
        lengths = [len(enc[j[0]][0]) for j in jobs]
        order = sorted(range(len(jobs)), key=lambda k: (lengths[k], jobs[k][0], jobs[k][1]))
        scores: list[float] = [0.0] * len(jobs)
        bar = _progress(len(jobs), "PLL", self.progress, unit="row")
        with torch.inference_mode():
            for batch in _chunks_by_budget(order, lengths, self.batch_size, self.batch_size * 512):
                width = max(lengths[k] for k in batch)
                ids = torch.full((len(batch), width), self.pad_id, dtype=torch.long)
                att = torch.zeros((len(batch), width), dtype=torch.long)
                for r, k in enumerate(batch):
                    si, _p, masked = jobs[k]
                    row = enc[si][0]
                    ids[r, : len(row)] = torch.tensor(row)
                    att[r, : len(row)] = 1
                    ids[r, masked] = self.mask_id
                cols = torch.tensor([jobs[k][1] for k in batch])
                targets = torch.tensor([enc[jobs[k][0]][0][jobs[k][1]] for k in batch])
                rows = torch.arange(len(batch))
                logits = self._logits_at(
                    ids.to(self.device),
                    att.to(self.device),
                    rows.to(self.device),
                    cols.to(self.device),
                )
                lp = _target_logprobs(logits, targets.to(self.device))
                for k, v in zip(batch, lp.cpu().tolist(), strict=True):
                    scores[k] = v
                bar.update(len(batch))
        bar.close()
        out: list[TokenScores] = []
        k = 0
        for ids, targets, _w in enc:
            toks = self.tokenizer.convert_ids_to_tokens([ids[p] for p in targets])
            out.append(TokenScores(list(toks), scores[k : k + len(targets)]))
            k += len(targets)
        return out

    def sentence_scores(self, texts: Sequence[str]) -> list[SentenceScore]:
        """PLL (nats) and pseudo-perplexity exp(-PLL/n) of each text."""
        return [
            SentenceScore(t, math.fsum(s.logprobs), len(s.logprobs))
            for t, s in zip(texts, self.token_scores(texts), strict=True)
        ]

    def _word_initial_mask(self) -> Any:
        """True for vocabulary items that can start a word (not special, not a ``##`` piece)."""
        torch = _require_torch()
        if self._word_initial is None:
            vocab = self.tokenizer.convert_ids_to_tokens(list(range(len(self.tokenizer))))
            special = set(self.tokenizer.all_special_ids)
            keep = [
                i not in special and tok is not None and not tok.startswith("##")
                for i, tok in enumerate(vocab)
            ]
            self._word_initial = torch.tensor(keep, dtype=torch.bool)
        return self._word_initial

    def _logprob_rows(self, enc: Sequence[list[int]], positions: Sequence[list[int]]) -> list[Any]:
        """Log-softmax rows (natural log, float32, CPU) at ``positions[i]`` of each ``enc[i]``.

        Sequences are sorted by length and padded on the right; the LM head runs only at the
        requested positions. Returns one ``(len(positions[i]), vocab)`` tensor per sequence.
        """
        torch = _require_torch()
        lengths = [len(e) for e in enc]
        order = sorted(range(len(enc)), key=lambda i: lengths[i])
        out: list[Any] = [None] * len(enc)
        with torch.inference_mode():
            for batch in _chunks_by_budget(order, lengths, self.batch_size, self.batch_size * 512):
                width = max(lengths[i] for i in batch)
                ids = torch.full((len(batch), width), self.pad_id, dtype=torch.long)
                att = torch.zeros((len(batch), width), dtype=torch.long)
                rows: list[int] = []
                cols: list[int] = []
                for r, i in enumerate(batch):
                    ids[r, : lengths[i]] = torch.tensor(enc[i])
                    att[r, : lengths[i]] = 1
                    rows += [r] * len(positions[i])
                    cols += positions[i]
                logits = self._logits_at(
                    ids.to(self.device),
                    att.to(self.device),
                    torch.tensor(rows).to(self.device),
                    torch.tensor(cols).to(self.device),
                )
                logp = torch.log_softmax(logits, dim=1).cpu()
                k = 0
                for i in batch:
                    out[i] = logp[k : k + len(positions[i])]
                    k += len(positions[i])
        return out

    def _encode_blank(self, text: str, blank: str, n_masks: int = 1) -> tuple[list[int], list[int]]:
        """Token ids of ``text`` with its blank as ``n_masks`` mask tokens, and their positions."""
        ids = list(self.tokenizer(text.replace(blank, self.tokenizer.mask_token))["input_ids"])
        at = ids.index(self.mask_id)
        ids[at : at + 1] = [self.mask_id] * n_masks
        return ids, list(range(at, at + n_masks))

    def fill_mask(
        self, texts: Sequence[str], k: int = 10, blank: str = "___"
    ) -> list[list[Completion]]:
        """Top-``k`` word-initial completions of the (single) ``blank`` of each text.

        Returns ``Completion(token, logprob, rank)`` sorted by probability, rank 1 first.
        """
        torch = _require_torch()
        allowed = self._word_initial_mask()
        for n, text in enumerate(texts, 1):
            if text.count(blank) != 1:
                raise LingevalError(
                    f"cloze sentence {n} must contain exactly one {blank!r}: {text!r}"
                )
        enc = [self._encode_blank(t, blank) for t in texts]
        rows = self._logprob_rows([e[0] for e in enc], [e[1] for e in enc])
        out: list[list[Completion]] = []
        for logp in rows:
            width_v = logp.shape[1]
            keep = torch.zeros(width_v, dtype=torch.bool)  # padded model vocab: extra ids off
            keep[: min(width_v, len(allowed))] = allowed[:width_v]
            row = logp[0].masked_fill(~keep, float("-inf"))
            top = torch.topk(row, min(k, int(keep.sum())))
            toks = self.tokenizer.convert_ids_to_tokens(top.indices.tolist())
            out.append(
                [
                    Completion(str(t), float(v), rank)
                    for rank, (t, v) in enumerate(zip(toks, top.values.tolist(), strict=True), 1)
                ]
            )
        return out

    def rank_options(
        self, queries: Sequence[tuple[str, Sequence[str]]], blank: str = "___"
    ) -> list[list[float]]:
        """Log-probability (nats) of each candidate word in the blank of each text.

        A candidate of n subwords fills the blank with n mask tokens; its score is the sum of
        the log-probabilities of its pieces at their masks, all masks predicted at once (each
        piece conditioned on the context, not on the other pieces). Used by ``probe build`` to
        choose the cloze item's plausible option.
        """
        enc: list[list[int]] = []
        pos: list[list[int]] = []
        pieces: list[list[int]] = []
        for n, (text, options) in enumerate(queries, 1):
            if text.count(blank) != 1:
                raise LingevalError(
                    f"cloze sentence {n} must contain exactly one {blank!r}: {text!r}"
                )
            for opt in options:
                ids = list(self.tokenizer(opt, add_special_tokens=False)["input_ids"])
                if not ids:
                    raise LingevalError(f"option {opt!r} has no tokens")
                e, p = self._encode_blank(text, blank, len(ids))
                enc.append(e)
                pos.append(p)
                pieces.append(ids)
        rows = self._logprob_rows(enc, pos)
        flat = [
            math.fsum(float(r[j, t]) for j, t in enumerate(ids))
            for r, ids in zip(rows, pieces, strict=True)
        ]
        out: list[list[float]] = []
        k = 0
        for _text, options in queries:
            out.append(flat[k : k + len(options)])
            k += len(options)
        return out

    def first_subword(self, word: str) -> str:
        """The first subword of ``word`` as the tokenizer splits it (``word`` itself if whole)."""
        ids = self.tokenizer(word, add_special_tokens=False)["input_ids"]
        return str(self.tokenizer.convert_ids_to_tokens(ids[:1])[0]) if ids else word

    def is_single_token(self, word: str) -> bool:
        return len(self.tokenizer(word, add_special_tokens=False)["input_ids"]) == 1


def matches(
    prediction: str, word: str, first_subword: str, *, multi_subword: str = "first"
) -> bool:
    """Whether a fill-mask prediction counts as ``word`` (case-insensitive).

    A whole-word prediction equal to ``word`` always matches. When ``word`` is split into
    several subwords, ``multi_subword="first"`` accepts a prediction equal to its first subword
    (a single mask can only show that piece); ``"exact"`` does not.
    """
    p = prediction.lower()
    if p == word.lower():
        return True
    return (
        multi_subword == "first"
        and first_subword.lower() != word.lower()
        and p == first_subword.lower()
    )


@dataclass
class UnigramScorer:
    """Unigram baseline from ``wordfreq``: log p(w) = ln(word_frequency(w, lang)), floored.

    Tokens are ``wordfreq.tokenize(text, lang)`` (punctuation dropped); words absent from the
    list get ``floor`` (default 1e-9). Perplexity is exp(-(1/n) sum log p) over the words.
    """

    lang: str = "it"
    floor: float = 1e-9
    _cache: dict[str, float] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        try:
            import wordfreq
        except ImportError:  # pragma: no cover
            raise MissingDependencyError(
                "the unigram baseline needs wordfreq: pip install wordfreq"
            ) from None
        if self.lang not in wordfreq.available_languages():
            raise LingevalError(f"wordfreq has no list for language {self.lang!r}")
        self._wf: Any = wordfreq

    name = "unigram"

    def signature(self) -> Signature:
        return Signature(
            "probe-ppl",
            {"model": f"wordfreq-{self.lang}", "lm": "unigram", "floor": self.floor, "log": "e"},
        )

    def _logp(self, word: str) -> float:
        v = self._cache.get(word)
        if v is None:
            v = math.log(max(self._wf.word_frequency(word, self.lang), self.floor))
            self._cache[word] = v
        return v

    def token_scores(self, texts: Sequence[str]) -> list[TokenScores]:
        out = []
        for n, t in enumerate(texts, 1):
            toks = self._wf.tokenize(t, self.lang)
            if not toks:
                raise LingevalError(f"sentence {n} has no word to score: {t!r}")
            out.append(TokenScores(toks, [self._logp(w) for w in toks]))
        return out

    def sentence_scores(self, texts: Sequence[str]) -> list[SentenceScore]:
        return [
            SentenceScore(t, math.fsum(s.logprobs), len(s.logprobs))
            for t, s in zip(texts, self.token_scores(texts), strict=True)
        ]


Scorer = CausalLMScorer | MaskedLMScorer | UnigramScorer
ScoreFn = Callable[[Sequence[str]], list[SentenceScore]]
