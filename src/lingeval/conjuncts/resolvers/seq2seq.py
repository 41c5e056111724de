"""``seq2seq:MODEL``: a fine-tuned Hugging Face encoder-decoder as a resolver (paper 000, §7, A.2).

Input: the sentence with the paper's marking, ``... <SPLIT> and </SPLIT> ...`` (section 7:
"we mark the conjunction using a special token"). Output: the rewrites joined by the sentence
separator :data:`SENTENCE_SEP` (``<SEP>``; section 7: "separate the output sentences using
special tokens"). A non-rewritable input is trained to come back as itself.

:func:`train_seq2seq` reproduces the paper's fine-tuning setup by default (A.2): ``t5-large``,
AdamW with learning rate 3e-4, epsilon 1e-8, weight decay 0, batch size 8, maximum input and
output length 256 tokens, 5 epochs, keeping the checkpoint with the best validation verb-nucleus
F1 (section 7, "the best performing model on the validation set being saved"). ``fraction``
trains on the first ``fraction`` of a seeded shuffle of the training set (the learning curve of
Table 3: 10%, 20%, ... 100%). The GPU is used when present.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from lingeval.conjuncts.example import SPLIT_CLOSE, SPLIT_OPEN, ConjunctExample
from lingeval.conjuncts.resolvers.base import Resolver
from lingeval.core.errors import LingevalError, MissingDependencyError

__all__ = [
    "SENTENCE_SEP",
    "Seq2SeqResolver",
    "TrainConfig",
    "TrainResult",
    "decode_rewrites",
    "encode_target",
    "train_seq2seq",
]

#: Separator between output sentences in the model's target text.
SENTENCE_SEP = "<SEP>"
SPECIAL_TOKENS = [SPLIT_OPEN, SPLIT_CLOSE, SENTENCE_SEP]


def encode_target(rewrites: Sequence[str]) -> str:
    """The training target: ``"s1 <SEP> s2 <SEP> s3"``."""
    return f" {SENTENCE_SEP} ".join(s.strip() for s in rewrites)


def decode_rewrites(text: str, sentence: str, junk: Sequence[str] = ()) -> list[str]:
    """Split a generated text at :data:`SENTENCE_SEP`; empty output means ``[sentence]``."""
    for tok in junk:
        if tok:
            text = text.replace(tok, " ")
    parts = [" ".join(p.split()) for p in text.split(SENTENCE_SEP)]
    parts = [p for p in parts if p]
    return parts or [sentence]


def _torch() -> Any:
    try:
        import torch
    except ImportError as exc:  # pragma: no cover - torch is installed with the lm extra
        raise MissingDependencyError(
            "seq2seq needs torch and transformers: pip install 'lingeval[lm]'"
        ) from exc
    return torch


def _device(device: str | None) -> str:
    torch = _torch()
    if device:
        return device
    return "cuda" if torch.cuda.is_available() else "cpu"


def _load(model: str) -> tuple[Any, Any]:
    try:
        from transformers import AutoModelForSeq2SeqLM, AutoTokenizer
    except ImportError as exc:  # pragma: no cover
        raise MissingDependencyError(
            "seq2seq needs transformers: pip install 'lingeval[lm]'"
        ) from exc
    from lingeval.core.textio import check_model_dir

    check_model_dir(model)
    try:
        tokenizer = AutoTokenizer.from_pretrained(model)
        net = AutoModelForSeq2SeqLM.from_pretrained(model)
    except (OSError, ValueError) as exc:
        raise LingevalError(
            f"cannot load the seq2seq model {model!r}: {exc}".splitlines()[0]
        ) from None
    missing = [t for t in SPECIAL_TOKENS if t not in tokenizer.get_vocab()]
    if missing:
        tokenizer.add_special_tokens({"additional_special_tokens": SPECIAL_TOKENS})
        net.resize_token_embeddings(len(tokenizer))
    return tokenizer, net


class Seq2SeqResolver(Resolver):
    """Generate rewrites with an encoder-decoder (greedy by default; ``num_beams`` for beams)."""

    name = "seq2seq"

    def __init__(
        self,
        model: str,
        *,
        device: str | None = None,
        batch_size: int = 8,
        max_length: int = 256,
        num_beams: int = 1,
        tokenizer: Any = None,
        net: Any = None,
    ) -> None:
        if not model and net is None:
            raise LingevalError("seq2seq needs a model: --resolver seq2seq:PATH_OR_NAME")
        self.model = model
        self.device = _device(device)
        if net is None:
            tokenizer, net = _load(model)
        self.tokenizer = tokenizer
        self.net = net.to(self.device)
        self.batch_size = batch_size
        self.max_length = max_length
        self.num_beams = num_beams

    def options(self) -> dict[str, Any]:
        return {
            "resolver": self.name,
            "model": self.model,
            "beams": self.num_beams,
            "max_len": self.max_length,
        }

    def resolve(self, batch: Sequence[ConjunctExample]) -> list[list[str]]:
        torch = _torch()
        out: list[list[str]] = []
        junk = [self.tokenizer.pad_token, self.tokenizer.eos_token, self.tokenizer.bos_token]
        self.net.eval()
        for start in range(0, len(batch), self.batch_size):
            chunk = batch[start : start + self.batch_size]
            inputs = [ex.marked() if ex.conjunction else ex.sentence for ex in chunk]
            enc = self.tokenizer(
                inputs,
                return_tensors="pt",
                padding=True,
                truncation=True,
                max_length=self.max_length,
            ).to(self.device)
            enc.pop("token_type_ids", None)
            with torch.no_grad():
                gen = self.net.generate(
                    **enc, max_length=self.max_length, num_beams=self.num_beams, do_sample=False
                )
            texts = self.tokenizer.batch_decode(gen, skip_special_tokens=False)
            for ex, text in zip(chunk, texts, strict=True):
                out.append(decode_rewrites(text, ex.sentence, junk))
        return out


# --------------------------------------------------------------------------------------------
# Training


@dataclass
class TrainConfig:
    """Fine-tuning options; the defaults are the paper's (A.2)."""

    model: str = "t5-large"
    epochs: int = 5
    learning_rate: float = 3e-4
    adam_epsilon: float = 1e-8
    weight_decay: float = 0.0
    batch_size: int = 8
    max_length: int = 256
    fraction: float = 1.0
    seed: int = 42
    device: str | None = None
    eval_batch_size: int = 16
    num_beams: int = 1


