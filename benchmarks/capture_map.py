"""Draw the capture map of PocketModel.TIPPING (v2), of v4's jaws and of v5's mechanical pocket: captured or not, against
the speed at which a disc's centre enters the tipping circle and how far its path cuts into
the pocket (the pocket radius minus the path's distance from the pocket's centre); and, for
v4, a coin striking the pocket's edge: falls or rattles out, against its speed and where it
meets the cushion.

Run: .venv/bin/python benchmarks/capture_map.py [--out capture-map.png]  (scripts/figures: docs/capture-map.png)

One panel per disc (carromman, striker), each the closed-form boundary of
``carrom.physics._engine.capture_speed`` drawn over a grid: below the curve the disc falls,
above it skims over the hole. A path that meets a cushion while the disc overhangs falls
at any speed without jaws (v2, v3); the first two panels are for paths that leave the hole
over the board. The third panel simulates v4 (jaws on, issue 20): a carromman sent at 100
degrees below the x axis (10 degrees off square) into the south cushion, its centre meeting
the cushion's line at an offset east of the south-west pocket's centre, at a speed 10 cm
before it: it falls, rattles out of the jaw, or misses the hole. The fourth panel is the same
under v5 (issue 40: the overhang followed off the corner's cushions, no rule by which cushion
was met); the fifth, for v4 and v5, the fastest speed at which a coin entering the tipping
circle on a line into the corner drops there, against the line's offset from the pocket's
centre, one curve per angle (v4's plateaus at the top speed are its second-cushion rule).

``--numbers`` prints the capture map's figures instead of drawing (no matplotlib needed): for v4
and v5, the lines of the map (7 angles from due west to due south, offsets at 0.5 mm steps), how
many are not monotone in speed, the largest jump of the threshold between neighbouring lines, how
many drop at every speed up to 6.5 m/s, and the threshold of a coin sliding along the cushion
into the corner at 0 to 10 um from it (issue 40, 3).
"""

from __future__ import annotations

import argparse

import math

import numpy as np

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Disc, Layout, PieceKind
from carrom.physics import MODELS, Strike, simulate
from carrom.physics import _engine as E

H = STANDARD_BOARD.half
RP = STANDARD_BOARD.pocket_radius
PC = STANDARD_BOARD.pocket_centre_offset
SW = (-PC, -PC)
RT = math.sqrt(RP * RP - CARROMMAN.radius ** 2)
ANGLES = (180.0, 195.0, 210.0, 225.0, 240.0, 255.0, 270.0)


def first_overhang_falls(model: str, x: float, y: float, vx: float, vy: float) -> bool:
    """A lone coin sent from (x, y): does it fall where its centre first enters a tipping circle
    (logged pocketed there, before any other event of its own)?"""
    r, m = CARROMMAN.radius, CARROMMAN.mass.value
    prm = MODELS[model].vector(H, RP, PC)
    _ef, ei, n, *_rest = E.run(np.array([x]), np.array([y]), np.array([vx]), np.array([vy]), np.array([r]),
                               np.array([m]), np.zeros(1, dtype=np.int64), prm, -1, True)
    return n > 0 and ei[0, E.EI_KIND] == E.POCKETED


def on_line(degrees: float, b: float):
    """Start (half a millimetre before the tipping circle) and direction of a line along ``degrees``
    passing ``b`` from the south-west pocket's centre; None if the start is off the board."""
    t = math.radians(degrees)
    ux, uy = math.cos(t), math.sin(t)
    back = math.sqrt(RT * RT - b * b) + 5e-4
    x, y = SW[0] - b * uy - back * ux, SW[1] + b * ux - back * uy
    lim = H - CARROMMAN.radius
    return (x, y, ux, uy) if abs(x) < lim and abs(y) < lim else None


def threshold(falls, lo: float = 0.1, hi: float = 6.5, steps: int = 14) -> float:
    """The fastest speed in [lo, hi] that ``falls``, by bisection (hi: at every speed; lo: at none)."""
    if falls(hi):
        return hi
    if not falls(lo):
        return lo
    for _ in range(steps):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if falls(mid) else (lo, mid)
    return lo


