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
cheaply as they can, in four processes (``--clients``): they stand for browsers on other
machines, and share these cores. (In one process, their one event loop was itself the
bottleneck of a long run, at 87 % of a core reading states of 35 kB, and its delays were
counted as the server's.)

The soak (``--soak SECONDS``): one server, N games at once for that long, each game that ends
replaced by a new one (a new room, a new client), and a row every ``--every`` seconds for
that interval alone: strokes a second, p50, p99 and max round trip, errors, games finished
and started, the server's CPU per stroke, its resident memory (all its processes) and the
database's size (SQLite's file with its log, or PostgreSQL's ``pg_database_size``): whether
it wears down over time. Its games are played as
matches are: a board is conceded (ICF 139) after 20 to 60 strokes (``--board``), so a match
ends after some hundreds of actions, as a real one does, and a new game takes its place;
random strokes alone seldom end a board, and the matches would grow for the whole soak.
Every client plays the toss of a tie-break board, and after a refusal waits a second and
connects again, taking its room's state afresh.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import multiprocessing
import os
import queue
import random
import statistics
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable

import orjson
import sqlalchemy
import websockets
from sqlalchemy.engine import make_url

from served import resident_bytes, served

PLAYERS = {"south": {"type": "me", "name": "A"}, "north": {"type": "me", "name": "B"}}


def new_room(port: int) -> dict:
    body = json.dumps({"players": PLAYERS}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/rooms", body, {"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))


def move(state: dict, rng: random.Random) -> dict:
    """A legal answer to what the laws wait for in ``state``: a stroke at random from the legal stretches, the toss of
    a tie-break board won by a seat at random, no claim, a placement waived."""
    kind = state["expected"]["kind"]
    if kind == "stroke":
        lo, hi = rng.choice(state["legal"])
        return {"type": "strike", "along": rng.uniform(lo, hi), "angle": rng.uniform(-1.2, 1.2),
                "speed": rng.uniform(1.0, 6.5)}
    if kind == "toss":
        return {"type": "toss", "winner": rng.choice(["south", "north"])}
    return {"type": "claim", "points": 0} if kind == "claim" else {"type": "waive"}


async def player(port: int, room: dict, seconds: float, seed: int, trips: list[float], errors: list[str],
                 at: list[float] | None = None, board: tuple[int, int] | None = None) -> bool:
    """One client playing ``room`` for ``seconds`` at a stroke a second; each stroke's round trip in ``trips`` (and
    when it came back in ``at``); True if the match ended.

    It plays what the laws wait for: a stroke (at random from the legal stretches), the toss of a tie-break board
    (won by a seat at random), a claim (none), a placement (waived). With ``board`` (least, most strokes), the side
    to play concedes the board (ICF 139) once it has lasted a number of strokes drawn from that range, as players
    end a board in minutes: random strokes alone seldom end one, and a soak's matches would grow for the hour. A
    refusal is counted, and the client waits a second and connects again, taking the room's state afresh."""
    rng = random.Random(seed)
    state: dict = {}
    url = f"ws://127.0.0.1:{port}/ws/{room['room']}?token={room['token']}"
    end, seq, played, length = time.monotonic() + seconds, 0, 0, board and rng.randint(*board)
    first = True
    while time.monotonic() < end:
        try:
            async with websockets.connect(url, max_size=2**26) as ws:
                state = orjson.loads(await ws.recv())
                if first:  # the clients do not all strike at the same instant
                    await asyncio.sleep(rng.uniform(0, 1))
                    first = False
                while time.monotonic() < end and state.get("expected"):
                    seq += 1
                    if board and state["expected"]["kind"] == "stroke" and played >= length:
                        msg, played, length = {"type": "concede", "what": "board"}, 0, rng.randint(*board)
                    else:
                        msg = move(state, rng)
                        played += msg["type"] == "strike"
                    sent = time.monotonic()
                    await ws.send(json.dumps(msg | {"seq": seq}))
                    reply = orjson.loads(await ws.recv())
                    if reply["type"] != "state":
                        errors.append(reply.get("message", str(reply)))
                        break  # out of step with the room, or refused: take its state again, in a second
                    state = reply
                    if msg["type"] == "strike":
                        trips.append(time.monotonic() - sent)
                        if at is not None:
                            at.append(time.monotonic())
                        await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - sent)))
                else:
                    return bool(state) and not state.get("expected")
        except (OSError, websockets.WebSocketException) as exc:
            errors.append(f"{exc.__class__.__name__}: {exc}")
        await asyncio.sleep(1.0)
    return bool(state) and not state.get("expected")


