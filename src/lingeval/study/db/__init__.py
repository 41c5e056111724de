"""Database schema of the study engine (SQLAlchemy models) and its alembic migrations.

Import :mod:`lingeval.study.db.models` only where SQLAlchemy is needed (it is heavy).
"""