@dataclass
class TrainResult:
    """Where the best checkpoint is and how training went (one entry per epoch)."""

    output_dir: str
    best_epoch: int
    best_f1: float
    n_train: int
    history: list[dict[str, float]] = field(default_factory=list)
    config: dict[str, Any] = field(default_factory=dict)


def _subset(
    examples: Sequence[ConjunctExample], fraction: float, seed: int
) -> list[ConjunctExample]:
    if not 0 < fraction <= 1:
        raise LingevalError(f"the training fraction must be in (0, 1], got {fraction}")
    items = list(examples)
    random.Random(seed).shuffle(items)
    return items[: max(1, math.ceil(len(items) * fraction))]


def train_seq2seq(
    train: Sequence[ConjunctExample],
    dev: Sequence[ConjunctExample],
    output_dir: str | Path,
    config: TrainConfig | None = None,
    *,
    progress: bool = True,
    scorer: Callable[[Sequence[ConjunctExample], list[list[str]]], float] | None = None,
) -> TrainResult:
    """Fine-tune ``config.model`` on ``train``; keep the best checkpoint by dev verb-nucleus F1.

    The best model and tokenizer are saved in ``output_dir`` with ``training_log.json``.
    ``scorer(dev, predictions) -> F1`` defaults to the verb-nucleus metric (micro F1, %).
    """
    torch = _torch()
    config = config or TrainConfig()
    if not train:
        raise LingevalError("no training examples")
    if not dev:
        raise LingevalError("no validation examples (needed to keep the best checkpoint)")
    for ex in list(train) + list(dev):
        if not ex.rewrites:
            raise LingevalError(f"example {ex.id} has no gold rewrites")
    random.seed(config.seed)
    torch.manual_seed(config.seed)
    device = _device(config.device)
    tokenizer, net = _load(config.model)
    net.to(device)
    items = _subset(train, config.fraction, config.seed)
    sources = [ex.marked() for ex in items]
    targets = [encode_target(ex.rewrites) for ex in items]
    opt = torch.optim.AdamW(
        net.parameters(),
        lr=config.learning_rate,
        eps=config.adam_epsilon,
        weight_decay=config.weight_decay,
    )
    if scorer is None:

        def scorer(examples: Sequence[ConjunctExample], preds: list[list[str]]) -> float:
            from lingeval.conjuncts.metric import score

            return float(score(list(examples), preds).system.f1)  # type: ignore[union-attr]

    out_dir = Path(output_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    best_f1 = -1.0
    best_epoch = 0
    history: list[dict[str, float]] = []
    order = list(range(len(items)))
    rng = random.Random(config.seed)
    for epoch in range(1, config.epochs + 1):
        net.train()
        rng.shuffle(order)
        batches = [
            order[i : i + config.batch_size] for i in range(0, len(order), config.batch_size)
        ]
        iterator: Any = batches
        if progress:
            from tqdm import tqdm

            iterator = tqdm(batches, desc=f"epoch {epoch}/{config.epochs}", unit="batch")
        total = 0.0
        t0 = time.perf_counter()
        for idx in iterator:
            enc = tokenizer(
                [sources[i] for i in idx],
                text_target=[targets[i] for i in idx],
                return_tensors="pt",
                padding=True,
                truncation=True,
                max_length=config.max_length,
            )
            labels = enc["labels"]
            labels[labels == tokenizer.pad_token_id] = -100
            loss = net(
                input_ids=enc["input_ids"].to(device),
                attention_mask=enc["attention_mask"].to(device),
                labels=labels.to(device),
            ).loss
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.item()) * len(idx)
        resolver = Seq2SeqResolver(
            config.model,
            device=device,
            batch_size=config.eval_batch_size,
            max_length=config.max_length,
            num_beams=config.num_beams,
            tokenizer=tokenizer,
            net=net,
        )
        preds = resolver.resolve(dev)
        f1 = scorer(dev, preds)
        f1 = 0.0 if math.isnan(f1) else f1
        history.append(
            {
                "epoch": epoch,
                "loss": total / len(items),
                "dev_f1": f1,
                "seconds": time.perf_counter() - t0,
            }
        )
        if f1 > best_f1:
            best_f1, best_epoch = f1, epoch
            net.save_pretrained(out_dir)
            tokenizer.save_pretrained(out_dir)
    result = TrainResult(
        output_dir=str(out_dir),
        best_epoch=best_epoch,
        best_f1=best_f1,
        n_train=len(items),
        history=history,
        config=asdict(config),
    )
    (out_dir / "training_log.json").write_text(
        json.dumps(asdict(result), indent=2), encoding="utf-8"
    )
    return result
