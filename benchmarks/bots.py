"""The bots' figures: pot rate, dues, decision time, and each against the next weaker.

    python benchmarks/bots.py              # 200 boards per pairing (the issue's figure)
    python benchmarks/bots.py --boards 40  # a quick look
    nice -n 10 python benchmarks/bots.py --only master --boards 60 --processes 1

Each pairing's share of boards won is printed with its 95 % confidence interval (Wilson's
score interval): ±11 % at 60 boards near 70 %, ±6 % at 200.

Seeded, so a run is repeatable; boards are played on 2 processes. A board starts from the
opening, each bot breaks in half of the boards and sits south in half, and the board ends
when the referee says so (ICF 52, 102–112). Per bot, over all the boards it played:

- own pot: strokes that pocket at least one of its own pieces (its coins, or the queen);
- due/foul: strokes after which its side owes more coins than before (a due or a penalty:
  striker pocketed, a foul, the queen's cover missed...);
- decision: mean and median time of ``choose_strike``.

The master's pairing takes the longest: ``--only master`` runs it alone.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import os
import statistics
import time

from carrom.game import Game
from carrom.physics import DEFAULT_PARAMS, physics_model
from carrom.players import GeometricPlayer, RandomPlayer, SearchPlayer, make_bot, step
from carrom.rules import Coin, Seat

BOTS = {
    "random": lambda seed: RandomPlayer(seed),
    "geometric": lambda seed: GeometricPlayer(seed),
    "search": lambda seed: SearchPlayer(seed),
    "beginner": lambda seed: make_bot("beginner", seed),
    "intermediate": lambda seed: make_bot("intermediate", seed),
    "advanced": lambda seed: make_bot("advanced", seed),
    "expert": lambda seed: make_bot("expert", seed),
    "master": lambda seed: make_bot("master", seed),
}
# (stronger, weaker): each bot against the next weaker, the levels' ladder and the bots' own
PAIRINGS = [
    ("geometric", "random"), ("search", "geometric"),
    ("beginner", "random"), ("intermediate", "beginner"), ("advanced", "intermediate"), ("expert", "advanced"),
    ("master", "expert"),
]
TARGETS = {("search", "geometric"): 70, ("master", "expert"): 70}  # % of boards won
ACTIONS = 3000  # a board that lasts longer is counted undecided (never seen)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion ``wins``/``n`` (as fractions)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def owes(state, seat: str) -> int:
    side = state.table.side(Seat(seat))
    own = state.colour_of(Seat(seat))
    return state.board.held(own) + state.board.debts[side]


def play_board(args: tuple) -> dict:
    """One board, ``a`` at south and ``b`` at north; who breaks goes with ``seed``; on ``params`` (a
    ``PhysicsParams``, the default model if left out)."""
    a, b, seed, *params = args
    first = "south" if seed % 2 == 0 else "north"
    game = Game.new({"south": a, "north": b}, first_breaker=first, params=params[0] if params else None)
    bots = {"south": BOTS[a](seed * 2 + 1), "north": BOTS[b](seed * 2 + 2)}
    names = {"south": a, "north": b}
    stats = {a: [0, 0, 0, 0.0], b: [0, 0, 0, 0.0]}  # strokes, own pots, dues, seconds
    times: dict[str, list[float]] = {a: [], b: []}
    actions = 0
    while not game.state.results and actions < ACTIONS:
        kind, seat = game.expected()
        if kind == "stroke":
            state = game.state
            own = state.colour_of(Seat(seat))
            owed = owes(state, seat)
            t = time.perf_counter()
            c = bots[seat].choose_strike(game, seat)
            dt = time.perf_counter() - t
            report = game.strike(seat, c.along, c.angle, c.speed)
            s = stats[names[seat]]
            s[0] += 1
            s[1] += any(p.kind.value in (own.value, Coin.QUEEN.value) for p in report.shot.coins_pocketed)
            if not game.state.results and game.state.board_index == state.board_index:
                s[2] += owes(game.state, seat) > owed
            s[3] += dt
            times[names[seat]].append(dt)
        else:
            step(game, bots)
        actions += 1
    winner = game.state.results[-1].winner if game.state.results else None
    side_of = {seat: game.state.table.side(Seat(seat)) for seat in names}
    won = None if winner is None else next(names[s] for s, side in side_of.items() if side == winner)
    return {"winner": won, "stats": stats, "times": times}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=200, help="boards per pairing (default 200)")
    ap.add_argument("--processes", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--only", help="only the pairings of this bot (e.g. master)")
    ap.add_argument("--seed-base", type=int, default=0,
                    help="seed of the first board (default 0; tuning boards elsewhere, e.g. 1000)")
    ap.add_argument("--physics", default=DEFAULT_PARAMS.model,
                    help="physics model as records name it: v1 … v4, v4-slow, v4-fast (default: the default model)")
    opts = ap.parse_args()
    try:
        params = physics_model(opts.physics)
    except ValueError as e:
        ap.error(str(e))
    totals: dict[str, list[float]] = {name: [0, 0, 0, 0.0] for name in BOTS}
    times: dict[str, list[float]] = {name: [] for name in BOTS}
    pairings = [p for p in PAIRINGS if opts.only in (None, *p)]
    print(f"carrom bots benchmark: {opts.boards} boards per pairing (seeds {opts.seed_base}–"
          f"{opts.seed_base + opts.boards - 1}), {opts.processes} processes, physics"
          f" {params.model}; load average {os.getloadavg()[0]:.2f}", flush=True)
    start = time.time()
    with mp.Pool(opts.processes) as pool:
        for stronger, weaker in pairings:
            t = time.time()
            # each bot sits south in half the boards and breaks in half of those
            seeds = range(opts.seed_base, opts.seed_base + opts.boards)
            jobs = [(stronger, weaker, i, params) if i % 4 < 2 else (weaker, stronger, i, params) for i in seeds]
            wins = decided = done = 0
            for r in pool.imap_unordered(play_board, jobs, chunksize=2):
                done += 1
                wins += r["winner"] == stronger
                decided += r["winner"] is not None
                for name, s in r["stats"].items():
                    totals[name] = [x + y for x, y in zip(totals[name], s)]
                    times[name] += r["times"][name]
                if done % max(1, opts.boards // 10) == 0 and done < opts.boards:
                    print(f"    {stronger} v {weaker}: {done}/{opts.boards} boards, {wins} won", flush=True)
            target = f"  (target ≥ {TARGETS[stronger, weaker]} %)" if (stronger, weaker) in TARGETS else ""
            lo, hi = wilson(wins, opts.boards)
            print(f"  {stronger:>12} v {weaker:<12} won {wins}/{opts.boards} boards ({100 * wins / opts.boards:.0f} %,"
                  f" 95 % CI {100 * lo:.0f}–{100 * hi:.0f} %; {opts.boards - decided} undecided)"
                  f"  [{time.time() - t:.0f} s; load average"
                  f" {os.getloadavg()[0]:.2f}]{target}", flush=True)
    print("per bot (all the boards it played above):")
    print(f"  {'bot':>12}  {'strokes':>8}  {'own pot':>8}  {'due/foul':>9}  {'decision':>10}  {'median':>9}")
    for name, (n, pots, dues, secs) in totals.items():
        if n:
            print(f"  {name:>12}  {int(n):>8}  {100 * pots / n:>7.1f}%  {100 * dues / n:>8.1f}%  {1000 * secs / n:>7.1f} ms"
                  f"  {1000 * statistics.median(times[name]):>6.1f} ms")
    print("targets: the search bot pots an own piece on ≥ 75 % of its strokes at zero noise and beats the"
          " geometric bot in ≥ 70 % of boards; the master beats the expert in ≥ 70 % of boards with a median"
          " decision ≤ 1 s")
    print(f"[{time.time() - start:.0f} s in all]")


if __name__ == "__main__":
    main()
