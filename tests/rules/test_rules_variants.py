"""The variants as their federations play them: a row per section of the French (001) and Slovenian
(004) texts where the variant differs from ICF, each beside the ICF ruling it replaces.

South plays white (side 0), North black (side 1); positions are reached by real strokes.
"""

import pytest

from rules_helpers import (
    N, S, Concede, Declare, Timeout, laws, miss, new, place_all, play, position, refused, slam,
)
from carrom.rules import Expect, Expected


# -- what a foul stroke with the striker costs (001 §3.11 a, e; ICF 72 b, 77 b) ---------------

# id, rules, the stroke, coins owed by South after it
COSTS = [
    ("001 §3.11 a striker alone, improper: one coin", "fr-official", "sf", 1),
    ("ICF 72 b striker alone, improper: due and penalty", "icf", "sf", 2),
    ("001 §3.11 e own coin and striker, improper: the coin back plus one", "fr-official", "wsf", 2),
    ("ICF 77 b own coin and striker, improper: the coin, a due and a penalty", "icf", "wsf", 3),
    ("001 §3.11 e own coin, improper: the coin back plus one, as ICF 77 a (001 §3.11 e cited)", "fr-official", "wf", 2),
]


@pytest.mark.parametrize("case", COSTS, ids=[c[0] for c in COSTS])
def test_what_a_foul_with_the_striker_costs(case):
    case_id, rules, letters, owed = case
    m = position(new(rules), 6, 8, turn=S)
    r = play(m, S, letters)
    assert len(m.state.board.owed) == owed
    assert " ".join(case_id.split()[:3]) in laws(r), r.decisions
    assert m.expected() == Expected(Expect.PLACE, N)
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, N)


# -- the end-of-board special cases: fixed points in 001 §3.7 f–l -----------------------------

# id, rules, white, black, queen covered by, the stroke, winner, board points, extra points offered
ENDS = [
    ("001 §3.7 i own last coin and striker, queen in play: 3 even so", "fr-official", 1, 3, None, "ws", 1, 3),
    ("ICF 108 a own last coin and striker, queen on the board: 3, and a due on demand", "icf", 1, 3, None, "ws", 1, 3),
    ("001 §3.7 l both last coins and striker after one's own cover: 1", "fr-official", 1, 1, 0, "wbs", 1, 1),
    ("001 §3.7 l both last coins and striker after the opponent's cover: 3", "fr-official", 1, 1, 1, "wbs", 1, 3),
    ("001 §3.7 k queen, both last coins and striker: 3", "fr-official", 1, 1, None, "qwbs", 1, 3),
    ("001 §3.7 n opponent's last coin and striker: coins and queen, 1 more", "fr-official", 3, 1, None, "bs", 1, 7),
]


@pytest.mark.parametrize("case", ENDS, ids=[c[0] for c in ENDS])
def test_special_cases_points(case):
    case_id, rules, white, black, queen, letters, winner, points = case
    m = position(new(rules), white, black, queen=queen, turn=S)
    r = play(m, S, letters)
    law = " ".join(case_id.split()[:3])
    assert law in laws(r), r.decisions
    row = m.state.results[-1]
    assert row.winner == winner
    assert sum(row.queen) + sum(row.coins) == points
    assert m.state.points[0][winner] == points


# -- conceding (001 §4 q; ICF 139) ----------------------------------------------------------

@pytest.mark.parametrize("rules, accepted", [("fr-official", False), ("icf", True)],
                         ids=["001 §4 q only on one's own turn", "ICF 139 at any time"])
def test_conceding_a_game_out_of_turn(rules, accepted):
    m = position(new(rules), 7, 9, turn=S)
    if accepted:
        r = m.play(Concede(N, "game"))
        assert "ICF 139" in laws(r) and m.state.games_won == (1, 0)
    else:
        refused(m, Concede(N, "game"), "001 §4 q")
        miss(m, S)
        r = m.play(Concede(N, "game"))
        assert "001 §4 q" in laws(r) and m.state.games_won == (1, 0)


# -- the queen with the breaker's first coin (001 S2 case 1; ICF 97 b) ------------------------

def test_simplified_queen_with_the_first_coin_must_still_be_covered():
    """001 S2 case 1: "il peut essayer de la doubler": the queen with one's first coin is covered by the next stroke."""
    m = new("fr-simplified")
    play(m, S, "qw")
    b = m.state.board
    assert b.queen == "pending" and b.queen_side == 0
    assert m.expected() == Expected(Expect.STROKE, S)
    miss(m, S)  # not covered: the queen goes back, the turn passes
    assert m.state.board.queen == "board" and m.expected() == Expected(Expect.STROKE, N)


def test_simplified_queen_with_two_first_coins_is_covered():
    m = new("fr-simplified")
    play(m, S, "qww")
    assert m.state.board.queen == "covered"


# -- the timed game (004 laws 18, 39–41) ------------------------------------------------------

def test_timed_bell_between_boards_ends_the_game():
    """004 law 40: no new board after the first bell: rung before the next break, it ends the game."""
    m = new("timed")
    slam(m, 0)
    r = m.play(Timeout(S))
    assert "004 law 40" in laws(r)
    assert m.state.games_won == (1, 0) and m.state.points[0] == (12, 0)
    assert m.state.game_index == 1
    assert [e.kind.value for e in r.ended] == ["game"] and r.ending("game").winner == 0


def test_timed_bell_after_play_was_called_lets_the_board_be_played():
    """004 law 40: a board begun when the bell rang must be played: the umpire says it had begun."""
    m = new("timed")
    slam(m, 0)
    m.play(Timeout(S, board_begun=True))
    assert m.state.game_index == 0 and m.expected() == Expected(Expect.STROKE, N)
    slam(m, 1)
    assert m.state.points[0] == (12, 12) and m.state.awaiting_toss  # level when time ran out: ICF 56 b


def test_timed_tie_break_board_has_no_time_limit():
    """docs/texts.md §14: the tie-break board after a level time limit is played out without a bell."""
    m = position(new("timed"), 6, 6, turn=S)
    m.play(Timeout(S))
    m.play(Timeout(S))  # 004 law 41: level, no points: a tie-break board (ICF 56 b)
    assert m.state.awaiting_toss
    m.play(Declare(S, "toss south"))
    refused(m, Timeout(S), "tie-break")
    slam(m, 0)
    assert m.state.games_won == (1, 0)


def test_timed_late_arrival_loses_the_game_and_the_match_goes_on():
    """004 law 18 "izgubi igro 25-0": the game, 25–0; a side still absent at the next game loses it too."""
    m = new("timed")
    r = m.play(Declare(N, "late"))
    assert any(d.law == "004 law 18" and "late" in d.text for d in r.decisions), r.decisions
    assert m.state.points[0] == (25, 0) and m.state.games_won == (1, 0) and not m.state.over
    m.play(Declare(N, "late"))
    assert m.state.over and m.state.winner == 0 and m.state.points[1] == (25, 0)
