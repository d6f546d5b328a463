"""Events per stroke and the deepest overlap, for each physics model, over random shots.

Run: .venv/bin/python benchmarks/physics_events.py [--shots N] [--seed S]

Two families of shots, the same for every model: full and gentle strikes from a random
seat into the opening formation at a random rotation (any speed up to the top speed,
any aim within 70 degrees of straight), and strikes into random clusters of touching
coins (chains and clumps, where pushes and squeezes happen). Prints, per model and
family: the median, 99th percentile and largest number of events (``simulate_batch``,
all of them), and the deepest overlap between two discs at any event instant (measured
on every shot with ``simulate``). These are the figures docs/physics.md quotes.
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Disc, Layout, PieceKind, Seat, opening_formation
from carrom.physics import MODELS, Strike, simulate, simulate_batch

R = CARROMMAN.radius
H = STANDARD_BOARD.half


def strike_from(rng: np.random.Generator, layout: Layout, top: float) -> Strike | None:
    seat = list(Seat)[rng.integers(4)]
    along = rng.uniform(-0.2, 0.2)
    x, y = seat.to_board(along, -STANDARD_BOARD.baseline_axis_distance)
    if any(math.hypot(x - d.x, y - d.y) < R + STRIKER.radius for d in layout.discs):
        return None
    return Strike.from_seat(seat, along, rng.uniform(-1.2, 1.2), rng.uniform(0.3, top))


def cluster(rng: np.random.Generator) -> Layout:
    """Up to 12 coins, each touching an earlier one (a chain or a clump) or placed freely."""
    discs: list[Disc] = []
    cx, cy = rng.uniform(-0.2, 0.2, size=2)
    for _ in range(rng.integers(2, 13)):
        if discs and rng.random() < 0.8:
            base = discs[rng.integers(len(discs))]
            ang = rng.uniform(0, 2 * math.pi)
            x, y = base.x + 2 * R * math.cos(ang), base.y + 2 * R * math.sin(ang)
        else:
            x, y = cx + rng.uniform(-0.05, 0.05), cy + rng.uniform(-0.05, 0.05)
        if abs(x) > 0.25 or abs(y) > 0.25 or any(math.hypot(x - d.x, y - d.y) < 2 * R - 1e-12 for d in discs):
            continue
        discs.append(Disc(PieceKind.WHITE if rng.random() < 0.5 else PieceKind.BLACK, x, y))
    return Layout(tuple(discs))


def deepest_overlap(result) -> float:
    """The deepest overlap (metres, >= 0) between two discs at any event instant."""
    times = np.unique(result.event_floats[:, 0])
    if len(times) == 0:
        return 0.0
    pos, _vel, present = result.state_at(times)
    r = result.radii
    d = np.hypot(pos[:, :, None, 0] - pos[:, None, :, 0], pos[:, :, None, 1] - pos[:, None, :, 1])
    over = (r[:, None] + r[None, :])[None] - d
    both = present[:, :, None] & present[:, None, :]
    n = len(r)
    over[:, np.arange(n), np.arange(n)] = -np.inf
    over[~both] = -np.inf
    return max(float(np.nanmax(over)), 0.0)


def shots(family: str, n: int, seed: int) -> list[tuple[Layout, Strike]]:
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        layout = opening_formation(rng.uniform(-math.pi, math.pi)) if family == "formation" else cluster(rng)
        strike = strike_from(rng, layout, 6.5)
        if strike is not None:
            out.append((layout, strike))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shots", type=int, default=2000, help="shots per family (default 2000)")
    ap.add_argument("--seed", type=int, default=12)
    args = ap.parse_args()
    for family in ("formation", "cluster"):
        plays = shots(family, args.shots, args.seed)
        for name, params in MODELS.items():
            events = []
            worst = 0.0
            capped = 0
            for layout, strike in plays:
                batch = simulate_batch(layout, [strike], params, parallel=False)
                events.append(int(batch.n_events[0]))
                capped += int(batch.capped[0])
                worst = max(worst, deepest_overlap(simulate(layout, strike, params)))
            ev = np.array(events)
            print(
                f"{family:9s} {name}: {len(plays)} shots, events median {np.median(ev):.0f}, "
                f"p99 {np.percentile(ev, 99):.0f}, max {ev.max()}, capped {capped}; deepest overlap {worst:.2g} m"
            )


if __name__ == "__main__":
    main()
