"""The geometric player: direct and cut shots at its own coins, aimed by the ghost-ball rule.

For every own coin (and the queen when the laws let this side take it) and every pocket,
the striker must meet the coin at the "ghost" point, one radius sum behind it on the line
from the pocket. From sampled legal baseline positions it keeps the forward shots (within
±85° of straight across) whose striker run and coin run are clear of other discs and whose
cut is under 70°, and strikes with the speed sliding friction needs to carry the coin into
the pocket, with a margin. The easiest shot wins: the one least sensitive to an error of
aim (docs/players.md).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import NamedTuple

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Layout, PieceKind, legal_intervals
from carrom.game.seats import board_seat
from carrom.game import Game
from carrom.physics import CollisionModel
from carrom.players.base import StrikeChoice, free_spots
from carrom.rules import QueenState, Seat

POCKETS = STANDARD_BOARD.pocket_centres()
MAX_CUT = math.radians(70)
MAX_ANGLE = math.radians(85)  # forward only: a backward (thumbed) stroke is not planned
MARGIN = 1.3  # speed margin over what friction alone asks
AIM_SIGMA = 0.02  # rad of aim per unit of noise
SPEED_SIGMA = 0.05  # fraction of speed per unit of noise
BANK_PENALTY = 1.5  # a bank shot is harder than its geometry says: more to go wrong
HALF = STANDARD_BOARD.half
THROW_STEPS = 8  # secant steps at most for the ghost point under impact friction (allow_for_throw)


class Body(NamedTuple):
    """A disc as the planner reads it."""

    x: float
    y: float
    radius: float


@dataclass(frozen=True)
class Shot:
    along: float
    angle: float
    speed: float
    score: float  # lower is easier: the coin's miss (m) per radian of aim error, plus small terms
    target: int  # index of the coin in the layout
    pocket: int
    cut: float = 0.0  # rad
    bank: bool = False  # the striker comes off a cushion first

    @property
    def choice(self) -> StrikeChoice:
        return StrikeChoice(self.along, self.angle, self.speed)


def targets(game: Game, seat: Seat, layout: Layout | None = None) -> list[int]:
    """Indices of the discs this seat may aim to pocket: own coins, and the queen when allowed.

    The queen only once the side has pocketed an own coin that stayed down and owes
    nothing (ICF 92, 95); otherwise pocketing it is wasted at best. With one own coin left
    and the queen on the board, only the queen: the last coin first loses (ICF 107).
    """
    state = game.state
    side = state.table.side(seat)
    own_coin = state.colour_of(seat)
    own = PieceKind(own_coin.value)
    board = state.board
    owes = board.debts[side] or any(o.coin is own_coin for o in board.owed)
    discs = (layout or game.layout).discs
    out = [i for i, d in enumerate(discs) if d.kind is own]
    queen = [i for i, d in enumerate(discs) if d.kind is PieceKind.QUEEN]
    if board.queen is QueenState.BOARD and queen and len(out) <= 1:
        return queen  # the last own coin with the queen on the board loses the board (ICF 107)
    if board.queen is QueenState.BOARD and board.potted[side] and not owes:
        out += queen
    return out


def clear(discs, ax: float, ay: float, bx: float, by: float, radius: float, skip) -> bool:
    """No disc (other than those in ``skip``) comes within ``radius`` + its own of the segment a→b."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy or 1e-12
    for i, d in enumerate(discs):
        if i in skip:
            continue
        t = max(0.0, min(1.0, ((d.x - ax) * dx + (d.y - ay) * dy) / length2))
        px, py = ax + t * dx - d.x, ay + t * dy - d.y
        if px * px + py * py < (radius + d.radius) ** 2:
            return False
    return True


def baseline_points(game: Game, seat: Seat, step: float = 0.02, layout: Layout | None = None) -> list[float]:
    """``along`` positions sampled about every ``step`` metres in the legal intervals (ICF 130)."""
    out: list[float] = []
    intervals = game.legal_intervals(seat) if layout is None else legal_intervals(board_seat(seat), layout)
    for lo, hi in intervals:
        eps = min(1e-6, (hi - lo) / 4)
        lo, hi = lo + eps, hi - eps
        n = max(2, int((hi - lo) / step) + 1) if hi > lo else 1
        out += [lo + (hi - lo) * k / (n - 1) for k in range(n)] if n > 1 else [lo]
    return out


def wrap(angle: float) -> float:
    return math.atan2(math.sin(angle), math.cos(angle))


