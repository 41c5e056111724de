"""The web survey: FastAPI with server-rendered pages (no JavaScript needed).

Participant flow (paper 002, 4.2-4.3 and appendix B)::

    GET  /s/{study}?PROLIFIC_PID=..&STUDY_ID=..&SESSION_ID=..   entry (or a generated token)
    GET  /s/{study}/consent      POST /s/{study}/consent         consent: participant + group
    GET  /s/{study}/instructions                                  instructions (appendix B)
    GET  /s/{study}/item         POST /s/{study}/item             the current item, then the next
    GET  /s/{study}/done                                          completion code or redirect
    GET  /s/{study}/answers.json                                  the participant's own answers

Admin (token: ``Authorization: Bearer <token>`` header, or a login form that sets a cookie)::

    GET  /admin/{study}[?page=k]        progress per group, participants (100 per page)
    GET  /admin/{study}/export.csv      the tidy answer table (lingeval.study.answers)
    GET  /admin/{study}/export.json
    POST /admin/{study}/close           no new participants from now on

Security model (docs/study-engine.md, "Security"):

* Entry creates nothing in the database: the browser gets a signed, short-lived *entry cookie*
  holding the link's PROLIFIC_PID / STUDY_ID / SESSION_ID. The participant row is created at
  consent (:meth:`Store.admit`), with a group, and the browser gets a fresh random *session
  secret* (the participant cookie; only its SHA-256 is stored, so the cookie reveals nothing).
* A PID that exists already opens its session in a new browser only with the same SESSION_ID
  (Prolific makes a new, unguessable one per attempt); that moves the session to the new
  browser. Anything else gets a page saying the id is in use. A browser in the middle of a
  study is never switched to another participant by a link.
* New participants are rate-limited per client address and per study (in the database); the
  study's Prolific STUDY_ID is checked when configured.
* Every POST: body size capped while it streams (413 page), ``Origin`` checked, CSRF token
  bound to the session (constant-time compare). Failed admin logins are throttled (counted
  in the database, shared by every server process).
* Jinja auto-escapes every stimulus and answer; the CSP allows only this server's scripts,
  styles and form targets; answers with control characters are refused on every database.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

# This module is imported only by the serve/demo commands and tests, so the web stack loads at
# import time here (FastAPI resolves endpoint annotations from module globals).
import jinja2
from fastapi import FastAPI, Request
from fastapi.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from fastapi.staticfiles import StaticFiles
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from lingeval.core.errors import LingevalError
from lingeval.study.storage import (
    AdmissionLimits,
    Participant,
    ParticipantInUse,
    RateLimited,
    Store,
    StudyFull,
    StudyInfo,
)
from lingeval.study.tasks.base import TaskType, control_char_errors, get_task_type

__all__ = ["ServeSettings", "create_app"]

HERE = Path(__file__).parent
_ID_RE = re.compile(r"^[A-Za-z0-9_\-]{1,200}$")
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # same-origin: our own pages send a real Origin on POSTs (no-referrer makes it "null"),
    # and no other site ever sees a URL of ours (they carry Prolific ids)
    (b"referrer-policy", b"same-origin"),
    (b"content-security-policy", CSP.encode()),
]
ASGIApp = Callable[..., Awaitable[None]]
Scope = MutableMapping[str, Any]


@dataclass(frozen=True)
class ServeSettings:
    """Settings of the survey server (``lingeval study serve`` options; docs: "Settings").

    * ``max_body_bytes``: largest request body read (bytes); larger bodies get a 413 page
      before anything is parsed. 256 KiB fits the largest legitimate form: a REG item with
      20 rewrites of 300 characters and a 4000-character comment, percent-encoded at up to
      12 bytes per character, is about 120 KB.
    * ``new_per_address`` / ``new_per_study``: admission rate limits, ``(count, seconds)``,
      0 = off (:class:`lingeval.study.storage.AdmissionLimits`).
    * ``login_failures``: failed admin logins per client address before a lockout of
      ``login_lockout_s`` seconds, doubling with every further failure (capped at an hour).
      Counted in the database (``admin_logins``), so every server process shares the count.
    * ``check_origin``: refuse POSTs whose ``Origin`` names another site.
    * ``page_size``: participants per admin page.
    * ``static_max_age``: seconds browsers may cache ``/static`` files (their links carry a
      content hash, so a new version is fetched at once).
    """

    max_body_bytes: int = 256 * 1024
    new_per_address: tuple[int, int] = AdmissionLimits().per_address
    new_per_study: tuple[int, int] = AdmissionLimits().per_study
    login_failures: int = 5
    login_lockout_s: float = 30.0
    check_origin: bool = True
    page_size: int = 100
    static_max_age: int = 86400
    study_cache_s: float = 2.0

    @property
    def limits(self) -> AdmissionLimits:
        return AdmissionLimits(per_address=self.new_per_address, per_study=self.new_per_study)


class BodyTooLarge(Exception):
    """The request body exceeded ``max_body_bytes`` while it streamed in."""


class Guard:
    """Pure ASGI middleware in front of the app (cheaper than Starlette's BaseHTTPMiddleware):

    * counts body bytes as they stream and raises :class:`BodyTooLarge` past the cap (a
      declared ``Content-Length`` over the cap is answered at once, without reading);
    * refuses POSTs from another origin (``Origin`` / ``Sec-Fetch-Site``);
    * adds the security headers; ``/static`` files may be cached, nothing else is stored.
    """

    def __init__(
        self,
        app: ASGIApp,
        settings: ServeSettings,
        error_page: Callable[[int, str], bytes],
    ) -> None:
        self.app = app
        self.settings = settings
        self.error_page = error_page

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        cap = self.settings.max_body_bytes
        if scope["method"] == "POST":
            refusal = self._refuse(headers, cap)
            if refusal is not None:
                await self._send_page(send, *refusal)
                return
        static = scope["path"].startswith("/static/")
        cache = (
            f"public, max-age={self.settings.static_max_age}".encode() if static else b"no-store"
        )
        seen = 0

        async def counted_receive() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > cap:
                    raise BodyTooLarge()
            return message

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                hs = [(k, v) for k, v in message.get("headers", []) if k != b"cache-control"]
                hs += [*SECURITY_HEADERS, (b"cache-control", cache)]
                message = {**message, "headers": hs}
            await send(message)

        await self.app(scope, counted_receive, send_with_headers)

    def _refuse(self, headers: dict[str, str], cap: int) -> tuple[int, str] | None:
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > cap):
            return 413, TOO_LARGE
        if self.settings.check_origin:
            origin = headers.get("origin")
            host = headers.get("host", "")
            if origin is not None and (origin == "null" or urlsplit(origin).netloc != host):
                return 403, OTHER_SITE
            if origin is None and headers.get("sec-fetch-site") == "cross-site":
                return 403, OTHER_SITE
        return None

    async def _send_page(self, send: Any, status: int, text: str) -> None:
        body = self.error_page(status, text)
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"text/html; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                    (b"cache-control", b"no-store"),
                    *SECURITY_HEADERS,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


TOO_LARGE = (
    "This form is too large to be accepted. Please go back, shorten your answers and send it again."
)
OTHER_SITE = "This form was sent from another site and was refused. Please open the study link you were given."


def _paragraphs(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split("\n\n") if t.strip()]


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name, "") in ("1", "true", "yes")


def _cookie_name(study_id: str) -> str:
    return f"lingeval_p_{study_id}"


def _entry_cookie(study_id: str) -> str:
    return f"lingeval_e_{study_id}"


def _admin_cookie(study_id: str) -> str:
    return f"lingeval_admin_{study_id}"


def _client(request: Request) -> str:
    return request.client.host if request.client else ""


def _task_template(name: str) -> tuple[str, str, Any] | None:
    """Jinja loader for templates that registered task types ship outside the engine."""
    from lingeval.core.registry import registry
    from lingeval.study import tasks as _tasks  # noqa: F401  (built-in task types)

    for factory in registry.task_types.get_all().values():
        if getattr(factory, "template", None) != name:
            continue
        finder = getattr(factory, "template_file", None)
        path = finder() if callable(finder) else None
        if path is not None and Path(path).is_file():
            file = Path(path)
            text = file.read_text(encoding="utf-8")
            return text, str(file), _unchanged(file)
    return None


def _task_static_dirs() -> dict[str, Path]:
    """Task-type name -> resolved folder, for task types that ship static files."""
    from lingeval.core.registry import registry
    from lingeval.study import tasks as _tasks  # noqa: F401  (built-in task types)

    out: dict[str, Path] = {}
    for name, factory in registry.task_types.get_all().items():
        folder = getattr(factory, "static_dir", None)
        if folder is not None and Path(folder).is_dir():
            out[name] = Path(folder).resolve()
    return out


def _unchanged(file: Path) -> Any:
    mtime = file.stat().st_mtime
    return lambda: file.stat().st_mtime == mtime


def _static_version() -> str:
    """Hash of the engine's static files, appended to their links (cache busting)."""
    h = hashlib.sha256()
    for f in sorted((HERE / "static").iterdir()):
        h.update(f.read_bytes())
    return h.hexdigest()[:12]


@dataclass
class Entry:
    """What the signed entry cookie holds between the link and consent (no database row)."""

    pid: str | None
    study: str | None
    session: str | None
    nonce: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    at: float = field(default_factory=time.time)


ENTRY_TTL_S = 24 * 3600


def _sign(secret: str, data: bytes) -> str:
    return hmac.new(secret.encode(), b"entry:" + data, hashlib.sha256).hexdigest()[:32]


def encode_entry(secret: str, e: Entry) -> str:
    raw = json.dumps([e.pid, e.study, e.session, e.nonce, int(e.at)], separators=(",", ":"))
    data = base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")
    return f"{data}.{_sign(secret, data.encode())}"


def decode_entry(secret: str, value: str | None) -> Entry | None:
    """The entry of a cookie signed with the study secret and younger than a day, else None."""
    if not value or "." not in value or len(value) > 2000:
        return None
    data, _, mac = value.rpartition(".")
    if not hmac.compare_digest(_sign(secret, data.encode()), mac):
        return None
    try:
        pid, study, session, nonce, at = json.loads(base64.urlsafe_b64decode(data + "=" * 4))
    except (ValueError, TypeError):
        return None
    if time.time() - at > ENTRY_TTL_S:
        return None
    return Entry(pid, study, session, nonce, float(at))


def create_app(
    store: Store, *, title: str = "lingeval study", settings: ServeSettings | None = None
) -> Any:
    """Build the survey application over ``store`` (every study in it is served), wrapped in
    the :class:`Guard` middleware. ``settings``: :class:`ServeSettings` (defaults)."""

    settings = settings or ServeSettings()
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [
                jinja2.FileSystemLoader(str(HERE / "templates")),
                jinja2.FunctionLoader(_task_template),
            ]
        ),
        autoescape=True,
        auto_reload=False,  # templates are package files: no stat() per render
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["static_version"] = _static_version()
    app = FastAPI(title=title, docs_url=None, redoc_url=None, openapi_url=None)
    task_static = _task_static_dirs()
    studies: dict[str, tuple[float, StudyInfo]] = {}
    task_types: dict[str, TaskType] = {}
    fragments: dict[tuple[str, int], Markup | None] = {}

    def task_of(study: StudyInfo) -> TaskType:
        """The study's task type (one instance per name: the registry lookup is slow)."""
        task = task_types.get(study.task_type)
        if task is None:
            task = task_types[study.task_type] = get_task_type(study.task_type)
        return task

    @app.get("/static/tasks/{task}/{filename}")
    def task_static_file(task: str, filename: str) -> Response:
        """Files shipped by task types defined outside the engine (see TaskType.static_dir)."""
        folder = task_static.get(task)
        if folder is None or "/" in filename or filename.startswith("."):
            return Response(status_code=404)
        path = (folder / filename).resolve()
        if path.parent != folder or not path.is_file():
            return Response(status_code=404)
        return FileResponse(path)

    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.state.store = store
    app.state.settings = settings

    def render(template: str, **ctx: Any) -> str:
        return env.get_template(template).render(site_title=title, **ctx)

    def page(template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        return HTMLResponse(render(template, **ctx), status_code=status)

    def message(
        text: str, status: int, heading: str = "Sorry", headers: dict[str, str] | None = None
    ) -> HTMLResponse:
        resp = page("message.html", status=status, heading=heading, text=text, study=None)
        if headers:
            resp.headers.update(headers)
        return resp

    def error_page(status: int, text: str) -> bytes:
        return render("message.html", heading="Sorry", text=text, study=None).encode()

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> Response:
        text = {404: "There is no such page.", 405: "This page cannot be used that way."}.get(
            exc.status_code, "The request could not be understood. Please reload the page."
        )
        return message(text, exc.status_code)

    async def read_form(request: Request) -> Any:
        """The posted form, or the error page for an oversized or malformed body."""
        try:
            return await request.form(max_fields=200, max_files=0)
        except BodyTooLarge:
            return message(TOO_LARGE, 413, headers={"Connection": "close"})
        except (StarletteHTTPException, ValueError, UnicodeDecodeError, KeyError):
            return message(
                "The form could not be read. Please go back, reload the page and try again.",
                400,
            )

    def get_study(study_id: str) -> StudyInfo | None:
        """The study (cached for ``study_cache_s`` seconds: its status may change)."""
        if not _ID_RE.match(study_id):
            return None
        now = time.monotonic()
        hit = studies.get(study_id)
        if hit is not None and now - hit[0] < settings.study_cache_s:
            return hit[1]
        try:
            info = store.study(study_id)
        except LingevalError:
            return None
        studies[study_id] = (now, info)
        return info

    async def reading(fn: Callable[..., Response], *args: Any) -> Response:
        """Run a page handler that only reads: inline on SQLite (a WAL read never waits and
        takes about 0.1 ms, less than the hop to the thread pool), in the thread pool on
        other databases (a network round trip must not block the event loop)."""
        if store.is_sqlite:
            return fn(*args)
        return await run_in_threadpool(fn, *args)

    def session_of(request: Request, study_id: str) -> str | None:
        return request.cookies.get(_cookie_name(study_id))

    def current(request: Request, study_id: str) -> Participant | None:
        return store.participant(study_id, session_of(request, study_id))

    def check_csrf(study_id: str, session: str | None, form_token: Any) -> bool:
        if not session:
            return False
        expected = store.csrf_token(study_id, session)
        return isinstance(form_token, str) and hmac.compare_digest(expected, form_token)

    def forged() -> HTMLResponse:
        return message(
            "This form has expired or did not come from this site; please go back and reload.",
            403,
        )

    def participant_form(
        request: Request, study_id: str, form: Any
    ) -> tuple[StudyInfo, Participant] | Response:
        """The study and participant of a posted participant form, or the page refusing it
        (no session, or a CSRF token that does not match)."""
        study = get_study(study_id)
        p = current(request, study_id)
        if study is None or p is None:
            return no_session(study_id)
        if not check_csrf(study_id, session_of(request, study_id), form.get("csrf")):
            return forged()
        return study, p

    def go(url: str) -> RedirectResponse:
        return RedirectResponse(url, status_code=303)

    def no_session(study_id: str) -> HTMLResponse:
        return message(
            "We could not find your session. Please open the study link you were given again "
            "(your answers so far are saved).",
            403,
        )

    def in_use() -> HTMLResponse:
        return message(
            "This participant id is already in use in another browser. Please continue in the "
            "browser where you started, or open the study again from your recruitment platform "
            "(the same link, with the same session).",
            403,
        )

    def with_session(resp: Response, request: Request, study_id: str, token: str) -> Response:
        resp.set_cookie(
            _cookie_name(study_id),
            token,
            httponly=True,
            samesite="lax",
            path=f"/s/{study_id}",
            max_age=7 * 86400,
            secure=request.url.scheme == "https",
        )
        resp.delete_cookie(_entry_cookie(study_id), path=f"/s/{study_id}")
        return resp

    @app.get("/healthz", response_class=PlainTextResponse)
    def healthz() -> str:
        return "ok"

    @app.get("/favicon.ico")
    def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/", response_class=HTMLResponse)
    def index() -> HTMLResponse:
        return message("Please use the study link you were given.", 200, heading=title)

    # --- participant pages --------------------------------------------------------------------

    @app.get("/s/{study_id}")
    def entry(request: Request, study_id: str) -> Response:
        study = get_study(study_id)
        if study is None:
            return message("There is no such study.", 404)
        q = request.query_params
        pid = q.get("PROLIFIC_PID")
        for name in ("PROLIFIC_PID", "STUDY_ID", "SESSION_ID"):
            v = q.get(name)
            if v is not None and not _ID_RE.match(v):
                return message(f"The link is malformed ({name} has unexpected characters).", 400)
        if study.prolific_study_id and not hmac.compare_digest(
            q.get("STUDY_ID", ""), study.prolific_study_id
        ):
            return message(
                "This link is not for this study. Please open the study from your recruitment "
                "platform.",
                403,
            )
        existing = current(request, study_id)
        if existing is not None:
            if pid is None or pid == existing.external_id:
                return go(f"/s/{study_id}/next")
            if not existing.completed:
                return message(
                    "This browser is already taking part in this study as another participant. "
                    "Please finish that session first, or use another browser.",
                    403,
                )
        if pid is not None and store.known(study_id, pid):
            try:
                _p, token = store.resume(study_id, pid, q.get("SESSION_ID"))
            except ParticipantInUse:
                return in_use()
            return with_session(go(f"/s/{study_id}/next"), request, study_id, token)
        if study.status == "closed":
            return message("Sorry, this study is closed.", 403)
        e = Entry(pid, q.get("STUDY_ID"), q.get("SESSION_ID"))
        resp = go(f"/s/{study_id}/consent")
        resp.set_cookie(
            _entry_cookie(study_id),
            encode_entry(store.secret(study_id), e),
            httponly=True,
            samesite="lax",
            path=f"/s/{study_id}",
            max_age=ENTRY_TTL_S,
            secure=request.url.scheme == "https",
        )
        return resp

    def entry_of(request: Request, study_id: str) -> Entry | None:
        return decode_entry(store.secret(study_id), request.cookies.get(_entry_cookie(study_id)))

    @app.get("/s/{study_id}/next")
    async def next_page(request: Request, study_id: str) -> Response:
        return await reading(_next_page, request, study_id)

    def _next_page(request: Request, study_id: str) -> Response:
        if get_study(study_id) is None:
            return no_session(study_id)
        p = current(request, study_id)
        if p is None:
            if entry_of(request, study_id) is not None:
                return go(f"/s/{study_id}/consent")
            return no_session(study_id)
        if p.completed:
            return go(f"/s/{study_id}/done")
        return go(f"/s/{study_id}/item")

    def consent_form(study: StudyInfo, e: Entry, status: int, error: str | None) -> Response:
        return page(
            "consent.html",
            status=status,
            study=study,
            custom=_paragraphs(study.consent_text),
            csrf=store.csrf_token(study.id, f"entry:{e.nonce}"),
            error=error,
        )

    @app.get("/s/{study_id}/consent")
    def consent_page(request: Request, study_id: str) -> Response:
        study = get_study(study_id)
        if study is None:
            return no_session(study_id)
        if current(request, study_id) is not None:
            return go(f"/s/{study_id}/next")
        e = entry_of(request, study_id)
        if e is None:
            return no_session(study_id)
        return consent_form(study, e, 200, None)

    @app.post("/s/{study_id}/consent")
    async def consent_submit(request: Request, study_id: str) -> Response:
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        return await run_in_threadpool(_consent_submit, request, study_id, form)

    def _consent_submit(request: Request, study_id: str, form: Any) -> Response:
        study = get_study(study_id)
        e = entry_of(request, study_id) if study is not None else None
        if study is None or e is None:
            if study is not None and current(request, study_id) is not None:
                return go(f"/s/{study_id}/next")  # consented already (a double submit)
            return no_session(study_id)
        if not check_csrf(study_id, f"entry:{e.nonce}", form.get("csrf")):
            return forged()
        if form.get("consent") != "yes":
            return consent_form(
                study,
                e,
                400,
                "Please tick the box to give your consent, or close this page if you do not "
                "wish to take part.",
            )
        try:
            _p, token = store.admit(
                study_id,
                external_id=e.pid,
                prolific_study_id=e.study,
                prolific_session_id=e.session,
                client_key=store.client_key(study_id, _client(request)),
                limits=settings.limits,
            )
        except StudyFull:
            return message(
                "Sorry, all places in this study are taken. Thank you for your interest.", 403
            )
        except RateLimited as err:
            return message(
                "Sorry, there are too many new participants right now. Please try again in a "
                "little while.",
                429,
                headers={"Retry-After": str(err.retry_after)},
            )
        except ParticipantInUse:
            return in_use()
        except LingevalError as err:
            return message(f"Sorry, {err}.", 403)
        return with_session(go(f"/s/{study_id}/instructions"), request, study_id, token)

    @app.get("/s/{study_id}/instructions")
    async def instructions(request: Request, study_id: str) -> Response:
        return await reading(_instructions, request, study_id)

    def _instructions(request: Request, study_id: str) -> Response:
        study = get_study(study_id)
        p = current(request, study_id)
        if study is None or p is None:
            return no_session(study_id)
        _, total = store.progress_of(p)
        template = study.instructions_text or task_of(study).instructions
        text = template.replace("{n}", str(total))
        return page(
            "instructions.html",
            study=study,
            paragraphs=[t for t in text.split("\n\n") if t.strip()],
        )

    def render_item(
        study: StudyInfo,
        p: Participant,
        session: str,
        values: dict[str, str],
        errors: dict[str, str],
        status: int,
    ) -> Response:
        step = store.next_step(p, refresh=False)
        if step is None:
            return go(f"/s/{study.id}/done")
        task = task_of(study)
        view = task.view(step.item)
        return page(
            "item.html",
            status=status,
            study=study,
            step=step,
            task_template=task.template,
            fragment=None if values or errors else fresh_fragment(task, step.cell_id, view),
            unit=getattr(task, "unit", "Item"),
            view=view,
            values=values,
            errors=errors,
            csrf=store.csrf_token(study.id, session),
        )

    def fresh_fragment(task: TaskType, cell_id: int, view: dict[str, Any]) -> Markup | None:
        """The task template of an item as first shown (no answers, no errors): the same for
        every participant, so rendered once per design cell (the largest part of a page's
        rendering cost). None when the template needs more than ``view``/``values``/``errors``."""
        key = (task.template, cell_id)
        if key not in fragments:
            try:
                html = env.get_template(task.template).render(view=view, values={}, errors={})
                fragments[key] = Markup(html)
            except jinja2.UndefinedError:
                fragments[key] = None
        return fragments[key]

    @app.get("/s/{study_id}/item")
    async def item_page(request: Request, study_id: str) -> Response:
        return await reading(_item_page, request, study_id)

    def _item_page(request: Request, study_id: str) -> Response:
        study = get_study(study_id)
        p = current(request, study_id)
        session = session_of(request, study_id)
        if study is None or p is None or session is None:
            return no_session(study_id)
        return render_item(study, p, session, {}, {}, 200)

    @app.post("/s/{study_id}/item")
    async def item_submit(request: Request, study_id: str) -> Response:
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        return await run_in_threadpool(_item_submit, request, study_id, form)

    def _item_submit(request: Request, study_id: str, form: Any) -> Response:
        checked = participant_form(request, study_id, form)
        if isinstance(checked, Response):
            return checked
        study, p = checked
        session = session_of(request, study_id) or ""
        values = {k: v for k, v in form.items() if isinstance(v, str)}
        try:
            step_no = int(values.get("step", ""))
        except ValueError:
            return message("The form is incomplete; please reload the page.", 400)
        step = store.next_step(p, refresh=False)
        if step is None or step_no < step.step:
            return go(f"/s/{study_id}/next")  # already stored (double submit): nothing to do
        if step_no != step.step:
            return message("This page is not the current one; please reload.", 409)
        task = task_of(study)
        bad = control_char_errors({k: v for k, v in values.items() if k not in ("csrf", "step")})
        answers, parse_errors = task.parse(step.item, values)
        errors = {**parse_errors, **bad}
        if errors:
            return render_item(study, p, session, values, errors, 400)
        try:
            store.submit(p, step_no, answers)
        except LingevalError as err:
            return message(str(err), 409)
        return go(f"/s/{study_id}/done" if step_no + 1 >= step.total else f"/s/{study_id}/item")

    @app.get("/s/{study_id}/done")
    async def done(request: Request, study_id: str) -> Response:
        return await reading(_done, request, study_id)

    def _done(request: Request, study_id: str) -> Response:
        study = get_study(study_id)
        p = current(request, study_id)
        if study is None or p is None:
            return no_session(study_id)
        if not p.completed:
            return go(f"/s/{study_id}/next")
        redirect = (
            study.redirect_url.replace("{code}", study.completion_code)
            if study.redirect_url
            else None
        )
        return page("done.html", study=study, code=study.completion_code, redirect=redirect)

    @app.get("/s/{study_id}/answers.json")
    def own_answers(request: Request, study_id: str) -> Response:
        p = current(request, study_id)
        if p is None:
            return JSONResponse({"error": "no session"}, status_code=403)
        # no item ids or system names: participants stay blind to which system they saw
        rows = [
            {"question": a.question, "target": a.target, "reference": a.reference, "value": a.value}
            for a in store.own_answers(p)
        ]
        return JSONResponse(rows)

    # --- admin ----------------------------------------------------------------------------

    def admin_check(request: Request, study_id: str) -> bool | Response:
        """True for an admin (bearer token or login cookie), False for none, or the 429 page
        while this address is locked out after failed tokens."""
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            return check_token(_client(request), study_id, auth[7:].strip())
        expected = store.admin_session(study_id)
        got = request.cookies.get(_admin_cookie(study_id))
        return expected is not None and isinstance(got, str) and hmac.compare_digest(expected, got)

    def check_token(address: str, study_id: str, token: str) -> bool | Response:
        """The token checked under the shared lockout of failed tokens (``admin_logins``)."""
        client = store.client_key(study_id, address)
        wait = store.login_wait(study_id, client)
        if wait > 0:
            return message(
                "Too many wrong admin tokens from your address; please wait and try again.",
                429,
                headers={"Retry-After": str(int(wait) + 1)},
            )
        if store.check_admin_token(study_id, token):
            store.login_succeeded(study_id, client)
            return True
        store.login_failed(study_id, client, settings.login_failures, settings.login_lockout_s)
        return False

    def admin_denied(study_id: str) -> HTMLResponse:
        return page(
            "admin_login.html",
            status=401,
            study_id=study_id,
            error="Please log in with the admin token.",
        )

    def admin_gate(request: Request, study_id: str, json_errors: bool = False) -> Response | None:
        """None for an admin, else the response refusing the request."""
        if get_study(study_id) is None:
            return message("There is no such study.", 404)
        ok = admin_check(request, study_id)
        if isinstance(ok, Response):
            return ok
        if ok:
            return None
        if json_errors:
            return JSONResponse({"error": "admin token required"}, status_code=401)
        return admin_denied(study_id)

    @app.get("/admin/{study_id}/login")
    def admin_login_page(study_id: str) -> Response:
        if get_study(study_id) is None:
            return message("There is no such study.", 404)
        return page("admin_login.html", study_id=study_id, error=None)

    @app.post("/admin/{study_id}/login")
    async def admin_login(request: Request, study_id: str) -> Response:
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        return await run_in_threadpool(_admin_login, request, study_id, form)

    def _admin_login(request: Request, study_id: str, form: Any) -> Response:
        if get_study(study_id) is None:
            return message("There is no such study.", 404)
        token = form.get("token")
        ok = check_token(_client(request), study_id, str(token or ""))
        if isinstance(ok, Response):
            return ok
        if not ok:
            return page("admin_login.html", status=401, study_id=study_id, error="Wrong token.")
        resp = go(f"/admin/{study_id}")
        value = store.admin_session(study_id)
        assert value is not None
        resp.set_cookie(
            _admin_cookie(study_id),
            value,
            httponly=True,
            samesite="strict",
            path=f"/admin/{study_id}",
            secure=request.url.scheme == "https",
        )
        return resp

    @app.get("/admin/{study_id}")
    def admin_home(request: Request, study_id: str) -> Response:
        refused = admin_gate(request, study_id)
        if refused is not None:
            return refused
        study = get_study(study_id)
        try:
            page_no = max(1, int(request.query_params.get("page", "1")))
        except ValueError:
            page_no = 1
        size = settings.page_size
        n = store.count_participants(study_id)
        pages = max(1, -(-n // size))
        return page(
            "admin.html",
            study=study,
            groups=store.progress(study_id),
            participants=store.participants(study_id, offset=(page_no - 1) * size, limit=size),
            n_participants=n,
            page_no=page_no,
            pages=pages,
            csrf=store.csrf_token(study_id, "admin"),
        )

    @app.get("/admin/{study_id}/export.csv")
    def export_csv(request: Request, study_id: str) -> Response:
        refused = admin_gate(request, study_id)
        if refused is not None:
            return refused
        return Response(
            store.export_csv(study_id, completed_only=_flag(request, "completed")),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{study_id}-answers.csv"'},
        )

    @app.get("/admin/{study_id}/export.json")
    def export_json(request: Request, study_id: str) -> Response:
        refused = admin_gate(request, study_id, json_errors=True)
        if refused is not None:
            return refused
        return JSONResponse(store.export_json(study_id, completed_only=_flag(request, "completed")))

    @app.get("/admin/{study_id}/progress.json")
    def progress_json(request: Request, study_id: str) -> Response:
        refused = admin_gate(request, study_id, json_errors=True)
        if refused is not None:
            return refused
        from dataclasses import asdict

        return JSONResponse(
            {
                "groups": [asdict(g) for g in store.progress(study_id)],
                "participants": [asdict(p) for p in store.participants(study_id)],
            }
        )

    @app.get("/admin/{study_id}/progress.png")
    def progress_png(request: Request, study_id: str) -> Response:
        refused = admin_gate(request, study_id)
        if refused is not None:
            return refused
        from lingeval.study.web.charts import progress_png as chart

        return Response(
            chart(store.progress(study_id), title=f"Study {study_id}"), media_type="image/png"
        )

    @app.post("/admin/{study_id}/close")
    async def admin_close(request: Request, study_id: str) -> Response:
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        return await run_in_threadpool(_admin_close, request, study_id, form)

    def _admin_close(request: Request, study_id: str, form: Any) -> Response:
        refused = admin_gate(request, study_id)
        if refused is not None:
            return refused
        if not check_csrf(study_id, "admin", form.get("csrf")):
            return forged()
        store.close(study_id)
        studies.pop(study_id, None)
        return go(f"/admin/{study_id}")

    return Guard(app, settings, error_page)
