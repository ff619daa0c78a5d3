"""The compare page in a real browser: pick two models, see the verdict and the turns
that differ most, follow one to its conversation."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.support import log_in

pytestmark = pytest.mark.browser

REFERENCES = [
    "my flight leaves at seven tonight",
    "please change my seat to the window",
    "I need a receipt for the taxi",
]
WORSE = ["my fight leaves at seven tonight", "please change my seat", "I need a receipt for taxi"]


def import_two_models() -> None:
    """Six callers (trn ids `callN_k`, grouped by speaker), transcribed by two models:
    stt-old with errors, stt-new without; imported and scored inline."""
    from reviewapp.services.import_formats import options_from
    from reviewapp.services.imports import do_import
    from scoring.formats import Source

    def trn(texts) -> bytes:
        lines = [f"{text} (call{n}_{k})" for n in range(6) for k, text in enumerate(texts)]
        return ("\n".join(lines) + "\n").encode()

    for model, hypotheses in (("stt-old", WORSE), ("stt-new", REFERENCES)):
        fields = {"format": "trn", "language": "en", "model": model, "id_style": "rm"}
        options = options_from(fields, Source(f"{model}.trn", trn(hypotheses)))
        do_import(trn(REFERENCES), "ref.trn", options=options, default_dataset="calls")


def test_compare_two_models_and_follow_a_turn(live_server, page, reviewer):
    import_two_models()
    log_in(page, live_server, reviewer)
    page.click("nav >> text=Compare")
    page.wait_for_selector("#compare-form")
    page.select_option("#id_language", "en")
    page.click("#compare-pickers")  # the dataset and model lists of the chosen language
    page.wait_for_selector("#id_dataset option[value=calls]", state="attached")
    page.select_option("#id_dataset", "calls")
    page.select_option("#id_a", "stt-old")
    page.select_option("#id_b", "stt-new")
    page.click("#compare-form button[type=submit]")
    verdict = page.wait_for_selector("#verdict")
    assert verdict.inner_text().startswith(
        "B (stt-new) makes fewer errors than A (stt-old): both tests agree at the 5% level"
    )
    assert "sign test p = 0.0312" in verdict.inner_text()
    rows = page.locator("#compare-turns tbody tr")
    assert rows.count() == 10  # the ten that differ most, of eighteen
    first = rows.nth(0).locator("td")
    assert (first.nth(0).inner_text(), first.nth(1).inner_text()) == ("1", "3")
    assert (
        page.locator("#compare-a td").first.inner_text() == "25.00%"
    )  # 5 errors in 20 words, six times
    results = Axe().run(page)  # the result, as the accessibility test checks other pages
    assert not results.violations_count, results.generate_report()
    rows.nth(0).locator("td a").first.click()
    page.wait_for_selector("h1")
    assert "/conversations/" in page.url and "#turn-" in page.url
