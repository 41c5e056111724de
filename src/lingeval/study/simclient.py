"""A simulated participant that takes a study through real HTTP (tests, demo, load checks).

:class:`SimParticipant` opens the entry link (with a ``PROLIFIC_PID`` or none), gives consent,
reads each item page exactly as a browser receives it (HTML parsed with the standard library),
asks a *policy* for the answers and posts the form. It keeps the cookie like a browser, follows
the server's redirects, and after a lost connection retries and resumes where the server says
it is. Every response the server acknowledged (a 303 after a POST) is recorded, so tests can
check that nothing acknowledged is lost.

A policy is a function ``ItemPage -> dict[str, str]`` (field name -> value); the item page
holds the paragraph text, the fields with their options, and the shown REs. It never sees the
system name: a policy that wants item-specific behaviour (a simulator with planted effects)
looks the paragraph up in its own table.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from lingeval.core.errors import LingevalError

__all__ = [
    "FormField",
    "ItemPage",
    "SimParticipant",
    "SimResult",
    "parse_item_page",
    "random_policy",
    "run_participants",
]


@dataclass
class FormField:
    name: str
    kind: str  # radio, text, textarea, hidden, checkbox
    options: list[str] = field(default_factory=list)
    original: str | None = None
    value: str = ""


@dataclass
class ItemPage:
    """What a participant sees on one item page."""

    step: int
    total: int
    paragraph: str
    fields: dict[str, FormField]
    errors: list[str] = field(default_factory=list)

    def hidden(self) -> dict[str, str]:
        return {n: f.value for n, f in self.fields.items() if f.kind == "hidden"}


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.fields: dict[str, FormField] = {}
        self.paragraph: list[str] = []
        self.errors: list[str] = []
        self._in_par = 0
        self._in_sup = 0
        self._in_error = 0
        self._textarea: str | None = None
        self.title = ""
        self._in_title = False
        self.code: str | None = None
        self._in_code = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if tag == "p" and "paragraph" in classes:
            self._in_par = 1
        elif tag == "sup" and self._in_par:
            self._in_sup += 1
        elif tag == "p" and "error" in classes:
            self._in_error = 1
            self.errors.append("")
        elif tag == "title":
            self._in_title = True
        elif tag == "p" and "code" in classes:
            self._in_code = True
            self.code = ""
        elif tag == "input":
            name = a.get("name", "")
            kind = a.get("type", "text")
            if not name:
                return
            f = self.fields.setdefault(name, FormField(name, kind))
            if kind in ("radio", "checkbox"):
                f.options.append(a.get("value", ""))
            else:
                f.value = a.get("value", "")
                if "data-original" in a:
                    f.original = a["data-original"]
        elif tag == "textarea":
            name = a.get("name", "")
            self.fields[name] = FormField(name, "textarea")
            self._textarea = name

    def handle_endtag(self, tag: str) -> None:
        if tag == "sup" and self._in_sup:
            self._in_sup -= 1
        elif tag == "p":
            self._in_par = 0
            self._in_error = 0
            self._in_code = False
        elif tag == "textarea":
            self._textarea = None
        elif tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_par and not self._in_sup:
            self.paragraph.append(data)
        if self._in_error:
            self.errors[-1] += data
        if self._textarea is not None:
            self.fields[self._textarea].value += data
        if self._in_title:
            self.title += data
        if self._in_code and self.code is not None:
            self.code += data


def parse_item_page(html: str) -> ItemPage:
    """Parse an item page into its paragraph, fields and error messages."""
    p = _PageParser()
    p.feed(html)
    step = int(p.fields["step"].value) if "step" in p.fields else -1
    total = 0
    if " of " in p.title:
        try:
            total = int(p.title.split(" of ")[1].split()[0])
        except (ValueError, IndexError):
            total = 0
    return ItemPage(
        step, total, "".join(p.paragraph).strip(), p.fields, [e.strip() for e in p.errors]
    )


Policy = Callable[[ItemPage], dict[str, str]]


def random_policy(seed: int | None = None, *, rewrite_rate: float = 0.2) -> Policy:
    """Answer every question at random; copy each RE except with probability ``rewrite_rate``."""
    rng = random.Random(seed)

    def policy(page: ItemPage) -> dict[str, str]:
        out: dict[str, str] = {}
        for name, f in page.fields.items():
            if f.kind == "radio" and f.options:
                out[name] = rng.choice(f.options)
            elif f.kind == "text" and f.original is not None:
                out[name] = (
                    f.original if rng.random() >= rewrite_rate else f"the {f.original.lower()}"
                )
            elif f.kind == "textarea":
                out[name] = ""
        return out

    return policy


@dataclass
class SimResult:
    participant: str
    acknowledged: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    completion_code: str | None = None
    requests: int = 0
    retries: int = 0
    refused: int = 0


class SimParticipant:
    """One simulated participant over HTTP (see the module docstring)."""

    def __init__(
        self,
        base_url: str,
        study_id: str,
        *,
        pid: str | None = None,
        policy: Policy | None = None,
        max_retries: int = 40,
        retry_wait: float = 0.25,
        timeout: float = 30.0,
        think: Callable[[], float] | None = None,
    ) -> None:
        import httpx

        self.base = base_url.rstrip("/")
        self.study = study_id
        self.pid = pid
        self.policy = policy or random_policy()
        self.max_retries = max_retries
        self.retry_wait = retry_wait
        self.think = think
        self.client = httpx.Client(base_url=self.base, timeout=timeout, follow_redirects=False)
        self.result = SimResult(pid or "")

    def close(self) -> None:
        self.client.close()

    def _request(self, method: str, url: str, **kw: Any) -> Any:
        import httpx

        for attempt in range(self.max_retries + 1):
            try:
                self.result.requests += 1
                return self.client.request(method, url, **kw)
            except httpx.TransportError:
                if attempt == self.max_retries:
                    raise
                self.result.retries += 1
                time.sleep(self.retry_wait)
        raise AssertionError("unreachable")  # pragma: no cover

    def _follow(self, url: str) -> Any:
        """GET ``url`` and follow redirects (at most 10); returns the final response."""
        for _ in range(10):
            r = self._request("GET", url)
            if r.status_code in (301, 302, 303, 307) and "location" in r.headers:
                url = r.headers["location"]
                if url.startswith("http") and not url.startswith(self.base):
                    return r  # redirect to the recruitment platform
                continue
            return r
        raise LingevalError(f"too many redirects at {url}")

    def run(self, *, max_items: int | None = None) -> SimResult:
        """Take the study from the entry link to the completion page (or ``max_items`` items)."""
        entry = f"/s/{self.study}" + (
            f"?PROLIFIC_PID={self.pid}&STUDY_ID=sim&SESSION_ID=sim" if self.pid else ""
        )
        r = self._follow(entry)
        answered = 0
        for _ in range(10_000):
            path = r.url.path if hasattr(r, "url") else ""
            if r.status_code >= 400 and not path.endswith("/item"):
                raise LingevalError(
                    f"{self.result.participant}: server said {r.status_code} at {path}"
                )
            if path.endswith("/consent"):
                csrf = parse_item_page(r.text).fields["csrf"].value
                r = self._post_then_follow(
                    f"/s/{self.study}/consent", {"csrf": csrf, "consent": "yes"}
                )
            elif path.endswith("/instructions"):
                r = self._follow(f"/s/{self.study}/item")
            elif path.endswith("/item"):
                if max_items is not None and answered >= max_items:
                    return self.result
                page = parse_item_page(r.text)
                if page.errors:
                    self.result.refused += 1
                answers = self.policy(page)
                data = {**page.hidden(), **answers}
                if self.think is not None:
                    time.sleep(self.think())
                post = self._request("POST", f"/s/{self.study}/item", data=data)
                if post.status_code == 303:
                    self.result.acknowledged.append((page.step, answers))
                    answered += 1
                    r = self._follow(post.headers["location"])
                elif post.status_code == 400:
                    r = post  # refused with messages: the page is shown again
                    if self.result.refused > 20:
                        raise LingevalError(
                            f"{self.result.participant}: answers keep being refused"
                        )
                else:
                    r = self._follow(f"/s/{self.study}/next")
            elif path.endswith("/done"):
                p = _PageParser()
                p.feed(r.text)
                self.result.completion_code = (p.code or "").strip() or None
                return self.result
            else:
                raise LingevalError(f"unexpected page {path} ({r.status_code})")
        raise LingevalError("the study did not end")  # pragma: no cover

    def _post_then_follow(self, url: str, data: dict[str, str]) -> Any:
        r = self._request("POST", url, data=data)
        if r.status_code == 303:
            return self._follow(r.headers["location"])
        return r


def run_participants(
    base_url: str,
    study_id: str,
    n: int,
    *,
    concurrency: int = 10,
    policy_factory: Callable[[int], Policy] | None = None,
    pid_prefix: str = "SIM",
    progress: bool = False,
    consent_in_order: bool = False,
    **kwargs: Any,
) -> list[SimResult]:
    """Run ``n`` simulated participants, at most ``concurrency`` at a time (thread pool).

    Results come back in participant order; ``progress`` shows a tqdm bar on stderr.
    ``consent_in_order``: participants 0, 1, ... consent one after the other before anyone
    answers (then answer concurrently), so group assignment and presentation order do not
    depend on thread timing: with per-participant seeded policies the stored answers are the
    same at any ``concurrency`` (reproducible demos).
    """
    sims: dict[int, SimParticipant] = {}

    def make(i: int) -> SimParticipant:
        policy = policy_factory(i) if policy_factory else random_policy(i)
        return SimParticipant(
            base_url, study_id, pid=f"{pid_prefix}{i:04d}", policy=policy, **kwargs
        )

    if consent_in_order:
        for i in range(n):
            sims[i] = make(i)
            sims[i].run(max_items=0)  # entry, consent, instructions: stops at the first item

    def one(i: int) -> SimResult:
        sim = sims.get(i) or make(i)
        try:
            return sim.run()
        finally:
            sim.close()

    with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        if not progress:
            return list(pool.map(one, range(n)))
        from concurrent.futures import as_completed

        from tqdm import tqdm

        futures = {pool.submit(one, i): i for i in range(n)}
        out: dict[int, SimResult] = {}
        for fut in tqdm(as_completed(futures), total=n, desc="participants", unit="p", leave=False):
            out[futures[fut]] = fut.result()
        return [out[i] for i in range(n)]
