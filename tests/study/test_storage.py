"""Storage on SQLite and (when LINGEVAL_TEST_POSTGRES_URL is set) PostgreSQL."""

from __future__ import annotations

import os
import threading
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from lingeval.core.errors import LingevalError
from lingeval.study.answers import EXPORT_COLUMNS
from lingeval.study.design import make_design
from lingeval.study.storage import Store
from lingeval.study.tasks.base import ParsedAnswer
from lingeval.study.tasks.reg import RegTask, example_items

PG_URL = os.environ.get("LINGEVAL_TEST_POSTGRES_URL")


def pg_store_url() -> Iterator[str]:
    """A fresh PostgreSQL schema for one test (dropped afterwards)."""
    import sqlalchemy as sa

    assert PG_URL is not None
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(PG_URL)
    try:
        with admin.begin() as c:
            c.exec_driver_sql(f"CREATE SCHEMA {schema}")
    except sa.exc.OperationalError as exc:
        # set but not answering: fail (CI must not silently skip), in one readable line
        where = admin.url.render_as_string(hide_password=True)
        admin.dispose()
        reason = str(exc.orig or exc).splitlines()[0]
        pytest.fail(
            f"LINGEVAL_TEST_POSTGRES_URL is set but {where} does not answer ({reason}); "
            "start PostgreSQL (source .ci/services.sh) or unset the variable",
            pytrace=False,
        )
    sep = "&" if "?" in PG_URL else "?"
    try:
        yield f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as c:
            c.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "study.sqlite")
        return
    if not PG_URL:
        pytest.skip("LINGEVAL_TEST_POSTGRES_URL is not set")
    yield from pg_store_url()


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    st = Store(db_url)
    yield st
    st.dispose()


def make_study(
    store: Store, study_id: str = "s1", n_items: int = 6, groups: int = 3, per_group: int = 2
) -> None:
    items = example_items(n_items)
    design = make_design(items, groups, seed=1, per_group=per_group)
    store.create_study(
        study_id,
        items,
        design,
        task_type="reg",
        admin_token="secret-admin-token",
        completion_code="C0DE",
    )


def full_form(store: Store, step_item) -> dict[str, str]:  # type: ignore[no-untyped-def]
    v = RegTask().view(step_item)
    form = {
        "familiarity": "no",
        "clarity": "6",
        "grammaticality": "5",
        "coherence": "7",
        "comment": "",
    }
    for r in v["refs"]:
        form[f"rewrite-{r['index']}"] = r["text"]
        if r["ask"]:
            form[f"success-{r['index']}"] = "maybe"
    return form


def answer_all(store: Store, p, comment: str = "") -> int:  # type: ignore[no-untyped-def]
    n = 0
    while (step := store.next_step(p)) is not None:
        form = full_form(store, step.item)
        form["comment"] = comment
        answers, errors = RegTask().parse(step.item, form)
        assert not errors
        assert store.submit(p, step.step, answers)
        n += 1
    return n


def test_schema_matches_models(store: Store) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from lingeval.study.db.models import Base

    with store.engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"version_table": "lingeval_study_version"})
        diff = [
            d
            for d in compare_metadata(ctx, Base.metadata)
            if "lingeval_study_version" not in str(d)
        ]
    assert diff == []


def test_reopening_runs_no_migration_twice(db_url: str) -> None:
    a = Store(db_url)
    make_study(a)
    a.dispose()
    b = Store(db_url)
    assert [s.id for s in b.studies()] == ["s1"]
    b.dispose()


def test_sqlite_is_in_wal_mode(tmp_path: Path) -> None:
    st = Store(tmp_path / "x.sqlite")
    with st.engine.connect() as c:
        assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert c.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    st.dispose()


