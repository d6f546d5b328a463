"""Between what the physics saw and what the referee rules: a shot result as a stroke outcome, and the discs
as the umpire leaves them after the ruling (the pieces returned to the centre)."""

from __future__ import annotations

from carrom.equipment import Layout, PieceKind, Seat as EqSeat, centre_return_positions
from carrom.physics.result import ShotResult
from carrom.rules import BoardState, Coin, StrokeOutcome

COIN_OF_KIND = {PieceKind.WHITE: Coin.WHITE, PieceKind.BLACK: Coin.BLACK, PieceKind.QUEEN: Coin.QUEEN}
KIND_OF_COIN = {coin: kind for kind, coin in COIN_OF_KIND.items()}


def stroke_outcome(result: ShotResult) -> StrokeOutcome:
    """The facts of the stroke: pieces in the order they fell, the striker, the first touch (ICF 44, 48, 72)."""
    pocketed = tuple(COIN_OF_KIND[p.kind] for p in result.coins_pocketed)
    off = tuple(COIN_OF_KIND[result.kinds[i]] for i in result.pieces_off_board)
    return StrokeOutcome(pocketed=pocketed, striker_pocketed=result.striker_pocketed, off_board=off,
                         touched=result.touched_any)


def with_returns(layout: Layout, board: BoardState, own: Coin, seat: str) -> Layout:
    """``layout`` with the pieces the referee counts on ``board`` but the discs lack put back in the centre, away
    from ``seat``, who struck (ICF 65 b, 93): the queen first, then the striker's colour ``own``, then the other."""
    missing: list[PieceKind] = []
    for coin in (Coin.QUEEN, own, own.other):
        kind = KIND_OF_COIN[coin]
        missing += [kind] * (board.on_board(coin) - layout.count(kind))
    if not missing:
        return layout
    return Layout(layout.discs + centre_return_positions(layout, missing, EqSeat(seat)))
