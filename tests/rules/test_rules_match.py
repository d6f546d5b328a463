"""Games, the match, side changes, replayed boards, forfeits and concessions, and the variants.

ICF 51, 56–60, 137, 139, 140, 142; the French simplified rule ("001 simplified"), the timed
game of the Slovenian rules ("004 law 18", "004 law 39"–"004 law 41"), and the French
official rules ("001 3.5"–"001 3.7").
"""

from dataclasses import replace

import pytest

from carrom.rules import RULESETS
from rules_helpers import (
    E, N, S, W, WHITE, Concede, Declare, Forfeit, Match, Timeout, laws, lose_own_last, miss, new, place_all,
    play, position, refused, slam, stroke,
)
from carrom.rules import Expect, Expected


def all_laws(m):
    return [law for r in m.rulings for law in laws(r)]


def win_game(m, side, small=False):
    game = m.state.game_index
    rulings = []
    for _ in range(12):
        if m.state.over or m.state.game_index != game:
            return rulings
        rulings.append(lose_own_last(m, 1 - side) if small else slam(m, side))
    raise AssertionError("the game did not end")


def play_boards(m, winners, small=True):
    return [lose_own_last(m, 1 - w) if small else slam(m, w) for w in winners]


# -- ICF 56: a game is 25 points or eight boards ------------------------------------------


def test_game_ends_when_a_side_reaches_25():
    """ICF 56 a: the first to 25 points wins the game."""
    m = new()
    play_boards(m, [0, 0], small=False)
    assert m.state.points == ((24, 0),) and m.state.games_won == (0, 0)
    assert m.expected() == Expected(Expect.STROKE, S)
    r = slam(m, 0)
    assert "ICF 56 a" in laws(r)
    assert m.state.games_won == (1, 0)
    assert m.state.points == ((33, 0), (0, 0))  # 24 + 9: no queen from 22 points (ICF 54)


def test_game_ends_after_eight_boards():
    """ICF 56 a: whoever leads after the eighth board wins the game."""
    m = new()
    play_boards(m, [0, 1, 0, 1, 0, 1, 0])
    assert m.state.points == ((12, 9),) and m.state.games_won == (0, 0)
    r = play_boards(m, [0])[0]
    assert "ICF 56 a" in laws(r)
    assert m.state.games_won == (1, 0)
    assert m.state.points == ((15, 9), (0, 0))
    assert len(m.state.results) == 8 and [row.number for row in m.state.results] == list(range(1, 9))


def test_level_after_eight_boards_tie_break_with_toss():
    """ICF 56 b: level after the eighth board: an extra board, its break decided by a toss."""
    m = new()
    r = play_boards(m, [0, 1] * 4)[-1]
    assert "ICF 56 b" in laws(r)
    assert m.state.points == ((12, 12),) and m.state.games_won == (0, 0)
    assert m.expected().kind == "toss"
    refused(m, stroke(m.state.board.turn, ""), "toss")
    r = m.play(Declare(S, "toss north"))
    assert "ICF 56 b" in laws(r)
    assert m.expected() == Expected(Expect.STROKE, N)
    assert m.state.colour_of(N) is WHITE  # ICF 43: the breaker plays white
    r = slam(m, 1)
    assert m.state.games_won == (0, 1)
    assert m.state.points[0] == (12, 24)


# -- ICF 57, 58, 59: best of three, changing sides -------------------------------------


def test_match_is_best_of_three_games_straight():
    """ICF 57: two games won win the match."""
    m = new()
    win_game(m, 0)
    assert not m.state.over and m.state.games_won == (1, 0)
    r = win_game(m, 0)[-1]
    assert "ICF 57" in laws(r)
    assert m.state.over and m.state.winner == 0 and m.expected() is None


def test_match_goes_to_a_third_game():
    """ICF 57: one game each: the third decides."""
    m = new()
    win_game(m, 0)
    win_game(m, 1)
    assert not m.state.over and m.state.games_won == (1, 1) and m.state.game_index == 2
    win_game(m, 1)
    assert m.state.over and m.state.winner == 1 and m.state.games_won == (1, 2)


@pytest.mark.parametrize("doubles, law", [(False, "ICF 58"), (True, "ICF 59")],
                         ids=["ICF 58 singles", "ICF 59 doubles"])
