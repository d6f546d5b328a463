"""The toss, the break and who breaks each board and game (ICF 39, 42–45, 49).

Texts: 000 (ICF) laws 39, 42–45, 49; 001 §3.5 d for the French official rules' two attempts.
"""

import pytest

from rules_helpers import (
    BLACK, E, N, S, W, WHITE, RulesError, laws, miss, new, play, refused, side_of, slam, stroke,
)
from carrom.rules import Expect, Expected


# -- ICF 39: the toss ---------------------------------------------------------------------


@pytest.mark.parametrize("first, toss", [
    (S, (S, "break")),  # ICF 39 a, 39 c: the winner chose the break and breaks
    (S, (N, "side")),  # ICF 39 a: the winner chose a side; the loser breaks
    (N, (N, "break")),
], ids=["ICF 39 c winner breaks", "ICF 39 a winner chose side", "ICF 39 c north won and breaks"])
def test_toss_winner_choice_is_accepted(first, toss):
    m = new(first=first, toss=toss)
    assert m.state.toss == toss
    assert m.expected() == Expected(Expect.STROKE, first)


@pytest.mark.parametrize("first, toss", [
    (S, (N, "break")),  # ICF 39 c: the toss winner chose the break, so he must be the first breaker
    (S, (S, "queen")),  # ICF 39 a: the choice is a side or the break, nothing else
], ids=["ICF 39 c break chooser must break", "ICF 39 a only break or side"])
def test_toss_inconsistent_with_first_breaker_is_refused(first, toss):
    with pytest.raises(RulesError):
        new(first=first, toss=toss)


# -- ICF 42, 43: who breaks, with which colour --------------------------------------------


@pytest.mark.parametrize("doubles", [False, True], ids=["singles", "doubles"])
@pytest.mark.parametrize("first", [S, N], ids=["south first", "north first"])
def test_first_breaker_breaks_with_white(first, doubles):
    """ICF 42: the player who chose to break breaks; ICF 43: the breaker plays white, the other side black."""
    m = new(first=first, doubles=doubles)
    assert m.expected() == Expected(Expect.STROKE, first)
    assert m.state.board.breaker is first
    assert m.state.colour_of(first) is WHITE
    assert m.state.colour_of(first.opposite) is (WHITE if doubles else BLACK)  # a partner, or the opponent
    for seat in m.state.table.seats:
        expected = WHITE if side_of(m, seat) == side_of(m, first) else BLACK
        assert m.state.colour_of(seat) is expected  # ICF 43: the queen is common, the colours are by side


# -- ICF 44, 45: a break is made once the striker touches a piece -----------------------------


def test_a_light_touch_is_a_break():
    """ICF 44: the striker touching a piece, however lightly, is a break; nothing in, the turn passes (ICF 48)."""
    m = new()
    r = play(m, S, "")
    assert "ICF 44" in laws(r)
    assert m.state.board.broken
    assert m.expected() == Expected(Expect.STROKE, N)
    assert (m.state.board.white, m.state.board.black) == (9, 9)


def test_a_break_that_pockets_own_coins_keeps_the_turn():
    """ICF 44, 48: the break pockets two whites; the breaker plays on."""
    m = new()
    r = play(m, S, "ww")
    assert "ICF 44" in laws(r) and "ICF 48" in laws(r)
    assert m.expected() == Expected(Expect.STROKE, S)
    assert m.state.board.white == 7


@pytest.mark.parametrize("rules, attempts, again, passes", [
    ("icf", 3, "ICF 45 a", "ICF 45 b"),  # ICF 45 a: the break and at most two more attempts
    ("timed", 3, "ICF 45 a", "ICF 45 b"),  # ICF 45 a applies in the timed game too
    ("fr-official", 2, "001 §3.5 d", "001 §3.5 d"),  # 001 §3.5 d: a second attempt, then the break passes
], ids=["ICF 45 a icf three", "ICF 45 a timed three", "001 3.5 d fr-official two"])
def test_break_passes_after_the_allowed_attempts(rules, attempts, again, passes):
    """ICF 45 a/b: a break touching nothing is no break; after the allowed attempts it passes to the opponent.
    Under fr-official the ruling cites 001 §3.5 d ("lors du deuxième essai"), not ICF 45 b's three attempts."""
    m = new(rules)
    for i in range(attempts - 1):
        r = miss(m, S, touched=False)
        assert again in laws(r)
        assert m.expected() == Expected(Expect.STROKE, S), f"attempt {i + 1}: the breaker tries again"
        assert not m.state.board.broken
    r = miss(m, S, touched=False)
    assert passes in laws(r)
    assert m.expected() == Expected(Expect.STROKE, N)
    assert not m.state.board.broken
    # ICF 45 b: the opponent breaks with the black coins; no re-arrangement (same board)
    assert m.state.colour_of(N) is BLACK and m.state.colour_of(S) is WHITE
    assert (m.state.board.white, m.state.board.black) == (9, 9)
    assert not m.state.board.owed and m.state.board.debts == (0, 0)


