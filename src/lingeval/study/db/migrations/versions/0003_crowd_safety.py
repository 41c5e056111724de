"""crowd safety: browser-bound sessions, group counters, rate-limit and quality columns

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 16:30:00

* ``participants.session_hash``: SHA-256 of the random per-browser session secret (the cookie
  value); unique. Sessions of the HMAC cookies used before are not carried over: a Prolific
  participant resumes with the same PROLIFIC_PID and SESSION_ID.
* ``participants.client_key``, ``holds_place``, ``attention_failed`` and three indexes.
* ``studies.prolific_study_id``, ``studies.min_item_s``.
* ``group_fill``: per-group counters, filled from the existing participants.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("studies", schema=None) as batch_op:
        batch_op.add_column(sa.Column("prolific_study_id", sa.String(length=200), nullable=True))
        batch_op.add_column(sa.Column("min_item_s", sa.Float(), nullable=True))
    with op.batch_alter_table("participants", schema=None) as batch_op:
        batch_op.add_column(sa.Column("session_hash", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("client_key", sa.String(length=64), nullable=True))
        batch_op.add_column(
            sa.Column("holds_place", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.add_column(
            sa.Column("attention_failed", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.create_index("ix_participants_admitted", ["study_id", "consented_at"])
        batch_op.create_index("ix_participants_client", ["study_id", "client_key", "consented_at"])
        batch_op.create_index("ix_participants_place", ["study_id", "holds_place", "last_seen_at"])
        batch_op.create_index("ix_participants_session", ["session_hash"], unique=True)
    op.create_table(
        "group_fill",
        sa.Column("study_id", sa.String(length=64), nullable=False),
        sa.Column("grp", sa.Integer(), nullable=False),
        sa.Column("active", sa.Integer(), nullable=False),
        sa.Column("completed", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["study_id"], ["studies.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("study_id", "grp"),
    )
    # counters from the participants already stored (unfinished ones hold their place until the
    # next consent's sweep finds them stale)
    op.execute(
        "UPDATE participants SET holds_place = "
        "CASE WHEN grp IS NOT NULL AND completed_at IS NULL THEN 1 ELSE 0 END"
        if op.get_bind().dialect.name == "sqlite"
        else "UPDATE participants SET holds_place = (grp IS NOT NULL AND completed_at IS NULL)"
    )
    op.execute(
        "INSERT INTO group_fill (study_id, grp, active, completed) "
        "SELECT c.study_id, c.grp, "
        "(SELECT COUNT(*) FROM participants p WHERE p.study_id = c.study_id AND p.grp = c.grp "
        "AND p.completed_at IS NULL), "
        "(SELECT COUNT(*) FROM participants p WHERE p.study_id = c.study_id AND p.grp = c.grp "
        "AND p.completed_at IS NOT NULL) "
        "FROM (SELECT DISTINCT study_id, grp FROM design_cells) c"
    )


def downgrade() -> None:
    op.drop_table("group_fill")
    with op.batch_alter_table("participants", schema=None) as batch_op:
        batch_op.drop_index("ix_participants_session")
        batch_op.drop_index("ix_participants_place")
        batch_op.drop_index("ix_participants_client")
        batch_op.drop_index("ix_participants_admitted")
        batch_op.drop_column("attention_failed")
        batch_op.drop_column("holds_place")
        batch_op.drop_column("client_key")
        batch_op.drop_column("session_hash")
    with op.batch_alter_table("studies", schema=None) as batch_op:
        batch_op.drop_column("min_item_s")
        batch_op.drop_column("prolific_study_id")
