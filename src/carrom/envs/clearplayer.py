"""The clear-the-board player: the master's planning with the task's referee (``carrom/ClearBoard-v0``).

The task's referee (``carrom.envs.clearboard.rule``) counts every coin as the player's,
so the master's own value (the match referee's) does not apply; this player plans as the
master does with the task's referee instead: candidates are the geometric planner's shots
at every coin (the queen once a coin is kept and no due is outstanding, only the queen
with one coin left, ICF 92, 95 b, 107), thumbed (backward, ICF 17, 33–34: ``THUMBS``) as
well as forward, each varied in speed, and the stirs (``stirs``;
with none, the fan of ``sweep``; on the first stroke also the ``breaks``); each is
simulated under ``samples`` noisy copies of the hand in one batch, and is worth what it
gains now (``gained``: the pieces it puts down for good, −10 if it loses the board, a
pocketed queen awaiting its cover counting as one, reaching the queen with one coin left
costing two) plus what it leaves (``ahead``: 0.7 × ``master.pot_chance`` of the easiest
next shot and half that of the next piece's; a pocketed queen's leave less what a failed
cover gives back, a shot at the queen worth its chance times its cover's, ICF 15, 96:
``COVER``, off by default; a stroke that moves nothing leaves this layout's own simulated worth, at most
that of the best stroke that moves something, ``unmoved``). The best ``RECHECK`` are then simulated again on ``FRESH`` new copies of the
hand (each copy's leave judged by playing its easiest shots with ``PLAY_LEAVE``, off by
default), and the stroke is chosen on those: the pick is not merely the luckiest on six copies. With ``FEW``
pieces or fewer on the board the search widens (``budget``: twice the copies in both looks, eight
finalists, five speeds and four shots per coin and pocket): few candidates, so it is cheap, and
there each stroke is a large share of the board's. ``board`` plays one board through the environment, which adds the
noise, and counts what the strokes were in a ``Tally``. 2° of aim is 1.745 units of the
bots' noise. benchmarks/clearboard.py prints the figures (docs/research.md).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from types import SimpleNamespace

import gymnasium as gym
import numpy as np

from carrom.envs import spaces as S
from carrom.envs.clearboard import ClearState, ShotFacts, rule
from carrom.equipment import STANDARD_BOARD, STRIKER, Layout, PieceKind, Seat as EqSeat, legal_intervals
from carrom.physics import DEFAULT_PARAMS, PhysicsParams, simulate_batch
from carrom.players.base import StrikeChoice
from carrom.players.geometric import AIM_SIGMA, MAX_ANGLE, baseline_points, clear, plan_shots, wrap
from carrom.players.master import FURTHER, LEAVE, STEP, pot_chance
from carrom.players.search import noisy_copies, rows_for

SEAT = EqSeat.SOUTH
SPEEDS = (1.0, 0.9, 1.1)
AIM_OFFSETS = (0.0,)  # radians added to each planned shot's aim (0.3° either side lost at 1°: docs/research.md)
STIR_SPEEDS = (3.5, 5.0, 6.5)  # m/s: a firm, a hard and the hardest full hit (``stirs``)
SWEEP_ANGLE = math.radians(10)  # the fan of ``sweep``: every 10° from straight across
STIR_OFFSET = 0.5  # the fuller and thinner hits of a stir: the line of centres off the coin's by this × the radius sum
STIR_POINTS = 3  # baseline points per coin for its stirs
SWEEP_POINTS = 5  # baseline points of the fan
BREAK_ALONG = 0.17  # m: the break is tried from this far either side of the baseline's middle (``breaks``)
BREAK_AIM = 0.03  # m: between its points along the baseline (up to 0.04), and between its aims
TOP = 6  # candidates whose leave is valued on every copy, of the planned shots and of the stirs (``choose``)
STILL = 0.002  # m: a piece that moved less has not moved (``unmoved``)
PENDING = 1.0  # what a pocketed queen awaiting its cover counts for in a stroke's value (``gained``)
LAST_QUEEN = 2.0  # what reaching ``queen_last`` costs in a stroke's value, and leaving it gains (``gained``)
RECHECK = 4  # candidates of the first look valued again on fresh copies (``choose``)
FRESH = 24  # fresh copies of the hand for each of them
THUMBS = True  # thumbed strokes (aimed backwards, ICF 17, 33–34) among the shots, the stirs and the leave
# Issue 22's two levers, built and tested but off: on tuning boards 1000–1004 at 2° both together
# took 43.6 strokes mean against main's 31.8; the cover alone changed nothing on 1002–1003 (docs/research.md).
COVER = False  # the queen valued with its cover (``ahead``): a pocketed queen's leave pays for a cover that fails
PLAY_LEAVE = False  # the second look plays each leave's easiest shots instead of guessing them (``ahead`` with ``rng``)
LOOK_SHOTS = 2  # the easiest shots of a leave played (on different pieces, as ``FURTHER`` weighs two)...
LOOK_COPIES = 4  # ... each under this many copies of the hand
STAY = 0.01  # a stroke that moves nothing is worth this less than what it leaves: the same choice, a stroke later
NOISE_2_DEGREES = math.radians(2) / AIM_SIGMA
FEW = 3  # pieces on the board at or below which the search widens (``budget``): few targets, cheap strokes
FEW_SEARCH = dict(samples=12, recheck=8, fresh=48, top=12, speeds=(1.0, 0.8, 0.9, 1.1, 1.25), per_pair=4)


def as_game(params: PhysicsParams) -> SimpleNamespace:
    """All the planner reads of a game when given a layout and aims: the physics it plans for."""
    return SimpleNamespace(params=params)


def aims(state: ClearState) -> list[int]:
    discs = state.layout.discs
    coins = [i for i, d in enumerate(discs) if d.kind is not PieceKind.QUEEN]
    queen = [i for i, d in enumerate(discs) if d.kind is PieceKind.QUEEN]
    if queen and len(coins) <= 1:
        return queen  # ICF 107
    return coins + (queen if state.potted and not state.dues else [])


def leave_shots(state: ClearState, params: PhysicsParams = DEFAULT_PARAMS, targets: list[int] | None = None) -> list:
    """The planner's shots of the next stroke on this layout (at ``aims``, or at ``targets``)."""
    return plan_shots(as_game(params), SEAT, limit=10_000, step=STEP, layout=state.layout, banks=False,
                      aims=aims(state) if targets is None else targets, max_angle=math.pi if THUMBS else MAX_ANGLE)


