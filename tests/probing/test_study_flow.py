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
        admin_token="tok-123456-abcdef",
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


def test_cloze_through_the_web_survey(tmp_path: Path) -> None:
    """The cloze task type (an entry point, with its template outside the engine) is served,
    refuses an empty choice, and its answers come back as cloze judgements."""
    from lingeval.probing.build import ClozeItem
    from lingeval.probing.judgements import NONE_OPTION
    from lingeval.probing.tasks import cloze_study_items
    from lingeval.study.web.app import create_app

    cloze = [
        ClozeItem(
            "c1",
            "ma",
            "Piove, ma esco.",
            "Piove, ___ esco.",
            7,
            ["ma", "però", "se", "dove", "come"],
            "però",
            ["se", "dove", "come"],
        ),
        ClozeItem(
            "c2",
            "e",
            "Piove e resto.",
            "Piove ___ resto.",
            6,
            ["e", "poi", "ma", "dove", "quando"],
            "poi",
            ["ma", "dove", "quando"],
        ),
    ]
    items = cloze_study_items(cloze)
    store = Store(tmp_path / "c.sqlite")
    store.create_study(
        "cz",
        items,
        make_design(items, 1, seed=0),
        admin_token="tok-123456-abcdef",
        task_type="cloze",
    )
    c = TestClient(create_app(store), follow_redirects=True)
    try:
        r = c.get("/s/cz?PROLIFIC_PID=P1&STUDY_ID=st&SESSION_ID=se")
        csrf = parse_item_page(r.text).fields["csrf"].value
        c.post("/s/cz/consent", data={"csrf": csrf, "consent": "yes"})
        html = c.get("/s/cz/item").text
        assert 'value="ma"' in html and f'value="{NONE_OPTION}"' in html
        page = parse_item_page(html)
        refused = c.post("/s/cz/item", data=page.hidden())
        assert "Please choose one option." in refused.text
        for _ in range(2):
            page = parse_item_page(html)
            data = page.hidden()
            data["cloze"] = "ma" if "Piove," in html else NONE_OPTION
            r = c.post("/s/cz/item", data=data)
            html = r.text
        assert r.url.path.endswith("/done")
        out = tmp_path / "answers.csv"
        out.write_text(store.export_csv("cz"), encoding="utf-8")
    finally:
        store.dispose()
    judg = read_judgements(out, "cloze", items={"c1", "c2"})
    assert {(j.item_id, j.value) for j in judg} == {("c1", "ma"), ("c2", NONE_OPTION)}
