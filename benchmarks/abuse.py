"""An attacker's benchmark (issue 43): each attack against a real `carrom serve`, its cost (wall time, the
server's CPU, the answer) beside another client's p99 latency in the same run.

    python benchmarks/abuse.py [--slow 2000]

The victim reads `GET /api/umpire/options` every 20 ms throughout; the attacks run one after another from
127.0.0.1 with the server's default limits (only the requests a second per address lifted, for the victim):
the SoL bombs (a billion laughs, a gzip of 64 MB, YAML nested 5,000 deep), deep JSON on the desk, a number of
5,000 digits, slowloris (N half-sent requests: how many the server still holds after 1 s and after its header
deadline), the stallers (20 watchers of a played room that never read: how long until the server has let every
socket go), an opening storm (300 websockets opened at once from one address: how many it takes, and how many
log lines it writes) and, on a server of its own, the stop (SIGTERM with a staller attached: seconds to exit).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import random
import signal
import socket
import statistics
import threading
import time

import httpx
import websockets

from load import move, new_room
from served import served

LIMITS = {"CARROM_LIMITS": "http_per_address=100000/second"}


def laughs(levels: int = 9, width: int = 9) -> bytes:
    lines = ["a0: &a0 [lol]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * width)}]" for i in range(1, levels)]
    return ("\n".join(lines) + "\n").encode()


class Victim(threading.Thread):
    """Another client, reading every 20 ms; its latencies kept per attack."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port, self.stop, self.times = port, threading.Event(), []

    def run(self) -> None:
        with httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=60) as client:
            while not self.stop.is_set():
                start = time.perf_counter()
                client.get("/api/umpire/options")
                self.times.append(time.perf_counter() - start)
                time.sleep(0.02)

    def p99(self, since: int) -> str:
        seen = sorted(self.times[since:])
        return f"{seen[int(0.99 * (len(seen) - 1))] * 1000:.0f} ms ({len(seen)})" if seen else "-"


def post(port: int, path: str, body: bytes) -> str:
    r = httpx.post(f"http://127.0.0.1:{port}{path}", content=body, timeout=120, headers={"X-File-Name": "bomb.sol"})
    return f"{r.status_code} {r.json().get('error', '')[:60]}"


def slowloris(port: int, n: int) -> str:
    held = []
    for _ in range(n):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=2)
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            s.setblocking(False)
            held.append(s)
        except OSError:
            pass

    def alive() -> int:
        count = 0
        for s in held:
            try:
                count += s.recv(1) != b""
            except BlockingIOError:
                count += 1
            except OSError:
                pass
        return count

    time.sleep(1)
    after_1 = alive()
    time.sleep(10.5)
    after_deadline = alive()
    for s in held:
        s.close()
    return f"{n} sent: {after_1} held after 1 s, {after_deadline} after 11.5 s"


def established(port: int, peers: set[int]) -> int:
    """The server's TCP connections on ``port`` to these client ports still established, from /proc/net/tcp (its
    side of them: the client's may linger after the server has let go)."""
    count = 0
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        local, remote, state = line.split()[1:4]
        count += (int(local.split(":")[1], 16) == port and int(remote.split(":")[1], 16) in peers
                  and state == "01")
    return count


