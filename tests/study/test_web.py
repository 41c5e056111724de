"""The web survey in-process (FastAPI TestClient): flow, validation, security properties."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from lingeval.study.design import make_design
from lingeval.study.simclient import parse_item_page
from lingeval.study.storage import Store
from lingeval.study.tasks.base import StudyItem
from lingeval.study.tasks.reg import example_items, make_reg_item

ADMIN = "admin-secret-token-1"
EVIL = "<script>alert('x')</script>"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    st = Store(tmp_path / "web.sqlite")
    items = example_items(6)
    st.create_study(
        "s1",
        items,
        make_design(items, 3, seed=1, per_group=2),
        admin_token=ADMIN,
        completion_code="DONE42",
    )
    yield st
    st.dispose()


@pytest.fixture
def app(store: Store):  # type: ignore[no-untyped-def]
    from lingeval.study.web.app import create_app

    return create_app(store)


def client(app) -> TestClient:  # type: ignore[no-untyped-def]
    return TestClient(app, follow_redirects=True)


def start(c: TestClient, pid: str | None = "P1") -> str:
    """Enter, consent, read instructions; return the first item page HTML."""
    url = "/s/s1" + (f"?PROLIFIC_PID={pid}&STUDY_ID=st&SESSION_ID=se" if pid else "")
    r = c.get(url)
    assert r.status_code == 200 and "consent" in r.url.path
    csrf = parse_item_page(r.text).fields["csrf"].value
    r = c.post("/s/s1/consent", data={"csrf": csrf, "consent": "yes"})
    assert r.url.path.endswith("/instructions")
    assert "propose, for every highlighted" in r.text and re.search(
        r"read \d+ short paragraphs", r.text
    )
    r = c.get("/s/s1/item")
    assert r.status_code == 200
    return r.text


def good_answers(html: str, comment: str = "") -> dict[str, str]:
    page = parse_item_page(html)
    data = page.hidden()
    for name, f in page.fields.items():
        if f.kind == "radio":
            data[name] = f.options[-1]
        elif f.original is not None:
            data[name] = f.original
    data["comment"] = comment
    return data


def test_a_whole_session_without_javascript(app, store: Store) -> None:  # type: ignore[no-untyped-def]
    c = client(app)
    html = start(c)
    seen_steps = []
    for _ in range(10):
        page = parse_item_page(html)
        seen_steps.append(page.step)
        assert f"Paragraph {page.step + 1} of 6" in html
        assert re.search(r'<form method="post" action="/s/s1/item"', html)
        r = c.post("/s/s1/item", data=good_answers(html, comment=f"c{page.step}"))
        if r.url.path.endswith("/done"):
            break
        html = r.text
    assert seen_steps == list(range(6))
    assert "DONE42" in r.text
    rows = store.export_json("s1")
    assert {r["participant_id"] for r in rows} == {"P1"}
    assert sorted({r["value"] for r in rows if r["question"] == "comment"}) == [
        f"c{i}" for i in range(6)
    ]
    # likert values of the last option (7), familiarity "no", success "no"
    assert {r["value"] for r in rows if r["question"] == "clarity"} == {"7"}
    p = store.participants("s1")[0]
    assert p.status == "completed" and p.minutes is not None


def test_item_page_shows_the_questions_of_paper_figure_1(app) -> None:  # type: ignore[no-untyped-def]
    html = start(client(app))
    page = parse_item_page(html)
    assert page.fields["familiarity"].options == ["yes", "no"]
    for key in ("clarity", "grammaticality", "coherence"):
        assert page.fields[key].options == [str(i) for i in range(1, 8)]
    assert "strongly disagree" in html and "I don&#39;t know" in html and "strongly agree" in html
    rewrites = [n for n in page.fields if n.startswith("rewrite-")]
    assert len(rewrites) == 2  # one box per RE, the proper name included
    success = [n for n in page.fields if n.startswith("success-")]
    assert success in ([], ["success-1"])  # only REs that differ from the proper name
    for n in success:
        assert page.fields[n].options == ["yes", "maybe", "no"]
    assert "comment" in page.fields


def test_reload_and_reentry_resume_at_the_same_item(app) -> None:  # type: ignore[no-untyped-def]
    c = client(app)
    html = start(c, pid="RES1")
    c.post("/s/s1/item", data=good_answers(html))
    a = parse_item_page(c.get("/s/s1/item").text)
    b = parse_item_page(c.get("/s/s1/item").text)
    assert a.step == b.step == 1 and a.paragraph == b.paragraph
    # a new browser with the same Prolific link resumes too
    c2 = client(app)
    r = c2.get("/s/s1?PROLIFIC_PID=RES1&STUDY_ID=st&SESSION_ID=se")
    assert parse_item_page(r.text).step == 1


def test_missing_and_out_of_range_answers_are_refused_with_a_message(app, store: Store) -> None:  # type: ignore[no-untyped-def]
    c = client(app)
    html = start(c)
    data = good_answers(html)
    bad = dict(data, clarity="9")
    bad.pop("familiarity")
    bad["rewrite-0"] = "   "
    r = c.post("/s/s1/item", data=bad)
    assert r.status_code == 400
    assert "Please choose a rating from 1 to 7" in r.text
    assert "Please say whether you knew this entity" in r.text
    assert "Please suggest an expression" in r.text
    assert store.export("s1") == []
    # what was valid is kept in the re-shown form
    assert f'value="{data["rewrite-1"]}"' in r.text
    r = c.post("/s/s1/item", data=dict(data, comment="x" * 5000))
    assert r.status_code == 400 and "under 4000 characters" in r.text
    assert store.export("s1") == []
    r = c.post("/s/s1/item", data=data)
    assert r.status_code == 200 and store.export("s1")


def test_double_submit_stores_once(app, store: Store) -> None:  # type: ignore[no-untyped-def]
    c = client(app)
    data = good_answers(start(c))
    r1 = c.post("/s/s1/item", data=data, follow_redirects=False)
    r2 = c.post("/s/s1/item", data=data, follow_redirects=False)
    assert r1.status_code == r2.status_code == 303
    n_first = len(store.export("s1"))
    assert n_first > 0
    assert parse_item_page(c.get("/s/s1/item").text).step == 1
    assert len({(a.item_id, a.question, a.target) for a in store.export("s1")}) == n_first


def test_forms_are_csrf_protected(app, store: Store) -> None:  # type: ignore[no-untyped-def]
    a = client(app)
    data = good_answers(start(a, pid="A"))
    b = client(app)
    other = good_answers(start(b, pid="B"))
    r = a.post("/s/s1/item", data={k: v for k, v in data.items() if k != "csrf"})
    assert r.status_code == 403
    r = a.post("/s/s1/item", data=dict(data, csrf=other["csrf"]))
    assert r.status_code == 403
    # consent form too
    c = client(app)
    c.get("/s/s1?PROLIFIC_PID=C")
    assert c.post("/s/s1/consent", data={"consent": "yes", "csrf": "forged"}).status_code == 403
    assert store.export("s1") == []
    assert [p for p in store.participants("s1") if p.external_id == "C"] == []  # no row yet


def test_participants_read_and_write_only_their_own_answers(app, store: Store) -> None:  # type: ignore[no-untyped-def]
    a, b = client(app), client(app)
    ha = start(a, pid="A")
    start(b, pid="B")
    a.post("/s/s1/item", data=good_answers(ha, comment="secret of A"))
    mine = b.get("/s/s1/answers.json").json()
    assert mine == []
    theirs = a.get("/s/s1/answers.json").json()
    assert "secret of A" in {r["value"] for r in theirs}
    assert "secret of A" not in b.get("/s/s1/item").text
    # no cookie or a forged one: no access
    anon = TestClient(app, follow_redirects=False)
    assert anon.get("/s/s1/answers.json").status_code == 403
    assert anon.get("/s/s1/item").status_code == 403
    token = a.cookies.get("lingeval_p_s1")
    assert token
    forged = TestClient(app, cookies={"lingeval_p_s1": token[:-2] + "xy"})
    assert forged.get("/s/s1/answers.json").status_code == 403


def test_stimuli_and_comments_are_html_escaped(tmp_path: Path) -> None:
    from lingeval.study.web.app import create_app

    st = Store(tmp_path / "x.sqlite")
    items = [
        make_reg_item(
            "evil",
            sys,
            "seen",
            "Evil_Corp",
            ["", 0, f" said {EVIL}. ", 1, " & <b>more</b>."],
            [("Evil Corp", "Evil_Corp"), (f"the {EVIL}", "Evil_Corp")],
        )
        for sys in ("a", "b")
    ]
    st.create_study("s1", items, make_design(items, 2, seed=0), admin_token=ADMIN)
    app = create_app(st)
    c = client(app)
    html = start(c)
    assert EVIL not in html and "<b>more</b>" not in html
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in html
    data = good_answers(html, comment=EVIL)
    data["clarity"] = "0"
    r = c.post("/s/s1/item", data=data)  # refused: the comment is shown again, escaped
    assert r.status_code == 400 and EVIL not in r.text and "&lt;script&gt;" in r.text
    r = c.post("/s/s1/item", data=good_answers(html, comment=EVIL))
    adm = TestClient(app, headers={"Authorization": f"Bearer {ADMIN}"})
    admin_page = adm.get("/admin/s1").text
    assert EVIL not in admin_page
    assert r.headers["content-security-policy"].startswith("default-src 'self'")
    st.dispose()


def test_admin_pages_refuse_without_the_token(app, store: Store) -> None:  # type: ignore[no-untyped-def]
    anon = TestClient(app, follow_redirects=False)
    for url in (
        "/admin/s1",
        "/admin/s1/export.csv",
        "/admin/s1/export.json",
        "/admin/s1/progress.json",
    ):
        assert anon.get(url).status_code == 401, url
        assert anon.get(url, headers={"Authorization": "Bearer wrong"}).status_code == 401, url
        forged = TestClient(app, follow_redirects=False, cookies={"lingeval_admin_s1": "forged"})
        assert forged.get(url).status_code == 401, url
    assert anon.post("/admin/s1/close", data={"csrf": "x"}).status_code == 401
    assert store.study("s1").status == "open"
    ok = TestClient(app, headers={"Authorization": f"Bearer {ADMIN}"})
    assert ok.get("/admin/s1").status_code == 200
    r = ok.get("/admin/s1/export.csv")
    assert r.status_code == 200 and r.text.startswith("study_id,participant_id,group,item_id")


def test_admin_login_progress_export_and_close(app, store: Store) -> None:  # type: ignore[no-untyped-def]
    c = client(app)
    start(c, pid="A")
    adm = client(app)
    assert adm.post("/admin/s1/login", data={"token": "nope"}).status_code == 401
    r = adm.post("/admin/s1/login", data={"token": ADMIN})
    assert r.status_code == 200 and "Progress per group" in r.text
    assert "A" in r.text and "in progress" in r.text
    png = adm.get("/admin/s1/progress.png")
    assert png.status_code == 200 and png.content.startswith(b"\x89PNG")
    assert 'src="/admin/s1/progress.png"' in r.text
    prog = adm.get("/admin/s1/progress.json").json()
    assert sum(g["assigned"] for g in prog["groups"]) == 1
    assert adm.get("/admin/s1/export.json").json() == []
    c.post("/s/s1/item", data=good_answers(c.get("/s/s1/item").text))  # A answers one item
    assert {r["participant_id"] for r in adm.get("/admin/s1/export.json").json()} == {"A"}
    assert adm.get("/admin/s1/export.json?completed=1").json() == []
    assert "s1,A," not in adm.get("/admin/s1/export.csv?completed=1").text
    assert "s1,A," in adm.get("/admin/s1/export.csv").text
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', r.text)
    assert csrf
    assert adm.post("/admin/s1/close", data={"csrf": "bad"}).status_code == 403
    assert store.study("s1").status == "open"
    r = adm.post("/admin/s1/close", data={"csrf": csrf.group(1)})
    assert r.status_code == 200 and store.study("s1").status == "closed"
    newcomer = client(app)
    r = newcomer.get("/s/s1?PROLIFIC_PID=LATE")
    assert r.status_code == 403 and "closed" in r.text
    # the participant in progress may finish
    assert c.get("/s/s1/item").status_code == 200


def test_balanced_assignment_over_http(app, store: Store) -> None:  # type: ignore[no-untyped-def]
    for i in range(6):
        start(client(app), pid=f"G{i}")
    assert [g.assigned for g in store.progress("s1")] == [2, 2, 2]


def test_completion_redirect_and_malformed_links(tmp_path: Path) -> None:
    from lingeval.study.web.app import create_app

    st = Store(tmp_path / "r.sqlite")
    items = example_items(1, systems=("a",))
    st.create_study(
        "r1",
        items,
        make_design(items, 1),
        completion_code="XYZ",
        redirect_url="https://app.prolific.com/submissions/complete?cc={code}",
    )
    app = create_app(st)
    c = client(app)
    assert c.get("/s/r1?PROLIFIC_PID=<bad>").status_code == 400
    assert c.get("/s/nope").status_code == 404
    r = c.get("/s/r1?PROLIFIC_PID=OK1")
    csrf = parse_item_page(r.text).fields["csrf"].value
    c.post("/s/r1/consent", data={"csrf": csrf, "consent": "yes"})
    html = c.get("/s/r1/item").text
    r = c.post("/s/r1/item", data=good_answers(html))
    assert r.url.path == "/s/r1/done"
    assert 'href="https://app.prolific.com/submissions/complete?cc=XYZ"' in r.text
    assert (
        'http-equiv="refresh" content="5; url=https://app.prolific.com/submissions/complete?cc=XYZ"'
        in r.text
    )
    assert "XYZ" in r.text.split('id="completion-code"')[1][:20]
    st.dispose()


def test_a_second_task_type_plugs_in(tmp_path: Path) -> None:
    from lingeval.study.web.app import create_app

    st = Store(tmp_path / "a.sqlite")
    items = [
        StudyItem(f"i{i}", s, "", {"text": f"Sentence {i} by {s}."})
        for i in range(2)
        for s in ("x", "y")
    ]
    st.create_study("acc", items, make_design(items, 2), task_type="acceptability")
    c = client(create_app(st))
    r = c.get("/s/acc")
    csrf = parse_item_page(r.text).fields["csrf"].value
    c.post("/s/acc/consent", data={"csrf": csrf, "consent": "yes"})
    page = parse_item_page(c.get("/s/acc/item").text)
    assert page.fields["acceptability"].options == ["1", "2", "3", "4", "5"]
    assert "Sentence 1 of 2" in c.get("/s/acc/item").text
    r = c.post("/s/acc/item", data={**page.hidden(), "acceptability": "6"})
    assert r.status_code == 400 and "1 to 5" in r.text
    c.post("/s/acc/item", data={**page.hidden(), "acceptability": "4"})
    rows = st.export_json("acc")
    assert [(r["question"], r["value"]) for r in rows] == [("acceptability", "4"), ("comment", "")]
    st.dispose()


def test_task_types_defined_elsewhere_ship_their_own_template(tmp_path: Path) -> None:
    from collections.abc import Mapping
    from typing import Any, ClassVar

    from lingeval.core.registry import registry
    from lingeval.study.tasks.base import FieldError, ParsedAnswer, TaskType, choice
    from lingeval.study.web.app import create_app

    template_file = tmp_path / "yesno.html"
    template_file.write_text(
        '<p class="paragraph">{{ view.text }}</p>'
        '{% for v in ["yes", "no"] %}<input type="radio" name="ok" value="{{ v }}">{% endfor %}'
    )

    @registry.task_types("test-yesno")
    class YesNo(TaskType):
        name = "test-yesno"
        template = "plugin/yesno.html"
        template_path: ClassVar[Any] = template_file
        instructions = "Answer {n} questions."

        def validate_item(self, item: StudyItem) -> None:
            pass

        def parse(
            self, item: StudyItem, form: Mapping[str, str]
        ) -> tuple[list[ParsedAnswer], FieldError]:
            errors = FieldError()
            v = choice(form, "ok", ("yes", "no"), errors, "Yes or no, please.")
            return ([ParsedAnswer("ok", "", "", v)] if v else []), errors

    st = Store(tmp_path / "p.sqlite")
    items = [StudyItem("q1", "s", "", {"text": "Is <this> fine?"})]
    st.create_study("yn", items, make_design(items, 1), task_type="test-yesno")
    c = client(create_app(st))
    r = c.get("/s/yn")
    c.post(
        "/s/yn/consent",
        data={"csrf": parse_item_page(r.text).fields["csrf"].value, "consent": "yes"},
    )
    page = parse_item_page(c.get("/s/yn/item").text)
    assert page.paragraph == "Is <this> fine?" and page.fields["ok"].options == ["yes", "no"]
    assert c.post("/s/yn/item", data={**page.hidden(), "ok": "maybe"}).status_code == 400
    r = c.post("/s/yn/item", data={**page.hidden(), "ok": "yes"})
    assert r.url.path == "/s/yn/done"
    assert [(a.question, a.value) for a in st.export("yn")] == [("ok", "yes")]
    st.dispose()


def test_custom_consent_and_instruction_texts_are_shown_escaped(tmp_path: Path) -> None:
    from lingeval.study.web.app import create_app

    st = Store(tmp_path / "c.sqlite")
    items = example_items(3)
    st.create_study(
        "cu",
        items,
        make_design(items, 3),
        consent_text="We are <Lab X>.\n\nYou may stop at any time.",
        instructions_text="Please read {n} paragraphs & answer.",
    )
    c = client(create_app(st))
    r = c.get("/s/cu")
    assert "<p>We are &lt;Lab X&gt;.</p>" in r.text and "<p>You may stop at any time.</p>" in r.text
    assert "recruitment platform" not in r.text  # the default text is replaced
    r = c.post(
        "/s/cu/consent",
        data={"csrf": parse_item_page(r.text).fields["csrf"].value, "consent": "yes"},
    )
    assert "Please read 3 paragraphs &amp; answer." in r.text
    st.dispose()