def test_icf_break_condition_lasts_until_the_break_is_made():
    """ICF 45 b: "La condición anterior dura hasta que se produce el disparo": the opponent also has three attempts."""
    m = new("icf")
    for _ in range(3):
        miss(m, S, touched=False)
    for i in range(2):
        r = miss(m, N, touched=False)
        assert "ICF 45 a" in laws(r)
        assert m.expected() == Expected(Expect.STROKE, N)
    r = miss(m, N, touched=False)
    assert "ICF 45 b" in laws(r)
    assert m.expected() == Expected(Expect.STROKE, S)
    r = play(m, S, "w")
    assert "ICF 44" in laws(r) and m.state.board.broken
    assert m.state.colour_of(S) is WHITE  # the breaker's colour never changes within the board


def test_fr_official_single_attempt_after_the_break_has_passed():
    """001 3.5 d: "Dès lors chaque joueur ne possède qu'une seule possibilité d'essai à la fois"."""
    m = new("fr-official")
    miss(m, S, touched=False)
    miss(m, S, touched=False)
    assert m.expected() == Expected(Expect.STROKE, N)
    miss(m, N, touched=False)
    assert m.expected() == Expected(Expect.STROKE, S)


@pytest.mark.parametrize("letters, fouls", [
    ("s", ()),  # the striker pocketed without touching a piece
    ("", ("f",)),  # an improper stroke
    ("s", ("f",)),
], ids=["ICF 45 c striker pocketed", "ICF 45 c improper stroke", "ICF 45 c both"])
def test_improper_break_attempt_loses_the_turn_without_due(letters, fouls):
    """ICF 45 c: an improper stroke or the striker pocketed without touching a coin: the turn is lost, no due or penalty."""
    m = new()
    r = play(m, S, letters + "".join(fouls), touched=False)
    assert "ICF 45 c" in laws(r)
    assert m.expected() == Expected(Expect.STROKE, N)
    b = m.state.board
    assert not b.owed and b.debts == (0, 0)
    assert (b.white, b.black) == (9, 9)
    assert not b.broken
    assert m.state.colour_of(N) is BLACK


def test_a_stroke_out_of_turn_at_the_break_is_refused():
    """ICF 42, 48: only the breaker may strike first."""
    m = new()
    refused(m, stroke(N, ""), "turn")


# -- ICF 49: the break alternates by board and by game -----------------------------------


def test_break_alternates_by_board_singles():
    """ICF 49 a i: the turns alternate through the game: the breaks go S, N, S, N; the breaker plays white (ICF 43)."""
    m = new()
    breakers = [m.state.board.breaker]
    for _ in range(2):  # 12 + 12 = 24: the game goes on
        r = slam(m, 0)
        assert "ICF 49 a" in laws(r)
        breakers.append(m.state.board.breaker)
        assert m.state.colour_of(m.state.board.breaker) is WHITE
        assert m.expected() == Expected(Expect.STROKE, m.state.board.breaker)
    assert breakers == [S, N, S]


def test_break_goes_to_the_right_in_doubles():
    """ICF 49 b: in doubles the turn, and so the break of each board, passes to the player on the right."""
    m = new(doubles=True)
    order = []
    for _ in range(4):
        seat = m.state.board.turn
        order.append(seat)
        miss(m, seat)
    assert order == [S, E, N, W] and m.state.board.turn is S
    m = new(doubles=True)
    breakers = [m.state.board.breaker]
    for side in (0, 1):  # 12 each: nobody reaches 25
        slam(m, side)
        breakers.append(m.state.board.breaker)
    slam(m, 0)
    breakers.append(m.state.board.breaker)
    assert breakers == [S, E, N, W]
    for seat in (W, E):
        assert m.state.colour_of(seat) is WHITE  # ICF 43: the breaker's side has white


@pytest.mark.parametrize("doubles", [False, True], ids=["singles", "doubles"])
def test_break_by_game(doubles):
    """ICF 49 a ii: game 2 is broken by the side that did not break game 1; ICF 49 a iii: game 3 by the first breaker."""
    m = new(doubles=doubles)
    firsts = [m.state.board.breaker]
    for winner in (0, 1):
        game = m.state.game_index
        while m.state.game_index == game:
            slam(m, winner)
        firsts.append(m.state.board.breaker)
        assert m.state.game_first is m.state.board.breaker
    assert firsts[0] is S and firsts[2] is S
    assert side_of(m, firsts[1]) == 1  # the other side opens game 2
    assert m.state.games_won == (1, 1)
    assert m.expected() == Expected(Expect.STROKE, S)
