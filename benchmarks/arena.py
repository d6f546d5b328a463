"""Boards per second of ``carrom arena``: locally on 1 and 2 processes, and on a local Ray instance.

    python benchmarks/arena.py               # random, beginner, intermediate: 40 boards a pairing
    python benchmarks/arena.py --boards 8    # a quick look

The same seeded boards every way (a round robin of three players, 120 boards by default),
so the check at the end holds: the outcomes are identical wherever they were played. A
board is timed from its task to its outcome with the record's text; starting the pool is
counted, starting Ray (``ray.init(num_cpus=2)``) is printed apart. One board is played
first so the physics' compiled code is in its cache.
"""

from __future__ import annotations

import argparse
import time

from carrom.arena import entrant, play_board, round_robin, run_local, run_ray, tasks

PLAYERS = ("random", "beginner", "intermediate")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=40, help="boards per pairing, a multiple of 4 (default 40)")
    ap.add_argument("--seed", type=int, default=0)
    opts = ap.parse_args()
    jobs = tasks(round_robin([entrant(p) for p in PLAYERS]), opts.boards, opts.seed)
    print(f"carrom arena benchmark: {', '.join(PLAYERS)}, {len(jobs)} boards, seed {opts.seed}", flush=True)
    play_board(jobs[0])  # compile / load the physics' cache
    runs = {}
    for processes in (1, 2):
        t = time.perf_counter()
        runs[f"local, {processes} process{'es' * (processes > 1)}"] = run_local(jobs, processes)
        dt = time.perf_counter() - t
        print(f"  local, {processes} process{'es' * (processes > 1):<2}  {len(jobs) / dt:7.1f} boards/s  "
              f"[{dt:.1f} s]", flush=True)
    import ray

    t = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING")
    print(f"  (ray.init(num_cpus=2): {time.perf_counter() - t:.1f} s)", flush=True)
    try:
        t = time.perf_counter()
        runs["ray"] = run_ray(jobs)
        dt = time.perf_counter() - t
        print(f"  Ray, 2 CPUs           {len(jobs) / dt:7.1f} boards/s  [{dt:.1f} s]", flush=True)
        t = time.perf_counter()
        again = run_ray(jobs)
        dt = time.perf_counter() - t
        print(f"  Ray, 2 CPUs, warm     {len(jobs) / dt:7.1f} boards/s  [{dt:.1f} s]  (workers already started)",
              flush=True)
    finally:
        ray.shutdown()
    first = next(iter(runs.values()))
    same = all(r == first for r in runs.values()) and again == first
    print(f"identical outcomes and records everywhere: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