def test_sides_change_after_each_game(doubles, law):
    """ICF 58: in singles the players change sides after each game; ICF 59: in doubles they move one place right."""
    m = new(doubles=doubles)
    r = win_game(m, 0)[-1]
    assert law in laws(r)
    r = win_game(m, 1)[-1]
    assert law in laws(r)


def to_third_game(m):
    win_game(m, 0)
    win_game(m, 1)
    assert m.state.game_index == 2
    return m


def test_deciding_game_sides_change_after_the_fourth_board():
    """ICF 60 a: in the third game, sides change after the fourth board (nobody at 13 yet)."""
    m = to_third_game(new())
    rs = play_boards(m, [0, 1, 0, 1])
    assert m.state.points[-1] == (6, 6)
    assert ["ICF 60 a" in laws(r) for r in rs] == [False, False, False, True]
    rs = play_boards(m, [0])
    assert "ICF 60 a" not in laws(rs[0])  # once only


def test_deciding_game_sides_change_at_thirteen_points():
    """ICF 60 a: in the third game, sides change when a side reaches 13, if that comes first."""
    m = to_third_game(new())
    r = slam(m, 0)
    assert m.state.points[-1] == (12, 0) and "ICF 60 a" not in laws(r)
    r = play_boards(m, [0])[0]
    assert m.state.points[-1] == (15, 0) and "ICF 60 a" in laws(r)


def test_no_side_change_within_the_first_games():
    """ICF 60 a applies only to the third game."""
    m = new()
    play_boards(m, [0, 1, 0, 1, 0])
    assert "ICF 60 a" not in all_laws(m)


def test_quarter_finals_change_sides_only_at_thirteen():
    """ICF 60 b: from the quarter-finals, sides change only when a side reaches 13 (the match's stage)."""
    m = to_third_game(Match.new("icf", {S: "Asha", N: "Ravi"}, first_breaker=S, stage="quarter-final"))
    rs = play_boards(m, [0, 1, 0, 1, 0])
    assert m.state.points[-1] == (9, 6)
    assert not any(law.startswith("ICF 60") for r in rs for law in laws(r))
    rs = play_boards(m, [0, 0])
    assert m.state.points[-1] == (15, 6)
    assert "ICF 60 b" in laws(rs[-1])


# -- ICF 137, 140, 142: replayed boards ---------------------------------------------------


@pytest.mark.parametrize("doubles", [False, True], ids=["ICF 137 singles", "ICF 137 doubles"])
def test_every_player_misses_three_times_board_replayed(doubles):
    """ICF 137: every player misses (touches nothing) three times in a row: the board is replayed."""
    m = new(doubles=doubles)
    play(m, S, "w")
    miss(m, S)  # the turn passes
    n = len(m.state.table.seats) * 3
    for i in range(n - 1):
        r = miss(m, touched=False)
        assert "ICF 137" not in laws(r), f"miss {i + 1} of {n}"
    breaker = m.state.board.breaker
    r = miss(m, touched=False)
    assert "ICF 137" in laws(r)
    b = m.state.board
    assert (b.white, b.black, b.queen, b.strokes) == (9, 9, "board", 0)
    assert b.breaker is breaker  # the same board again
    assert m.state.results == () and m.state.points == ((0, 0),)
    assert m.state.boards_done == 0


@pytest.mark.parametrize("doubles", [False, True], ids=["001 §4 p singles", "001 §4 p doubles"])
def test_fr_official_three_misses_per_side_replay_the_board(doubles):
    """001 §4 p: when both sides have let the turn go three times in a row without touching a coin, the board
    is not counted and is played again: three misses per SIDE, six in all even in doubles (ICF 137 counts three
    per player). The replay is checked by the board itself, not by the law the ruling cites."""
    m = new("fr-official", doubles=doubles)
    play(m, S, "w")
    miss(m, S)  # the turn passes
    for i in range(5):
        miss(m, touched=False)
        b = m.state.board
        assert (b.strokes, b.white) == (i + 3, 8), f"miss {i + 1} of 6: the board goes on"
    breaker = m.state.board.breaker
    miss(m, touched=False)
    b = m.state.board
    assert (b.white, b.black, b.queen, b.strokes) == (9, 9, "board", 0)
    assert b.breaker is breaker and m.state.results == () and m.state.boards_done == 0


