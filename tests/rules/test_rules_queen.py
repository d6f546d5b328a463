"""The queen: when it may be pocketed, covering it, and when it goes back (ICF 92, 95–101).

``mid`` is 7 white and 7 black on the board by real strokes, South (white) in turn with
two whites pocketed, so South may go for the queen (ICF 92).
"""

import pytest

from rules_helpers import BLACK, N, QUEEN, S, WHITE, laws, miss, new, place_all, play, position
from carrom.rules import Expect, Expected


def mid(**kw):
    return position(new(), 7, 7, turn=S, **kw)


# id, strokes before (by South), the stroke, queen after it, owed after it, turn after placing, white after placing
CASES = [
    ("ICF 92 pocketed after an own coin: to be covered, plays on", "", "q", "pending", 0, S, 7),
    ("ICF 97 a queen with an own coin: covered", "", "qw", "covered", 0, S, 6),
    ("ICF 96 not covered next stroke: back on the centre", "q", "", "board", 0, N, 7),
    ("ICF 96 opponent's coin is no cover", "q", "b", "board", 0, N, 7),
    ("ICF 98 a queen, own coin and striker: all back with a due, plays on", "", "qws", "board", 2, S, 8),
    ("ICF 98 b queen, own coin and striker by a foul: back with due and penalty", "", "qwsf", "board", 3, N, 9),
    ("ICF 99 a queen and striker: queen back, a due, plays on", "", "qs", "board", 1, S, 8),
    ("ICF 99 b queen and striker by a foul: queen back, due and penalty, turn lost", "", "qsf", "board", 2, N, 9),
    ("ICF 100 a striker instead of the cover: queen back, a due, turn lost", "q", "s", "board", 1, N, 8),
    ("ICF 100 b striker instead of the cover by a foul: queen back, due and penalty", "q", "sf", "board", 2, N, 9),
    ("ICF 101 a cover with the striker: coin and due back, queen still to cover", "q", "ws", "pending", 2, S, 8),
    ("ICF 101 b cover with the striker by a foul: coin, due, penalty back, queen back", "q", "wsf", "board", 3, N,
     9),
    ("ICF 64 b queen and own coin by a foul: both back with a penalty", "", "qwf", "board", 2, N, 8),
]


@pytest.mark.parametrize("before, letters, queen, n_owed, turn, white", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_queen_cases(before, letters, queen, n_owed, turn, white):
    m = mid()
    for s in before.split():
        play(m, S, s)
    if before:
        assert m.state.board.queen == "pending"
    play(m, S, letters)
    b = m.state.board
    assert b.queen == queen
    assert b.on_board(QUEEN) == (1 if queen == "board" else 0)
    assert b.queen_side == (None if queen == "board" else 0)
    assert [o.coin for o in b.owed] == [WHITE] * n_owed and b.debts == (0, 0)
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, turn)
    assert m.state.board.white == white and m.state.board.black == 7 - letters.count("b")


# The law each case must cite in its ruling.
CITES = [
    ("", "q", "ICF 92"),
    ("q", "", "ICF 96"),
    ("", "qws", "ICF 98 a"),
    ("", "qwsf", "ICF 98 b"),
    ("", "qs", "ICF 99 a"),
    ("", "qsf", "ICF 99 b"),
    ("q", "s", "ICF 100 a"),
    ("q", "sf", "ICF 100 b"),
    ("q", "ws", "ICF 101 a"),
    ("q", "wsf", "ICF 101 b"),
    ("", "qwf", "ICF 64 b"),
]


@pytest.mark.parametrize("before, letters, law", CITES)
def test_queen_rulings_cite_their_law(before, letters, law):
    m = mid()
    if before:
        play(m, S, before)
    r = play(m, S, letters)
    assert law in laws(r), r.decisions


def test_cover_in_the_next_stroke():
    """ICF 92: pocketed after an own coin, then covered by an own coin in the next stroke (ICF II 15)."""
    m = mid()
    play(m, S, "q")
    r = play(m, S, "w")
    b = m.state.board
    assert b.queen == "covered" and b.queen_side == 0
    assert m.expected() == Expected(Expect.STROKE, S)
    assert "ICF 48" in laws(r)


@pytest.mark.parametrize("make", ["break", "north first"], ids=["ICF 95 a at the break", "ICF 95 a north no coin yet"])
def test_queen_before_any_own_coin_goes_back(make):
    """ICF 95 a: the queen pocketed before the player's first own coin: it goes back and the turn is lost."""
    if make == "break":
        m, seat, nxt = new(), S, N
    else:
        m, seat, nxt = position(new(), 7, 9, turn=N), N, S
    r = play(m, seat, "q")
    assert "ICF 95 a" in laws(r)
    assert m.state.board.queen == "board"
    assert m.expected() == Expected(Expect.STROKE, nxt)


