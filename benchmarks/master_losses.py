"""Where the master loses to the expert: each board it loses, classified (docs/players.md).

    nice -n 10 python benchmarks/master_losses.py --boards 40 --seed-base 2000

Boards are set up as in ``benchmarks/bots.py`` (the master sits south in half, breaks in half
of those). For every board the master loses it prints: who broke and what the break's turn
pocketed, the queen's fate (who covered it; the master's queens returned uncovered, ICF 95),
the law that ended the board, the length of the opponent's last turn, the master's dues and
fouls, its coins left and how many of them lie by its own cushion (within 6 cm, behind its
baseline, ICF 130: no forward stroke reaches them). Then a table of the causes.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bots import BOTS, owes  # noqa: E402

from carrom.equipment import STANDARD_BOARD, PieceKind, Seat as EqSeat  # noqa: E402
from carrom.game import Game  # noqa: E402
from carrom.players import step  # noqa: E402
from carrom.rules import Seat  # noqa: E402

LONG_RUN = 4  # coins in the opponent's last turn that count as "cleared after a long run"
CUSHION = 0.06  # a coin's centre this close to the master's own cushion (m) counts as on it


def play(seed: int, master: str = "master", other: str = "expert") -> dict:
    a, b = (master, other) if seed % 4 < 2 else (other, master)
    first = "south" if seed % 2 == 0 else "north"
    game = Game.new({"south": a, "north": b}, first_breaker=first)
    bots = {"south": BOTS[a](seed * 2 + 1), "north": BOTS[b](seed * 2 + 2)}
    names = {"south": a, "north": b}
    mseat = "south" if a == master else "north"
    turns: list[list] = []  # [bot, strokes, own coins pocketed]
    info = collections.Counter()
    continues, last_layout = False, game.layout
    colour = PieceKind(game.state.colour_of(Seat(mseat)).value)  # the next board's colours differ
    while not game.state.results:
        kind, seat = game.expected()
        if kind != "stroke":
            step(game, bots)
            continue
        state = game.state
        own = state.colour_of(Seat(seat))
        owed = owes(state, seat)
        b0 = state.board
        layout = game.layout
        c = bots[seat].choose_strike(game, seat)
        report = game.strike(seat, c.along, c.angle, c.speed)
        after = game.state
        b1 = after.board if after.board_index == state.board_index and not after.results else None
        if not continues:
            turns.append([names[seat], 0, 0])
        continues = b1 is not None and b1.turn is Seat(seat)
        last_layout = layout
        turns[-1][1] += 1
        turns[-1][2] += sum(p.kind.value == own.value for p in report.shot.coins_pocketed)
        if b1 is not None:
            who = names[seat]
            if owes(after, seat) > owed:
                info[who + " due"] += 1
            if b0.queen == "board" and b1.queen == "pending":
                info[who + " queen pocketed"] += 1
            if b0.queen == "pending" and b1.queen == "board" and b0.queen_side == state.table.side(Seat(seat)):
                info[who + " queen returned"] += 1
            if b0.queen != "covered" and b1.queen == "covered":
                info[who + " queen covered"] += 1
    rec = game.state.results[-1]
    side_of = {s: game.state.table.side(Seat(s)) for s in names}
    winner = None if rec.winner is None else next(names[s] for s, side in side_of.items() if side == rec.winner)
    # the master's coins left before the last stroke, and those against its own cushion
    eq = EqSeat(mseat)
    fx, fy = eq.forward
    half = STANDARD_BOARD.half
    left = [d for d in last_layout.discs if d.kind is colour]
    behind = [d for d in left if -(d.x * fx + d.y * fy) > half - d.radius - CUSHION]
    first_turn = turns[0]
    return {"seed": seed, "winner": winner, "law": rec.law, "breaker": names[first],
            "break_coins": first_turn[2], "break_strokes": first_turn[1],
            "last_turn": turns[-1], "info": info, "left": len(left), "behind": len(behind),
            "queen": rec.queen, "master_side": side_of[mseat], "turns": turns}


def causes(r: dict) -> list[str]:
    """The causes of a lost board, most telling first."""
    out = []
    info, last = r["info"], r["last_turn"]
    opp_side = 1 - r["master_side"]
    if r["law"] != "ICF 52 a":
        out.append(f"ended by {r['law']}")
    if r["queen"][opp_side] > 0 or info["expert queen covered"]:
        out.append("queen covered by the opponent")
    if info["master queen returned"]:
        out.append("master's queen returned uncovered")
    if last[0] == "expert" and last[2] >= LONG_RUN:
        out.append("opponent cleared in a long last run")
    if r["breaker"] == "expert" and r["break_coins"] >= 3:
        out.append("opponent's break turn pocketed 3+")
    if info["master due"]:
        out.append("master owed a due/foul")
    if r["behind"]:
        out.append("master coin on own cushion at the end")
    return out or ["other"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=40)
    ap.add_argument("--seed-base", type=int, default=2000)
    opts = ap.parse_args()
    lost, tally = [], collections.Counter()
    won = 0
    print(f"{'seed':>5} {'broke':>7} {'brk':>3} {'law':>9} {'lastrun':>8} {'left':>4} {'cush':>4}  causes")
    for seed in range(opts.seed_base, opts.seed_base + opts.boards):
        r = play(seed)
        if r["winner"] == "master":
            won += 1
            continue
        lost.append(r)
        cs = causes(r)
        tally.update(cs)
        last = r["last_turn"]
        print(f"{seed:>5} {r['breaker']:>7} {r['break_coins']:>3} {r['law']:>9} {last[0][:1]}{last[1]:>2}s{last[2]:>2}c"
              f" {r['left']:>4} {r['behind']:>4}  {'; '.join(cs)}", flush=True)
        runs = " ".join(f"{t[0][0].upper()}{t[2]}" for t in r["turns"])
        print(f"      turns (coins): {runs}  {dict(r['info'])}", flush=True)
    print(f"master won {won}/{opts.boards}; lost {len(lost)}")
    print(f"{'cause (a lost board may have several)':<45} boards")
    for cause, n in tally.most_common():
        print(f"{cause:<45} {n:>6}")


if __name__ == "__main__":
    main()
