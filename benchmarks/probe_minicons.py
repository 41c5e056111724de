"""lingeval probe scorers vs minicons (PyPI): same models, same sentences, same batches.

Models: a small GPT-2 (causal) and a small BERT (masked), random weights, built locally in a
temporary folder with tokenizers trained on the sentences (no download). Sentences: the first
1,000 sentences of UD_Italian-ISDT dev+test (``../shared/data``), or generated ones when the
data is absent.

Every measurement runs in a fresh child process with one thread (``torch.set_num_threads(1)``
and ``OMP_NUM_THREADS=MKL_NUM_THREADS=1``, ``TOKENIZERS_PARALLELISM=false``); runs of the two
systems are interleaved and the **median** of ``--runs`` runs is reported.

* **in-process** rows time only the scoring (imports and model load excluded), equal work per
  batch: the same number of sentences per forward pass (causal 32, masked 16).

  - ``causal in-process``: both get the list of sentences and a batch size of 32 sentences,
    and batch as each does natively: lingeval sorts the sentences by token length before
    cutting them into 32s, minicons takes them 32 at a time in the given order;
  - ``causal identical batches``: both get exactly the same batches (lingeval's sorted 32s,
    handed to minicons as they are), so both pad the same: what is left is the scoring
    itself;
  - ``masked in-process``: both get the same 16 sentences per call, in corpus order; lingeval
    runs all masked copies of the 16 sentences in one forward pass, minicons as it does.
* **whole-process** rows time what a user waits for, as the user meets it: a shell command
  that starts Python, imports, loads the model from its folder, scores the 1,000 sentences
  and writes them out. lingeval: ``lingeval probe score sents.txt -m MODEL --csv``;
  minicons: a ~10-line script (``--minicons-cli`` mode of this file) that reads the same
  sentences, builds ``scorer.IncrementalLMScorer`` / ``MaskedLMScorer``, scores them 32
  (causal) or 16 (masked) at a time in order and prints the scores. lingeval's
  ``--batch-size`` is 32 sentences (causal); for masked it counts masked copies per forward
  and is set to the mean number of copies in minicons' 16-sentence batches, so both do the
  same number of rows per forward on average.

Scores must agree: causal sentence log-probability with BOS prepended (lingeval
``first_token="bos"``, minicons ``bos_token=True``), masked PLL (``original``); the max
|difference| over sentences is printed (minicons' float32 sum, and its per-token scores
summed in float64).

Run: .venv/bin/python benchmarks/probe_minicons.py [--runs 5] [--n 1000] [--kinds causal,masked]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import BIN, ROOT, SHARED_DATA, run_measured

sys.path.insert(0, str(ROOT / "src"))

ONE_THREAD = {
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "TOKENIZERS_PARALLELISM": "false",
    "HF_HUB_OFFLINE": "1",
}
BATCH = {"causal": 32, "masked": 16}  # sentences per batch, both systems


def sentences(n: int) -> list[str]:
    isdt = SHARED_DATA / "treebanks" / "UD_Italian-ISDT"
    files = sorted(isdt.glob("*.conllu"))
    if files:
        from lingeval.core.conllu import read_conllu

        out = [s.surface() for f in files for s in read_conllu(f)]
        return out[:n]
    rng = random.Random(0)
    words = ["il", "la", "un", "che", "di", "e", "ma", "se", "quando", "casa", "piove", "resto"]
    return [
        " ".join(rng.choice(words) for _ in range(rng.randint(5, 30))).capitalize() + "."
        for _ in range(n)
    ]


def _minicons(kind: str, model_dir: str) -> tuple[object, dict[str, bool]]:
    from minicons import scorer

    if kind == "causal":
        return scorer.IncrementalLMScorer(model_dir, device="cpu"), {"bos_token": True}
    mc = scorer.MaskedLMScorer(model_dir, device="cpu")
    # minicons calls batch_encode_plus, removed in transformers 5; __call__ is the same
    tok = mc.tokenizer  # type: ignore[attr-defined]
    if not hasattr(tok, "batch_encode_plus"):
        tok.batch_encode_plus = tok.__call__
    return mc, {}


def _minicons_scores(mc: object, kw: dict[str, bool], texts: list[str], batches: list[list[int]]):
    out: list[tuple[float, float, int] | None] = [None] * len(texts)
    for b in batches:
        res = mc.sequence_score(  # type: ignore[attr-defined]
            [texts[i] for i in b],
            reduction=lambda x: (x.sum(0).item(), x.double().sum(0).item(), len(x)),
            **kw,
        )
        for i, r in zip(b, res, strict=True):
            out[i] = r
    return out


def worker(system: str, kind: str, model_dir: str, job_file: str, out_file: str) -> None:
    """In-process timing: load (not timed), then score the given batches (timed)."""
    import torch

    torch.set_num_threads(1)
    job = json.loads(Path(job_file).read_text(encoding="utf-8"))
    texts, batches = job["texts"], job["batches"]
    if system == "lingeval":
        from lingeval.probing.scorers import CausalLMScorer, MaskedLMScorer

        if kind == "causal":
            sc: object = CausalLMScorer(
                model_dir, device="cpu", first_token="bos", batch_size=BATCH[kind]
            )
        else:  # all masked copies of one batch of sentences in one forward pass
            sc = MaskedLMScorer(model_dir, device="cpu", pll="original", batch_size=10**6)
        t0, c0 = time.perf_counter(), time.process_time()
        scores: list[object] = [None] * len(texts)
        if job.get("native"):  # lingeval batches the whole list itself
            batches = [list(range(len(texts)))]
        for b in batches:
            for i, s in zip(b, sc.sentence_scores([texts[i] for i in b]), strict=True):  # type: ignore[attr-defined]
                scores[i] = (s.logprob, s.logprob, s.n_tokens)
        elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    else:
        mc, kw = _minicons(kind, model_dir)
        t0, c0 = time.perf_counter(), time.process_time()
        scores = list(_minicons_scores(mc, kw, texts, batches))
        elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    Path(out_file).write_text(
        json.dumps({"seconds": elapsed, "cpu": cpu, "scores": scores}), encoding="utf-8"
    )


def minicons_cli(kind: str, model_dir: str, job_file: str) -> None:
    """What a minicons user runs: import, load, score the file's sentences, print them."""
    import torch

    torch.set_num_threads(1)
    job = json.loads(Path(job_file).read_text(encoding="utf-8"))
    mc, kw = _minicons(kind, model_dir)
    for t, s in zip(
        job["texts"], _minicons_scores(mc, kw, job["texts"], job["batches"]), strict=True
    ):
        print(f"{s[1]:.6f}\t{s[2]}\t{t}")  # type: ignore[index]


