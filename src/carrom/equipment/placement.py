"""Where a player may put the striker: the legal positions on a seat's baseline.

The laws (ICF 130; Italian text 110–111; French official 3.2 h):

- 130 a: the striker must touch both baselines;
- 130 b: or, played from a base circle, it must cover the whole circle, and must not
  touch the arrow (the "imaginary line", the arrow's prolongation between the base
  circles, nomenclature 24);
- so it may never *partly* cover a base circle;
- and it cannot lie on a coin: when coins leave no room for it, the board is played
  again (142).

Geometry (see docs/equipment.md for the figures and the choices):

- Positions are given in the seat's own frame: ``along`` is the distance of the striker's
  centre to the player's right from the middle of the baseline (metres); ``offset`` is
  how far the centre lies from the baseline axis (the mid-line between the seat's two
  lines, where the base circles are centred), positive towards the board centre. The
  default ``offset=0`` puts the centre on the axis. The law only asks that the striker
  touch both lines, so any offset in :func:`offset_band` is allowed too.
- A line is the strip it paints: the lower line ``baseline_thickness`` thick with its
  outer edge ``baseline_from_frame`` from the frame, the upper line
  ``upper_baseline_thickness`` thick with its inner edge ``baseline_gap`` further in.
  Both lines end at the base circles (their length ``baseline_length`` runs from the
  outer edge of one base circle to the other's).
- The arrows are taken as the whole diagonals with their painted thickness: the striker
  must stay at least its radius plus half the arrow's thickness from each diagonal.
- Contact at a single point (tangency) is not "touching" a circle, an arrow or a coin,
  and is not "covering" part of a circle; the comparisons allow ``EPS`` (a nanometre)
  for rounding.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from carrom.equipment.errors import EquipmentError, Problem
from carrom.equipment.layout import Disc, Layout, PieceKind
from carrom.equipment.numbers import finite_number
from carrom.equipment.seats import Seat
from carrom.equipment.spec import STANDARD_BOARD, STRIKER, BoardSpec, DiscSpec

EPS = 1e-9
"""Metres: comparisons of distances allow this much for floating-point rounding."""

Interval = tuple[float, float]

LAW_BOTH_LINES = "ICF 130 a"
LAW_BASE_CIRCLE = "ICF 130 b"
LAW_ARROW = "ICF 130 b; nomenclature 24"
LAW_COIN = "ICF 134, 142"


# ---------------------------------------------------------------------------------------
# The fixed geometry of one seat's baseline


def offset_band(board: BoardSpec = STANDARD_BOARD, striker: DiscSpec = STRIKER) -> Interval:
    """The offsets (m, + towards the centre) at which the striker touches both lines (130 a).

    With the standard board and striker: about −0.63 cm to +1.03 cm. Empty (low > high)
    when the striker is too small to reach across both lines.
    """
    R = striker.radius
    g = board.baseline_gap.value / 2
    lower_inner_edge = -g + board.baseline_thickness.value
    upper_outer_edge = g - board.upper_baseline_thickness.value
    return (upper_outer_edge - R, lower_inner_edge + R)


def axis_forward(board: BoardSpec = STANDARD_BOARD) -> float:
    """The ``forward`` coordinate (seat frame) of every seat's own baseline axis."""
    return -board.baseline_axis_distance


def striker_centre(
    seat: Seat, along: float, *, offset: float = 0.0, board: BoardSpec = STANDARD_BOARD
) -> tuple[float, float]:
    """Board coordinates (m) of a striker placed at ``along`` (and ``offset``) on ``seat``'s baseline."""
    return seat.to_board(along, axis_forward(board) + offset)


def base_circle_centres(seat: Seat, board: BoardSpec = STANDARD_BOARD) -> tuple[tuple[float, float], ...]:
    """Board coordinates of the seat's two base circles: the player's left one, then the right one."""
    f = axis_forward(board)
    b = board.base_circle_offset
    return (seat.to_board(-b, f), seat.to_board(b, f))


def _arrow_clearance(board: BoardSpec, striker: DiscSpec) -> float:
    """How far (along the baseline) the striker centre must stay from where the diagonal crosses it."""
    return math.sqrt(2) * (striker.radius + board.arrow_thickness.value / 2)


