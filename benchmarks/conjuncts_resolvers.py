"""Quality and speed of the conjunct resolvers (issue 4; paper 000, sections 6-7).

Quality: every resolver is scored with the verb-nucleus metric (``lingeval.conjuncts.metric``,
beside Calibration_1 and Calibration_k) on

* ``paper``     the paper's worked examples (``benchmarks/data/conjuncts/paper.jsonl``),
* ``bundled``   the package's example set (``src/lingeval/data/conjuncts/examples.jsonl``),
* ``heldout``   sentences written for this benchmark (first measured before tuning on them),
* ``heldout2``  a second such set (measured once, then only general fixes were made),
* ``treebank``  the real gapping sentences that ``extract-gapping`` finds in the EWT and PUD
                treebanks of ``../shared/data`` (gold in ``treebank_gapping_gold.jsonl``,
                keyed by the extractor's id; skipped when the data is absent),
* ``synthetic`` gapped sentences made by ``lingeval conjuncts synthesize`` from
                ``benchmarks/data/conjuncts/synth_source.txt``,

overall and per phenomenon (``meta.phenomenon``, coarse: its first word).

Speed: sentences per second on one process, including parsing with the default pipeline
(medians of three ABBA-alternating runs after a warm-up pass; and the same as whole
processes, ``lingeval conjuncts resolve -i FILE`` against a script that loads the pipeline and
parses the file),
for ``rules`` (parse + resolve) and, as the peer, spaCy ``nlp.pipe`` alone on the same
distinct sentences (the floor any parse-based resolver pays); the ratio is printed.

Usage: ``python benchmarks/conjuncts_resolvers.py [--resolver SPEC ...] [--speed-n 2000]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import abba, run_measured, tool

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / "data" / "conjuncts"
SHARED = ROOT.parent / "shared" / "data" / "treebanks"


def load_sets() -> dict[str, list]:
    from lingeval.conjuncts.data import read_jsonl
    from lingeval.conjuncts.example import ConjunctExample

    sets: dict[str, list] = {}
    sets["paper"] = read_jsonl(DATA / "paper.jsonl")
    bundled = ROOT / "src" / "lingeval" / "data" / "conjuncts" / "examples.jsonl"
    if bundled.is_file():
        sets["bundled"] = read_jsonl(bundled)
    sets["heldout"] = read_jsonl(DATA / "heldout.jsonl")
    sets["heldout2"] = read_jsonl(DATA / "heldout2.jsonl")
    banks = [
        SHARED / "UD_English-EWT" / "en_ewt-ud-dev.conllu",
        SHARED / "UD_English-EWT" / "en_ewt-ud-test.conllu",
        SHARED / "UD_English-PUD" / "en_pud-ud-test.conllu",
    ]
    if all(b.is_file() for b in banks):
        from lingeval.conjuncts.gapping import extract_gapping

        gold = {}
        for line in (DATA / "treebank_gapping_gold.jsonl").read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            gold[rec["sent_id"]] = rec["rewrites"]
        examples = list(extract_gapping([str(b) for b in banks], use_orphans=True))
        items = []
        for ex in examples:  # one gap per sentence there; keyed by sentence id
            sid = ex.meta.get("sent_id", "")
            if gold.get(sid) and not any(i.id == sid for i in items):
                ex.id = ex.meta["sent_id"]
                items.append(
                    ConjunctExample(
                        ex.id,
                        ex.sentence,
                        ex.conjunction,
                        ex.offset,
                        gold[ex.id],  # the hand-written gold of this repository
                        True,
                        meta={"phenomenon": "treebank-gapping"},
                    )
                )
        sets["treebank"] = items
    synth_src = DATA / "synth_source.txt"
    if synth_src.is_file():
        from lingeval.conjuncts.synthesize import synthesize_text

        text = synth_src.read_text(encoding="utf-8").splitlines()
        sets["synthetic"] = synthesize_text([t for t in text if t.strip()])
    return sets


def quality(resolvers: list[str]) -> None:
    from lingeval.conjuncts.metric import score_systems
    from lingeval.conjuncts.resolvers import load_resolver

    sets = load_sets()
    loaded = {spec: load_resolver(spec) for spec in resolvers}
    print("## Quality (verb-nucleus metric, %; EM = exact match of aligned sentence sets)\n")
    print("| set | phenomenon | n | system | P | R | F1 | EM |")
    print("|---|---|---|---|---|---|---|---|")
    signature = None
    for set_name, examples in sets.items():
        if not examples:
            continue
        preds = {spec: res.resolve(examples) for spec, res in loaded.items()}
        groups: dict[str, list[int]] = defaultdict(list)
        for i, ex in enumerate(examples):
            groups["all"].append(i)
            ph = str(ex.meta.get("phenomenon", "other")).split("-")[0]
            groups[ph].append(i)
        for group, idx in groups.items():
            if group != "all" and len(groups) == 2:
                continue
            sub = [examples[i] for i in idx]
            result = score_systems(sub, {spec: [preds[spec][i] for i in idx] for spec in preds})
            signature = result.signature
            for row in result.rows:
                print(
                    f"| {set_name} | {group} | {row.n} | {row.name} | {row.precision:.1f} | "
                    f"{row.recall:.1f} | {row.f1:.1f} | {row.exact_match:.1f} |"
                )
    if signature is not None:
        print(f"\nsignature: {signature.format()}\n")


def speed(n: int) -> None:
    from lingeval.conjuncts.example import ConjunctExample
    from lingeval.conjuncts.resolvers.rules import RulesResolver
    from lingeval.core.conllu import read_conllu
    from lingeval.core.parsing import load_pipeline

    texts: list[str] = []
    bank = SHARED / "UD_English-EWT" / "en_ewt-ud-dev.conllu"
    if bank.is_file():
        for sent in read_conllu(bank):
            t = sent.text
            if t and " and " in t:
                texts.append(t)
    # pad with generated, distinct sentences (also used when the treebank is absent)
    names = ["Ann", "Bob", "Carla", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun"]
    things = ["tea", "wine", "maps", "bread", "books", "songs", "chess", "jazz", "rice", "golf"]
    verbs = ["likes", "sells", "buys", "plays", "reads", "wants", "makes", "needs"]
    k = 0
    while len(texts) < n:
        a, b = names[k % 10], names[(k // 10) % 10]
        x, y = things[(k // 100) % 10], things[(k // 7) % 10]
        texts.append(f"In {1900 + k % 120}, {a} {verbs[k % 8]} {x} and {b} {y}.")
        k += 1
    texts = list(dict.fromkeys(texts))[:n]
    examples = [
        ConjunctExample(f"s{i}", t, "and", t.index(" and ") + 1, [], True)
        for i, t in enumerate(texts)
    ]
    nlp = load_pipeline(None)
    # warm up the vocabulary on the same texts, then alternate the two systems (ABBA) and keep
    # the median of three runs of each (the machine is shared; the first pass is slower)
    for _ in nlp.pipe(texts, batch_size=256):
        pass
    t_parse: list[float] = []
    t_rules: list[float] = []
    out = []
    for which in abba(3, "parse", "rules"):
        t0 = time.perf_counter()
        if which == "parse":
            for _ in nlp.pipe(texts, batch_size=256):
                pass
            t_parse.append(time.perf_counter() - t0)
        else:
            resolver = RulesResolver()  # a fresh parse memo: every run parses every sentence
            out = resolver.analyse(examples)
            t_rules.append(time.perf_counter() - t0)
    p, r = statistics.median(t_parse), statistics.median(t_rules)
    changed = sum(x.changed for x in out)
    # whole process, as a user meets it: `lingeval conjuncts resolve -i FILE` against a script
    # that loads the same pipeline and parses the same file (imports and loading included)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sentences.txt"
        path.write_text("\n".join(texts) + "\n", encoding="utf-8")
        peer = (
            "from lingeval.core.parsing import load_pipeline\n"
            "nlp = load_pipeline(None)\n"
            f"texts = open({str(path)!r}, encoding='utf-8').read().splitlines()\n"
            "for _ in nlp.pipe(texts, batch_size=256): pass\n"
        )
        whole: dict[str, list[float]] = {"parse": [], "rules": []}
        for which in abba(3, "parse", "rules"):
            cmd = (
                [sys.executable, "-c", peer]
                if which == "parse"
                else [tool("lingeval"), "conjuncts", "resolve", "-i", str(path)]
            )
            whole[which].append(run_measured(cmd).seconds)
    wp, wr = statistics.median(whole["parse"]), statistics.median(whole["rules"])
    print("## Speed (one process, default pipeline, sentences with 'and'; medians of 3)\n")
    print("| system | sentences | seconds | sentences/s | whole process s |")
    print("|---|---|---|---|---|")
    print(
        f"| spaCy nlp.pipe alone (peer) | {len(texts)} | {p:.2f} | {len(texts) / p:.0f} | {wp:.2f} |"
    )
    print(
        f"| lingeval rules (parse + resolve) | {len(texts)} | {r:.2f} | {len(texts) / r:.0f} "
        f"| {wr:.2f} |"
    )
    print(
        f"\nratio rules/parse-only time: {r / p:.2f}x in process, {wr / wp:.2f}x whole process; "
        f"rewritten: {changed}/{len(texts)}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--resolver", action="append", help="resolver spec (repeatable); default: rules"
    )
    ap.add_argument("--speed-n", type=int, default=2000)
    ap.add_argument("--no-speed", action="store_true")
    ap.add_argument("--no-quality", action="store_true")
    args = ap.parse_args(argv)
    if not args.no_quality:
        quality(args.resolver or ["rules"])
    if not args.no_speed:
        speed(args.speed_n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
