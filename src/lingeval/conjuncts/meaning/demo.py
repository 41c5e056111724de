"""The whole manual evaluation of paper 000, section 7, on the shipped sample, over real HTTP.

1. Items: the 32 shipped examples (``data/conjuncts/examples.jsonl``) rewritten by three
   systems: ``gold`` (the gold rewrites, a ceiling), ``sample`` (the shipped sample predictions,
   which contain typical errors: lost negation, wrong attachment, missing conjuncts) and
   ``copy`` (the input left unchanged, i.e. the Calibration_1 output). Blinded and shuffled.
2. Study: one group per system (no judge sees two versions of an example), ``per_group``
   judges per group, served on 127.0.0.1 by the study engine in a background thread.
3. Judges: simulated participants (:mod:`lingeval.study.simclient`) read each item page over
   HTTP. They are not people, and every table of the demo says so. A simulated judge
   recognises the version by the page's rewrite fingerprint and starts from the simulator's
   *reference answer*: "same meaning" when the rewrite set equals the gold set (punctuation
   and case ignored, any order) or is the unchanged input, otherwise "different". It then
   errs with probability ``min(1, e_j * m_v)`` (:func:`error_rate`): ``e_j``, judge j's own
   error rate, is drawn from ``Beta(2, 2(1 - error)/error)`` (mean ``error``), and ``m_v``, the
   version's difficulty, is ``2 u_v`` with ``u_v ~ Uniform(0, 1)`` (mean 1). Both are drawn
   from the seed alone, independent of the system, of the reference answer and of the
   verb-nucleus F1, so judges differ in care and versions in difficulty while the noise says
   nothing about the metric. Judges take the study one after the other
   (``concurrency=1``), so group assignment and answers, and therefore every number, depend
   only on the seed.
4. Analysis of the exported answer table, with the verb-nucleus F1 of the judged rewrites
   (``f1=True``; parses with spaCy).

What the demo shows is the machinery (items, blinding, study, HTTP, export, statistics), not
a finding: the reference answer is a rule of the simulator, so any agreement between the
judged shares and the F1 restates that rule. The ``copy`` system (the unchanged input) is
"same meaning" by that rule, while its F1 is whatever the metric gives an unchanged input on
these examples (31.2 on the shipped sample, from the examples whose gold keeps the input).
"""

from __future__ import annotations

import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lingeval.core.errors import LingevalError

if TYPE_CHECKING:
    from lingeval.conjuncts.meaning.analysis import MeaningAnalysis
    from lingeval.study.simclient import ItemPage

__all__ = ["SIMULATION", "DemoRun", "error_rate", "run_demo"]

#: How the demo's judges decide (printed with the demo's tables).
SIMULATION = (
    "reference answer 'same' for the gold set or the unchanged input, else 'different'; each "
    "judge errs with probability min(1, e_j * m_v), judge rate e_j ~ Beta(2, 2(1-error)/error) "
    "with error = {error:g}, version difficulty m_v = 2u, u ~ U(0, 1), independent of system "
    "and F1"
)

DATA = Path(__file__).resolve().parents[2] / "data" / "conjuncts"


@dataclass
class DemoRun:
    """What the demo did: sizes, HTTP figures, where the files are, and the analysis."""

    items: int
    systems: list[str]
    judges: int
    completed: int
    requests: int
    answers: int
    seconds_http: float
    seconds_total: float
    analysis: MeaningAnalysis
    export: Path | None = None


def error_rate(error: float, judge_seed: str, version_seed: str) -> float:
    """The probability that a simulated judge gets a version wrong: ``min(1, e_j * m_v)``
    with ``e_j ~ Beta(2, 2(1 - error)/error)`` seeded by ``judge_seed`` and ``m_v = 2u``,
    ``u ~ Uniform(0, 1)`` seeded by ``version_seed`` (module docstring). 0 when ``error`` is
    0; mean ``error`` over judges and versions (before the cap at 1)."""
    if error <= 0:
        return 0.0
    if error >= 1:
        return 1.0
    e_j = random.Random(judge_seed).betavariate(2.0, 2.0 * (1.0 - error) / error)
    m_v = 2.0 * random.Random(version_seed).random()
    return min(1.0, e_j * m_v)


def _norm(sentences: list[str]) -> list[str]:
    from lingeval.conjuncts.metric import normalise_for_exact_match

    return sorted(normalise_for_exact_match(s, cased=False) for s in sentences)


