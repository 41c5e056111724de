"""Grammaticality review: items from `probe build`, a study-engine survey, merged back (2.2.1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from lingeval.probing.build import AcceptabilityItem, read_acceptability
from lingeval.probing.cli import cli
from lingeval.probing.evaluate import evaluate_acceptability
from lingeval.study.design import make_design
from lingeval.study.simclient import parse_item_page
from lingeval.study.storage import Store
from lingeval.study.tasks.base import load_items

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "lingeval" / "data" / "probing"
CONNS = "e,ma,quando,perché,se,poi"


def _build(tmp: Path) -> Path:
    classes = tmp / "classes.tsv"
    classes.write_text(
        "e\tadditive\nma\tcontrast\nquando\ttime\nperché\tcause\nse\tcondition\npoi\ttime\n"
    )
    r = CliRunner().invoke(
        cli,
        [
            "build",
            str(SAMPLE / "sample-it.conllu"),
            "-o",
            str(tmp / "res"),
            "--connectives",
            CONNS,
            "--classes",
            str(classes),
            "--quota",
            "1",
            "--cloze-quota",
            "0",
        ],
    )
    assert r.exit_code == 0, r.output
    return tmp / "res" / "acceptability.tsv"


def test_review_round_trip_through_the_web_survey(tmp_path: Path) -> None:
    acc_path = _build(tmp_path)
    items = read_acceptability(acc_path)
    assert items and all(i.grammatical == "unreviewed" for i in items)
    assert all(i.reason for i in items)
    runner = CliRunner()
    review = tmp_path / "review.json"
    r = runner.invoke(cli, ["study-items", str(acc_path), "--review", "-o", str(review)])
    assert r.exit_code == 0, r.output
    assert "grammaticality" in r.output
    study_items = load_items(review)
    assert len(study_items) == len(items)

    # reviewers: every counterpart of the first pair is ungrammatical, everything else is fine
    bad = next(i for i in items if i.condition == "unacceptable")
    verdict = {_shown(i): ("no" if i.item_id == bad.item_id else "yes") for i in items}
    store = Store(tmp_path / "r.sqlite")
    store.create_study(
        "rev",
        study_items,
        make_design(study_items, 1, seed=0, per_group=len(study_items)),
        admin_token="review-admin-token-0123",
        task_type="grammaticality",
    )
    from lingeval.study.web.app import create_app

    c = TestClient(create_app(store), follow_redirects=True)
    try:
        for pid in ("R1", "R2"):
            c.cookies.clear()
            page0 = c.get(f"/s/rev?PROLIFIC_PID={pid}&STUDY_ID=st&SESSION_ID=se")
            csrf = parse_item_page(page0.text).fields["csrf"].value
            c.post("/s/rev/consent", data={"csrf": csrf, "consent": "yes"})
            html = c.get("/s/rev/item").text
            assert "<mark>" in html  # the connective is highlighted
            refused = c.post("/s/rev/item", data=parse_item_page(html).hidden())
            assert "Please answer yes or no." in refused.text
            for _ in range(len(study_items)):
                page = parse_item_page(html)
                data = page.hidden()
                shown = next(t for t in verdict if t in html)
                data["grammatical"] = verdict[shown]
                resp = c.post("/s/rev/item", data=data)
                html = resp.text
                if resp.url.path.endswith("/done"):
                    break
            assert resp.url.path.endswith("/done")
        answers = tmp_path / "answers.csv"
        answers.write_text(store.export_csv("rev"), encoding="utf-8")
    finally:
        store.dispose()
    out = tmp_path / "reviewed.tsv"
    r = runner.invoke(
        cli, ["merge-review", str(acc_path), str(answers), "-o", str(out), "--min-reviewers", "2"]
    )
    assert r.exit_code == 0, r.output
    merged = {i.item_id: i.grammatical for i in read_acceptability(out)}
    assert merged[bad.item_id] == "no"
    assert all(v == "yes" for k, v in merged.items() if k != bad.item_id)
    # the reviewed subset is what Table 4 reports as unacceptable-ungrammatical
    reviewed = read_acceptability(out)
    res = evaluate_acceptability(reviewed, {"lm": {i.item_id: 10.0 for i in reviewed}})
    rows = {r["condition"]: r for r in res.model_table.records()}
    assert rows["unacceptable-ungrammatical"]["n"] == 1
    # three reviewers needed: nobody has enough answers, nothing changes
    r = runner.invoke(
        cli, ["merge-review", str(acc_path), str(answers), "-o", str(out), "--min-reviewers", "3"]
    )
    assert r.exit_code == 0, r.output
    assert {i.grammatical for i in read_acceptability(out)} == {"unreviewed"}


def _shown(item: AcceptabilityItem) -> str:
    """The sentence as the page shows it: escaped, the connective in <mark>."""
    from markupsafe import escape

    t = item.sentence
    return f"{escape(t[: item.start])}<mark>{escape(t[item.start : item.end])}</mark>{escape(t[item.end :])}"


def test_merge_review_ties_and_bad_answers(tmp_path: Path) -> None:
    from lingeval.core.errors import LingevalError
    from lingeval.probing.judgements import Judgement
    from lingeval.probing.review import merge_review

    items = [
        AcceptabilityItem("p", "p-A", "acceptable", "ma", "o", "A ma B.", 2, 4, "unreviewed"),
        AcceptabilityItem("p", "p-NA", "unacceptable", "ma", "o", "A o B.", 2, 3, "unreviewed"),
    ]
    ans = [Judgement("p-NA", "r1", "no"), Judgement("p-NA", "r2", "yes")]
    merged, table = merge_review(items, ans)
    assert [i.grammatical for i in merged] == ["unreviewed", "unreviewed"]
    rec = {r["condition"]: r for r in table.records()}
    assert rec["unacceptable"]["ties"] == 1
    with pytest.raises(LingevalError, match="unknown item"):
        merge_review(items, [Judgement("zz", "r1", "no")])
    bad = tmp_path / "a.csv"
    bad.write_text("item_id,participant_id,value\np-NA,r1,maybe\n")
    r = CliRunner().invoke(cli, ["merge-review", str(tmp_path / "x.tsv"), str(bad)])
    assert r.exit_code != 0
