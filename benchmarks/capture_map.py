"""Draw the capture map of PocketModel.TIPPING (v2): captured or not, against the speed
at which a disc's centre enters the tipping circle and how far its path cuts into the
pocket (the pocket radius minus the path's distance from the pocket's centre).

Run: .venv/bin/python benchmarks/capture_map.py [--out docs/capture-map.png]

One panel per disc (carromman, striker), each the closed-form boundary of
``carrom.physics._engine.capture_speed`` drawn over a grid: below the curve the disc falls,
above it skims over the hole. A path that meets a cushion while the disc overhangs falls
at any speed (the corner); the map is for paths that leave the hole over the board.
"""

from __future__ import annotations

import argparse

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER  # noqa: E402
from carrom.physics import MODELS  # noqa: E402
from carrom.physics import _engine as E  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs/capture-map.png")
    args = ap.parse_args()
    params = MODELS["v2"]
    rp = STANDARD_BOARD.pocket_radius
    cuts = np.linspace(0.0, rp, 400)
    speeds = np.linspace(0.0, 1.0, 400)
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.2), sharey=True)
    for ax, (name, r, h) in zip(
        axes,
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
    fig.suptitle("Pocket capture (v2, tipping over the rim): 4.45 cm pocket; dotted: the centre of mass first overhangs")
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