def throw(dx: float, dy: float, nx: float, ny: float, spin: float, e: float, mu: float) -> float:
    """The angle (rad, counter-clockwise) by which an impact turns a resting disc off the line of centres.

    The striker arrives along (dx, dy) with ``spin`` (its r·ω over its speed: constant along
    a slide, as both fall linearly to zero together) and meets the disc along the line of
    centres (nx, ny). With friction ``mu`` at the contact (docs/physics.md, "impact friction
    and spin") the discs stick while friction can stop the slip, and then
    ``tan(throw) = (slip) / (3 (1 + e) · normal speed)``, which for a spinless striker is
    ``tan(cut) / (3 (1 + e))``; beyond that they slide and ``|tan(throw)| = mu``. Neither the
    masses nor the speed enter; the disc is thrown towards the striker's travel.
    """
    normal = max(dx * nx + dy * ny, 1e-9)
    slip = nx * dy - ny * dx + spin
    return math.atan(max(-mu, min(mu, slip / (3 * (1 + e) * normal))))


def allow_for_throw(cx: float, cy: float, ux: float, uy: float, reach: float, e: float, mu: float, arrival,
                    mu_at=None):
    """The ghost point that sends the coin at (cx, cy) along (ux, uy) despite the throw.

    ``arrival(gx, gy)`` tells how the striker comes to a ghost point: its direction and spin
    (``throw``), or None if it cannot. The coin leaves along the line of centres turned by
    the throw, so the line of centres must be the wanted line turned back by the throw,
    which depends on the cut, which depends on the ghost point: one equation in the angle
    turned back, solved by secant steps (to 1e-10 rad, in three to five steps; while the
    discs slide through the impact the throw is constant and two do). Returns the ghost
    point, what ``arrival`` said of it, the cosine of the cut and that of the throw (the
    coin's speed is its normal speed over it); or None.

    ``mu_at(slip, normal, turn)``, if given, is the disc-on-disc friction where it falls with
    the sliding speed (v4's ``PhysicsParams.disc_friction``): ``slip`` and ``normal`` are the
    contact's sliding and normal speeds per unit of the striker's speed, ``turn`` the throw
    tried; the caller knows the striker's speed at the impact, so it knows the slip speed.
    """

    def residual(turn: float):
        nx, ny = ux * math.cos(turn) + uy * math.sin(turn), uy * math.cos(turn) - ux * math.sin(turn)
        gx, gy = cx - nx * reach, cy - ny * reach
        came = arrival(gx, gy)
        if came is None:
            return None
        dx, dy, spin = came[:3]
        m = mu if mu_at is None else mu_at(nx * dy - ny * dx + spin, max(dx * nx + dy * ny, 1e-9), turn)
        return throw(dx, dy, nx, ny, spin, e, m) - turn, (gx, gy, came, dx * nx + dy * ny, math.cos(turn))

    x0, r0 = 0.0, residual(0.0)
    if r0 is None:
        return None
    x1 = r0[0]
    r1 = residual(x1)
    for _ in range(THROW_STEPS):
        if r1 is None or abs(r1[0]) < 1e-10 or r1[0] == r0[0]:
            break
        x0, x1, r0 = x1, x1 - r1[0] * (x1 - x0) / (r1[0] - r0[0]), r1
        r1 = residual(x1)
    return None if r1 is None else r1[1]


def _direct(sx: float, sy: float, gx: float, gy: float):
    """A direct shot's arrival at (gx, gy): the striker's direction, no spin (``allow_for_throw``)."""
    d = math.hypot(gx - sx, gy - sy)
    return None if d < 1e-6 else ((gx - sx) / d, (gy - sy) / d, 0.0)


CUSHION_LINES = ((0, -1.0), (0, 1.0), (1, -1.0), (1, 1.0))  # (axis, side): the line x or y = side · (half − r)


