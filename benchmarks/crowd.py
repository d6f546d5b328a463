"""A final watched by a crowd while other games go on: how long each kind of client waits.

    python benchmarks/crowd.py                       # 1,000 watchers, 200 other games, 40 s
    python benchmarks/crowd.py -n 5000 -m 200 --seconds 60 --client-processes 4
    python benchmarks/crowd.py --db postgresql+psycopg://... --workers 2   # watchers on both processes

A fresh `carrom serve` on 127.0.0.1 (a new SQLite file), then: one hot-seat room, the final,
whose player strokes every 2 s while N watchers follow it; one more watcher of the final that
never reads (its socket's receive buffer the smallest, the client stops reading at once);
M other hot-seat rooms, each client stroking once a second, played by benchmarks/load.py's
client processes (``--clients``, 4 by default: in this one process, reading 200 games' states
was itself the bottleneck, and its delays were counted as the server's). The watchers
are shared among ``--client-processes`` processes (by default one per 1,000 watchers: one Python
process cannot read 5,000 sockets' states every 2 s); the arrival times of all are on the one
monotonic clock of the machine. Prints,
for each kind of client, p50, p99 and max in ms: the final's player and the other games'
players from a stroke sent to the state that answers it; the watchers from the stroke sent
to the state reaching them. Then the server's CPU seconds (all of it, a second per second
is one core) and the machine's load average (the 2 cores are shared: other programs' work
and the N clients' own, in this process, show in the figures).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import random
import socket
import statistics
import time

import orjson
import websockets

from load import Clients, move, new_room
from served import served

BETWEEN = 2.0  # seconds between the final's strokes


def figures(name: str, values: list[float]) -> str:
    if len(values) < 2:
        return f"{name:<24} {len(values):>8}   (too few)"
    q = statistics.quantiles(values, n=100, method="inclusive")
    return f"{name:<24} {len(values):>8} {q[49] * 1000:>8.0f} {q[98] * 1000:>8.0f} {max(values) * 1000:>8.0f}"


async def watcher(port: int, room: str, arrivals: list[float], ready: asyncio.Event, stop: asyncio.Event,
                  count: list[int], n: int) -> None:
    """Reads every message; notes when each arrives (the first is the state on arrival)."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{room}", max_size=2**26, compression=None,
                                  open_timeout=120) as ws:
        await ws.recv()
        count[0] += 1
        if count[0] == n:
            ready.set()
        while not stop.is_set():
            try:
                await asyncio.wait_for(ws.recv(), 1.0)
            except asyncio.TimeoutError:
                continue
            arrivals.append(time.monotonic())


async def watchers(port: int, room: str, n: int, pipe) -> None:  # noqa: ANN001
    """``n`` watchers of ``room`` in this process: says "ready" on ``pipe`` once all are connected, then reads until
    told to stop, then sends back each one's arrival times."""
    stop, ready = asyncio.Event(), asyncio.Event()
    arrivals: list[list[float]] = [[] for _ in range(n)]
    count = [0]
    tasks = []
    for i in range(n):  # connecting in batches, as a crowd arrives
        tasks.append(asyncio.create_task(watcher(port, room, arrivals[i], ready, stop, count, n)))
        if i % 100 == 99:
            await asyncio.sleep(0.2)
    await asyncio.wait_for(ready.wait(), 600)
    pipe.send("ready")
    await asyncio.to_thread(pipe.recv)  # stop
    stop.set()
    failed = [r for r in await asyncio.gather(*tasks, return_exceptions=True) if isinstance(r, Exception)]
    pipe.send((arrivals, [f"{e.__class__.__name__}: {e}" for e in failed]))


def watching(port: int, room: str, n: int, pipe) -> None:  # noqa: ANN001
    """A client process's main: ``watchers``."""
    asyncio.run(watchers(port, room, n, pipe))