def easiest(shots) -> dict:
    """Each piece's easiest shot, the easiest piece first (``plan_shots`` puts each pair's best first, easiest first)."""
    best: dict = {}
    for s in shots:
        best.setdefault(s.target, s)
    return best


def cover_chance(state: ClearState, noise: float, params: PhysicsParams = DEFAULT_PARAMS) -> float:
    """The chance that the next stroke keeps a coin on this layout: its easiest coin shot's (``master.pot_chance``)."""
    coins = [i for i, d in enumerate(state.layout.discs) if d.kind is not PieceKind.QUEEN]
    first = next(iter(easiest(leave_shots(state, params, coins)).values()), None)
    return 0.0 if first is None else pot_chance(first.score, noise)


def without_queen(state: ClearState) -> ClearState:
    """This layout with the queen taken off: where the cover is played from once the queen went in."""
    return replace(state, layout=Layout(tuple(d for d in state.layout.discs if d.kind is not PieceKind.QUEEN)))


def cover_loss(state: ClearState) -> float:
    """What a pocketed queen awaiting its cover gives back if the next stroke keeps no coin (ICF 15, 96):
    ``PENDING``, and ``LAST_QUEEN`` too if that brings back the queen with one coin left."""
    return -gained(state, replace(state, queen="board")) if state.queen == "pending" else 0.0


