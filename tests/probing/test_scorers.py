"""LM scorers checked against direct computations from the logits of tiny local models."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from lingeval.core.errors import LingevalError  # noqa: E402
from lingeval.probing.scorers import (  # noqa: E402
    CausalLMScorer,
    MaskedLMScorer,
    UnigramScorer,
    matches,
)
from lingeval.probing.tiny import build_tiny_causal, build_tiny_masked  # noqa: E402

pytestmark = pytest.mark.lm

CORPUS = [
    "Piove e resto a casa.",
    "Ma Luca è stanco.",
    "Esco quando smette di piovere.",
    "Studio perché domani ho un esame.",
    "Il libro del mese è bello, ma costa troppo.",
    "Tuttavia la città dorme mentre la luna sale.",
    "Se vuoi, poi andiamo al mare.",
] * 2
SENTS = ["Piove e resto a casa.", "Ma Luca è stanco, quindi dorme.", "Tuttavia esco."]


@pytest.fixture(scope="module")
def causal_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_causal(tmp_path_factory.mktemp("gpt2"), CORPUS)


@pytest.fixture(scope="module")
def masked_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_masked(tmp_path_factory.mktemp("bert"), CORPUS, vocab_size=90)


def test_tiny_masked_model_is_identical_on_every_build(tmp_path: Path) -> None:
    """The WordPiece trainer numbers its pieces in hash-map order (different on each build, as
    it was on CI): equal arguments must still give equal piece ids and equal weights."""
    from transformers import AutoModelForMaskedLM

    dirs = [build_tiny_masked(tmp_path / f"b{k}", CORPUS, vocab_size=90) for k in range(3)]
    vocabs = [json.loads((d / "tokenizer.json").read_text())["model"]["vocab"] for d in dirs]
    assert len(vocabs[0]) == 90 and vocabs[1] == vocabs[0] and vocabs[2] == vocabs[0]
    weights = [AutoModelForMaskedLM.from_pretrained(d).state_dict() for d in dirs]
    assert all(torch.equal(w[k], weights[0][k]) for w in weights[1:] for k in weights[0])


def _direct_causal(scorer: CausalLMScorer, text: str) -> list[float]:
    ids = torch.tensor([scorer.encode(text)])
    with torch.no_grad():
        logits = scorer.model(input_ids=ids).logits[0]
    logp = torch.log_softmax(logits, dim=-1)
    return [float(logp[t, ids[0, t + 1]]) for t in range(ids.shape[1] - 1)]


def test_causal_matches_direct_logits(causal_dir: Path) -> None:
    sc = CausalLMScorer(str(causal_dir), device="cpu", batch_size=2)
    got = sc.token_scores(SENTS)
    for text, ts in zip(SENTS, got, strict=True):
        direct = _direct_causal(sc, text)
        assert len(ts.logprobs) == len(direct)
        assert ts.logprobs == pytest.approx(direct, abs=1e-5)
        # bos policy: every token of the sentence is scored
        assert len(ts.logprobs) == len(sc.tokenizer(text, add_special_tokens=False)["input_ids"])
    sent = sc.sentence_scores(SENTS)
    for s, ts in zip(sent, got, strict=True):
        assert s.ppl == pytest.approx(math.exp(-sum(ts.logprobs) / len(ts.logprobs)), rel=1e-9)
        assert s.ppl > 1.0
    assert ts.surprisals[0] == pytest.approx(-ts.logprobs[0] / math.log(2))


def test_causal_fast_head_equals_full_logits(causal_dir: Path) -> None:
    sc = CausalLMScorer(str(causal_dir), device="cpu")
    assert sc._head is not None  # GPT-2: head applied at predicting positions only
    enc = [sc.encode(t) for t in SENTS[:2]]
    width = max(len(e) for e in enc)
    ids = torch.zeros((2, width), dtype=torch.long)
    mask = torch.zeros((2, width), dtype=torch.long)
    for r, e in enumerate(enc):
        ids[r, : len(e)] = torch.tensor(e)
        mask[r, : len(e)] = 1
    sel = mask[:, 1:].bool()
    with torch.no_grad():
        fast = sc._predicting_logits(ids, mask, sel)
        full = sc.model(input_ids=ids, attention_mask=mask).logits[:, :-1][sel]
    assert fast.shape == (sum(len(e) - 1 for e in enc), full.shape[1])
    assert torch.allclose(fast, full, atol=1e-5)


def test_causal_batching_does_not_change_scores(causal_dir: Path) -> None:
    a = CausalLMScorer(str(causal_dir), device="cpu", batch_size=1).sentence_scores(SENTS)
    b = CausalLMScorer(str(causal_dir), device="cpu", batch_size=64).sentence_scores(SENTS)
    assert [x.logprob for x in a] == pytest.approx([x.logprob for x in b], abs=1e-4)


def test_first_token_policies_and_eos(causal_dir: Path) -> None:
    bos = CausalLMScorer(str(causal_dir), device="cpu")
    uns = CausalLMScorer(str(causal_dir), device="cpu", first_token="unscored")
    eos = CausalLMScorer(str(causal_dir), device="cpu", eos=True)
    tb, tu, te = (s.token_scores(SENTS[:1])[0] for s in (bos, uns, eos))
    assert len(tu.logprobs) == len(tb.logprobs) - 1
    assert len(te.logprobs) == len(tb.logprobs) + 1
    assert te.logprobs[:-1] == pytest.approx(tb.logprobs, abs=1e-5)
    assert tu.logprobs == pytest.approx(_direct_causal(uns, SENTS[0]), abs=1e-5)
    assert bos.signature().options["first_token"] == "bos"
    assert "first_token:unscored" in uns.signature().format()
    with pytest.raises(LingevalError, match="first-token"):
        CausalLMScorer(str(causal_dir), device="cpu", first_token="nope")


def _direct_pll(sc: MaskedLMScorer, text: str, l2r: bool) -> list[float]:
    enc = sc.tokenizer(text, return_special_tokens_mask=True)
    ids = enc["input_ids"]
    words = enc.word_ids()
    out = []
    targets = [p for p, s in enumerate(enc["special_tokens_mask"]) if not s]
    for p in targets:
        row = list(ids)
        row[p] = sc.mask_id
        if l2r:
            for q in targets:
                if q > p and words[q] == words[p]:
                    row[q] = sc.mask_id
        with torch.no_grad():
            logits = sc.model(input_ids=torch.tensor([row])).logits[0, p]
        out.append(float(torch.log_softmax(logits, -1)[ids[p]]))
    return out


@pytest.mark.parametrize("pll", ["original", "within_word_l2r"])
def test_pll_matches_direct_logits(masked_dir: Path, pll: str) -> None:
    sc = MaskedLMScorer(str(masked_dir), device="cpu", pll=pll, batch_size=5)
    assert sc._head is not None  # the head-at-masked-rows fast path is used for BERT
    got = sc.token_scores(SENTS)
    for text, ts in zip(SENTS, got, strict=True):
        assert ts.logprobs == pytest.approx(
            _direct_pll(sc, text, pll == "within_word_l2r"), abs=1e-5
        )
    s = sc.sentence_scores(SENTS)[2]
    assert s.ppl == pytest.approx(math.exp(-sum(got[2].logprobs) / len(got[2].logprobs)))


def _record_inputs(sc: MaskedLMScorer, monkeypatch: pytest.MonkeyPatch) -> list[torch.Tensor]:
    """The input-id batches ``sc`` feeds its model from now on, recorded as it scores."""
    batches: list[torch.Tensor] = []
    real = sc._logits_at

    def spy(ids, mask, rows, cols):  # type: ignore[no-untyped-def]
        batches.append(ids.clone())
        return real(ids, mask, rows, cols)

    monkeypatch.setattr(sc, "_logits_at", spy)
    return batches


def test_l2r_differs_for_split_words(masked_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """within_word_l2r also masks the later pieces of the target's word; original masks one.

    Checked on the model inputs, not on scores: the tiny random model's outputs barely depend
    on context, so score differences between the variants can fall below any fixed tolerance.
    That the scores equal the direct computation is checked by the test above.
    """
    text = "Tuttavia esco."
    runs = {}
    for pll in ("original", "within_word_l2r"):
        sc = MaskedLMScorer(str(masked_dir), device="cpu", pll=pll, batch_size=1)
        batches = _record_inputs(sc, monkeypatch)
        scores = sc.token_scores([text])[0]
        masks = [int(n) for b in batches for n in (b == sc.mask_id).sum(dim=1).tolist()]
        runs[pll] = (scores, masks)
    (o, o_masks), (w, w_masks) = runs["original"], runs["within_word_l2r"]
    pieces = o.tokens
    assert len(pieces) > 3  # 'Tuttavia' is split into several pieces by the tiny vocabulary
    # the word of each piece: a piece without '##' opens a new word
    word = [0]
    for t in pieces[1:]:
        word.append(word[-1] + (not t.startswith("##")))
    later_in_word = [
        sum(1 for j in range(k, len(pieces)) if word[j] == word[k]) for k in range(len(pieces))
    ]
    assert max(later_in_word) > 1
    assert o_masks == [1] * len(pieces)
    # rows are ordered by position: each piece masks itself and the later pieces of its word
    assert w_masks == later_in_word
    assert o.logprobs[-1] == pytest.approx(w.logprobs[-1], abs=1e-5)  # '.': one piece, same row


def test_pll_long_sentence_is_sub_batched(
    masked_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    long = " ".join(["piove e resto a casa"] * 25)
    sc = MaskedLMScorer(str(masked_dir), device="cpu", batch_size=16)
    n = len(sc.tokenizer(long)["input_ids"])
    assert n > 200
    batches = _record_inputs(sc, monkeypatch)
    small = sc.sentence_scores([long])[0]
    shapes = [tuple(b.shape) for b in batches]
    assert max(s[0] for s in shapes) <= 16  # never more than batch_size masked copies at once
    assert len(shapes) == -(-(n - 2) // 16)
    big = MaskedLMScorer(str(masked_dir), device="cpu", batch_size=512).sentence_scores([long])[0]
    assert small.n_tokens == n - 2
    assert small.logprob == pytest.approx(big.logprob, abs=1e-3)


def test_fast_head_equals_full_logits(masked_dir: Path) -> None:
    sc = MaskedLMScorer(str(masked_dir), device="cpu")
    ids = torch.tensor([sc.tokenizer("Ma Luca [MASK] stanco.")["input_ids"]])
    att = torch.ones_like(ids)
    rows, cols = torch.tensor([0, 0]), torch.tensor([1, 3])
    fast = sc._logits_at(ids, att, rows, cols)
    with torch.no_grad():
        full = sc.model(input_ids=ids, attention_mask=att).logits[rows, cols]
    assert torch.allclose(fast, full, atol=1e-5)


def test_fill_mask_topk(masked_dir: Path) -> None:
    sc = MaskedLMScorer(str(masked_dir), device="cpu")
    (preds,) = sc.fill_mask(["Piove ___ resto a casa."], k=10)
    assert [p.rank for p in preds] == list(range(1, 11))
    lps = [p.logprob for p in preds]
    assert lps == sorted(lps, reverse=True)
    assert all(not p.token.startswith("##") and not p.token.startswith("[") for p in preds)
    # the best prediction is the argmax over word-initial items of the direct computation
    ids = sc.tokenizer("Piove [MASK] resto a casa.")["input_ids"]
    with torch.no_grad():
        logits = sc.model(input_ids=torch.tensor([ids])).logits[0, ids.index(sc.mask_id)]
    logp = torch.log_softmax(logits, -1)
    assert lps[0] == pytest.approx(float(logp[sc._word_initial_mask()].max()), abs=1e-5)
    with pytest.raises(LingevalError, match="exactly one"):
        sc.fill_mask(["no blank here"])


def test_matches_multi_subword_policy() -> None:
    assert matches("Ma", "ma", "ma")
    assert matches("tutta", "tuttavia", "tutta")
    assert not matches("tutta", "tuttavia", "tutta", multi_subword="exact")
    assert not matches("e", "ma", "ma")


def test_unigram_baseline() -> None:
    import wordfreq

    sc = UnigramScorer("it")
    (ts,) = sc.token_scores(["Piove e resto a casa."])
    assert ts.tokens == ["piove", "e", "resto", "a", "casa"]
    assert ts.logprobs[1] == pytest.approx(math.log(wordfreq.word_frequency("e", "it")))
    assert sc.token_scores(["xqzzyq"])[0].logprobs == [pytest.approx(math.log(1e-9))]
    with pytest.raises(LingevalError):
        UnigramScorer("xx")


def test_offline_load_error_suggests_local_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(LingevalError, match="local folder"):
        CausalLMScorer("nobody/no-such-model-xyz", device="cpu")


def test_same_scores_as_minicons(causal_dir: Path, masked_dir: Path) -> None:
    scorer = pytest.importorskip("minicons.scorer")
    ours = CausalLMScorer(str(causal_dir), device="cpu").sentence_scores(SENTS)
    mc = scorer.IncrementalLMScorer(str(causal_dir), device="cpu")
    theirs = mc.sequence_score(SENTS, reduction=lambda x: x.sum(0).item(), bos_token=True)
    assert [s.logprob for s in ours] == pytest.approx(theirs, abs=1e-4)
    ours_m = MaskedLMScorer(str(masked_dir), device="cpu").sentence_scores(SENTS)
    mm = scorer.MaskedLMScorer(str(masked_dir), device="cpu")
    # minicons calls batch_encode_plus, which transformers 5 removed; __call__ is equivalent
    mm.tokenizer.batch_encode_plus = mm.tokenizer.__call__
    theirs_m = mm.sequence_score(SENTS, reduction=lambda x: x.sum(0).item())
    assert [s.logprob for s in ours_m] == pytest.approx(theirs_m, abs=1e-4)


def test_device_resolution() -> None:
    from lingeval.probing.scorers import resolve_device

    dev = resolve_device("auto")
    assert dev in ("cuda", "mps", "cpu")
    if not torch.cuda.is_available():
        assert dev in ("mps", "cpu")
        with pytest.raises(LingevalError, match="CUDA"):
            resolve_device("cuda:0")
    assert resolve_device("cpu") == "cpu"


def test_fp16_refused_on_cpu(causal_dir: Path) -> None:
    with pytest.raises(LingevalError, match="GPU"):
        CausalLMScorer(str(causal_dir), device="cpu", fp16=True)
