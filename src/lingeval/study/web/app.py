"""The web survey: FastAPI with server-rendered pages (no JavaScript needed).

Participant flow (paper 002, 4.2-4.3 and appendix B)::

    GET  /s/{study}?PROLIFIC_PID=..&STUDY_ID=..&SESSION_ID=..   entry (or a generated token)
    GET  /s/{study}/consent      POST /s/{study}/consent         consent, then group assignment
    GET  /s/{study}/instructions                                  instructions (appendix B)
    GET  /s/{study}/item         POST /s/{study}/item             the current item, then the next
    GET  /s/{study}/done                                          completion code or redirect
    GET  /s/{study}/answers.json                                  the participant's own answers

Admin (token: ``Authorization: Bearer <token>`` header, or a login form that sets a cookie)::

    GET  /admin/{study}                 progress per group, time per participant
    GET  /admin/{study}/export.csv      the tidy answer table (lingeval.study.answers)
    GET  /admin/{study}/export.json
    POST /admin/{study}/close           no new participants from now on

Security: the participant cookie is an HMAC capability token (HttpOnly, SameSite=Lax); every
POST carries a CSRF token bound to the participant (or the admin session) and compared in
constant time; Jinja auto-escapes every stimulus and answer; a Content-Security-Policy allows
only this server's scripts and styles. Every submitted form is validated by the task type and
refused with messages (nothing stored) when anything is missing or out of range.
"""

from __future__ import annotations

import hmac
import re
from pathlib import Path
from typing import Any

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
from starlette.concurrency import run_in_threadpool

from lingeval.core.errors import LingevalError
from lingeval.study.storage import Participant, Store, StudyFull, StudyInfo
from lingeval.study.tasks.base import get_task_type

__all__ = ["create_app"]

HERE = Path(__file__).parent
_ID_RE = re.compile(r"^[A-Za-z0-9_\-]{1,200}$")
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'"
    ),
    "Cache-Control": "no-store",
}


def _paragraphs(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split("\n\n") if t.strip()]


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name, "") in ("1", "true", "yes")


def _cookie_name(study_id: str) -> str:
    return f"lingeval_p_{study_id}"


def _admin_cookie(study_id: str) -> str:
    return f"lingeval_admin_{study_id}"


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