def map_thresholds(model: str):
    """{angle: (offsets, thresholds)} over the map's lines."""
    out = {}
    for degrees in ANGLES:
        offs, tops = [], []
        for b in np.arange(-0.0145, 0.01451, 0.0005):
            line = on_line(degrees, float(b))
            if line is None:
                continue
            x, y, ux, uy = line
            offs.append(float(b))
            tops.append(threshold(lambda v: first_overhang_falls(model, x, y, v * ux, v * uy)))
        out[degrees] = (np.array(offs), np.array(tops))
    return out


def numbers() -> None:
    speeds = np.linspace(0.05, 6.5, 44)
    for model in ("v4", "v5"):
        maps = map_thresholds(model)
        n_lines = sum(len(o) for o, _t in maps.values())
        jump = max(float(np.max(np.abs(np.diff(t)))) for _o, t in maps.values())
        always = sum(int(np.sum(t >= 6.5)) for _o, t in maps.values())
        nonmono = 0
        for degrees in ANGLES:
            for b in np.arange(-0.0145, 0.01451, 0.002):
                line = on_line(degrees, float(b))
                if line is None:
                    continue
                x, y, ux, uy = line
                out = [first_overhang_falls(model, x, y, v * ux, v * uy) for v in speeds]
                switches = sum(1 for p, q in zip(out, out[1:]) if p != q)
                nonmono += not (switches == 0 or (switches == 1 and out[0]))
        print(f"{model}: {n_lines} lines; {nonmono} not monotone in speed (of those at 2 mm steps);"
              f" largest jump between lines 0.5 mm apart {jump:.3f} m/s; {always} drop at every speed")
        for degrees, (o, t) in maps.items():
            print(f"  {degrees:5.0f} deg: " + " ".join(f"{v:4.2f}" for v in t[::2]))
        cushion = []
        for delta in (0.0, 0.5e-6, 1e-6, 1.1e-6, 2e-6, 1e-5):
            y = -(H - CARROMMAN.radius) + delta
            x = SW[0] + math.sqrt(RT * RT - (y - SW[1]) ** 2) + 0.002
            cushion.append(threshold(lambda v: falls_here(model, x, y, -v), steps=24))
        print("  along the south cushion, 0 / 0.5 / 1 / 1.1 / 2 / 10 um off it: fastest that drops "
              + " / ".join(f"{v:.4f}" for v in cushion) + " m/s")


def falls_here(model: str, x: float, y: float, vx: float) -> bool:
    """A coin sliding along x: does it fall into the south-west pocket before it is 5 cm from it?"""
    r, m = CARROMMAN.radius, CARROMMAN.mass.value
    prm = MODELS[model].vector(H, RP, PC)
    ef, ei, n, *_rest = E.run(np.array([x]), np.array([y]), np.array([vx]), np.array([0.0]), np.array([r]),
                              np.array([m]), np.zeros(1, dtype=np.int64), prm, -1, True)
    for k in range(n):
        if math.dist((ef[k, E.EF_XI], ef[k, E.EF_YI]), SW) > 0.05:
            return False
        if ei[k, E.EI_KIND] == E.POCKETED:
            return int(ei[k, E.EI_AUX]) == 0
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="capture-map.png")
    ap.add_argument("--numbers", action="store_true", help="print the map's figures instead of drawing it")
    args = ap.parse_args()
    if args.numbers:
        numbers()
        return
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    params = MODELS["v2"]
    rp = STANDARD_BOARD.pocket_radius
    cuts = np.linspace(0.0, rp, 400)
    speeds = np.linspace(0.0, 1.0, 400)
    fig, axes = plt.subplots(1, 5, figsize=(25, 4.4))
    for ax, (name, r, h) in zip(
        axes[:2],
        [("carromman (3.18 cm, 8 mm)", CARROMMAN.radius, params.coin_thickness),
         ("striker (4.13 cm, 8 mm)", STRIKER.radius, params.striker_thickness)],
    ):
        v_c = np.array([E.capture_speed(rp - c, r, h, rp, params.g) for c in cuts])
        captured = speeds[:, None] <= v_c[None, :]
        ax.contourf(cuts * 1000, speeds, captured, levels=[-0.5, 0.5, 1.5], colors=["#d8e8f5", "#2b5d8a"])
        ax.plot(cuts * 1000, v_c, color="black", lw=1.2)
        ax.axvline((rp - np.sqrt(rp * rp - r * r)) * 1000, color="grey", ls=":", lw=1)
        ax.set_title(name)
        ax.set_xlabel("cut (mm) = pocket radius - distance of the path from its centre")
        ax.text(0.5, 0.9, "skims over", color="#2b5d8a", fontsize=11)
        ax.text(rp * 1000 - 7, 0.05, "falls", color="white", fontsize=11)
    axes[0].set_ylabel("speed entering the tipping circle (m/s)")
    axes[1].sharey(axes[0])
    jaw_panel(axes[2])
    jaw_panel(axes[3], "v5")
    threshold_panel(axes[4])
    fig.suptitle("Pocket capture: tipping over the rim (v2-v4, 4.45 cm pocket; dotted: the centre of mass first"
                 " overhangs), v4's jaws and v5's mechanical pocket")
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


