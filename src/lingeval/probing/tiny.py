"""Tiny randomly initialised GPT-2 and BERT models with their tokenizers, built offline.

Used by the tests, the benchmark and the demo: no download, a few seconds on a CPU. The
tokenizers are trained with the ``tokenizers`` library on the given sentences (byte-level BPE
for GPT-2, WordPiece for BERT), wrapped in ``PreTrainedTokenizerFast`` and saved with the
model, so the folders load through the same path as any user model
(:func:`lingeval.probing.scorers.load_model`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

__all__ = ["build_tiny_causal", "build_tiny_masked"]


def build_tiny_causal(
    out_dir: str | Path,
    corpus: Sequence[str],
    *,
    vocab_size: int = 300,
    n_layer: int = 2,
    n_embd: int = 32,
    n_head: int = 2,
    n_positions: int = 512,
    seed: int = 0,
) -> Path:
    """Save a GPT-2 model (random weights) and a byte-level BPE tokenizer to ``out_dir``."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import GPT2Config, GPT2LMHeadModel, PreTrainedTokenizerFast
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()

    special = "<|endoftext|>"
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=[special],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(list(corpus), trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, bos_token=special, eos_token=special, unk_token=special
    )
    torch.manual_seed(seed)
    config = GPT2Config(
        vocab_size=tok.get_vocab_size(),
        n_positions=n_positions,
        n_embd=n_embd,
        n_layer=n_layer,
        n_head=n_head,
        bos_token_id=fast.bos_token_id,
        eos_token_id=fast.eos_token_id,
    )
    model = GPT2LMHeadModel(config).eval()
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    fast.save_pretrained(out)
    return out


def build_tiny_masked(
    out_dir: str | Path,
    corpus: Sequence[str],
    *,
    vocab_size: int = 300,
    num_hidden_layers: int = 2,
    hidden_size: int = 32,
    num_attention_heads: int = 2,
    intermediate_size: int = 64,
    max_position_embeddings: int = 512,
    seed: int = 0,
    vocab: Sequence[str] | None = None,
) -> Path:
    """Save a BERT masked LM (random weights) and a WordPiece tokenizer to ``out_dir``.

    The WordPiece vocabulary is trained on ``corpus``, or is exactly ``vocab`` (after the five
    special tokens) when given, so that a test knows how words split (``tutta ##via``). Trained
    pieces are numbered in sorted order, so equal arguments give an identical model in any
    process.
    """
    import torch
    from tokenizers import (
        Tokenizer,
        decoders,
        models,
        normalizers,
        pre_tokenizers,
        processors,
        trainers,
    )
    from transformers import BertConfig, BertForMaskedLM, PreTrainedTokenizerFast
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()

    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]

    def wordpiece(vocab: dict[str, int] | None) -> Tokenizer:
        t = Tokenizer(models.WordPiece(vocab=vocab, unk_token="[UNK]"))
        t.normalizer = normalizers.BertNormalizer(lowercase=False)
        t.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
        return t

    if vocab is None:
        # The trainer learns the same pieces in every process but numbers them in hash-map
        # order, which changes from run to run (and with it which random embedding row each
        # piece gets): keep the learnt pieces, sorted, so the same seed gives the same model.
        trained = wordpiece(None)
        trainer = trainers.WordPieceTrainer(
            vocab_size=vocab_size, special_tokens=specials, show_progress=False
        )
        trained.train_from_iterator(list(corpus), trainer)
        vocab = sorted(trained.get_vocab())
    tok = wordpiece({t: i for i, t in enumerate(dict.fromkeys([*specials, *vocab]))})
    tok.decoder = decoders.WordPiece()
    cls_id, sep_id = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B [SEP]",
        special_tokens=[("[CLS]", cls_id), ("[SEP]", sep_id)],
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        pad_token="[PAD]",
        unk_token="[UNK]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
    )
    torch.manual_seed(seed)
    config = BertConfig(
        vocab_size=tok.get_vocab_size(),
        hidden_size=hidden_size,
        num_hidden_layers=num_hidden_layers,
        num_attention_heads=num_attention_heads,
        intermediate_size=intermediate_size,
        max_position_embeddings=max_position_embeddings,
        pad_token_id=fast.pad_token_id,
    )
    model = BertForMaskedLM(config).eval()
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    fast.save_pretrained(out)
    return out
