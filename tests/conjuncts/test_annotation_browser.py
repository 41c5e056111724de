"""A real browser (Chromium via Playwright) walking one seven-sentence conjunct-rewrite HIT
(paper 000, 4.2 and appendix A.3): the task's consent text, the explained examples, live
checks that agree with the server, the feedback box, and one HIT per participant. Skips
unless LINGEVAL_CHROMIUM names a Chromium binary (``.ci/services.sh`` exports it).

Set LINGEVAL_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lingeval.conjuncts.annotation.checks import check_rewrite_set, message
from lingeval.conjuncts.annotation.task import TASK_NAME, make_hits
from lingeval.study.design import make_design
from lingeval.study.storage import Store
from lingeval.study.web.server import BackgroundServer
from tests.conjuncts.test_annotation_study import GOOD, examples
from tests.conjuncts.test_meaning_browser import chromium_path
from tests.study.test_browser import TIMEOUT_MS

pytestmark = pytest.mark.browser


def test_a_worker_walks_one_seven_sentence_hit(tmp_path: Path) -> None:
    exe = chromium_path()
    if exe is None:
        pytest.skip("LINGEVAL_CHROMIUM is not set to a Chromium binary")
    sync_api = pytest.importorskip("playwright.sync_api")
    shots = Path(os.environ.get("LINGEVAL_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    items = make_hits(examples())  # a HIT of seven sentences and a HIT of one
    store = Store(tmp_path / "browser.sqlite")
    store.create_study(
        "rw",
        items,
        make_design(items, len(items), per_group=1),  # one group per HIT
        task_type=TASK_NAME,
        title="Rewrite sentences",
    )
    with BackgroundServer(store) as url, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=exe,
            headless=True,
            args=["--no-sandbox", "--disable-gpu"],
            timeout=TIMEOUT_MS,
        )
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.set_default_timeout(TIMEOUT_MS)  # a loaded CI machine is slow
        page.goto(f"{url}/s/rw?PROLIFIC_PID=WORKER1&STUDY_ID=s&SESSION_ID=s")
        assert "collects rewrites of English sentences" in page.content()  # task consent
        page.check("input[name=consent]")
        page.click("button[type=submit]")
        assert "Pages to complete: 1" in page.content()  # one HIT, not all of them
        page.goto(f"{url}/s/rw/item")
        assert page.locator("fieldset.conjunct-rewrite").count() == 7
        assert "Page 1 of 1" in page.locator(".progress").inner_text()
        # the explained examples: one of each kind up front, five of each on demand
        intro = page.locator(".hit-intro")
        assert intro.locator(".examples .example.rewritable").count() == 1
        assert intro.locator(".examples .example.not-rewritable").count() == 1
        assert intro.locator(".examples .example.not-rewritable .why").is_visible()
        more = intro.locator("details.more-examples")
        assert not more.locator(".example").first.is_visible()
        more.locator("summary").click()
        assert more.locator(".example.rewritable").count() == 5
        assert more.locator(".example.not-rewritable").count() == 5
        assert more.locator(".example").nth(9).is_visible()
        assert intro.locator(".guidance").is_visible()
        page.screenshot(path=str(shots / "hit-examples.png"), full_page=True)
        # labels do not run together: the checkbox label and the explanation label are on
        # different lines
        box = page.locator("label[for=not_rewritable_0]").bounding_box()
        why = page.locator("label[for=explanation_0]").bounding_box()
        assert box is not None and why is not None and why["y"] >= box["y"] + box["height"] - 1
        # live checks: lost content, an added negation, a copied sentence (asks for an
        # explanation, as the server does), numbers listed once
        live = page.locator("fieldset[data-index='0'] .live-check")
        page.fill("textarea[name=rewrites_0]", "Josh likes wine.")
        assert "in none of your sentences: Jane, water" in live.inner_text()
        page.fill("textarea[name=rewrites_0]", "Josh likes wine.\nJane does not like water.")
        assert "Sentence 2 adds a negation ('not')" in live.inner_text()
        page.fill("textarea[name=rewrites_0]", "Josh likes wine and Jane water.")
        assert live.inner_text() == (
            "You left the sentence unchanged: please explain why it cannot be rewritten."
        )
        page.fill(
            "textarea[name=rewrites_0]", "Josh likes wine, 2 cats.\nJane likes water, 2 cats."
        )
        assert "New words not in the sentence: 2, cats;" in live.inner_text()
        # live check and server checks give the same message, case by case
        sents = examples()
        cases = [
            (0, "Josh likes wine.\nJane likes water."),
            (0, "Josh liked wine.\nJane's liking water."),
            (0, "Josh likes wine and Jane likes water."),
            (0, "Josh likes wine.\nJosh likes wine."),
            (1, "Tom likes tea.\nAnna doesn't like coffee."),
            (1, "Tom likes tea but Anna likes coffee."),
            (2, "Kim bought 40,000 apples.\nLee bought pears."),
            (3, "Mia reads novels.\nLeo never reads poems."),
            (5, "Sales rose in March.\nSales fell in April."),
            (5, "Sales rose in March and fell in April."),
            (6, "The cat is asleep.\nThe dog isn't outside."),
        ]
        for k, text in cases:
            ex = sents[k]
            page.fill(f"textarea[name=rewrites_{k}]", text)
            live_text = page.locator(f"fieldset[data-index='{k}'] .live-check").inner_text()
            server = message(
                check_rewrite_set(ex.sentence, ex.conjunction, ex.offset, text.split("\n"))
            )
            assert live_text == server, (k, text)
        # the server says the same for the copied sentence and the lost content
        for k in range(7):
            page.fill(f"textarea[name=rewrites_{k}]", GOOD[k])
        page.fill("textarea[name=rewrites_0]", "Josh likes wine and Jane water.")
        page.fill("textarea[name=rewrites_2]", "Kim bought apples.")
        live2 = page.locator("fieldset[data-index='2'] .live-check").inner_text()
        page.click("button[type=submit]")
        page.wait_for_load_state()
        assert page.locator("fieldset[data-index='0'] p.error").inner_text() == (
            "You left the sentence unchanged: please explain why it cannot be rewritten."
        )
        assert page.locator("fieldset[data-index='2'] p.error").inner_text() == live2
        assert store.export_json("rw") == []  # nothing stored
        page.screenshot(path=str(shots / "hit-refused.png"), full_page=True)
        page.fill("textarea[name=rewrites_0]", GOOD[0])
        page.fill("textarea[name=rewrites_2]", GOOD[2])
        assert page.locator("fieldset.conjunct-rewrite.invalid").count() == 0
        page.fill("textarea[name=feedback]", "Clear examples.")
        page.click("button[type=submit]")
        page.wait_for_load_state()
        assert "/s/rw/done" in page.url  # one HIT, then done
        browser.close()
    rows = store.export_json("rw")
    assert len({r["target"] for r in rows if r["question"] == "rewrites"}) == 7
    assert [r["value"] for r in rows if r["question"] == "feedback"] == ["Clear examples."]
    store.dispose()
