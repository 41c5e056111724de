"""Durable storage of studies, participants and answers (SQLite by default, PostgreSQL by URL).

:class:`Store` wraps one database through SQLAlchemy; the schema is created and upgraded by the
alembic migrations in :mod:`lingeval.study.db` (:func:`upgrade`). A bare file path means SQLite;
any SQLAlchemy URL works (``postgresql+psycopg://user:pw@host/db``).

Durability and concurrency:

* SQLite runs in WAL mode with ``synchronous=FULL`` and a 30 s busy timeout; write
  transactions take a per-process lock and start with ``BEGIN IMMEDIATE``, so concurrent
  writers (threads or processes) queue instead of failing; reads never wait. PostgreSQL locks the study row (``SELECT ... FOR UPDATE``) while a group is
  assigned.
* A response is committed before the server acknowledges it, so a crash after the
  acknowledgement cannot lose it.
* ``responses`` has a unique key (participant, design cell): a double submit stores once.

Participant identity: a participant row is keyed by (study, external id); the external id is the
Prolific ``PROLIFIC_PID`` or a generated random token. The browser holds a capability token
``<participant id>.<HMAC-SHA256(study secret, id)>``; it is verified in constant time and is the
only way to read or write a participant's answers.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lingeval.core.errors import LingevalError
from lingeval.study.answers import ANSWER_COLUMNS, Answer
from lingeval.study.design import Cell, Design
from lingeval.study.tasks.base import ParsedAnswer, StudyItem, get_task_type

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine
    from sqlalchemy.orm import Session

__all__ = [
    "Participant",
    "StepView",
    "Store",
    "StudyFull",
    "StudyInfo",
    "hash_token",
    "normalise_url",
    "upgrade",
]


class StudyFull(LingevalError):
    """Every group has its planned number of completed participants."""


def utcnow() -> datetime:
    return datetime.now(UTC)


def _utc(dt: datetime | None) -> datetime | None:
    if dt is None:
        return None
    return dt if dt.tzinfo is not None else dt.replace(tzinfo=UTC)


def _iso(dt: datetime | None) -> str:
    d = _utc(dt)
    return d.isoformat(timespec="seconds").replace("+00:00", "Z") if d else ""


def hash_token(token: str) -> str:
    """SHA-256 of a secret, as stored (the admin token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def normalise_url(db: str | Path) -> str:
    """A file path becomes ``sqlite:///<absolute path>``; URLs pass through."""
    s = str(db)
    if "://" in s:
        return s
    return f"sqlite:///{Path(s).expanduser().resolve()}"


@dataclass(frozen=True)
class StudyInfo:
    id: str
    title: str
    task_type: str
    status: str
    per_group: int
    n_groups: int
    completion_code: str
    redirect_url: str | None
    has_admin_token: bool
    created_at: datetime
    closed_at: datetime | None
    consent_text: str | None = None
    instructions_text: str | None = None


@dataclass(frozen=True)
class Participant:
    id: int
    study_id: str
    external_id: str
    source: str
    group: int | None
    consented: bool
    completed: bool


@dataclass
class StepView:
    """The participant's next item: 0-based ``step`` of ``total``, and the version to show."""

    step: int
    total: int
    item: StudyItem
    cell_id: int


@dataclass
class GroupProgress:
    group: int
    planned: int
    assigned: int
    active: int
    completed: int
    responses: int


@dataclass
class ParticipantSummary:
    external_id: str
    source: str
    group: int | None
    status: str
    steps_done: int
    total: int
    started_at: str
    completed_at: str
    minutes: float | None
    median_item_s: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Create or upgrade the schema with the packaged alembic migrations."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "db" / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


class Store:
    """The study database: create studies, admit participants, store answers, export them."""

    def __init__(self, db: str | Path, *, migrate: bool = True) -> None:
        from sqlalchemy import create_engine, event
        from sqlalchemy.orm import sessionmaker

        self.url = normalise_url(db)
        self.is_sqlite = self.url.startswith("sqlite")
        self._lock = threading.RLock()
        self._secrets: dict[str, str] = {}
        if self.is_sqlite:
            engine = create_engine(
                self.url, connect_args={"timeout": 30, "check_same_thread": False}
            )

            @event.listens_for(engine, "connect")
            def _on_connect(dbapi_conn: Any, _record: Any) -> None:
                dbapi_conn.isolation_level = None  # let SQLAlchemy emit BEGIN (see below)
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=FULL")
                cur.execute("PRAGMA busy_timeout=30000")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()

            @event.listens_for(engine, "begin")
            def _on_begin(conn: Any) -> None:
                write = conn.get_execution_options().get("lingeval_write", False)
                conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

        else:
            engine = create_engine(self.url, pool_size=10, max_overflow=20, pool_pre_ping=True)
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._write_sessions = sessionmaker(
            engine.execution_options(lingeval_write=True), expire_on_commit=False
        )
        if migrate:
            try:
                upgrade(engine)
            except Exception as err:  # connection refused, wrong password, read-only file, ...
                if isinstance(err, LingevalError):
                    raise
                first = str(getattr(err, "orig", None) or err).strip().splitlines()[0]
                raise LingevalError(
                    f"cannot open the study database {self.safe_url}: {first}"
                ) from None

    @property
    def safe_url(self) -> str:
        from sqlalchemy.engine import make_url

        return make_url(self.url).render_as_string(hide_password=True)

    def dispose(self) -> None:
        self.engine.dispose()

    @contextmanager
    def session(self, *, write: bool = False) -> Iterator[Session]:
        """A transaction. ``write=True`` for any transaction that may write: on SQLite it takes
        this process's writer lock (cheaper than SQLite's busy-wait) and starts with
        ``BEGIN IMMEDIATE`` (other processes queue on the busy timeout); reads start deferred and
        never wait in WAL mode. On PostgreSQL both are plain transactions."""
        if write and self.is_sqlite:
            with self._lock, self._write_sessions() as s, s.begin():
                yield s
            return
        with self._sessions() as s, s.begin():
            yield s

    # --- studies ---------------------------------------------------------------------------

    def create_study(
        self,
        study_id: str,
        items: Sequence[StudyItem],
        design: Design,
        *,
        task_type: str = "reg",
        title: str = "",
        per_group: int | None = None,
        completion_code: str | None = None,
        redirect_url: str | None = None,
        admin_token: str | None = None,
        stale_after_s: int = 7200,
        consent_text: str | None = None,
        instructions_text: str | None = None,
    ) -> StudyInfo:
        """Store a study: its items, its design and its settings (validated first).

        ``consent_text`` and ``instructions_text`` replace the engine's consent information and
        the task type's instructions (plain text, paragraphs separated by blank lines; ``{n}``
        in the instructions becomes the number of items a participant sees). Without
        ``consent_text`` the task type's own consent text (``TaskType.consent``) is stored,
        when it has one.
        """
        from sqlalchemy import select

        from lingeval.study.db.models import CellRow, ItemRow, StudyRow

        if (
            not study_id
            or len(study_id) > 64
            or not all(ch.isalnum() or ch in "-_" for ch in study_id)
        ):
            raise LingevalError("a study id is 1-64 letters, digits, '-' or '_'")
        if redirect_url is not None and not redirect_url.startswith(("https://", "http://")):
            raise LingevalError(
                f"the redirect URL must start with https:// or http://: {redirect_url!r}"
            )
        task = get_task_type(task_type)
        by_key = {it.key: it for it in items}
        for it in items:
            task.validate_item(it)
        missing = [c for c in design.cells if (c.item_id, c.system) not in by_key]
        if missing:
            c = missing[0]
            raise LingevalError(
                f"the design names {len(missing)} version(s) without an item, e.g. {c.item_id!r}/{c.system!r}"
            )
        design.check()
        with self.session(write=True) as s:
            if s.get(StudyRow, study_id) is not None:
                raise LingevalError(f"study {study_id!r} already exists in {self.safe_url}")
            groups = sorted({c.group for c in design.cells})
            s.add(
                StudyRow(
                    id=study_id,
                    title=title or study_id,
                    task_type=task_type,
                    status="open",
                    per_group=per_group if per_group is not None else design.per_group,
                    n_groups=len(groups),
                    completion_code=completion_code or secrets.token_hex(4).upper(),
                    redirect_url=redirect_url,
                    admin_token_hash=hash_token(admin_token) if admin_token else None,
                    secret=secrets.token_hex(32),
                    stale_after_s=stale_after_s,
                    created_at=utcnow(),
                    consent_text=consent_text or task.consent or None,
                    instructions_text=instructions_text or None,
                )
            )
            s.flush()
            used = {(c.item_id, c.system) for c in design.cells}
            rows = {
                k: ItemRow(
                    study_id=study_id,
                    item_id=k[0],
                    system=k[1],
                    subset=it.subset,
                    payload=dict(it.payload),
                )
                for k, it in by_key.items()
                if k in used
            }
            s.add_all(rows.values())
            s.flush()
            for c in design.cells:
                s.add(
                    CellRow(
                        study_id=study_id,
                        grp=c.group,
                        position=c.position,
                        item_pk=rows[(c.item_id, c.system)].id,
                    )
                )
            s.flush()
            row = s.execute(select(StudyRow).where(StudyRow.id == study_id)).scalar_one()
            return self._info(row)

    @staticmethod
    def _info(row: Any) -> StudyInfo:
        return StudyInfo(
            id=row.id,
            title=row.title,
            task_type=row.task_type,
            status=row.status,
            per_group=row.per_group,
            n_groups=row.n_groups,
            completion_code=row.completion_code,
            redirect_url=row.redirect_url,
            has_admin_token=row.admin_token_hash is not None,
            created_at=_utc(row.created_at) or utcnow(),
            closed_at=_utc(row.closed_at),
            consent_text=row.consent_text,
            instructions_text=row.instructions_text,
        )

    def study(self, study_id: str) -> StudyInfo:
        from lingeval.study.db.models import StudyRow

        with self.session() as s:
            row = s.get(StudyRow, study_id)
            if row is None:
                raise LingevalError(f"no study {study_id!r} in {self.safe_url}")
            return self._info(row)

    def studies(self) -> list[StudyInfo]:
        from sqlalchemy import select

        from lingeval.study.db.models import StudyRow

        with self.session() as s:
            return [
                self._info(r) for r in s.execute(select(StudyRow).order_by(StudyRow.id)).scalars()
            ]

    def design(self, study_id: str) -> Design:
        from sqlalchemy import select

        from lingeval.study.db.models import CellRow, ItemRow

        info = self.study(study_id)
        with self.session() as s:
            q = (
                select(CellRow, ItemRow)
                .join(ItemRow, CellRow.item_pk == ItemRow.id)
                .where(CellRow.study_id == study_id)
            )
            cells = [
                Cell(c.grp, c.position, i.item_id, i.system, i.subset) for c, i in s.execute(q)
            ]
        return Design(cells, method="stored", per_group=info.per_group)

    def set_admin_token(self, study_id: str, token: str) -> None:
        from lingeval.study.db.models import StudyRow

        with self.session(write=True) as s:
            row = s.get(StudyRow, study_id)
            if row is None:
                raise LingevalError(f"no study {study_id!r}")
            row.admin_token_hash = hash_token(token)

    def check_admin_token(self, study_id: str, token: str | None) -> bool:
        from lingeval.study.db.models import StudyRow

        if not token:
            return False
        with self.session() as s:
            row = s.get(StudyRow, study_id)
            if row is None or row.admin_token_hash is None:
                return False
            return hmac.compare_digest(row.admin_token_hash, hash_token(token))

    def secret(self, study_id: str) -> str:
        """The study's signing secret (random, made at creation; cached, it never changes)."""
        from lingeval.study.db.models import StudyRow

        cached = self._secrets.get(study_id)
        if cached is not None:
            return cached
        with self.session() as s:
            row = s.get(StudyRow, study_id)
            if row is None:
                raise LingevalError(f"no study {study_id!r}")
            self._secrets[study_id] = row.secret
            return row.secret

    def admin_session(self, study_id: str) -> str | None:
        """Cookie value proving an admin login: HMAC(study secret, stored token hash); None
        when the study has no admin token (then admin pages stay shut)."""
        from lingeval.study.db.models import StudyRow

        with self.session() as s:
            row = s.get(StudyRow, study_id)
            if row is None or row.admin_token_hash is None:
                return None
            msg = f"admin:{row.admin_token_hash}".encode()
            return hmac.new(row.secret.encode(), msg, hashlib.sha256).hexdigest()

    def close(self, study_id: str) -> None:
        """Close a study: no new participants; those in progress may finish."""
        from lingeval.study.db.models import StudyRow

        with self.session(write=True) as s:
            row = s.get(StudyRow, study_id)
            if row is None:
                raise LingevalError(f"no study {study_id!r}")
            if row.status != "closed":
                row.status = "closed"
                row.closed_at = utcnow()

    # --- participants ----------------------------------------------------------------------

    def participant_token(self, study_id: str, participant_id: int) -> str:
        mac = hmac.new(
            self.secret(study_id).encode(), f"p:{participant_id}".encode(), hashlib.sha256
        ).hexdigest()
        return f"{participant_id}.{mac[:40]}"

    def csrf_token(self, study_id: str, participant_id: int | str) -> str:
        return hmac.new(
            self.secret(study_id).encode(), f"csrf:{participant_id}".encode(), hashlib.sha256
        ).hexdigest()[:40]

    def enter(
        self,
        study_id: str,
        *,
        external_id: str | None = None,
        prolific_study_id: str | None = None,
        prolific_session_id: str | None = None,
    ) -> tuple[Participant, str]:
        """Admit a participant (or find the one with this external id) and return its token.

        Raises ``LingevalError`` when the study is closed and the participant is new.
        """
        from sqlalchemy import select
        from sqlalchemy.exc import IntegrityError

        from lingeval.study.db.models import ParticipantRow, StudyRow

        source = "prolific" if external_id else "token"
        ext = external_id or secrets.token_urlsafe(12)
        for _attempt in range(3):
            try:
                with self.session(write=True) as s:
                    study = s.get(StudyRow, study_id)
                    if study is None:
                        raise LingevalError(f"no study {study_id!r}")
                    row = s.execute(
                        select(ParticipantRow).where(
                            ParticipantRow.study_id == study_id, ParticipantRow.external_id == ext
                        )
                    ).scalar_one_or_none()
                    if row is None:
                        if study.status == "closed":
                            raise LingevalError("this study is closed")
                        now = utcnow()
                        row = ParticipantRow(
                            study_id=study_id,
                            external_id=ext,
                            source=source,
                            prolific_study_id=prolific_study_id,
                            prolific_session_id=prolific_session_id,
                            created_at=now,
                            last_seen_at=now,
                        )
                        s.add(row)
                        s.flush()
                    p = self._participant(row)
                break
            except IntegrityError:  # the same PID entered twice at once: read the winner
                continue
        else:  # pragma: no cover - needs three lost races in a row
            raise LingevalError("could not admit the participant, please retry")
        return p, self.participant_token(study_id, p.id)

    @staticmethod
    def _participant(row: Any) -> Participant:
        return Participant(
            id=row.id,
            study_id=row.study_id,
            external_id=row.external_id,
            source=row.source,
            group=row.grp,
            consented=row.consented_at is not None,
            completed=row.completed_at is not None,
        )

    def participant(self, study_id: str, token: str | None) -> Participant | None:
        """The participant holding ``token``, or None for a missing or forged token."""
        from lingeval.study.db.models import ParticipantRow

        if not token or "." not in token:
            return None
        pid_s, _, _mac = token.partition(".")
        if not pid_s.isdigit():
            return None
        expected = self.participant_token(study_id, int(pid_s))
        if not hmac.compare_digest(expected, token):
            return None
        with self.session() as s:
            row = s.get(ParticipantRow, int(pid_s))
            if row is None or row.study_id != study_id:
                return None
            return self._participant(row)

    def consent(self, participant: Participant) -> Participant:
        """Record consent and assign the least-filled group (balanced assignment).

        Fill of a group = completed participants + participants in progress whose last activity
        is younger than the study's ``stale_after_s``. Groups that reached ``per_group``
        completions are closed; ties go to the lowest group number. Raises :class:`StudyFull`
        when every group is complete.
        """
        from sqlalchemy import select

        from lingeval.study.db.models import CellRow, ParticipantRow, StudyRow

        with self.session(write=True) as s:
            study = s.execute(
                select(StudyRow).where(StudyRow.id == participant.study_id).with_for_update()
            ).scalar_one()
            row = s.get(ParticipantRow, participant.id)
            assert row is not None
            if row.grp is not None:
                return self._participant(row)
            now = utcnow()
            fill: Counter[int] = Counter()
            done: Counter[int] = Counter()
            others = s.execute(
                select(ParticipantRow).where(
                    ParticipantRow.study_id == study.id, ParticipantRow.grp.is_not(None)
                )
            ).scalars()
            for o in others:
                assert o.grp is not None
                if o.completed_at is not None:
                    fill[o.grp] += 1
                    done[o.grp] += 1
                elif ((now - (_utc(o.last_seen_at) or now)).total_seconds()) < study.stale_after_s:
                    fill[o.grp] += 1
            groups = sorted(
                {g for (g,) in s.execute(select(CellRow.grp).where(CellRow.study_id == study.id))}
            )
            open_groups = [g for g in groups if done[g] < study.per_group]
            if not open_groups:
                raise StudyFull("all places in this study are taken")
            group = min(open_groups, key=lambda g: (fill[g], g))
            cells = (
                s.execute(
                    select(CellRow.id)
                    .where(CellRow.study_id == study.id, CellRow.grp == group)
                    .order_by(CellRow.position)
                )
                .scalars()
                .all()
            )
            order = list(cells)
            random.Random(f"{study.id}:{row.id}").shuffle(order)
            row.grp = group
            row.order = order
            row.consented_at = now
            row.last_seen_at = now
            return self._participant(row)

    def next_step(self, participant: Participant, *, mark_shown: bool = True) -> StepView | None:
        """The participant's next unanswered item (None when all are answered).

        With ``mark_shown`` (a page view) the time the item was first shown and the last
        activity are recorded (a write); without, it is a pure read.
        """
        from sqlalchemy import func, select

        from lingeval.study.db.models import CellRow, ItemRow, ParticipantRow, ResponseRow

        with self.session(write=mark_shown) as s:
            row = s.get(ParticipantRow, participant.id)
            if row is None or row.order is None:
                return None
            done = s.execute(
                select(func.count())
                .select_from(ResponseRow)
                .where(ResponseRow.participant_id == row.id)
            ).scalar_one()
            total = len(row.order)
            now = utcnow()
            if mark_shown:
                row.last_seen_at = now
            if done >= total:
                return None
            if mark_shown and row.step_shown_at is None:
                row.step_shown_at = now
            cell_id = int(row.order[done])
            cell, item = s.execute(
                select(CellRow, ItemRow)
                .join(ItemRow, CellRow.item_pk == ItemRow.id)
                .where(CellRow.id == cell_id)
            ).one()
            it = StudyItem(item.item_id, item.system, item.subset, item.payload)
            return StepView(step=int(done), total=total, item=it, cell_id=cell.id)

    def progress_of(self, participant: Participant) -> tuple[int, int]:
        from sqlalchemy import func, select

        from lingeval.study.db.models import ParticipantRow, ResponseRow

        with self.session() as s:
            row = s.get(ParticipantRow, participant.id)
            total = len(row.order) if row is not None and row.order else 0
            done = s.execute(
                select(func.count())
                .select_from(ResponseRow)
                .where(ResponseRow.participant_id == participant.id)
            ).scalar_one()
            return int(done), total

    def submit(self, participant: Participant, step: int, answers: Sequence[ParsedAnswer]) -> bool:
        """Store the answers of ``step``; True when stored now, False when it was stored before.

        Raises ``LingevalError`` for a step that is not yet due (skipping ahead).
        """
        from sqlalchemy import func, select
        from sqlalchemy.exc import IntegrityError

        from lingeval.study.db.models import AnswerRow, ParticipantRow, ResponseRow

        try:
            with self.session(write=True) as s:
                row = s.get(ParticipantRow, participant.id)
                if row is None or row.order is None:
                    raise LingevalError("please give your consent first")
                done = s.execute(
                    select(func.count())
                    .select_from(ResponseRow)
                    .where(ResponseRow.participant_id == row.id)
                ).scalar_one()
                if step < done:
                    return False
                if step > done or step >= len(row.order):
                    raise LingevalError("this page is not the current one; please reload")
                now = utcnow()
                shown = _utc(row.step_shown_at)
                resp = ResponseRow(
                    participant_id=row.id,
                    cell_id=int(row.order[step]),
                    step=step,
                    submitted_at=now,
                    duration_s=(now - shown).total_seconds() if shown else None,
                )
                s.add(resp)
                s.flush()
                s.add_all(
                    AnswerRow(
                        response_id=resp.id,
                        question=a.question,
                        target=a.target,
                        reference=a.reference,
                        value=a.value,
                    )
                    for a in answers
                )
                row.step_shown_at = None
                row.last_seen_at = now
                if step + 1 >= len(row.order):
                    row.completed_at = now
            return True
        except IntegrityError:
            return False

    def own_answers(self, participant: Participant) -> list[Answer]:
        """The answers of this participant only."""
        return self.export(participant.study_id, participant_id=participant.id)

    # --- admin -----------------------------------------------------------------------------

    def export(
        self, study_id: str, *, participant_id: int | None = None, completed_only: bool = False
    ) -> list[Answer]:
        """Every stored answer as rows of the tidy answer table (:mod:`lingeval.study.answers`);
        ``completed_only`` keeps only participants who finished the study."""
        from sqlalchemy import select

        from lingeval.study.db.models import (
            AnswerRow,
            CellRow,
            ItemRow,
            ParticipantRow,
            ResponseRow,
        )

        self.study(study_id)
        q = (
            select(AnswerRow, ResponseRow, ParticipantRow, CellRow, ItemRow)
            .join(ResponseRow, AnswerRow.response_id == ResponseRow.id)
            .join(ParticipantRow, ResponseRow.participant_id == ParticipantRow.id)
            .join(CellRow, ResponseRow.cell_id == CellRow.id)
            .join(ItemRow, CellRow.item_pk == ItemRow.id)
            .where(ParticipantRow.study_id == study_id)
            .order_by(ParticipantRow.id, ResponseRow.step, AnswerRow.id)
        )
        if participant_id is not None:
            q = q.where(ParticipantRow.id == participant_id)
        if completed_only:
            q = q.where(ParticipantRow.completed_at.is_not(None))
        out = []
        with self.session() as s:
            for a, r, p, c, i in s.execute(q):
                out.append(
                    Answer(
                        study_id=study_id,
                        participant_id=p.external_id,
                        group=c.grp,
                        item_id=i.item_id,
                        system=i.system,
                        subset=i.subset,
                        question=a.question,
                        target=a.target,
                        reference=a.reference,
                        value=a.value,
                        submitted_at=_iso(r.submitted_at),
                    )
                )
        return out

    def export_csv(self, study_id: str, *, completed_only: bool = False) -> str:
        import csv
        import io

        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(ANSWER_COLUMNS)
        for a in self.export(study_id, completed_only=completed_only):
            w.writerow([getattr(a, col) for col in ANSWER_COLUMNS])
        return buf.getvalue()

    def export_json(self, study_id: str, *, completed_only: bool = False) -> list[dict[str, Any]]:
        rows = self.export(study_id, completed_only=completed_only)
        return [{col: getattr(a, col) for col in ANSWER_COLUMNS} for a in rows]

    def progress(self, study_id: str) -> list[GroupProgress]:
        from sqlalchemy import func, select

        from lingeval.study.db.models import CellRow, ParticipantRow, ResponseRow, StudyRow

        with self.session() as s:
            study = s.get(StudyRow, study_id)
            if study is None:
                raise LingevalError(f"no study {study_id!r}")
            groups = sorted(
                {g for (g,) in s.execute(select(CellRow.grp).where(CellRow.study_id == study_id))}
            )
            stats = {g: GroupProgress(g, study.per_group, 0, 0, 0, 0) for g in groups}
            now = utcnow()
            for p in s.execute(
                select(ParticipantRow).where(
                    ParticipantRow.study_id == study_id, ParticipantRow.grp.is_not(None)
                )
            ).scalars():
                assert p.grp is not None
                st = stats[p.grp]
                st.assigned += 1
                if p.completed_at is not None:
                    st.completed += 1
                elif (now - (_utc(p.last_seen_at) or now)).total_seconds() < study.stale_after_s:
                    st.active += 1
            counts = s.execute(
                select(ParticipantRow.grp, func.count(ResponseRow.id))
                .join(ResponseRow, ResponseRow.participant_id == ParticipantRow.id)
                .where(ParticipantRow.study_id == study_id)
                .group_by(ParticipantRow.grp)
            )
            for g, n in counts:
                if g in stats:
                    stats[g].responses = int(n)
            return [stats[g] for g in groups]

    def participants(self, study_id: str) -> list[ParticipantSummary]:
        """One row per participant: status, progress and time taken (minutes)."""
        from statistics import median

        from sqlalchemy import select

        from lingeval.study.db.models import ParticipantRow, ResponseRow

        self.study(study_id)
        out = []
        with self.session() as s:
            durations: dict[int, list[float]] = {}
            for pid, d in s.execute(
                select(ResponseRow.participant_id, ResponseRow.duration_s)
                .join(ParticipantRow, ResponseRow.participant_id == ParticipantRow.id)
                .where(ParticipantRow.study_id == study_id)
            ):
                durations.setdefault(pid, []).append(d if d is not None else float("nan"))
            for p in s.execute(
                select(ParticipantRow)
                .where(ParticipantRow.study_id == study_id)
                .order_by(ParticipantRow.id)
            ).scalars():
                start = _utc(p.consented_at)
                end = _utc(p.completed_at) or _utc(p.last_seen_at)
                minutes = (end - start).total_seconds() / 60 if start and end else None
                ds = [d for d in durations.get(p.id, []) if d == d]
                status = (
                    "completed"
                    if p.completed_at
                    else ("in progress" if p.grp is not None else "not consented")
                )
                out.append(
                    ParticipantSummary(
                        external_id=p.external_id,
                        source=p.source,
                        group=p.grp,
                        status=status,
                        steps_done=len(durations.get(p.id, [])),
                        total=len(p.order or []),
                        started_at=_iso(p.consented_at or p.created_at),
                        completed_at=_iso(p.completed_at),
                        minutes=minutes,
                        median_item_s=median(ds) if ds else None,
                    )
                )
        return out
