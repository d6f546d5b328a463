"""The tables' QR codes in a browser (issue 42 items 11 and 16): the table page a code leads to, on a phone, from
before the toss to the next round; the public page fetching the codes only where it shows them, once."""

from __future__ import annotations

import httpx

from test_web_desk import NAMES, step, toss

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1366, "height": 768}}
SHOTS = "/tmp"  # looked at by a person, never written into the checkout


def open_page(browser, errors, **context):
    page = browser.new_context(**context).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def made(client, rounds=2):
    r = client.post("/api/desk", json={"name": "Hall Open", "players": NAMES, "system": "swiss", "rounds": rounds})
    assert r.status_code == 200, r.text
    eid, key = r.json()["id"], {"X-Desk-Key": r.json()["key"]}
    step(client, eid, key, "pair")
    step(client, eid, key, "publish")
    return eid, key


def desk_match(client, eid, key, round_number, table):
    return next(m for m in client.get(f"/api/desk/{eid}", headers=key).json()["rounds"][round_number - 1]["matches"]
                if m["table"] == table)


def test_the_table_page_shows_what_is_on_the_table_now(make_server, sqlite_db, browser):
    """On main /t/EVENT/table/N did not exist, and the code led to "this match does not exist" until the toss."""
    errors: list[str] = []
    with make_server(sqlite_db) as server, httpx.Client(base_url=server.url) as client:
        eid, key = made(client)
        phone = open_page(browser, errors, **PHONE)
        phone.goto(f"{server.url}t/{eid}/table/1?lang=en")
        phone.wait_for_selector("#waiting")
        text = phone.inner_text("main")
        assert "Table 1 · Round 1" in text and "Waiting for the toss" in text
        match = desk_match(client, eid, key, 1, 1)
        for side in match["sides"]:
            assert " & ".join(side) in text
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.screenshot(path=f"{SHOTS}/table-page-waiting-390x844.png")

        toss(client, match["umpire"])  # the umpire's tablet runs the match: its scoreboard on the table's page
        phone.wait_for_selector("iframe.scoreboard-frame")
        board = phone.get_attribute("iframe.scoreboard-frame", "src")
        assert board.startswith("/scoreboard/")
        phone.frame_locator("iframe.scoreboard-frame").locator("#score").wait_for()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.screenshot(path=f"{SHOTS}/table-page-scoreboard-390x844.png")

        for m in client.get(f"/api/t/{eid}").json()["rounds"][0]["matches"]:
            step(client, eid, key, "result", round=1, table=m["table"], games="25-10 25-9")
        phone.wait_for_selector(".outcome .score")
        assert phone.locator("iframe.scoreboard-frame").count() == 0
        step(client, eid, key, "pair")
        step(client, eid, key, "publish")
        phone.wait_for_function("document.querySelector('#where').textContent.includes('Round 2')")
        assert "Waiting for the toss" in phone.inner_text("main")  # the same page, the same code: the next match
    assert not errors


def qr_fetches(page) -> list[str]:
    """The QR images the page fetched over the network (a cached one has no transfer)."""
    return page.evaluate("performance.getEntriesByType('resource').filter((e) => e.name.includes('/qr/')"
                         " && e.transferSize > 0).map((e) => e.name)")


def test_the_public_page_fetches_codes_only_where_shown_and_once(make_server, sqlite_db, browser):
    """Item 11, on main: every table's code of every round, re-fetched after results (a minute's max-age, a code
    per round), phones included where the column is hidden. Now: the current round's codes on a wide screen, one
    fetch each for the whole event; none on a phone."""
    errors: list[str] = []
    with make_server(sqlite_db) as server, httpx.Client(base_url=server.url) as client:
        eid, key = made(client)
        tables = [m["table"] for m in client.get(f"/api/t/{eid}").json()["rounds"][0]["matches"] if len(m["sides"]) == 2]
        wide = open_page(browser, errors, **DESKTOP)
        wide.goto(f"{server.url}t/{eid}")
        wide.wait_for_function("window.tournament && tournament.subscribed && tournament.state")
        phone = open_page(browser, errors, **PHONE)
        phone.goto(f"{server.url}t/{eid}")
        phone.wait_for_function("window.tournament && tournament.subscribed && tournament.state")
        wide.wait_for_function(f"[...document.querySelectorAll('img.qr')].filter((i) => i.complete).length === {len(tables)}")
        for m in client.get(f"/api/t/{eid}").json()["rounds"][0]["matches"]:
            step(client, eid, key, "result", round=1, table=m["table"], games="25-10 25-9")
        step(client, eid, key, "pair")
        step(client, eid, key, "publish")
        for page in (wide, phone):
            page.wait_for_function("tournament.state.rounds.length === 2 && tournament.state.rounds[0].matches.every((m) => m.result || m.sides.length < 2)")
        wide.wait_for_function(f"[...document.querySelectorAll('img.qr')].filter((i) => i.complete).length === {len(tables)}")
        assert wide.locator("#round-2 img.qr").count() == len(tables)  # the current round's only
        assert wide.locator("#round-1 img.qr").count() == 0
        fetched = qr_fetches(wide)
        assert sorted(fetched) == sorted(f"{server.url}api/t/{eid}/qr/table/{t}.svg" for t in tables), fetched
        assert phone.locator("img.qr").count() == 0 and qr_fetches(phone) == []
        links = [a.get_attribute("href") for a in wide.locator("#round-2 td.qr-cell a").all()]
        assert links == [f"/t/{eid}/table/{t}" for t in tables]  # a click opens the page the code leads to
    assert not errors
