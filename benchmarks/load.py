"""Many games at once through the real websocket API: strokes a second and each stroke's round trip.

    python benchmarks/load.py                  # N = 10, 50, 100, 200 rooms, 30 s each
    python benchmarks/load.py -n 10 -n 50 --seconds 20
    python benchmarks/load.py --db postgresql+psycopg://... --workers 2   # several processes on PostgreSQL
    python benchmarks/load.py --soak 3600 --every 600 -n 200               # the soak: an hour, a row per 10 min

For each N: a fresh `carrom serve` on 127.0.0.1 (a new SQLite file, or the database given,
with ``--workers`` processes), N hot-seat rooms (two people on one device), one client
each, every client making one legal stroke a second (a random one from the legal
stretches; waiving a placement, declining a claim). The round trip is from a stroke sent
to the state that answers it. Prints one row per N: strokes a second, p50, p99 and max
round trip, errors (error answers or lost clients), the server's CPU time per stroke (all
its processes, everything included: the rooms' other actions, the websockets, the
database's client side) and the machine's load average (the cores are shared: other
programs' work shows in the round trips). The clients read the states with orjson, as
cheaply as they can: they stand for browsers on other machines, and share these cores.

The soak (``--soak SECONDS``): one server, N games at once for that long, each game that ends
replaced by a new one (a new room, a new client), and a row every ``--every`` seconds for
that interval alone: strokes a second, p50, p99 and max round trip, errors, games finished
and started, the server's CPU per stroke, its resident memory (all its processes) and, on
SQLite, the database file's size: whether it wears down over time.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Callable

import orjson
import websockets

from served import resident_bytes, served

PLAYERS = {"south": {"type": "me", "name": "A"}, "north": {"type": "me", "name": "B"}}


def new_room(port: int) -> dict:
    body = json.dumps({"players": PLAYERS}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/rooms", body, {"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))


async def player(port: int, room: dict, seconds: float, seed: int, trips: list[float], errors: list[str],
                 at: list[float] | None = None) -> bool:
    """One client playing ``room`` for ``seconds`` at a stroke a second; each stroke's round trip in ``trips`` (and
    when it came back in ``at``); True if the match ended."""
    rng = random.Random(seed)
    state: dict = {}
    url = f"ws://127.0.0.1:{port}/ws/{room['room']}?token={room['token']}"
    try:
        async with websockets.connect(url, max_size=2**26) as ws:
            state = orjson.loads(await ws.recv())
            await asyncio.sleep(rng.uniform(0, 1))  # the clients do not all strike at the same instant
            end, seq = time.monotonic() + seconds, 0
            while time.monotonic() < end and state.get("expected"):
                kind = state["expected"]["kind"]
                seq += 1
                if kind == "stroke":
                    lo, hi = rng.choice(state["legal"])
                    msg = {"type": "strike", "along": rng.uniform(lo, hi), "angle": rng.uniform(-1.2, 1.2),
                           "speed": rng.uniform(1.0, 6.5)}
                else:
                    msg = {"type": "claim", "points": 0} if kind == "claim" else {"type": "waive"}
                sent = time.monotonic()
                await ws.send(json.dumps(msg | {"seq": seq}))
                reply = orjson.loads(await ws.recv())
                if reply["type"] != "state":
                    errors.append(reply.get("message", str(reply)))
                    continue
                state = reply
                if kind == "stroke":
                    trips.append(time.monotonic() - sent)
                    if at is not None:
                        at.append(time.monotonic())
                    await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - sent)))
    except (OSError, websockets.WebSocketException) as exc:
        errors.append(f"{exc.__class__.__name__}: {exc}")
    return bool(state) and not state.get("expected")


async def load(port: int, n: int, seconds: float, cpu: Callable[[], float]) -> tuple[list[float], list[str], float]:
    """The round trips of the strokes, the errors, and the server's CPU seconds while the rooms played."""
    rooms = [await asyncio.to_thread(new_room, port) for _ in range(n)]
    trips: list[float] = []
    errors: list[str] = []
    before = cpu()
    await asyncio.gather(*(player(port, room, seconds, i, trips, errors) for i, room in enumerate(rooms)))
    return trips, errors, cpu() - before


def kinds_of(errors: list[str]) -> str:
    """The errors by kind with their counts ("TimeoutError ×3, stale ×1"): the kind is the message up to its first
    colon (an exception's class, or the server's refusal), so a row says what went wrong, not only how often."""
    counts = collections.Counter(e.split(":", 1)[0].strip() or "?" for e in errors)
    return ", ".join(f"{kind} ×{n}" for kind, n in counts.most_common())


