"""The conjunct-rewrite task type inside the study engine (FastAPI TestClient, in process)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from lingeval.conjuncts.annotation.consolidate import consolidate
from lingeval.conjuncts.annotation.task import make_hits, submissions_from_answers
from lingeval.conjuncts.example import ConjunctExample
from lingeval.study.design import make_design
from lingeval.study.simclient import parse_item_page
from lingeval.study.storage import Store

SENTENCES = [
    ("Josh likes wine and Jane water.", "and"),
    ("Tom likes tea, but Anna coffee.", "but"),
    ("Kim bought apples and Lee pears.", "and"),
    ("Mia reads novels and Leo poems.", "and"),
    ("Ana speaks French and Pedro German.", "and"),
    ("Sales rose in March and fell in April.", "and"),
    ("The cat is asleep and the dog outside.", "and"),
    ("Tom and Anna met in Paris.", "and"),
]
GOOD = [
    "Josh likes wine.\nJane likes water.",
    "Tom likes tea.\nAnna likes coffee.",
    "Kim bought apples.\nLee bought pears.",
    "Mia reads novels.\nLeo reads poems.",
    "Ana speaks French.\nPedro speaks German.",
    "Sales rose in March.\nSales fell in April.",
    "The cat is asleep.\nThe dog is outside.",
]


def examples() -> list[ConjunctExample]:
    return [
        ConjunctExample(f"e{i}", s, c, s.index(f" {c} ") + 1 if i < 7 else 4)
        for i, (s, c) in enumerate(SENTENCES)
    ]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    items = make_hits(examples())  # a HIT of seven and a HIT of one
    st = Store(tmp_path / "study.sqlite")
    st.create_study(
        "cr",
        items,
        make_design(items, len(items), per_group=2),  # one group per HIT
        task_type="conjunct-rewrite",
        admin_token="adm-secret-token",
    )
    yield st
    st.dispose()


def _take_part(c: TestClient, store: Store, pid: str) -> int:
    """One participant's HIT, with a refused bad submission first; returns the pages done."""
    r = c.get(f"/s/cr?PROLIFIC_PID={pid}&STUDY_ID=x&SESSION_ID=y")
    assert "collects rewrites of English sentences" in r.text  # the task's consent text
    assert "made publicly available" in r.text
    csrf = parse_item_page(r.text).fields["csrf"].value
    r = c.post("/s/cr/consent", data={"csrf": csrf, "consent": "yes"})
    assert "Rewrite each sentence as a set of separate sentences" in r.text
    html = c.get("/s/cr/item").text
    pages = 0
    while True:
        page = parse_item_page(html)
        n = html.count('class="conjunct-rewrite')
        assert '<mark class="conjunction">' in html and n in (1, 7)
        assert "Example of a sentence that cannot be rewritten" in html
        assert "When can a sentence not be rewritten?" in html and 'name="feedback"' in html
        data = page.hidden()
        if n == 7:
            # a bad submission: "and" kept in sentence 1, a new word in sentence 2, content
            # lost in sentence 3 and a negation added in sentence 4
            bad = dict(
                data,
                rewrites_0="Josh likes wine and Jane water.\nJane likes water.",
                rewrites_1="Tom likes tea.\nAnna adores coffee.",
                rewrites_2="Kim bought apples.",
                rewrites_3="Mia reads novels.\nLeo does not read poems.",
            )
            before = len(store.export_json("cr"))
            r = c.post("/s/cr/item", data=bad)
            assert "still contains the highlighted" in r.text and "adores" in r.text
            assert "in none of your sentences: Lee, pears" in r.text
            assert "adds a negation" in r.text
            assert len(store.export_json("cr")) == before  # nothing stored
            for k in range(7):
                data[f"rewrites_{k}"] = GOOD[k]
        else:
            data.update({"not_rewritable_0": "on", "explanation_0": "They met each other."})
        data["feedback"] = f"Fine, thanks ({pid})."
        r = c.post("/s/cr/item", data=data)
        pages += 1
        if r.url.path.endswith("/done"):
            return pages
        html = r.text


def test_each_participant_rewrites_one_hit_and_the_checks_refuse_bad_answers(
    store: Store,
) -> None:
    from lingeval.study.web.app import create_app

    for pid in ("W1", "W2"):
        c = TestClient(create_app(store), follow_redirects=True)
        assert _take_part(c, store, pid) == 1  # one HIT each, not all of them
    rows = store.export_json("cr")
    assert {r["value"] for r in rows if r["question"] == "feedback"} == {
        "Fine, thanks (W1).",
        "Fine, thanks (W2).",
    }
    subs = submissions_from_answers(rows, make_hits(examples()))
    assert len(subs) == 8 and {s.worker_id for s in subs} == {"W1", "W2"}
    assert all(s.meta["feedback"].startswith("Fine, thanks") for s in subs)
    gold = {ex.id: ex for ex in consolidate(subs).examples}
    assert gold["e0"].rewrites == ["Josh likes wine.", "Jane likes water."]
    assert not gold["e7"].rewritable


def test_cli_hits_then_study_creates_a_servable_study(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from lingeval.cli import cli
    from lingeval.conjuncts.data import write_jsonl
    from lingeval.study.web.app import create_app

    tasks = tmp_path / "tasks.jsonl"
    write_jsonl(examples(), tasks)
    items = tmp_path / "items.json"
    runner = CliRunner()
    assert (
        runner.invoke(
            cli, ["conjuncts", "annotate", "hits", str(tasks), "-o", str(items)]
        ).exit_code
        == 0
    )
    db = tmp_path / "study.db"
    r = runner.invoke(
        cli,
        [
            "conjuncts",
            "annotate",
            "study",
            str(db),
            "--study",
            "rw1",
            "--items",
            str(items),
            "--per-group",
            "3",
            "--admin-token",
            "adm-secret-token-2",
        ],
    )
    assert r.exit_code == 0, r.output
    assert "2 groups, 3 participants per group" in r.output  # one group per HIT
    st = Store(db)
    try:
        c = TestClient(create_app(st), follow_redirects=True)
        r = c.get("/s/rw1?PROLIFIC_PID=W9&STUDY_ID=x&SESSION_ID=y")
        csrf = parse_item_page(r.text).fields["csrf"].value
        c.post("/s/rw1/consent", data={"csrf": csrf, "consent": "yes"})
        html = c.get("/s/rw1/item").text
        assert html.count('class="conjunct-rewrite') in (1, 7)
    finally:
        st.dispose()


def test_the_live_check_script_is_served_from_the_task_package(store: Store) -> None:
    """The item page loads its script from /static/tasks/conjunct-rewrite/, which the engine
    serves from the task type's own folder (same origin, so the CSP allows it)."""
    from lingeval.conjuncts.annotation.task import ConjunctRewriteTask
    from lingeval.study.web.app import create_app

    c = TestClient(create_app(store))
    r = c.get("/static/tasks/conjunct-rewrite/conjunct_rewrite.js")
    assert r.status_code == 200
    assert (
        r.content
        == (Path(str(ConjunctRewriteTask.static_dir)) / "conjunct_rewrite.js").read_bytes()
    )
    assert c.get("/static/tasks/conjunct-rewrite/..%2F..%2Ftask.py").status_code == 404
    assert c.get("/static/tasks/conjunct-rewrite/missing.js").status_code == 404
    assert c.get("/static/tasks/no-such-task/conjunct_rewrite.js").status_code == 404
    assert c.get("/static/survey.css").status_code == 200