def test_full_participant_life_and_export_columns(store: Store) -> None:
    make_study(store)
    p, token = store.enter("s1", external_id="PID1", prolific_study_id="S", prolific_session_id="X")
    assert store.participant("s1", token) == p
    assert store.next_step(p) is None  # no group before consent
    p = store.consent(p)
    assert p.group is not None
    assert answer_all(store, p, comment="<b>bold</b>") == 6  # 18 versions / 3 groups
    rows = store.export_json("s1")
    assert rows and all(tuple(r) == EXPORT_COLUMNS for r in rows)
    questions = Counter(r["question"] for r in rows)
    assert questions["clarity"] == questions["familiarity"] == questions["comment"] == 6
    assert questions["rewrite"] == questions["success"] == 12  # two REs per item
    values = Counter(r["value"] for r in rows if r["question"] == "success")
    # first mentions are proper names (never asked); the ml system repeats the name (2 items
    # of each system per group), the others use a description or a pronoun (asked)
    assert values == {"name": 6 + 2, "maybe": 4}
    assert {r["participant_id"] for r in rows} == {"PID1"}
    assert all(r["submitted_at"].endswith("Z") for r in rows)
    csv_text = store.export_csv("s1")
    assert csv_text.splitlines()[0] == ",".join(EXPORT_COLUMNS)
    assert "<b>bold</b>" in csv_text  # stored verbatim; escaping is the web layer's job
    summary = store.participants("s1")
    assert summary[0].status == "completed" and summary[0].steps_done == 6


