"""How a board ends and what it is worth (ICF 52–55, 87 b, 102–112).

South plays white (side 0), North black (side 1). Every position is reached by real
strokes; the game score before the board is given by taking the match over at it (``Match.from_score``) to try the 22-point
rule (ICF 54: from 22 points the queen's 3 are lost; in 102–112 the 3 become 1).
"""

import pytest

from rules_helpers import (
    N, S, Declare, RulesError, laws, miss, new, place_all, play, position, refused, stroke,
)
from carrom.rules import Expect, Expected

# id (law), white, black, queen covered by (side) or None, striker, strokes before, the stroke,
# winner side, points, points when the winner has 22 or more, extra points claimable
CASES = [
    ("ICF 52 a own last coin, queen covered by self", 1, 4, 0, S, "", "w", 0, 7, 4, 0),
    ("ICF 52 a north's last coin, queen covered by north", 4, 1, 1, N, "", "b", 1, 7, 4, 0),
    ("ICF 53 c opponent's last coin, queen covered by striker: no queen points", 3, 1, 0, S, "", "b", 1, 3, 3, 0),
    ("ICF 53 b opponent's last coin, queen covered by opponent", 3, 1, 1, S, "", "b", 1, 6, 3, 0),
    ("ICF 97 a last coin with the queen: covered, wins", 1, 3, None, S, "", "qw", 0, 6, 3, 0),
    ("ICF 52 a last coin covers the queen pocketed last stroke", 1, 3, None, S, "q", "w", 0, 6, 3, 0),
    ("ICF 102 a covering: both last coins", 1, 1, None, S, "q", "wb", 0, 3, 1, 0),
    ("ICF 102 b covering: both last coins by a foul", 1, 1, None, S, "q", "wbf", 1, 3, 1, 1),
    ("ICF 103 a covering: only the opponent's last coin", 3, 1, None, S, "q", "b", 1, 6, 3, 0),
    ("ICF 103 b covering: only the opponent's last coin by a foul", 3, 1, None, S, "q", "bf", 1, 6, 3, 1),
    ("ICF 104 a queen with both last coins", 1, 1, None, S, "", "qwb", 0, 3, 1, 0),
    ("ICF 104 b queen with both last coins by a foul", 1, 1, None, S, "", "qwbf", 1, 3, 1, 1),
    ("ICF 105 a both last coins, queen on the board", 1, 1, None, S, "", "wb", 1, 3, 1, 0),
    ("ICF 105 b both last coins by a foul, queen on the board", 1, 1, None, S, "", "wbf", 1, 3, 1, 1),
    ("ICF 106 a opponent's last coin, queen on the board", 3, 1, None, S, "", "b", 1, 6, 3, 0),
    ("ICF 106 b opponent's last coin by a foul, queen on the board", 3, 1, None, S, "", "bf", 1, 6, 3, 1),
    ("ICF 107 a own last coin, queen on the board", 1, 3, None, S, "", "w", 1, 3, 1, 0),
    ("ICF 107 b own last coin by a foul, queen on the board", 1, 3, None, S, "", "wf", 1, 3, 1, 1),
    ("ICF 108 a own last coin and striker, queen on the board", 1, 3, None, S, "", "ws", 1, 3, 1, 1),
    ("ICF 108 b own last coin and striker by a foul, queen on the board", 1, 3, None, S, "", "wsf", 1, 3, 1, 2),
    ("ICF 109 a queen, striker and both last coins", 1, 1, None, S, "", "qwbs", 1, 3, 1, 1),
    ("ICF 109 b queen, striker and both last coins by a foul", 1, 1, None, S, "", "qwbsf", 1, 3, 1, 2),
    ("ICF 110 a both last coins and striker, queen covered by the striker", 1, 1, 0, S, "", "wbs", 1, 1, 1, 1),
    ("ICF 110 b the same by a foul", 1, 1, 0, S, "", "wbsf", 1, 1, 1, 2),
    ("ICF 111 a opponent's last coin and striker, queen on the board", 3, 1, None, S, "", "bs", 1, 6, 3, 1),
    ("ICF 111 b the same by a foul", 3, 1, None, S, "", "bsf", 1, 6, 3, 2),
    ("ICF 112 a both last coins and striker, queen covered by the opponent", 1, 1, 1, S, "", "wbs", 1, 3, 1, 1),
    ("ICF 112 b the same by a foul", 1, 1, 1, S, "", "wbsf", 1, 3, 1, 2),
]

