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
import ipaddress
import json
import random
import secrets
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lingeval.core.errors import InputError, LingevalError
from lingeval.study.answers import ATTENTION_SYSTEM, EXPORT_COLUMNS, Answer, csv_safe
from lingeval.study.design import Cell, Design
from lingeval.study.tasks.base import ParsedAnswer, StudyItem, bad_character, get_task_type

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine
    from sqlalchemy.orm import Session

__all__ = [
    "MIN_ADMIN_TOKEN",
    "AdmissionLimits",
    "Participant",
    "ParticipantInUse",
    "RateLimited",
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


class ParticipantInUse(LingevalError):
    """The participant id is bound to another browser (and the link cannot take it over)."""


class RateLimited(LingevalError):
    """Too many new participants (per client address or per study) in the window."""

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


IN_USE = "this participant id is already in use in another browser"
#: Shortest admin token accepted (characters); generated tokens have 32.
MIN_ADMIN_TOKEN = 16


@dataclass(frozen=True)
class AdmissionLimits:
    """New participants allowed per window: ``(count, seconds)``; a count of 0 turns a limit
    off. Counted in the database (every server process shares them). Defaults: 10 per client
    address per hour (one household or lab behind one address), 60 per study per minute (a
    Prolific launch admits far fewer per minute for a study of this size)."""

    per_address: tuple[int, int] = (10, 3600)
    per_study: tuple[int, int] = (60, 60)


def check_admin_token(token: str) -> str:
    """``token`` if strong enough, else ``LingevalError`` (at least MIN_ADMIN_TOKEN characters,
    not one repeated character)."""
    if len(token) < MIN_ADMIN_TOKEN or len(set(token)) < 4:
        raise LingevalError(
            f"the admin token must have at least {MIN_ADMIN_TOKEN} characters (not one repeated "
            "character); leave it out to get a random one"
        )
    return token


def new_admin_token() -> str:
    """A random admin token (24 bytes, URL-safe: 32 characters)."""
    return secrets.token_urlsafe(24)


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


def _check_sqlite_file(path: Path) -> None:
    """A path that exists must be a directory-free SQLite file (never overwrite a user's file)."""
    if path.is_dir():
        raise InputError("is a directory, not a study database", path=path)
    try:
        with path.open("rb") as fh:
            head = fh.read(16)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=path) from None
    if head and head != b"SQLite format 3\x00":
        raise InputError("not a SQLite study database", path=path)


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
    prolific_study_id: str | None = None
    min_item_s: float | None = None


@dataclass(frozen=True)
class Participant:
    """A participant as loaded with its session: ``order`` = design cell ids in the order
    shown, ``done`` = items answered when loaded."""

    id: int
    study_id: str
    external_id: str
    source: str
    group: int | None
    consented: bool
    completed: bool
    order: tuple[int, ...] = ()
    done: int = 0


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
    flags: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _to_participant(row: Any, done: int) -> Participant:
    """A :class:`Participant` from a participants row (ORM object or result row)."""
    return Participant(
        id=row.id,
        study_id=row.study_id,
        external_id=row.external_id,
        source=row.source,
        group=row.grp,
        consented=row.consented_at is not None,
        completed=row.completed_at is not None,
        order=tuple(int(c) for c in row.order) if row.order else (),
        done=int(done),
    )


_BY_SESSION: Any = None
_BY_SESSION_SQL = (
    "SELECT p.id, p.study_id, p.external_id, p.source, p.grp, p.consented_at, "
    'p.completed_at, p."order", (SELECT COUNT(*) FROM responses r '
    "WHERE r.participant_id = p.id) AS done FROM participants p "
    "WHERE p.session_hash = :h AND p.study_id = :s"
)


def _by_session() -> Any:
    """The session lookup of every participant request as a prebuilt textual statement (its
    SQLAlchemy construction cost more than the query itself)."""
    global _BY_SESSION
    if _BY_SESSION is None:
        from sqlalchemy import JSON, Integer, text
        from sqlalchemy.types import DateTime

        _BY_SESSION = text(_BY_SESSION_SQL).columns(
            consented_at=DateTime(timezone=True),
            completed_at=DateTime(timezone=True),
            order=JSON,
            done=Integer,
        )
    return _BY_SESSION


_SUBMIT: dict[str, Any] = {}


