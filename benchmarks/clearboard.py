"""Clear the board (``carrom/ClearBoard-v0``) with the master's planning: strokes per cleared board.

    python benchmarks/clearboard.py               # 20 boards at 2° of aim noise and 20 at none
    python benchmarks/clearboard.py --boards 5    # a quick look

The task's referee (``carrom.envs.clearboard.rule``) counts every coin as the player's,
so the master's own value (the match referee's) does not apply; this player plans as the
master does with the task's referee instead: candidates are the geometric planner's shots
at every coin (the queen once a coin is kept and no due is outstanding, only the queen
with one coin left, ICF 92, 95 b, 107), each varied in speed; each is simulated under
``samples`` noisy copies of the hand in one batch, and is worth the pieces it puts down
for good (−10 if it loses the board) plus 0.7 × what it leaves (``master.pot_chance`` of
the easiest next shot and half that of the next coin's). The stroke is played through the
environment, which adds the noise. 2° of aim is 1.745 units of the bots' noise.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from types import SimpleNamespace

import gymnasium as gym
import numpy as np

import carrom.envs  # noqa: F401  (registers the environments)
from carrom.envs import spaces as S
from carrom.envs.clearboard import ClearState, ShotFacts, rule
from carrom.equipment import STANDARD_BOARD, STRIKER, PieceKind, Seat as EqSeat, legal_intervals
from carrom.physics import DEFAULT_PARAMS, simulate_batch
from carrom.players.base import StrikeChoice
from carrom.players.geometric import AIM_SIGMA, MAX_ANGLE, SPEED_SIGMA, baseline_points, clear, plan_shots
from carrom.players.master import LEAVE, STEP, next_chances
from carrom.players.search import rows_for

SEAT = "south"
SPEEDS = (1.0, 0.9, 1.1)
STIR_SPEEDS = (3.5, 6.0)  # m/s: a firm and a hard full hit (``stirs``)
TOP = 6  # candidates whose leave is valued on every copy, of the planned shots and of the stirs (``choose``)
NOISE_2_DEGREES = math.radians(2) / AIM_SIGMA
GAME = SimpleNamespace(params=DEFAULT_PARAMS)  # all the planner reads of a game when given a layout and aims


def aims(state: ClearState) -> list[int]:
    discs = state.layout.discs
    coins = [i for i, d in enumerate(discs) if d.kind is not PieceKind.QUEEN]
    queen = [i for i, d in enumerate(discs) if d.kind is PieceKind.QUEEN]
    if queen and len(coins) <= 1:
        return queen  # ICF 107
    return coins + (queen if state.potted and not state.dues else [])


def leave(state: ClearState, noise: float) -> float:
    return next_chances(plan_shots(GAME, SEAT, limit=10_000, step=STEP, layout=state.layout, banks=False,
                                   aims=aims(state)), noise)


def stirs(state: ClearState) -> list[StrikeChoice]:
    """Strokes that break piles and free coins: a full hit on each target, firm and hard.

    For each coin the planner may aim at, the striker runs straight at its centre from the
    baseline point nearest straight across whose run is clear of other discs; the coin is
    driven into whatever lies behind it. Valued like any candidate, by what they pot and
    what they leave: a stir that opens a clear shot is worth that shot's chance.
    """
    discs = state.layout.discs
    axis = STANDARD_BOARD.baseline_axis_distance
    alongs = [(a, *EqSeat.SOUTH.to_board(a, -axis)) for a in baseline_points(GAME, SEAT, 0.04, state.layout)]
    out = []
    for i in aims(state):
        d = discs[i]
        best = None
        for along, sx, sy in alongs:
            angle = math.atan2(d.y - sy, d.x - sx) - math.pi / 2
            if abs(angle) > MAX_ANGLE or (best is not None and abs(angle) >= abs(best[1])):
                continue
            reach = math.hypot(d.x - sx, d.y - sy) - d.radius - STRIKER.radius
            ux, uy = (d.x - sx) / (reach + d.radius + STRIKER.radius), (d.y - sy) / (reach + d.radius + STRIKER.radius)
            if clear(discs, sx, sy, sx + ux * reach, sy + uy * reach, STRIKER.radius, {i}):
                best = (along, angle)
        if best is not None:
            out += [StrikeChoice(best[0], best[1], v) for v in STIR_SPEEDS]
    return out


def choose(state: ClearState, noise: float, rng: random.Random, samples: int = 6) -> StrikeChoice:
    """The stroke worth most: pieces put down for good now, plus ``LEAVE`` × what it leaves.

    Every candidate is simulated under ``samples`` copies of the hand; the leave (a plan of
    the next stroke on each copy's layout, the costly part) is valued only for the ``TOP``
    candidates by what they put down now, and for the stirs, which put nothing down on
    purpose: each stir's leave on its first copy, then on all copies for the best ``TOP``.
    """
    vmax = DEFAULT_PARAMS.max_speed
    shots = plan_shots(GAME, SEAT, limit=24, per_pair=2, layout=state.layout, aims=aims(state))
    planned = [StrikeChoice(s.along, s.angle, min(vmax, s.speed * k)) for s in shots for k in SPEEDS]
    cands = planned + stirs(state)
    if not cands:  # nothing in front of the baseline at all: a random firm stroke
        lo, hi = max(legal_intervals(EqSeat.SOUTH, state.layout), key=lambda iv: iv[1] - iv[0])
        return StrikeChoice(rng.uniform(lo, hi), rng.uniform(-1.2, 1.2), rng.uniform(2.0, vmax))
    n = samples if noise > 0 else 1
    errors = [(rng.gauss(0, AIM_SIGMA * noise), rng.gauss(0, SPEED_SIGMA * noise)) for _ in range(n)] \
        if noise > 0 else [(0.0, 0.0)]
    tried = [StrikeChoice(c.along, c.angle + da, min(vmax, max(0.05 * vmax, c.speed * (1 + ds))))
             for c in cands for da, ds in errors]
    batch = simulate_batch(state.layout, rows_for(None, SEAT, tried), DEFAULT_PARAMS, parallel=False)
    afters = [rule(state, ShotFacts.of_batch(batch, k)) for k in range(len(tried))]
    now = [sum(a.down - state.down - 10.0 * a.lost for a in afters[i * n:(i + 1) * n]) / n for i in range(len(cands))]

    def left(k: int) -> float:
        return 0.0 if afters[k].over else leave(afters[k], noise)

    def mean_leave(i: int) -> float:
        return sum(left(k) for k in range(i * n, (i + 1) * n)) / n

    valued = sorted(range(len(planned)), key=lambda i: (-now[i], i))[:TOP]
    first = {i: now[i] + LEAVE * left(i * n) for i in range(len(planned), len(cands))}
    valued += sorted(first, key=lambda i: (-first[i], i))[:TOP]
    worth = {i: now[i] + LEAVE * mean_leave(i) for i in valued}
    return cands[max(worth, key=lambda i: (worth[i], -i))]


def action_of(c: StrikeChoice) -> np.ndarray:
    w = 2 * (c.speed - S.MIN_SPEED) / (DEFAULT_PARAMS.max_speed - S.MIN_SPEED) - 1
    return np.array([c.along / S.ALONG_MAX, c.angle / S.MAX_ANGLE, w], dtype=np.float32)


def board(noise: float, seed: int, cap: int = 300) -> tuple[int, bool, list[float]]:
    env = gym.make("carrom/ClearBoard-v0", noise=noise)
    env.reset(seed=seed)
    rng = random.Random(seed)
    times = []
    state = env.unwrapped.state
    while not state.over and state.strokes < cap:
        t = time.perf_counter()
        c = choose(state, noise, rng)
        times.append(time.perf_counter() - t)
        _obs, _r, done, truncated, _info = env.step(action_of(c))
        state = env.unwrapped.state
        if done or truncated:
            break
    return state.strokes, state.cleared, times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=20, help="boards per noise (default 20)")
    ap.add_argument("--noise", choices=("both", "2", "0"), default="both", help="2° of aim, none, or both (default)")
    opts = ap.parse_args()
    print(f"carrom clear-the-board benchmark: {opts.boards} boards per noise, 1 process, physics"
          f" {DEFAULT_PARAMS.model}; load average {os.getloadavg()[0]:.2f}", flush=True)
    levels = {"2": [("2° of aim", NOISE_2_DEGREES)], "0": [("no noise", 0.0)]}
    for label, noise in levels.get(opts.noise, levels["2"] + levels["0"]):
        strokes, cleared, times = [], 0, []
        for seed in range(opts.boards):
            n, ok, ts = board(noise, seed)
            strokes.append(n)
            cleared += ok
            times += ts
        print(f"  {label:>10}: {statistics.mean(strokes):5.1f} strokes mean (median {statistics.median(strokes):.0f},"
              f" max {max(strokes)}), {cleared}/{opts.boards} cleared, decision median"
              f" {1000 * statistics.median(times):.0f} ms  (target ≤ 20 strokes mean at 2°);"
              f" load average {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()