def test_forged_tokens_are_refused(store: Store) -> None:
    make_study(store)
    p, token = store.enter("s1")
    other, token2 = store.enter("s1")
    assert store.participant("s1", token) == p and store.participant("s1", token2) == other
    assert store.participant("s1", token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert store.participant("s1", f"{other.id}.{token}") is None
    assert store.participant("s1", "garbage") is None
    assert store.participant("s1", None) is None
    assert store.participant("s1", "x" * 5000) is None
    with store.engine.connect() as c:  # only hashes of the browser secrets are stored
        stored = {r[0] for r in c.exec_driver_sql("SELECT session_hash FROM participants")}
    assert token not in stored and len(stored) == 2


def test_session_lookup_reads_every_field_through_the_life(store: Store) -> None:
    # on SQLite the lookup runs on the driver connection: it must decode what the ORM stores
    make_study(store)
    p, token = store.enter("s1", external_id="PID3", prolific_session_id="SES3")
    assert store.participant("s1", token) == p and p.order == () and not p.consented
    p = store.consent(p)
    seen = store.participant("s1", token)
    assert seen == p and seen is not None and seen.consented and len(seen.order) == 6
    step = store.next_step(p)
    assert step is not None
    answers, _ = RegTask().parse(step.item, full_form(store, step.item))
    store.submit(p, step.step, answers)
    seen = store.participant("s1", token)
    assert seen is not None and seen.done == 1 and seen.order == p.order and not seen.completed
    answer_all(store, seen)
    seen = store.participant("s1", token)
    assert seen is not None and seen.completed and seen.done == 6
    assert store.participant("s2", token) is None  # bound to its study


def test_reentry_with_same_pid_resumes(store: Store) -> None:
    make_study(store)
    p, t1 = store.enter("s1", external_id="PID9", prolific_session_id="SES9")
    p = store.consent(p)
    step = store.next_step(p)
    assert step is not None
    answers, _ = RegTask().parse(step.item, full_form(store, step.item))
    store.submit(p, step.step, answers)
    from lingeval.study.storage import ParticipantInUse

    # the PID alone, or with another session id, is not enough
    for session in (None, "other"):
        with pytest.raises(ParticipantInUse):
            store.enter("s1", external_id="PID9", prolific_session_id=session)
    with pytest.raises(ParticipantInUse):
        store.resume("s1", "PID9", "other")
    p2, t2 = store.resume("s1", "PID9", "SES9")
    assert p2.id == p.id and t1 != t2 and p2.group == p.group
    assert store.participant("s1", t1) is None  # the old browser lost the session
    nxt = store.next_step(p2)
    assert nxt is not None and nxt.step == 1


def test_double_submit_stores_once_and_skipping_ahead_is_refused(store: Store) -> None:
    make_study(store)
    p, _ = store.enter("s1")
    p = store.consent(p)
    step = store.next_step(p)
    assert step is not None
    answers, _ = RegTask().parse(step.item, full_form(store, step.item))
    assert store.submit(p, 0, answers) is True
    assert store.submit(p, 0, answers) is False
    with pytest.raises(LingevalError, match="current"):
        store.submit(p, 3, answers)
    assert len({r.submitted_at for r in store.export("s1")}) == 1
    assert len(store.export("s1")) == len(answers)


def test_concurrent_double_submit_stores_once(store: Store) -> None:
    make_study(store)
    p, _ = store.enter("s1")
    p = store.consent(p)
    step = store.next_step(p)
    assert step is not None
    answers = [ParsedAnswer("clarity", "", "", "3")]
    results: list[bool] = []
    barrier = threading.Barrier(6)

    def go() -> None:
        barrier.wait()
        results.append(store.submit(p, 0, answers))

    threads = [threading.Thread(target=go) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False] * 5 + [True]
    assert len(store.export("s1")) == 1


def test_balanced_assignment_to_least_filled_group(store: Store) -> None:
    make_study(store, groups=3, per_group=2)
    groups = []
    for i in range(9):
        p, _ = store.enter("s1", external_id=f"P{i}")
        groups.append(store.consent(p).group)
    assert Counter(groups) == {1: 3, 2: 3, 3: 3}
    # concurrent consent keeps the balance
    ps = [store.enter("s1", external_id=f"Q{i}")[0] for i in range(6)]
    out: list[int | None] = []

    def go(p) -> None:  # type: ignore[no-untyped-def]
        out.append(store.consent(p).group)

    threads = [threading.Thread(target=go, args=(p,)) for p in ps]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert Counter(groups + out) == {1: 5, 2: 5, 3: 5}
    prog = store.progress("s1")
    assert [g.assigned for g in prog] == [5, 5, 5]


def test_completed_groups_are_skipped(store: Store) -> None:
    make_study(store, groups=3, per_group=1)
    p, _ = store.enter("s1", external_id="A")
    p = store.consent(p)
    answer_all(store, p)
    # the completed group is not offered again while others have room
    q = store.consent(store.enter("s1", external_id="B")[0])
    r = store.consent(store.enter("s1", external_id="C")[0])
    assert {p.group, q.group, r.group} == {1, 2, 3}


def test_closed_study_admits_nobody_new_but_lets_others_finish(store: Store) -> None:
    make_study(store)
    p = store.consent(store.enter("s1", external_id="A", prolific_session_id="S")[0])
    store.close("s1")
    assert store.study("s1").status == "closed"
    with pytest.raises(LingevalError, match="closed"):
        store.enter("s1", external_id="B")
    with pytest.raises(LingevalError, match="closed"):
        store.admit("s1", external_id="C", prolific_session_id="S")
    assert store.resume("s1", "A", "S")[0].id == p.id
    assert answer_all(store, p) == 6


def test_admin_token_is_checked_and_not_stored(store: Store) -> None:
    make_study(store)
    assert store.check_admin_token("s1", "secret-admin-token")
    assert not store.check_admin_token("s1", "secret-admin-token ")
    assert not store.check_admin_token("s1", None)
    with store.engine.connect() as c:
        stored = c.exec_driver_sql("SELECT admin_token_hash FROM studies").scalar()
    assert stored and "secret-admin-token" not in stored


def test_bad_studies_are_refused(store: Store) -> None:
    items = example_items(3)
    design = make_design(items, 3, seed=1)
    with pytest.raises(LingevalError, match="study id"):
        store.create_study("bad id!", items, design)
    with pytest.raises(LingevalError, match="without an item"):
        store.create_study("s2", items[:-1], design)
    store.create_study("s2", items, design)
    with pytest.raises(LingevalError, match="already exists"):
        store.create_study("s2", items, design)
    with pytest.raises(LingevalError, match="unknown task type"):
        store.create_study("s3", items, design, task_type="nope")
    with pytest.raises(LingevalError, match="redirect URL"):
        store.create_study("s4", items, design, redirect_url="javascript:alert(1)")


def test_participants_see_only_their_own_answers(store: Store) -> None:
    make_study(store)
    a = store.consent(store.enter("s1", external_id="A")[0])
    b = store.consent(store.enter("s1", external_id="B")[0])
    answer_all(store, a, comment="from A")
    answer_all(store, b, comment="from B")
    own = store.own_answers(a)
    assert {r.participant_id for r in own} == {"A"}
    assert all(r.value != "from B" for r in own)


def test_a_full_study_admits_nobody_else(store: Store) -> None:
    from lingeval.study.storage import StudyFull

    make_study(store, groups=3, per_group=1)
    for pid in ("A", "B", "C"):
        answer_all(store, store.consent(store.enter("s1", external_id=pid)[0]))
    late = store.enter("s1", external_id="D")[0]
    with pytest.raises(StudyFull):
        store.consent(late)
    assert [g.completed for g in store.progress("s1")] == [1, 1, 1]


def test_stale_participants_free_their_place(db_url: str) -> None:
    st = Store(db_url)
    items = example_items(6)
    st.create_study("s1", items, make_design(items, 3, seed=1, per_group=5), stale_after_s=1)
    first = st.consent(st.enter("s1", external_id="A")[0])
    import time

    time.sleep(1.2)  # A went away without finishing
    second = st.consent(st.enter("s1", external_id="B")[0])
    assert second.group == first.group  # A's place counts no more; ties go to the lowest group
    st.dispose()


def test_migrations_go_down_and_up_again(db_url: str) -> None:
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    import lingeval.study.storage as storage_module
    from lingeval.study.storage import upgrade

    st = Store(db_url)
    cfg = Config()
    migrations = Path(storage_module.__file__).parent / "db" / "migrations"
    cfg.set_main_option("script_location", str(migrations))
    with st.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "base")
    names = set(sa.inspect(st.engine).get_table_names())
    assert not names & {"studies", "participants", "responses", "answers"}
    upgrade(st.engine)
    assert {"studies", "participants", "responses", "answers"} <= set(
        sa.inspect(st.engine).get_table_names()
    )
    make_study(st)
    assert st.study("s1").n_groups == 3
    st.dispose()