def _prepare_submit() -> None:
    """The statements of :meth:`Store.submit`, built once (textual: cheaper than building
    SQLAlchemy constructs per answer). Portable SQL: SQLite >= 3.35 and PostgreSQL."""
    if _SUBMIT:
        return
    from sqlalchemy import JSON, Boolean, Integer, text
    from sqlalchemy.types import DateTime

    _SUBMIT["load"] = text(
        'SELECT p.study_id, p.grp, p."order", p.last_seen_at, p.holds_place, '
        "p.attention_failed, (SELECT COUNT(*) FROM responses r WHERE r.participant_id = p.id) "
        "AS done FROM participants p WHERE p.id = :p"
    ).columns(order=JSON, last_seen_at=DateTime(timezone=True), holds_place=Boolean, done=Integer)
    _SUBMIT["response"] = text(
        "INSERT INTO responses (participant_id, cell_id, step, submitted_at, duration_s) "
        "VALUES (:p, :c, :s, :at, :d) RETURNING id"
    ).bindparams(_at())
    _SUBMIT["answer"] = text(
        "INSERT INTO answers (response_id, question, target, reference, value) "
        "VALUES (:r, :q, :t, :ref, :v)"
    )
    _SUBMIT["participant"] = text(
        "UPDATE participants SET last_seen_at = :at, step_shown_at = NULL, "
        "attention_failed = :f, holds_place = :h, completed_at = COALESCE(:done, completed_at) "
        "WHERE id = :p"
    ).bindparams(_at(), _at("done"), _bool("h"))


def _at(name: str = "at") -> Any:
    from sqlalchemy import bindparam
    from sqlalchemy.types import DateTime

    return bindparam(name, type_=DateTime(timezone=True))


