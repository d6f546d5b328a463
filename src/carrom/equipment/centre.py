"""Coins placed by hand in the centre: due and penalty coins, and the umpire's returns.

Two jobs, both pure geometry on a :class:`Layout` (metres, board frame):

- :func:`placement_problems`: is a due or penalty coin put down at (x, y) allowed?
  It must lie within the outer centre circle (ICF 84 a, 85), must not cover the inner
  centre circle wholly or partly (89 b), must not overlap (disturb) another piece (86), and
  must not make a "pair" or a "cannon" with another coin towards a pocket (89 a;
  nomenclature 16 a–b).
- :func:`centre_return_positions`: where the umpire puts pieces back in the centre
  (65 a–d, 93–94): the queen (or the first piece) on the inner centre circle, or covering
  as much of it as the other pieces allow; the next piece touching it on the side away
  from the player on turn; further pieces touching the first two as far as possible.

Choices the laws leave open (docs/equipment.md):

- "Within the outer circle" means the whole coin: its centre at most (outer radius − coin
  radius) from the centre. Tangency is neither overlapping nor covering.
- A pair or cannon: two carrommen (the queen included) whose line of centres, prolonged
  beyond the one nearer the pocket, passes within ``aim_tolerance`` of a pocket centre
  (default: the pocket's radius, so that the far coin driven straight along that line
  drops), with at most ``pair_gap`` between their edges (default: one carromman
  diameter). Touching: a cannon (16 b); with a gap: a pair (16 a).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from carrom.equipment.errors import EquipmentError, Problem
from carrom.equipment.layout import Disc, Layout, PieceKind
from carrom.equipment.numbers import finite_number
from carrom.equipment.seats import Seat
from carrom.equipment.spec import CARROMMAN, STANDARD_BOARD, BoardSpec

EPS = 1e-9
"""Metres: comparisons of distances allow this much for floating-point rounding."""


def _finite(value: float, name: str) -> float:
    if not finite_number(value):
        raise EquipmentError(f"{name} must be a finite number (metres), got {value!r}")
    return float(value)


def aligned_pocket(
    a: tuple[float, float],
    b: tuple[float, float],
    board: BoardSpec = STANDARD_BOARD,
    *,
    aim_tolerance: float | None = None,
) -> int | None:
    """Index (SW, SE, NE, NW) of a pocket that the line a→b or b→a points at, or None.

    The line through both centres, prolonged beyond the centre nearer the pocket, must pass
    within ``aim_tolerance`` (default: the pocket radius) of the pocket's centre.
    """
    tol = board.pocket_radius if aim_tolerance is None else aim_tolerance
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    n = math.hypot(dx, dy)
    if n == 0:
        return None
    ux, uy = dx / n, dy / n
    for k, (px, py) in enumerate(board.pocket_centres()):
        for (sx, sy), sign in (((bx, by), 1.0), ((ax, ay), -1.0)):
            # ahead of the leading coin, in the direction from the other coin to it
            vx, vy = px - sx, py - sy
            ahead = sign * (vx * ux + vy * uy)
            if ahead <= 0:
                continue
            across = abs(vx * uy - vy * ux)
            if across <= tol + EPS:
                return k
    return None


_POCKET_NAMES = ("south-west", "south-east", "north-east", "north-west")


def placement_problems(
    layout: Layout,
    x: float,
    y: float,
    board: BoardSpec = STANDARD_BOARD,
    *,
    radius: float | None = None,
    pair_gap: float | None = None,
    aim_tolerance: float | None = None,
) -> tuple[Problem, ...]:
    """Every reason why a due or penalty coin may not be put down at (x, y); empty if allowed.

    Codes: ``"outside-outer-circle"`` (ICF 84 a, 85), ``"covers-inner-circle"`` (89 b),
    ``"overlaps-piece"`` (86), ``"cannon"`` and ``"pair"`` (89 a; 16 a–b).
    ``radius``: the coin's (default: the standard carromman's).
    """
    x, y = _finite(x, "x"), _finite(y, "y")
    r = CARROMMAN.radius if radius is None else _finite(radius, "radius")
    gap_max = CARROMMAN.diameter.value if pair_gap is None else _finite(pair_gap, "pair_gap")
    problems: list[Problem] = []
    dist = math.hypot(x, y)
    if dist + r > board.outer_circle_radius + EPS:
        problems.append(
            Problem(
                "outside-outer-circle",
                f"the coin is not wholly within the outer centre circle (its edge is {(dist + r) * 100:.2f} cm "
                f"from the centre; the circle's radius is {board.outer_circle_radius * 100:.2f} cm)",
                "ICF 84 a, 85",
            )
        )
    if dist < r + board.inner_circle_radius - EPS:
        wholly = dist <= abs(r - board.inner_circle_radius) + EPS and r >= board.inner_circle_radius
        problems.append(
            Problem(
                "covers-inner-circle",
                f"the coin covers the inner centre circle {'wholly' if wholly else 'in part'}",
                "ICF 89 b",
            )
        )
    for i, d in enumerate(layout.discs):
        between = math.hypot(x - d.x, y - d.y)
        if between < r + d.radius - EPS:
            problems.append(
                Problem("overlaps-piece", f"the coin overlaps piece {i} ({d.kind.value})", "ICF 86")
            )
            continue
        if d.kind is PieceKind.STRIKER:
            continue
        gap = between - r - d.radius
        if gap > gap_max + EPS:
            continue
        pocket = aligned_pocket((x, y), (d.x, d.y), board, aim_tolerance=aim_tolerance)
        if pocket is None:
            continue
        name = _POCKET_NAMES[pocket]
        if gap <= EPS:
            problems.append(
                Problem(
                    "cannon",
                    f"the coin and piece {i} ({d.kind.value}) touch in a line towards the {name} pocket (a cannon)",
                    "ICF 89 a; 16 b",
                )
            )
        else:
            problems.append(
                Problem(
                    "pair",
                    f"the coin and piece {i} ({d.kind.value}) lie {gap * 100:.2f} cm apart in a line towards "
                    f"the {name} pocket (a pair)",
                    "ICF 89 a; 16 a",
                )
            )
    return tuple(problems)


# ---------------------------------------------------------------------------------------
# The umpire's returns to the centre


def _free(p: tuple[float, float], r: float, obstacles: Sequence[Disc | tuple[float, float, float]], half: float) -> bool:
    x, y = p
    if abs(x) > half - r + EPS or abs(y) > half - r + EPS:
        return False
    for o in obstacles:
        ox, oy, orad = _xyr(o)
        if math.hypot(x - ox, y - oy) < r + orad - EPS:
            return False
    return True


def _xyr(o: Disc | tuple[float, float, float]) -> tuple[float, float, float]:
    if isinstance(o, Disc):
        return (o.x, o.y, o.radius)
    return o


def _circle_intersections(c1, c2) -> list[tuple[float, float]]:
    (x1, y1, r1), (x2, y2, r2) = c1, c2
    dx, dy = x2 - x1, y2 - y1
    d = math.hypot(dx, dy)
    if d == 0 or d > r1 + r2 + EPS or d < abs(r1 - r2) - EPS:
        return []
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(max(0.0, r1 * r1 - a * a))
    mx, my = x1 + a * dx / d, y1 + a * dy / d
    return [(mx - h * dy / d, my + h * dx / d), (mx + h * dy / d, my - h * dx / d)]


def _pick(cands: Iterable[tuple[float, float]], key_target: tuple[float, float], away: tuple[float, float]):
    """The candidate nearest the target; ties (within a nanometre) go to the one farther from the player."""
    best, best_key = None, None
    for p in cands:
        d = math.hypot(p[0] - key_target[0], p[1] - key_target[1])
        k = (round(d, 9), -round(p[0] * away[0] + p[1] * away[1], 9), p[0], p[1])
        if best_key is None or k < best_key:
            best, best_key = p, k
    return best


def nearest_free_point(
    target: tuple[float, float],
    radius: float,
    obstacles: Sequence[Disc | tuple[float, float, float]],
    board: BoardSpec = STANDARD_BOARD,
    *,
    away: tuple[float, float] = (0.0, 1.0),
) -> tuple[float, float]:
    """The point nearest ``target`` where a disc of ``radius`` overlaps no obstacle.

    Exact: the answer is the target itself, the point of an obstacle's clearance circle
    nearest the target, or a crossing of two clearance circles. Ties go to the point
    farther along ``away``. Raises ``EquipmentError`` when there is no room on the board.
    """
    half = board.half
    circles = [(*_xyr(o)[:2], _xyr(o)[2] + radius) for o in obstacles]
    tx, ty = target
    cands = [target]
    for cx, cy, cr in circles:
        vx, vy = tx - cx, ty - cy
        n = math.hypot(vx, vy)
        if n < EPS:
            vx, vy, n = away[0], away[1], 1.0
        cands.append((cx + cr * vx / n, cy + cr * vy / n))
    for i, c1 in enumerate(circles):
        for c2 in circles[i + 1 :]:
            cands += _circle_intersections(c1, c2)
    free = [p for p in cands if _free(p, radius, obstacles, half)]
    if not free:
        raise EquipmentError("no room on the board for the piece")
    return _pick(free, target, away)


def _touching(
    anchor: tuple[float, float, float],
    radius: float,
    preferred: float,
    obstacles: Sequence[tuple[float, float, float]],
    half: float,
) -> tuple[float, float] | None:
    """The point touching ``anchor`` whose direction from it is nearest the angle ``preferred``."""
    ax, ay, ar = anchor
    rho = ar + radius
    angles = [preferred]
    for ox, oy, orad in obstacles:
        D = math.hypot(ox - ax, oy - ay)
        if D == 0:  # the anchor itself
            continue
        c = (rho * rho + D * D - (orad + radius) ** 2) / (2 * rho * D)
        if c >= 1 or c < -1:
            continue
        phi, w = math.atan2(oy - ay, ox - ax), math.acos(c)
        angles += [phi - w, phi + w]
    best, best_d = None, None
    for t in angles:
        p = (ax + rho * math.cos(t), ay + rho * math.sin(t))
        if not _free(p, radius, obstacles, half):
            continue
        d = abs(math.remainder(t - preferred, 2 * math.pi))
        if best_d is None or d < best_d - 1e-12:
            best, best_d = p, d
    return best


def centre_return_positions(
    layout: Layout,
    kinds_in_order: Sequence[PieceKind | str],
    away_from_seat: Seat,
    board: BoardSpec = STANDARD_BOARD,
) -> tuple[Disc, ...]:
    """Where the umpire puts pieces back in the centre, in the order given (ICF 65 a–d, 93–94).

    The caller orders the pieces as the laws say: the queen first (65 b), then the coin of
    the player who made the stroke (65 c), then the rest. ``away_from_seat`` is the seat of
    the player on turn: pieces go on the side away from them.

    1. The first piece goes on the inner centre circle; if other pieces are in the way, as
       close to the centre as room allows (it then covers as much of the circle as possible).
    2. The second touches the first on the side away from the player, or as near that side
       as room allows.
    3. Each further piece touches the first two (the crossing farther from the player
       first), else touches one of them, else goes as near as room allows.

    Returns the new discs; no result overlaps a piece of ``layout`` or an earlier result.
    """
    seat = Seat(away_from_seat)
    kinds = []
    for k in kinds_in_order:
        try:
            kind = PieceKind(k)
        except ValueError:
            raise EquipmentError(f"unknown piece kind {k!r}; use white, black or queen") from None
        if kind is PieceKind.STRIKER:
            raise EquipmentError("the umpire returns carrommen and the queen, not the striker")
        kinds.append(kind)
    away = seat.forward
    preferred = math.atan2(away[1], away[0])
    half = board.half
    obstacles: list[tuple[float, float, float]] = [_xyr(d) for d in layout.discs]
    placed: list[Disc] = []
    for kind in kinds:
        r = kind.spec.radius
        if not placed:
            p = nearest_free_point((0.0, 0.0), r, obstacles, board, away=away)
        elif len(placed) == 1:
            first = _xyr(placed[0])
            p = _touching(first, r, preferred, obstacles, half)
            if p is None:
                ideal = (first[0] + (first[2] + r) * away[0], first[1] + (first[2] + r) * away[1])
                p = nearest_free_point(ideal, r, obstacles, board, away=away)
        else:
            c1, c2 = _xyr(placed[0]), _xyr(placed[1])
            both = _circle_intersections((c1[0], c1[1], c1[2] + r), (c2[0], c2[1], c2[2] + r))
            both = [q for q in both if _free(q, r, obstacles, half)]
            if both:
                p = max(both, key=lambda q: (q[0] * away[0] + q[1] * away[1], -q[0], -q[1]))
            else:
                mid = ((c1[0] + c2[0]) / 2, (c1[1] + c2[1]) / 2)
                options = [q for q in (_touching(c, r, math.atan2(mid[1] - c[1], mid[0] - c[0]), obstacles, half) for c in (c1, c2)) if q]
                if options:
                    p = min(options, key=lambda q: (math.hypot(q[0] - mid[0], q[1] - mid[1]), -(q[0] * away[0] + q[1] * away[1])))
                else:
                    p = nearest_free_point(mid, r, obstacles, board, away=away)
        disc = Disc(kind, p[0], p[1])
        placed.append(disc)
        obstacles.append(_xyr(disc))
    return tuple(placed)


def inner_circle_coverage(x: float, y: float, board: BoardSpec = STANDARD_BOARD, radius: float | None = None) -> float:
    """Fraction (0–1) of the inner centre circle a coin centred at (x, y) covers (65 a, 94)."""
    r1 = board.inner_circle_radius
    r2 = CARROMMAN.radius if radius is None else radius
    d = math.hypot(x, y)
    if d >= r1 + r2:
        return 0.0
    if d <= abs(r1 - r2):
        return 1.0 if r2 >= r1 else (r2 / r1) ** 2
    a1 = r1 * r1 * math.acos((d * d + r1 * r1 - r2 * r2) / (2 * d * r1))
    a2 = r2 * r2 * math.acos((d * d + r2 * r2 - r1 * r1) / (2 * d * r2))
    a3 = 0.5 * math.sqrt(max(0.0, (-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2)))
    return (a1 + a2 - a3) / (math.pi * r1 * r1)
