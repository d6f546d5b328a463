"""The golden shots: a fixed set of strokes per physics model whose outcome (final
positions, pockets, the whole event log) must never drift, bit for bit. Speed work on the
kernel and the Python layer is checked against them (test_physics_golden.py).

``python tests/physics/golden_shots.py`` writes data/golden_shots.json from the engine as
it is: run it only when a change of the physics is meant (and say so in the commit).
``python tests/physics/golden_shots.py --add MODEL`` adds a new model's outcomes to the
stored shots and leaves every other model's as it is (any name ``physics_model`` knows: v4's
board speeds ``v4-slow`` and ``v4-fast`` were added so, issue 41).
The inputs are stored with the outputs, so the file, not this generator, is the reference.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from pathlib import Path

import numpy as np

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Disc, Layout, PieceKind, Seat, opening_formation
from carrom.physics import MODELS, EventCapExceeded, ShotResult, Strike, physics_model, simulate

DATA = Path(__file__).parent / "data" / "golden_shots.json"
KINDS = (PieceKind.WHITE, PieceKind.BLACK, PieceKind.QUEEN)
H = STANDARD_BOARD.half
R = CARROMMAN.radius


def _fits(x, y, r, discs) -> bool:
    if abs(x) > H - r or abs(y) > H - r:
        return False
    if any(math.hypot(x - cx, y - cy) < STANDARD_BOARD.pocket_radius for cx, cy in STANDARD_BOARD.pocket_centres()):
        return False
    return all(math.hypot(x - d.x, y - d.y) >= R + r - 1e-12 for d in discs)


def _random_layout(rng: np.random.Generator) -> Layout:
    """Up to 19 coins, half of them touching an earlier one (chains and clusters)."""
    discs: list[Disc] = []
    for _ in range(int(rng.integers(1, 20))):
        kind = KINDS[int(rng.integers(0, 3))]
        if discs and rng.random() < 0.5:
            d = discs[int(rng.integers(0, len(discs)))]
            ang = rng.uniform(0, 2 * math.pi)
            x, y = d.x + 2 * R * math.cos(ang), d.y + 2 * R * math.sin(ang)
        else:
            x, y = rng.uniform(-(H - R), H - R, size=2)
        if _fits(x, y, R, discs):
            discs.append(Disc(kind, float(x), float(y)))
    return Layout(tuple(discs))


def _random_strike(rng: np.random.Generator, layout: Layout, max_speed: float) -> Strike | None:
    """From a random seat's baseline; half the time aimed to graze or hit a coin."""
    seat = list(Seat)[int(rng.integers(0, 4))]
    x, y = seat.to_board(rng.uniform(-0.2, 0.2), -STANDARD_BOARD.baseline_axis_distance)
    if not _fits(x, y, STRIKER.radius, layout.discs):
        return None
    speed = rng.uniform(0.05, max_speed)
    if rng.random() < 0.5:
        d = layout.discs[int(rng.integers(0, len(layout)))]
        dist = math.hypot(d.x - x, d.y - y)
        off = rng.uniform(-1.0, 1.0) * (R + STRIKER.radius)
        direction = math.atan2(d.y - y, d.x - x) + math.asin(max(-1.0, min(1.0, off / dist)))
    else:
        fx, fy = seat.forward
        direction = math.atan2(fy, fx) + rng.uniform(-1.4, 1.4)
    return Strike(float(x), float(y), float(direction), float(speed))


def inputs(seed: int = 12) -> list[tuple[str, Layout, Strike]]:
    """(name, layout, strike): eight breaks into the opening formation (straight, and
    aimed and placed off the middle) and 32 strokes into random layouts."""
    rng = np.random.default_rng(seed)
    max_speed = MODELS["v1"].max_speed
    out = [("break straight", opening_formation(), Strike.from_seat(Seat.SOUTH, 0.0, 0.0, max_speed))]
    for k in range(7):
        along, angle = rng.uniform(-0.05, 0.05), math.radians(rng.uniform(-4.0, 4.0))
        out.append((f"break {k}", opening_formation(), Strike.from_seat(Seat.SOUTH, along, angle, max_speed * rng.uniform(0.5, 1.0))))
    while len(out) < 40:
        layout = _random_layout(rng)
        strike = _random_strike(rng, layout, max_speed)
        if strike is not None:
            out.append((f"random {len(out) - 8}", layout, strike))
    return out


def _digest(a: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()


def _floats(a) -> list:
    """Floats as JSON keeps them exactly (repr round trip); NaN as None."""
    return [None if math.isnan(v) else v for v in np.asarray(a, dtype=float).ravel().tolist()]


def outcome(result: ShotResult, capped: bool) -> dict:
    """What must not drift: the final state in full, the event log as its count and digests."""
    return {
        "final_positions": _floats(result.final_positions),
        "pocket_of": result.pocket_of.tolist(),
        "pocket_time": _floats(result.pocket_time),
        "first_contact": result.first_contact,
        "striker_max_displacement": result.striker_max_displacement,
        "iterations": result.iterations,
        "n_events": result.n_events,
        "events_kind_bodies": [list(r) for r in result.event_ints.tolist()],
        "event_floats_sha256": _digest(result.event_floats),
        "capped": capped,
    }


def play(layout: Layout, strike: Strike, model: str) -> dict:
    try:
        return outcome(simulate(layout, strike, physics_model(model)), False)
    except EventCapExceeded as exc:
        return outcome(exc.result, True)


def layout_to_json(layout: Layout) -> list:
    return [[d.kind.value, d.x, d.y] for d in layout.discs]


def layout_from_json(rows: list) -> Layout:
    return Layout(tuple(Disc(PieceKind(k), x, y) for k, x, y in rows))


def write(shots: list) -> None:
    # One line per shot: a drift shows in a diff as the shots it touched.
    lines = ",\n".join(json.dumps(shot, separators=(",", ":")) for shot in shots)
    DATA.write_text('{"shots": [\n' + lines + "\n]}\n")


def main() -> None:
    if sys.argv[1:2] == ["--add"]:
        model = sys.argv[2]
        shots = json.loads(DATA.read_text())["shots"]
        for shot in shots:
            layout = layout_from_json(shot["layout"])
            shot["expected"][model] = play(layout, Strike(*shot["strike"]), model)
        write(shots)
        print(f"added model {model} to {len(shots)} shots in {DATA}", file=sys.stderr)
        return
    shots = []
    for name, layout, strike in inputs():
        shots.append({
            "name": name,
            "layout": layout_to_json(layout),
            "strike": [strike.x, strike.y, strike.direction, strike.speed],
            "expected": {model: play(layout, strike, model) for model in MODELS},
        })
    write(shots)
    print(f"wrote {len(shots)} shots x {len(MODELS)} models to {DATA}", file=sys.stderr)


if __name__ == "__main__":
    main()
