"""Seats, sides and the forfeits that lose a board (ICF 27, 28, 49 b, 51, 91, 121 b, 126 b)."""

import pytest

from carrom.rules import Coin, Forfeit, Match, RulesError, Seat, Stroke, StrokeOutcome, Table

S, E, N, W = Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST
SINGLES = {S: "Asha", N: "Ravi"}
DOUBLES = {S: "Asha", E: "Bilal", N: "Ravi", W: "Dana"}


def test_singles_players_sit_opposite():
    """ICF 27: "In singles, the players sit facing each other"."""
    with pytest.raises(RulesError, match="ICF 27"):
        Match.new("icf", {S: "Asha", E: "Bilal"}, first_breaker=S)
    assert Table.of((S, N), S).side(N) == 1


def test_doubles_partners_sit_opposite():
    """ICF 28: "In doubles, partners sit facing each other", so the players sit on all four sides."""
    t = Table.of((S, E, N, W), S)
    assert t.side(S) == t.side(N) == 0 and t.side(E) == t.side(W) == 1
    with pytest.raises(RulesError, match="ICF 28"):
        Match.new("icf", {S: "Asha", E: "Bilal", N: "Ravi"}, first_breaker=S)


def test_doubles_turn_passes_to_the_right():
    """ICF 49 b: "it is the turn of the player sitting on the right of the player who has just finished"."""
    m = Match.new("icf", DOUBLES, first_breaker=S)
    seen = []
    for _ in range(5):
        seen.append(m.expected().seat)
        m.play(Stroke(m.expected().seat, StrokeOutcome(())))
    assert seen == [S, E, N, W, S]


def _some_play(m: Match) -> None:
    m.play(Stroke(S, StrokeOutcome((Coin.WHITE, Coin.WHITE))))
    m.play(Stroke(S, StrokeOutcome(())))
    m.play(Stroke(N, StrokeOutcome((Coin.BLACK,))))


def test_a_stroke_out_of_turn_loses_the_board_by_coins_and_queen():
    """ICF 51: the offender loses the board "by the number of his carrommen left on the board and also the queen,
    if it remained on the board"."""
    m = Match.new("icf", SINGLES, first_breaker=S)
    _some_play(m)
    with pytest.raises(RulesError, match="ICF 51"):
        m.play(Stroke(S, StrokeOutcome(())))  # refused: South is not in turn
    ruling = m.play(Forfeit(S, "ICF 51"))
    assert "ICF 51" in ruling.laws
    row = m.state.results[-1]
    assert row.winner == 1 and row.coins == (0, 7) and row.queen == (0, 3)
    assert m.state.points[-1] == (0, 10)


@pytest.mark.parametrize("law", ["ICF 91", "ICF 121 b", "ICF 126 b"])
def test_other_breaches_that_lose_the_board(law):
    """ICF 91 (leaving the chair), ICF 121 b (playing on before the umpire's call), ICF 126 b (the board disturbed
    beyond repair): the board is lost by the coins left and the queen's points."""
    m = Match.new("icf", SINGLES, first_breaker=S)
    _some_play(m)
    ruling = m.play(Forfeit(N, law))
    assert law in ruling.laws
    assert m.state.results[-1].winner == 0
    assert m.state.points[-1] == (8 + 3, 0)


def test_forfeit_from_22_points_loses_by_coins_only():
    """ICF 91: "if the opponent has scored more than 22, he loses only by the number of coins left"."""
    m = Match.from_score("icf", SINGLES, S, breaker=S, points=(23, 0), boards_done=2)  # taken over at 23–0
    _some_play(m)
    m.play(Forfeit(N, "ICF 91"))
    assert m.state.games_won == (1, 0)  # 23 + 8 passes 25 (ICF 56 a)
    assert m.state.results[-1].queen == (0, 0) and m.state.results[-1].coins == (8, 0)
