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
import random
import statistics
import time
from types import SimpleNamespace

import gymnasium as gym
import numpy as np

import carrom.envs  # noqa: F401  (registers the environments)
from carrom.envs import spaces as S
from carrom.envs.clearboard import ClearState, ShotFacts, rule
from carrom.equipment import PieceKind, Seat as EqSeat, legal_intervals
from carrom.physics import DEFAULT_PARAMS, simulate_batch
from carrom.players.base import StrikeChoice
from carrom.players.geometric import AIM_SIGMA, SPEED_SIGMA, plan_shots
from carrom.players.master import LEAVE, STEP, next_chances
from carrom.players.search import rows_for

SEAT = "south"
SPEEDS = (1.0, 0.9, 1.1)
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


def choose(state: ClearState, noise: float, rng: random.Random, samples: int = 6) -> StrikeChoice:
    vmax = DEFAULT_PARAMS.max_speed
    shots = plan_shots(GAME, SEAT, limit=24, per_pair=2, layout=state.layout, aims=aims(state))
    cands = [StrikeChoice(s.along, s.angle, min(vmax, s.speed * k)) for s in shots for k in SPEEDS]
    if not cands:  # nothing clear (the break, or a pile): a random firm stroke, to stir the discs
        lo, hi = max(legal_intervals(EqSeat.SOUTH, state.layout), key=lambda iv: iv[1] - iv[0])
        return StrikeChoice(rng.uniform(lo, hi), rng.uniform(-1.2, 1.2), rng.uniform(2.0, vmax))
    n = samples if noise > 0 else 1
    errors = [(rng.gauss(0, AIM_SIGMA * noise), rng.gauss(0, SPEED_SIGMA * noise)) for _ in range(n)] \
        if noise > 0 else [(0.0, 0.0)]
    tried = [StrikeChoice(c.along, c.angle + da, min(vmax, max(0.05 * vmax, c.speed * (1 + ds))))
             for c in cands for da, ds in errors]
    batch = simulate_batch(state.layout, rows_for(None, SEAT, tried), DEFAULT_PARAMS, parallel=False)
    worth = []
    for i in range(len(cands)):
        total = 0.0
        for k in range(i * n, (i + 1) * n):
            after = rule(state, ShotFacts.of_batch(batch, k))
            total += after.down - state.down - 10.0 * after.lost
            if not after.over:
                total += LEAVE * leave(after, noise)
        worth.append(total / n)
    return cands[max(range(len(cands)), key=lambda i: (worth[i], -i))]


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
    opts = ap.parse_args()
    print(f"carrom clear-the-board benchmark: {opts.boards} boards per noise, 1 process", flush=True)
    for label, noise in (("2° of aim", NOISE_2_DEGREES), ("no noise", 0.0)):
        strokes, cleared, times = [], 0, []
        for seed in range(opts.boards):
            n, ok, ts = board(noise, seed)
            strokes.append(n)
            cleared += ok
            times += ts
        print(f"  {label:>10}: {statistics.mean(strokes):5.1f} strokes mean (median {statistics.median(strokes):.0f},"
              f" max {max(strokes)}), {cleared}/{opts.boards} cleared, decision median"
              f" {1000 * statistics.median(times):.0f} ms  (target ≤ 20 strokes mean at 2°)", flush=True)


if __name__ == "__main__":
    main()
