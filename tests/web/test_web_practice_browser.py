"""The practice page in Debian's chromium: a position set up by dragging, predicted, struck exactly as predicted,
undone and redone; a drill's bot shot drawn; a stroke of a stored match loaded; screenshots per layout."""

import json

import pytest

from carrom.game import Game
from carrom.players import GeometricPlayer
from carrom.players.driver import step
from carrom.records import dumps
from carrom.store import SeatRow, Store

LAYOUTS = {"desktop": (1280, 800), "tablet": (768, 1024), "phone": (390, 844)}


def open_page(browser, url, size=(1280, 800)):
    errors = []
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    return page, errors


def state(page, what):
    return page.evaluate(f"JSON.parse(JSON.stringify(window.practice.S.{what}))")


def drag(page, src, dst):
    """Press on the board point src (m), move to dst (m) in steps, let go."""
    (x0, y0), (x1, y1) = (page.evaluate(f"window.practice.toScreen({x}, {y})") for x, y in (src, dst))
    page.mouse.move(x0, y0)
    page.mouse.down()
    for k in range(1, 11):
        page.mouse.move(x0 + (x1 - x0) * k / 10, y0 + (y1 - y0) * k / 10)
    page.mouse.up()


def checked(page):
    """The page's position as the server last accepted it (the check after an edit is done)."""
    page.wait_for_function("window.practice.S.checked === window.practice.S.checks && window.practice.S.problem === null"
                           " && window.practice.S.legal.length > 0")


def test_set_up_by_dragging_predict_strike_as_predicted_undo_redo(server, browser, artifacts):
    page, errors = open_page(browser, server.url + "practice")
    page.click("#clear")
    page.click("#add-white")  # lands on the centre
    checked(page)
    drag(page, (0.0, 0.0), (0.05, 0.18))
    page.wait_for_function("window.practice.S.position.pieces[0].y > 0.1")
    page.click("#add-black")
    checked(page)
    black = state(page, "position.pieces[1]")
    drag(page, (black["x"], black["y"]), (-0.15, 0.05))
    page.wait_for_function("window.practice.S.position.pieces[1].x < -0.1")
    checked(page)
    page.click("#add-white")  # on the centre again: a white left on the board, so the board goes on
    checked(page)
    pieces = state(page, "position.pieces")
    assert [p["kind"] for p in pieces] == ["white", "black", "white"]
    assert abs(pieces[0]["x"] - 0.05) < 0.003 and abs(pieces[0]["y"] - 0.18) < 0.003  # where the mouse let go
    assert abs(pieces[1]["x"] + 0.15) < 0.003 and abs(pieces[1]["y"] - 0.05) < 0.003
    before = state(page, "position")

    page.evaluate("""() => {
        const a = document.getElementById('along'); a.value = 0.1; a.dispatchEvent(new Event('input'));
        const s = document.getElementById('speed'); s.value = 2.5; s.dispatchEvent(new Event('input')); }""")
    x, y = page.evaluate(f"window.practice.toScreen({pieces[0]['x'] - 0.012}, {pieces[0]['y'] - 0.02})")
    page.mouse.click(x, y)  # aim: a click on the empty board
    page.click("#predict")
    page.wait_for_function("document.querySelector('#outcome h3')?.textContent === 'If you strike now'")
    predicted = state(page, "prediction")
    assert predicted["completed"] and page.locator("#board .paths polyline").count() >= 2  # striker and white
    page.screenshot(path=str(artifacts / "practice-predicted.png"))

    page.evaluate("window.practiceSpeed = 4")
    page.click("#strike")
    page.wait_for_function("document.querySelector('#outcome h3')?.textContent.startsWith('Played')", timeout=30_000)
    last = state(page, "last")
    assert last["same"] is True and last["played"] == predicted  # the played stroke is the predicted one
    assert page.inner_text("#outcome h3") == "Played, exactly as predicted"
    heard = page.evaluate("window.practice.sound.log.map((e) => [e.t, e.kind, e.i, e.j])")
    assert heard == [e[:4] for e in predicted["motion"]["events"]]  # each impact, cushion and pocket sounded once
    after = state(page, "position")
    assert after == predicted["after"]["position"]
    shown = [p for p in state(page, "shown") if p["kind"] != "striker"]  # the last frame drawn
    assert not predicted["board_over"] and not predicted["placed"]  # so the discs at rest are the position after
    assert len(shown) == len(after["pieces"])
    for drawn, rest in zip(shown, after["pieces"]):  # the last frame drawn is where the engine left the discs
        assert drawn["kind"] == rest["kind"]
        assert abs(drawn["x"] - rest["x"]) < 1e-9 and abs(drawn["y"] - rest["y"]) < 1e-9

    page.click("#undo")
    assert state(page, "position") == before
    page.click("#redo")
    assert state(page, "position") == after
    assert errors == []


def test_a_drill_shows_the_bot_shot(server, browser, artifacts):
    page, errors = open_page(browser, server.url + "practice")
    page.click("[data-bot=cut]")
    page.wait_for_function("document.querySelector('#outcome h3')?.textContent === \"The master bot's shot\"",
                           timeout=120_000)
    shot = state(page, "prediction")
    assert page.inner_text("#outcome .fell") == "Falls: a white into NE"
    assert state(page, "aim") == shot["aim"]  # strike now, and the bot's very stroke is played
    assert abs(float(page.input_value("#along")) - shot["aim"]["along"]) < 1e-9
    assert page.locator("#board .paths polyline").count() >= 2
    assert errors == []


def test_a_stored_match_stroke_loads(server, sqlite_db, browser):
    game = Game.new({"south": "Asha", "north": "Ravi"})
    players = {"south": GeometricPlayer(1, 1.0), "north": GeometricPlayer(2, 1.0)}
    for _ in range(6):
        step(game, players)
    Store(sqlite_db).create("m1", variant="icf", kind="singles", title="Asha v Ravi",
                            seats=[SeatRow("south", "Asha", "human", None, None),
                                   SeatRow("north", "Ravi", "human", None, None)], record=dumps(game.record))
    page, errors = open_page(browser, server.url + "practice?match=m1&stroke=4")
    strokes = [e for e in game.record.entries if type(e).__name__ == "StrokeEntry"]
    assert state(page, "position.seat") == strokes[3].seat
    assert abs(float(page.input_value("#speed")) - strokes[3].choice.speed) < 1e-6
    assert errors == []


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_layouts(server, browser, artifacts, layout):
    page, errors = open_page(browser, server.url + "practice", LAYOUTS[layout])
    page.click("[data-bot=rebound]")
    page.wait_for_function("document.querySelector('#outcome h3')?.textContent === \"The master bot's shot\"",
                           timeout=120_000)
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # nothing wider than the screen
    box = page.locator("#board").bounding_box()
    assert box["width"] > 0.8 * min(LAYOUTS[layout][0], 720) - 40 and box["x"] >= 0
    page.screenshot(path=str(artifacts / f"practice-{layout}.png"))
    page.screenshot(path=str(artifacts / f"practice-{layout}-full.png"), full_page=True)
    assert page.input_value("#board-speed") == "medium"  # the board speed offered, medium by default (issue 20)
    if layout == "desktop":  # the high-contrast board, remembered like the main page's
        page.select_option("#theme", "contrast")
        page.screenshot(path=str(artifacts / "practice-desktop-contrast.png"))
        assert page.evaluate("localStorage.getItem('carrom-theme')") == "contrast"
    assert errors == []
