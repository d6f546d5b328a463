"""What physics model v5 (issue 40: pockets decided by mechanics) changes, measured against v4 on the
same shots. Run: .venv/bin/python benchmarks/physics_v5.py [--breaks N] [--fuzz N] [--seed S]

Prints (docs/physics.md, "v5" quotes them):
- strong breaks (the aims of benchmarks/physics.py: 6.5 m/s from the south baseline, +-5 cm along
  it, +-4 degrees): coins pocketed per break (mean +- standard error), the paired difference v5 - v4
  over the same breaks, the share of breaks that pocket one or more, the striker pocketed;
- fuzzed strokes (random layouts of 1-19 coins, half of them touching another, a striker from a
  random seat's baseline at 0.5-6.5 m/s in a random direction into the board): pots per stroke;
  how many pots fell at rest (the disc stopped, then dropped: on v4 any centre inside the pocket's
  circle, on v5 only a centre of mass past the rim) and how many of those had their centre outside
  the tipping circle (on the lip: issue 40, 1); discs left resting on a lip; the deepest overlap of
  two discs during the motion (every event and 240 frames a second) and at rest (issue 40, 4).
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Disc, Layout, PieceKind, Seat, opening_formation
from carrom.physics import MODELS, EventKind, Strike, simulate

H = STANDARD_BOARD.half
R, RS = CARROMMAN.radius, STRIKER.radius
RP = STANDARD_BOARD.pocket_radius
POCKETS = STANDARD_BOARD.pocket_centres()
KINDS = (PieceKind.WHITE, PieceKind.BLACK, PieceKind.QUEEN)


def break_strikes(n: int, seed: int = 2024) -> list[Strike]:
    """The aims of benchmarks/physics.py (and physics_v4.py)."""
    rng = np.random.default_rng(seed)
    return [Strike.from_seat(Seat.SOUTH, rng.uniform(-0.05, 0.05), math.radians(rng.uniform(-4.0, 4.0)), 6.5)
            for _ in range(n)]


def fits(x: float, y: float, r: float, discs) -> bool:
    if abs(x) > H - r or abs(y) > H - r:
        return False
    if any(math.hypot(x - cx, y - cy) < RP for cx, cy in POCKETS):
        return False
    return all(math.hypot(x - d.x, y - d.y) >= d.radius + r - 1e-12 for d in discs)


def fuzz_shot(rng: np.random.Generator) -> tuple[Layout, Strike] | None:
    discs: list[Disc] = []
    for _ in range(int(rng.integers(1, 20))):
        if discs and rng.random() < 0.5:
            d = discs[int(rng.integers(0, len(discs)))]
            a = rng.uniform(0, 2 * math.pi)
            x, y = d.x + 2 * R * math.cos(a), d.y + 2 * R * math.sin(a)
        else:
            x, y = rng.uniform(-(H - R), H - R, size=2)
        if fits(float(x), float(y), R, discs):
            discs.append(Disc(KINDS[int(rng.integers(0, 3))], float(x), float(y)))
    seat = list(Seat)[int(rng.integers(0, 4))]
    x, y = seat.to_board(rng.uniform(-0.2, 0.2), -STANDARD_BOARD.baseline_axis_distance)
    if not fits(x, y, RS, discs):
        return None
    into = math.atan2(-y, -x)  # roughly into the board, +-80 degrees
    return Layout(tuple(discs)), Strike(x, y, into + math.radians(rng.uniform(-80, 80)), float(rng.uniform(0.5, 6.5)))


def deepest_overlaps(result, fps: float = 240.0) -> tuple[float, float]:
    """(deepest overlap of two discs during the motion, at every event and frame; and at rest), metres."""
    times = np.unique(np.concatenate([result.event_floats[:, 0], result.sample(fps).times]))
    pos, _vel, present = result.state_at(times)
    r = result.radii
    moving, rest = 0.0, 0.0
    n = result.n_bodies
    final = result.final_positions
    for b in range(n):
        for c in range(b + 1, n):
            m = present[:, b] & present[:, c]
            if m.any():
                d = (r[b] + r[c]) - np.hypot(*(pos[m, b] - pos[m, c]).T)
                moving = max(moving, float(d.max()))
            if result.on_board[b] and result.on_board[c]:
                rest = max(rest, (r[b] + r[c]) - math.dist(final[b], final[c]))
    return moving, rest


def pots_at_rest(result) -> list[tuple[int, float]]:
    """For every disc that fell after coming to rest (logged pocketed with no speed): (the disc, its
    centre's distance from that pocket's centre)."""
    return [(e.bodies[0], math.dist(e.positions[0], POCKETS[e.pocket])) for e in result.events
            if e.kind is EventKind.POCKETED and math.hypot(*e.velocities[0]) == 0.0]


def on_the_lip(result) -> int:
    return sum(1 for b in range(result.n_bodies) if result.on_board[b]
               and min(math.dist(result.final_positions[b], c) for c in POCKETS) < RP)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--breaks", type=int, default=400)
    ap.add_argument("--fuzz", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--models", nargs="*", default=["v4", "v5"], help="for the fuzz (the breaks compare v4 and v5)")
    args = ap.parse_args()
    print("fingerprints:", {name: MODELS[name].fingerprint for name in ("v4", "v5")})
    t0 = time.perf_counter()
    if args.breaks:
        breaks(args.breaks)
    fuzz(args.fuzz, args.seed, {name: MODELS[name] for name in args.models})
    print(f"\n({time.perf_counter() - t0:.0f} s)")


def breaks(n: int) -> None:
    models = {name: MODELS[name] for name in ("v4", "v5")}
    layout = opening_formation()
    nc = len(layout)
    strikes = break_strikes(n)
    print()
    coins, striker = {}, {}
    for name, p in models.items():
        results = [simulate(layout, s, p) for s in strikes]
        coins[name] = np.array([int((~r.on_board[:nc]).sum()) for r in results])
        striker[name] = float(np.mean([not r.on_board[nc] for r in results]))
        deepest = [deepest_overlaps(r)[0] for r in results]
        print(f"  {name}: deepest overlap during the motion of a break {max(deepest) * 1e6:.2f} um"
              f" ({sum(d > 1e-6 for d in deepest)} of {n} breaks past 1 um)")
    print(f"{n} strong breaks:")
    for name, c in coins.items():
        print(f"  {name}: {c.mean():.3f} +- {c.std(ddof=1) / math.sqrt(len(c)):.3f} coins a break, "
              f"{(c > 0).mean():.1%} with one or more, striker pocketed {striker[name]:.1%}")
    diff = coins["v5"] - coins["v4"]
    print(f"  v5 - v4, paired: {diff.mean():+.3f} +- {diff.std(ddof=1) / math.sqrt(len(diff)):.3f}; "
          f"breaks that differ {np.mean(diff != 0):.1%}")



def fuzz(n: int, seed: int, models: dict) -> None:
    rng = np.random.default_rng(seed)
    shots = [s for s in (fuzz_shot(rng) for _ in range(n)) if s is not None]
    print(f"\n{len(shots)} fuzzed strokes (seed {seed}):")
    rts = {"coin": math.sqrt(RP * RP - R * R), "striker": math.sqrt(RP * RP - RS * RS)}
    for name, p in models.items():
        pots = rest_pots = lip_pots = lip_rests = 0
        worst_moving, worst_rest, over_um = 0.0, 0.0, 0
        for lay, strike in shots:
            res = simulate(lay, strike, p)
            pots += len(res.pocketed)
            for b, d in pots_at_rest(res):
                rest_pots += 1
                lip_pots += d >= rts["striker" if b == res.striker_index else "coin"]
            lip_rests += on_the_lip(res)
            mv, rs = deepest_overlaps(res)
            worst_moving, worst_rest = max(worst_moving, mv), max(worst_rest, rs)
            over_um += mv > 1e-6
        print(f"  {name}: {pots / len(shots):.3f} pots a stroke; {rest_pots} pots fell at rest, {lip_pots} of them"
              f" with the centre of mass over the board (on the lip); {lip_rests} discs left resting on a lip;"
              f" deepest overlap moving {worst_moving * 1e6:.2f} um ({over_um} strokes past 1 um), at rest"
              f" {worst_rest * 1e6:.2f} um")


if __name__ == "__main__":
    main()
