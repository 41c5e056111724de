"""A real browser (Chromium via Playwright) judging conjunct-meaning items: the highlighted
conjunction is visible, the choice is required, answers are stored. Skips unless
LINGEVAL_CHROMIUM names a Chromium binary (``.ci/services.sh`` exports it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lingeval.conjuncts.meaning import TASK_NAME, draw_items
from lingeval.study.design import make_design
from lingeval.study.storage import Store
from lingeval.study.web.server import BackgroundServer
from tests.conjuncts.test_meaning_fixtures import bad, examples, good
from tests.study.test_browser import TIMEOUT_MS

pytestmark = pytest.mark.browser


def chromium_path() -> str | None:
    env = os.environ.get("LINGEVAL_CHROMIUM")
    return env if env and Path(env).exists() else None


def test_a_judge_in_a_browser(tmp_path: Path) -> None:
    exe = chromium_path()
    if exe is None:
        pytest.skip("LINGEVAL_CHROMIUM is not set to a Chromium binary")
    sync_api = pytest.importorskip("playwright.sync_api")
    exs = examples()[:2]
    drawn = draw_items(
        exs, {"t5": {e.id: good(e) for e in exs}, "rules": {e.id: bad(e) for e in exs}}, seed=1
    )
    store = Store(tmp_path / "browser.sqlite")
    store.create_study(
        "mb", drawn.items, make_design(drawn.items, 2), task_type=TASK_NAME, title="Meaning"
    )
    with BackgroundServer(store) as url, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=exe,
            headless=True,
            args=["--no-sandbox", "--disable-gpu"],
            timeout=TIMEOUT_MS,
        )
        page = browser.new_page()
        page.set_default_timeout(TIMEOUT_MS)  # a loaded CI machine is slow
        page.goto(f"{url}/s/mb?PROLIFIC_PID=BROWSER1&STUDY_ID=s&SESSION_ID=s")
        page.check("input[name=consent]")
        page.click("button[type=submit]")
        assert "Items to judge: 2" in page.content()
        page.goto(f"{url}/s/mb/item")
        for step in range(2):
            mark = page.locator("mark.conjunction")
            assert mark.inner_text() == "and" and mark.is_visible()
            assert page.locator("li.rewrite").count() == 2
            page.click("button[type=submit]")  # no choice yet: the browser keeps the page
            assert page.url.endswith("/s/mb/item")
            assert store.export_json("mb") == [] or step == 1
            page.check("input[name=meaning][value=different]")
            page.fill("textarea[name=note]", f"note {step}")
            page.click("button[type=submit]")
            page.wait_for_load_state()
        page.screenshot(path=str(tmp_path / "done.png"))
        assert "/s/mb/done" in page.url
        browser.close()
    rows = store.export_json("mb")
    assert [r["value"] for r in rows if r["question"] == "meaning"] == ["different", "different"]
    assert sorted(r["value"] for r in rows if r["question"] == "note") == ["note 0", "note 1"]
    store.dispose()
