"""What physics model v4 changes, measured. Run: .venv/bin/python benchmarks/physics_v4.py [--breaks N] [--no-plot]

Prints (docs/physics.md, "v4" quotes them):
- the throw curve: the angle between the object coin's path and the line of centres when
  the striker cuts a resting coin, against the cut angle, at 0.5, 1, 2, 4 and 6 m/s, under
  v3 (the same at every speed) and v4 (falling with the sliding speed at the contact); and
  draws it into --plot (default ./throw-v4.png; scripts/figures makes docs/img/throw-v4.png);
- break liveliness: over N strong breaks (the aims of benchmarks/physics.py: 6.5 m/s from
  the south baseline, +-5 cm along it, +-4 degrees) the coins pocketed per break, the share
  of breaks that pocket at least one, the share of the coins that reach a cushion (or a
  pocket), and what the dead straight break pockets; for v1, v3, v4 on each board speed,
  and v4 across the range of board friction the law allows;
- symmetry: of the same breaks, how many end mirrored (and rotated by 90 degrees) within
  1e-6 m, under v2, v3 and v4.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
from pathlib import Path

import numpy as np

from carrom.equipment import CARROMMAN, STRIKER, Disc, Layout, PieceKind, Seat, opening_formation
from carrom.physics import BOARD_SPEEDS, MODELS, EventKind, PhysicsParams, Strike, simulate
from carrom.physics import _engine as E

R, RS = CARROMMAN.radius, STRIKER.radius
SPEEDS = (0.5, 1.0, 2.0, 4.0, 6.0)
CUTS = (5, 10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 85)


def throw(cut_degrees: float, speed: float, params: PhysicsParams) -> float:
    """Degrees between the object coin's path and the line of centres: the striker, sent
    north at ``speed``, meets a resting coin 0.1 mm later at the cut angle ``cut_degrees``."""
    c = math.radians(cut_degrees)
    layout = Layout((Disc(PieceKind.WHITE, (R + RS) * math.sin(c), 0.0),))
    result = simulate(layout, Strike(0.0, -(R + RS) * math.cos(c) - 1e-4, math.pi / 2, speed), params)
    ev = next(e for e in result.events if e.kind is EventKind.CONTACT)
    (cx, cy), (sx, sy) = ev.positions
    n = np.array([cx - sx, cy - sy]) / math.hypot(cx - sx, cy - sy)
    v = np.array(ev.velocities[0])
    return math.degrees(math.atan2(n[0] * v[1] - n[1] * v[0], n @ v))


def break_strikes(n: int, seed: int = 2024) -> list[Strike]:
    """The aims of benchmarks/physics.py."""
    rng = np.random.default_rng(seed)
    return [Strike.from_seat(Seat.SOUTH, rng.uniform(-0.05, 0.05), math.radians(rng.uniform(-4.0, 4.0)), 6.5) for _ in range(n)]


def liveliness(params: PhysicsParams, strikes: list[Strike]) -> tuple[float, float, float, int]:
    """(coins per break, share of breaks with one or more, share of coins that reach a
    cushion or a pocket, coins the dead straight break pockets)."""
    layout = opening_formation()
    nc = len(layout)
    pocketed, reached = [], []
    for s in strikes:
        r = simulate(layout, s, params)
        gone = set(np.nonzero(~r.on_board[:nc])[0].tolist())
        ei = r.event_ints
        cushioned = {b for b in ei[ei[:, 0] == E.CUSHION, 1].tolist() if b < nc}
        pocketed.append(len(gone))
        reached.append(len(gone | cushioned))
    straight = simulate(layout, Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 6.5), params)
    p = np.array(pocketed)
    return float(p.mean()), float((p > 0).mean()), float(np.mean(reached)) / nc, int((~straight.on_board[:nc]).sum())


MIRROR = ({0: 1, 1: 0, 2: 3, 3: 2}, lambda x, y: (-x, y), lambda d: math.pi - d)
ROTATE = ({0: 1, 1: 2, 2: 3, 3: 0}, lambda x, y: (-y, x), lambda d: d + math.pi / 2)


def transform_error(layout: Layout, strike: Strike, params: PhysicsParams, how) -> float:
    """The largest distance (m) between the transformed outcome and the outcome of the
    transformed shot; inf if a disc falls in one and not the other, or in another pocket."""
    pockets, f, turn = how
    a = simulate(layout, strike, params)
    b = simulate(Layout(tuple(Disc(d.kind, *f(d.x, d.y)) for d in layout.discs)), Strike(*f(strike.x, strike.y), turn(strike.direction), strike.speed), params)
    worst = 0.0
    for k in range(a.n_bodies):
        if a.on_board[k] != b.on_board[k]:
            return math.inf
        if a.on_board[k]:
            x, y = f(*a.final_positions[k])
            worst = max(worst, abs(x - b.final_positions[k, 0]), abs(y - b.final_positions[k, 1]))
        elif pockets[int(a.pocket_of[k])] != int(b.pocket_of[k]):
            return math.inf
    return worst


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--breaks", type=int, default=200)
    ap.add_argument("--no-plot", action="store_true")
    ap.add_argument("--plot", type=Path, default=Path("throw-v4.png"), help="where the throw curve goes")
    args = ap.parse_args()

    print("throw (degrees) against the cut angle, striker on a resting coin")
    print("model  speed   " + " ".join(f"{c:>5}" for c in CUTS))
    curves = {}
    for model in ("v3", "v4"):
        for v in SPEEDS:
            curves[model, v] = [throw(c, v, MODELS[model]) for c in CUTS]
            print(f"{model:5}  {v:3.1f} m/s " + " ".join(f"{t:5.2f}" for t in curves[model, v]))
    a, b, c = MODELS["v4"].disc_friction
    print(f"v4 disc-on-disc friction mu(v) = {a} + {b} exp(-{c} v): " + ", ".join(f"{MODELS['v4'].disc_mu(v):.4f} at {v} m/s" for v in (0.0, *SPEEDS)))

    strikes = break_strikes(args.breaks)
    print(f"\nbreak liveliness over {args.breaks} strong breaks (6.5 m/s, the aims of benchmarks/physics.py)")
    print("params                           coins/break  share>=1  coins reaching a cushion  straight break")
    rows = [("v1", MODELS["v1"]), ("v3", MODELS["v3"]), ("v4 (medium)", MODELS["v4"])]
    rows += [(name, p) for name, p in BOARD_SPEEDS.items()]
    rows += [(f"v4, mu {mu}", dataclasses.replace(MODELS["v4"], mu=mu)) for mu in (0.07, 0.085, 0.10, 0.12, 0.15)]
    rows += [("v4, mu 0.1, cushion 0.8", dataclasses.replace(MODELS["v4"], restitution_cushion=0.8))]
    rows += [("v4 (medium) without jaws", dataclasses.replace(MODELS["v4"], pocket_jaws=False))]
    rows += [("v4-fast without jaws", dataclasses.replace(BOARD_SPEEDS["v4-fast"], pocket_jaws=False))]
    rows += [("v3 + symmetric pack only", dataclasses.replace(MODELS["v3"], pack_friction="symmetric"))]
    for name, p in rows:
        per, share, reach, straight = liveliness(p, strikes)
        print(f"{name:32} {per:11.2f}  {share:8.0%}  {reach:24.0%}  {straight:14d}")

    print("\nsymmetry: breaks whose mirrored / 90-degree-rotated shot ends so within 1e-6 m")
    layout = opening_formation()
    for model in ("v2", "v3", "v4"):
        for label, how in (("mirror", MIRROR), ("rotate", ROTATE)):
            errors = [transform_error(layout, s, MODELS[model], how) for s in strikes]
            ok = sum(e <= 1e-6 for e in errors)
            print(f"{model} {label}: {ok} of {len(errors)}; worst {max(errors):.3g} m")

    if not args.no_plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
        for v in SPEEDS:
            ax.plot(CUTS, curves["v4", v], marker="o", ms=3, label=f"v4, {v:g} m/s")
        ax.plot(CUTS, curves["v3", 2.0], "k--", label="v3, any speed")
        ax.set_xlabel("cut angle (degrees)")
        ax.set_ylabel("throw of the object coin (degrees)")
        ax.set_title("Cut-induced throw, striker on a resting coin")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(args.plot)
        print(f"\nwrote {args.plot}")


if __name__ == "__main__":
    main()