def run_demo(
    *,
    per_group: int = 3,
    error: float = 0.1,
    seed: int = 0,
    f1: bool = True,
    keep: str | Path | None = None,
    concurrency: int = 1,
) -> DemoRun:
    """Build, serve, judge (over HTTP) and analyse the shipped meaning study (module docstring)."""
    from lingeval.conjuncts.data import read_examples, read_predictions
    from lingeval.conjuncts.meaning.analysis import SIMULATED_PREFIX, analyze
    from lingeval.conjuncts.meaning.items import draw_items, write_key
    from lingeval.conjuncts.meaning.task import TASK_NAME, fingerprint
    from lingeval.study.design import make_design
    from lingeval.study.simclient import run_participants
    from lingeval.study.storage import Store
    from lingeval.study.tasks.base import save_items
    from lingeval.study.web.server import BackgroundServer

    if per_group < 1 or concurrency < 1:
        raise LingevalError("judges per group and concurrency must be at least 1")
    if not 0 <= error <= 1:
        raise LingevalError("the judges' error rate must be between 0 and 1")
    t0 = time.perf_counter()
    examples = read_examples(DATA / "examples.jsonl")
    preds = {
        "gold": {e.id: list(e.rewrites) for e in examples},
        "sample": read_predictions(DATA / "sample-predictions.jsonl"),
        "copy": {e.id: [e.sentence] for e in examples},
    }
    drawn = draw_items(examples, preds, seed=seed)
    by_id = {e.id: e for e in examples}
    truth: dict[str, bool] = {}
    for it in drawn.items:
        ex = by_id[it.item_id]
        shown = list(it.payload["rewrites"])
        ok = _norm(shown) == _norm(ex.rewrites) or _norm(shown) == _norm([ex.sentence])
        truth[fingerprint(shown)] = ok
    design = make_design(drawn.items, len(preds), seed=seed, per_group=per_group)

    def factory(i: int) -> Any:
        rng = random.Random(f"{seed}-judge-{i}")

        def policy(page: ItemPage) -> dict[str, str]:
            key = page.fields["shown"].value if "shown" in page.fields else ""
            if key not in truth:
                raise LingevalError("the demo judge met a page it cannot recognise")
            wrong = rng.random() < error_rate(error, f"{seed}-rate-{i}", f"{seed}-version-{key}")
            same = truth[key] != wrong
            return {
                "meaning": "same" if same else "different",
                "note": "" if same else "not the same statements as the original",
            }

        return policy

    with tempfile.TemporaryDirectory(prefix="lingeval-meaning-demo-") as tmp:
        root = Path(keep) if keep else Path(tmp)
        root.mkdir(parents=True, exist_ok=True)
        db = root / "meaning-study.sqlite"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        save_items(drawn.items, root / "meaning-items.json")
        write_key(drawn.key, root / "meaning-items.key.json", seed=seed)
        store = Store(db)
        store.create_study(
            "meaning-demo",
            drawn.items,
            design,
            task_type=TASK_NAME,
            title="Do these sentences mean the same?",
            per_group=per_group,
            admin_token="demo-admin-token",
        )
        n = per_group * design.n_groups
        with BackgroundServer(store) as url:
            t1 = time.perf_counter()
            results = run_participants(
                url,
                "meaning-demo",
                n,
                concurrency=concurrency,
                policy_factory=factory,
                pid_prefix=f"{SIMULATED_PREFIX}JUDGE",
            )
            t_http = time.perf_counter() - t1
        export = root / "meaning-answers.csv"
        export.write_text(store.export_csv("meaning-demo"), encoding="utf-8")
        store.dispose()
        completed = sum(r.completion_code is not None for r in results)
        if completed != n:
            raise LingevalError(f"only {completed} of {n} simulated judges completed the study")
        result = analyze(export, key=drawn.key, examples=examples if f1 else None, with_notes=False)
        result.simulation = SIMULATION.format(error=error)
        n_answers = len(export.read_text(encoding="utf-8").splitlines()) - 1
        return DemoRun(
            items=len(drawn.items),
            systems=sorted(preds),
            judges=n,
            completed=completed,
            requests=sum(r.requests for r in results),
            answers=n_answers,
            seconds_http=t_http,
            seconds_total=time.perf_counter() - t0,
            analysis=result,
            export=export if keep else None,
        )
