"""Between what the physics saw and what the referee rules: a shot as a stroke outcome, and the discs as the
umpire leaves them after the ruling (the pieces returned to the centre).

Each step is written once, for a single shot (``ShotResult``) and for row ``k`` of a batch (``BatchResult``,
the bots' simulated strokes): the outcome (``stroke_outcome`` / ``row_outcome``), whether the striker left the
baseline (``ShotResult.left_baseline`` / ``row_left_baseline``), the discs at rest (``ShotResult.final_layout`` /
``rest_layout``), and the umpire's returns (``back_to_centre``, ``with_returns``).
"""

from __future__ import annotations

from collections.abc import Sequence

from carrom.equipment import STANDARD_BOARD, Disc, Layout, PieceKind, centre_return_positions
from carrom.physics import BatchResult
from carrom.physics.result import ShotResult
from carrom.game.seats import BoardSeat, board_seat
from carrom.rules import BoardState, Coin, Seat, StrokeOutcome

COIN_OF_KIND = {PieceKind.WHITE: Coin.WHITE, PieceKind.BLACK: Coin.BLACK, PieceKind.QUEEN: Coin.QUEEN}
KIND_OF_COIN = {coin: kind for kind, coin in COIN_OF_KIND.items()}


def stroke_outcome(result: ShotResult) -> StrokeOutcome:
    """The facts of the stroke: pieces in the order they fell, the striker, the first touch (ICF 44, 48, 72)."""
    pocketed = tuple(COIN_OF_KIND[p.kind] for p in result.coins_pocketed)
    off = tuple(COIN_OF_KIND[result.kinds[i]] for i in result.pieces_off_board)
    return StrokeOutcome(pocketed=pocketed, striker_pocketed=result.striker_pocketed, off_board=off,
                         touched=result.touched_any)


def row_pocketed(batch: BatchResult, k: int) -> tuple[PieceKind, ...]:
    """The pieces row ``k`` of ``batch`` pocketed, in the order they fell (the striker left out)."""
    n = batch.striker_index
    discs = batch.layout.discs
    return tuple(discs[i].kind for i, _pocket, _t in batch.pocketed(k) if i < n)


def row_striker_pocketed(batch: BatchResult, k: int) -> bool:
    return bool(batch.pocket_of[k, batch.striker_index] >= 0)


def row_touched(batch: BatchResult, k: int) -> bool:
    return bool(batch.first_contact[k] >= 0)


def row_outcome(batch: BatchResult, k: int) -> StrokeOutcome:
    """Row ``k`` of a batch as ``stroke_outcome`` gives it for that strike alone (no piece leaves the board in
    the physics: ``ShotResult.pieces_off_board`` is always empty)."""
    return StrokeOutcome(tuple(COIN_OF_KIND[kind] for kind in row_pocketed(batch, k)),
                         row_striker_pocketed(batch, k), (), row_touched(batch, k))


def row_left_baseline(batch: BatchResult, k: int) -> bool:
    """ICF 127 a for row ``k``, as ``ShotResult.left_baseline`` reads it: the striker pocketed, or moved half the
    gap between the baselines."""
    return row_striker_pocketed(batch, k) or bool(
        batch.striker_max_displacement[k] >= STANDARD_BOARD.baseline_gap.value / 2)


def rest_layout(batch: BatchResult, k: int) -> Layout:
    """The pieces still on the board after row ``k``, where they came to rest (``ShotResult.final_layout``)."""
    n = batch.striker_index
    discs = batch.layout.discs
    rest = batch.final_positions[k]
    return Layout(tuple(Disc(discs[i].kind, float(rest[i, 0]), float(rest[i, 1]))
                        for i in range(n) if batch.on_board[k, i]))


def back_to_centre(layout: Layout, kinds: Sequence[PieceKind], seat: Seat | BoardSeat) -> Layout:
    """``layout`` with ``kinds`` put back in the centre in that order, as the umpire places them, on the side away
    from ``seat``, the player on turn (ICF 65, 93–94: ``equipment.centre_return_positions``)."""
    if not kinds:
        return layout
    return Layout(layout.discs + centre_return_positions(layout, kinds, board_seat(seat)))


def with_returns(layout: Layout, board: BoardState, own: Coin, seat: Seat) -> Layout:
    """``layout`` with the pieces the referee counts on ``board`` but the discs lack put back in the centre, away
    from ``seat``, who struck (ICF 65 b, 93): the queen first, then the striker's colour ``own``, then the other."""
    missing: list[PieceKind] = []
    for coin in (Coin.QUEEN, own, own.other):
        kind = KIND_OF_COIN[coin]
        missing += [kind] * (board.on_board(coin) - layout.count(kind))
    return back_to_centre(layout, missing, seat)
