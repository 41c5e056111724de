"""The conjunct-meaning task type through the study engine (FastAPI TestClient), as the
engine's own web tests do: render, validate, store, escape, blind (paper 000, section 7)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from lingeval.conjuncts.meaning import TASK_NAME, ConjunctMeaningTask, draw_items
from lingeval.conjuncts.meaning.task import make_payload
from lingeval.core.errors import InputError, LingevalError
from lingeval.study.design import make_design
from lingeval.study.simclient import parse_item_page
from lingeval.study.storage import Store
from lingeval.study.tasks.base import StudyItem, get_task_type
from tests.conjuncts.test_meaning_fixtures import EVIL, bad, examples, good

SYSTEM_NAMES = ("secret-alpha-system", "secret-beta-system")


def _items(blind: bool = False) -> list[StudyItem]:
    exs = examples()[:3]
    preds = {
        SYSTEM_NAMES[0]: {e.id: good(e) for e in exs},
        SYSTEM_NAMES[1]: {e.id: bad(e) for e in exs},
    }
    return draw_items(exs, preds, seed=3, blind=blind).items


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    st = Store(tmp_path / "meaning.sqlite")
    items = _items()
    st.create_study(
        "m1",
        items,
        make_design(items, 2, seed=1, per_group=2),
        task_type=TASK_NAME,
        admin_token="adm-secret-token",
        completion_code="MEANOK",
    )
    yield st
    st.dispose()


def client(store: Store) -> TestClient:
    from lingeval.study.web.app import create_app

    return TestClient(create_app(store), follow_redirects=True)


def start(c: TestClient, study: str = "m1", pid: str = "J1", n: int = 3) -> str:
    r = c.get(f"/s/{study}?PROLIFIC_PID={pid}&STUDY_ID=st&SESSION_ID=se")
    assert r.status_code == 200 and r.url.path.endswith("/consent")
    csrf = parse_item_page(r.text).fields["csrf"].value
    r = c.post(f"/s/{study}/consent", data={"csrf": csrf, "consent": "yes"})
    assert r.url.path.endswith("/instructions")
    assert "same meaning" in r.text and "highlighted" in r.text
    assert f"Items to judge: {n}." in r.text
    r = c.get(f"/s/{study}/item")
    assert r.status_code == 200
    return r.text


def test_registered_in_the_task_type_registry() -> None:
    task = get_task_type(TASK_NAME)
    assert isinstance(task, ConjunctMeaningTask)
    assert task.template == "task_conjunct_meaning.html"


def test_item_page_shows_sentence_with_highlighted_conjunction_and_rewrites(store: Store) -> None:
    html = start(client(store))
    page = parse_item_page(html)
    assert page.fields["meaning"].options == ["same", "different"]
    assert page.fields["note"].kind == "textarea"
    sentences = {e.sentence for e in examples()}
    assert page.paragraph in sentences
    ex = next(e for e in examples() if e.sentence == page.paragraph)
    before = ex.sentence[: ex.offset]
    assert f'{before}<mark class="conjunction">and</mark>' in html
    shown = re.findall(r'<li class="rewrite">(.*?)</li>', html)
    assert shown in (good(ex), bad(ex))


def test_a_whole_session_stores_every_answer_and_hides_the_system(store: Store) -> None:
    c = client(store)
    html = start(c)
    steps = []
    for _ in range(5):
        page = parse_item_page(html)
        steps.append(page.step)
        assert not any(name in html for name in SYSTEM_NAMES)
        choice = "same" if page.step % 2 == 0 else "different"
        r = c.post("/s/m1/item", data={**page.hidden(), "meaning": choice, "note": f"n{page.step}"})
        if r.url.path.endswith("/done"):
            break
        html = r.text
    assert steps == [0, 1, 2]
    assert "MEANOK" in r.text
    own = c.get("/s/m1/answers.json").json()
    assert not any(name in str(own) for name in SYSTEM_NAMES)
    rows = store.export_json("m1")
    meaning = [r for r in rows if r["question"] == "meaning"]
    assert [r["value"] for r in meaning].count("same") == 2
    assert len(meaning) == 3 and {r["system"] for r in meaning} <= set(SYSTEM_NAMES)
    assert sorted(r["value"] for r in rows if r["question"] == "note") == ["n0", "n1", "n2"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "same or different"),
        ({"meaning": "maybe"}, "not one of same, different"),
        ({"meaning": "same", "note": "x" * 4001}, "under 4000 characters"),
    ],
)
def test_missing_or_invalid_answers_are_refused_and_nothing_is_stored(
    store: Store, data: dict[str, str], message: str
) -> None:
    c = client(store)
    page = parse_item_page(start(c))
    r = c.post("/s/m1/item", data={**page.hidden(), **data})
    assert r.status_code == 400
    assert message in r.text
    assert store.export_json("m1") == []
    again = parse_item_page(r.text)
    assert again.step == page.step  # the same item is shown again
    if "meaning" in data and data["meaning"] in ("same", "different"):
        assert re.search(r'value="same" required checked', r.text)


def test_sentences_and_rewrites_are_html_escaped(tmp_path: Path) -> None:
    sentence = f"Bob likes {EVIL} and Ann tea & <b>cake</b>."
    payload = make_payload(
        sentence,
        sentence.index(" and ") + 1,
        "and",
        [f"Bob likes {EVIL}.", "Ann likes tea & <b>cake</b>."],
    )
    items = [StudyItem("x1", "sysA", "", payload)]
    st = Store(tmp_path / "esc.sqlite")
    st.create_study("esc", items, make_design(items, 1), task_type=TASK_NAME)
    html = start(client(st), study="esc", n=1)
    assert EVIL not in html and "<b>cake</b>" not in html
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in html
    assert "tea &amp; &lt;b&gt;cake&lt;/b&gt;" in html
    st.dispose()


def test_bad_payloads_are_refused_when_the_study_is_created(tmp_path: Path) -> None:
    st = Store(tmp_path / "bad.sqlite")
    ok = make_payload("Josh likes wine and Jane water.", 16, "and", ["Josh likes wine."])
    broken = [
        {**ok, "offset": 3},
        {**ok, "rewrites": []},
        {**ok, "rewrites": ["fine", "  "]},
        {k: v for k, v in ok.items() if k != "sentence"},
    ]
    for n, payload in enumerate(broken):
        items = [StudyItem("x", "s", "", payload)]
        with pytest.raises(InputError):
            st.create_study(f"b{n}", items, make_design(items, 1), task_type=TASK_NAME)
    st.dispose()


def test_parse_directly() -> None:
    task = ConjunctMeaningTask()
    item = StudyItem("x", "s", "", make_payload("A and B.", 2, "and", ["A.", "B."]))
    answers, errors = task.parse(item, {"meaning": " different ", "note": " lost a verb "})
    assert not errors
    assert [(a.question, a.value) for a in answers] == [
        ("meaning", "different"),
        ("note", "lost a verb"),
    ]
    answers, errors = task.parse(item, {"meaning": "SAME"})
    assert "meaning" in errors
    assert task.stimulus_text(item) == "A and B.\n1. A.\n2. B."
    view = task.view(item)
    assert (view["before"], view["conjunction"], view["after"]) == ("A ", "and", " B.")


def test_unknown_task_type_is_a_clear_error() -> None:
    with pytest.raises(LingevalError, match="conjunct-meaning"):
        get_task_type("conjunct-meening")


def test_two_judges_through_the_engine_then_analysis_from_the_database(
    tmp_path: Path,
) -> None:
    """Blinded items, one group per system version set, two judges per group; the analysis
    reads the engine's database and maps the codes back with the key."""
    from lingeval.conjuncts.meaning.analysis import analyze

    exs = examples()[:4]
    preds = {"good": {e.id: good(e) for e in exs}, "bad": {e.id: bad(e) for e in exs}}
    drawn = draw_items(exs, preds, seed=5)
    assert set(drawn.key) == {"S1", "S2"}
    gold_texts = {tuple(good(e)) for e in exs}
    db = tmp_path / "two.sqlite"
    st = Store(db)
    st.create_study(
        "m2", drawn.items, make_design(drawn.items, 2, seed=2, per_group=2), task_type=TASK_NAME
    )
    c_judges = [client(st), client(st), client(st), client(st)]
    for n, c in enumerate(c_judges):
        html = start(c, study="m2", pid=f"J{n}", n=4)
        while True:
            page = parse_item_page(html)
            shown = tuple(re.findall(r'<li class="rewrite">(.*?)</li>', html))
            # judges 0 and 1 are accurate; judges 2 and 3 call everything "same"; balanced
            # assignment puts J0, J2 in group 1 and J1, J3 in group 2
            accurate = shown in gold_texts
            value = "same" if (accurate or n >= 2) else "different"
            r = c.post("/s/m2/item", data={**page.hidden(), "meaning": value})
            if r.url.path.endswith("/done"):
                break
            html = r.text
    st.dispose()
    result = analyze(f"sqlite:///{db}", key=drawn.key, study_id="m2")
    shares = result.shares.set_index("system")
    assert shares.loc["good", "share"] == 100.0
    assert shares.loc["bad", "share"] == 0.0  # every tie counts as "different"
    assert shares.loc["bad", "ties"] == 4
    pooled = result.agreement[result.agreement["systems"] == "all"]
    m = dict(zip(pooled["measure"], pooled["value"], strict=True))
    assert m["observed agreement %"] == pytest.approx(50.0)
    assert result.n_judges == 4 and result.n_judgements == 16


