"""Speed of the tournament core: pairing a Swiss round of 1,000 players, and their standings after 11 rounds.

    python benchmarks/tournament.py                  # 1,000 players, 11 rounds, staggered pairing
    python benchmarks/tournament.py --players 200 --pairing dazed

Through the public functions (``carrom.tournament.pair``, ``record``, ``standings``), on an
event held in memory (the database is not timed). Every round's results are random legal
single games (SoL's format), seeded. Targets (issue 19): a round paired in at most 1 s, the
standings in at most 100 ms. Each pairing is timed once; the standings are the median of 5.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from carrom.tournament import Competitor, Event, Format, Pairing, Player, Settings, pair, record, standings


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--pairing", default="staggered", choices=[p.value for p in Pairing])
    ap.add_argument("--seed", type=int, default=0)
    opts = ap.parse_args()
    rng = random.Random(opts.seed)
    players = {i: Player(i, f"First{i}", f"Last{i:05d}", country=rng.choice(["ITA", "FRA", "IND", "SLO", "ESP"]),
                         rating=rng.gauss(1500, 200)) for i in range(1, opts.players + 1)}
    event = Event("benchmark", Settings(pairing=Pairing(opts.pairing), format=Format.SINGLE, delay_top=2,
                                        seed=opts.seed), players,
                  tuple(Competitor(i, (i,)) for i in players))
    print(f"carrom tournament benchmark: {opts.players} players, {opts.rounds} Swiss rounds, {opts.pairing}",
          flush=True)
    pairing_times = []
    for _ in range(opts.rounds):
        start = time.perf_counter()
        event = pair(event)
        pairing_times.append(time.perf_counter() - start)
        number = event.current_round
        for m in event.round_matches(number):
            if m.side2 is not None:
                a = rng.randint(0, 24)
                event = record(event, number, m.table, [(25, a) if rng.random() < 0.5 else (a, 25)])
    times = []
    for _ in range(5):
        start = time.perf_counter()
        rows = standings(event)
        times.append(time.perf_counter() - start)
    assert len(rows) == opts.players
    print(f"pairing a round:  median {statistics.median(pairing_times) * 1000:.0f} ms, "
          f"slowest {max(pairing_times) * 1000:.0f} ms (round {pairing_times.index(max(pairing_times)) + 1})  "
          f"[target <= 1000 ms]")
    print(f"standings after {opts.rounds} rounds: median {statistics.median(times) * 1000:.1f} ms  [target <= 100 ms]")


if __name__ == "__main__":
    main()