def threshold_panel(ax) -> None:
    """v4 and v5: the fastest speed that drops a coin entering on a line into the corner."""
    for model, style in (("v4", ":"), ("v5", "-")):
        for k, (degrees, (o, t)) in enumerate(map_thresholds(model).items()):
            ax.plot(o * 1000, t, style, color=f"C{k}", lw=1.2, label=f"{degrees:.0f} deg" if model == "v5" else None)
    ax.set_title("fastest that drops, per line (v5 solid, v4 dotted)")
    ax.set_xlabel("line's offset from the pocket centre (mm)")
    ax.set_ylabel("speed entering the tipping circle (m/s)")
    ax.legend(fontsize=7)


def jaw_panel(ax, model: str = "v4") -> None:
    """A carromman into the south cushion by the south-west pocket, simulated (v4 or v5)."""
    params = MODELS[model]
    half, r, rs, rp = STANDARD_BOARD.half, CARROMMAN.radius, STRIKER.radius, STANDARD_BOARD.pocket_radius
    pc = STANDARD_BOARD.pocket_centre_offset
    a = math.radians(-100.0)
    ux, uy = math.cos(a), math.sin(a)
    offsets = np.linspace(0.0, 0.024, 49)
    speeds = np.linspace(0.25, 6.5, 51)
    outcome = np.zeros((len(speeds), len(offsets)))  # 0 misses the hole, 1 rattles out, 2 falls
    for j, off in enumerate(offsets):
        x0, y0 = -pc + off - ux * 0.1, -(half - r) - uy * 0.1
        layout = Layout((Disc(PieceKind.BLACK, x0, y0),))
        gap = r + rs + 1e-4
        for i, v in enumerate(speeds):
            res = simulate(layout, Strike(x0 - ux * gap, y0 - uy * gap, math.atan2(uy, ux), v), params)
            over = any(e.kind.value == "cushion" and e.bodies == (0,) and
                       math.dist(e.positions[0], (-pc, -pc)) < math.sqrt(rp * rp - r * r) for e in res.events)
            outcome[i, j] = 2 if not res.on_board[0] else (1 if over else 0)
    from matplotlib.colors import ListedColormap

    # categories, not a field: drawn cell by cell (contours would invent a band between two of them)
    ax.pcolormesh(offsets * 1000, speeds, outcome, shading="nearest", vmin=0, vmax=2,
                  cmap=ListedColormap(["#eeeeee", "#e8b04a", "#2b5d8a"]))
    ax.set_title(f"{model}: a carromman at the pocket's edge")
    ax.set_xlabel("meets the cushion line, east of the pocket centre (mm)")
    ax.set_ylabel("speed 10 cm before the cushion (m/s)")
    ax.text(1, 5.8, "rattles out", color="black", fontsize=11)
    ax.text(1, 0.5, "falls", color="white", fontsize=11)
    ax.text(offsets[-1] * 1000 - 8, 3.0, "misses the\nhole (or\nstops short)", color="black", fontsize=10)


if __name__ == "__main__":
    main()
