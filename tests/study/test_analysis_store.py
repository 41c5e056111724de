"""The analysis reads a study database written by the survey engine (SQLite, and PostgreSQL
when ``LINGEVAL_TEST_POSTGRES_URL`` is set)."""

from __future__ import annotations

import os
import random
import uuid
from pathlib import Path

import pytest

from lingeval.study.analysis import AnalysisOptions, analyze, load_answers
from lingeval.study.design import make_design
from lingeval.study.reg.pool import make_items, sample_pool
from lingeval.study.simulate import SimulatedParticipant, SimulationSpec, SystemEffect
from lingeval.study.storage import Store
from lingeval.study.tasks.reg import RegTask


def _fill(url: str, study_id: str) -> int:
    strata = {"seen": (2, (3,)), "unseen": (1, (3,))}
    items = make_items(sample_pool(), ["human", "rule", "neural_demo"], strata=strata)
    design = make_design(items, 3, seed=0, per_group=1)
    store = Store(url)
    try:
        store.create_study(study_id, items, design, per_group=1)
        spec = SimulationSpec(effects={"human": SystemEffect(shift=1.0)}, seed=1)
        task = RegTask()
        n = 0
        for k in range(design.n_groups):
            participant, _ = store.enter(study_id, external_id=f"p{k}")
            participant = store.consent(participant)
            person = SimulatedParticipant(f"p{k}", spec, random.Random(k))
            while (step := store.next_step(participant)) is not None:
                answers, errors = task.parse(step.item, person.fill(step.item))
                assert not errors
                assert store.submit(participant, step.step, answers)
                n += 1
        return n
    finally:
        store.dispose()


def _check(url: str, study_id: str) -> None:
    responses = _fill(url, study_id)
    answers = load_answers(url, study_id=study_id)
    assert answers["participant_id"].nunique() == 3
    result = analyze(answers, AnalysisOptions(pairing="item"))
    assert result.n_participants == 3 and result.n_items == 3
    assert set(result.systems) == {"human", "rule", "neural_demo"}
    rr = result.rewriting.query("subset == 'all'")
    assert int(rr["res"].sum()) == int(answers.query("question == 'rewrite'").shape[0])
    assert len(answers.query("question == 'clarity'")) == responses == 9


def test_sqlite_store(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'study.db'}"
    _check(url, "s1")
    # the whole database (every study) by URL
    result = analyze(url)
    assert result.n_participants == 3


@pytest.mark.postgres
def test_postgres_store() -> None:
    url = os.environ.get("LINGEVAL_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("LINGEVAL_TEST_POSTGRES_URL is not set")
    _check(url, f"analysis-{uuid.uuid4().hex[:8]}")
