"""A shot lets go of Python's GIL while it runs: a server simulating a room's stroke (or a bot trying strokes one
core at a time) in a worker thread does not stop its event loop and its other threads meanwhile
(docs/physics.md, "Threads")."""

from __future__ import annotations

import math
import threading
import time

import numpy as np

from carrom.equipment import Seat, opening_formation
from carrom.physics import Strike, simulate_batch

BREAKS = [Strike.from_seat(Seat.SOUTH, (k % 9 - 4) * 0.01, math.radians(k % 7 - 3), 6.0) for k in range(2000)]


def longest_stop_during(work) -> tuple[float, float]:
    """(the longest this thread went without running, how long ``work`` took) while ``work`` ran in another thread.
    Holding the GIL through its native call, the other thread stops this one for the whole call; letting it go,
    this one runs on (the operating system's own pauses are milliseconds)."""
    took: list[float] = []
    done = threading.Event()

    def worker() -> None:
        start = time.perf_counter()
        work()
        took.append(time.perf_counter() - start)
        done.set()

    thread = threading.Thread(target=worker)
    last, longest = time.perf_counter(), 0.0
    thread.start()
    while not done.is_set():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    thread.join()
    return longest, took[0]


def test_a_batch_on_one_core_lets_other_threads_run():
    layout = opening_formation()
    simulate_batch(layout, BREAKS[:4], parallel=False)  # compiled before
    longest, took = longest_stop_during(lambda: simulate_batch(layout, BREAKS, parallel=False))
    assert longest < took / 3, (longest, took)


def test_the_same_shots_from_two_threads_at_once():
    """Letting go of the GIL must not let two threads' shots meet: each thread's batch is what it is alone."""
    layout = opening_formation()
    alone = simulate_batch(layout, BREAKS[:200], parallel=False)
    results = {}

    def play(name: str) -> None:
        results[name] = simulate_batch(layout, BREAKS[:200], parallel=False)

    threads = [threading.Thread(target=play, args=(n,)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for name in ("a", "b"):
        np.testing.assert_array_equal(results[name].final_positions, alone.final_positions)  # NaN where pocketed
        np.testing.assert_array_equal(results[name].pocket_of, alone.pocket_of)
        np.testing.assert_array_equal(results[name].n_events, alone.n_events)
