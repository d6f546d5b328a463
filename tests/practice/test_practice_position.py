"""A practice position: every fault listed at once with its law, the JSON form checked field by field."""

import pytest

from carrom.equipment import STANDARD_BOARD
from carrom.practice import Position, PracticeError
from carrom.rules import Coin, Seat

from practice_helpers import B, HALF, Q, W, position

R = 0.0159  # a carromman's radius, about


def codes(pos: Position) -> list[str]:
    return [f.code for f in pos.problems()]


def test_the_opening_is_a_legal_position_before_the_break():
    pos = Position.opening(Seat.NORTH)
    assert pos.problems() == ()
    state = pos.rules_state()
    assert state.board.turn is Seat.NORTH and state.colour_of(Seat.NORTH) is Coin.WHITE
    assert not state.board.broken and state.board.counts() == {"white": 9, "black": 9, "queen": 1}


@pytest.mark.parametrize("pieces, code, words", [
    ([(W, 0.0, 0.0), (B, 0.02, 0.0)], "overlap", "pieces 0 (white) and 1 (black) overlap by"),
    ([(W, HALF, 0.0)], "off-board", "is off the playing surface"),
    ([(W, *(c - 0.005 for c in STANDARD_BOARD.pocket_centres()[2]))], "in-pocket", "lies in pocket NE"),
    ([(Q, 0.0, 0.0), (Q, 0.1, 0.0)], "too-many", "2 queen pieces: a set has 1 (ICF I.B)"),
    ([(W, 0.05 * i - 0.25, 0.1) for i in range(10)], "too-many", "10 white pieces: a set has 9"),
], ids=["overlap", "off-board", "in-pocket", "two-queens", "ten-whites"])
def test_an_impossible_layout_is_refused_naming_the_fault(pieces, code, words):
    pos = position(*pieces, queen="covered" if not any(k is Q for k, *_ in pieces) else "board",
                   queen_by="north")
    assert code in codes(pos)
    with pytest.raises(PracticeError, match="cannot be played") as err:
        pos.check()
    assert words in str(err.value)


def test_every_fault_is_listed_at_once():
    pos = position((W, 0.0, 0.0), (B, 0.01, 0.0), (W, HALF + 0.1, 0.0), seat="up", colour="red")
    assert {"seat", "colour", "overlap", "off-board"} <= set(codes(pos))


@pytest.mark.parametrize("kw, law", [
    (dict(queen="board"), "ICF 92"),  # said on the board, none placed
    (dict(queen="covered", queen_by="east"), "ICF 15"),  # east does not sit at this table
    (dict(queen="pending", broken=False), "ICF 44"),
    (dict(queen="covered", queen_by="north", dues=1), "ICF 72 c"),  # a white is in the nets: no debt can wait
], ids=["queen-missing", "covered-by-nobody", "queen-before-break", "debt-with-coins-in-nets"])
def test_a_board_state_that_does_not_fit_the_pieces_cites_its_law(kw, law):
    pos = position((W, 0.1, 0.1), (B, -0.1, -0.1), **kw)
    faults = pos.problems()
    assert faults and any(f.law == law for f in faults), faults


def test_the_rules_state_carries_queen_dues_and_colours():
    nine_black = [(B, -0.2 + 0.045 * i, 0.2) for i in range(9)]
    pos = position((W, 0.0, 0.0), *nine_black, seat=Seat.NORTH, colour="white", queen="pending",
                   opponent_dues=2)
    state = pos.rules_state()
    board = state.board
    assert board.turn is Seat.NORTH and state.colour_of(Seat.SOUTH) is Coin.BLACK
    assert (board.white, board.black, board.queen) == (1, 9, "pending")
    assert board.queen_side == state.table.side(Seat.NORTH)
    assert state.dues(Seat.SOUTH).outstanding == 2
    assert board.potted == (True, False)  # north's whites went down; every black is still on the board


def test_the_json_form_round_trips():
    pos = position((W, 0.1, 0.1), (Q, 0.0, 0.0), seat=Seat.EAST, colour="black", broken=True)
    assert Position.from_dict(pos.to_dict()) == pos


@pytest.mark.parametrize("data, words", [
    ([], "a position is an object"),
    ({"pieces": "all"}, "pieces must be a list"),
    ({"pieces": [{"kind": "king", "x": 0, "y": 0}]}, "pieces[0].kind must be one of white, black, queen"),
    ({"pieces": [{"kind": "white", "x": "0", "y": 0}]}, "pieces[0].x must be a finite number"),
    ({"pieces": [{"kind": "white", "x": 10**400, "y": 0}]}, "pieces[0].x must be a finite number"),
    ({"pieces": [{"kind": "white", "x": 0, "y": 0, "z": 1}]}, "pieces[0] must be an object with exactly"),
    ({"pieces": [], "queen": "covered", "queen_by": "north", "turn": 3}, "unknown field 'turn'"),
    ({"pieces": [], "queen": "covered", "queen_by": "north", "dues": -1}, "dues must be a whole number"),
    ({"pieces": [], "queen": 5}, "queen must be a word"),
    ({"pieces": [{"kind": "white", "x": 0, "y": 0}] * 20}, "20 pieces: a set has nineteen"),
], ids=["not-object", "pieces", "kind", "x", "huge-x", "extra-key", "unknown-field", "dues", "queen-type", "twenty"])
def test_malformed_json_names_the_field(data, words):
    with pytest.raises(PracticeError) as err:
        Position.from_dict(data)
    assert words in str(err.value)