def chances(state: ClearState, noise: float, params: PhysicsParams = DEFAULT_PARAMS,
            rng: random.Random | None = None) -> dict[int, float]:
    """Each piece's chance of going down next stroke by its easiest shot, the easiest first: the planner's
    guess (``master.pot_chance``), or with ``rng`` played: the easiest shots at ``LOOK_SHOTS`` pieces
    simulated under ``LOOK_COPIES`` copies of the hand, each worth the share of copies that gained."""
    best = easiest(leave_shots(state, params))
    if rng is None:
        return {t: pot_chance(s.score, noise) for t, s in best.items()}
    shots = list(best.values())[:LOOK_SHOTS]
    n = LOOK_COPIES if noise > 0 else 1
    afters = outcomes(state, [s.choice for s in shots], n, noise, rng, params)
    return {s.target: sum(gained(state, a) > 0 for a in afters[i * n:(i + 1) * n]) / n for i, s in enumerate(shots)}


def ahead(state: ClearState, noise: float, params: PhysicsParams = DEFAULT_PARAMS,
          rng: random.Random | None = None) -> float:
    """What a layout leaves, in a stroke's value: ``LEAVE`` × (the best piece's chance (``chances``) plus
    ``FURTHER`` × the next one's), as the master's ``next_chances``, with the queen and its cover (``COVER``):

    - a pocketed queen awaiting its cover (ICF 15, 96) gives back ``cover_loss`` unless the next stroke
      keeps a coin: less (1 − the best chance) × that loss, in full, as ``gained`` counted the pot in full;
    - a shot at the queen on the board counts its chance times the chance of a cover after it
      (``cover_chance`` on this layout without the queen): a queen nothing can cover is hardly worth potting.

    Before, both were valued as any coin: the queen was potted where nothing could cover it, and came
    back. With ``rng`` the chances are played, not guessed (the second look of ``choose``).
    """
    if state.over:
        return 0.0
    odds = chances(state, noise, params, rng)
    top = sorted(odds.values(), reverse=True)[:2] + [0.0, 0.0]
    if COVER and state.queen == "pending":
        return LEAVE * (top[0] + FURTHER * top[1]) - (1 - top[0]) * cover_loss(state)
    queen = next((t for t in odds if state.layout.discs[t].kind is PieceKind.QUEEN), None)
    if COVER and queen is not None and 0 < odds[queen] >= top[1]:  # among the two that count
        odds[queen] *= cover_chance(without_queen(state), noise, params)
        top = sorted(odds.values(), reverse=True)[:2] + [0.0, 0.0]
    return LEAVE * (top[0] + FURTHER * top[1])


def behind(layout: Layout) -> int:
    """Pieces whose centre is behind the striker's line on the baseline (``situation``)."""
    return sum(d.y < -STANDARD_BOARD.baseline_axis_distance for d in layout.discs)


def unmoved(before: ClearState, after: ClearState) -> bool:
    """The stroke left every piece where it was (within ``STILL`` metres): the same layout again.

    Its leave is then what this very layout is worth by simulation, not the planner's
    guess: a shot the planner rates easy but that never goes in (a piece in a pocket's
    jaws, against a cushion) would otherwise be "left" again and again by strokes that
    move nothing, each valued at that guess (one tuning board: 80 such strokes in a row).
    """
    a, b = before.layout.discs, after.layout.discs
    return len(a) == len(b) and all(abs(p.x - q.x) < STILL and abs(p.y - q.y) < STILL for p, q in zip(a, b))


def gained(before: ClearState, after: ClearState) -> float:
    """What a stroke's outcome is worth now: pieces put down for good, −10 if the board is lost (ICF 107),
    ``PENDING`` for a queen pocketed and awaiting its cover (given back if the cover fails, ICF 96),
    and −``LAST_QUEEN`` for reaching ``queen_last`` (given back on leaving it).

    Without them a pocketed queen was worth nothing until covered, so the queen was left to the
    end: with one coin left it is the only legal aim (ICF 107), and the last coin must then
    cover it (ICF 15); on 20 tuning boards at 2° that ending took 10 strokes a board.
    """
    pending = (after.queen == "pending") - (before.queen == "pending")
    last = queen_last(after) - queen_last(before)
    return after.down - before.down - 10.0 * after.lost + PENDING * pending - LAST_QUEEN * last