def test_misses_must_be_consecutive():
    """ICF 137: a stroke that touches a piece breaks the run of misses."""
    m = new()
    miss(m, S)  # the break
    for _ in range(5):
        miss(m, touched=False)
    miss(m)  # touches: no longer in a row
    for _ in range(5):
        r = miss(m, touched=False)
        assert "ICF 137" not in laws(r)
    assert m.state.board.strokes == 12


@pytest.mark.parametrize("what, law", [("replay", "ICF 140"), ("no-room", "ICF 142")],
                         ids=["ICF 140 events beyond control", "ICF 142 no room for the striker"])
def test_board_replayed_on_declaration(what, law):
    """ICF 140: events beyond the umpire's control; ICF 142: no room on the baseline: the board is replayed."""
    m = position(new(), 5, 6, turn=N)
    breaker = m.state.board.breaker
    r = m.play(Declare(N, what))
    assert law in laws(r)
    b = m.state.board
    assert (b.white, b.black, b.strokes, b.breaker) == (9, 9, 0, breaker)
    assert m.state.results == () and m.state.points == ((0, 0),)
    assert m.expected() == Expected(Expect.STROKE, S)


# -- ICF 51, 139: forfeits and concessions ------------------------------------------------


@pytest.mark.parametrize("queen, points", [(None, 9), (1, 6)],
                         ids=["ICF 51 queen on the board counts", "ICF 51 queen covered by the offender does not"])
def test_forfeit_stroke_out_of_turn(queen, points):
    """ICF 51: a player striking out of turn loses the board by his coins left, and the queen if on the board."""
    m = position(new(), 5, 6, queen=queen, turn=S)
    r = m.play(Forfeit(N))
    assert "ICF 51" in laws(r)
    row = m.state.results[-1]
    assert row.winner == 0 and row.queen[0] + row.coins[0] == points and row.coins[0] == 6
    assert m.state.points == ((points, 0),)


def test_forfeit_does_not_count_coins_still_to_be_placed():
    """ICF 51, 55, 87 b: South owes two whites not yet placed and forfeits: 4 on the board + the queen's 3."""
    m = position(new(), 5, 6, turn=S)
    play(m, S, "ws")  # ICF 73: two whites to be placed by North
    assert m.state.board.white == 4 and len(m.state.board.owed) == 2
    m.play(Forfeit(S))
    if m.expected() and m.expected().kind == "claim":
        m.play(Declare(N, "extra 0"))
    assert m.state.points[0] == (0, 4 + 3)


def test_concede_board():
    """ICF 139: a player may retire: conceding the board loses it."""
    m = position(new(), 5, 6, turn=S)
    r = m.play(Concede(S, "board"))
    assert "ICF 139" in laws(r)
    assert m.state.results[-1].winner == 1
    assert m.state.points[0][0] == 0 and m.state.points[0][1] > 0


def test_concede_game():
    """ICF 139: conceding the game gives it to the other side; the match goes on (ICF 57)."""
    m = new()
    r = m.play(Concede(N, "game"))
    assert "ICF 139" in laws(r)
    assert m.state.games_won == (1, 0) and m.state.game_index == 1 and not m.state.over


def test_concede_match():
    """ICF 139: a player may withdraw from the match at any time."""
    m = position(new(), 5, 6, turn=S)
    r = m.play(Concede(S, "match"))
    assert "ICF 139" in laws(r)
    assert m.state.over and m.state.winner == 1 and m.expected() is None


# -- doubles played to the end ----------------------------------------------------------


def test_doubles_match_to_the_end():
    """ICF 28, 49 b, 56 a, 57, 59: a doubles match, boards broken round the table to the right."""
    m = new(doubles=True)
    breakers = []
    for winner in [0, 1, 0, 1, 1, 0, 0, 0] * 6:
        if m.state.over:
            break
        breakers.append(m.state.board.breaker)
        b = m.state.board
        seat = b.turn
        # the side to lose misses once, the winner's next player pockets all and the queen (one stroke)
        if m.state.table.side(seat) != winner:
            miss(m, seat)
            seat = m.state.board.turn
        play(m, seat, "q" + m.state.colour_of(seat).value[0] * 9)
    assert m.state.over and m.expected() is None
    assert max(m.state.games_won) == 2 and m.state.winner == m.state.games_won.index(2)
    assert breakers[:4] == [S, E, N, W]
    assert "ICF 59" in all_laws(m) and "ICF 57" in all_laws(m)
    for row in m.state.results:
        assert row.winner in (0, 1) and sum(row.queen) + sum(row.coins) <= 12  # ICF 55