async def stalled(port: int, room: str, stop: asyncio.Event) -> None:
    """A watcher that never reads."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{room}", sock=sock, max_queue=1, compression=None,
                                      ping_interval=None, max_size=2**26):
            await stop.wait()
    except (OSError, websockets.WebSocketException):
        pass  # closed by the server for falling behind: as it should be


async def final_player(port: int, room: dict, seconds: float, sent: list[float], trips: list[float]) -> None:
    rng = random.Random(1)
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{room['room']}?token={room['token']}",
                                  max_size=2**26) as ws:
        state = orjson.loads(await ws.recv())
        end, seq = time.monotonic() + seconds, 0
        while time.monotonic() < end and state.get("expected"):
            seq += 1
            msg = move(state, rng)
            at = time.monotonic()
            sent.append(at)
            await ws.send(json.dumps(msg | {"seq": seq}))
            state = orjson.loads(await ws.recv())
            trips.append(time.monotonic() - at)
            await asyncio.sleep(max(0.0, BETWEEN - (time.monotonic() - at)))


async def crowd(port: int, n: int, m: int, seconds: float, cpu, processes: int, game_processes: int) -> None:
    final = await asyncio.to_thread(new_room, port)
    games = await asyncio.to_thread(Clients, port, m, seconds, None, False, game_processes)  # their rooms made
    stop = asyncio.Event()
    started = time.monotonic()
    pipes, clients = [], []
    for k in range(processes):  # the watchers, shared among the client processes
        share = n // processes + (k < n % processes)
        mine, theirs = multiprocessing.Pipe()
        client = multiprocessing.get_context("spawn").Process(target=watching, args=(port, final["room"], share, theirs))
        client.start()
        pipes.append(mine)
        clients.append(client)
    for pipe in pipes:
        assert await asyncio.to_thread(pipe.recv) == "ready"
    print(f"{n} watchers connected in {time.monotonic() - started:.1f} s ({processes} client processes)")
    idle = asyncio.create_task(stalled(port, final["room"], stop))
    sent: list[float] = []
    final_trips: list[float] = []
    before, wall = cpu(), time.monotonic()
    games.start()
    await asyncio.gather(final_player(port, final, seconds, sent, final_trips), asyncio.to_thread(games.wait))
    trips, errors = [trip for _, trip in games.played], list(games.errors)
    await asyncio.sleep(3.0)  # the last states reach the watchers
    used, wall = cpu() - before, time.monotonic() - wall
    stop.set()
    arrivals: list[list[float]] = []
    for pipe in pipes:
        pipe.send("stop")
    for pipe, client in zip(pipes, clients):
        got, failed = await asyncio.to_thread(pipe.recv)
        arrivals += got
        errors += [f"a watcher: {e}" for e in failed]
        client.join(60)
    await asyncio.gather(idle, return_exceptions=True)
    late = [a - s for got in arrivals for s, a in zip(sent, got)]
    missed = sum(max(0, len(sent) - len(got)) for got in arrivals)
    print(f"{'clients':<24} {'samples':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    print(figures("final's player", final_trips))
    print(figures(f"final's {n} watchers", late))
    print(figures(f"{m} other games' players", trips))
    print(f"states a watcher did not get: {missed} of {len(sent) * n}; errors in the other games: {len(errors)}")
    print(f"server CPU: {used:.1f} s in {wall:.1f} s ({used / wall:.2f} cores); load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for e in sorted(set(errors))[:3]:
        print(f"      e.g. {e}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1000, help="watchers of the final")
    parser.add_argument("-m", type=int, default=200, help="other games at once")
    parser.add_argument("--seconds", type=float, default=40.0, help="how long the games go on")
    parser.add_argument("--client-processes", type=int, help="processes the watchers are shared among "
                                                               "(default: one per 1,000 watchers)")
    parser.add_argument("--clients", type=int, default=4, help="client processes sharing the M other games "
                                                                 "(default 4, as benchmarks/load.py)")
    parser.add_argument("--db", help="the server's database URL (default: a fresh SQLite file)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL only above 1): the "
                                                               "watchers land on every one, fed by NOTIFY")
    args = parser.parse_args()
    processes = args.client_processes or max(1, math.ceil(args.n / 1000))
    with served(db=args.db, workers=args.workers) as (port, _, cpu):
        asyncio.run(crowd(port, args.n, args.m, args.seconds, cpu, processes, args.clients))


if __name__ == "__main__":
    main()
