"""The invitation and watch links, and "Past matches", in real browsers (Debian's chromium through Playwright).

Each browser context is another person's browser: its own localStorage, so its own key.
"""

from web_helpers import start_online


def new_page(browser, errors):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page


def past_matches(page, url):
    page.goto(url + "matches")
    page.wait_for_function("!document.getElementById('match-list').textContent.includes('loading')")
    return page.inner_text("#match-list")


def test_invitation_and_watch_links_and_past_matches(server, browser, artifacts):
    errors = []
    host = new_page(browser, errors)
    start_online(host, server.url, "Asha")
    invite, watch = host.input_value("#share-link"), host.input_value("#watch-link")
    room = host.evaluate("location.pathname").split("/")[-1]
    assert invite.startswith(f"{server.url}room/{room}#invite=") and watch == f"{server.url}room/{room}"
    host.screenshot(path=str(artifacts / "links-host.png"))
    # nobody's turn while north is free: the page says whom the match waits for, and takes no stroke
    host.wait_for_function("document.getElementById('turn').textContent.includes('Waiting for a player')")
    assert "your turn" not in host.inner_text("#turn") and host.evaluate("carrom.myTurn()") is None

    watcher = new_page(browser, errors)  # given the watch link: sees the board, cannot take the seat
    watcher.goto(watch)
    watcher.wait_for_selector("#game:not([hidden])")
    assert watcher.is_hidden("#join") and watcher.evaluate("carrom.mine") == []
    assert watcher.is_hidden("#share")

    guest = new_page(browser, errors)  # given the invitation: takes north
    guest.goto(invite)
    guest.wait_for_selector("#join:not([hidden])")
    guest.fill("#join-name", "Ravi")
    guest.click("[data-seat=north]")
    guest.wait_for_function("carrom.mine.includes('north')")
    for page in (host, watcher):
        page.wait_for_function("carrom.state.seats.north.name === 'Ravi'")
    host.wait_for_function("document.getElementById('turn').textContent.includes('your turn')")
    guest.screenshot(path=str(artifacts / "links-guest.png"))

    assert "Asha v Ravi" in past_matches(host, server.url)
    assert "Asha v Ravi" in past_matches(guest, server.url)
    assert "No matches yet" in past_matches(watcher, server.url)  # only watched: not this browser's match

    # a public match: listed for every browser, as a link to watch
    host.goto(server.url)
    host.select_option("#mode", "local")
    host.fill("input[name=name-south]", "Bela")
    host.check("#public")
    host.click("#start")
    host.wait_for_function("carrom.state && carrom.mine.length === 2")
    text = past_matches(watcher, server.url)
    assert "Bela" in text and "Asha v Ravi" not in text
    link = watcher.get_attribute("#match-list a:has-text('watch (public)')", "href")
    assert "invite" not in link
    watcher.click("#match-list a:has-text('watch (public)')")
    watcher.wait_for_selector("#game:not([hidden])")
    assert watcher.evaluate("carrom.mine") == [] and "Bela" in watcher.inner_text("#scoreboard")
    watcher.screenshot(path=str(artifacts / "links-public-watch.png"))
    assert not errors, errors