SCORES = ["level 0", "winner 22", "loser 22"]


def law_of(case_id: str) -> str:
    words = case_id.split()
    return " ".join(words[:3]) if len(words[2]) == 1 else " ".join(words[:2])


def run_case(case_id, white, black, queen, striker, before, letters, winner, score):
    late = 23 if case_id.startswith("ICF 104 a") else 22  # ICF 104 a says "superior a 22"; the others "22 o más"
    start = {"level 0": (0, 0), "winner 22": (late, 0), "loser 22": (0, late)}[score]
    if winner == 1:
        start = (start[1], start[0])
    m = position(new(points=start), white, black, queen=queen, turn=striker)
    for s in before.split():
        play(m, striker, s)
    r = play(m, striker, letters)
    return m, r, start


@pytest.mark.parametrize("score", SCORES)
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_end_of_board(case, score):
    case_id, white, black, queen, striker, before, letters, winner, full, late_pts, claim = case
    m, r, start = run_case(case_id, white, black, queen, striker, before, letters, winner, score)
    law = law_of(case_id)
    if law.startswith("ICF 52") or law.startswith("ICF 53") or law.startswith("ICF 97"):
        assert any(x.startswith("ICF 52") or x.startswith("ICF 53") for x in laws(r)), r.decisions
    else:
        assert law in laws(r), r.decisions
    points = late_pts if score == "winner 22" else full
    ended = r.ending("board")
    assert ended is not None and ended.winner == winner and ended.points == points
    assert ended.extra_claimable == claim
    assert m.state.board.strokes == 0  # the next board is dealt; nothing waits for a demand (ICF 87 b)
    if claim:
        seat = m.state.table.seats_of(winner)[0]
        assert m.expected() == Expected(Expect.CLAIM, seat, optional=True) and m.expected().optional  # ICF 87 b: extra points "if demanded"
        assert m.state.claim.most == claim
        r = m.play(Declare(seat, f"extra {claim}"))
        assert r.ending("board").points == points + claim
        points += claim
    else:
        assert m.expected().kind == "stroke"
    assert m.state.results[-1].winner == winner
    row = m.state.results[-1]
    assert row.queen[winner] + row.coins[winner] == points
    assert row.queen[1 - winner] == row.coins[1 - winner] == 0
    final = m.state.points[0]
    assert final[winner] == start[winner] + points and final[1 - winner] == start[1 - winner]


@pytest.mark.parametrize("score, queen_points", [(21, 3), (22, 0), (24, 0)],
                         ids=["ICF 52 b i 21 queen counts", "ICF 54 22 no queen", "ICF 54 24 no queen"])
def test_queen_points_up_to_21(score, queen_points):
    """ICF 52 b i: the queen is worth 3 up to 21 points inclusive; ICF 54: lost from 22."""
    m = position(new(points=(score, 0)), 1, 5, queen=0, turn=S)
    play(m, S, "w")
    row = m.state.results[-1]
    assert row.winner == 0 and row.queen == (queen_points, 0) and row.coins == (5, 0)  # ICF 53 a


def test_last_coin_with_striker_goes_back_and_the_board_goes_on():
    """ICF 73: the last coin pocketed with the striker goes back with a due; the player plays on."""
    m = position(new(), 1, 3, queen=0, turn=S)
    r = play(m, S, "ws")
    assert "ICF 73" in laws(r)
    assert m.state.board.result is None and not m.state.results
    place_all(m)
    assert m.state.board.white == 2 and m.expected() == Expected(Expect.STROKE, S)


def test_last_coin_by_a_foul_with_queen_covered_goes_back():
    """ICF 77 a: own last coin by a foul goes back with a penalty; the board goes on, the turn is lost."""
    m = position(new(), 1, 3, queen=0, turn=S)
    r = play(m, S, "wf")
    assert "ICF 77 a" in laws(r)
    assert m.state.board.result is None
    place_all(m)
    assert m.state.board.white == 2 and m.expected() == Expected(Expect.STROKE, N)


# -- ICF 55, 87 b: the 12-point cap and claiming extra points --------------------------------