async def soak(port: int, n: int, seconds: float, every: float, cpu: Callable[[], float],
               database: Path | None) -> None:
    """N games for ``seconds``, each game that ends replaced by a new one; a row of figures every ``every`` s."""
    trips: list[float] = []
    at: list[float] = []
    errors: list[str] = []
    games = [0, 0]  # finished, started
    end = time.monotonic() + seconds

    async def seat(i: int) -> None:
        seed = i
        while time.monotonic() < end:
            room = await asyncio.to_thread(new_room, port)
            games[1] += 1
            over = await player(port, room, end - time.monotonic(), seed, trips, errors, at)
            games[0] += over
            seed += n
            if not over:  # time is up, or the client failed (counted in errors): a new game if time is left
                await asyncio.sleep(1.0)

    print(f"{'minute':>6} {'strokes/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>7} {'games':>11} "
          f"{'cpu ms/stroke':>14} {'RSS MB':>7} {'db MB':>6} {'load avg':>9}", flush=True)
    seats = [asyncio.create_task(seat(i)) for i in range(n)]
    start, last_cpu, done = time.monotonic(), cpu(), [0, 0, 0, 0]  # trips, errors, finished, started so far
    last = start
    while time.monotonic() < end:
        await asyncio.sleep(min(every, max(0.0, end - time.monotonic())))
        now_cpu, count, interval, last = cpu(), len(trips), time.monotonic() - last, time.monotonic()
        window = trips[done[0]:count]
        q = statistics.quantiles(window, n=100, method="inclusive") if len(window) > 1 else [float("nan")] * 99
        size = sum(f.stat().st_size for f in database.parent.glob(database.name + "*")) / 1e6 if database \
            else float("nan")  # with its write-ahead log
        print(f"{(time.monotonic() - start) / 60:>6.1f} {len(window) / interval:>10.1f} {q[49] * 1000:>8.0f} "
              f"{q[98] * 1000:>8.0f} {max(window, default=float('nan')) * 1000:>8.0f} {len(errors) - done[1]:>7} "
              f"{games[0] - done[2]:>5}/{games[1] - done[3]:<5} {(now_cpu - last_cpu) * 1000 / max(len(window), 1):>14.2f} "
              f"{resident_bytes(cpu.args[0]) / 1e6:>7.0f} {size:>6.1f} {os.getloadavg()[0]:>9.1f}", flush=True)
        if len(errors) > done[1]:
            print(f"{'':>6} errors: {kinds_of(errors[done[1]:])}", flush=True)
        done, last_cpu = [count, len(errors), games[0], games[1]], now_cpu
    await asyncio.gather(*seats, return_exceptions=True)
    if errors:
        print(f"errors, all: {kinds_of(errors)}")
    for e in sorted(set(errors))[:3]:
        print(f"      e.g. {e}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, action="append", help="rooms at once (repeat for several runs)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each run lasts")
    parser.add_argument("--db", help="the server's database URL (default: a fresh SQLite file each run)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL only above 1)")
    parser.add_argument("--soak", type=float, metavar="SECONDS", help="the soak: N games (-n, 200 by default) "
                                                                     "for this long, a game that ends replaced")
    parser.add_argument("--every", type=float, default=600.0, metavar="SECONDS", help="the soak's interval")
    args = parser.parse_args()
    if args.soak:
        with tempfile.TemporaryDirectory() as tmp:
            db = args.db or f"sqlite:///{tmp}/soak.db"
            database = None if args.db else Path(tmp) / "soak.db"
            with served(db=db, workers=args.workers) as (port, _, cpu):
                print(f"soak: {(args.n or [200])[0]} games for {args.soak:g} s on {db.split(':', 1)[0]}, "
                      f"{args.workers} process(es); a row per {args.every:g} s", flush=True)
                asyncio.run(soak(port, (args.n or [200])[0], args.soak, args.every, cpu, database))
        return
    print(f"{'N':>5} {'strokes/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>7} {'cpu ms/stroke':>14} "
          f"{'load avg':>9}")
    for n in args.n or [10, 50, 100, 200]:
        with served(db=args.db, workers=args.workers) as (port, _, cpu):
            trips, errors, used = asyncio.run(load(port, n, args.seconds, cpu))
        q = statistics.quantiles(trips, n=100, method="inclusive") if len(trips) > 1 else [float("nan")] * 99
        print(f"{n:>5} {len(trips) / args.seconds:>10.1f} {q[49] * 1000:>8.0f} {q[98] * 1000:>8.0f} "
              f"{max(trips, default=float('nan')) * 1000:>8.0f} {len(errors):>7} "
              f"{used * 1000 / max(len(trips), 1):>14.2f} {os.getloadavg()[0]:>9.1f}")
        if errors:
            print(f"      errors: {kinds_of(errors)}")
        for e in sorted(set(errors))[:3]:
            print(f"      e.g. {e}")


if __name__ == "__main__":
    main()