# -- the French simplified rule (001 simplified) -----------------------------------------


def simplified_mid():
    return position(new("fr-simplified"), 7, 7, turn=S)


def test_simplified_opponents_coin_keeps_the_turn():
    """001 simplified: an opponent's coin scores for the opponent, but the player keeps the turn."""
    m = simplified_mid()
    r = play(m, S, "b")
    assert "001 simplified" in laws(r)
    assert m.expected() == Expected(Expect.STROKE, S) and m.state.board.black == 6


def test_simplified_striker_with_opponents_coin():
    """001 simplified: striker and an opponent's coin: the opponent scores it, a penalty coin, the turn passes."""
    m = simplified_mid()
    play(m, S, "bs")
    b = m.state.board
    assert b.black == 6 and [o.coin for o in b.owed] == [WHITE]
    place_all(m)
    assert m.state.board.white == 8 and m.expected() == Expected(Expect.STROKE, N)


def test_simplified_piece_off_the_board_is_a_penalty():
    """001 simplified: a coin thrown off the board is a penalty: a pocketed coin goes back, the turn passes."""
    m = simplified_mid()
    r = play(m, S, "", off="b")
    assert "001 simplified" in laws(r)
    place_all(m)
    assert m.state.board.white == 8 and m.expected() == Expected(Expect.STROKE, N)


def test_simplified_queen_before_first_coin():
    """001 simplified: the queen before the player's first coin goes back to the centre and the turn passes."""
    m = position(new("fr-simplified"), 7, 9, turn=N)
    play(m, N, "q")
    assert m.state.board.queen == "board" and m.expected() == Expected(Expect.STROKE, S)


@pytest.mark.parametrize("score, points", [((23, 0), 13), ((24, 0), 10), ((0, 24), 13)],
                         ids=["001 simplified at 23: queen 5", "001 simplified at 24: queen 2",
                              "001 simplified opponent at 24: queen 5"])
def test_simplified_queen_worth_two_from_24_points(score, points):
    """001 simplified, Calcul des points: the queen with its cover is worth 5, and only 2 to a side once that
    side has reached 24 points. South (at 23 or 24) covers the queen, then pockets its last whites: nine whites
    plus the queen's pair (the cover already counted among the nine)."""
    m = new("fr-simplified", points=score)
    play(m, S, "w")
    play(m, S, "qw")
    assert m.state.board.queen == "covered" and m.state.board.queen_side == 0
    play(m, S, "w" * 7)
    last = m.state.results[-1]
    assert last.winner == 0 and last.coins == (points, 0)
    assert m.state.points[-1] == (score[0] + points, score[1])


def test_simplified_queen_and_an_opponents_coin_before_the_first_coin_pass_the_turn():
    """001 simplified: the queen pocketed before the player's first coin goes back to the centre and the turn
    passes, even when an opponent's coin went in with it (which alone would keep the turn); that coin still
    scores for its owner."""
    m = position(new("fr-simplified"), 7, 9, turn=N)
    play(m, N, "qw")
    b = m.state.board
    assert b.queen == "board" and b.white == 6
    assert m.expected() == Expected(Expect.STROKE, S)


def test_simplified_says_why_the_turn_passes():
    """001 simplified: the player keeps the turn while pocketing ("il garde la main tant qu'il réussit à rentrer
    ses pions"); after a stroke that pockets nothing the turn passes, and the ruling says so; after a penalty
    the ruling gives the penalty as the reason, not "nothing went in"."""
    m = simplified_mid()
    r = miss(m, S)
    assert [d.text for d in r.decisions if d.law == "001 simplified"] == ["nothing went in: the turn passes"]
    assert m.expected() == Expected(Expect.STROKE, N)
    r = play(m, N, "s")
    assert not any("nothing went in" in d.text for d in r.decisions)
    assert any(d.text.startswith("penalty (the striker went in)") for d in r.decisions)


