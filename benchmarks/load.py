"""Many games at once through the real websocket API: strokes a second and each stroke's round trip.

    python benchmarks/load.py                  # N = 10, 50, 100, 200 rooms, 30 s each
    python benchmarks/load.py -n 10 -n 50 --seconds 20
    python benchmarks/load.py --db postgresql+psycopg://... --workers 2   # several processes on PostgreSQL

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
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import time
import urllib.request
from typing import Callable

import orjson
import websockets

from served import served

PLAYERS = {"south": {"type": "me", "name": "A"}, "north": {"type": "me", "name": "B"}}


def new_room(port: int) -> dict:
    body = json.dumps({"players": PLAYERS}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/rooms", body, {"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))


async def player(port: int, room: dict, seconds: float, seed: int, trips: list[float], errors: list[str]) -> None:
    rng = random.Random(seed)
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
                    await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - sent)))
    except (OSError, websockets.WebSocketException) as exc:
        errors.append(f"{exc.__class__.__name__}: {exc}")


async def load(port: int, n: int, seconds: float, cpu: Callable[[], float]) -> tuple[list[float], list[str], float]:
    """The round trips of the strokes, the errors, and the server's CPU seconds while the rooms played."""
    rooms = [await asyncio.to_thread(new_room, port) for _ in range(n)]
    trips: list[float] = []
    errors: list[str] = []
    before = cpu()
    await asyncio.gather(*(player(port, room, seconds, i, trips, errors) for i, room in enumerate(rooms)))
    return trips, errors, cpu() - before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, action="append", help="rooms at once (repeat for several runs)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each run lasts")
    parser.add_argument("--db", help="the server's database URL (default: a fresh SQLite file each run)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL only above 1)")
    args = parser.parse_args()
    print(f"{'N':>5} {'strokes/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>7} {'cpu ms/stroke':>14} "
          f"{'load avg':>9}")
    for n in args.n or [10, 50, 100, 200]:
        with served(db=args.db, workers=args.workers) as (port, _, cpu):
            trips, errors, used = asyncio.run(load(port, n, args.seconds, cpu))
        q = statistics.quantiles(trips, n=100, method="inclusive") if len(trips) > 1 else [float("nan")] * 99
        print(f"{n:>5} {len(trips) / args.seconds:>10.1f} {q[49] * 1000:>8.0f} {q[98] * 1000:>8.0f} "
              f"{max(trips, default=float('nan')) * 1000:>8.0f} {len(errors):>7} "
              f"{used * 1000 / max(len(trips), 1):>14.2f} {os.getloadavg()[0]:>9.1f}")
        for e in sorted(set(errors))[:3]:
            print(f"      e.g. {e}")


if __name__ == "__main__":
    main()
