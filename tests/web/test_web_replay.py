"""The replay viewer (issue 11), in Debian's chromium: a match played here, each stroke's motion simulated
again by the server, with play, pause, step, scrub, speed, a jump to a board, the rulings beside the board
and a link to a stroke; and a record an umpire scored at a real table (no positions: the state the referee
knows), scored on the tablet or imported."""

import json

import httpx
from test_web_umpire import LINES, MATCH

from carrom.equipment import Seat
from carrom.game import Game
from carrom.physics import Strike, simulate
from carrom.records import Record, load_record
from carrom.web.views import motion_of


def page_on(browser, url, errors, viewport=None):
    page = browser.new_context(viewport=viewport or {"width": 1280, "height": 900}).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page


def a_stored_match(browser, url, errors):
    """A match of two people on one page: two strokes, a board conceded, one more stroke; returns its id."""
    page = page_on(browser, url, errors)
    page.evaluate("localStorage.setItem('carrom-speed', '1000')")
    page.select_option("#mode", "local")
    page.click("#start")
    page.wait_for_function("carrom.state && carrom.state.expected && carrom.state.expected.seat === 'south'")
    for n, msg in enumerate([
            "{type: 'strike', seat: 'south', along: 0.012, angle: 0.031, speed: 6.2}",
            "{type: 'auto', seat: carrom.state.expected.seat}",
            "{type: 'concede', seat: carrom.state.expected.seat, what: 'board'}",
            "{type: 'auto', seat: carrom.state.expected.seat}"], 1):
        page.evaluate(f"carrom.send({msg})")
        page.wait_for_function(f"carrom.state.log.length === {n}", timeout=30000)
        if "concede" in msg:
            page.click("#board-end-next")  # the end of the board, summed up
        page.wait_for_function("!carrom.busy", timeout=30000)
    room = page.url.rstrip("/").split("/")[-1]
    page.context.close()
    return room


def wait_step(page, n):
    """Until the page shows step ``n`` (not merely starts at 0 before the match's outline has come)."""
    page.wait_for_function(f"window.carrom && carrom.replay && carrom.replay.shown && carrom.replay.step === {n}")


def test_a_stored_match_replayed_stroke_by_stroke_with_its_motion(browser, server, artifacts):
    errors = []
    room = a_stored_match(browser, server.url, errors)
    page = page_on(browser, f"{server.url}replay/{room}", errors)
    wait_step(page, 0)
    assert page.evaluate("carrom.replay.steps") == 4
    assert page.inner_text("#replay-action") == "The opening (ICF 41)"

    # step: the first stroke's motion runs, then the state after it; its ruling with its law beside the board
    page.select_option("#replay-speed", "0.25")
    page.click("#replay-next")
    wait_step(page, 1)
    page.wait_for_function("carrom.replay.motion && carrom.replay.motion.t > 0")
    # pause at once (on a busy machine the motion may end while the page is read): the motion stands still
    page.click("#replay-play")  # playing
    page.click("#replay-play")  # paused
    assert page.get_attribute("#replay-play", "aria-pressed") == "false"
    stopped = page.evaluate("carrom.replay.motion.t")
    page.wait_for_timeout(300)
    assert page.evaluate("carrom.replay.motion.t") == stopped and page.evaluate("carrom.replay.motion.paused")
    assert "ICF 44" in page.inner_text("#replay-lines")  # the break (ICF 44)
    assert page.evaluate("location.hash") == "#stroke=1" and page.input_value("#replay-link").endswith(f"/replay/{room}#stroke=1")
    page.screenshot(path=str(artifacts / "replay-motion-desktop.png"))
    page.select_option("#replay-speed", "4")
    page.click("#replay-play")
    page.wait_for_function("carrom.replay.step >= 2", timeout=30000)  # playing goes on to the next action
    page.click("#replay-play")  # pause

    # scrub, and jump to a board
    page.evaluate("(() => { const s = document.getElementById('replay-step'); s.value = 3; s.dispatchEvent(new Event('input')); })()")
    wait_step(page, 3)
    assert "concedes the board" in page.inner_text("#replay-action") and "ICF 139" in page.inner_text("#replay-lines")
    options = page.eval_on_selector_all("#replay-jump option", "os => os.map(o => [o.value, o.textContent])")
    assert options == [["0", "Game 1, board 1"], ["3", "Game 1, board 2"]]
    page.select_option("#replay-jump", "0")
    wait_step(page, 0)
    page.select_option("#replay-jump", "3")
    wait_step(page, 3)
    assert page.eval_on_selector("#replay-log li.current", "li => li.value") == 3  # marked in the list of every action

    # the link to a stroke opens the replay there, its motion shown
    shared = page_on(browser, f"{server.url}replay/{room}#stroke=1", errors)
    # polled at every frame: the stroke's motion is seen while it runs (it lasts about a second)
    shared.wait_for_function("window.carrom && carrom.replay && carrom.replay.shown && carrom.replay.step === 1 && carrom.replay.motion !== null")
    assert not errors, errors

    # on a phone and a tablet, "next ▶" and Play keep the board in view while the motion plays (issue 21: the page
    # scrolled to the list of every action, and the motion played off screen)
    for name, viewport in (("phone", {"width": 390, "height": 844}), ("tablet", {"width": 768, "height": 1024})):
        small = page_on(browser, f"{server.url}replay/{room}", errors, viewport)
        wait_step(small, 0)
        small.select_option("#replay-speed", "0.25")
        for button, step in (("#replay-next", 1), ("#replay-play", 2)):
            small.click(button)
            wait_step(small, step)
            small.wait_for_function("carrom.replay.motion && carrom.replay.motion.t > 0", timeout=30000)
            board = small.locator("#replay-board").bounding_box()
            assert board["y"] >= 0 and board["y"] + board["height"] <= viewport["height"], (name, button, board)
        small.screenshot(path=str(artifacts / f"replay-motion-{name}.png"))
        small.context.close()
    assert not errors, errors