def _bool(name: str) -> Any:
    from sqlalchemy import Boolean, bindparam

    return bindparam(name, type_=Boolean)


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
        if self.is_sqlite and "://" not in str(db):
            _check_sqlite_file(Path(str(db)))
        self._lock = threading.RLock()
        self._secrets: dict[str, str] = {}
        self._items_cache: dict[int, StudyItem] = {}
        self._cells_cache: dict[tuple[str, int], tuple[int, ...]] = {}
        if self.is_sqlite:
            engine = create_engine(
                self.url,
                connect_args={"timeout": 30, "check_same_thread": False},
                # every thread-pool thread and the event loop may hold one: never wait for one
                pool_size=64,
                max_overflow=64,
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
                opts = conn.get_execution_options()
                if opts.get("lingeval_single", False):
                    return  # one SELECT: atomic on its own, no BEGIN/COMMIT round trip
                conn.exec_driver_sql("BEGIN IMMEDIATE" if opts.get("lingeval_write") else "BEGIN")

        else:
            engine = create_engine(self.url, pool_size=10, max_overflow=20, pool_pre_ping=True)
        self.engine = engine
        self._write_engine = engine.execution_options(lingeval_write=True)
        self._single_engine = engine.execution_options(lingeval_single=True)
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

    @contextmanager
    def connection(self, *, write: bool = False, single: bool = False) -> Iterator[Connection]:
        """A Core transaction (the hot request paths: no ORM unit of work), with the same
        locking as :meth:`session`. ``single``: the block runs one SELECT (SQLite then skips
        the BEGIN/COMMIT round trip)."""
        if write and self.is_sqlite:
            with self._lock, self._write_engine.begin() as conn:
                yield conn
            return
        with (self._single_engine if single else self.engine).begin() as conn:
            yield conn

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
        prolific_study_id: str | None = None,
        min_item_s: float | None = None,
        attention_items: Sequence[StudyItem] = (),
    ) -> StudyInfo:
        """Store a study: its items, its design and its settings (validated first).

        ``prolific_study_id``: entry links must carry this ``STUDY_ID``. ``min_item_s``: a
        participant whose median time per item is below it is flagged ``too_fast`` (default:
        the task type's ``min_item_s``). ``attention_items``: items with a payload key
        ``attention`` (question -> expected answer) added to every group (system
        ``attention-check``); a participant who answers one otherwise is flagged.

        ``consent_text`` and ``instructions_text`` replace the engine's consent information and
        the task type's instructions (plain text, paragraphs separated by blank lines; ``{n}``
        in the instructions becomes the number of items a participant sees). Without
        ``consent_text`` the task type's own consent text (``TaskType.consent``) is stored,
        when it has one.
        """
        from sqlalchemy import select

        from lingeval.study.db.models import CellRow, GroupFillRow, ItemRow, StudyRow

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
        if admin_token is not None:
            check_admin_token(admin_token)
        if (
            prolific_study_id is not None
            and not prolific_study_id.replace("_", "").replace("-", "").isalnum()
        ):
            raise LingevalError(
                f"the Prolific study id has unexpected characters: {prolific_study_id!r}"
            )
        checks = [
            StudyItem(it.item_id, ATTENTION_SYSTEM, it.subset, it.payload) for it in attention_items
        ]
        for it in checks:
            if not isinstance(it.payload.get("attention"), dict) or not it.payload["attention"]:
                raise LingevalError(
                    f"attention item {it.item_id!r} needs a payload key 'attention' "
                    "(question -> expected answer)"
                )
        by_key = {it.key: it for it in [*items, *checks]}
        for it in by_key.values():
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
                    prolific_study_id=prolific_study_id or None,
                    min_item_s=min_item_s if min_item_s is not None else task.min_item_s,
                )
            )
            s.flush()
            cells = list(design.cells)
            last = Counter[int]()
            for c in cells:
                last[c.group] = max(last[c.group], c.position)
            cells += [
                Cell(g, last[g] + k + 1, it.item_id, it.system, it.subset)
                for g in groups
                for k, it in enumerate(checks)
            ]
            used = {(c.item_id, c.system) for c in cells}
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
            s.add_all(GroupFillRow(study_id=study_id, grp=g, active=0, completed=0) for g in groups)
            for c in cells:
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
            prolific_study_id=row.prolific_study_id,
            min_item_s=row.min_item_s,
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
        """Set the admin token (refused when shorter than MIN_ADMIN_TOKEN characters)."""
        from lingeval.study.db.models import StudyRow

        check_admin_token(token)
        with self.session(write=True) as s:
            row = s.get(StudyRow, study_id)
            if row is None:
                raise LingevalError(f"no study {study_id!r} in {self.safe_url}")
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

    def login_wait(self, study_id: str, client_key: str | None) -> float:
        """Seconds this client must still wait before it may try an admin token (0 = now)."""
        from lingeval.study.db.models import AdminLoginRow

        if not client_key:
            return 0.0
        with self.session() as s:
            row = s.get(AdminLoginRow, (study_id, client_key))
            until = _utc(row.locked_until) if row is not None else None
        return max(0.0, (until - utcnow()).total_seconds()) if until is not None else 0.0

    def login_failed(
        self, study_id: str, client_key: str | None, limit: int, lockout_s: float
    ) -> None:
        """Count one failed admin token. From the ``limit``-th failure on, the client waits
        ``lockout_s * 2**(failures - limit)`` seconds (at most an hour). One row per study
        and client in ``admin_logins``, shared by every server process; rows untouched for a
        day are dropped."""
        from sqlalchemy import delete, select
        from sqlalchemy.exc import IntegrityError

        from lingeval.study.db.models import AdminLoginRow, StudyRow

        if not client_key:
            return
        for _attempt in range(3):
            try:
                with self.session(write=True) as s:
                    if s.get(StudyRow, study_id) is None:
                        return
                    now = utcnow()
                    s.execute(
                        delete(AdminLoginRow).where(
                            AdminLoginRow.updated_at < now - timedelta(days=1)
                        )
                    )
                    row = s.execute(
                        select(AdminLoginRow)
                        .where(
                            AdminLoginRow.study_id == study_id,
                            AdminLoginRow.client_key == client_key,
                        )
                        .with_for_update()
                    ).scalar_one_or_none()
                    if row is None:
                        row = AdminLoginRow(study_id=study_id, client_key=client_key, failures=0)
                        s.add(row)
                    row.failures = (row.failures or 0) + 1
                    row.updated_at = now
                    extra = row.failures - limit
                    row.locked_until = (
                        now + timedelta(seconds=min(3600.0, lockout_s * 2 ** min(extra, 12)))
                        if extra >= 0
                        else None
                    )
                return
            except IntegrityError:  # two processes inserted the first failure at once
                continue

    def login_succeeded(self, study_id: str, client_key: str | None) -> None:
        """Forget the failed admin tokens of this client on this study."""
        from sqlalchemy import delete

        from lingeval.study.db.models import AdminLoginRow

        if not client_key:
            return
        with self.session(write=True) as s:
            s.execute(
                delete(AdminLoginRow).where(
                    AdminLoginRow.study_id == study_id, AdminLoginRow.client_key == client_key
                )
            )

    def secret(self, study_id: str) -> str:
        """The study's signing secret (random, made at creation; cached, it never changes)."""
        from lingeval.study.db.models import StudyRow

        cached = self._secrets.get(study_id)
        if cached is not None:
            return cached
        with self.session() as s:
            row = s.get(StudyRow, study_id)
            if row is None:
                raise LingevalError(f"no study {study_id!r} in {self.safe_url}")
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
                raise LingevalError(f"no study {study_id!r} in {self.safe_url}")
            if row.status != "closed":
                row.status = "closed"
                row.closed_at = utcnow()

    # --- participants ----------------------------------------------------------------------

    def csrf_token(self, study_id: str, session: str) -> str:
        """CSRF token of a form: HMAC(study secret, session), where ``session`` is the
        browser's session secret (participant pages), entry nonce (consent) or ``admin``."""
        return hmac.new(
            self.secret(study_id).encode(), f"csrf:{session}".encode(), hashlib.sha256
        ).hexdigest()[:40]

    def client_key(self, study_id: str, address: str | None) -> str | None:
        """Keyed hash of a client address for the rate limits (IPv6: its /64 network); the
        address itself is never stored."""
        if not address:
            return None
        try:
            ip = ipaddress.ip_address(address)
            key = (
                str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)
            )
        except ValueError:
            key = address
        return hmac.new(
            self.secret(study_id).encode(), f"addr:{key}".encode(), hashlib.sha256
        ).hexdigest()[:32]

    def _bind_browser(self, row: Any) -> str:
        """A new random session secret for ``row`` (the cookie value); the previous browser's
        secret stops working. Only its SHA-256 is stored."""
        token = secrets.token_urlsafe(32)
        row.session_hash = hash_token(token)
        return token

    @staticmethod
    def _may_resume(row: Any, session_id: str | None) -> bool:
        """A new browser may take over a Prolific participant only with the same SESSION_ID
        (Prolific makes a new, unguessable one for every attempt)."""
        return bool(
            row.source == "prolific"
            and session_id
            and row.prolific_session_id
            and hmac.compare_digest(row.prolific_session_id, session_id)
        )

    def enter(
        self,
        study_id: str,
        *,
        external_id: str | None = None,
        prolific_study_id: str | None = None,
        prolific_session_id: str | None = None,
    ) -> tuple[Participant, str]:
        """Admit a participant without consent (API and tests; the web survey uses
        :meth:`admit`, which creates the row only at consent) and bind a browser to it.

        An existing ``external_id`` is resumed only with the same ``prolific_session_id``
        (then the previous browser's token stops working); otherwise
        :class:`ParticipantInUse`. Raises ``LingevalError`` when the study is closed.
        """
        from sqlalchemy.exc import IntegrityError

        from lingeval.study.db.models import ParticipantRow, StudyRow

        source = "prolific" if external_id else "token"
        ext = external_id or secrets.token_urlsafe(12)
        for _attempt in range(3):
            try:
                with self.session(write=True) as s:
                    study = s.get(StudyRow, study_id)
                    if study is None:
                        raise LingevalError(f"no study {study_id!r} in {self.safe_url}")
                    row = self._by_external(s, study_id, ext)
                    if row is not None:
                        if not self._may_resume(row, prolific_session_id):
                            raise ParticipantInUse(IN_USE)
                    else:
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
                            holds_place=False,
                            attention_failed=0,
                        )
                        s.add(row)
                    token = self._bind_browser(row)
                    s.flush()
                    return self._participant(row, s), token
            except IntegrityError:  # the same PID entered twice at once: read the winner
                continue
        raise LingevalError("could not admit the participant, please retry")  # pragma: no cover

    @staticmethod
    def _by_external(s: Session, study_id: str, ext: str) -> Any:
        from sqlalchemy import select

        from lingeval.study.db.models import ParticipantRow

        return s.execute(
            select(ParticipantRow).where(
                ParticipantRow.study_id == study_id, ParticipantRow.external_id == ext
            )
        ).scalar_one_or_none()

    def known(self, study_id: str, external_id: str) -> bool:
        """Whether a participant with this external id (PID) exists in the study."""
        from sqlalchemy import select

        from lingeval.study.db.models import ParticipantRow as P

        q = select(P.id).where(P.study_id == study_id, P.external_id == external_id)
        with self.connection(single=True) as conn:
            return conn.execute(q).first() is not None

    def resume(
        self, study_id: str, external_id: str, session_id: str | None
    ) -> tuple[Participant, str]:
        """Bind a new browser to an existing Prolific participant: only with the same
        SESSION_ID, else :class:`ParticipantInUse`. Returns the participant and the new
        browser token (the old browser's token stops working)."""
        with self.session(write=True) as s:
            row = self._by_external(s, study_id, external_id)
            if row is None or not self._may_resume(row, session_id):
                raise ParticipantInUse(IN_USE)
            token = self._bind_browser(row)
            return self._participant(row, s), token

    def admit(
        self,
        study_id: str,
        *,
        external_id: str | None = None,
        prolific_study_id: str | None = None,
        prolific_session_id: str | None = None,
        client_key: str | None = None,
        limits: AdmissionLimits | None = None,
    ) -> tuple[Participant, str]:
        """Consent: create the participant, assign a group and bind this browser, in one
        transaction (the web survey; no row exists before this).

        A Prolific PID that exists already is resumed under :meth:`resume`'s rule (no new
        row, no rate limit). New participants count against ``limits`` (per client address and
        per study, in the database, so every server process shares them): over a limit raises
        :class:`RateLimited`; a full study :class:`StudyFull`; a closed one ``LingevalError``.
        """
        from sqlalchemy import func, select
        from sqlalchemy.exc import IntegrityError

        from lingeval.study.db.models import ParticipantRow, StudyRow

        limits = limits or AdmissionLimits()
        source = "prolific" if external_id else "token"
        for _attempt in range(3):
            try:
                with self.session(write=True) as s:
                    study = s.execute(
                        select(StudyRow).where(StudyRow.id == study_id).with_for_update()
                    ).scalar_one_or_none()
                    if study is None:
                        raise LingevalError(f"no study {study_id!r} in {self.safe_url}")
                    if external_id:
                        row = self._by_external(s, study_id, external_id)
                        if row is not None:
                            if not self._may_resume(row, prolific_session_id):
                                raise ParticipantInUse(IN_USE)
                            token = self._bind_browser(row)
                            if row.grp is None:
                                self._assign(s, study, row, utcnow())
                            return self._participant(row, s), token
                    if study.status == "closed":
                        raise LingevalError("this study is closed")
                    now = utcnow()
                    for (limit, window), where in (
                        (limits.per_address, ParticipantRow.client_key == client_key),
                        (limits.per_study, None),
                    ):
                        if limit <= 0 or window <= 0 or (where is not None and not client_key):
                            continue
                        q = select(func.count()).where(
                            ParticipantRow.study_id == study_id,
                            ParticipantRow.consented_at > now - timedelta(seconds=window),
                        )
                        if where is not None:
                            q = q.where(where)
                        if s.execute(q).scalar_one() >= limit:
                            raise RateLimited(
                                "too many new participants from "
                                + ("your network" if where is not None else "everywhere")
                                + " right now; please try again later",
                                retry_after=window,
                            )
                    row = ParticipantRow(
                        study_id=study_id,
                        external_id=external_id or secrets.token_urlsafe(12),
                        source=source,
                        prolific_study_id=prolific_study_id,
                        prolific_session_id=prolific_session_id,
                        created_at=now,
                        last_seen_at=now,
                        client_key=client_key,
                        holds_place=False,
                        attention_failed=0,
                    )
                    token = self._bind_browser(row)
                    s.add(row)
                    s.flush()  # the row id seeds the presentation order
                    self._assign(s, study, row, now)
                    return self._participant(row, s, done=0), token
            except IntegrityError:  # the same PID consented twice at once: resume the winner
                continue
        raise LingevalError("could not admit the participant, please retry")  # pragma: no cover

    def _participant(self, row: Any, s: Session, done: int | None = None) -> Participant:
        from sqlalchemy import func, select

        from lingeval.study.db.models import ResponseRow

        if done is None:
            done = (
                s.execute(
                    select(func.count())
                    .select_from(ResponseRow)
                    .where(ResponseRow.participant_id == row.id)
                ).scalar_one()
                if row.id is not None
                else 0
            )
        return _to_participant(row, done)

    def participant(self, study_id: str, token: str | None) -> Participant | None:
        """The participant whose browser holds ``token`` (its random session secret), or None
        for a missing, unknown, replaced or forged token. One indexed query."""
        if not token or len(token) > 128:
            return None
        params = {"h": hash_token(token), "s": study_id}
        if self.is_sqlite:  # the same statement on the pooled driver connection: SQLAlchemy's
            raw = self.engine.raw_connection()  # execution layer cost ~5x the query itself
            try:
                cur = raw.cursor()
                try:
                    cur.execute(_BY_SESSION_SQL, params)
                    found = cur.fetchone()
                finally:
                    cur.close()
            finally:
                raw.close()  # back to the pool (no transaction was opened: autocommit read)
            if found is None:
                return None
            pid, sid, ext, source, grp, consented, completed, order_json, done = found
            order = json.loads(order_json) if order_json else None  # JSON 'null' -> None
            return Participant(
                id=pid,
                study_id=sid,
                external_id=ext,
                source=source,
                group=grp,
                consented=consented is not None,
                completed=completed is not None,
                order=tuple(int(c) for c in order) if order else (),
                done=int(done),
            )
        with self.connection(single=True) as conn:
            r = conn.execute(_by_session(), params).one_or_none()
        return None if r is None else _to_participant(r, r.done)

    def _sweep_stale(self, s: Session, study: Any, now: datetime) -> None:
        """Participants inactive for ``stale_after_s`` stop holding a place (bounded batch per
        call through the (study, holds_place, last_seen_at) index: amortised O(1))."""
        from sqlalchemy import select, update

        from lingeval.study.db.models import GroupFillRow, ParticipantRow

        cutoff = now - timedelta(seconds=study.stale_after_s)
        stale = s.execute(
            select(ParticipantRow.id, ParticipantRow.grp)
            .where(
                ParticipantRow.study_id == study.id,
                ParticipantRow.holds_place.is_(True),
                ParticipantRow.last_seen_at < cutoff,
            )
            .limit(64)
        ).all()
        if not stale:
            return
        s.execute(
            update(ParticipantRow)
            .where(ParticipantRow.id.in_([pid for pid, _ in stale]))
            .values(holds_place=False)
        )
        for grp, n in Counter(g for _, g in stale).items():
            s.execute(
                update(GroupFillRow)
                .where(GroupFillRow.study_id == study.id, GroupFillRow.grp == grp)
                .values(active=GroupFillRow.active - n)
            )

    def _assign(self, s: Session, study: Any, row: Any, now: datetime) -> None:
        """Balanced assignment from the per-group counters (O(groups), no participant scan):
        the least-filled group (completed + holding a place) among those with fewer than
        ``per_group`` completions; ties go to the lowest group number."""
        from sqlalchemy import select

        from lingeval.study.db.models import GroupFillRow

        self._sweep_stale(s, study, now)
        fills = (
            s.execute(
                select(GroupFillRow)
                .where(GroupFillRow.study_id == study.id)
                .order_by(GroupFillRow.grp)
                .with_for_update()
            )
            .scalars()
            .all()
        )
        open_groups = [f for f in fills if f.completed < study.per_group]
        if not open_groups:
            raise StudyFull("all places in this study are taken")
        fill = min(open_groups, key=lambda f: (f.completed + f.active, f.grp))
        fill.active += 1
        order = list(self._group_cells(study.id, fill.grp, s))
        random.Random(f"{study.id}:{row.id}").shuffle(order)
        row.grp = fill.grp
        row.order = order
        row.consented_at = now
        row.last_seen_at = now
        row.holds_place = True

    def _group_cells(self, study_id: str, grp: int, s: Session) -> tuple[int, ...]:
        """Design cell ids of a group in base order (cached: the design never changes)."""
        from sqlalchemy import select

        from lingeval.study.db.models import CellRow

        key = (study_id, grp)
        cells = self._cells_cache.get(key)
        if cells is None:
            cells = tuple(
                s.execute(
                    select(CellRow.id)
                    .where(CellRow.study_id == study_id, CellRow.grp == grp)
                    .order_by(CellRow.position)
                ).scalars()
            )
            self._cells_cache[key] = cells
        return cells

    def consent(self, participant: Participant) -> Participant:
        """Record consent and assign a group (:meth:`_assign`); API and tests. Raises
        :class:`StudyFull` when every group is complete."""
        from sqlalchemy import select

        from lingeval.study.db.models import ParticipantRow, StudyRow

        with self.session(write=True) as s:
            study = s.execute(
                select(StudyRow).where(StudyRow.id == participant.study_id).with_for_update()
            ).scalar_one()
            row = s.get(ParticipantRow, participant.id)
            assert row is not None
            if row.grp is None:
                self._assign(s, study, row, utcnow())
            return self._participant(row, s)

    def _item(self, cell_id: int) -> StudyItem:
        """The version shown in a design cell (cached: items never change after creation)."""
        from sqlalchemy import select

        from lingeval.study.db.models import CellRow, ItemRow

        item = self._items_cache.get(cell_id)
        if item is None:
            with self.session() as s:
                i = s.execute(
                    select(ItemRow)
                    .join(CellRow, CellRow.item_pk == ItemRow.id)
                    .where(CellRow.id == cell_id)
                ).scalar_one()
                item = StudyItem(i.item_id, i.system, i.subset, i.payload)
            self._items_cache[cell_id] = item
        return item

    def next_step(self, participant: Participant, *, refresh: bool = True) -> StepView | None:
        """The participant's next unanswered item (None when all are answered, or before
        consent). ``refresh=False`` trusts the progress in ``participant`` (just loaded by
        :meth:`participant`): then no query is made. A pure read either way."""
        p = participant
        if refresh:
            with self.session() as s:
                from lingeval.study.db.models import ParticipantRow

                row = s.get(ParticipantRow, participant.id)
                if row is None:
                    return None
                p = self._participant(row, s)
        if not p.order or p.done >= len(p.order):
            return None
        cell_id = p.order[p.done]
        return StepView(step=p.done, total=len(p.order), item=self._item(cell_id), cell_id=cell_id)

    def progress_of(self, participant: Participant) -> tuple[int, int]:
        p = participant
        return p.done, len(p.order)

    def submit(self, participant: Participant, step: int, answers: Sequence[ParsedAnswer]) -> bool:
        """Store the answers of ``step``; True when stored now, False when it was stored before.

        Raises ``LingevalError`` for a step that is not yet due (skipping ahead) or an answer
        with a control character (refused identically on every database). The time taken for
        the item is the time since the previous submit (or consent for the first item).
        """
        from sqlalchemy import update
        from sqlalchemy.exc import IntegrityError

        from lingeval.study.db.models import GroupFillRow

        _prepare_submit()
        for a in answers:
            for text in (a.question, a.target, a.reference, a.value):
                if bad_character(text) is not None:
                    raise LingevalError(
                        f"the answer to {a.question!r} contains a control character"
                    )
        try:
            with self.connection(write=True) as conn:
                row = conn.execute(_SUBMIT["load"], {"p": participant.id}).one_or_none()
                if row is None or row.order is None:
                    raise LingevalError("please give your consent first")
                done, order = int(row.done), row.order
                if step < done:
                    return False
                if step > done or step >= len(order):
                    raise LingevalError("this page is not the current one; please reload")
                now = utcnow()
                since = _utc(row.last_seen_at)
                cell_id = int(order[step])
                resp_id = conn.execute(
                    _SUBMIT["response"],
                    {
                        "p": participant.id,
                        "c": cell_id,
                        "s": step,
                        "at": now,
                        "d": (now - since).total_seconds() if since else None,
                    },
                ).scalar_one()
                if answers:
                    conn.execute(
                        _SUBMIT["answer"],
                        [
                            {
                                "r": resp_id,
                                "q": a.question,
                                "t": a.target,
                                "ref": a.reference,
                                "v": a.value,
                            }
                            for a in answers
                        ],
                    )
                failed = row.attention_failed or 0
                expect = self._item(cell_id).payload.get("attention")
                if isinstance(expect, dict):
                    given = {a.question: a.value for a in answers}
                    failed += any(given.get(q) != str(v) for q, v in expect.items())
                active, completed = 0, 0
                holds = bool(row.holds_place)
                if not holds and row.grp is not None:  # came back after going stale
                    holds, active = True, 1
                if step + 1 >= len(order):
                    holds, active, completed = False, active - 1, 1
                conn.execute(
                    _SUBMIT["participant"],
                    {
                        "p": participant.id,
                        "at": now,
                        "f": failed,
                        "h": holds,
                        "done": now if completed else None,
                    },
                )
                if (active or completed) and row.grp is not None:
                    conn.execute(
                        update(GroupFillRow)
                        .where(GroupFillRow.study_id == row.study_id, GroupFillRow.grp == row.grp)
                        .values(
                            active=GroupFillRow.active + active,
                            completed=GroupFillRow.completed + completed,
                        )
                    )
            return True
        except IntegrityError:
            return False

    def own_answers(self, participant: Participant) -> list[Answer]:
        """The answers of this participant only."""
        return self.export(participant.study_id, participant_id=participant.id)

    # --- admin -----------------------------------------------------------------------------

    def flags(self, study_id: str, participant_ids: Sequence[int] | None = None) -> dict[int, str]:
        """Quality flags per participant id (``;``-joined, empty when none): ``too_fast`` when
        the median seconds per item is below the study's ``min_item_s``; ``attention_failed``
        when an attention-check item was answered otherwise than expected."""
        from statistics import median

        from sqlalchemy import select

        from lingeval.study.db.models import ParticipantRow, ResponseRow

        info = self.study(study_id)
        threshold = info.min_item_s or 0.0
        q = (
            select(ParticipantRow.id, ParticipantRow.attention_failed, ResponseRow.duration_s)
            .join(ResponseRow, ResponseRow.participant_id == ParticipantRow.id, isouter=True)
            .where(ParticipantRow.study_id == study_id)
        )
        if participant_ids is not None:
            q = q.where(ParticipantRow.id.in_(list(participant_ids)))
        durations: dict[int, list[float]] = {}
        failed: dict[int, int] = {}
        with self.session() as s:
            for pid, att, d in s.execute(q):
                failed[pid] = att or 0
                if d is not None:
                    durations.setdefault(pid, []).append(d)
        out = {}
        for pid, att in failed.items():
            ds = durations.get(pid)
            f = []
            if ds and threshold > 0 and median(ds) < threshold:
                f.append("too_fast")
            if att:
                f.append("attention_failed")
            out[pid] = ";".join(f)
        return out

    def export(
        self, study_id: str, *, participant_id: int | None = None, completed_only: bool = False
    ) -> list[Answer]:
        """Every stored answer as rows of the tidy answer table (:mod:`lingeval.study.answers`),
        with each participant's quality flags; ``completed_only`` keeps only participants who
        finished the study. Rows come in (participant, step, answer) order."""
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
            select(
                AnswerRow.question,
                AnswerRow.target,
                AnswerRow.reference,
                AnswerRow.value,
                ResponseRow.submitted_at,
                ParticipantRow.id,
                ParticipantRow.external_id,
                CellRow.grp,
                ItemRow.item_id,
                ItemRow.system,
                ItemRow.subset,
            )
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
        flags = self.flags(study_id, [participant_id] if participant_id is not None else None)
        with self.session() as s:
            return [
                Answer(
                    study_id=study_id,
                    participant_id=ext,
                    group=grp,
                    item_id=item_id,
                    system=system,
                    subset=subset,
                    question=question,
                    target=target,
                    reference=reference,
                    value=value,
                    submitted_at=_iso(at),
                    flags=flags.get(pid, ""),
                )
                for (
                    question,
                    target,
                    reference,
                    value,
                    at,
                    pid,
                    ext,
                    grp,
                    item_id,
                    system,
                    subset,
                ) in s.execute(q)
            ]

    def export_csv(self, study_id: str, *, completed_only: bool = False) -> str:
        """The answer table as CSV for people and spreadsheets: a cell that a spreadsheet would
        run as a formula gets a leading apostrophe (:func:`lingeval.study.answers.csv_safe`,
        OWASP "CSV injection"); :func:`lingeval.study.answers.csv_exact` undoes it. Use the JSON
        export for the values exactly as given."""
        import csv
        import io

        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(EXPORT_COLUMNS)
        for a in self.export(study_id, completed_only=completed_only):
            w.writerow([csv_safe(str(getattr(a, col))) for col in EXPORT_COLUMNS])
        return buf.getvalue()

    def export_json(self, study_id: str, *, completed_only: bool = False) -> list[dict[str, Any]]:
        rows = self.export(study_id, completed_only=completed_only)
        return [{col: getattr(a, col) for col in EXPORT_COLUMNS} for a in rows]

    def progress(self, study_id: str) -> list[GroupProgress]:
        """Per group: planned, assigned, in progress (active within ``stale_after_s``),
        completed and items answered; aggregated in the database (two grouped queries)."""
        from sqlalchemy import case, func, select

        from lingeval.study.db.models import GroupFillRow, ParticipantRow, ResponseRow, StudyRow

        with self.session() as s:
            study = s.get(StudyRow, study_id)
            if study is None:
                raise LingevalError(f"no study {study_id!r} in {self.safe_url}")
            groups = list(
                s.execute(
                    select(GroupFillRow.grp)
                    .where(GroupFillRow.study_id == study_id)
                    .order_by(GroupFillRow.grp)
                ).scalars()
            )
            stats = {g: GroupProgress(g, study.per_group, 0, 0, 0, 0) for g in groups}
            cutoff = utcnow() - timedelta(seconds=study.stale_after_s)
            done = ParticipantRow.completed_at.is_not(None)
            rows = s.execute(
                select(
                    ParticipantRow.grp,
                    func.count(),
                    func.sum(case((done, 1), else_=0)),
                    func.sum(case((~done & (ParticipantRow.last_seen_at >= cutoff), 1), else_=0)),
                )
                .where(ParticipantRow.study_id == study_id, ParticipantRow.grp.is_not(None))
                .group_by(ParticipantRow.grp)
            )
            for g, n, completed, active in rows:
                if g in stats:
                    st = stats[g]
                    st.assigned, st.completed, st.active = int(n), int(completed), int(active)
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

    def count_participants(self, study_id: str) -> int:
        from sqlalchemy import func, select

        from lingeval.study.db.models import ParticipantRow

        with self.session() as s:
            return int(
                s.execute(
                    select(func.count()).where(ParticipantRow.study_id == study_id)
                ).scalar_one()
            )

    def participants(
        self, study_id: str, *, offset: int = 0, limit: int | None = None
    ) -> list[ParticipantSummary]:
        """One row per participant (in admission order; ``offset``/``limit`` for one page):
        status, progress, time taken (minutes), median seconds per item and quality flags."""
        from statistics import median

        from sqlalchemy import select

        from lingeval.study.db.models import ParticipantRow, ResponseRow

        self.study(study_id)
        out = []
        with self.session() as s:
            q = (
                select(ParticipantRow)
                .where(ParticipantRow.study_id == study_id)
                .order_by(ParticipantRow.id)
                .offset(offset)
            )
            if limit is not None:
                q = q.limit(limit)
            people = list(s.execute(q).scalars())
            ids = [p.id for p in people]
            durations: dict[int, list[float]] = {}
            if ids:
                for pid, d in s.execute(
                    select(ResponseRow.participant_id, ResponseRow.duration_s).where(
                        ResponseRow.participant_id.in_(ids)
                    )
                ):
                    durations.setdefault(pid, []).append(d if d is not None else float("nan"))
        flags = self.flags(study_id, ids) if ids else {}
        for p in people:
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
                    flags=flags.get(p.id, ""),
                )
            )
        return out
