"""``lingeval study serve``: the web survey over a study database."""

from __future__ import annotations

import os
import secrets

import click

from lingeval.core.errors import LingevalError


@click.command(name="serve")
@click.argument("db")
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="TCP port.")
@click.option(
    "--admin-token",
    envvar="LINGEVAL_ADMIN_TOKEN",
    default=None,
    help="Admin token for every study in DB (env LINGEVAL_ADMIN_TOKEN); studies without one get a "
    "random token, printed once.",
)
@click.option(
    "--log-level",
    default="warning",
    show_default=True,
    type=click.Choice(["debug", "info", "warning", "error"]),
)
def serve_cmd(db: str, host: str, port: int, admin_token: str | None, log_level: str) -> None:
    """Serve the studies of DB (a SQLite file path or a database URL) as a web survey.

    Participants open /s/STUDY?PROLIFIC_PID=..&STUDY_ID=..&SESSION_ID=.. (or /s/STUDY for a
    generated token); admins open /admin/STUDY.
    """
    from lingeval.study.storage import Store
    from lingeval.study.web.server import serve

    if not 1 <= port <= 65535:
        raise LingevalError(f"--port {port} is not a TCP port")
    if "://" not in db and not os.path.exists(db):
        raise LingevalError(
            f"{db}: no such study database (create one with `lingeval study admin init`)"
        )
    store = Store(db)
    studies = store.studies()
    if not studies:
        raise LingevalError(
            f"{store.safe_url} holds no study (create one with `lingeval study admin init`)"
        )
    base = f"http://{host}:{port}"
    for st in studies:
        if admin_token:
            store.set_admin_token(st.id, admin_token)
        elif not st.has_admin_token:
            token = secrets.token_urlsafe(18)
            store.set_admin_token(st.id, token)
            click.echo(f"admin token for {st.id}: {token}")
        click.echo(
            f"study {st.id} ({st.status}): participants {base}/s/{st.id}  admin {base}/admin/{st.id}"
        )
    serve(store, host=host, port=port, log_level=log_level)


COMMANDS = [serve_cmd]