def _bank_point(sx: float, sy: float, gx: float, gy: float, axis: int, side: float, e: float, mu: float):
    """Where the striker's centre must meet a cushion to come off it towards (gx, gy); None if nowhere.

    The cushion reverses the speed into it scaled by ``e`` (docs/physics.md). Without
    impact friction it keeps the speed along it, so the path is no mirror image: with
    ``a`` the distance from the striker to the cushion line and ``b`` from the cushion
    line to the target point, the point along the cushion is ``(e·a·g − b·s) / (e·a − b)``.
    With friction ``mu`` the bounce also takes speed along the cushion, per unit of speed
    into it ``min(τ/3, mu(1 + e))`` for an incoming slope τ (the disc rolls off the cushion
    with 2/3 of it, or slides through), and spins the striker: the point solves the same
    equation piece by piece. Returns the point, the striker's direction off the cushion,
    its spin (r·ω over its speed), the speed kept through the bounce (a fraction) and how
    much the bounce magnifies an error of aim.
    """
    line = HALF - STRIKER.radius
    mouth = HALF - 2.5 * STANDARD_BOARD.pocket_radius  # beyond this the striker would fall in
    s_n, s_t, g_n, g_t = (sx, sy, gx, gy) if axis == 0 else (sy, sx, gy, gx)
    c = side * line
    a, b = c - s_n, g_n - c
    if a * side <= 1e-6 or b * side >= -1e-6:
        return None
    spin = 0.0
    if mu <= 0:
        p_t = (e * a * g_t - b * s_t) / (e * a - b)
        tan_in = abs(p_t - s_t) / abs(a)  # tangent of the incoming path's angle to the cushion's normal
        cos2 = 1 / (1 + tan_in ** 2)
        kept = math.sqrt(1 - cos2 + e * e * cos2)
        magnify = (1 + tan_in ** 2) / (e * (1 + (tan_in / e) ** 2))
    else:
        grip, a, b = mu * (1 + e), abs(a), abs(b)
        p_t = (1.5 * e * a * g_t + b * s_t) / (1.5 * e * a + b)  # rolling off: 2/3 of the speed along kept
        tau, slope = (p_t - s_t) / a, 2 / 3
        if abs(tau) > 3 * grip:  # sliding through the bounce: mu(1 + e) taken
            for sigma in (1.0, -1.0):
                p_t = (e * a * g_t + b * s_t + sigma * grip * a * b) / (e * a + b)
                tau, slope = (p_t - s_t) / a, 1.0
                if tau * sigma >= 3 * grip:
                    break
            else:
                return None  # pragma: no cover - one piece always fits (the map is monotone)
        after = tau - math.copysign(min(abs(tau) / 3, grip), tau)
        kept = math.hypot(after, e) / math.hypot(tau, 1)
        magnify = slope / e * (1 + tau ** 2) / (1 + (after / e) ** 2)
        # the impulse along the cushion acts at the contact, one radius towards the cushion:
        # r·Δω = 2 Δv (a uniform disc), its sign that of (towards the cushion) × Δv
        spin = 2 * (after - tau) * (side if axis == 0 else -side) / math.hypot(after, e)
    if abs(p_t) > mouth:
        return None
    qx, qy = (c, p_t) if axis == 0 else (p_t, c)
    d = math.hypot(gx - qx, gy - qy) or 1e-12
    return (gx - qx) / d, (gy - qy) / d, spin, qx, qy, kept, magnify


