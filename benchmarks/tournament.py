"""Speed of the tournament core: pairing a Swiss round of 1,000 players, and their standings after 11 rounds; and
the public page of a live tournament read by a crowd while results arrive.

    python benchmarks/tournament.py                  # 1,000 players, 11 rounds, staggered pairing
    python benchmarks/tournament.py --players 200 --pairing dazed
    python benchmarks/tournament.py --spectators 2000 --players 500   # the public page (below)
    python benchmarks/tournament.py --spectators 2000 --subscribers 1600 --players 500   # most of them subscribed

Through the public functions (``carrom.tournament.pair``, ``record``, ``standings``), on an
event held in memory (the database is not timed). Every round's results are random legal
single games (SoL's format), seeded. Targets (issue 19): a round paired in at most 1 s, the
standings in at most 100 ms. Each pairing is timed once; the standings are the median of 5.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import time

from carrom.tournament import Competitor, Event, Format, Pairing, Player, Settings, pair, publish, record, standings


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spectators", type=int, default=0, help="the public page under a crowd instead (web_crowd)")
    ap.add_argument("--every", type=float, default=5.0, help="seconds between one spectator's readings (the page's)")
    ap.add_argument("--seconds", type=float, default=40.0, help="how long the crowd reads")
    ap.add_argument("--client-processes", type=int, default=0, help="processes the spectators are shared among "
                                                                   "(0: one per 500)")
    ap.add_argument("--results", type=int, default=-1, help="results the desk types across the reading (-1: every "
                                                            "table of the live round)")
    ap.add_argument("--no-validator", action="store_true", help="the spectators never send the view they hold "
                                                                "(If-None-Match): every reading a 200, as before")
    ap.add_argument("--subscribers", type=int, default=0, help="how many of the spectators subscribe to the page "
                                                               "(Server-Sent Events) instead of reading it again")
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--pairing", default="staggered", choices=[p.value for p in Pairing])
    ap.add_argument("--seed", type=int, default=0)
    opts = ap.parse_args()
    if opts.spectators:
        import asyncio

        asyncio.run(web_crowd(opts.players, opts.spectators, opts.every, opts.seconds, opts.seed,
                              opts.client_processes, not opts.no_validator, opts.results, opts.subscribers))
        return
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


WEB_ROUNDS = 3  # rounds played before the crowd comes; the next one's results arrive while it reads


def prepare(url: str, n_players: int, games) -> tuple[int, dict[str, str]]:
    """The live tournament, made with the desk's own steps (carrom.desk.service and the core) straight into the
    database the server will open: ``WEB_ROUNDS`` rounds played, the next published; its desk key."""
    from carrom.desk import TournamentStore
    from carrom.desk import service
    from carrom.tournament import parse_games

    store = TournamentStore(url)
    eid, event = service.register(store, "Crowd Open", service.settings_of(),
                                  [service.Entry(f"First{i}", f"Last{i:04d}") for i in range(1, n_players + 1)])
    for number in range(1, WEB_ROUNDS + 2):
        event = publish(pair(event))
        if number <= WEB_ROUNDS:
            for m in event.round_matches(number):
                if m.side2 is not None:
                    event = record(event, number, m.table, parse_games(games()))
    store.save(eid, event, "the benchmark's rounds")
    service.set_desk_key(store, eid, "benchmark-key")
    store.close()
    return eid, {"X-Desk-Key": "benchmark-key"}


async def reader(port: int, path: str, every: float, start: float, stop: float, seed: int, validator: bool,
                 out: dict) -> None:
    """One spectator as a browser is: one kept-alive connection, a reading every ``every`` s (in random phase),
    gzip taken, and (``validator``) the view it holds named in ``If-None-Match``, so an unchanged page is a 304.
    HTTP/1.1 by hand on asyncio's streams: the client's own CPU stays small beside the server's."""
    import asyncio

    rng = random.Random(seed)
    etag = None
    connection = await asyncio.open_connection("127.0.0.1", port)
    await asyncio.sleep(max(0.0, start - time.monotonic()) + rng.random() * every)

    async def get() -> tuple[int, dict[str, str], bytes]:
        ask = f"If-None-Match: {etag}\r\n" if validator and etag else ""
        stream, writer = connection
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n{ask}\r\n".encode())
        head = await stream.readuntil(b"\r\n\r\n")
        fields = {k.lower(): v for k, v in (line.split(": ", 1) for line in head.decode("latin-1").split("\r\n")[1:]
                                            if ": " in line)}
        return int(head[9:12]), fields, head + await stream.readexactly(int(fields.get("content-length", 0)))

    try:
        while time.monotonic() < stop:
            began = time.monotonic()
            try:
                status, fields, answer = await get()
            except (OSError, asyncio.IncompleteReadError):  # the server closed the kept-alive connection (its idle
                out["reconnects"] += 1  # timeout): a browser opens another and asks again, its wait included
                connection[1].close()
                connection = await asyncio.open_connection("127.0.0.1", port)
                status, fields, answer = await get()
            out["waits"].append(time.monotonic() - began)
            out["status"][status] = out["status"].get(status, 0) + 1
            out["bytes"] += len(answer)
            etag = fields.get("etag", etag)
            await asyncio.sleep(max(0.0, every - (time.monotonic() - began)))
    except (OSError, asyncio.IncompleteReadError) as exc:
        out["errors"].append(f"{exc.__class__.__name__}: {exc}")
    finally:
        connection[1].close()


