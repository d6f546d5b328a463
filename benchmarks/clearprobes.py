"""Two probes of the clear-the-board player: how much its break and its planned shots leave on the table.

    python benchmarks/clearprobes.py break                 # the break: a finer search against the player's pick
    python benchmarks/clearprobes.py aim --seed 1000       # planned shots aimed off the planner's line
    python benchmarks/clearprobes.py aim --seed 1001 --noise 2 --physics v3

Issue 22 asks whether the player's 1° figure can still come down by tuning
(docs/research.md, "The 1° target, argued again"). These bound what two kinds of
candidates could give, without playing whole boards:

- ``break``: the first stroke is the same layout on every board (the laws' formation), so
  a finer grid of hard strokes at it (striker points along one half of the baseline, the
  formation being symmetric, aims around its centre, two speeds) is judged on a first look
  of few copies of the hand, its best ``--top`` again on many fresh copies; then the
  player's own break (``clearplayer.choose``) for ``--picks`` seeds on the same fresh
  copies. Pieces put down for good, on average.
- ``aim``: board ``--seed`` is played by the player; on each layout after the break the
  planner's best ``--shots`` shots are tried on their line and at offsets of aim and speed,
  each on two independent sets of copies: the best variant is picked on the first and
  scored on the second (held out), so the gain is not the luck of the pick.

Both print one line a step as they go, then their figures.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics

import gymnasium as gym

import carrom.envs  # noqa: F401  (registers the environments)
from carrom.envs import clearplayer as cp
from carrom.envs import spaces as S
from carrom.equipment import STANDARD_BOARD, Seat
from carrom.players.base import StrikeChoice
from carrom.players.geometric import AIM_SIGMA, plan_shots

GRID = 0.012  # m between the break's aims around the formation's centre (9 across, 7 deep)
BREAK_SPEEDS = (6.5, 5.75)  # m/s
OFFSETS = (-0.6, -0.3, 0.0, 0.3, 0.6)  # degrees of aim off the planner's line (``aim``)
SCALES = (0.8, 1.0, 1.2)  # × the planner's speed


def mean_gain(state, afters: list, n: int, i: int) -> float:
    """Candidate ``i``'s pieces put down for good (``clearplayer.gained``), averaged over its ``n`` copies."""
    return sum(cp.gained(state, a) for a in afters[i * n:(i + 1) * n]) / n


def pot_share(state, afters: list, n: int, i: int) -> float:
    """The share of candidate ``i``'s ``n`` copies that put a piece down."""
    return sum(a.down > state.down for a in afters[i * n:(i + 1) * n]) / n


def break_grid(step: float) -> list[StrikeChoice]:
    """Hard strokes at the formation: from points ``step`` apart along one half of the baseline."""
    axis = STANDARD_BOARD.baseline_axis_distance
    out = []
    for k in range(int(S.ALONG_MAX / step) + 1):
        along = k * step
        sx, sy = Seat.SOUTH.to_board(along, -axis)
        for tx in range(-4, 5):
            for ty in range(-3, 4):
                angle = math.atan2(ty * GRID - sy, tx * GRID - sx) - math.pi / 2
                out += [StrikeChoice(along, angle, v) for v in BREAK_SPEEDS]
    return out


def probe_break(env, noise: float, step: float, first: int, fresh: int, top: int, picks: int) -> None:
    state, params = env.unwrapped.state, env.unwrapped.params
    cands = break_grid(step)
    afters = cp.outcomes(state, cands, first, noise, random.Random(3), params)
    best = sorted(range(len(cands)), key=lambda i: -mean_gain(state, afters, first, i))[:top]
    again = cp.outcomes(state, [cands[i] for i in best], fresh, noise, random.Random(11), params)
    scored = sorted(((mean_gain(state, again, fresh, j), cands[i]) for j, i in enumerate(best)), key=lambda r: -r[0])
    for gain, c in scored[:5]:
        print(f"  {gain:.2f} pieces: along {c.along:.3f} m, aim {math.degrees(c.angle):.1f}°, {c.speed} m/s", flush=True)
    own = []
    for seed in range(picks):
        c = cp.choose(state, noise, random.Random(100 + seed), params=params)
        own.append(mean_gain(state, cp.outcomes(state, [c], fresh, noise, random.Random(11), params), fresh, 0))
        print(f"  the player's break, seed {seed}: {own[-1]:.2f} pieces", flush=True)
    print(f"break: the best of {len(cands)} candidates puts down {scored[0][0]:.2f} pieces on {fresh} fresh copies;"
          f" the player's own {statistics.mean(own):.2f} on average over {picks} seeds")