def test_the_motion_replayed_is_the_stored_strike_simulated_again_with_the_records_physics(browser, server):
    errors = []
    room = a_stored_match(browser, server.url, errors)
    record = load_record(httpx.get(f"{server.url}api/matches/{room}/record").text)
    game = Game.resume(Record(record.header))
    first = record.entries[0]
    c = first.choice
    shot = simulate(game.layout, Strike.from_seat(Seat(first.seat), c.along, c.angle, c.speed), game.params)
    replayed = httpx.get(f"{server.url}api/matches/{room}/replay?step=1").json()
    assert replayed["positions"] is True and replayed["shot"] == json.loads(json.dumps(motion_of(shot, first.seat)))
    outline = httpx.get(f"{server.url}api/matches/{room}/replay/outline").json()
    assert [a["stroke"] for a in outline["actions"]] == [True, True, False, True]
    assert outline["boards"] == [{"game": 1, "board": 1, "step": 0}, {"game": 1, "board": 2, "step": 3}]
    assert not errors


def umpire_match(url):
    """A match scored on the tablet (tests/web/test_web_umpire.py's lines: a board won, ICF 52 a)."""
    m = httpx.post(url + "api/umpire", json=MATCH).json()
    for line in LINES:
        rev = httpx.get(url + f"api/umpire/{m['id']}").json()["revision"]
        r = httpx.post(url + f"api/umpire/{m['id']}/entries", json={"line": line, "revision": rev},
                       headers={"X-Umpire-Key": m["key"]})
        assert r.status_code == 200, r.text
    return m["id"]


def test_an_umpires_record_is_replayed_as_the_referee_knows_it(browser, server, artifacts):
    errors = []
    scored = umpire_match(server.url)
    imported = httpx.post(server.url + "api/umpire/import", content=httpx.get(server.url + f"api/umpire/{scored}/record").text,
                          headers={"Content-Type": "application/json"}).json()["id"]
    for match_id in (scored, imported):
        page = page_on(browser, f"{server.url}replay/umpire/{match_id}#stroke=5", errors)
        wait_step(page, 5)
        assert page.evaluate("carrom.replay.motion") is None  # no positions, so no motion
        assert page.is_visible("#replay-no-positions")
        assert page.inner_text("#replay-action") == "Asha strikes" and "ICF 125" in page.inner_text("#replay-lines")  # by name (issue 21)
        # the step's rulings and the list of every action in the players' words, as the play page's toast and log say
        # them (issue 21): in the present, by name, no notation ("South (Asha) strikes: b" before), no nested
        # brackets; each law cited, its meaning a tap away and never printed under every ruling
        said = "Asha pockets a black of the opponent's: they stay down and the turn passes (ICF 125)"
        assert said in page.inner_text("#replay-lines")
        listed = page.inner_text("#replay-log")
        assert said in listed and "Asha breaks" in listed and "Asha pockets a white and plays on (ICF 48)" in listed
        assert "strikes:" not in listed and "(Asha)" not in listed and "Asha pocketed" not in listed, listed
        meaning = "The turn continues while own coins or the queen are pocketed"
        assert meaning not in listed and meaning not in page.inner_text("#replay-lines")
        page.click("#replay-log-1 button.law-cite:has-text('ICF 48')")
        assert page.inner_text("#replay-log").count(meaning) == 1
        assert "8 black" in page.inner_text("#replay-score")  # the black pocketed by South stays down (ICF 125)
        page.click("#replay-last")
        wait_step(page, len(LINES))
        assert "ICF 52 a" in page.inner_text("#replay-lines")
        options = page.eval_on_selector_all("#replay-jump option", "os => os.map(o => o.textContent)")
        assert options == ["Game 1, board 1", "Game 1, board 2"]
        page.click("#replay-first")
        wait_step(page, 0)
        assert "9 black" in page.inner_text("#replay-score") and page.evaluate("location.hash") == ""
        page.context.close()
    page = page_on(browser, f"{server.url}replay/umpire/{scored}#stroke=5", errors, viewport={"width": 390, "height": 844})
    wait_step(page, 5)
    page.screenshot(path=str(artifacts / "replay-umpire-phone.png"), full_page=True)
    assert not errors, errors
