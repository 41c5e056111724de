"""admin logins: failed admin logins counted in the database

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30 19:20:00

* ``admin_logins``: failed admin logins per study and keyed client address (the same keyed
  hash as ``participants.client_key``), with the end of the current lockout. Before, each
  server process counted on its own, so ``--workers N`` gave N times the attempts.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "admin_logins",
        sa.Column("study_id", sa.String(length=64), nullable=False),
        sa.Column("client_key", sa.String(length=64), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["study_id"], ["studies.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("study_id", "client_key"),
    )
    op.create_index("ix_admin_logins_updated_at", "admin_logins", ["updated_at"])


def downgrade() -> None:
    op.drop_index("ix_admin_logins_updated_at", table_name="admin_logins")
    op.drop_table("admin_logins")
