"""Where the players sit: the change of places after each game and in the deciding game, and the rest before it.

The record names a player by the seat he broke the first game from; the referee says where he sits now.
"""

import pytest

from carrom.rules import Match
from carrom.rules.places import places, rest_due

from rules_helpers import E, N, S, W, laws, new, slam
from test_rules_match import play_boards, to_third_game, win_game


def sits(m):
    return dict(places(m.state))


def said(ruling, law):
    return [str(d.message) for d in ruling.decisions if d.law == law]


def test_singles_players_sit_on_the_opposite_side_after_each_game():
    """ICF 58: in singles the players change sides at the end of each game, so each sits where the other sat."""
    m = new()
    assert sits(m) == {S: S, N: N}
    r = win_game(m, 0)[-1]
    assert sits(m) == {S: N, N: S}
    assert said(r, "ICF 58") == ["sides change for game 2: Asha → North, Ravi → South"]
    win_game(m, 1)
    assert sits(m) == {S: S, N: N}


def test_doubles_players_each_move_one_place_to_the_right():
    """ICF 59: in doubles each player moves to the place on his right at the end of each game."""
    m = new(doubles=True)
    r = win_game(m, 0)[-1]
    assert sits(m) == {S: E, E: N, N: W, W: S}
    assert said(r, "ICF 59") == ["each moves one place right for game 2: Asha → East, Bilal → North, Ravi → West, "
                                 "Dana → South"]


def test_the_deciding_games_change_of_sides_moves_the_players_again():
    """ICF 60 a: in the third game the players change sides once more, after the fourth board (or at 13)."""
    m = to_third_game(new())
    assert sits(m) == {S: S, N: N}
    rs = play_boards(m, [0, 1, 0, 1])
    assert sits(m) == {S: N, N: S}
    assert said(rs[-1], "ICF 60 a") == ["sides change in the deciding game: Asha → North, Ravi → South"]


def test_from_the_quarter_finals_the_move_comes_at_13():
    """ICF 60 b: from the quarter-finals the deciding game's change of sides comes only when a side reaches 13."""
    m = to_third_game(Match.new("icf", {S: "Asha", N: "Ravi"}, first_breaker=S, stage="quarter-final"))
    play_boards(m, [0, 1, 0, 1, 0])
    assert sits(m) == {S: S, N: N}
    r = play_boards(m, [0, 0])[-1]
    assert sits(m) == {S: N, N: S} and said(r, "ICF 60 b")


def test_a_ten_minute_rest_before_the_third_game():
    """ICF 138: there is a ten-minute rest between the second and the third game."""
    m = new()
    r = win_game(m, 0)[-1]
    assert "ICF 138" not in laws(r) and rest_due(m.state) is None
    r = win_game(m, 1)[-1]
    assert said(r, "ICF 138") == ["a rest of 10 minutes before game 3"]
    assert rest_due(m.state) == 10
    play_boards(m, [0])
    assert rest_due(m.state) is None  # the third game has begun


@pytest.mark.parametrize("rules", ["fr-simplified"])
def test_no_rest_in_a_one_game_match(rules):
    """ICF 138 rests between the second and third games: a match of one game (001, simplified) has none."""
    m = new(rules)
    assert rest_due(m.state) is None


def test_rulings_name_the_chair_a_player_sits_in_now():
    """ICF 58 with ICF 49 a: after game 1 the players have changed sides, so the one who breaks game 2 (Ravi, who
    began north) is named by the chair he now sits in, south, and so is the side that wins it."""
    m = new()
    r = win_game(m, 0)[-1]
    assert said(r, "ICF 49 a") == ["game 2: South breaks"]
    r = win_game(m, 1)[-1]
    assert said(r, "ICF 56 a")[0].startswith("South wins game 2")  # Ravi, in the south chair in game 2


def test_a_boards_result_says_what_its_points_are_made_of():
    """ICF 53 a: the winner scores the opponents' coins left; ICF 52 b: and 3 for the queen covered (up to 21): the
    ruling gives both parts. ICF 54: from 22 points the queen does not count, and the ruling says so by its law."""
    m = new()
    r = slam(m, 0)
    assert said(r, "ICF 53 a")[0] == ("last coin, queen covered: South wins the board by 12 points"
                                      ": 9 for the coins + 3 for the queen")
    m = new(points=(22, 0))
    r = slam(m, 0)
    assert said(r, "ICF 53 a")[0] == "last coin, queen covered: South wins the board by 9 points"
    assert said(r, "ICF 54") == ["South has 22 points or more: the queen does not count"]
