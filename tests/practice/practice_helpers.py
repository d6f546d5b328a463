"""Positions and shots for the practice tests: a few pieces placed by hand, shots aimed by the bots' planner."""

from __future__ import annotations

import math
from types import SimpleNamespace

from carrom.equipment import STANDARD_BOARD, Disc, Layout, PieceKind, Seat as EqSeat
from carrom.physics import DEFAULT_PARAMS
from carrom.players.geometric import plan_shots
from carrom.practice import Aim, Position

W, B, Q = PieceKind.WHITE, PieceKind.BLACK, PieceKind.QUEEN
HALF = STANDARD_BOARD.half


def position(*pieces: tuple[PieceKind, float, float], **kw) -> Position:
    return Position(Layout(tuple(Disc(k, x, y) for k, x, y in pieces)), **kw)


def aim_at(seat: str, along: float, x: float, y: float, speed: float) -> Aim:
    """From ``along`` on the seat's baseline straight at the point (x, y)."""
    eq = EqSeat(seat)
    sx, sy = eq.to_board(along, -STANDARD_BOARD.baseline_axis_distance)
    fx, fy = eq.forward
    angle = math.atan2(y - sy, x - sx) - math.atan2(fy, fx)
    return Aim(along, math.atan2(math.sin(angle), math.cos(angle)), speed)


def pot(pos: Position, index: int) -> Aim:
    """The planner's easiest direct shot at piece ``index`` (as the geometric bot aims)."""
    view = SimpleNamespace(state=pos.rules_state(), params=DEFAULT_PARAMS, layout=pos.layout)
    shots = plan_shots(view, pos.seat, layout=pos.layout, aims=[index], banks=False)
    assert shots, f"no clear shot at piece {index}"
    return shots[0].choice
