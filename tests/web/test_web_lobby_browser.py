"""The lobby's page in Debian's chromium (issue 39): a stranger on a laptop signs up, another on a phone plays as
a guest; both look for a casual match, are paired, and land in one room, each in their own seat, which says the game is
casual and how long its break may wait before it is aborted; the page is in the reader's language and shows no
console error."""

DESKTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def open_lobby(browser, server, errors, **context):
    page = browser.new_context(**context).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "lobby?lang=en")
    page.wait_for_function("window.lobby && lobby.ready")
    return page


def test_two_strangers_meet_in_one_room_from_the_lobby(server, browser, artifacts):
    errors: list[str] = []
    laptop = open_lobby(browser, server, errors, **DESKTOP)
    laptop.fill("#signup-form input[name=name]", "Asha Rao")
    laptop.fill("#signup-form input[name=password]", "a long password")
    laptop.click("#signup-button")
    laptop.wait_for_selector("#seeking:not([hidden])")
    assert laptop.inner_text("#who") == "Asha Rao"
    phone = open_lobby(browser, server, errors, **PHONE)
    phone.fill("#guest-form input[name=name]", "Ravi")
    phone.click("#guest-button")
    phone.wait_for_selector("#seeking:not([hidden])")
    assert phone.is_disabled("#rated") and not phone.is_checked("#rated")  # a guest plays casual games
    laptop.uncheck("#rated")  # casual, to meet the guest
    laptop.screenshot(path=str(artifacts / "lobby-1366x768.png"))
    laptop.click("#seek-button")
    laptop.wait_for_selector("#waiting:not([hidden])")
    assert "Looking for an opponent within" in laptop.inner_text("#waiting")
    phone.screenshot(path=str(artifacts / "lobby-390x844.png"))
    phone.click("#seek-button")
    laptop.wait_for_url("**/room/*", timeout=20_000)
    phone.wait_for_url("**/room/*", timeout=20_000)
    assert laptop.url == phone.url
    phone.wait_for_function("document.body.innerText.includes('Asha Rao')")
    room = laptop.url.rsplit("/", 1)[1]
    tokens = [p.evaluate(f"localStorage.getItem('carrom-token-{room}')") for p in (laptop, phone)]
    assert all(tokens) and tokens[0] != tokens[1]
    # the room says what the lobby makes of it: casual, and how long the break may wait before it is aborted
    laptop.wait_for_function("document.getElementById('lobby-game').textContent.startsWith("
                             "'A casual game of the lobby. If the break is not played within ')")
    assert errors == []