def test_board_points_are_capped_at_twelve():
    """ICF 55: at most 12 points a board, even with a due outstanding (claimed, ICF 87 b)."""
    m = new()
    miss(m, S)  # the break
    play(m, N, "s")  # North's due with no black in the nets (ICF 72 c)
    assert m.state.board.debts == (0, 1)
    play(m, S, "q" + "w" * 9)  # nine whites and the queen: 9 + 3
    assert m.expected() == Expected(Expect.CLAIM, S, optional=True)
    r = m.play(Declare(S, "extra 1"))
    assert "ICF 87 b" in laws(r)
    assert m.state.points[0] == (12, 0)
    assert m.state.results[-1].queen == (3, 0) and m.state.results[-1].coins == (9, 0)


def held_due_position():
    """South (queen covered, 3 white left) wins while North's due waits for room (ICF 79 a)."""
    m = position(new(), 3, 7, queen=0, turn=N)
    play(m, N, "s")  # ICF 72 a: a black to be placed by South
    m.play(Declare(S, "wait"))  # no room: it waits (ICF 79 a)
    play(m, S, "www")  # South's last three: 7 black left + 3 queen
    return m


@pytest.mark.parametrize("claim, extra", [(1, 1), (0, 0)], ids=["ICF 87 b claimed", "ICF 87 b declined"])
def test_extra_points_for_an_outstanding_due(claim, extra):
    """ICF 87 b: at the end of the board the winner may claim a point for each due or penalty outstanding."""
    m = held_due_position()
    assert m.state.claim.most == 1 and m.state.points[0] == (10, 0)
    assert m.expected() == Expected(Expect.CLAIM, S, optional=True)
    m.play(Declare(S, f"extra {claim}"))
    assert m.state.points[0] == (10 + extra, 0)
    assert m.expected() == Expected(Expect.STROKE, N)  # next board: North breaks (ICF 49 a)


def test_extra_points_in_part():
    """ICF 87 b: in full or in part: of a due and a penalty (ICF 108 b), one point claimed."""
    m = position(new(), 1, 3, turn=S)
    play(m, S, "wsf")
    assert m.state.claim.most == 2
    m.play(Declare(N, "extra 1"))
    assert m.state.points[0] == (0, 4)


@pytest.mark.parametrize("seat, what", [(S, "extra 1"), (N, "extra 3"), (N, "extra lots")],
                         ids=["ICF 87 b only the winner", "ICF 87 b no more than owed", "ICF 87 b a number"])
def test_bad_claims_are_refused(seat, what):
    m = position(new(), 1, 3, turn=S)
    play(m, S, "wsf")  # ICF 108 b: North wins 3, may claim 2
    refused(m, Declare(seat, what))


def test_the_next_action_closes_the_claim():
    """ICF 87 b "si así lo solicita": not demanding is the default; the next action closes the claim."""
    m = held_due_position()
    assert m.state.points[0] == (10, 0) and m.expected().optional
    r = m.play(stroke(N, ""))  # the next board's break: the claim is given up
    assert not r.ended and m.state.claim is None and m.state.points[0] == (10, 0)
    refused(m, Declare(S, "extra 1"), "ICF 87 b")


def test_a_claim_that_reaches_25_ends_the_game():
    """ICF 87 b, 56 a: the points demanded count for the game: at 24 a demanded point wins it."""
    from carrom.rules import Match
    m = Match.from_score("icf", {S: "Asha", N: "Ravi"}, S, breaker=S, points=(14, 3), boards_done=3)
    position(m, 3, 7, queen=0, turn=N)
    play(m, N, "s")  # ICF 72 a: a black to be placed by South
    m.play(Declare(S, "wait"))  # no room: it waits (ICF 79 a)
    r = play(m, S, "www")  # South's last three: 7 black left + 3 queen = 10, and 1 claimable
    assert r.ending("game") is None and m.state.points[0] == (24, 3) and m.state.game_index == 0
    r = m.play(Declare(S, "extra 1"))
    assert r.ending("board").points == 11
    assert r.ending("game").winner == 0 and m.state.points[0] == (25, 3) and m.state.game_index == 1


# -- outstanding dues of the side that loses by its own stroke (ICF 55, 87 b) ------------------