def create_app(store: Store, *, title: str = "lingeval study") -> FastAPI:
    """Build the survey application over ``store`` (every study in it is served)."""

    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [
                jinja2.FileSystemLoader(str(HERE / "templates")),
                jinja2.FunctionLoader(_task_template),
            ]
        ),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    app = FastAPI(title=title, docs_url=None, redoc_url=None, openapi_url=None)
    task_static = _task_static_dirs()

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

    @app.middleware("http")
    async def _headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        for k, v in SECURITY_HEADERS.items():
            response.headers.setdefault(k, v)
        return response

    def page(template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        html = env.get_template(template).render(site_title=title, **ctx)
        return HTMLResponse(html, status_code=status)

    def message(text: str, status: int, heading: str = "Sorry") -> HTMLResponse:
        return page("message.html", status=status, heading=heading, text=text, study=None)

    def get_study(study_id: str) -> StudyInfo | None:
        if not _ID_RE.match(study_id):
            return None
        try:
            return store.study(study_id)
        except LingevalError:
            return None

    def current(request: Request, study_id: str) -> Participant | None:
        return store.participant(study_id, request.cookies.get(_cookie_name(study_id)))

    def check_csrf(study_id: str, who: int | str, form_token: Any) -> bool:
        expected = store.csrf_token(study_id, who)
        return isinstance(form_token, str) and hmac.compare_digest(expected, form_token)

    def participant_form(
        request: Request, study_id: str, form: Any
    ) -> tuple[StudyInfo, Participant] | Response:
        """The study and participant of a posted participant form, or the page refusing it
        (no session, or a CSRF token that does not match)."""
        study = get_study(study_id)
        p = current(request, study_id)
        if study is None or p is None:
            return no_session(study_id)
        if not check_csrf(study_id, p.id, form.get("csrf")):
            return message(
                "This form has expired or did not come from this site; please go back and reload.",
                403,
            )
        return study, p

    def go(url: str) -> RedirectResponse:
        return RedirectResponse(url, status_code=303)

    def no_session(study_id: str) -> HTMLResponse:
        return message(
            "We could not find your session. Please open the study link you were given again "
            "(your answers so far are saved).",
            403,
        )

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
        existing = current(request, study_id)
        if existing is not None and (pid is None or pid == existing.external_id):
            return go(f"/s/{study_id}/next")
        try:
            _p, token = store.enter(
                study_id,
                external_id=pid,
                prolific_study_id=q.get("STUDY_ID"),
                prolific_session_id=q.get("SESSION_ID"),
            )
        except LingevalError as err:
            return message(f"Sorry, {err}.", 403)
        resp = go(f"/s/{study_id}/next")
        resp.set_cookie(
            _cookie_name(study_id),
            token,
            httponly=True,
            samesite="lax",
            path=f"/s/{study_id}",
            max_age=7 * 86400,
            secure=request.url.scheme == "https",
        )
        return resp

    @app.get("/s/{study_id}/next")
    def next_page(request: Request, study_id: str) -> Response:
        p = current(request, study_id)
        if p is None or get_study(study_id) is None:
            return no_session(study_id)
        if not p.consented:
            return go(f"/s/{study_id}/consent")
        if p.completed:
            return go(f"/s/{study_id}/done")
        return go(f"/s/{study_id}/item")

    @app.get("/s/{study_id}/consent")
    def consent_page(request: Request, study_id: str) -> Response:
        study = get_study(study_id)
        p = current(request, study_id)
        if study is None or p is None:
            return no_session(study_id)
        if p.consented:
            return go(f"/s/{study_id}/next")
        return page(
            "consent.html",
            study=study,
            custom=_paragraphs(study.consent_text),
            csrf=store.csrf_token(study_id, p.id),
            error=None,
        )

    @app.post("/s/{study_id}/consent")
    async def consent_submit(request: Request, study_id: str) -> Response:
        form = await request.form()  # the only awaited part; the rest blocks (DB)
        return await run_in_threadpool(_consent_submit, request, study_id, form)

    def _consent_submit(request: Request, study_id: str, form: Any) -> Response:
        checked = participant_form(request, study_id, form)
        if isinstance(checked, Response):
            return checked
        study, p = checked
        if form.get("consent") != "yes":
            return page(
                "consent.html",
                status=400,
                study=study,
                custom=_paragraphs(study.consent_text),
                csrf=store.csrf_token(study_id, p.id),
                error="Please tick the box to give your consent, or close this page if you do not wish to take part.",
            )
        try:
            store.consent(p)
        except StudyFull:
            return message(
                "Sorry, all places in this study are taken. Thank you for your interest.", 403
            )
        return go(f"/s/{study_id}/instructions")

    @app.get("/s/{study_id}/instructions")
    def instructions(request: Request, study_id: str) -> Response:
        study = get_study(study_id)
        p = current(request, study_id)
        if study is None or p is None:
            return no_session(study_id)
        if not p.consented:
            return go(f"/s/{study_id}/consent")
        _, total = store.progress_of(p)
        template = study.instructions_text or get_task_type(study.task_type).instructions
        text = template.replace("{n}", str(total))
        return page(
            "instructions.html",
            study=study,
            paragraphs=[t for t in text.split("\n\n") if t.strip()],
        )

    def render_item(
        study: StudyInfo,
        p: Participant,
        values: dict[str, str],
        errors: dict[str, str],
        status: int,
    ) -> Response:
        step = store.next_step(p)
        if step is None:
            return go(f"/s/{study.id}/done")
        task = get_task_type(study.task_type)
        return page(
            "item.html",
            status=status,
            study=study,
            step=step,
            task_template=task.template,
            unit=getattr(task, "unit", "Item"),
            view=task.view(step.item),
            values=values,
            errors=errors,
            csrf=store.csrf_token(study.id, p.id),
        )

    @app.get("/s/{study_id}/item")
    def item_page(request: Request, study_id: str) -> Response:
        study = get_study(study_id)
        p = current(request, study_id)
        if study is None or p is None:
            return no_session(study_id)
        if not p.consented:
            return go(f"/s/{study_id}/consent")
        return render_item(study, p, {}, {}, 200)

    @app.post("/s/{study_id}/item")
    async def item_submit(request: Request, study_id: str) -> Response:
        form = await request.form()  # the only awaited part; the rest blocks (DB)
        return await run_in_threadpool(_item_submit, request, study_id, form)

    def _item_submit(request: Request, study_id: str, form: Any) -> Response:
        checked = participant_form(request, study_id, form)
        if isinstance(checked, Response):
            return checked
        study, p = checked
        values = {k: v for k, v in form.items() if isinstance(v, str)}
        try:
            step_no = int(values.get("step", ""))
        except ValueError:
            return message("The form is incomplete; please reload the page.", 400)
        step = store.next_step(p, mark_shown=False)
        if step is None or step_no < step.step:
            return go(f"/s/{study_id}/next")  # already stored (double submit): nothing to do
        if step_no != step.step:
            return message("This page is not the current one; please reload.", 409)
        task = get_task_type(study.task_type)
        answers, errors = task.parse(step.item, values)
        if errors:
            return render_item(study, p, values, dict(errors), 400)
        try:
            store.submit(p, step_no, answers)
        except LingevalError as err:
            return message(str(err), 409)
        return go(f"/s/{study_id}/done" if step_no + 1 >= step.total else f"/s/{study_id}/item")

    @app.get("/s/{study_id}/done")
    def done(request: Request, study_id: str) -> Response:
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

    def is_admin(request: Request, study_id: str) -> bool:
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer ") and store.check_admin_token(
            study_id, auth[7:].strip()
        ):
            return True
        expected = store.admin_session(study_id)
        got = request.cookies.get(_admin_cookie(study_id))
        return expected is not None and isinstance(got, str) and hmac.compare_digest(expected, got)

    def admin_denied(study_id: str) -> HTMLResponse:
        return page(
            "admin_login.html",
            status=401,
            study_id=study_id,
            error="Please log in with the admin token.",
        )

    @app.get("/admin/{study_id}/login")
    def admin_login_page(study_id: str) -> Response:
        if get_study(study_id) is None:
            return message("There is no such study.", 404)
        return page("admin_login.html", study_id=study_id, error=None)

    @app.post("/admin/{study_id}/login")
    async def admin_login(request: Request, study_id: str) -> Response:
        form = await request.form()  # the only awaited part; the rest blocks (DB)
        return await run_in_threadpool(_admin_login, request, study_id, form)

    def _admin_login(request: Request, study_id: str, form: Any) -> Response:
        if get_study(study_id) is None:
            return message("There is no such study.", 404)
        token = form.get("token")
        if not isinstance(token, str) or not store.check_admin_token(study_id, token):
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
        study = get_study(study_id)
        if study is None:
            return message("There is no such study.", 404)
        if not is_admin(request, study_id):
            return admin_denied(study_id)
        return page(
            "admin.html",
            study=study,
            groups=store.progress(study_id),
            participants=store.participants(study_id),
            csrf=store.csrf_token(study_id, "admin"),
        )

    @app.get("/admin/{study_id}/export.csv")
    def export_csv(request: Request, study_id: str) -> Response:
        if get_study(study_id) is None:
            return message("There is no such study.", 404)
        if not is_admin(request, study_id):
            return admin_denied(study_id)
        return Response(
            store.export_csv(study_id, completed_only=_flag(request, "completed")),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{study_id}-answers.csv"'},
        )

    @app.get("/admin/{study_id}/export.json")
    def export_json(request: Request, study_id: str) -> Response:
        if get_study(study_id) is None:
            return message("There is no such study.", 404)
        if not is_admin(request, study_id):
            return JSONResponse({"error": "admin token required"}, status_code=401)
        return JSONResponse(store.export_json(study_id, completed_only=_flag(request, "completed")))

    @app.get("/admin/{study_id}/progress.json")
    def progress_json(request: Request, study_id: str) -> Response:
        if get_study(study_id) is None:
            return message("There is no such study.", 404)
        if not is_admin(request, study_id):
            return JSONResponse({"error": "admin token required"}, status_code=401)
        from dataclasses import asdict

        return JSONResponse(
            {
                "groups": [asdict(g) for g in store.progress(study_id)],
                "participants": [asdict(p) for p in store.participants(study_id)],
            }
        )

    @app.get("/admin/{study_id}/progress.png")
    def progress_png(request: Request, study_id: str) -> Response:
        if get_study(study_id) is None:
            return message("There is no such study.", 404)
        if not is_admin(request, study_id):
            return admin_denied(study_id)
        from lingeval.study.web.charts import progress_png as chart

        return Response(
            chart(store.progress(study_id), title=f"Study {study_id}"), media_type="image/png"
        )

    @app.post("/admin/{study_id}/close")
    async def admin_close(request: Request, study_id: str) -> Response:
        form = await request.form()  # the only awaited part; the rest blocks (DB)
        return await run_in_threadpool(_admin_close, request, study_id, form)

    def _admin_close(request: Request, study_id: str, form: Any) -> Response:
        if get_study(study_id) is None:
            return message("There is no such study.", 404)
        if not is_admin(request, study_id):
            return admin_denied(study_id)
        if not check_csrf(study_id, "admin", form.get("csrf")):
            return message(
                "This form has expired or did not come from this site; please reload.", 403
            )
        store.close(study_id)
        return go(f"/admin/{study_id}")

    return app
