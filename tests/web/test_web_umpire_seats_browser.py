"""The tablet and the scoreboard in chromium: the seats after a game (ICF 58) and the rest before the third (ICF 138)."""

from test_web_umpire_browser import PHONE, TABLET, open_page, start, tap_choices


def test_the_tablet_says_who_moves_and_counts_the_rest_down(server, browser, artifacts):
    """ICF 58: the players change sides after each game, and the tablet then names each by the chair he sits in;
    ICF 138: ten minutes of rest before the third game, counted down on the tablet and the scoreboard."""
    errors = []
    page = open_page(browser, errors, **TABLET)
    start(page, server.url)
    tap_choices(page, "#concede", "game", "confirm")  # South (Asha) concedes game 1 (ICF 139)
    facts = page.inner_text("#facts")
    assert "Asha → North, Ravi → South" in facts and "ICF 58" in facts
    assert page.inner_text("#prompt").startswith("South (Ravi)")
    page.tap("#declare")
    page.tap("#dialog [data-choice='technical']")
    page.wait_for_function("document.getElementById('dialog-text').textContent.includes('Who broke the law?')")
    choices = page.eval_on_selector_all("#dialog [data-choice]", "bs => bs.map((b) => [b.textContent, b.dataset.choice])")
    assert choices == [["North (Asha)", "north"], ["South (Ravi)", "south"]]  # each by the chair he sits in now
    page.tap("#dialog-cancel")
    tap_choices(page, "#concede", "game", "confirm")  # Ravi concedes game 2: one game each
    rest = page.locator("#facts li.rest")
    assert rest.inner_text().startswith("rest before game 3: 9:5") or rest.inner_text().startswith("rest before game 3: 10:00")
    page.screenshot(path=str(artifacts / "umpire-rest-tablet.png"))
    spectator = open_page(browser, errors, **PHONE)
    spectator.goto(page.input_value("#scoreboard-url") if page.is_visible("#scoreboard-url") else
                   page.evaluate("new URL(umpire.state.links.scoreboard, location.href).href"))
    spectator.wait_for_function("window.scoreboard && scoreboard.state && scoreboard.connected")
    before = spectator.inner_text("#facts li.rest")
    assert "rest before game 3" in before and "ICF 138" in before
    spectator.wait_for_function(f"document.querySelector('#facts li.rest').textContent !== {before!r}", timeout=3000)
    spectator.screenshot(path=str(artifacts / "scoreboard-rest-phone.png"), full_page=True)
    assert not errors, errors