async def subscriber(port: int, path: str, until: list[float], out: dict, settled: list) -> None:
    """One spectator as the page is with EventSource: the view read once (gzip), then subscribed holding its version
    (``/feed?held=``); each server-sent event noted with the moment it arrived (the machine's monotonic clock, the
    same in every process), its version, and whether it was changes from the version held (else the view whole).
    HTTP/1.1 by hand: the stream is chunked, each event in one chunk or several. Subscribed before the readers
    begin (``settled`` says so, or that it failed); listens until ``until[0]``."""
    import asyncio
    from urllib.parse import quote

    joined = False
    try:
        stream, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n".encode())
        head = (await stream.readuntil(b"\r\n\r\n")).decode("latin-1")
        fields = {k.lower(): v for k, v in (line.split(": ", 1) for line in head.split("\r\n")[1:] if ": " in line)}
        await stream.readexactly(int(fields["content-length"]))
        held = fields["etag"]  # the view itself not parsed: a client niced on a loaded machine that took longer than
        # the server's keep-alive (30 s) between its two requests found its connection closed
        writer.write(f"GET {path}/feed?held={quote(held)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        head = (await stream.readuntil(b"\r\n\r\n")).decode("latin-1")
        if " 200 " not in head.split("\r\n")[0] + " ":
            raise OSError(f"subscription refused: {head.splitlines()[0]}")
        settled.append(True)
        joined = True
        raw, text = b"", b""  # the chunked stream as read, and the events' text taken out of its chunks
        ended = False
        while not ended and time.monotonic() < until[0]:
            try:  # what has arrived, whole (as a browser takes it): not a line and a chunk at a time, which cost
                # this process more than the server its sending, and delayed the later subscribers' "seen"
                block = await asyncio.wait_for(stream.read(1 << 18), 1.0)
            except asyncio.TimeoutError:
                continue
            if not block:
                break
            seen = time.monotonic()
            raw += block
            while (end := raw.find(b"\r\n")) >= 0:
                size = int(raw[:end], 16)
                if len(raw) < end + 2 + size + 2:
                    break  # the rest of the chunk is on its way
                if not size:
                    ended = True  # the stream's last chunk
                    break
                text += raw[end + 2:end + 2 + size]
                raw = raw[end + 2 + size + 2:]
            while b"\n\n" in text:
                event, text = text.split(b"\n\n", 1)
                lines = dict(line.split(b": ", 1) for line in event.split(b"\n") if b": " in line)
                if b"data" not in lines:
                    continue  # a keep-alive comment
                kind = lines[b"event"].decode()
                data = lines[b"data"]  # {"base":"W/\"...\"","ops":...}: the base read without parsing the changes
                if kind == "patch" and data[9:data.index(b'","ops"')].replace(b'\\"', b'"').decode() != held:
                    out["missed"] += 1
                held = lines[b"id"].decode()
                out["events"].append((held, seen, kind, len(event)))
                out["bytes"] += len(event)
    except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
        out["errors"].append(f"subscriber: {exc.__class__.__name__}: {exc}")
        if not joined:
            settled.append(False)
    finally:
        with contextlib.suppress(NameError):
            writer.close()


def reading(port: int, path: str, n: int, every: float, seconds: float, seed: int, validator: bool, pipe,  # noqa: ANN001
            subscribers: int = 0) -> None:
    """A client process's main: ``n`` spectators from the moment told, for ``seconds``, the first ``subscribers`` of
    them subscribed (``subscriber``, ready before that moment), the others reading (``reader``); sends back the
    readers' waits, the answers' statuses, the bytes read, the events the subscribers got, the errors and this
    process's own CPU seconds while they read."""
    import asyncio

    async def main() -> dict:
        out: dict = {"waits": [], "status": {}, "bytes": 0, "errors": [], "reconnects": 0, "events": [], "missed": 0}
        settled: list = []
        until = [float("inf")]
        listening = [asyncio.ensure_future(subscriber(port, path, until, out, settled)) for _ in range(subscribers)]
        while len(settled) < subscribers:  # every subscriber in (or failed) before the readers begin
            await asyncio.sleep(0.05)
        pipe.send("ready")
        start = await asyncio.to_thread(pipe.recv)  # the moment to begin, on the machine's monotonic clock
        until[0] = start + seconds
        cpu0 = time.process_time()
        await asyncio.gather(*(reader(port, path, every, start, start + seconds, seed * 100_003 + i, validator, out)
                               for i in range(n - subscribers)), *listening)
        out["cpu"] = time.process_time() - cpu0
        out["subscribed"] = settled.count(True)
        return out

    import uvloop  # the server's loop (uvicorn's): a client costing less leaves the machine's cores to the server

    pipe.send(uvloop.run(main()))


async def web_crowd(n_players: int, n_spectators: int, every: float, seconds: float, seed: int,
                    processes: int = 0, validator: bool = True, results: int = -1, subscribers: int = 0) -> None:
    """A fresh `carrom serve` (SQLite) on a Swiss of ``n_players`` (``prepare``: ``WEB_ROUNDS`` rounds played,
    the next published, written straight into its database); then ``n_spectators`` read the public page (``GET
    /api/t/ID``, as a browser does: gzip, a kept-alive connection each, the held view's validator, so an unchanged
    page is a 304) every ``every`` seconds each, in random phase, for ``seconds``, while the desk types that round's
    results one by one across the time (``results`` of them; -1: every table). ``subscribers`` of the spectators
    subscribe instead (``subscriber``: the view read once, then each new version sent). The spectators are shared
    among ``processes`` client processes (default one per 500). Prints p50, p99 and max of the readers' waits, of the
    subscribers' (from the moment the desk sent a result to the moment each subscriber had its version, and from the
    desk's answer, which is when the server sends it) and of the desk's; the answers (200 with the view, 304
    without); the server's CPU and the clients' own, each per reading, so a reader can tell which one set the pace;
    and the load average (clients and server share the machine's cores)."""
    import asyncio
    import math
    import multiprocessing
    import os
    import sys
    import tempfile
    from pathlib import Path

    import httpx

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from served import served

    rng = random.Random(seed)

    def games() -> str:
        a, b = rng.randint(0, 24), rng.randint(0, 24)
        return f"25-{a} 25-{b}" if rng.random() < 0.5 else f"{a}-25 {b}-25"

    tmp = tempfile.mkdtemp()
    url = f"sqlite:///{tmp}/crowd.db"
    eid, key = prepare(url, n_players, games)  # in this process: the setup is not what is measured
    processes = processes or max(1, math.ceil(n_spectators / 500))
    with served(db=url) as (port, _, cpu):
        base = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(base_url=base, timeout=120) as client:  # the desk's: one client, a few requests
            async def step(what: str, **body):
                r = await client.post(f"/api/desk/{eid}/{what}", headers=key, json=body)
                assert r.status_code == 200, r.text
                return r.json()

            state = await step("announce", round=WEB_ROUNDS + 1, table=1)  # the desk's view, the round published
            live = [m["table"] for m in state["rounds"][-1]["matches"] if len(m["sides"]) == 2]
            live = live if results < 0 else live[:results]
            first = await client.get(f"/api/t/{eid}", headers={"Accept-Encoding": "gzip"})
            print(f"the public view: {len(first.content):,} bytes of JSON ({first.headers.get('content-length')} "
                  f"gzipped), {n_players} players, round {WEB_ROUNDS + 1} live; {n_spectators} spectators in "
                  f"{processes} client process(es), a reading every {every:g} s each"
                  f"{'' if validator else ', no validator sent (every reading a 200)'}", flush=True)
            pipes, clients = [], []
            for k in range(processes):
                share = n_spectators // processes + (k < n_spectators % processes)
                mine, theirs = multiprocessing.Pipe()
                subs = subscribers // processes + (k < subscribers % processes)
                proc = multiprocessing.get_context("spawn").Process(
                    target=reading, args=(port, f"/api/t/{eid}", share, every, seconds, seed + k, validator, theirs,
                                          min(subs, share)))
                proc.start()
                pipes.append(mine)
                clients.append(proc)
            for pipe in pipes:
                assert await asyncio.to_thread(pipe.recv) == "ready"
            start = time.monotonic() + 1.0
            for pipe in pipes:
                pipe.send(start)
            await asyncio.sleep(max(0.0, start - time.monotonic()))
            desk_waits: list[float] = []
            versions: dict[str, tuple[float, float]] = {}  # each result's version: when it was sent, answered
            cpu0, wall = cpu(), time.monotonic()

            async def desk() -> None:
                pause = seconds / (len(live) + 1)
                for table in live:
                    await asyncio.sleep(pause)
                    if time.monotonic() >= start + seconds:
                        return
                    began = time.monotonic()
                    await step("result", round=WEB_ROUNDS + 1, table=table, games=games())
                    answered = time.monotonic()
                    desk_waits.append(answered - began)
                    if subscribers:  # the version the result made (kept before the desk's answer)
                        etag = (await client.get(f"/api/t/{eid}", headers={"Accept-Encoding": "gzip"})).headers["etag"]
                        versions.setdefault(etag, (began, answered))

            await desk()
            got = [await asyncio.to_thread(pipe.recv) for pipe in pipes]
            used, wall = cpu() - cpu0, time.monotonic() - wall
            for proc in clients:
                proc.join(60)
            last = (await client.get(f"/api/t/{eid}")).json()
            typed = sum(1 for m in last["rounds"][-1]["matches"] if m.get("result"))
    waits = [w for g in got for w in g["waits"]]
    events = [e for g in got for e in g["events"]]
    typed_to_seen = [at - versions[etag][0] for etag, at, _, _ in events if etag in versions]
    answer_to_seen = [at - versions[etag][1] for etag, at, _, _ in events if etag in versions]
    status: dict[int, int] = {}
    for g in got:
        for code, count in g["status"].items():
            status[code] = status.get(code, 0) + count
    errors = [e for g in got for e in g["errors"]]
    clients_cpu, readings = sum(g["cpu"] for g in got), max(1, len(waits) + len(events))
    print(f"{'':<24} {'count':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for name, values in (("spectators' readings", waits), ("subscribers: typed to seen", typed_to_seen),
                         ("subscribers: sent to seen", answer_to_seen), ("the desk's results", desk_waits)):
        if len(values) >= 2:
            q = statistics.quantiles(values, n=100, method="inclusive")
            print(f"{name:<24} {len(values):>8} {q[49] * 1000:>8.0f} {q[98] * 1000:>8.0f} {max(values) * 1000:>8.0f}")
    print(f"answers: {', '.join(f'{count} x {code}' for code, count in sorted(status.items()))}; "
          f"{sum(g['bytes'] for g in got) / readings:,.0f} bytes a reading; connections reopened "
          f"{sum(g['reconnects'] for g in got)}; errors {len(errors)}")
    print(f"results typed meanwhile: {len(desk_waits)} (the public view shows {typed} of round {WEB_ROUNDS + 1})")
    if subscribers:
        kinds = [k for _, _, k, _ in events]
        print(f"subscribers: {sum(g.get('subscribed', 0) for g in got)} of {subscribers} subscribed; "
              f"{len(events)} versions received ({kinds.count('patch')} as changes, "
              f"{kinds.count('view')} whole, {sum(n for *_, n in events) / max(1, len(events)):,.0f} bytes each on "
              f"average); changes from a version not held {sum(g['missed'] for g in got)}")
    print(f"server CPU {used:.1f} s in {wall:.0f} s ({used / wall:.2f} cores), {used * 1000 / readings:.2f} ms a "
          f"reading (a reader's, or a version a subscriber got; the desk's results included); the clients' CPU "
          f"{clients_cpu:.1f} s ({clients_cpu / wall:.2f} cores), {clients_cpu * 1000 / readings:.2f} ms a reading; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores  [target p99 <= 100 ms]")
    for e in sorted(set(errors))[:3]:
        print(f"      e.g. {e}")


if __name__ == "__main__":
    main()
