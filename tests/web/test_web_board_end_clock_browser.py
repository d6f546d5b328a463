"""The next board's break clock starts when the player can act (issue 39 item 2), in Debian's chromium on a real
server with the clock scaled down: the end-of-board summary is read first, the clock is not shown nor running
under it, and when the clock starts ("Play") the summary closes and the clock shows (ICF 46: 15 seconds to break
from "Play").

On main the break clock ran from the board's end, under the summary: reading it for the clock's length cost a time
foul, and little was left after pressing "Next board". Then the other player's summary stayed open until the
reading time was over, though the breaker had pressed "Next board" and the clock ran: the page judged "Play" by
the state under the summary, not by the newest one waiting behind it (the fresh-clone run of 4837884 saw the
clock run out meanwhile).
"""

import time

import pytest
from test_web_clocks_browser import online_match

SECONDS = 3.0
CALM = 30.0  # the break clock starts by itself one clock after the board ends: the press must come first
# (8 s was passed by a busy fresh-clone run, whose click came after the clock had started on its own)


@pytest.fixture
def slow_server(make_server, sqlite_db):
    with make_server(sqlite_db, bot_pause=0.0, clock_seconds=SECONDS) as s:
        yield s


def board_conceded(host, guest):
    """The player to strike concedes the first board (ICF 139); both pages show its end and the next board's
    break awaited. Returns when the concession was sent."""
    seat = host.evaluate("carrom.state.expected.seat")
    concede = host if host.evaluate(f"carrom.mine.includes('{seat}')") else guest
    concede.once("dialog", lambda d: d.accept())
    concede.select_option("#concede-what", "board")
    ended = time.time()
    concede.click("#concede")
    for page in (host, guest):
        page.wait_for_selector("#board-end:not([hidden])")
        page.wait_for_function("carrom.state.score.board === 2 && carrom.state.deadline")
    return ended


def test_the_next_break_clock_waits_for_the_summary_to_be_read(slow_server, browser):
    errors = []
    host, guest = online_match(browser, errors, slow_server.url)
    ended = board_conceded(host, guest)
    st = host.evaluate("carrom.state")
    assert st["clock_for"]["what"] == "break"
    # the clock starts a reading's length after the board's end (the clock's own length), and runs its length
    assert st["since"] - ended >= SECONDS - 0.5, (st["since"], ended)
    assert st["deadline"] - st["since"] == pytest.approx(SECONDS, abs=0.01)
    # while the summary is read: no clock shown, none ruled
    host.wait_for_timeout(1000)
    for page in (host, guest):
        assert page.is_visible("#board-end") and page.is_hidden("#clock")
    # "Play": the summary closes by itself and the clock shows, for the breaker's whole 15 (here 3) seconds
    for page in (host, guest):
        page.wait_for_selector("#board-end", state="hidden", timeout=SECONDS * 2000)
        page.wait_for_selector("#clock:not([hidden])")
        assert "to break (ICF 46)" in page.inner_text("#clock")
    assert time.time() < st["deadline"]
    assert not host.evaluate("carrom.state.notice"), host.evaluate("carrom.state.notice")
    # and the clock, not stalled for ever: past its deadline the time foul is ruled
    host.wait_for_function("carrom.state.notice && carrom.state.notice.includes('break')", timeout=SECONDS * 4000)
    assert not errors, errors


@pytest.fixture
def calm_server(make_server, sqlite_db):
    """A longer clock: the checks after "Next board" need a few seconds on a busy machine."""
    with make_server(sqlite_db, bot_pause=0.0, clock_seconds=CALM) as s:
        yield s


def test_next_board_pressed_by_the_breaker_starts_the_break_clock_at_once(calm_server, browser):
    """The breaker who has read the summary presses "Next board": the clock starts then, for its whole length,
    on both pages (the other's summary closes with it); saying it again later changes nothing (nobody stalls)."""
    errors = []
    host, guest = online_match(browser, errors, calm_server.url)
    board_conceded(host, guest)
    breaker = host if host.evaluate("carrom.mine.includes(carrom.state.expected.seat)") else guest
    waiting = host.evaluate("carrom.state.since")
    pressed = time.time()
    assert pressed < waiting - 1, "the clock started by itself before Next board was pressed: a slower machine than CALM"
    breaker.click("#board-end-next")
    for page in (host, guest):  # the other page too, at once: not at the reading time, CALM seconds on
        page.wait_for_function(f"carrom.state.since < {waiting} - 1", timeout=10_000)
    st = host.evaluate("carrom.state")
    assert abs(st["since"] - pressed) < 1.5 and st["deadline"] - st["since"] == pytest.approx(CALM, abs=0.01)
    breaker.evaluate("carrom.send({type: 'ready'})")  # again, with the clock running: no new deadline
    breaker.wait_for_timeout(300)
    assert host.evaluate("carrom.state.deadline") == st["deadline"]
    for page in (host, guest):  # "Play" for both: the other page's summary closes too, and the clock shows
        page.wait_for_selector("#board-end", state="hidden")
        page.wait_for_selector("#clock:not([hidden])")
        assert "to break (ICF 46)" in page.inner_text("#clock")
    assert not errors, errors