def test_simplified_a_coin_pocketed_earlier_lets_the_queen_be_pocketed_alone():
    """001 simplified: the queen goes back only when pocketed before the player's first coin; once a coin of one's
    own is down (an earlier stroke of the same turn), the queen alone must be covered by the next stroke."""
    m = simplified_mid()
    play(m, S, "w")
    r = play(m, S, "q")
    assert m.state.board.queen == "pending" and m.state.board.queen_side == 0
    assert m.expected() == Expected(Expect.STROKE, S)
    assert not any("before" in d.text for d in r.decisions)


def test_simplified_board_every_coin_a_point():
    """001 simplified: every coin pocketed is a point for its owner; the queen and its cover are worth 5."""
    m = position(new("fr-simplified"), 1, 6, queen=0, turn=S)
    play(m, S, "w")
    assert m.state.points == ((13, 3),)  # 8 whites + 5 for the queen and its cover; North's 3 blacks
    row = m.state.results[-1]
    assert row.winner == 0


def test_simplified_own_last_coin_with_queen_in_play():
    """001 simplified: own last coin with the queen in play: the opponent wins and scores 5 more."""
    m = position(new("fr-simplified"), 1, 6, turn=S)
    play(m, S, "w")
    assert m.state.results[-1].winner == 1
    assert m.state.points == ((9, 3 + 5),)


def test_simplified_queen_with_opponents_coin_goes_to_the_opponent():
    """001 simplified: the queen with an opponent's coin counts for the opponent; the player keeps the turn."""
    m = simplified_mid()
    play(m, S, "qb")
    b = m.state.board
    assert b.queen == "covered" and b.queen_side == 1
    assert m.expected() == Expected(Expect.STROKE, S)


@pytest.mark.parametrize("queen, winner, points", [
    (0, 0, (8 + 5, 9)),  # South has the queen: South wins; every coin a point, the pair 5
    (1, 1, (9, 8 + 5)),  # North has the queen: North wins
    (None, 1, (9, 9 + 5)),  # the queen still in play: the opponent wins and scores 5
], ids=["001 simplified both last, queen south", "001 simplified both last, queen north",
        "001 simplified both last, queen in play"])
def test_simplified_both_last_coins(queen, winner, points):
    """001 simplified: both last coins together: the side with the queen wins; queen in play: the opponent, +5."""
    m = position(new("fr-simplified"), 1, 1, queen=queen, turn=S)
    play(m, S, "wb")
    assert m.state.results[-1].winner == winner
    assert m.state.points == (points,)


def test_simplified_opponents_last_coin_with_queen_in_play():
    """001 simplified: the opponent's last coin with the queen in play: the player loses and gives 5."""
    m = position(new("fr-simplified"), 4, 1, turn=S)
    play(m, S, "b")
    assert m.state.results[-1].winner == 1
    assert m.state.points == ((5, 9 + 5),)


def test_simplified_game_to_29():
    """001 simplified: the game goes on until a side has at least 29 points when a board ends; the pair is 2 from 24."""
    m = new("fr-simplified")
    for expected in [(13, 0), (26, 0)]:
        slam(m, 0)
        assert m.state.points[-1] == expected and not m.state.over
    slam(m, 0)
    assert m.state.points[-1] == (26 + 8 + 2, 0)
    assert m.state.over and m.state.winner == 0


# -- the timed game (004 laws 18, 39–41) ---------------------------------------------------


def test_timed_first_bell_finishes_the_board_and_the_game():
    """004 law 40: after the first bell the board in play is finished, no new board; 004 law 39: the leader wins."""
    m = new("timed")
    r = m.play(Timeout(S))
    assert "004 law 40" in laws(r)
    assert m.expected() == Expected(Expect.STROKE, S)
    slam(m, 0)
    assert m.state.games_won == (1, 0) and m.state.points[0] == (12, 0)


@pytest.mark.parametrize("white, black, points", [(5, 8, (3, 0)), (8, 5, (0, 3)), (6, 6, (0, 0))],
                         ids=["004 law 41 south fewer", "004 law 41 north fewer", "004 law 41 level"])
