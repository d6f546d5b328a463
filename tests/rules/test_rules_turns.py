"""Who plays next after a stroke, and pieces that leave the board (ICF 48, 65, 74–76, 125).

Every case starts from the same position reached by real strokes: South (white) and
North (black) have each pocketed two coins, so 7 white and 7 black are on the board and
both have coins in the nets; South is in turn.
"""

import pytest

from rules_helpers import BLACK, E, N, QUEEN, S, W, WHITE, laws, new, place_all, play, position
from carrom.rules import Expect, Expected


def mid(turn=S, doubles=False):
    return position(new(doubles=doubles), 7, 7, turn=turn)


# id (cites the law), letters, off-board, owed right after (colour per coin), then after placing:
# turn, white, black, queen, laws the ruling must cite
CASES = [
    ("ICF 48 own coin: plays on", "w", "", (), S, 6, 7, "board", ["ICF 48"]),
    ("ICF 48 two own coins: plays on", "ww", "", (), S, 5, 7, "board", ["ICF 48"]),
    ("ICF 48 nothing in: turn passes", "", "", (), N, 7, 7, "board", ["ICF 48"]),
    ("ICF 48 own and opponent's coin: plays on (001 3.6 a)", "wb", "", (), S, 6, 6, "board", ["ICF 48"]),
    ("ICF 48 queen after an own coin: plays on to cover (ICF 92)", "q", "", (), S, 7, 7, "pending", []),
    ("ICF 74 striker and opponent's coin: coin stays down, due, turn lost", "bs", "", (WHITE,), N, 8, 6,
     "board", ["ICF 74"]),
    ("ICF 75 striker with own and opponent's coin: own back with a due, plays on", "wbs", "", (WHITE, WHITE), S,
     8, 6, "board", ["ICF 75"]),
    ("ICF 76 opponent's coin by a foul: stays down, penalty, turn lost", "bf", "", (WHITE,), N, 8, 6, "board",
     ["ICF 76"]),
    ("ICF 125 opponent's coin: stays down, turn lost", "b", "", (), N, 7, 6, "board", ["ICF 125"]),
    ("ICF 125 two opponent's coins: stay down, turn lost", "bb", "", (), N, 7, 5, "board", ["ICF 125"]),
    ("ICF 65 a own coin off the board: back to the centre, turn passes", "", "w", (), N, 7, 7, "board",
     ["ICF 65", "ICF 48"]),
    ("ICF 65 a opponent's coin off, own coin in: plays on", "w", "b", (), S, 6, 7, "board", ["ICF 65", "ICF 48"]),
    ("ICF 65 a queen off the board: back on the centre", "", "q", (), N, 7, 7, "board", ["ICF 65"]),
    ("ICF 65 d three pieces off", "", "wbq", (), N, 7, 7, "board", ["ICF 65"]),
]


@pytest.mark.parametrize("letters, off, owed, turn, white, black, queen, cited",
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_turn_after_a_stroke(letters, off, owed, turn, white, black, queen, cited):
    m = mid()
    r = play(m, S, letters, off=off)
    for law in cited:
        assert law in laws(r), f"{law} not cited: {r.decisions}"
    b = m.state.board
    assert tuple(o.coin for o in b.owed) == owed
    assert all(o.placer is N for o in b.owed)  # the opponent places (ICF 78 a)
    place_all(m)
    b = m.state.board
    assert m.expected() == Expected(Expect.STROKE, turn)
    assert (b.white, b.black) == (white, black)
    assert b.queen == queen
    # ICF part I: the nineteen pieces are all accounted for
    for coin in (WHITE, BLACK):
        assert b.on_board(coin) + b.in_nets(coin) + b.held(coin) == 9


@pytest.mark.parametrize("letters", ["", "w", "b", "wb"], ids=lambda s: f"ICF 65 pocketed {s or 'nothing'}")
def test_pieces_off_the_board_are_not_pocketed(letters):
    """ICF 65 a: a coin off the board goes back on the centre: it is neither pocketed nor owed."""
    m = mid()
    before = m.state.board
    play(m, S, letters, off="wb")
    b = m.state.board
    assert b.white == before.white - letters.count("w")
    assert b.black == before.black - letters.count("b")
    assert b.in_nets(WHITE) == before.in_nets(WHITE) + letters.count("w")
    assert b.in_nets(BLACK) == before.in_nets(BLACK) + letters.count("b")
    assert not b.owed


@pytest.mark.parametrize("seat, off, order", [
    (S, "bw", ["white", "black"]),  # ICF 65 c: the striker's coin first
    (N, "wb", ["black", "white"]),
    (S, "wq", ["queen", "white"]),  # ICF 65 b: the queen first, then the coin
    (N, "bwq", ["queen", "black", "white"]),  # ICF 65 b, c, d
], ids=["ICF 65 c south", "ICF 65 c north", "ICF 65 b queen first", "ICF 65 d queen then striker's coin"])
def test_off_board_pieces_are_returned_in_the_order_of_the_law(seat, off, order):
    m = mid(turn=seat)
    r = play(m, seat, "", off=off)
    text = next(d.text for d in r.decisions if d.law == "ICF 65")
    positions = [text.index(name) for name in order]
    assert positions == sorted(positions), text


def test_turn_passes_to_the_right_in_doubles():
    """ICF 48, 49 b: a stroke that pockets nothing passes the turn to the player on the right."""
    m = mid(doubles=True)
    seats = []
    for _ in range(5):
        seats.append(m.state.board.turn)
        play(m, m.state.board.turn, "")
    assert seats == [S, E, N, W, S]


def test_opponents_coin_in_doubles_passes_the_turn_to_the_right():
    """ICF 125: the turn is lost; ICF 49 b: it goes to the player on the right."""
    m = mid(doubles=True)
    r = play(m, S, "b")
    assert "ICF 125" in laws(r)
    assert m.expected() == Expected(Expect.STROKE, E)


def test_queen_counts_are_unchanged_by_off_board():
    """ICF 65 a: the queen off the board is put back on the centre by the umpire, not pocketed."""
    m = mid()
    play(m, S, "w", off="q")
    assert m.state.board.on_board(QUEEN) == 1 and m.state.board.queen == "board"
    assert m.expected() == Expected(Expect.STROKE, S)