# ---------------------------------------------------------------------------------------
# Interval arithmetic on closed intervals


def _normalise(intervals: Iterable[Interval]) -> list[Interval]:
    out: list[Interval] = []
    for lo, hi in sorted(i for i in intervals if i[0] <= i[1]):
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _intersect(a: Sequence[Interval], b: Sequence[Interval]) -> list[Interval]:
    out = []
    for lo1, hi1 in a:
        for lo2, hi2 in b:
            lo, hi = max(lo1, lo2), min(hi1, hi2)
            if lo <= hi:
                out.append((lo, hi))
    return _normalise(out)


def _remove_open(a: Sequence[Interval], lo: float, hi: float) -> list[Interval]:
    """Remove the open interval (lo, hi) from closed intervals: the result stays closed."""
    out = []
    for a_lo, a_hi in a:
        if hi <= a_lo or lo >= a_hi:
            out.append((a_lo, a_hi))
            continue
        if a_lo <= lo:
            out.append((a_lo, lo))
        if hi <= a_hi:
            out.append((hi, a_hi))
    return _normalise(out)


# ---------------------------------------------------------------------------------------
# Legal positions


def _coins(layout: Layout | None) -> list[tuple[int, Disc]]:
    if layout is None:
        return []
    return [(i, d) for i, d in enumerate(layout.discs) if d.kind is not PieceKind.STRIKER]


def _check_number(value: float, name: str) -> float:
    if not finite_number(value):
        raise EquipmentError(f"{name} must be a finite number (metres), got {value!r}")
    return float(value)


def legal_intervals(
    seat: Seat,
    layout: Layout | None = None,
    board: BoardSpec = STANDARD_BOARD,
    striker: DiscSpec = STRIKER,
    *,
    offset: float = 0.0,
) -> tuple[Interval, ...]:
    """The legal striker positions on ``seat``'s baseline, as closed ``along`` intervals (m).

    Sorted, disjoint. Without coins in the way the set is symmetric: the stretch between
    the base circles, and on each side the stretch where the striker covers the whole base
    circle without touching the arrow. Each coin of ``layout`` in the way removes the open
    stretch where the striker would overlap it. ``offset``: see the module docstring.
    """
    seat = Seat(seat)
    offset = _check_number(offset, "offset")
    R = striker.radius
    rb = board.base_circle_radius
    bc = board.base_circle_offset
    band_lo, band_hi = offset_band(board, striker)
    pieces: list[Interval] = []
    # 130 a: touching both lines, between the base circles (without overlapping them).
    if band_lo - EPS <= offset <= band_hi + EPS:
        reach = math.sqrt(max(0.0, (R + rb) ** 2 - offset**2))
        hi = bc - reach
        pieces.append((-hi, hi))
    # 130 b: covering a whole base circle.
    if R >= rb and abs(offset) <= R - rb + EPS:
        w = math.sqrt(max(0.0, (R - rb) ** 2 - offset**2))
        pieces += [(-bc - w, -bc + w), (bc - w, bc + w)]
    allowed = _normalise(pieces)
    # Never touch an arrow: stay between the two diagonals, clear of them.
    cap = board.baseline_axis_distance - offset - _arrow_clearance(board, striker)
    allowed = _intersect(allowed, [(-cap, cap)])
    # Never on a coin.
    f = axis_forward(board) + offset
    for _, disc in _coins(layout):
        ca, cf = seat.from_board(disc.x, disc.y)
        reach2 = (R + disc.radius) ** 2 - (cf - f) ** 2
        if reach2 > 0:
            half = math.sqrt(reach2)
            allowed = _remove_open(allowed, ca - half, ca + half)
    return tuple(allowed)


