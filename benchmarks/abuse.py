"""An attacker's benchmark (issue 43): each attack against a real `carrom serve`, its cost (wall time, the
server's CPU, the answer) beside another client's p99 latency in the same run.

    python benchmarks/abuse.py [--slow 2000]

The victim reads `GET /api/umpire/options` every 20 ms throughout; the attacks run one after another from
127.0.0.1 with the server's default limits (only the requests a second per address lifted, for the victim):
the SoL bombs (a billion laughs, a gzip of 64 MB, YAML nested 5,000 deep), deep JSON on the desk, and
slowloris (N half-sent requests: how many the server still holds after 1 s and after its header deadline).
"""

from __future__ import annotations

import argparse
import gzip
import socket
import statistics
import threading
import time

import httpx

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
        f"slowloris ({args.slow})": lambda port: slowloris(port, args.slow),
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


if __name__ == "__main__":
    main()
