"""The tablet's buttons in chromium: a button for the laws' 15-second clocks, and Help that maps every button."""

from test_web_umpire_browser import TABLET, open_page, set_up, tap_choices


def test_a_clock_button_and_help_that_maps_the_buttons(server, browser, artifacts):
    """ICF 46: the breaker has 15 seconds after "Play" to break; the umpire says so with one button (asked first),
    and the referee rules it. Help names every button on the pad in its own words, with what it does. The setup
    names the rules, not their codes, and the page leads back to the home page."""
    errors = []
    page = open_page(browser, errors, **TABLET)
    set_up(page, server.url)
    rules = page.inner_text("#variant")
    assert "ICF laws" in rules and "French official rules" in rules and "fr-official" not in rules
    assert page.get_attribute("#home", "href") == "/"
    page.tap("#start")
    page.wait_for_function("window.umpire && umpire.ready && umpire.canEnter")
    page.tap("#help")
    page.wait_for_selector("#help-map")
    mapped = page.eval_on_selector_all("#help-map th", "ths => ths.map((th) => th.textContent)")
    shown = page.eval_on_selector_all("#pad button", "bs => bs.filter((b) => !b.hidden).map((b) => b.textContent.trim())")
    assert sorted(mapped) == sorted(shown), (mapped, shown)
    assert "ICF 46, 50, 88 a" in page.inner_text("#help-map")
    page.screenshot(path=str(artifacts / "umpire-help-tablet.png"))
    page.tap("#dialog-cancel")
    ruling = tap_choices(page, "#clock", "confirm")
    assert "ICF 46" in ruling and page.evaluate("umpire.state.log[0].entry").startswith("South (Asha) did not break")
    assert not errors, errors