def _batches(kind: str, model_dir: Path, texts: list[str]) -> tuple[list, list, int]:
    """(batches in order, lingeval's sorted batches, CLI --batch-size) for ``kind``."""
    from transformers import AutoTokenizer

    from lingeval.probing.scorers import _chunks_by_budget

    n = BATCH[kind]
    tok = AutoTokenizer.from_pretrained(str(model_dir))
    in_order = [list(range(i, min(i + n, len(texts)))) for i in range(0, len(texts), n)]
    if kind == "masked":
        rows = sum(len(ids) - 2 for ids in tok(texts)["input_ids"])
        return in_order, in_order, round(rows / len(in_order))
    lengths = [len(ids) + 1 for ids in tok(texts, add_special_tokens=False)["input_ids"]]
    order = sorted(range(len(texts)), key=lambda i: lengths[i])
    return in_order, list(_chunks_by_budget(order, lengths, n, 16384)), n


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--kinds", default="causal,masked")
    ap.add_argument("--worker", nargs=5, metavar=("SYSTEM", "KIND", "MODEL", "JOB", "OUT"))
    ap.add_argument("--minicons-cli", nargs=3, metavar=("KIND", "MODEL", "JOB"))
    args = ap.parse_args()
    if args.worker:
        worker(*args.worker)
        return
    if args.minicons_cli:
        minicons_cli(*args.minicons_cli)
        return
    os.environ.update(ONE_THREAD)
    from lingeval.probing.tiny import build_tiny_causal, build_tiny_masked

    texts = sentences(args.n)
    print(
        f"{len(texts)} sentences, mean {sum(len(t.split()) for t in texts) / len(texts):.1f} words; "
        f"median of {args.runs} runs, 1 thread per process"
    )
    lingeval_cli = str(BIN / "lingeval")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        models = {
            "causal": build_tiny_causal(
                d / "gpt2", texts, vocab_size=8000, n_layer=4, n_embd=128, n_head=4, n_positions=512
            ),
            "masked": build_tiny_masked(
                d / "bert",
                texts,
                vocab_size=8000,
                num_hidden_layers=4,
                hidden_size=128,
                num_attention_heads=4,
                intermediate_size=512,
            ),
        }
        sent_file = d / "sents.txt"
        sent_file.write_text("\n".join(texts) + "\n", encoding="utf-8")
        for kind in args.kinds.split(","):
            model = models[kind]
            in_order, sorted_b, cli_batch = _batches(kind, model, texts)
            jobs = {
                "native": {"texts": texts, "batches": in_order, "native": True},
                "in-order": {"texts": texts, "batches": in_order},
                "identical": {"texts": texts, "batches": sorted_b},
            }
            for name, content in jobs.items():
                (d / f"{name}.json").write_text(json.dumps(content), encoding="utf-8")

            def worker_cmd(system: str, job: str, m: Path = model, k: str = kind) -> list[str]:
                out = str(d / "o.json")
                return [
                    sys.executable,
                    __file__,
                    "--worker",
                    system,
                    k,
                    str(m),
                    str(d / f"{job}.json"),
                    out,
                ]

            # (row, system) -> command; in-process rows report the worker's own timing
            plan: dict[str, dict[str, list[str]]] = {}
            if kind == "causal":
                plan["causal in-process"] = {
                    "lingeval": worker_cmd("lingeval", "native"),
                    "minicons": worker_cmd("minicons", "in-order"),
                }
                plan["causal identical batches"] = {
                    "lingeval": worker_cmd("lingeval", "identical"),
                    "minicons": worker_cmd("minicons", "identical"),
                }
            else:
                plan["masked in-process"] = {
                    "lingeval": worker_cmd("lingeval", "in-order"),
                    "minicons": worker_cmd("minicons", "in-order"),
                }
            plan[f"{kind} whole-process"] = {
                "lingeval": [
                    lingeval_cli, "probe", "score", str(sent_file), "-m", str(model),
                    "--kind", kind, "--batch-size", str(cli_batch), "--device", "cpu",
                    "--no-progress", "--csv",
                ],
                "minicons": [sys.executable, __file__, "--minicons-cli", kind, str(model), str(d / "in-order.json")],
            }  # fmt: skip
            secs: dict[tuple[str, str], list[float]] = {}
            cpus: dict[tuple[str, str], list[float]] = {}
            peak: dict[tuple[str, str], float] = {}
            scores: dict[tuple[str, str], list] = {}
            for _ in range(args.runs):
                for row, systems in plan.items():
                    for system, cmd in systems.items():  # interleaved
                        run = run_measured(cmd)
                        key = (row, system)
                        if "whole-process" in row:
                            secs.setdefault(key, []).append(run.seconds)
                            cpus.setdefault(key, []).append(run.cpu_seconds)
                        else:
                            res = json.loads((d / "o.json").read_text())
                            secs.setdefault(key, []).append(res["seconds"])
                            cpus.setdefault(key, []).append(res["cpu"])
                            scores[key] = res["scores"]
                        peak[key] = max(peak.get(key, 0.0), run.peak_mib)
            for row in plan:
                med = {s: statistics.median(secs[(row, s)]) for s in ("lingeval", "minicons")}
                cpu = {s: statistics.median(cpus[(row, s)]) for s in ("lingeval", "minicons")}
                diffs: tuple[float | None, ...] = (None, None, None)
                if (row, "lingeval") in scores:
                    pairs = list(
                        zip(scores[(row, "lingeval")], scores[(row, "minicons")], strict=True)
                    )
                    if any(a[2] != b[2] for a, b in pairs):
                        raise SystemExit(f"{row}: different numbers of scored tokens")
                    diffs = (
                        max(abs(a[0] - b[0]) for a, b in pairs),
                        max(abs(a[1] - b[1]) for a, b in pairs),
                        max(abs(a[1] / a[2] - b[1] / b[2]) for a, b in pairs),
                    )
                rows.append(
                    (row, med["lingeval"], med["minicons"], peak[(row, "lingeval")], peak[(row, "minicons")], *diffs, cpu["lingeval"], cpu["minicons"])
                )  # fmt: skip
            print(
                f"{kind}: {BATCH[kind]} sentences per batch; lingeval CLI --batch-size {cli_batch}"
            )
    print()
    head = f"{'row':26} {'lingeval s':>10} {'minicons s':>10} {'speed-up':>8} {'lingeval cpu':>12} {'minicons cpu':>12} {'cpu ratio':>9} {'lingeval MiB':>12} {'minicons MiB':>12} {'d sum f32':>10} {'d sum f64':>10} {'d mean':>9}"
    print(head)
    for r in rows:
        d32, d64, dm = (f"{x:10.2e}" if x is not None else f"{'':10}" for x in r[5:8])
        print(
            f"{r[0]:26} {r[1]:10.2f} {r[2]:10.2f} {r[2] / r[1]:7.2f}x {r[8]:12.2f} {r[9]:12.2f} {r[9] / r[8]:8.2f}x {r[3]:12.0f} {r[4]:12.0f} {d32} {d64} {dm[1:]}"
        )
    ok = all(r[6] < 1e-4 and r[7] < 1e-4 for r in rows if r[6] is not None and r[7] is not None)
    print(
        "\nspeed-up = minicons seconds / lingeval seconds (medians of wall time); cpu = CPU "
        "seconds (user + system), the\nsame ratio less sensitive to other load on the machine. "
        "in-process: scoring only, equal batches;\nwhole-process: the shell command, imports "
        "and model load included."
        "\nd = max |lingeval - minicons| over sentences: sentence log-probability (PLL) with"
        "\nminicons' float32 sum and with its per-token scores summed in float64; mean ="
        "\nper-token mean log-probability, the exponent of perplexity."
        f"\nidentical scores (< 1e-4, f64 sum and mean): {'yes' if ok else 'NO'}"
    )


if __name__ == "__main__":
    main()