def test_queen_while_a_due_is_outstanding_goes_back():
    """ICF 95 b: the queen pocketed while a due is against the player: back, and the turn is lost."""
    m = position(new(), 8, 7, turn=S)  # one white in the nets
    play(m, S, "sf")  # due and penalty: one placed now, one outstanding (ICF 72 c, 83)
    place_all(m)
    assert m.state.board.debts == (1, 0)
    miss(m, N)
    r = play(m, S, "q")
    assert "ICF 95 b" in laws(r)
    assert m.state.board.queen == "board"
    assert m.expected() == Expected(Expect.STROKE, N)


def test_all_nine_back_after_dues_may_pocket_and_cover():
    """ICF 95 c: after the dues are paid, with all nine on the board, the player may pocket and cover the queen."""
    m = position(new(), 8, 7, turn=S)
    play(m, S, "ws")  # ICF 73: the white and a due go back
    place_all(m)
    assert m.state.board.white == 9 and m.expected() == Expected(Expect.STROKE, S)
    r = play(m, S, "q")
    assert "ICF 95 a" not in laws(r)
    assert m.state.board.queen == "pending" and m.expected() == Expected(Expect.STROKE, S)
    play(m, S, "w")
    assert m.state.board.queen == "covered" and m.state.board.queen_side == 0


@pytest.mark.parametrize("setup", ["break", "nine again"], ids=["ICF 95 d at the break", "ICF 95 d nine on board"])
def test_queen_with_striker_all_nine_on_board(setup):
    """ICF 95 d: all nine on the board, queen and striker pocketed: queen back, a due, the turn is lost."""
    if setup == "break":
        m = new()
    else:
        m = position(new(), 8, 7, turn=S)
        play(m, S, "ws")
        place_all(m)
    r = play(m, S, "qs")
    assert "ICF 95 d" in laws(r)
    said = [d.text for d in r.decisions if d.law == "ICF 95 d" and "queen went in with the striker" in d.text]
    assert said == ["the queen went in with the striker: a due, and South loses the turn (all nine on the board)"]
    b = m.state.board
    assert b.queen == "board"
    assert len(b.owed) + b.debts[0] == 1  # the due: outstanding at the break (ICF 72 c)
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, N)


def test_queen_with_one_coin_while_nine_on_board_must_still_be_covered():
    """ICF 97 b: at the break, the queen with one of the nine: still to be covered."""
    m = new()
    r = play(m, S, "qw")
    assert "ICF 97 b" in laws(r)
    assert m.state.board.queen == "pending" and m.expected() == Expected(Expect.STROKE, S)
    play(m, S, "w")
    assert m.state.board.queen == "covered"


def test_queen_with_one_coin_at_the_break_not_covered_goes_back():
    """ICF 97 b, 96: not covered in the next stroke, the queen goes back; the white stays down."""
    m = new()
    play(m, S, "qw")
    r = miss(m, S)
    assert "ICF 96" in laws(r)
    assert m.state.board.queen == "board" and m.state.board.white == 8
    assert m.expected() == Expected(Expect.STROKE, N)


def test_queen_with_two_coins_at_the_break_is_covered():
    """ICF 97 b: more than one of the player's coins with the queen: covered."""
    m = new()
    play(m, S, "qww")
    assert m.state.board.queen == "covered" and m.state.board.queen_side == 0


def test_cover_with_striker_then_no_coin_queen_goes_back():
    """ICF 101 a: after covering with the striker, no own coin in the next stroke: the queen is not covered."""
    m = mid()
    play(m, S, "q")
    play(m, S, "ws")
    place_all(m)
    assert m.state.board.queen == "pending" and m.expected() == Expected(Expect.STROKE, S)
    r = miss(m, S)
    assert "ICF 96" in laws(r) or "ICF 101 a" in laws(r)
    assert m.state.board.queen == "board" and m.expected() == Expected(Expect.STROKE, N)


def test_cover_with_striker_then_own_coin_covers():
    """ICF 101 a: the player plays on and an own coin in the next stroke covers the queen."""
    m = mid()
    play(m, S, "q")
    play(m, S, "ws")
    place_all(m)
    play(m, S, "w")
    assert m.state.board.queen == "covered" and m.state.board.queen_side == 0


def test_black_covers_for_north():
    """ICF 92, 97 a: the queen is common to both (ICF 43): North covers with a black."""
    m = position(new(), 7, 7, turn=N)
    play(m, N, "qb")
    b = m.state.board
    assert b.queen == "covered" and b.queen_side == 1 and b.black == 6
    assert b.on_board(BLACK) + b.in_nets(BLACK) == 9


def test_only_the_umpire_places_the_queen():
    """ICF 93: "Solo el árbitro coloca la reina en el círculo central interior": a returned queen is back on the
    board at once, no player is asked to place it, and nobody may place it as a due."""
    from carrom.rules import Coin, Place, RulesError, Seat

    m = new()
    r = play(m, S, "q")  # ICF 95 a: the queen at the break, before any own coin
    assert "ICF 95 a" in laws(r)
    assert m.state.board.queen == "board" and m.state.board.counts()["queen"] == 1
    assert m.expected().kind == "stroke"
    with pytest.raises(RulesError):
        m.play(Place(Seat.NORTH, coin=Coin.QUEEN))