def client(port: int, seats: list[int], n: int, seconds: float, board: tuple[int, int] | None, soak: bool,
           out: Any, go: Any) -> None:
    """A client process: the ``seats`` of the N (a room each, replaced when its game ends if ``soak``), played for
    ``seconds`` from ``go``; what they measure goes to ``out`` a second at a time: ``("played", [(when, round
    trip)], [error], finished, started)``, then ``("done",)``. Several share the N, as browsers on other machines
    would: one event loop for all of them was itself the bottleneck of a long run (its states of 35 kB to read)."""
    asyncio.run(_client(port, seats, n, seconds, board, soak, out, go))


async def _client(port: int, seats: list[int], n: int, seconds: float, board: tuple[int, int] | None, soak: bool,
                  out: Any, go: Any) -> None:
    trips: list[float] = []
    at: list[float] = []
    errors: list[str] = []
    games = [0, 0]  # finished, started
    rooms = {} if soak else {i: await asyncio.to_thread(new_room, port) for i in seats}
    out.put(("ready",))
    await asyncio.to_thread(go.wait)
    end = time.monotonic() + seconds

    async def seat(i: int) -> None:
        seed = i
        while time.monotonic() < end:
            room = rooms.pop(i, None) or await asyncio.to_thread(new_room, port)
            games[1] += 1
            over = await player(port, room, end - time.monotonic(), seed, trips, errors, at, board if soak else None)
            games[0] += over
            seed += n
            if not soak:
                return
            if not over:  # time is up, or the client failed (counted in errors): a new game if time is left
                await asyncio.sleep(1.0)

    sent = [0, 0, 0, 0]  # strokes, errors, finished and started games sent so far

    def flush() -> None:
        count, failed = len(trips), len(errors)
        out.put(("played", list(zip(at[sent[0]:count], trips[sent[0]:count])), errors[sent[1]:failed],
                 games[0] - sent[2], games[1] - sent[3]))
        sent[:] = [count, failed, *games]

    async def every_second() -> None:
        while True:
            await asyncio.sleep(1.0)
            flush()

    sender = asyncio.create_task(every_second())
    await asyncio.gather(*(seat(i) for i in seats))
    sender.cancel()
    flush()
    out.put(("done",))


