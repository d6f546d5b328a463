"""Where the umpire's hand is (issue 42 item 8, the tablet's part), in Debian's chromium at 768×1024: Undo, Nothing in
and Enter stroke, with the refusal above them, are in view and do not move through a board, whatever grows above
them and wherever the page is scrolled; and nothing of the pad hides behind them. On main the row was below the
fold (the score scrolled off to reach it) and moved 24-84 px.
"""

from test_web_umpire_browser import QUEEN, STRIKER, TABLET, WHITE, open_page, start, tap_choices, tap_command, tap_stroke

HEIGHT = TABLET["viewport"]["height"]
ROW = ("#undo", "#nothing", "#enter")


def row(page):
    """The row's boxes in the window (not the page): what the umpire's eye and thumb meet."""
    return [page.locator(b).bounding_box() for b in ROW]


def test_the_row_under_the_hand_stays_in_view_and_still(server, browser):
    errors = []
    page = open_page(browser, errors, **TABLET)
    start(page, server.url)
    first = row(page)
    assert all(0 <= b["y"] and b["y"] + b["height"] <= HEIGHT for b in first), first
    seen = [("opened", row(page))]
    tap_stroke(page, WHITE)
    seen.append(("a stroke", row(page)))
    page.tap(QUEEN)
    page.tap(QUEEN)
    page.tap("#enter")
    page.wait_for_selector("#refusal:not(:empty)")
    seen.append(("a refusal", row(page)))
    refusal = page.locator("#refusal").bounding_box()
    assert refusal["y"] + refusal["height"] <= first[0]["y"] and refusal["y"] > HEIGHT / 2, refusal  # by the hand
    tap_stroke(page, WHITE, STRIKER)  # a due: a ruling of several lines and coins to place (ICF 73, 72 a)
    seen.append(("a due", row(page)))
    tap_command(page, "#place")
    tap_choices(page, "#concede", "board", "confirm")  # the board ends (ICF 139)
    seen.append(("a board's end", row(page)))
    for where in ("0", "document.body.scrollHeight"):
        page.evaluate(f"scrollTo(0, {where})")
        seen.append((f"scrolled to {where}", row(page)))
    moved = [(what, boxes) for what, boxes in seen if boxes != first]
    assert not moved, (first, moved)
    # scrolled to the foot, the pad's last buttons are above the row, not under it
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    top = min(b["y"] for b in row(page)) - page.locator("#refusal").bounding_box()["height"]
    for last in ("#help", "#comment", "#place"):
        b = page.locator(last).bounding_box()
        assert b["y"] + b["height"] <= top, (last, b, top)
    page.screenshot(path="/tmp/umpire-hand-tablet.png")
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path="/tmp/umpire-hand-tablet-top.png")
    assert not [e for e in errors if "400" not in e], errors