def why_illegal(
    seat: Seat,
    along: float,
    layout: Layout | None = None,
    board: BoardSpec = STANDARD_BOARD,
    striker: DiscSpec = STRIKER,
    *,
    offset: float = 0.0,
) -> tuple[Problem, ...]:
    """Every reason why the striker may not be put at ``along`` (and ``offset``); empty if legal.

    Codes: ``"beyond-baseline"``, ``"not-touching-both-lines"`` (130 a),
    ``"partly-covers-base-circle"`` (130 b), ``"touches-arrow"`` (130 b),
    ``"overlaps-coin"`` (134, 142). Computed directly from the conditions, independently
    of :func:`legal_intervals`.
    """
    seat = Seat(seat)
    along = _check_number(along, "along")
    offset = _check_number(offset, "offset")
    R = striker.radius
    rb = board.base_circle_radius
    bc = board.base_circle_offset
    problems: list[Problem] = []
    side = "right" if along >= 0 else "left"
    d_circle = math.hypot(abs(along) - bc, offset)
    covers_whole = d_circle <= R - rb + EPS
    if not covers_whole:
        if d_circle < R + rb - EPS:
            problems.append(
                Problem(
                    "partly-covers-base-circle",
                    f"the striker covers only part of the {side} base circle: it must cover all of it or none",
                    LAW_BASE_CIRCLE,
                )
            )
        elif abs(along) > bc:
            problems.append(
                Problem(
                    "beyond-baseline",
                    f"the striker is beyond the {side} end of the baseline: it touches neither the lines nor a base circle",
                    LAW_BOTH_LINES,
                )
            )
        else:
            band_lo, band_hi = offset_band(board, striker)
            if not band_lo - EPS <= offset <= band_hi + EPS:
                which = "upper (inner)" if offset < band_lo else "lower (outer)"
                problems.append(
                    Problem(
                        "not-touching-both-lines",
                        f"the striker does not touch the {which} baseline (offset {offset * 100:.2f} cm; "
                        f"allowed {band_lo * 100:.2f} to {band_hi * 100:.2f} cm)",
                        LAW_BOTH_LINES,
                    )
                )
    # Arrows: distance of the centre from each diagonal, in the seat frame a = ±f.
    f = axis_forward(board) + offset
    need = R + board.arrow_thickness.value / 2
    for name, dist in (("left", abs(along - f) / math.sqrt(2)), ("right", abs(along + f) / math.sqrt(2))):
        if dist < need - EPS:
            problems.append(
                Problem("touches-arrow", f"the striker touches the {name} arrow (or its imaginary line)", LAW_ARROW)
            )
    for i, disc in _coins(layout):
        ca, cf = seat.from_board(disc.x, disc.y)
        if math.hypot(along - ca, cf - f) < R + disc.radius - EPS:
            problems.append(
                Problem("overlaps-coin", f"the striker would overlap piece {i} ({disc.kind.value})", LAW_COIN)
            )
    return tuple(problems)


def is_legal_position(
    seat: Seat,
    along: float,
    layout: Layout | None = None,
    board: BoardSpec = STANDARD_BOARD,
    striker: DiscSpec = STRIKER,
    *,
    offset: float = 0.0,
) -> bool:
    """True when the striker may be put at ``along`` (and ``offset``) on ``seat``'s baseline."""
    return not why_illegal(seat, along, layout, board, striker, offset=offset)


def nearest_legal(
    seat: Seat,
    along: float,
    layout: Layout | None = None,
    board: BoardSpec = STANDARD_BOARD,
    striker: DiscSpec = STRIKER,
    *,
    offset: float = 0.0,
) -> float | None:
    """The legal ``along`` closest to ``along`` at this offset (for a UI snapping the striker); None if none."""
    along = _check_number(along, "along")
    best: float | None = None
    for lo, hi in legal_intervals(seat, layout, board, striker, offset=offset):
        x = min(max(along, lo), hi)
        if best is None or abs(x - along) < abs(best - along):
            best = x
    return best


def _circle_circle_ys(c1: tuple[float, float, float], c2: tuple[float, float, float]) -> list[float]:
    (x1, y1, r1), (x2, y2, r2) = c1, c2
    dx, dy = x2 - x1, y2 - y1
    d = math.hypot(dx, dy)
    if d == 0 or d > r1 + r2 or d < abs(r1 - r2):
        return []
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(max(0.0, r1 * r1 - a * a))
    ym = y1 + a * dy / d
    return [ym + h * dx / d, ym - h * dx / d]