class Clients:
    """The client processes of one run and what they have measured so far (gathered on a thread of this one)."""

    def __init__(self, port: int, n: int, seconds: float, board: tuple[int, int] | None, soak: bool,
                 processes: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.out, self.go = context.Queue(), context.Event()
        shares = [list(range(k, n, processes)) for k in range(min(processes, n))]
        self.procs = [context.Process(target=client, args=(port, share, n, seconds, board, soak, self.out, self.go),
                                      daemon=True) for share in shares]
        self.played: list[tuple[float, float]] = []  # (when it came back, the round trip)
        self.errors: list[str] = []
        self.games = [0, 0]  # finished, started
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.finished = 0  # processes that have said they are done
        for proc in self.procs:
            proc.start()
        for _ in self.procs:
            if self._next() != ("ready",):
                raise SystemExit("a client process failed before it was ready (its traceback is above)")
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def start(self) -> None:
        self.go.set()

    def _next(self) -> tuple:
        """The next report of a client process; ("done",) for one that died without saying so."""
        while True:
            try:
                item = self.out.get(timeout=5.0)
            except queue.Empty:
                if sum(not proc.is_alive() for proc in self.procs) > self.finished:
                    item = ("done",)  # a process gone without its last report (its traceback is on stderr)
                else:
                    continue
            self.finished += item == ("done",)
            return item

    def _read(self) -> None:
        while self.finished < len(self.procs):
            item = self._next()
            if item[0] == "done":
                continue
            _, played, errors, finished, started = item
            with self.lock:
                self.played += played
                self.errors += errors
                self.games[0] += finished
                self.games[1] += started
        self.done.set()

    def wait(self) -> None:
        self.done.wait()
        for proc in self.procs:
            proc.join()


def load(port: int, n: int, seconds: float, cpu: Callable[[], float], processes: int) -> tuple[list[float], list[str], float]:
    """The round trips of the strokes, the errors, and the server's CPU seconds while the rooms played."""
    clients = Clients(port, n, seconds, None, False, processes)
    before = cpu()
    clients.start()
    clients.wait()
    return [trip for _, trip in clients.played], clients.errors, cpu() - before


def kinds_of(errors: list[str]) -> str:
    """The errors by kind with their counts ("TimeoutError ×3, stale ×1"): the kind is the message up to its first
    colon (an exception's class, or the server's refusal), so a row says what went wrong, not only how often."""
    counts = collections.Counter(e.split(":", 1)[0].strip() or "?" for e in errors)
    return ", ".join(f"{kind} ×{n}" for kind, n in counts.most_common())


def database_size(url: str) -> Callable[[], float]:
    """The database at ``url``'s size in MB, read at each call: an SQLite file with its write-ahead log, a PostgreSQL
    database as its server reports it (``pg_database_size``); NaN for another kind (the row then says nan)."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite" and parsed.database not in (None, "", ":memory:"):
        file = Path(parsed.database)
        return lambda: sum(f.stat().st_size for f in file.parent.glob(file.name + "*")) / 1e6
    if backend != "postgresql":
        return lambda: float("nan")
    engine = sqlalchemy.create_engine(url, poolclass=sqlalchemy.pool.NullPool)

    def size() -> float:
        with engine.connect() as conn:
            return conn.execute(sqlalchemy.text("select pg_database_size(current_database())")).scalar_one() / 1e6

    return size


def soak(port: int, n: int, seconds: float, every: float, cpu: Callable[[], float], db_size: Callable[[], float],
         board: tuple[int, int] | None, processes: int) -> None:
    """N games for ``seconds``, each game that ends replaced by a new one; a row of figures every ``every`` s."""
    print(f"{'minute':>6} {'strokes/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>7} {'games':>11} "
          f"{'cpu ms/stroke':>14} {'RSS MB':>7} {'db MB':>6} {'load avg':>9}", flush=True)
    clients = Clients(port, n, seconds, board, True, processes)
    start = last = time.monotonic()
    end, last_cpu, done = start + seconds, cpu(), [0, 0, 0]  # errors, finished, started so far
    clients.start()
    while time.monotonic() < end - 1.0:
        time.sleep(min(every, max(0.0, end - time.monotonic())))
        now = time.monotonic()
        now_cpu, interval = cpu(), now - last
        with clients.lock:
            window = [trip for when, trip in clients.played if last < when <= now]
            errors, games = list(clients.errors), list(clients.games)
        last = now
        q = statistics.quantiles(window, n=100, method="inclusive") if len(window) > 1 else [float("nan")] * 99
        size = db_size()
        print(f"{(now - start) / 60:>6.1f} {len(window) / interval:>10.1f} {q[49] * 1000:>8.0f} "
              f"{q[98] * 1000:>8.0f} {max(window, default=float('nan')) * 1000:>8.0f} {len(errors) - done[0]:>7} "
              f"{games[0] - done[1]:>5}/{games[1] - done[2]:<5} {(now_cpu - last_cpu) * 1000 / max(len(window), 1):>14.2f} "
              f"{resident_bytes(cpu.args[0]) / 1e6:>7.0f} {size:>6.1f} {os.getloadavg()[0]:>9.1f}", flush=True)
        if len(errors) > done[0]:
            print(f"{'':>6} errors: {kinds_of(errors[done[0]:])}", flush=True)
        done, last_cpu = [len(errors), games[0], games[1]], now_cpu
    clients.wait()
    if clients.errors:
        print(f"errors, all: {kinds_of(clients.errors)}")
    for e in sorted(set(clients.errors))[:3]:
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
    parser.add_argument("--board", default="20-60", metavar="LEAST-MOST",
                        help="the soak: a board is conceded after this many strokes, drawn at random ('none': "
                             "never, and the matches of random strokes seldom end)")
    parser.add_argument("--clients", type=int, default=4, metavar="PROCESSES",
                        help="client processes sharing the N rooms (default 4)")
    args = parser.parse_args()
    try:
        board = None if args.board == "none" else tuple(int(part) for part in args.board.split("-", 1))
    except ValueError:
        board = ()
    if board is not None and (len(board) != 2 or not 1 <= board[0] <= board[1]):
        parser.error(f"--board: LEAST-MOST strokes, as 20-60, or none; got {args.board!r}")
    if args.clients < 1:
        parser.error(f"--clients: one process or more; got {args.clients}")
    if args.soak:
        with tempfile.TemporaryDirectory() as tmp:
            db = args.db or f"sqlite:///{tmp}/soak.db"
            db_size = database_size(db)
            with served(db=db, workers=args.workers) as (port, _, cpu):
                print(f"soak: {(args.n or [200])[0]} games for {args.soak:g} s on {db.split(':', 1)[0]}, "
                      f"{args.workers} process(es); a row per {args.every:g} s", flush=True)
                soak(port, (args.n or [200])[0], args.soak, args.every, cpu, db_size, board, args.clients)
        return
    print(f"{'N':>5} {'strokes/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>7} {'cpu ms/stroke':>14} "
          f"{'load avg':>9}")
    for n in args.n or [10, 50, 100, 200]:
        with served(db=args.db, workers=args.workers) as (port, _, cpu):
            trips, errors, used = load(port, n, args.seconds, cpu, args.clients)
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
