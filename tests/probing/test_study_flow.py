"""Acceptability ratings collected through the study engine's web survey, read back and evaluated."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from lingeval.probing.build import AcceptabilityItem
from lingeval.probing.evaluate import evaluate_acceptability
from lingeval.probing.judgements import read_judgements
from lingeval.probing.tasks import acceptability_study_items
from lingeval.study.design import make_design
from lingeval.study.simclient import parse_item_page
from lingeval.study.storage import Store

ITEMS = [
    AcceptabilityItem("ma-01", "ma-01-A", "acceptable", "ma", "se", "Piove, ma esco.", 7, 9),
    AcceptabilityItem(
        "ma-01", "ma-01-NA", "unacceptable", "ma", "se", "Piove, se esco.", 7, 9, "unreviewed"
    ),
    AcceptabilityItem("e-01", "e-01-A", "acceptable", "e", "se", "Piove e resto a casa.", 6, 7),
    AcceptabilityItem(
        "e-01", "e-01-NA", "unacceptable", "e", "se", "Piove se resto a casa.", 6, 8, "no"
    ),
]


def test_acceptability_through_the_web_survey(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite")
    items = acceptability_study_items(ITEMS)
    store.create_study(
        "acc",
        items,
        make_design(items, 2, seed=0, per_group=1),
        admin_token="tok-123456",
        completion_code="OK1",
        task_type="acceptability",
    )
    from lingeval.study.web.app import create_app

    c = TestClient(create_app(store), follow_redirects=True)
    text_to_rating = {i.sentence: ("5" if i.condition == "acceptable" else "2") for i in ITEMS}
    try:
        for pid in ("P1", "P2"):
            c.cookies.clear()
            r = c.get(f"/s/acc?PROLIFIC_PID={pid}&STUDY_ID=st&SESSION_ID=se")
            csrf = parse_item_page(r.text).fields["csrf"].value
            c.post("/s/acc/consent", data={"csrf": csrf, "consent": "yes"})
            html = c.get("/s/acc/item").text
            for _ in range(4):
                page = parse_item_page(html)
                data = page.hidden()
                sentence = next(t for t in text_to_rating if t in html)
                data["acceptability"] = text_to_rating[sentence]
                r = c.post("/s/acc/item", data=data)
                if r.url.path.endswith("/done"):
                    break
                html = r.text
        out = tmp_path / "answers.csv"
        out.write_text(store.export_csv("acc"), encoding="utf-8")
    finally:
        store.dispose()
    judg = read_judgements(out, "acceptability", items={i.item_id for i in ITEMS})
    # the Latin square shows each participant one version of each pair: 2 ratings per participant
    assert len(judg) == 4
    assert {j.item_id for j in judg} == {i.item_id for i in ITEMS}
    res = evaluate_acceptability(
        ITEMS, {"lm": {"ma-01-A": 5.0, "ma-01-NA": 9.0, "e-01-A": 4.0, "e-01-NA": 3.0}}, judg
    )
    assert res.human_table is not None
    h = {r["condition"]: r for r in res.human_table.records()}
    assert h["acceptable"]["mean_rating"] == pytest.approx(5.0)
    assert h["unacceptable"]["mean_rating"] == pytest.approx(2.0)
    assert h["unacceptable-ungrammatical"]["sentences"] == 1
