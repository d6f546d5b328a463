"""The bots' figures: pot rate, dues, decision time, and each against the next weaker.

    python benchmarks/bots.py              # 200 boards per pairing (the issue's figure)
    python benchmarks/bots.py --boards 40  # a quick look

Seeded, so a run is repeatable; boards are played on 2 processes. A board starts from the
opening with the breaker alternating, and ends when the referee says so (ICF 52, 102–112).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import time

from carrom.game import Game
from carrom.players import GeometricPlayer, RandomPlayer, SearchPlayer, make_bot, step
from carrom.rules import Seat

BOTS = {
    "random": lambda seed: RandomPlayer(seed),
    "beginner": lambda seed: make_bot("beginner", seed),
    "intermediate": lambda seed: make_bot("intermediate", seed),
    "geometric": lambda seed: GeometricPlayer(seed),
    "advanced": lambda seed: make_bot("advanced", seed),
    "search": lambda seed: SearchPlayer(seed),
    "expert": lambda seed: make_bot("expert", seed),
}
# the bots themselves: random < geometric (zero noise) < search (zero noise; the expert level)
LADDER = ["random", "beginner", "intermediate", "advanced", "expert"]  # the levels people choose, weakest first


def play_board(args: tuple[str, str, int]) -> dict:
    """One board, ``a`` at south and ``b`` at north; the breaker alternates with the seed."""
    a, b, seed = args
    first = "south" if seed % 2 == 0 else "north"
    game = Game.new({"south": a, "north": b}, first_breaker=first)
    bots = {"south": BOTS[a](seed * 2 + 1), "north": BOTS[b](seed * 2 + 2)}
    stats = {a: [0, 0, 0, 0.0], b: [0, 0, 0, 0.0]} if a != b else {a: [0, 0, 0, 0.0]}
    names = {"south": a, "north": b}
    actions = 0
    while not game.state.results and actions < 3000:
        kind, seat = game.expected()
        if kind == "stroke":
            own = game.state.colour_of(Seat(seat)).value
            t = time.perf_counter()
            c = bots[seat].choose_strike(game, seat)
            dt = time.perf_counter() - t
            report = game.strike(seat, c.along, c.angle, c.speed)
            s = stats[names[seat]]
            s[0] += 1
            s[1] += any(p.kind.value == own for p in report.shot.coins_pocketed)
            s[2] += bool(report.shot.striker_pocketed)
            s[3] += dt
        else:
            step(game, bots)
        actions += 1
    winner = game.state.results[-1].winner if game.state.results else None
    side_names = {0: names[first], 1: names["north" if first == "south" else "south"]}
    return {"winner": None if winner is None else side_names[winner], "stats": stats}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=200, help="boards per pairing (default 200)")
    ap.add_argument("--processes", type=int, default=2)
    opts = ap.parse_args()
    totals: dict[str, list[float]] = {name: [0, 0, 0, 0.0] for name in BOTS}
    print(f"carrom bots benchmark: {opts.boards} boards per pairing, {opts.processes} processes")
    rows = []
    with mp.Pool(opts.processes) as pool:
        for weaker, stronger in zip(LADDER, LADDER[1:]):
            t = time.time()
            jobs = [(stronger, weaker, i) if i % 4 < 2 else (weaker, stronger, i) for i in range(opts.boards)]
            results = pool.map(play_board, jobs, chunksize=4)
            wins = sum(r["winner"] == stronger for r in results)
            decided = sum(r["winner"] is not None for r in results)
            for r in results:
                for name, s in r["stats"].items():
                    totals[name] = [x + y for x, y in zip(totals[name], s)]
            rows.append((stronger, weaker, wins, decided))
            print(f"  {stronger:>12} v {weaker:<12} won {wins}/{decided} boards ({100 * wins / max(decided, 1):.0f} %)"
                  f"  [{time.time() - t:.0f} s]", flush=True)
        for stronger, weaker in (("geometric", "random"), ("search", "geometric")):
            t = time.time()
            results = pool.map(play_board, [(stronger, weaker, i) if i % 4 < 2 else (weaker, stronger, i)
                                            for i in range(opts.boards)], chunksize=4)
            for r in results:
                for name, s in r["stats"].items():
                    totals[name] = [x + y for x, y in zip(totals[name], s)]
            wins = sum(r["winner"] == stronger for r in results)
            decided = sum(r["winner"] is not None for r in results)
            target = "  (target ≥ 70 %)" if stronger == "search" else ""
            print(f"  {stronger:>12} v {weaker:<12} won {wins}/{decided} boards ({100 * wins / max(decided, 1):.0f} %)"
                  f"  [{time.time() - t:.0f} s]{target}", flush=True)
    print("per bot (all boards above):")
    print(f"  {'bot':>12}  {'strokes':>8}  {'own pot':>8}  {'striker in':>10}  {'decision':>10}")
    for name, (n, pots, dues, secs) in totals.items():
        if n:
            print(f"  {name:>12}  {int(n):>8}  {100 * pots / n:>7.1f}%  {100 * dues / n:>9.1f}%  {1000 * secs / n:>8.1f} ms")
    print("targets: the search bot pots an own piece on ≥ 75 % of its strokes at zero noise")


if __name__ == "__main__":
    main()
