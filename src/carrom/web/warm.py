"""The physics made ready before the server accepts a stroke.

numba compiles the physics kernels on first use: about 20 s on a fresh install, while a
page would say "your turn". ``warm`` plays what a room plays — a stroke through the
referee, its motion made ready for the clients, a bot's batch of trial strokes — so every
kernel is compiled, or loaded from numba's on-disk cache (then it takes about a second).
"""

from __future__ import annotations

import time

from carrom.equipment import Seat, opening_formation
from carrom.game import Game
from carrom.physics import Strike, simulate_batch
from carrom.web.views import motion_of


def warm() -> float:
    """Compile (or load) every kernel a room uses; returns the seconds it took."""
    start = time.perf_counter()
    game = Game.new({"south": "South", "north": "North"})
    report = game.strike("south", 0.0, 0.0, 6.0)
    motion_of(report.shot, "south")
    trials = [Strike.from_seat(Seat.NORTH, 0.0, angle, 4.0) for angle in (-0.3, 0.3)]
    simulate_batch(opening_formation(), trials)
    simulate_batch(opening_formation(), trials, parallel=False)
    return time.perf_counter() - start
