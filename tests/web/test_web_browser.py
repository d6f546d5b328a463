"""The web app in a real browser (Debian's chromium through Playwright), played with the mouse."""

import math

import pytest
from web_helpers import start_online

FAST = "localStorage.setItem('carrom-speed', '4')"  # animations 4× faster: the motion is still drawn, frame by frame


def new_page(browser, errors):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(FAST)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page


def at(page, x, y, canvas="board"):
    """Page coordinates of the board point (x, y), metres, whichever way the board is turned."""
    return page.evaluate(f"carrom.boardToPage({x}, {y}, '{canvas}')")


def js(page, expression):
    return page.evaluate(expression)


def seat_point(g, seat, along, forward):
    r, f = g["seats"][seat]["right"], g["seats"][seat]["forward"]
    return along * r[0] + forward * f[0], along * r[1] + forward * f[1]


def wait_idle(page, timeout=30000):
    page.wait_for_function("carrom.state && !carrom.busy", timeout=timeout)


def shoot(page, seat, target=None, pull=0.1):
    """With the mouse: drag the striker along the baseline, then press on it and pull back away from ``target``."""
    g = js(page, "carrom.geometry")
    legal = js(page, "carrom.state.legal")
    lo, hi = max(legal, key=lambda iv: iv[1] - iv[0])
    along = (lo + hi) / 2
    axis = -g["baseline"]["axis"]
    page.mouse.move(*at(page, *seat_point(g, seat, along + 0.03, axis)))
    page.mouse.down()
    page.mouse.move(*at(page, *seat_point(g, seat, along, axis)), steps=5)
    page.mouse.up()
    along = js(page, "carrom.striker.along")
    assert lo - 1e-6 <= along <= hi + 1e-6  # the striker went only where it may
    sx, sy = seat_point(g, seat, along, axis)
    tx, ty = target if target else (0.0, 0.0)
    n = math.hypot(tx - sx, ty - sy)
    page.mouse.move(*at(page, sx, sy))
    page.mouse.down()
    page.mouse.move(*at(page, *seat_point(g, seat, along, axis - 0.02)), steps=3)  # a pull starts straight back
    page.mouse.move(*at(page, sx - (tx - sx) / n * pull, sy - (ty - sy) / n * pull), steps=8)
    page.mouse.up()


def own_target(page, seat):
    """A coin of the seat's colour to aim at (the nearest to the board's middle), or the middle."""
    s = js(page, "carrom.state")
    colour = s["seats"][seat]["colour"]
    own = [d for d in s["layout"] if d["kind"] == colour]
    if not own:
        return (0.0, 0.0)
    d = min(own, key=lambda d: math.hypot(d["x"], d["y"]))
    return (d["x"], d["y"])


def place_with_the_mouse(page, seat):
    """Drag the coin owed inside the outer circle; on a refusal (the reason is shown) try another spot."""
    n = js(page, "carrom.last")
    for x, y in [(0.05, 0.03), (-0.05, 0.03), (0.0, 0.06), (0.0, -0.06), (0.045, -0.045), (-0.045, -0.045)]:
        page.mouse.move(*at(page, x + 0.02, y))
        page.mouse.down()
        page.mouse.move(*at(page, x, y), steps=4)
        page.mouse.up()
        page.wait_for_function(f"carrom.last > {n} || document.getElementById('game-error').textContent",
                               timeout=10000)
        if js(page, f"carrom.last > {n}"):
            return
        assert "may not be placed" in page.inner_text("#game-error")
    page.click("#waive")


def start_vs_computer(page, url, level="expert", name="Asha"):
    page.goto(url)
    page.select_option("#mode", "computer")
    page.select_option("#levels", level)
    page.fill("input[name=name-south]", name)
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_function("carrom.state && carrom.state.expected && carrom.state.expected.seat === 'south'")


