"""A real browser (Debian's Chromium driven by Playwright) through a participant session and an
admin export. Screenshots go to ``artifacts/study-browser/``. Skips without Chromium."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from lingeval.study.design import make_design
from lingeval.study.storage import Store
from lingeval.study.tasks.reg import example_items
from lingeval.study.web.server import BackgroundServer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "study-browser"
ADMIN = "browser-admin-token"
# Playwright's waits (launch, navigation, each action): 30 s by default, too short for a loaded
# machine; a healthy run moves on as soon as the page is there.
TIMEOUT_MS = 180_000


def chromium_path() -> str | None:
    env = os.environ.get("LINGEVAL_CHROMIUM")
    if env and Path(env).exists():
        return env
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def test_participant_session_and_admin_export(tmp_path: Path) -> None:
    exe = chromium_path()
    if exe is None:
        pytest.skip("Chromium not found (set LINGEVAL_CHROMIUM or install /usr/bin/chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True)
    store = Store(tmp_path / "browser.sqlite")
    items = example_items(4)
    store.create_study(
        "web",
        items,
        make_design(items, 3, seed=2),
        admin_token=ADMIN,
        completion_code="BRWS3R",
        title="Paragraph study",
    )
    with BackgroundServer(store) as url, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=exe,
            headless=True,
            accept_downloads=True,
            timeout=TIMEOUT_MS,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        browser.set_default_timeout(TIMEOUT_MS)
        try:
            page = browser.new_page()
            page.goto(f"{url}/s/web?PROLIFIC_PID=BROWSER1&STUDY_ID=st1&SESSION_ID=se1")
            assert "/consent" in page.url
            page.screenshot(path=str(ARTIFACTS / "01-consent.png"), full_page=True)
            page.check("input[name=consent]")
            page.click("button[type=submit]")
            assert "/instructions" in page.url
            page.screenshot(path=str(ARTIFACTS / "02-instructions.png"), full_page=True)
            page.click("text=Start")
            step = 0
            while "/item" in page.url:
                assert (
                    page.locator(".progress").inner_text().startswith(f"Paragraph {step + 1} of 4")
                )
                if step == 0:
                    # the browser refuses an incomplete form (required fields); nothing is sent
                    page.click("button[type=submit]")
                    assert "/item" in page.url
                    page.screenshot(path=str(ARTIFACTS / "03-item.png"), full_page=True)
                if step == 1:
                    # a reload (or a lost connection) keeps the half-filled form (JS draft) and
                    # the server keeps the position
                    page.check("input[name=familiarity][value=no]")
                    page.fill("textarea[name=comment]", "draft before reload")
                    page.reload()
                    assert page.locator(".progress").inner_text().startswith("Paragraph 2 of 4")
                    assert page.input_value("textarea[name=comment]") == "draft before reload"
                    assert page.is_checked("input[name=familiarity][value=no]")
                page.check("input[name=familiarity][value=yes]")
                for radio in page.locator("input[type=radio][name^=success-][value=maybe]").all():
                    radio.check()
                for key, value in (("clarity", "6"), ("grammaticality", "5"), ("coherence", "7")):
                    page.check(f"input[name={key}][value='{value}']")
                copies = page.locator("button.copy")
                assert (
                    copies.count() == page.locator("input[data-original]").count() > 0
                )  # JS enhancement
                copies.first.click()
                first = page.locator("input[data-original]").first
                assert first.input_value() == first.get_attribute("data-original")
                for box in page.locator("input[data-original]").all()[1:]:
                    box.fill("the rewritten one")
                page.fill("textarea[name=comment]", f"browser comment {step}")
                page.click("button[type=submit]")
                page.wait_for_load_state()
                step += 1
            assert step == 4
            assert "/done" in page.url
            assert page.locator("#completion-code").inner_text().strip() == "BRWS3R"
            page.screenshot(path=str(ARTIFACTS / "04-done.png"), full_page=True)

            admin = browser.new_page()
            admin.goto(f"{url}/admin/web")
            assert "Please log in" in admin.content()
            admin.fill("input[name=token]", ADMIN)
            admin.click("button[type=submit]")
            assert "Progress per group" in admin.content()
            assert "BROWSER1" in admin.content()
            admin.wait_for_load_state("networkidle")
            assert (
                admin.evaluate("document.querySelector('img').naturalWidth") > 0
            )  # progress chart
            admin.screenshot(path=str(ARTIFACTS / "05-admin.png"), full_page=True)
            with admin.expect_download() as dl:
                admin.click("#export-csv")
            target = ARTIFACTS / "export.csv"
            dl.value.save_as(str(target))
            text = target.read_text()
            assert text.startswith("study_id,participant_id,group,item_id")
            assert (
                "BROWSER1" in text and "browser comment 3" in text and "the rewritten one" in text
            )
        finally:
            browser.close()
    rows = store.export_json("web")
    assert {r["value"] for r in rows if r["question"] == "clarity"} == {"6"}
    store.dispose()
    assert len(list(ARTIFACTS.glob("*.png"))) == 5
