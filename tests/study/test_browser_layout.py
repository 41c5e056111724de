"""Layout of the item page in Chromium at phone and desktop widths (issue 12): every rating
scale on one row with equal spacing, touch targets of at least 44 px, no horizontal scrolling,
secondary "same as shown" buttons. Positions are measured, not eyeballed; screenshots go to
``artifacts/study-browser/layout-<width>.png``. Skips without Chromium."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from lingeval.study.design import make_design
from lingeval.study.storage import Store
from lingeval.study.tasks.reg import example_items
from lingeval.study.web.app import ServeSettings
from lingeval.study.web.server import BackgroundServer
from tests.study.test_browser import ARTIFACTS, TIMEOUT_MS, chromium_path

pytestmark = pytest.mark.browser

WIDTHS = (320, 390, 1280)
MEASURE = """() => [...document.querySelectorAll('.scale')].map(s => ({
  labels: [...s.querySelectorAll('label')].map(l => {
    const b = l.getBoundingClientRect();
    return {x: b.x, y: b.y, w: b.width, h: b.height};
  }),
  radios: [...s.querySelectorAll('input')].map(i => {
    const b = i.getBoundingClientRect();
    return {cx: b.x + b.width / 2, cy: b.y + b.height / 2, value: i.value};
  }),
}))"""


def check_scale(scale: dict[str, Any], width: int) -> None:
    labels, radios = scale["labels"], scale["radios"]
    assert [r["value"] for r in radios] == [str(i) for i in range(1, len(radios) + 1)]
    tops = {round(r["cy"]) for r in radios}
    assert max(tops) - min(tops) <= 1, f"{width}px: the scale wraps ({sorted(tops)})"
    xs = [r["cx"] for r in radios]
    assert xs == sorted(xs), f"{width}px: points out of order"
    gaps = [b - a for a, b in pairwise(xs)]
    assert max(gaps) - min(gaps) <= 1.0, f"{width}px: unequal spacing {gaps}"
    for lab in labels:
        assert lab["w"] >= 44 and lab["h"] >= 44, f"{width}px: target {lab['w']}x{lab['h']}"
        assert lab["x"] >= 0 and lab["x"] + lab["w"] <= width + 0.5


@pytest.mark.parametrize("width", WIDTHS)
def test_scales_stay_on_one_row_with_44px_targets(tmp_path: Path, width: int) -> None:
    exe = chromium_path()
    if exe is None:
        pytest.skip("Chromium not found (set LINGEVAL_CHROMIUM or install /usr/bin/chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    store = Store(tmp_path / "layout.sqlite")
    items = example_items(4)
    store.create_study("lay", items, make_design(items, 3, seed=2), title="Paragraph study")
    settings = ServeSettings(new_per_address=(0, 0))
    with BackgroundServer(store, settings=settings) as url, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=exe,
            headless=True,
            args=["--no-sandbox", "--disable-gpu"],
            timeout=TIMEOUT_MS,
        )
        try:
            phone = width < 500
            page = browser.new_page(
                viewport={"width": width, "height": 800},
                device_scale_factor=2 if phone else 1,
                is_mobile=phone,
                has_touch=phone,
            )
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(f"{url}/s/lay?PROLIFIC_PID=LAYOUT{width}&STUDY_ID=s&SESSION_ID=x")
            page.check("input[name=consent]")
            page.click("button[type=submit]")
            page.click("text=Start")
            assert "/item" in page.url
            assert page.locator("h1").count() == 1
            assert page.locator("label[for=comment]").count() == 1
            scales = page.evaluate(MEASURE)
            assert len(scales) == 3  # clarity, grammaticality, coherence
            for scale in scales:
                check_scale(scale, width)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{width}px: the page scrolls sideways by {overflow}px"
            copy = page.locator("button.copy").first
            style = "e => getComputedStyle(e).backgroundColor"
            assert copy.evaluate(style) != page.locator("button[type=submit]").evaluate(style)
            box = copy.bounding_box()
            assert box is not None and box["height"] >= 44
            page.screenshot(path=str(ARTIFACTS / f"layout-{width}.png"), full_page=True)
        finally:
            browser.close()
    store.dispose()
