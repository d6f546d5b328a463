"""The lobby's profile in Debian's chromium (issue 39, docs/web.md "The lobby"): a player with three rated games
sees her rating history as a small inline graph (a point to start and one a game) and her latest games with
their replays; rules that do not exist are refused naming the field. Fails on main (no history)."""


def test_the_profile_shows_the_rating_history_as_a_graph(server, browser, artifacts):
    errors: list[str] = []
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "lobby?lang=en")
    page.wait_for_function("window.lobby && lobby.ready")
    page.fill("#signup-form input[name=name]", "Asha Rao")
    page.fill("#signup-form input[name=password]", "a long password")
    page.click("#signup-button")
    page.wait_for_selector("#profile:not([hidden])")
    assert page.inner_text("#history") == "No rated game in these rules yet."
    accounts = server.app.state.lobby.accounts
    asha, _ = accounts.sign_in("Asha Rao", "a long password")
    ravi, _ = accounts.guest("Ravi")
    for n, winner in enumerate((0, 1, 0)):
        accounts.open_game(f"room-{n}", "icf", [[asha.id], [ravi.id]], rated=True, now=1000.0 + n)
        accounts.finish_game(f"room-{n}", winner)
    page.reload()
    page.wait_for_function("window.lobby && lobby.ready && document.querySelector('#history-graph')")
    points = page.get_attribute("#history-graph polyline", "points").split()
    assert len(points) == 4  # 1500 to start, then one a game
    heights = [float(p.split(",")[1]) for p in points]
    assert heights[1] < heights[0] and heights[2] > heights[1] and heights[3] < heights[2]  # won, lost, won
    assert page.get_attribute("#history li:first-child a", "href") == "/replay/room-2"  # the latest first
    page.locator("#profile").screenshot(path=str(artifacts / "lobby-profile-390x844.png"))
    refused = page.evaluate("fetch('/api/lobby/me/history?ruleset=nope').then(async (r) => [r.status, (await r.json()).error])")
    assert refused[0] == 400 and refused[1].startswith("ruleset: one of icf")
    assert errors == []