def _circle_line_ys(c: tuple[float, float, float], k: float, s: float) -> list[float]:
    """o-coordinates where the circle meets the line a = k + s·o (s = ±1)."""
    x0, y0, r = c
    # (k + s·o − x0)² + (o − y0)² = r²  →  2o² + 2o(s(k−x0) − y0) + (k−x0)² + y0² − r² = 0
    u = k - x0
    A, B, C = 2.0, 2 * (s * u - y0), u * u + y0 * y0 - r * r
    disc = B * B - 4 * A * C
    if disc < 0:
        return []
    q = math.sqrt(disc)
    return [(-B + q) / (2 * A), (-B - q) / (2 * A)]


def critical_offsets(
    seat: Seat,
    layout: Layout | None = None,
    board: BoardSpec = STANDARD_BOARD,
    striker: DiscSpec = STRIKER,
) -> tuple[float, ...]:
    """Offsets at which the shape of the legal set can change (band ends, circle tops, crossings).

    Between two consecutive critical offsets, whether the legal set is empty does not
    change; :func:`has_legal_position` tests each of them and the midpoints between.
    """
    seat = Seat(seat)
    R = striker.radius
    rb = board.base_circle_radius
    bc = board.base_circle_offset
    band_lo, band_hi = offset_band(board, striker)
    # Circles in the (along, offset) plane.
    circles = [(s * bc, 0.0, R + rb) for s in (-1, 1)]
    if R > rb:
        circles += [(s * bc, 0.0, R - rb) for s in (-1, 1)]
    for _, disc in _coins(layout):
        ca, cf = seat.from_board(disc.x, disc.y)
        circles.append((ca, cf + board.baseline_axis_distance, R + disc.radius))
    # Arrow lines a = ±(axis − o − k): a = (axis − k) − o and a = −(axis − k) + o.
    k = board.baseline_axis_distance - _arrow_clearance(board, striker)
    lines = [(k, -1.0), (-k, 1.0)]
    values = [band_lo, band_hi, k]  # the band's edges; the arrow lines cross at a = 0, o = k
    for c in circles:
        values += [c[1] - c[2], c[1] + c[2]]  # a circle's bottom and top
        for line in lines:
            values += _circle_line_ys(c, *line)
    for i, c1 in enumerate(circles):
        for c2 in circles[i + 1 :]:
            values += _circle_circle_ys(c1, c2)
    lo = min(band_lo, -(R - rb)) if R > rb else band_lo
    hi = max(band_hi, R - rb) if R > rb else band_hi
    return tuple(sorted({v for v in values if lo - EPS <= v <= hi + EPS} | {lo, hi}))


def has_legal_position(
    seat: Seat,
    layout: Layout | None = None,
    board: BoardSpec = STANDARD_BOARD,
    striker: DiscSpec = STRIKER,
    *,
    offset: float | None = None,
) -> bool:
    """Whether the player at ``seat`` can put the striker anywhere legal (else: ICF 142, replay).

    With ``offset=None`` (default) every offset the law allows is considered, since the
    striker need only touch both lines; with a number, only that offset.
    """
    seat = Seat(seat)
    if offset is not None:
        return bool(legal_intervals(seat, layout, board, striker, offset=offset))
    if legal_intervals(seat, layout, board, striker):  # the usual case, room on the axis: no need to search further
        return True
    crit = critical_offsets(seat, layout, board, striker)
    tests = list(crit) + [(a + b) / 2 for a, b in zip(crit, crit[1:])]
    return any(legal_intervals(seat, layout, board, striker, offset=o) for o in tests)


def legal_positions_board(
    seat: Seat,
    layout: Layout | None = None,
    board: BoardSpec = STANDARD_BOARD,
    striker: DiscSpec = STRIKER,
    *,
    offset: float = 0.0,
) -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
    """The legal intervals as segments in board coordinates: ((x0, y0), (x1, y1)) each."""
    return tuple(
        (striker_centre(seat, lo, offset=offset, board=board), striker_centre(seat, hi, offset=offset, board=board))
        for lo, hi in legal_intervals(seat, layout, board, striker, offset=offset)
    )