def probe_aim(env, noise: float, strokes: int, shots: int, copies: int, seed: int) -> None:
    params = env.unwrapped.params
    state = env.unwrapped.state
    rng = random.Random(seed)
    line, tuned, best_line, best_any = [], [], [], []
    centre = OFFSETS.index(0.0) * len(SCALES) + SCALES.index(1.0)
    per_shot = len(OFFSETS) * len(SCALES)
    for stroke in range(strokes):
        if state.over:
            break
        planned = plan_shots(cp.as_game(params), cp.SEAT, limit=24, per_pair=2, layout=state.layout,
                             aims=cp.aims(state))[:shots]
        if planned and stroke > 0:
            variants = [StrikeChoice(s.along, s.angle + math.radians(o), min(params.max_speed, s.speed * k))
                        for s in planned for o in OFFSETS for k in SCALES]
            picked_on, scored_on = (cp.outcomes(state, variants, copies, noise, random.Random(r), params)
                                    for r in (1, 2))
            pick, held = ([pot_share(state, afters, copies, i) for i in range(len(variants))]
                          for afters in (picked_on, scored_on))
            for j in range(len(planned)):
                mine = range(j * per_shot, (j + 1) * per_shot)
                line.append(held[j * per_shot + centre])
                tuned.append(held[max(mine, key=lambda i: pick[i])])
            on_line = max(range(len(planned)), key=lambda j: pick[j * per_shot + centre])
            best_line.append(held[on_line * per_shot + centre])
            best_any.append(held[max(range(len(variants)), key=lambda i: pick[i])])
            print(f"  stroke {stroke}, {len(state.layout.discs)} pieces: the best shot pots"
                  f" {best_line[-1]:.2f} on its line, {best_any[-1]:.2f} with its variants", flush=True)
        c = cp.choose(state, noise, rng, params=params, **cp.budget(state))
        env.step(cp.action_of(c, params))
        state = env.unwrapped.state
    if not line:
        print("aim: no layout with a planned shot in the strokes played")
        return
    print(f"aim: planned shots pot {statistics.mean(line):.3f} on the planner's line, {statistics.mean(tuned):.3f}"
          f" at their best variant (held out), over {len(line)} shots; the best shot of a layout"
          f" {statistics.mean(best_line):.3f} against {statistics.mean(best_any):.3f}, over {len(best_line)} layouts")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("probe", choices=("break", "aim"))
    ap.add_argument("--noise", type=float, default=1.0, help="degrees of aim (default 1)")
    ap.add_argument("--physics", default=S.DEFAULT_PHYSICS, help=f"model or model file (default {S.DEFAULT_PHYSICS})")
    ap.add_argument("--seed", type=int, default=1000, help="aim: the board played (default 1000, a tuning board)")
    ap.add_argument("--strokes", type=int, default=14, help="aim: strokes of the board played (default 14)")
    ap.add_argument("--shots", type=int, default=10, help="aim: the planner's best shots tried a layout (default 10)")
    ap.add_argument("--copies", type=int, default=100, help="aim: copies of the hand in each set (default 100)")
    ap.add_argument("--step", type=float, default=0.01, help="break: metres between striker points (default 0.01)")
    ap.add_argument("--first", type=int, default=30, help="break: copies in the first look (default 30)")
    ap.add_argument("--fresh", type=int, default=300, help="break: fresh copies for the best (default 300)")
    ap.add_argument("--top", type=int, default=30, help="break: candidates judged again (default 30)")
    ap.add_argument("--picks", type=int, default=8, help="break: seeds of the player's own break (default 8)")
    opts = ap.parse_args()
    for name in ("strokes", "shots", "copies", "first", "fresh", "top", "picks"):
        if getattr(opts, name) < 1:
            ap.error(f"--{name}: one or more; got {getattr(opts, name)}")
    if not 0 < opts.step <= S.ALONG_MAX:
        ap.error(f"--step: between 0 and {S.ALONG_MAX:.3f} m; got {opts.step}")
    if opts.noise <= 0:
        ap.error(f"--noise: a probe of the hand needs some noise; got {opts.noise}")
    try:
        S.check_physics(opts.physics, None)
    except ValueError as e:
        ap.error(str(e))
    noise = math.radians(opts.noise) / AIM_SIGMA
    env = gym.make("carrom/ClearBoard-v0", noise=noise, physics=opts.physics)
    env.reset(seed=opts.seed)
    print(f"carrom clear-the-board probe: {opts.probe} at {opts.noise:g}°, physics {opts.physics}", flush=True)
    if opts.probe == "break":
        probe_break(env, noise, opts.step, opts.first, opts.fresh, opts.top, opts.picks)
    else:
        probe_aim(env, noise, opts.strokes, opts.shots, opts.copies, opts.seed)


if __name__ == "__main__":
    main()
