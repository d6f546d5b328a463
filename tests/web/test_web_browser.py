"""The web app in a real browser (Debian's chromium via Playwright), played with the mouse."""

from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def board_point(page, x, y):
    """Page coordinates of board point (x, y) in metres (south at the bottom)."""
    box = page.locator("#board").bounding_box()
    g = page.evaluate("G")
    k = box["width"] / g["outer_side"]
    return box["x"] + (x + g["outer_side"] / 2) * k, box["y"] + (g["outer_side"] / 2 - y) * k


def layout(page):
    return page.evaluate("S.layout")


def shoot_with_the_mouse(page, seat_y=None, along=0.0, pull=0.12):
    """Drag the striker along South's baseline, then press on it and pull back to aim and shoot."""
    g = page.evaluate("G")
    y = -g["baseline_axis"]
    page.mouse.move(*board_point(page, along + 0.06, y))
    page.mouse.down()
    page.mouse.move(*board_point(page, along, y), steps=4)
    page.mouse.up()
    sx = page.evaluate("striker.along")
    page.mouse.move(*board_point(page, sx, y))
    page.mouse.down()
    page.mouse.move(*board_point(page, sx, y - pull), steps=6)
    page.mouse.up()


def start_vs_computer(page, url, name="Asha"):
    page.goto(url)
    page.select_option("select[name=mode]", "computer")
    page.select_option("select[name=level]", "beginner")
    page.fill("input[name=name]", name)
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_function("S && S.expected && S.expected.seat === 'south'")


def test_play_against_the_computer_with_the_mouse(server, browser):
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start_vs_computer(page, server.url)
    assert "your turn" in page.inner_text("#turn")
    before = layout(page)
    assert len(before) == 19
    shoot_with_the_mouse(page)
    page.wait_for_function("S.log.length > 0 && !animating && shots.length === 0", timeout=20000)
    rulings = page.inner_text("#rulings")
    assert "ICF 44" in rulings or "ICF 45" in rulings  # the break made, or an attempt (ICF 44, 45 a)
    assert layout(page) != before  # the pieces moved
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "board-after-break.png"))
    # play on until the board ends: the computer plays the rest of this board for us
    page.wait_for_function("S.expected && S.expected.seat === 'south' && S.expected.kind === 'stroke'", timeout=60000)
    page.click("#auto-board")
    page.wait_for_function("document.getElementById('scoreboard').textContent.includes('board 1')", timeout=120000)
    score = page.inner_text("#scoreboard")
    assert "board 1" in score
    points = page.evaluate("S.score.points")
    assert max(points) > 0
    page.screenshot(path=str(ARTIFACTS / "board-after-first-board.png"))
    assert not errors, errors


def test_an_online_room_with_two_pages(server, browser):
    host = browser.new_page(viewport={"width": 1200, "height": 800})
    host.goto(server.url)
    host.select_option("select[name=mode]", "online")
    host.fill("input[name=name]", "Asha")
    host.click("#start")
    host.wait_for_selector("#share:not([hidden])")
    link = host.input_value("#share-link")
    assert "#room=" in link

    guest_ctx = browser.new_context(viewport={"width": 1200, "height": 800})
    guest = guest_ctx.new_page()
    guest.goto(link)
    guest.wait_for_selector("#join:not([hidden])")
    guest.fill("#join-name", "Ravi")
    guest.click("[data-seat=north]")
    guest.wait_for_function("mine.includes('north')")
    host.wait_for_function("S.seats.north.name === 'Ravi'")

    shoot_with_the_mouse(host)
    guest.wait_for_function("S.log.length > 0", timeout=20000)
    host.wait_for_function("S.log.length > 0", timeout=20000)
    assert guest.evaluate("S.log[S.log.length - 1].lines") == host.evaluate("S.log[S.log.length - 1].lines")

    # the guest may not act for South
    guest.evaluate("send({type: 'strike', seat: 'south', along: 0, angle: 0, power: 0.5})")
    guest.wait_for_function("document.getElementById('game-error').textContent.includes('you do not play')")
    guest_ctx.close()
