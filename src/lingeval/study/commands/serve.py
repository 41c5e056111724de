"""``lingeval study serve``: the web survey over a study database."""

from __future__ import annotations

import os

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
@click.option(
    "--workers",
    type=click.IntRange(min=1, max=64),
    default=1,
    show_default=True,
    help="Server processes sharing the port (SQLite and PostgreSQL).",
)
@click.option(
    "--new-per-address",
    default="10/3600",
    show_default=True,
    help="New participants allowed per client address: COUNT/SECONDS (0 = no limit).",
)
@click.option(
    "--new-per-study",
    default="60/60",
    show_default=True,
    help="New participants allowed per study: COUNT/SECONDS (0 = no limit).",
)
@click.option(
    "--max-body",
    type=click.IntRange(min=1024),
    default=262144,
    show_default=True,
    help="Largest request body accepted, in bytes (413 page beyond).",
)
@click.option(
    "--forwarded-allow-ips",
    default=None,
    help="Addresses of your TLS proxy; its X-Forwarded-For then gives the client address used "
    "by the rate limits (default: trust no proxy).",
)
def serve_cmd(
    db: str,
    host: str,
    port: int,
    admin_token: str | None,
    log_level: str,
    workers: int,
    new_per_address: str,
    new_per_study: str,
    max_body: int,
    forwarded_allow_ips: str | None,
) -> None:
    """Serve the studies of DB (a SQLite file path or a database URL) as a web survey.

    Participants open /s/STUDY?PROLIFIC_PID=..&STUDY_ID=..&SESSION_ID=.. (or /s/STUDY for a
    generated token); admins open /admin/STUDY.
    """
    from lingeval.study.storage import Store, new_admin_token
    from lingeval.study.web.app import ServeSettings
    from lingeval.study.web.server import serve

    if not 1 <= port <= 65535:
        raise LingevalError(f"--port {port} is not a TCP port")
    settings = ServeSettings(
        max_body_bytes=max_body,
        new_per_address=_rate("--new-per-address", new_per_address),
        new_per_study=_rate("--new-per-study", new_per_study),
    )
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
            token = new_admin_token()
            store.set_admin_token(st.id, token)
            click.echo(f"admin token for {st.id}: {token}")
        click.echo(
            f"study {st.id} ({st.status}): participants {base}/s/{st.id}  admin {base}/admin/{st.id}"
        )
    serve(
        store,
        host=host,
        port=port,
        log_level=log_level,
        settings=settings,
        workers=workers,
        forwarded_allow_ips=forwarded_allow_ips,
    )


def _rate(option: str, value: str) -> tuple[int, int]:
    """``COUNT/SECONDS`` (or ``0``) as a pair; a clear error otherwise."""
    count, _, seconds = value.partition("/")
    try:
        pair = (int(count), int(seconds or "0"))
    except ValueError:
        pair = (-1, -1)
    if pair[0] < 0 or pair[1] < 0 or (pair[0] > 0 and pair[1] == 0):
        raise LingevalError(f"{option} {value!r}: expected COUNT/SECONDS, e.g. 10/3600, or 0")
    return pair


COMMANDS = [serve_cmd]