def test_striker_owes_coins_waiting_for_room_winner_may_claim_them():
    """ICF 52 a, 87 b: "Esto también se aplica si en el final del juego todavía no había lugar para colocar"."""
    m = position(new(), 3, 2, queen=0, turn=S)
    play(m, S, "ws")  # ICF 73: the white and a due go back, to be placed by North
    m.play(Declare(N, "wait"))  # ICF 79 a: no room yet
    play(m, S, "bb")  # North's last two: North wins by South's 2 whites left (ICF 52 a, 53 c)
    assert m.expected() == Expected(Expect.CLAIM, N, optional=True)
    assert m.rulings[-1].ending("board").points == 2 and m.state.claim.most == 2


def test_outstanding_due_claimable_in_special_case():
    """ICF 106 a, 87 b: South owes a due (72 c) and pockets North's last coin with the queen on the board."""
    m = new(points=(0, 22))  # North at 22: 9 coins, no queen (ICF 106 a), so the cap (ICF 55) is not reached
    play(m, S, "s")  # the break with the striker: a due outstanding (ICF 72 c)
    play(m, N, "b" * 8)
    miss(m, N)
    r = play(m, S, "b")
    assert "ICF 106 a" in laws(r)
    assert m.expected() == Expected(Expect.CLAIM, N, optional=True)
    m.play(Declare(N, "extra 1"))
    assert m.state.points[0] == (0, 22 + 9 + 1)


# -- a side that owes a due pockets its last coins (docs/texts.md §8, decided) -----------------


def owing_south():
    """South breaks with the striker and no coin: a due outstanding (ICF 72 c); North misses."""
    m = new()
    play(m, S, "s")
    miss(m, N)
    assert m.state.board.debts == (1, 0)
    return m


def test_own_last_coins_pay_the_outstanding_due_and_the_board_goes_on():
    """ICF 72 c "se vuelve a colocar en el tablero tan pronto como la ficha esté disponible", 78 a "inmediatamente
    después de completar el golpe … incluso si el jugador continúa": the due is paid from the last coins."""
    m = owing_south()
    r = play(m, S, "w" * 9)
    assert not m.state.board.over and not m.state.results
    assert "ICF 72 c" in laws(r) and "ICF 78 a" in laws(r)
    assert m.expected() == Expected(Expect.PLACE, N)
    place_all(m)
    assert m.state.board.white == 1 and m.state.board.debts == (0, 0)
    assert m.expected() == Expected(Expect.STROKE, S)  # ICF 48: own coins went in, South plays on
    play(m, S, "w")  # now the last white: North wins by 3 (ICF 107 a, the queen on the board)
    assert m.state.results[-1].winner == 1 and m.state.points[0] == (0, 3)


def test_opponents_last_coins_pay_their_outstanding_due_and_the_board_goes_on():
    """ICF 78 b ii: pocketing the opponent's coin that pays their due, the player places it himself; not their last."""
    m = owing_south()
    miss(m, S)
    r = play(m, N, "w" * 9)
    assert not m.state.board.over and "ICF 78 a" in laws(r)
    assert m.expected() == Expected(Expect.PLACE, N)
    place_all(m)
    assert m.state.board.white == 1 and m.expected() == Expected(Expect.STROKE, S)  # ICF 125: the turn passes


def test_queen_own_last_coin_and_striker_go_back_and_play_goes_on():
    """ICF 98 a (docs/texts.md §10, decided): queen, own last coin and striker with the opponent's coins on the
    board: the queen, the coin and a due go back and the player continues; 108 a needs the queen left on the board."""
    m = position(new(), 1, 3, turn=S)
    r = play(m, S, "qws")
    assert "ICF 98 a" in laws(r) and not m.state.results
    place_all(m)
    b = m.state.board
    assert b.queen == "board" and b.white == 2 and m.expected() == Expected(Expect.STROKE, S)


def test_own_last_coin_after_the_opponent_covered_the_queen_gives_no_queen_points():
    """ICF 52 a: pocketing all one's coins first wins the board; ICF 53 a: it is worth the opponent's coins left;
    ICF 53 b: only the side that won may count the queen, and only if it covered it; here the loser covered it
    (ICF 53 c: the loser scores nothing for it), so South wins by the four blacks alone."""
    m = position(new(), 1, 4, queen=1, turn=S)
    r = play(m, S, "w")
    ended = r.ending("board")
    assert ended is not None and ended.winner == 0 and ended.points == 4
    assert m.state.results[-1].queen == (0, 0) and m.state.results[-1].coins == (4, 0)
