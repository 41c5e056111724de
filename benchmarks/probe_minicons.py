"""lingeval probe scorers vs minicons (PyPI), same models, same sentences, same policy.

Models: a small GPT-2 (causal) and a small BERT (masked), random weights, built locally in a
temporary folder with tokenizers trained on the sentences (no download). Sentences: the
first 1,000 sentences of UD_Italian-ISDT dev+test (``../shared/data``), or generated ones
when the data is absent.

For each kind, lingeval and minicons each run in a fresh child process (one torch thread,
CPU) that loads the model, scores the 1,000 sentences and writes the per-sentence scores:

* causal: sentence log-probability with BOS prepended (lingeval ``first_token="bos"``,
  minicons ``bos_token=True``), summed over tokens;
* masked: PLL (``original``), summed over tokens.

Reported: max |difference| of sentence scores (must be < 1e-4), scoring time (model load
excluded), throughput in sentences/s, the ratio lingeval/minicons, and the child's peak RSS.
The best of ``--runs`` runs is kept for the time.

Run: .venv/bin/python benchmarks/probe_minicons.py [--runs 3] [--n 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, SHARED_DATA, run_measured

sys.path.insert(0, str(ROOT / "src"))


def sentences(n: int) -> list[str]:
    isdt = SHARED_DATA / "treebanks" / "UD_Italian-ISDT"
    files = sorted(isdt.glob("*.conllu"))
    if files:
        from lingeval.core.conllu import read_conllu

        out = [s.surface() for f in files for s in read_conllu(f)]
        return out[:n]
    rng = random.Random(0)
    words = [
        "il",
        "la",
        "un",
        "che",
        "di",
        "e",
        "ma",
        "se",
        "quando",
        "casa",
        "piove",
        "resto",
        "libro",
        "bello",
        "mese",
        "costa",
        "esco",
        "studio",
        "mare",
        "città",
    ]
    return [
        " ".join(rng.choice(words) for _ in range(rng.randint(5, 30))).capitalize() + "."
        for _ in range(n)
    ]


def worker(
    system: str, kind: str, model_dir: str, sent_file: str, out_file: str, batch: int
) -> None:
    import torch

    torch.set_num_threads(1)
    texts = json.loads(Path(sent_file).read_text(encoding="utf-8"))
    if system == "lingeval":
        from lingeval.probing.scorers import CausalLMScorer, MaskedLMScorer

        if kind == "causal":
            sc: object = CausalLMScorer(
                model_dir, device="cpu", first_token="bos", batch_size=batch
            )
        else:
            sc = MaskedLMScorer(model_dir, device="cpu", pll="original", batch_size=batch)
        t0 = time.perf_counter()
        scores = [(s.logprob, s.logprob, s.n_tokens) for s in sc.sentence_scores(texts)]  # type: ignore[attr-defined]
        elapsed = time.perf_counter() - t0
    else:
        from minicons import scorer

        if kind == "causal":
            mc: object = scorer.IncrementalLMScorer(model_dir, device="cpu")
            kw = {"bos_token": True}
        else:
            mc = scorer.MaskedLMScorer(model_dir, device="cpu")
            # minicons calls batch_encode_plus, removed in transformers 5; __call__ is the same
            tok = mc.tokenizer  # type: ignore[attr-defined]
            if not hasattr(tok, "batch_encode_plus"):
                tok.batch_encode_plus = tok.__call__
            kw = {}
        t0 = time.perf_counter()
        scores = []
        for i in range(0, len(texts), batch):
            scores += mc.sequence_score(
                texts[i : i + batch],
                reduction=lambda x: (x.sum(0).item(), x.double().sum(0).item(), len(x)),
                **kw,
            )  # type: ignore[attr-defined]
        elapsed = time.perf_counter() - t0
    Path(out_file).write_text(json.dumps({"seconds": elapsed, "scores": scores}), encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument(
        "--worker", nargs=6, metavar=("SYSTEM", "KIND", "MODEL", "SENTS", "OUT", "BATCH")
    )
    args = ap.parse_args()
    if args.worker:
        s, k, m, f, o, b = args.worker
        worker(s, k, m, f, o, int(b))
        return
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from lingeval.probing.tiny import build_tiny_causal, build_tiny_masked

    texts = sentences(args.n)
    print(
        f"{len(texts)} sentences, mean {sum(len(t.split()) for t in texts) / len(texts):.1f} words"
    )
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        causal = build_tiny_causal(
            d / "gpt2", texts, vocab_size=8000, n_layer=4, n_embd=128, n_head=4, n_positions=512
        )
        masked = build_tiny_masked(
            d / "bert",
            texts,
            vocab_size=8000,
            num_hidden_layers=4,
            hidden_size=128,
            num_attention_heads=4,
            intermediate_size=512,
        )
        sent_file = d / "sents.json"
        sent_file.write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
        # batch sizes: sentences per forward for causal (both); for masked, minicons takes
        # sentences (each expanded to all its masked copies) and lingeval masked rows
        plan = {
            "causal": {"lingeval": 32, "minicons": 32},
            "masked": {"lingeval": 512, "minicons": 16},
        }
        rows = []
        for kind, model in (("causal", causal), ("masked", masked)):
            best: dict[str, float] = {}
            peak: dict[str, float] = {}
            scores: dict[str, list[float]] = {}
            for _ in range(args.runs):
                for system in ("lingeval", "minicons"):  # interleaved
                    out = d / f"{system}-{kind}.json"
                    cmd = [
                        sys.executable,
                        __file__,
                        "--worker",
                        system,
                        kind,
                        str(model),
                        str(sent_file),
                        str(out),
                        str(plan[kind][system]),
                    ]
                    run = run_measured(cmd)
                    res = json.loads(out.read_text())
                    best[system] = min(best.get(system, float("inf")), res["seconds"])
                    peak[system] = max(peak.get(system, 0.0), run.peak_mib)
                    scores[system] = res["scores"]
            pairs = list(zip(scores["lingeval"], scores["minicons"], strict=True))
            if any(a[2] != b[2] for a, b in pairs):
                raise SystemExit(f"{kind}: different numbers of scored tokens")
            # minicons' own float32 sum, and its per-token scores summed in float64
            diff32 = max(abs(a[0] - b[0]) for a, b in pairs)
            diff = max(abs(a[1] - b[1]) for a, b in pairs)
            diff_mean = max(abs(a[1] / a[2] - b[1] / b[2]) for a, b in pairs)
            ratio = best["minicons"] / best["lingeval"]
            rows.append(
                (
                    kind,
                    diff32,
                    diff,
                    diff_mean,
                    best["lingeval"],
                    best["minicons"],
                    len(texts) / best["lingeval"],
                    len(texts) / best["minicons"],
                    ratio,
                    peak["lingeval"],
                    peak["minicons"],
                )
            )
    print()
    print(
        f"{'model':7} {'d sum f32':>10} {'d sum f64':>10} {'d mean':>9} {'lingeval s':>10} {'minicons s':>10} {'lingeval sent/s':>15} {'minicons sent/s':>15} {'ratio':>6} {'lingeval MiB':>12} {'minicons MiB':>12}"
    )
    for r in rows:
        print(
            f"{r[0]:7} {r[1]:10.2e} {r[2]:10.2e} {r[3]:9.2e} {r[4]:10.2f} {r[5]:10.2f} {r[6]:15.1f} {r[7]:15.1f} {r[8]:5.2f}x {r[9]:12.0f} {r[10]:12.0f}"
        )
    ok = all(r[2] < 1e-4 and r[3] < 1e-4 for r in rows)
    print(
        "\nd = max |lingeval - minicons| over sentences: sentence log-probability (PLL) with"
        "\nminicons' float32 sum and with its per-token scores summed in float64; mean ="
        "\nper-token mean log-probability, the exponent of perplexity."
        f"\nidentical scores (< 1e-4, f64 sum and mean): {'yes' if ok else 'NO'}; "
        "throughput ratio lingeval/minicons: " + ", ".join(f"{r[0]} {r[8]:.2f}x" for r in rows)
    )


if __name__ == "__main__":
    main()
