"""study texts: the experimenter's own consent and instruction texts

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 17:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("studies", schema=None) as batch_op:
        batch_op.add_column(sa.Column("consent_text", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("instructions_text", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("studies", schema=None) as batch_op:
        batch_op.drop_column("instructions_text")
        batch_op.drop_column("consent_text")
