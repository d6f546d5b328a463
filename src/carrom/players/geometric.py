"""The geometric player: direct and cut shots at its own coins, aimed by the ghost-ball rule.

For every own coin (and the queen when the laws let this side take it) and every pocket,
the striker must meet the coin at the "ghost" point, one radius sum behind it on the line
from the pocket. From sampled legal baseline positions it keeps the shots whose striker
run and coin run are clear of other discs and whose cut is not too thin, and strikes with
the speed sliding friction needs to carry the coin into the pocket (docs/players.md).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, PieceKind, Seat as EqSeat
from carrom.game import Game
from carrom.players.base import StrikeChoice, free_spots
from carrom.rules import Coin, Seat

POCKETS = STANDARD_BOARD.pocket_centres()
MAX_CUT = math.radians(72)


@dataclass(frozen=True)
class Shot:
    along: float
    angle: float
    speed: float
    score: float  # lower is easier
    target: int  # index of the coin in the layout
    pocket: int


def targets(game: Game, seat: str) -> list[int]:
    """Indices of the discs this seat may aim to pocket: own coins, and the queen when allowed (ICF 92, 95)."""
    state = game.state
    side = state.table.side(Seat(seat))
    own = PieceKind(state.colour_of(Seat(seat)).value)
    board = state.board
    queen_ok = board.queen == "board" and (board.potted[side] or board.queen == "pending") and not board.debts[side]
    out = [i for i, d in enumerate(game.layout.discs) if d.kind is own]
    if queen_ok:
        out += [i for i, d in enumerate(game.layout.discs) if d.kind is PieceKind.QUEEN]
    return out


def _clear(discs, ax, ay, bx, by, radius, skip) -> bool:
    """No disc (other than ``skip``) comes within ``radius`` + its own of the segment a→b."""
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


def plan_shots(game: Game, seat: str, samples: int = 13, limit: int = 12) -> list[Shot]:
    """The clear direct and cut shots for ``seat``, easiest first."""
    params = game.params
    discs = game.layout.discs
    eq = EqSeat(seat)
    fx, fy = eq.forward
    base = math.atan2(fy, fx)
    axis = STANDARD_BOARD.baseline_axis_distance
    decel = params.mu * params.g
    ms, mc = STRIKER.mass.value, CARROMMAN.mass.value
    transfer = ms * (1 + params.restitution_striker_coin) / (ms + mc)
    rs, rc = STRIKER.radius, CARROMMAN.radius
    alongs: list[float] = []
    for lo, hi in game.legal_intervals(seat):
        n = max(2, int(samples * (hi - lo) / 0.5) + 1)
        alongs += [lo + (hi - lo) * k / (n - 1) for k in range(n)]
    shots: list[Shot] = []
    for t in targets(game, seat):
        coin = discs[t]
        for p, (px, py) in enumerate(POCKETS):
            ux, uy = px - coin.x, py - coin.y
            dist_c = math.hypot(ux, uy)
            ux, uy = ux / dist_c, uy / dist_c
            if not _clear(discs, coin.x, coin.y, px, py, rc, {t}):
                continue
            gx, gy = coin.x - ux * (rc + rs), coin.y - uy * (rc + rs)
            for along in alongs:
                sx, sy = eq.to_board(along, -axis)
                vx, vy = gx - sx, gy - sy
                dist_s = math.hypot(vx, vy)
                if dist_s < 1e-6:
                    continue  # (backward shots are allowed: thumbing, ICF 17)
                cos_cut = (vx * ux + vy * uy) / dist_s
                if cos_cut < math.cos(MAX_CUT):
                    continue
                if not _clear(discs, sx, sy, gx, gy, rs, {t}):
                    continue
                coin_speed = math.sqrt(2 * decel * max(dist_c - STANDARD_BOARD.pocket_radius * 0.5, 0.01)) * 1.3 + 0.15
                at_impact = coin_speed / (transfer * cos_cut)
                speed = math.sqrt(at_impact ** 2 + 2 * decel * dist_s)
                if speed > params.max_speed:
                    continue
                angle = math.atan2(vy, vx) - base
                angle = math.atan2(math.sin(angle), math.cos(angle))
                score = math.degrees(math.acos(min(1.0, cos_cut))) / 10 + dist_s * 4 + dist_c * 6
                shots.append(Shot(along, angle, speed, score, t, p))
    shots.sort(key=lambda s: s.score)
    # keep the best shot per (coin, pocket) first, then the rest, up to ``limit``
    seen, best, rest = set(), [], []
    for s in shots:
        (rest if (s.target, s.pocket) in seen else best).append(s)
        seen.add((s.target, s.pocket))
    return (best + rest)[:limit]


def fallback(game: Game, seat: str, rng: random.Random) -> StrikeChoice:
    """No clear shot: a firm shot straight at the nearest own coin (or the middle) from the middle of the baseline."""
    eq = EqSeat(seat)
    lo, hi = max(game.legal_intervals(seat), key=lambda iv: iv[1] - iv[0])
    along = min(max(0.0, lo), hi)
    sx, sy = eq.to_board(along, -STANDARD_BOARD.baseline_axis_distance)
    own = [game.layout.discs[i] for i in targets(game, seat)] or list(game.layout.discs)
    tx, ty = (0.0, 0.0) if not own else min(((d.x, d.y) for d in own), key=lambda q: math.hypot(q[0] - sx, q[1] - sy))
    fx, fy = eq.forward
    angle = math.atan2(ty - sy, tx - sx) - math.atan2(fy, fx)
    angle = math.atan2(math.sin(angle), math.cos(angle))
    return StrikeChoice(along, angle, min(game.params.max_speed, 3.5))


def with_noise(game: Game, seat: str, choice: StrikeChoice, noise: float, rng: random.Random) -> StrikeChoice:
    """Execution noise: a person's hand is not exact (σ 0.02 rad and 5 % of the speed per unit of noise)."""
    if noise <= 0:
        return choice
    speed = min(game.params.max_speed, max(0.2, choice.speed * (1 + rng.gauss(0, 0.05 * noise))))
    return StrikeChoice(choice.along, choice.angle + rng.gauss(0, 0.02 * noise), speed)


class GeometricPlayer:
    def __init__(self, seed: int | None = None, noise: float = 0.0, name: str = "geometric") -> None:
        self.rng = random.Random(seed)
        self.noise = noise
        self.name = name

    def choose_strike(self, game: Game, seat: str) -> StrikeChoice:
        shots = plan_shots(game, seat, limit=1)
        choice = StrikeChoice(shots[0].along, shots[0].angle, shots[0].speed) if shots else fallback(game, seat, self.rng)
        return with_noise(game, seat, choice, self.noise, self.rng)

    def choose_placement(self, game: Game, seat: str) -> tuple[float, float] | None:
        spots = free_spots(game, self.rng)
        if not spots:
            return None
        # away from the pockets' diagonals, where the opponent cuts easiest
        return min(spots, key=lambda p: -abs(abs(p[0]) - abs(p[1])))

    def choose_claim(self, game: Game, seat: str) -> int:
        result = game.state.board.result
        return 0 if result is None else result.extra_claimable
