"""Draw the capture map of PocketModel.TIPPING (v2) and of v4's jaws: captured or not, against
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
before it: it falls, rattles out of the jaw, or misses the hole.
"""

from __future__ import annotations

import argparse

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import math  # noqa: E402

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Disc, Layout, PieceKind  # noqa: E402
from carrom.physics import MODELS, Strike, simulate  # noqa: E402
from carrom.physics import _engine as E  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="capture-map.png")
    args = ap.parse_args()
    params = MODELS["v2"]
    rp = STANDARD_BOARD.pocket_radius
    cuts = np.linspace(0.0, rp, 400)
    speeds = np.linspace(0.0, 1.0, 400)
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.4))
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
    fig.suptitle("Pocket capture: tipping over the rim (v2-v4, 4.45 cm pocket; dotted: the centre of mass first"
                 " overhangs) and v4's jaws")
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


def jaw_panel(ax) -> None:
    """v4: a carromman into the south cushion by the south-west pocket, simulated."""
    params = MODELS["v4"]
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
    ax.set_title("v4 with jaws: a carromman at the pocket's edge")
    ax.set_xlabel("meets the cushion line, east of the pocket centre (mm)")
    ax.set_ylabel("speed 10 cm before the cushion (m/s)")
    ax.text(1, 5.8, "rattles out", color="black", fontsize=11)
    ax.text(1, 0.5, "falls", color="white", fontsize=11)
    ax.text(offsets[-1] * 1000 - 8, 3.0, "misses the\nhole (or\nstops short)", color="black", fontsize=10)


if __name__ == "__main__":
    main()