def queen_last(state: ClearState) -> bool:
    """The queen on the board with one coin left: it must go first and that coin cover it (ICF 107, 15)."""
    return state.queen == "board" and state.coins_on_board == 1


def stirs(state: ClearState, params: PhysicsParams = DEFAULT_PARAMS) -> list[StrikeChoice]:
    """Strokes that break piles and free coins: a full hit on each target at ``STIR_SPEEDS``.

    For each coin the planner may aim at, the striker runs straight at its centre from up
    to ``STIR_POINTS`` baseline points whose run is clear of other discs (the one nearest
    straight across, and others spread over the rest), and a little to either side of it
    (``STIR_OFFSET``); the coin is driven into whatever lies behind it. Valued like any candidate, by what they pot and
    what they leave: a stir that opens a clear shot is worth that shot's chance.
    """
    discs = state.layout.discs
    axis = STANDARD_BOARD.baseline_axis_distance
    alongs = [(a, *EqSeat.SOUTH.to_board(a, -axis)) for a in baseline_points(as_game(params), SEAT, 0.04, state.layout)]
    out = []
    for i in aims(state):
        d = discs[i]
        runs = []  # (along, angle) of the clear runs at the coin
        for along, sx, sy in alongs:
            angle = wrap(math.atan2(d.y - sy, d.x - sx) - math.pi / 2)
            if abs(angle) > MAX_ANGLE and not THUMBS:
                continue
            reach = math.hypot(d.x - sx, d.y - sy) - d.radius - STRIKER.radius
            ux, uy = (d.x - sx) / (reach + d.radius + STRIKER.radius), (d.y - sy) / (reach + d.radius + STRIKER.radius)
            if clear(discs, sx, sy, sx + ux * reach, sy + uy * reach, STRIKER.radius, {i}):
                runs.append((along, angle))
        runs.sort(key=lambda r: abs(r[1]))  # nearest straight across first, then spread over the rest
        picked = runs[:1] + runs[1:][::max(1, len(runs) // STIR_POINTS)][:STIR_POINTS - 1]
        for along, angle in picked:
            sx, sy = EqSeat.SOUTH.to_board(along, -axis)
            off = math.atan2(STIR_OFFSET * (d.radius + STRIKER.radius), math.hypot(d.x - sx, d.y - sy))
            out += [StrikeChoice(along, angle + k * off, v) for k in (0, -1, 1) for v in STIR_SPEEDS]
    return out


def breaks(state: ClearState, params: PhysicsParams = DEFAULT_PARAMS) -> list[StrikeChoice]:
    """The break (the first stroke): hard strokes from ``BREAK_ALONG`` of the baseline's middle at points
    around the formation's centre (``BREAK_AIM`` apart), at the two hardest ``STIR_SPEEDS``.

    Valued like any candidate; the stirs alone found breaks putting down 1.5 pieces on
    average, the best of these about 1.8 (200 copies each)."""
    if state.strokes:
        return []
    axis = STANDARD_BOARD.baseline_axis_distance
    out = []
    for along in baseline_points(as_game(params), SEAT, BREAK_AIM, state.layout):
        if abs(along) > BREAK_ALONG:
            continue
        sx, sy = EqSeat.SOUTH.to_board(along, -axis)
        for tx in (-2, -1, 0, 1, 2):
            for ty in (-1, 0, 1):
                angle = math.atan2(ty * BREAK_AIM - sy, tx * BREAK_AIM - sx) - math.pi / 2
                out += [StrikeChoice(along, angle, v) for v in STIR_SPEEDS[1:]]
    return out


def sweep(state: ClearState, params: PhysicsParams = DEFAULT_PARAMS) -> list[StrikeChoice]:
    """With no shot and no stir (the coins out of a clear run, behind the baseline): a fan of hard strokes.

    From a few points of the baseline, every ``SWEEP_ANGLE`` across the forward half-plane,
    at ``STIR_SPEEDS``: off the cushions they reach what a straight run cannot. Each is
    valued by simulation like any candidate; before, one random stroke was played here.
    """
    points = baseline_points(as_game(params), SEAT, 0.08, state.layout)
    angles = [k * SWEEP_ANGLE for k in range(-int(MAX_ANGLE / SWEEP_ANGLE), int(MAX_ANGLE / SWEEP_ANGLE) + 1)]
    return [StrikeChoice(a, t, v) for a in points[::max(1, len(points) // SWEEP_POINTS)] for t in angles
            for v in STIR_SPEEDS]


def outcomes(state: ClearState, cands: list[StrikeChoice], n: int, noise: float,
             rng: random.Random, params: PhysicsParams = DEFAULT_PARAMS) -> list[ClearState]:
    """Each candidate under the same ``n`` copies of the hand (none without noise), simulated in
    one batch and ruled: candidate ``i``'s copies are rows ``i·n`` to ``i·n + n − 1``."""
    tried = noisy_copies(cands, n, noise, rng, params.max_speed)
    batch = simulate_batch(state.layout, rows_for(None, SEAT, tried), params, parallel=False)
    return [rule(state, ShotFacts.of_batch(batch, k)) for k in range(len(tried))]


def budget(state: ClearState) -> dict:
    """``choose``'s search on this layout: the default, or with ``FEW`` pieces or fewer ``FEW_SEARCH``
    (more copies of the hand in both looks, more finalists, more speeds and shots per coin and pocket)."""
    return dict(FEW_SEARCH) if len(state.layout.discs) <= FEW else {}


def choose(state: ClearState, noise: float, rng: random.Random, samples: int = 6,
           facts: dict | None = None, recheck: int | None = None, fresh: int | None = None,
           params: PhysicsParams = DEFAULT_PARAMS, top: int | None = None, speeds: tuple | None = None,
           per_pair: int = 2) -> StrikeChoice:
    """The stroke worth most: pieces put down for good now, plus what it leaves (``ahead``).

    Every candidate is simulated under ``samples`` copies of the hand; the leave (a plan of
    the next stroke on each copy's layout, the costly part) is valued only for the ``TOP``
    candidates by what they put down now, and for the stirs, which put nothing down on
    purpose: each stir's leave on its first copy, then on all copies for the best ``TOP``.
    Under noise, the ``recheck`` best by that worth are simulated again on ``fresh`` new
    copies (one batch), each copy's leave judged by playing it (``ahead`` with ``rng``, with
    ``PLAY_LEAVE``), and the best on those is played: the first look's six copies flatter
    whichever candidate was lucky on them, and the planner's guess of a leave is geometry.

    ``recheck``, ``fresh``, ``top`` and ``speeds`` left out are the module's ``RECHECK``, ``FRESH``, ``TOP`` and
    ``SPEEDS`` as they are when called, so an experiment that sets those on the module is played with them;
    each planned shot is also tried at each of ``AIM_OFFSETS`` off its line (only on it by default).
    """
    recheck = RECHECK if recheck is None else recheck
    fresh = FRESH if fresh is None else fresh
    top = TOP if top is None else top
    speeds = SPEEDS if speeds is None else speeds
    vmax = params.max_speed
    limit = 12 * per_pair
    shots = plan_shots(as_game(params), SEAT, limit=limit, per_pair=per_pair, layout=state.layout, aims=aims(state))
    if THUMBS:  # shots only a thumbed stroke plays: at pieces behind the baseline
        shots += [s for s in plan_shots(as_game(params), SEAT, limit=limit, per_pair=per_pair, layout=state.layout,
                                        aims=aims(state), banks=False, max_angle=math.pi) if abs(s.angle) > MAX_ANGLE]
    planned = [StrikeChoice(s.along, wrap(s.angle + off) if off else s.angle, min(vmax, s.speed * k))
               for s in shots for off in AIM_OFFSETS for k in speeds]  # wrapped: a thumbed shot may turn past π
    stirred = stirs(state, params)
    cands = planned + (stirred or sweep(state, params)) + breaks(state, params)
    if not cands:  # no room on the baseline at all (the environment truncates the episode)
        lo, hi = max(legal_intervals(EqSeat.SOUTH, state.layout) or [(0.0, 0.0)], key=lambda iv: iv[1] - iv[0])
        return StrikeChoice((lo + hi) / 2, 0.0, vmax)
    n = samples if noise > 0 else 1
    afters = outcomes(state, cands, n, noise, rng, params)
    now = [sum(gained(state, a) for a in afters[i * n:(i + 1) * n]) / n for i in range(len(cands))]

    still = [unmoved(state, a) for a in afters]  # strokes that leave this very layout (``unmoved``)
    here = max(now)  # the best this layout is worth when simulated, against the planner's guess
    stay = LEAVE * here  # what a stroke that moves nothing leaves (with ``COVER``, worked out below)

    def worth_left(after: ClearState, played: bool = False) -> float:
        if after.over:
            return 0.0
        if unmoved(state, after):
            return stay
        return ahead(after, noise, params, rng if played and PLAY_LEAVE else None)

    def left(k: int) -> float:
        return (0.0 if COVER else stay) if still[k] else worth_left(afters[k])

    valued = sorted(range(len(planned)), key=lambda i: (-now[i], i))[:top]
    first = {i: now[i] + left(i * n) for i in range(len(planned), len(cands))}
    valued += sorted(first, key=lambda i: (-first[i], i))[:top]
    worth = {i: now[i] + sum(left(k) for k in range(i * n, (i + 1) * n)) / n for i in valued}
    if COVER:  # a stroke that moves nothing leaves this layout, worth what it is worth when simulated: the
        # best stroke's gain now, or the best worth of those that move when less (a queen's pot is worth
        # less than its gain now when no cover follows); a stroke later, so less again (``STAY``)
        moving = [worth[i] for i in worth if not all(still[i * n:(i + 1) * n])]
        here = min(here, max(moving, default=here))
        stay = (LEAVE * here if here > 0 else here / LEAVE) - STAY
        for i in worth:
            worth[i] += stay * sum(still[i * n:(i + 1) * n]) / n
    best = max(worth, key=lambda i: (worth[i], -i))
    rows = afters[best * n:(best + 1) * n]
    if noise > 0 and recheck > 1:  # the second look: the best few again, on fresh copies of the hand
        short = sorted(worth, key=lambda i: (-worth[i], i))[:recheck]
        fresh_afters = outcomes(state, [cands[i] for i in short], fresh, noise, rng, params)
        chunks = {i: fresh_afters[j * fresh:(j + 1) * fresh] for j, i in enumerate(short)}
        second = {i: sum(gained(state, a) + worth_left(a, played=True)
                         for a in chunk) / fresh for i, chunk in chunks.items()}
        best = max(second, key=lambda i: (second[i], -i))
        rows = chunks[best]
    if facts is not None:
        facts.update(kind="shot" if best < len(planned) else "stir" if stirred else "sweep",
                     chance=sum(a.down > state.down for a in rows) / len(rows), copies=len(rows))
    return cands[best]


def action_of(c: StrikeChoice, params: PhysicsParams = DEFAULT_PARAMS) -> np.ndarray:
    w = 2 * (c.speed - S.MIN_SPEED) / (params.max_speed - S.MIN_SPEED) - 1
    return np.array([c.along / S.ALONG_MAX, c.angle / S.MAX_ANGLE, w], dtype=np.float32)


KINDS = ("shot", "stir", "sweep")
SITUATIONS = ("the break", "the queen to cover (ICF 15, 96)", "the queen and one coin left (ICF 107)",
              "every piece behind the baseline", "10 pieces or more", "2 to 9 pieces", "the last coin")
LONG = 50  # strokes: a board this long or longer is reported apart (``Tally.situations``)


def situation(state: ClearState) -> str:
    """Which of ``SITUATIONS`` a stroke is played in: the first that holds."""
    pieces = len(state.layout.discs)
    if state.strokes == 0:
        return SITUATIONS[0]
    if state.queen == "pending":
        return SITUATIONS[1]
    if state.queen == "board" and state.coins_on_board <= 1:
        return SITUATIONS[2]
    if behind(state.layout) == pieces:
        return SITUATIONS[3]
    return SITUATIONS[4] if pieces >= 10 else SITUATIONS[5] if pieces > 1 else SITUATIONS[6]


@dataclass
class Tally:
    """What a run's strokes were: by kind, how many put a piece down, the striker's falls, the predicted chances."""

    strokes: list[int] = field(default_factory=list)  # per board
    cleared: int = 0
    lost: list[bool] = field(default_factory=list)  # per board: lost by ICF 107 (the last coin before the queen)
    times: list[float] = field(default_factory=list)
    kinds: dict[str, list[float]] = field(default_factory=lambda: {k: [0, 0, 0.0] for k in KINDS})  # n, down, chance
    falls: int = 0  # strokes after which a due was owed: the striker fell
    boards: list[dict[str, list[int]]] = field(default_factory=list)  # per board: situation -> [strokes, gained]

    def add(self, kind: str, chance: float, before: ClearState, after: ClearState) -> None:
        k = self.kinds[kind]
        k[0] += 1
        k[1] += after.down > before.down
        k[2] += chance
        self.falls += after.down < before.down or after.dues > before.dues
        if before.strokes == 0 or not self.boards:
            self.boards.append({})
        here = self.boards[-1].setdefault(situation(before), [0, 0])
        here[0] += 1
        here[1] += gained(before, after) > 0

    def situations(self) -> list[str]:
        """Strokes per board in each situation and how often they gained (a piece down, or the queen
        pocketed for its cover), over all boards and over those of ``LONG`` strokes or more."""
        lines = []
        for name, boards in (("all boards", self.boards),
                             (f"boards of {LONG}+ strokes", [b for b in self.boards if sum(v[0] for v in b.values()) >= LONG])):
            if not boards:
                continue
            lines.append(f"{name} ({len(boards)}): strokes a board, in which situation, and how often they gained")
            for where in SITUATIONS:
                n = sum(b.get(where, [0, 0])[0] for b in boards)
                up = sum(b.get(where, [0, 0])[1] for b in boards)
                if n:
                    lines.append(f"  {where:40} {n / len(boards):5.1f}  gained in {100 * up / n:3.0f} %")
        return lines

    def report(self) -> list[str]:
        n = sum(k[0] for k in self.kinds.values()) or 1
        parts = [f"{name} {k[0]} ({100 * k[0] / n:.0f} %; a piece down in {100 * k[1] / max(1, k[0]):.0f} %,"
                 f" predicted {100 * k[2] / max(1, k[0]):.0f} %)" for name, k in self.kinds.items() if k[0]]
        return ["strokes: " + ", ".join(parts), f"striker fell (a due) in {100 * self.falls / n:.1f} % of strokes"]


def board(noise: float, seed: int, tally: Tally, cap: int = 300, physics: str = S.DEFAULT_PHYSICS,
          board_speed: str | None = None) -> None:
    """One board (``seed``) played through ``carrom/ClearBoard-v1`` (v0's dynamics: tests/envs/test_envs_ids.py)
    at ``noise`` on the given physics and board (the environment's options), its strokes counted in ``tally``."""
    env = gym.make("carrom/ClearBoard-v1", noise=noise, physics=physics, board_speed=board_speed)
    env.reset(seed=seed)
    params = env.unwrapped.params
    rng = random.Random(seed)
    state = env.unwrapped.state
    while not state.over and state.strokes < cap:
        t = time.perf_counter()
        facts: dict = {}
        c = choose(state, noise, rng, facts=facts, params=params, **budget(state))
        tally.times.append(time.perf_counter() - t)
        before = state
        _obs, _r, done, truncated, _info = env.step(action_of(c, params))
        state = env.unwrapped.state
        if state.strokes > before.strokes:
            tally.add(facts["kind"], facts["chance"], before, state)
        if done or truncated:
            break
    tally.strokes.append(state.strokes)
    tally.cleared += state.cleared
    tally.lost.append(state.lost)