def test_answers_store_the_shown_rewrites_and_a_stale_page_is_refused(store: Store) -> None:
    import json

    from lingeval.conjuncts.meaning.task import fingerprint

    c = client(store)
    html = start(c)
    page = parse_item_page(html)
    shown = re.findall(r'<li class="rewrite">(.*?)</li>', html)
    assert page.fields["shown"].value == fingerprint(shown)
    stale = {**page.hidden(), "shown": "0" * 16, "meaning": "same"}
    r = c.post("/s/m1/item", data=stale)
    assert r.status_code == 400 and "changed since the page was loaded" in r.text
    assert store.export_json("m1") == []
    c.post("/s/m1/item", data={**page.hidden(), "meaning": "different"})
    row = next(r for r in store.export_json("m1") if r["question"] == "meaning")
    assert json.loads(row["reference"]) == shown


def test_f1_from_the_answer_table_alone(tmp_path: Path) -> None:
    """Without the items file, the analysis scores the rewrites stored with the answers."""
    from lingeval.conjuncts.meaning.analysis import analyze
    from tests.conjuncts.test_meaning_fixtures import toy_analyzer

    exs = examples()[:4]
    preds = {"good": {e.id: good(e) for e in exs}, "bad": {e.id: bad(e) for e in exs}}
    drawn = draw_items(exs, preds, seed=9)
    gold_texts = {tuple(good(e)) for e in exs}
    st = Store(tmp_path / "f1.sqlite")
    st.create_study(
        "m3", drawn.items, make_design(drawn.items, 2, per_group=1), task_type=TASK_NAME
    )
    for n in range(2):
        c = client(st)
        html = start(c, study="m3", pid=f"J{n}", n=4)
        while True:
            page = parse_item_page(html)
            shown = tuple(re.findall(r'<li class="rewrite">(.*?)</li>', html))
            value = "same" if shown in gold_texts else "different"
            r = c.post("/s/m3/item", data={**page.hidden(), "meaning": value})
            if r.url.path.endswith("/done"):
                break
            html = r.text
    csv_path = tmp_path / "answers.csv"
    csv_path.write_text(st.export_csv("m3"), encoding="utf-8")
    st.dispose()
    result = analyze(csv_path, key=drawn.key, examples=exs, analyzer=toy_analyzer())
    shares = result.shares.set_index("system")
    assert (shares.loc["good", "f1"], shares.loc["bad", "f1"]) == (100.0, 0.0)
    assert (shares.loc["good", "share"], shares.loc["bad", "share"]) == (100.0, 0.0)
    assert result.correlation is not None
    pooled = result.correlation[result.correlation["system"] == "all"]
    assert list(pooled["coefficient"]) == pytest.approx([1.0, 1.0])