def test_against_the_computer_with_the_mouse_until_the_board_ends(server, browser, artifacts):
    errors = []
    page = new_page(browser, errors)
    start_vs_computer(page, server.url)
    assert "your turn" in page.inner_text("#turn")
    before = js(page, "carrom.state.layout")
    assert len(before) == 19 and "9 white" in page.inner_text("#scoreboard")
    page.screenshot(path=str(artifacts / "board-opening.png"))

    shoot(page, "south", pull=0.14)  # the break, at the middle
    page.wait_for_function("carrom.busy", timeout=10000)  # the motion arrives and is animated
    # the striker reaches the pack a moment after the animation starts (a first frame may still show the layout)
    page.wait_for_function("before => JSON.stringify(carrom.shown) !== JSON.stringify(before)", arg=before,
                           timeout=10000)
    moving = js(page, "carrom.shown")
    assert moving != before  # pieces are moving on the board
    page.screenshot(path=str(artifacts / "board-moving.png"))
    page.wait_for_function("carrom.state.log.length > 0", timeout=20000)
    rulings = page.inner_text("#rulings")
    assert "ICF 44" in rulings or "ICF 45" in rulings  # the break made, or an attempt
    wait_idle(page)
    assert js(page, "carrom.state.layout") != before

    # play on with the mouse until the board ends; the computer (expert) plays its turns on the server. A board
    # can be long: the expert may not pot its last coin while the queen is on the board (ICF 106 a)
    for _ in range(100):
        page.wait_for_function("carrom.state.score.boards.length > 0 || (carrom.state.expected && "
                               "carrom.state.expected.seat === 'south' && !carrom.busy)", timeout=120000)
        state = js(page, "carrom.state")
        if state["score"]["boards"]:
            break
        kind, n = state["expected"]["kind"], state["log"][-1]["n"] if state["log"] else 0
        if kind == "stroke":
            shoot(page, "south", own_target(page, "south"), pull=0.1)  # about a third of full power
        elif kind == "place":
            place_with_the_mouse(page, "south")
        elif kind == "claim":
            page.click("#claim")
        page.wait_for_function(f"carrom.last > {n} || carrom.busy || "
                               "document.getElementById('game-error').textContent", timeout=20000)
        assert not page.inner_text("#game-error"), page.inner_text("#game-error")
    else:
        pytest.fail(f"the board did not end; the last rulings: {page.inner_text('#rulings')}")
    # the end of the board is summed up over its last position; the next board waits until it is closed
    page.wait_for_selector("#board-end:not([hidden])")
    assert page.inner_text("#board-end-title").startswith("Board 1")  # "Board 1: … wins" (or played again)
    page.click("#board-end-next")
    wait_idle(page)
    board = js(page, "carrom.state.score.boards[0]")
    assert "board 1" in page.inner_text("#scoreboard") and board["law"]
    assert max(js(page, "carrom.state.score.points")) > 0  # the scoreboard changed
    page.screenshot(path=str(artifacts / "board-after-first-board.png"))

    # the past matches, and the replay of this one in the browser
    page.click("#nav-matches")
    page.wait_for_selector("#match-list a:has-text('replay')")
    assert "Asha" in page.inner_text("#match-list")
    page.click("#match-list a:has-text('replay')")
    page.wait_for_function("document.getElementById('replay-where').textContent.includes('action 0')")
    page.click("#replay-next")
    page.wait_for_function("document.getElementById('replay-action').textContent.includes('Asha')")
    assert "ICF 4" in page.inner_text("#replay-lines")
    page.screenshot(path=str(artifacts / "replay.png"))
    assert not errors, errors


def test_an_online_room_with_two_pages(server, browser, artifacts):
    errors = []
    host = new_page(browser, errors)
    start_online(host, server.url, "Asha")
    link = host.input_value("#share-link")
    assert "/room/" in link

    guest = new_page(browser, errors)  # another browser context: no token, as a friend opening the link
    guest.goto(link)
    guest.wait_for_selector("#join:not([hidden])")
    guest.fill("#join-name", "Ravi")
    guest.click("[data-seat=north]")
    guest.wait_for_function("carrom.mine.includes('north')")
    host.wait_for_function("carrom.state.seats.north.name === 'Ravi'")
    assert "Ravi" in host.inner_text("#scoreboard")

    shoot(host, "south", pull=0.14)
    for page in (host, guest):
        page.wait_for_function("carrom.state.log.length > 0 && !carrom.busy", timeout=20000)
    assert js(guest, "carrom.state.log") == js(host, "carrom.state.log")
    assert js(guest, "carrom.state.layout") == js(host, "carrom.state.layout")

    # the guest may not act for south: the server says so and nothing changes
    n = js(guest, "carrom.state.log.length")
    js(guest, "carrom.send({type: 'strike', seat: 'south', along: 0, angle: 0, power: 0.5})")
    guest.wait_for_function("document.getElementById('game-error').textContent.includes('you do not play south')")
    assert js(host, "carrom.state.log.length") == n

    # whoever is to strike does it with the mouse on their own page (the guest sees north at the bottom)
    seat = js(host, "carrom.state.expected.seat")
    player = host if seat == "south" else guest
    assert "your turn" in player.inner_text("#turn")
    shoot(player, seat, pull=0.08)
    for page in (host, guest):
        page.wait_for_function(f"carrom.state.log.length > {n} && !carrom.busy", timeout=20000)
    assert js(host, "carrom.state.log")[-1]["seat"] == seat
    guest.screenshot(path=str(artifacts / "online-guest.png"))
    assert not errors, errors


def test_a_restarted_server_resumes_the_match_and_the_page_reconnects(db_url, browser, make_server):
    errors = []
    page = new_page(browser, errors)
    with make_server(db_url, bot_pause=0.05) as first:
        port = first.port
        page.goto(first.url)
        page.select_option("#mode", "local")  # two people on this device: one page plays both seats
        page.fill("input[name=name-south]", "Asha")
        page.click("#start")
        page.wait_for_function("carrom.state && carrom.mine.length === 2")
        shoot(page, "south", pull=0.14)
        page.wait_for_function("carrom.last > 0 && !carrom.busy", timeout=20000)
        before = js(page, "carrom.state")
    page.wait_for_function("document.getElementById('page-error').textContent.includes('reconnecting')", timeout=20000)
    with make_server(db_url, bot_pause=0.05, port=port):
        page.wait_for_function("document.getElementById('page-error').hidden", timeout=30000)
        after = js(page, "carrom.state")
        for key in ("log", "layout", "board", "score", "expected", "seats"):
            assert after[key] == before[key], key
        seat = after["expected"]["seat"]
        assert after["expected"]["kind"] == "stroke"
        shoot(page, seat, pull=0.08)
        page.wait_for_function(f"carrom.last > {before['log'][-1]['n']}", timeout=20000)
    assert not [e for e in errors if "WebSocket" not in e and "ERR_CONNECTION_REFUSED" not in e], errors
