"""From what the physics saw to what the referee needs: a shot result as a stroke outcome."""

from __future__ import annotations

from carrom.equipment import PieceKind
from carrom.physics.result import ShotResult
from carrom.rules import Coin, StrokeOutcome

COIN_OF_KIND = {PieceKind.WHITE: Coin.WHITE, PieceKind.BLACK: Coin.BLACK, PieceKind.QUEEN: Coin.QUEEN}
KIND_OF_COIN = {coin: kind for kind, coin in COIN_OF_KIND.items()}


def stroke_outcome(result: ShotResult) -> StrokeOutcome:
    """The facts of the stroke: pieces in the order they fell, the striker, the first touch (ICF 44, 48, 72)."""
    pocketed = tuple(COIN_OF_KIND[p.kind] for p in result.coins_pocketed)
    off = tuple(COIN_OF_KIND[result.kinds[i]] for i in result.pieces_off_board)
    return StrokeOutcome(pocketed=pocketed, striker_pocketed=result.striker_pocketed, off_board=off,
                         touched=result.touched_any)