async def staller(port: int, room: str, stop: asyncio.Event, ports: set[int] | None = None) -> None:
    """A watcher that never reads (a 4 kB receive buffer); its own port put in ``ports``."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    if ports is not None:
        ports.add(sock.getsockname()[1])
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{room}", sock=sock, max_queue=1, ping_interval=None,
                                      compression=None, max_size=2**26, open_timeout=30):
            await stop.wait()
    except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
        pass


async def stallers(port: int, n: int = 20, seconds: float = 40.0) -> str:
    """``n`` stallers on a room whose player strokes as fast as the room answers: the seconds (and strokes, each a
    state of some tens of kB to every watcher) until the server holds none of them."""
    room = await asyncio.to_thread(new_room, port)
    stop, ports = asyncio.Event(), set()
    tasks = [asyncio.create_task(staller(port, room["room"], stop, ports)) for _ in range(n)]
    await asyncio.sleep(1.5)  # past the second the openings a second are counted over
    base = established(port, ports)
    rng, start, gone, strokes = random.Random(3), time.monotonic(), None, 0
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{room['room']}?token={room['token']}",
                                  max_size=2**26) as ws:
        state = json.loads(await ws.recv())
        while time.monotonic() - start < seconds and state.get("expected"):
            await ws.send(json.dumps(move(state, rng) | {"seq": strokes + 1}))
            reply = json.loads(await ws.recv())
            state, strokes = (reply, strokes + 1) if reply.get("type") == "state" else (state, strokes)
            if established(port, ports) == 0:
                gone = time.monotonic() - start
                break
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    held = established(port, ports)
    return (f"{n} stallers ({base} sockets): all let go after {gone:.1f} s and {strokes} strokes" if gone is not None
            else f"{n} stallers ({base} sockets): {held} still held after {seconds:.0f} s and {strokes} strokes")


async def storm(port: int, n: int = 300) -> str:
    """``n`` websocket openings at once from one address (the server's default limits)."""
    room = await asyncio.to_thread(new_room, port)

    async def one() -> bool:
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{room['room']}", open_timeout=30) as ws:
                await ws.recv()
                return True
        except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
            return False
    taken = sum(await asyncio.gather(*(one() for _ in range(n))))
    return f"{n} openings: {taken} taken, {n - taken} refused"


def hold_a_staller(port: int, release: threading.Event) -> None:
    """A staller on a new room of ``port`` until ``release`` (in a thread of its own)."""
    async def run() -> None:
        room = await asyncio.to_thread(new_room, port)
        stop = asyncio.Event()
        task = asyncio.create_task(staller(port, room["room"], stop))
        await asyncio.to_thread(release.wait)
        stop.set()
        await task
    asyncio.run(run())


def stop_drill() -> str:
    """A server of its own, a staller attached, then SIGTERM: the seconds until the server has exited."""
    said = ""
    try:
        with served() as (port, _, cpu):
            pid, release = cpu.args[0], threading.Event()
            holder = threading.Thread(target=hold_a_staller, args=(port, release), daemon=True)
            holder.start()
            time.sleep(2)
            start = time.perf_counter()
            os.killpg(pid, signal.SIGTERM)
            while time.perf_counter() - start < 60 and open(f"/proc/{pid}/stat").read().split()[2] != "Z":
                time.sleep(0.05)  # a child of this process: a zombie once it has exited
            said = f"SIGTERM with a staller attached: exited after {time.perf_counter() - start:.1f} s"
            release.set()
            holder.join(5)
    except ProcessLookupError:  # served() sends its own SIGTERM on leaving, to a server gone already
        pass
    return said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=2000, help="half-sent requests of the slowloris")
    args = parser.parse_args()
    bomb = gzip.compress(b"# " + b" " * 64_000_000 + b"\n")  # made before the clock starts
    attacks = {
        "billion laughs (0.4 kB)": lambda port: post(port, "/api/desk/import", laughs()),
        "gzip of 64 MB (62 kB)": lambda port: post(port, "/api/desk/import", bomb),
        "YAML nested 5,000 deep": lambda port: post(port, "/api/desk/import", b"[" * 5000 + b"]" * 5000),
        "JSON nested 5,000 deep on the desk": lambda port: post(port, "/api/desk",
                                                                b'{"players": ' + b"[" * 5000 + b"]" * 5000 + b"}"),
        "a number of 5,000 digits on the umpire's import": lambda port: post(
            port, "/api/umpire/import", b'{"header": {"x": ' + b"9" * 5000 + b"}}"),
        f"slowloris ({args.slow})": lambda port: slowloris(port, args.slow),
        "20 stallers on a played room": lambda port: asyncio.run(stallers(port)),
        "300 websocket openings at once": lambda port: asyncio.run(storm(port)),  # last: it spends the minute's
    }
    with served(LIMITS) as (port, _, cpu):
        victim = Victim(port)
        victim.start()
        time.sleep(2)
        print(f"{'attack':38} {'wall':>7} {'server CPU':>10}  victim p99 (n)   answer")
        print(f"{'(none: 2 s quiet)':38} {'':>7} {'':>10}  {victim.p99(0):15}")
        for name, attack in attacks.items():
            since, used, start = len(victim.times), cpu(), time.perf_counter()
            answer = attack(port)
            print(f"{name:38} {time.perf_counter() - start:6.2f}s {cpu() - used:9.2f}s  {victim.p99(since):15}  "
                  f"{answer}")
        victim.stop.set()
        print(f"victim overall: median {statistics.median(victim.times) * 1000:.1f} ms")
    start = time.perf_counter()
    print(f"{'the stop (a server of its own)':38} {'':>7} {'':>10}  {'':15}  {stop_drill()}"
          f" ({time.perf_counter() - start:.1f} s in all)")


if __name__ == "__main__":
    main()
