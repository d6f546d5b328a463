"""The table (issue 11) in Debian's chromium: the end of a board, a game and the match shown over the board
with the laws that decided them and the scorecard; play by keyboard alone, rulings read out in a live
region, frame times measured on the phone."""

import re

import pytest
from test_web_controls import DESKTOP, PHONE, player  # noqa: F401  (player: the fixture, shared)


def concede(me, what):
    """The seat to play concedes the board, game or match (ICF 139); waits for the overlay."""
    me.page.once("dialog", lambda d: d.accept())
    me.page.select_option("#concede-what", what)
    me.page.click("#concede")
    me.page.wait_for_selector("#board-end:not([hidden])")
    return [line for line in me.page.inner_text("#board-end").split("\n") if line]


# ---- 4. the end of a board, a game and the match ---------------------------------------------------------------

def test_the_end_of_a_game_and_of_the_match_are_shown_over_the_board_with_the_scorecard(player, artifacts):
    me = player().start()
    loser = me.js("carrom.state.expected.seat")
    winner = me.js(f"carrom.state.sides[1 - carrom.state.seats.{loser}.side]")
    lines = concede(me, "game")
    assert lines[0] == f"Game 1: {winner} wins"  # a game conceded: on main nothing was shown
    assert any("concedes game 1 (ICF 139)" in line for line in lines[1:-3])  # the ruling with its law
    assert lines[-3].startswith("Game 1 is over. Games won: ") and f"{winner} 1" in lines[-3]
    assert lines[-2:] == ["The scorecard (ICF XIX)", "Next game"]
    assert me.page.is_visible("#board-end-card") and me.page.inner_text("#board-end-next") == "Next game"
    card = me.page.get_attribute("#board-end-card", "href")
    assert me.page.request.get(me.url.rstrip("/") + card).status == 200
    me.page.screenshot(path=str(artifacts / "game-end-desktop.png"))
    me.page.click("#board-end-next")
    me.page.wait_for_function("carrom.state.expected && !carrom.busy")
    lines = concede(me, "match")
    assert re.fullmatch(r"The match: .+ wins?", lines[0]) and lines[-3].endswith("the match.")
    assert lines[-2:] == ["The scorecard (ICF XIX)", "See the last position"]
    assert me.page.is_visible("#board-end-card") and me.page.inner_text("#board-end-next") == "See the last position"
    me.page.screenshot(path=str(artifacts / "match-end-desktop.png"))


def test_the_end_of_a_board_alone_has_no_scorecard_link(player):
    me = player().start()
    lines = concede(me, "board")
    assert lines[0].startswith("Board 1: ") and me.page.is_hidden("#board-end-card")