def plan_shots(game: Game, seat: Seat, limit: int = 12, per_pair: int = 1, step: float = 0.02,
               layout: Layout | None = None, banks: bool = True, aims: list[int] | None = None,
               max_angle: float = MAX_ANGLE) -> list[Shot]:
    """The clear direct and cut shots for ``seat``, easiest first (on ``layout``, by default the game's).

    ``aims``: the indices of the discs to pot, by default ``targets`` (the laws' own).

    With ``banks``, also the shots where the striker comes off one cushion to the coin.
    ``max_angle``: the widest aim from straight across (rad); above a right angle, thumbed
    (backward) strokes are planned too, as the laws allow (ICF 17, 33–34).

    The best ``per_pair`` shots of each (coin, pocket) come first (variety for a search),
    then the rest by ease, up to ``limit``.
    """
    params = game.params
    layout = layout or game.layout
    discs = [Body(d.x, d.y, d.radius) for d in layout.discs]  # plain values: read thousands of times
    eq = board_seat(seat)
    fx, fy = eq.forward
    base = math.atan2(fy, fx)
    axis = STANDARD_BOARD.baseline_axis_distance
    decel = params.mu * params.g
    ms, rs = STRIKER.mass.value, STRIKER.radius
    e, e_cushion = params.restitution_striker_coin, params.restitution_cushion
    mu_impact = params.impact_friction if params.collision_model is CollisionModel.COULOMB else 0.0
    cos_max = math.cos(MAX_CUT)
    reachable = HALF - rs  # the striker's centre stays this far in
    # the throw turns the line of centres by at most atan(mu), and so the striker's line by
    # at most half that again when it starts two radius sums away or more
    slack = 2 * math.atan(mu_impact)
    cos_loose = math.cos(min(math.pi, MAX_CUT + slack))
    alongs = [(a, *eq.to_board(a, -axis)) for a in baseline_points(game, seat, step, layout)]
    shots: list[Shot] = []
    for t in targets(game, seat, layout) if aims is None else aims:
        coin = discs[t]
        rc = coin.radius
        mc = CARROMMAN.mass.value  # the queen weighs as a carromman (ICF I.B)
        transfer = ms * (1 + e) / (ms + mc)  # coin speed per striker speed along the line of centres
        for p, (px, py) in enumerate(POCKETS):
            ux, uy = px - coin.x, py - coin.y
            dist_c = math.hypot(ux, uy)
            if dist_c < 1e-9:
                continue
            ux, uy = ux / dist_c, uy / dist_c
            if not clear(discs, coin.x, coin.y, px, py, rc, {t}):
                continue
            gx, gy = coin.x - ux * (rc + rs), coin.y - uy * (rc + rs)
            if max(abs(gx), abs(gy)) > reachable:
                continue  # a coin against a cushion: the striker cannot come round it to push it off
            run = max(dist_c - STANDARD_BOARD.pocket_radius * 0.5, 0.01)
            coin_speed = math.sqrt(2 * decel * run) * MARGIN + 0.1
            mu_at = None
            if params.disc_friction is not None and mu_impact > 0:  # v4: the throw falls with the slip speed
                def mu_at(slip, normal, turn, coin_speed=coin_speed):
                    # the striker's speed at the impact, as ``at_impact`` below, times the slip per unit of it
                    return params.disc_mu(coin_speed * math.cos(turn) / (transfer * normal) * slip)
            for along, sx, sy in alongs:
                if mu_impact > 0:  # the ghost point moves round the coin by the throw
                    dist_s = math.hypot(gx - sx, gy - sy)
                    if dist_s > 2 * (rc + rs) and (
                            ((gx - sx) * ux + (gy - sy) * uy) / dist_s < cos_loose
                            or abs(wrap(math.atan2(gy - sy, gx - sx) - base)) > max_angle + slack):
                        continue  # out of bounds even before the throw turns the line by up to ``slack``
                    ghost = allow_for_throw(coin.x, coin.y, ux, uy, rc + rs, e, mu_impact,
                                            lambda hx, hy: _direct(sx, sy, hx, hy), mu_at)
                    if ghost is None:
                        continue
                    hx, hy, _came, cos_cut, thrown = ghost
                    dist_s = math.hypot(hx - sx, hy - sy)
                else:
                    hx, hy, thrown = gx, gy, 1.0
                    dist_s = math.hypot(hx - sx, hy - sy)
                    if dist_s < 1e-6:
                        continue
                    cos_cut = ((hx - sx) * ux + (hy - sy) * uy) / dist_s
                if cos_cut < cos_max:
                    continue
                angle = wrap(math.atan2(hy - sy, hx - sx) - base)
                if abs(angle) > max_angle:
                    continue
                if not clear(discs, sx, sy, hx, hy, rs, {t}):
                    continue
                at_impact = coin_speed * thrown / (transfer * cos_cut)
                speed = math.sqrt(at_impact ** 2 + 2 * decel * dist_s)
                if speed > params.max_speed:
                    continue
                # an aim error of δ rad moves the contact by dist_s·δ, turning the coin by
                # dist_s·δ / ((rs + rc)·cos cut): it misses the pocket centre by dist_c times that
                sensitivity = dist_c * (1 + dist_s / ((rs + rc) * cos_cut))
                score = sensitivity + 0.05 * speed
                shots.append(Shot(along, angle, speed, score, t, p, math.acos(min(1.0, cos_cut))))
            if not banks:
                continue
            for along, sx, sy in alongs:
                for cushion in CUSHION_LINES:
                    if mu_impact > 0:
                        ghost = allow_for_throw(coin.x, coin.y, ux, uy, rc + rs, e, mu_impact,
                                                lambda hx, hy: _bank_point(sx, sy, hx, hy, *cushion, e_cushion, mu_impact),
                                                mu_at)
                        if ghost is None:
                            continue
                        hx, hy, (*_, qx, qy, k, f), cos_cut, thrown = ghost
                        d2 = math.hypot(hx - qx, hy - qy)
                    else:
                        bank = _bank_point(sx, sy, gx, gy, *cushion, e_cushion, 0.0)
                        if bank is None:
                            continue
                        *_, qx, qy, k, f = bank
                        hx, hy, thrown = gx, gy, 1.0
                        d2 = math.hypot(hx - qx, hy - qy)
                        if d2 < 1e-6:
                            continue
                        cos_cut = ((hx - qx) * ux + (hy - qy) * uy) / d2
                    d1 = math.hypot(qx - sx, qy - sy)
                    if cos_cut < cos_max:
                        continue
                    angle = wrap(math.atan2(qy - sy, qx - sx) - base)
                    if abs(angle) > max_angle:
                        continue
                    if not clear(discs, sx, sy, qx, qy, rs, ()) or not clear(discs, qx, qy, hx, hy, rs, {t}):
                        continue
                    at_impact = coin_speed * thrown / (transfer * cos_cut)
                    leaving = math.sqrt(at_impact ** 2 + 2 * decel * d2)  # off the cushion
                    speed = math.sqrt((leaving / k) ** 2 + 2 * decel * d1)
                    if speed > params.max_speed:
                        continue
                    sensitivity = dist_c * (1 + (d1 + f * d2) / ((rs + rc) * cos_cut))
                    score = sensitivity * BANK_PENALTY + 0.05 * speed
                    shots.append(Shot(along, angle, speed, score, t, p, math.acos(min(1.0, cos_cut)), bank=True))
    shots.sort(key=lambda s: s.score)
    seen: dict[tuple[int, int], int] = {}
    first, rest = [], []
    for s in shots:
        k = seen.get((s.target, s.pocket), 0)
        (first if k < per_pair else rest).append(s)
        seen[(s.target, s.pocket)] = k + 1
    return (first + rest)[:limit]