def test_timed_second_bell_scores_the_difference(white, black, points):
    """004 law 41: the second bell ends the board: the difference of coins left to the side with fewer; no queen."""
    m = position(new("timed"), white, black, queen=0 if white < 8 else 1, turn=S)
    m.play(Timeout(S))
    r = m.play(Timeout(S))
    assert "004 law 41" in laws(r)
    assert m.state.points[0] == points
    assert sum(m.state.results[-1].queen) == 0


def test_timed_level_board_at_the_second_bell_is_numbered_as_the_next_board():
    """004 law 41: the second bell ends the board in play; the difference of coins left goes to the side with
    fewer, so a level board scores nothing for either side; it is still the game's next board on the scorecard
    (ICF XIX: one row per board): here board 2, after the one South won."""
    m = new("timed")
    slam(m, 0)
    miss(m)  # board 2 begun: "Play" was called
    m.play(Timeout(S))
    r = m.play(Timeout(S))
    assert "004 law 41" in laws(r)
    assert [(x.number, x.winner, x.coins) for x in m.state.results] == [(1, 0, (9, 0)), (2, None, (0, 0))]
    assert m.state.games_won == (1, 0)  # 004 law 39: the game is over, South leads


def test_timed_bell_in_the_second_game_gives_it_to_the_side_ahead_in_that_game():
    """004 law 39: when the time runs out the side ahead wins the game, short of 25 points; in the second game
    "ahead" is that game's score, whatever the first game's was (ICF 56 a: 25 points win it outright)."""
    m = new("timed")
    while m.state.game_index == 0:
        slam(m, 0)
    assert m.state.points[0][0] >= 25
    slam(m, 1)  # game 2: North 12-0
    r = m.play(Timeout(S, board_begun=False))  # the first bell between boards: the game ends
    assert "004 law 39" in laws(r) and "ICF 56 a" not in laws(r)
    assert m.state.games_won == (1, 1) and m.state.points[1] == (0, 12)


def test_timed_late_arrival_loses_25_0():
    """004 law 18: a player more than 7 minutes late loses the game 25–0."""
    m = new("timed")
    r = m.play(Declare(N, "late"))
    assert "004 law 18" in laws(r)
    assert m.state.points[0] == (25, 0) and m.state.games_won == (1, 0)


# -- the French official rules (001 §3) -------------------------------------------------


def test_fr_official_match_to_the_end():
    """001 3.7 b–e: ICF scoring, 25 points or eight boards, best of three; 001 3.5 g: the break alternates."""
    m = new("fr-official")
    breakers = []
    while not m.state.over:
        breakers.append(m.state.board.breaker)
        slam(m, 0)
    assert m.state.games_won == (2, 0) and m.state.points == ((33, 0), (33, 0))
    assert breakers[:3] == [S, N, S]


def test_simplified_last_coins_that_pay_a_penalty_do_not_end_the_board():
    """001 simplified "se paye par la remise en jeu d'un pion": a penalty owed with no coin in the nets waits
    (ICF 72 c) and is paid from the last coins, which then are not the last: the board goes on."""
    m = new("fr-simplified")
    play(m, S, "b")  # South's first coin is a black: South plays black (001 simplified, colours by the first coin)
    play(m, S, "s")  # the striker: the penalty is a black from the nets
    place_all(m)
    play(m, N, "s")  # North's penalty: no white of North's in the nets yet, it waits
    assert m.state.board.debts == (0, 1)
    play(m, S, "")
    r = play(m, N, "w" * 9)  # North's nine whites: one pays the penalty at once
    assert not m.state.results and "ICF 78 a" in laws(r)
    place_all(m)
    assert m.state.board.white == 1


def test_a_ruling_is_read_by_its_index_as_the_list_of_rulings_gives_it():
    """``Match.ruling(i)`` and ``Match.actions`` give what ``rulings[i]`` and ``len(rulings)`` give, without copying
    the whole history (a server reads the last sixty after every action, ICF 48's turn passing among them); after an
    undo, the undone action's ruling is gone from both."""
    m = new()
    win_game(m, 0)
    assert m.actions == len(m.rulings) > 3
    assert [m.ruling(i) for i in range(m.actions)] == m.rulings
    assert m.ruling(-1) is m.rulings[-1] and any("ICF" in law for law in laws(m.ruling(0)))
    last = m.ruling(m.actions - 1)
    m.undo()
    assert m.actions == len(m.rulings) and (m.actions == 0 or m.ruling(m.actions - 1) is not last)
