"""Clear the board (``carrom/ClearBoard-v0``) with the master's planning: strokes per cleared board.

    python benchmarks/clearboard.py                       # 20 boards at 2° of aim noise and 20 at none
    nice -n 10 python benchmarks/clearboard.py --boards 40 --noise 2
    python benchmarks/clearboard.py --boards 2 --noise 0  # zero noise: every board is the same board
    nice -n 10 python benchmarks/clearboard.py --boards 20 --noise 2 --first-seed 1000  # the tuning boards

The player is ``carrom.envs.clearplayer`` (its docstring says how it plans); this script
plays ``--boards`` seeded boards (seeds 0, 1, … or from ``--first-seed``) through ``carrom/ClearBoard-v0``, which
adds the noise (2° of aim is 1.745 units of the bots' noise), and prints the figures.

Printed per noise: the strokes' mean with its 95 % interval, boards cleared, the decision
time, and what the strokes were: planned shots, stirs and sweeps, how often each put a
piece down against the share of its noisy copies that did (the prediction it was chosen
on), how often the striker fell, and the strokes a board by situation (``clearplayer.SITUATIONS``:
the queen to cover, the queen with the last coin, a piece behind the baseline, ...), over all
boards and over the long ones (``LONG`` strokes or more) apart.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics

from carrom.envs.clearplayer import NOISE_2_DEGREES, Tally, board
from carrom.physics import DEFAULT_PARAMS


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=20, help="boards per noise (default 20)")
    ap.add_argument("--noise", choices=("both", "2", "0"), default="both", help="2° of aim, none, or both (default)")
    ap.add_argument("--first-seed", type=int, default=0, help="seed of the first board (default 0; tuning boards: 1000)")
    opts = ap.parse_args()
    print(f"carrom clear-the-board benchmark: {opts.boards} boards per noise, 1 process, physics"
          f" {DEFAULT_PARAMS.model}; load average {os.getloadavg()[0]:.2f}", flush=True)
    levels = {"2": [("2° of aim", NOISE_2_DEGREES)], "0": [("no noise", 0.0)]}
    for label, noise in levels.get(opts.noise, levels["2"] + levels["0"]):
        tally = Tally()
        for seed in range(opts.first_seed, opts.first_seed + opts.boards):
            board(noise, seed, tally)
        strokes = tally.strokes
        mean = statistics.mean(strokes)
        half = 1.96 * statistics.stdev(strokes) / math.sqrt(len(strokes)) if len(strokes) > 1 else math.nan
        print(f"  {label:>10}: {mean:5.1f} strokes mean (95 % CI {mean - half:.1f}–{mean + half:.1f}; median"
              f" {statistics.median(strokes):.0f}, max {max(strokes)}), {tally.cleared}/{opts.boards} cleared,"
              f" decision median {1000 * statistics.median(tally.times):.0f} ms  (target ≤ 20 strokes mean at 2°);"
              f" load average {os.getloadavg()[0]:.2f}", flush=True)
        for line in tally.report() + tally.situations():
            print(f"              {line}", flush=True)


if __name__ == "__main__":
    main()
