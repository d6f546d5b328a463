"""The physics made ready before the server accepts a stroke.

numba compiles the physics kernels on first use: about 20 s on a fresh install, while a
page would say "your turn". ``warm`` plays what a room plays — a stroke through the
referee, its motion made ready for the clients, a bot's batch of trial strokes — so every
kernel is compiled, or loaded from numba's on-disk cache (then it takes about a second).

``settle`` is the last step before listening. Python's cyclic collector stops the whole
server for each full collection, and a full collection walks every object alive: the
modules and compiled kernels (~200,000 objects) and every room's match (~30 objects per
action). With the default thresholds one came every ~12 s at 200 rooms, each longer than
the last (30 ms, then 80, 110, 140 ms after 80 s), and every stroke in flight waited for it
(benchmarks/load.py). So what is loaded by then, which lives as long as the process, is
frozen out of the walks (``gc.freeze``), and a full collection waits for 1,000 collections
of the middle generation instead of 10 (about 20 minutes at 200 rooms; the young
generations are collected as before, so short-lived cycles are freed as soon as ever).

Then, every ``SETTLE_EVERY`` seconds, what outlived a middle collection is frozen too. A room's
match grows by ~19 tracked objects an action, so in an hour of 200 games the old generation
held millions, and the three full collections that came took 1.7-2.9 s each (docs/web.md).
What is frozen still dies as ever when nothing refers to it (a room's match is freed by
reference counting alone, tested); only a cycle that forms among frozen objects would never be
collected. What makes cycles here now (a request's parser, an ORM row) lives for milliseconds,
so it is collected young, before any freeze sees it. A websocket's connection made one with its
cancelled send task, and leaked once frozen (16 MB every ten minutes in a soak) until it let the
task go (``live.Connection``; tests/web/test_web_memory.py): a new long-lived object in a cycle
is the thing to watch for.
"""

from __future__ import annotations

import gc
import logging
import math
import os
import threading
import time
from collections.abc import Callable

from carrom.equipment import Seat, opening_formation
from carrom.game import Game
from carrom.physics import Strike, simulate_batch
from carrom.web.views import motion_of


def _steps():
    """What a room plays, step by step: each compiles (or loads) the kernels it needs."""
    game = Game.new({Seat.SOUTH.value: "South", Seat.NORTH.value: "North"})
    trials = [Strike.from_seat(Seat.NORTH, 0.0, angle, 4.0) for angle in (-0.3, 0.3)]
    played = []
    yield "a stroke through the referee", lambda: played.append(game.strike(Seat.SOUTH, 0.0, 0.0, 6.0))
    yield "its motion for the clients", lambda: motion_of(played[0].shot, Seat.SOUTH)
    yield "a bot's trial strokes", lambda: simulate_batch(opening_formation(), trials)
    yield "a bot's trial strokes, one core", lambda: simulate_batch(opening_formation(), trials, parallel=False)


WARM_STEPS = 4  # how many steps ``warm`` reports to ``progress``


def warm(progress: Callable[[int, str], None] | None = None) -> float:
    """Compile (or load) every kernel a room uses; returns the seconds it took.

    ``progress(i, what)`` is called before each of the ``WARM_STEPS`` steps, so a first start
    (numba compiling for a minute or more) is never silent.
    """
    start = time.perf_counter()
    for i, (what, step) in enumerate(_steps(), 1):
        if progress is not None:
            progress(i, what)
        step()
    return time.perf_counter() - start


FULL_COLLECTION_EVERY = 1_000  # collections of generation 1 between two full ones (Python's default: 10)


GC_LOG = "CARROM_GC_LOG"  # milliseconds: log every collection that stops the process this long or longer


SETTLE_EVERY = 10.0  # seconds between two freezes of what outlived a middle collection (module docstring)


def settle(every: float | None = SETTLE_EVERY) -> None:
    """Everything alive now is the process's for good: out of the collector's walks; full collections rare; and,
    every ``every`` seconds (None: never), what has lived since is frozen out of the walks too (``keep_settled``).

    With ``CARROM_GC_LOG=MS`` set, every collection of ``MS`` milliseconds or more is logged (``carrom.gc``): its
    generation, duration and the objects it freed, to tell a server's pauses from its work (docs/web.md). A value
    that is not a number of milliseconds is refused before anything changes (``ValueError`` naming it)."""
    least = gc_log_threshold()
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)
    if least is not None:
        gc.callbacks.append(_pause_logger(least))
    if every is not None:
        keep_settled(every)


def gc_log_threshold() -> float | None:
    """``CARROM_GC_LOG`` in seconds (None when unset or empty); a clear ``ValueError`` when it is not milliseconds."""
    said = os.environ.get(GC_LOG, "").strip()
    if not said:
        return None
    try:
        least = float(said)
    except ValueError:
        least = math.nan
    if not math.isfinite(least) or least < 0:
        raise ValueError(f"{GC_LOG}={said!r}: give the shortest collection to log in milliseconds, "
                         "a number of 0 or more (0 logs every collection)")
    return least / 1000


_SETTLER: list[threading.Thread] = []  # the one thread of ``keep_settled`` in this process, once started


def keep_settled(every: float) -> threading.Thread:
    """Every ``every`` seconds: a middle collection (young cycles freed first), then ``gc.freeze`` of what is left.

    One thread per process (a second call returns the first's), a daemon: it stops with the server. A freeze is
    cheap (it moves lists, whatever their length); the collection before it is one the process would make anyway."""
    if not _SETTLER:
        def settling() -> None:
            while True:
                time.sleep(every)
                gc.collect(1)
                gc.freeze()

        _SETTLER.append(threading.Thread(target=settling, name="carrom-settle", daemon=True))
        _SETTLER[0].start()
    return _SETTLER[0]


def _pause_logger(least: float) -> Callable[[str, dict], None]:
    """Logs each collection of ``least`` seconds or more: on the clock, and in CPU time of the thread that made it
    (on a busy machine the clock's figure holds the time the process waited for a core, not only the collector's)."""
    log = logging.getLogger("carrom.gc")
    started = [0.0, 0.0]

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            started[:] = time.perf_counter(), time.thread_time()
            return
        took = time.perf_counter() - started[0]
        if took >= least:
            log.warning("gc: generation %d, %.1f ms (%.1f ms of CPU), %d freed", info["generation"], took * 1000,
                        (time.thread_time() - started[1]) * 1000, info["collected"])

    return timed
