"""What impact friction and spin change (v3 against v2). Run:
.venv/bin/python benchmarks/physics_friction.py [--breaks 2000] [--out throw.png]

Prints:
- the throw table: the object disc's departure from the line of centres against the cut
  angle, from the engine (a striker cutting a coin at rest) beside the closed form;
- the standard break (a full-speed striker from the south baseline into the opening
  formation, the aims of benchmarks/physics.py) under v2, v2 with impact friction only
  (restitution unchanged), v3 (impact friction and the measured coin restitution 0.93), and
  v3 with half and one and a half times its impact friction (the sensitivity):
  coins pocketed per break (mean, share with at least one), the striker pocketed, events
  per break (median, p99, max) and the break's duration (mean, max).
Draws the throw against the cut (closed forms for striker on coin and coin on coin, and the
engine's points) into ``--out``.
"""

from __future__ import annotations

import argparse
import dataclasses
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from carrom.equipment import CARROMMAN, STRIKER, Disc, Layout, PieceKind, Seat, opening_formation  # noqa: E402
from carrom.physics import MODELS, Strike, simulate  # noqa: E402

V2, V3 = MODELS["v2"], MODELS["v3"]


def throw_closed_form(cut: float, e: float, mu: float) -> float:
    """tan(throw) = tan(cut) / (3 (1 + e)) while the discs stick, mu once they slide."""
    return math.atan(min(math.tan(cut) / (3.0 * (1.0 + e)), mu))


def engine_throw(cut_degrees: float, params=V3) -> float:
    """The throw (degrees) the engine gives a coin at rest cut by the striker at 2 m/s."""
    offset = (CARROMMAN.radius + STRIKER.radius) * math.sin(math.radians(cut_degrees))
    result = simulate(Layout((Disc(PieceKind.WHITE, offset, 0.0),)), Strike(0.0, -0.3, math.pi / 2, 2.0), params)
    contact = result.events[0]
    (cx, cy), (sx, sy) = contact.positions
    n = np.array([cx - sx, cy - sy]) / math.hypot(cx - sx, cy - sy)
    v = np.array(contact.velocities[0])
    return math.degrees(math.atan2(n[0] * v[1] - n[1] * v[0], n @ v))


def break_statistics(params, strikes) -> dict:
    layout = opening_formation()
    coins, striker, events, duration = [], [], [], []
    for s in strikes:
        r = simulate(layout, s, params)
        coins.append(len(r.coins_pocketed))
        striker.append(r.striker_pocketed)
        events.append(r.n_events)
        duration.append(r.duration)
    coins, events, duration = np.array(coins), np.array(events), np.array(duration)
    return dict(
        coins=coins.mean(), coins_se=coins.std(ddof=1) / math.sqrt(len(coins)), any=(coins > 0).mean(), striker=np.mean(striker),
        ev_median=np.median(events), ev_p99=np.percentile(events, 99), ev_max=events.max(),
        dur_mean=duration.mean(), dur_max=duration.max(),
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--breaks", type=int, default=2000)
    ap.add_argument("--out", default="throw.png")
    args = ap.parse_args()
    mu = V3.impact_friction
    e_sc, e_cc = V3.restitution_striker_coin, V3.restitution_coin_coin

    print(f"throw against cut (v3: impact friction {mu}, striker-coin restitution {e_sc})")
    print("cut (deg)   engine (deg)   closed form (deg)")
    cuts = [0, 5, 10, 15, 20, 25, 30, 33.66, 40, 50, 60, 70, 80, 85]
    measured = []
    for c in cuts:
        t = engine_throw(c)
        measured.append(t)
        print(f"{c:9.2f}   {t:12.6f}   {math.degrees(throw_closed_form(math.radians(c), e_sc, mu)):17.6f}")

    grid = np.linspace(0.0, 89.0, 400)
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for e, label, colour in ((e_sc, f"striker on coin (e = {e_sc})", "#2b5d8a"), (e_cc, f"coin on coin (e = {e_cc})", "#c0504d")):
        ax.plot(grid, [math.degrees(throw_closed_form(math.radians(c), e, mu)) for c in grid], color=colour, label=label)
        ax.axvline(math.degrees(math.atan(3 * mu * (1 + e))), color=colour, ls=":", lw=1)
    ax.plot(cuts, measured, "o", color="black", ms=4, label="engine (striker on coin)")
    ax.axhline(0.0, color="grey", lw=1, label="v2 (frictionless): none")
    ax.set_xlabel("cut angle (degrees between the path and the line of centres)")
    ax.set_ylabel("throw (degrees off the line of centres)")
    ax.set_title(f"Cut-induced throw, impact friction {mu}: sticking, then sliding at atan({mu})")
    ax.legend(loc="lower right", fontsize=9)
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")

    rng = np.random.default_rng(2024)
    strikes = [
        Strike.from_seat(Seat.SOUTH, rng.uniform(-0.05, 0.05), math.radians(rng.uniform(-4.0, 4.0)), V3.max_speed)
        for _ in range(args.breaks)
    ]
    friction_only = dataclasses.replace(V3, restitution_coin_coin=V2.restitution_coin_coin)
    print(f"\nthe standard break, {args.breaks} aims (+-4 degrees, +-5 cm), full speed")
    print("model                         coins/break (+-se)  >=1 coin  striker in  events med/p99/max  duration mean/max (s)")
    rows = [("v2", V2), ("v2 + impact friction", friction_only), ("v3", V3)]
    rows += [(f"v3, impact friction {mu}", dataclasses.replace(V3, impact_friction=mu)) for mu in (0.06, 0.18)]
    for name, params in rows:
        s = break_statistics(params, strikes)
        print(f"{name:28s}  {s['coins']:.3f} (+-{s['coins_se']:.3f})      {100 * s['any']:5.1f} %   {100 * s['striker']:5.1f} %"
              f"    {s['ev_median']:.0f} / {s['ev_p99']:.0f} / {s['ev_max']}        {s['dur_mean']:.2f} / {s['dur_max']:.2f}")


if __name__ == "__main__":
    main()