def fallback(game: Game, seat: Seat) -> StrikeChoice:
    """No clear shot: a medium shot straight at the nearest own coin, from the nearest legal point.

    With no own coin in front of the baseline, at the nearest other disc in front of it:
    a stroke that touches nothing leaves the board as it was, and bots that cannot see a
    shot would miss on until the board is replayed (ICF 137), again and again.
    """
    eq = board_seat(seat)
    axis = STANDARD_BOARD.baseline_axis_distance
    fx, fy = eq.forward
    base = math.atan2(fy, fx)
    own = set(targets(game, seat))
    best = None
    for along in baseline_points(game, seat, 0.05):
        sx, sy = eq.to_board(along, -axis)
        for i, d in enumerate(game.layout.discs or [None]):
            tx, ty = (0.0, 0.0) if d is None else (d.x, d.y)
            angle = wrap(math.atan2(ty - sy, tx - sx) - base)
            key = (abs(angle) > MAX_ANGLE, i not in own, math.hypot(tx - sx, ty - sy))
            if best is None or key < best[0]:
                best = (key, along, max(-MAX_ANGLE, min(MAX_ANGLE, angle)))
    assert best is not None
    return StrikeChoice(best[1], best[2], min(game.params.max_speed, 3.0))


def with_noise(game: Game, choice: StrikeChoice, noise: float, rng: random.Random) -> StrikeChoice:
    """Execution noise: a person's hand is not exact (σ 0.02 rad of aim and 5 % of speed per unit)."""
    if noise <= 0:
        return choice
    speed = choice.speed * (1 + rng.gauss(0, SPEED_SIGMA * noise))
    speed = min(game.params.max_speed, max(0.05 * game.params.max_speed, speed))
    return StrikeChoice(choice.along, choice.angle + rng.gauss(0, AIM_SIGMA * noise), speed)


class GeometricPlayer:
    """Aims the easiest clear shot by geometry; places and claims simply."""

    def __init__(self, seed: int | None = None, noise: float = 0.0, name: str = "geometric") -> None:
        self.rng = random.Random(seed)
        self.noise = noise
        self.name = name

    def choose_strike(self, game: Game, seat: Seat) -> StrikeChoice:
        shots = plan_shots(game, seat, limit=1, banks=False)
        choice = shots[0].choice if shots else fallback(game, seat)
        return with_noise(game, choice, self.noise, self.rng)

    def choose_placement(self, game: Game, seat: Seat) -> tuple[float, float] | None:
        """A legal spot for the coin the opponent owes, off the lines to the pockets (the diagonals)."""
        spots = free_spots(game, self.rng)
        if not spots:
            return None
        return max(spots, key=lambda p: abs(abs(p[0]) - abs(p[1])))

    def choose_claim(self, game: Game, seat: Seat) -> int:
        """The most the laws let us claim (ICF 87 b)."""
        claim = game.state.claim
        return 0 if claim is None else claim.most
