"""A tablet that finishes after the desk typed its match's result (issue 42 item 10: "a tablet's later result is
ignored without a word if the desk typed one first"): the typed result stands, the record says what the tablet
finished, the desk's row shows both with the choice to take the tablet's, and taking it is a correction with the
law's checks; a tablet that agrees says nothing."""

from test_web_desk import client, made, play_on_the_tablet, step, toss  # noqa: F401 (the fixture)


def row(client, eid, key, table):
    matches = client.get(f"/api/desk/{eid}", headers=key).json()["rounds"][0]["matches"]
    return next(m for m in matches if m["table"] == table)


def typed_then_tablet(client):
    """An event whose table 1 the desk types at 25-0 25-1 while its tablet is played to its end: the event's id,
    the desk's key header and the tablet's last state."""
    eid, key = made(client, system="swiss", rounds=2)
    step(client, eid, key, "pair")
    step(client, eid, key, "publish")
    first = row(client, eid, key, 1)
    tablet = toss(client, first["umpire"], winner=1, choice="break")
    step(client, eid, key, "result", round=1, table=1, games="25-0 25-1", competitors=first["competitors"],
         replacing=None)
    return eid, key, play_on_the_tablet(client, tablet)


def test_the_tablets_later_result_is_shown_beside_the_typed_one_and_can_be_taken(client):
    eid, key, state = typed_then_tablet(client)
    assert state["state"]["over"]
    shown = row(client, eid, key, 1)
    assert shown["result"]["games"] == [[25, 0], [25, 1]]  # the desk's word stands
    finished = shown.get("tablet_result")  # on main: no word of the tablet's
    assert finished and finished != [[25, 0], [25, 1]]
    said = " ".join(f"{a}-{b}" for a, b in finished)
    log = client.get(f"/api/desk/{eid}", headers=key).json()["log"]
    assert [line["law"] for line in log if line["what"] == f"the umpire's tablet finished round 1, table 1 at "
            f"{said}; the result typed at the desk, 25-0 25-1, stands"] == ["ICF 57"]
    again = row(client, eid, key, 1)  # read once: the line is not written again
    log = client.get(f"/api/desk/{eid}", headers=key).json()["log"]
    assert sum("the umpire's tablet finished round 1" in line["what"] for line in log) == 1
    taken = step(client, eid, key, "result", round=1, table=1, games=said, competitors=again["competitors"],
                 replacing=again["result"]["games"])
    corrected = next(m for m in taken["rounds"][0]["matches"] if m["table"] == 1)
    assert corrected["result"]["games"] == finished and "tablet_result" not in corrected


def test_the_desks_row_shows_the_tablets_result_and_takes_it(server, browser, artifacts):
    import httpx

    with httpx.Client(base_url=server.url.rstrip("/"), timeout=60) as api:
        eid, key, _ = typed_then_tablet(api)
        finished = row(api, eid, key, 1)["tablet_result"]
    errors: list[str] = []
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}desk/{eid}?lang=en#key={key['X-Desk-Key']}")
    page.wait_for_function("window.desk && desk.ready && desk.state")
    note = page.locator(".tablet-differs")
    note.wait_for()
    said = " ".join(f"{a}–{b}" for a, b in finished)  # the row spaces them; inner_text collapses it
    assert f"The umpire's tablet finished at {said}; the result typed here stands" in note.inner_text()
    note.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "desk-tablet-differs-1366x768.png"))
    page.click(".take-tablet")
    page.wait_for_function("!document.querySelector('.tablet-differs')")
    games = page.evaluate("desk.state.rounds[0].matches.find((m) => m.table === 1).result.games")
    assert games == finished and errors == []
