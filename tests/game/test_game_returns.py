"""The discs as the umpire leaves them after a ruling: the pieces the referee still counts on the board but the
shot took off it go back in the centre (ICF 65 b, 93), the same in a game, a practice prediction and a bot's plan
(one function, ``carrom.game.outcome.with_returns``)."""

from carrom.equipment import Layout, PieceKind, opening_formation
from carrom.game.outcome import with_returns
from carrom.rules import BoardState, Coin, Seat


def without(layout: Layout, *kinds: PieceKind) -> Layout:
    discs = list(layout.discs)
    for kind in kinds:
        discs.remove(next(d for d in discs if d.kind is kind))
    return Layout(tuple(discs))


def test_the_queen_first_then_the_strikers_colour_then_the_other():
    """ICF 93: a queen pocketed against the laws comes back; ICF 65 b: coins returned are the striker's own first."""
    board = BoardState(breaker=Seat.SOUTH, white_side=0, turn=Seat.NORTH)  # all 19 pieces still counted
    left = without(opening_formation(), PieceKind.BLACK, PieceKind.QUEEN, PieceKind.WHITE)
    back = with_returns(left, board, Coin.BLACK, Seat.SOUTH)
    assert [d.kind for d in back.discs[len(left.discs):]] == [PieceKind.QUEEN, PieceKind.BLACK, PieceKind.WHITE]
    assert back.discs[:len(left.discs)] == left.discs
    assert {k: back.count(k) for k in PieceKind if k is not PieceKind.STRIKER} == \
        {k: opening_formation().count(k) for k in PieceKind if k is not PieceKind.STRIKER}


def test_nothing_missing_leaves_the_discs_as_they_are():
    board = BoardState(breaker=Seat.SOUTH, white_side=0, turn=Seat.NORTH, white=8, queen="pending", queen_side=0)
    left = without(opening_formation(), PieceKind.WHITE, PieceKind.QUEEN)
    assert with_returns(left, board, Coin.WHITE, Seat.SOUTH) is left
