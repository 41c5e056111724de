"""SQLAlchemy models of the study engine.

Tables: ``studies`` (one row per study: task type, planned participants per group, completion
code or redirect, admin-token hash, open/closed), ``study_items`` (the versions shown: item id,
system, subset, task payload as JSON), ``design_cells`` (which version sits in which group at
which base position), ``participants`` (entry ids from Prolific or a generated token, group,
per-participant presentation order, timestamps), ``responses`` (one per participant and cell:
unique, so a double submit stores once), ``answers`` (the answer rows of a response, in the
vocabulary of :mod:`lingeval.study.answers`) and ``admin_logins`` (failed admin logins per
study and keyed client address, shared by every server process).

The schema is created and upgraded only by the alembic migrations in ``migrations/``; a test
checks that the models and the migrations agree.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class StudyRow(Base):
    __tablename__ = "studies"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    title: Mapped[str] = mapped_column(String(200), default="")
    task_type: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="open")
    per_group: Mapped[int] = mapped_column(Integer, default=8)
    n_groups: Mapped[int] = mapped_column(Integer)
    completion_code: Mapped[str] = mapped_column(String(64))
    redirect_url: Mapped[str | None] = mapped_column(Text, nullable=True)
    admin_token_hash: Mapped[str | None] = mapped_column(String(128), nullable=True)
    secret: Mapped[str] = mapped_column(String(128))
    stale_after_s: Mapped[int] = mapped_column(Integer, default=7200)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # added in migration 0002: the experimenter's own consent and instruction texts
    consent_text: Mapped[str | None] = mapped_column(Text, nullable=True)
    instructions_text: Mapped[str | None] = mapped_column(Text, nullable=True)
    # added in migration 0003: the Prolific study id the links must carry (optional), the
    # median seconds per item below which a participant is flagged as implausibly fast
    prolific_study_id: Mapped[str | None] = mapped_column(String(200), nullable=True)
    min_item_s: Mapped[float | None] = mapped_column(Float, nullable=True)


class ItemRow(Base):
    __tablename__ = "study_items"
    __table_args__ = (UniqueConstraint("study_id", "item_id", "system", name="uq_item_version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    study_id: Mapped[str] = mapped_column(ForeignKey("studies.id", ondelete="CASCADE"), index=True)
    item_id: Mapped[str] = mapped_column(String(200))
    system: Mapped[str] = mapped_column(String(100))
    subset: Mapped[str] = mapped_column(String(50), default="")
    payload: Mapped[Any] = mapped_column(JSON)


class CellRow(Base):
    __tablename__ = "design_cells"
    __table_args__ = (
        UniqueConstraint("study_id", "grp", "position", name="uq_cell_position"),
        UniqueConstraint("study_id", "grp", "item_pk", name="uq_cell_item"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    study_id: Mapped[str] = mapped_column(ForeignKey("studies.id", ondelete="CASCADE"), index=True)
    grp: Mapped[int] = mapped_column(Integer)
    position: Mapped[int] = mapped_column(Integer)
    item_pk: Mapped[int] = mapped_column(ForeignKey("study_items.id", ondelete="CASCADE"))


class GroupFillRow(Base):
    """Per-group counters (migration 0003): group assignment reads these instead of scanning
    the participants. ``active`` counts assigned, unfinished participants that still hold a
    place (``ParticipantRow.holds_place``); ``completed`` counts finished ones."""

    __tablename__ = "group_fill"

    study_id: Mapped[str] = mapped_column(
        ForeignKey("studies.id", ondelete="CASCADE"), primary_key=True
    )
    grp: Mapped[int] = mapped_column(Integer, primary_key=True)
    active: Mapped[int] = mapped_column(Integer, default=0)
    completed: Mapped[int] = mapped_column(Integer, default=0)


class AdminLoginRow(Base):
    """Failed admin logins of one client address (its keyed hash, never the address) on one
    study (migration 0004). Every server process reads and writes the same row, so ``--workers
    N`` gives an attacker no extra attempts."""

    __tablename__ = "admin_logins"

    study_id: Mapped[str] = mapped_column(
        ForeignKey("studies.id", ondelete="CASCADE"), primary_key=True
    )
    client_key: Mapped[str] = mapped_column(String(64), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class ParticipantRow(Base):
    __tablename__ = "participants"
    __table_args__ = (
        UniqueConstraint("study_id", "external_id", name="uq_participant_external"),
        Index("ix_participants_admitted", "study_id", "consented_at"),
        Index("ix_participants_client", "study_id", "client_key", "consented_at"),
        Index("ix_participants_place", "study_id", "holds_place", "last_seen_at"),
        Index("ix_participants_session", "session_hash", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    study_id: Mapped[str] = mapped_column(ForeignKey("studies.id", ondelete="CASCADE"), index=True)
    external_id: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(String(16), default="token")
    prolific_study_id: Mapped[str | None] = mapped_column(String(200), nullable=True)
    prolific_session_id: Mapped[str | None] = mapped_column(String(200), nullable=True)
    grp: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    order: Mapped[Any] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    consented_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    step_shown_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    completed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # added in migration 0003: SHA-256 of the browser's random session secret (the cookie),
    # a keyed hash of the client address (rate limits), whether the participant is counted in
    # group_fill.active, and the number of failed attention checks
    session_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    client_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    holds_place: Mapped[bool] = mapped_column(Boolean, default=False)
    attention_failed: Mapped[int] = mapped_column(Integer, default=0)


class ResponseRow(Base):
    __tablename__ = "responses"
    __table_args__ = (UniqueConstraint("participant_id", "cell_id", name="uq_response_once"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    participant_id: Mapped[int] = mapped_column(
        ForeignKey("participants.id", ondelete="CASCADE"), index=True
    )
    cell_id: Mapped[int] = mapped_column(ForeignKey("design_cells.id", ondelete="CASCADE"))
    step: Mapped[int] = mapped_column(Integer)
    submitted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    duration_s: Mapped[float | None] = mapped_column(Float, nullable=True)


class AnswerRow(Base):
    __tablename__ = "answers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    response_id: Mapped[int] = mapped_column(
        ForeignKey("responses.id", ondelete="CASCADE"), index=True
    )
    question: Mapped[str] = mapped_column(String(64))
    target: Mapped[str] = mapped_column(String(32), default="")
    reference: Mapped[str] = mapped_column(Text, default="")
    value: Mapped[str] = mapped_column(Text, default="")