def test_upgrading_a_0001_database_keeps_its_data(db_url: str) -> None:
    """A study made before migration 0002 survives the upgrade (and gets the new columns)."""
    import sqlalchemy as sa
    from sqlalchemy import create_engine

    from lingeval.study.storage import normalise_url, upgrade

    engine = create_engine(normalise_url(db_url))
    upgrade(engine, "0001")
    now = "2026-01-01 00:00:00"
    with engine.begin() as c:
        c.exec_driver_sql(
            "INSERT INTO studies (id, title, task_type, status, per_group, n_groups, completion_code, "
            "secret, stale_after_s, created_at) VALUES ('old', 'Old', 'reg', 'open', 8, 1, 'C', 'k', 60, "
            f"'{now}')"
        )
        assert "consent_text" not in {col["name"] for col in sa.inspect(c).get_columns("studies")}
    engine.dispose()
    st = Store(db_url)  # upgrades to head
    info = st.study("old")
    assert (info.title, info.completion_code, info.consent_text) == ("Old", "C", None)
    st.dispose()


def test_custom_consent_and_instructions_are_stored(store: Store) -> None:
    items = example_items(2)
    info = store.create_study(
        "t1",
        items,
        make_design(items, 3),
        consent_text="Para one.\n\nPara <two>.",
        instructions_text="Read {n} texts.",
    )
    assert info.consent_text == "Para one.\n\nPara <two>."
    assert store.study("t1").instructions_text == "Read {n} texts."


def test_export_of_completed_participants_only(store: Store) -> None:
    make_study(store)
    done = store.consent(store.enter("s1", external_id="DONE")[0])
    answer_all(store, done)
    half = store.consent(store.enter("s1", external_id="HALF")[0])
    step = store.next_step(half)
    assert step is not None
    answers, _ = RegTask().parse(step.item, full_form(store, step.item))
    store.submit(half, step.step, answers)
    assert {a.participant_id for a in store.export("s1")} == {"DONE", "HALF"}
    assert {a.participant_id for a in store.export("s1", completed_only=True)} == {"DONE"}
    assert "HALF" not in store.export_csv("s1", completed_only=True)
    assert {r["participant_id"] for r in store.export_json("s1", completed_only=True)} == {"DONE"}
