"""The first stroke of a freshly started server: how long from `carrom serve` to listening, and its round trip.

    python benchmarks/first_stroke.py            # with numba's cache as it is (an install already warmed)
    python benchmarks/first_stroke.py --fresh    # an empty numba cache: a fresh install

Starts `carrom serve` on a free port and a new SQLite file, creates a room for two people
on one device, connects its websocket and sends one strike; prints the seconds to listen
(the physics is prepared before), and the strike's round trip (sent to its state received).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets

SRC = Path(__file__).resolve().parents[1] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


async def first_stroke(port: int) -> float:
    body = json.dumps({"players": {"south": {"type": "me"}, "north": {"type": "me"}}}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/rooms", body, {"Content-Type": "application/json"})
    room = json.load(urllib.request.urlopen(request))
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{room['room']}?token={room['token']}",
                                  max_size=2**24) as ws:
        await ws.recv()
        start = time.perf_counter()
        await ws.send(json.dumps({"seq": 1, "type": "strike", "along": 0.0, "angle": 0.0, "power": 0.9}))
        reply = json.loads(await ws.recv())
        assert reply["type"] == "state", reply
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="an empty numba cache, as after a fresh install")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = os.environ | {"PYTHONPATH": str(SRC)} | ({"NUMBA_CACHE_DIR": tmp} if args.fresh else {})
        port = free_port()
        start = time.perf_counter()
        server = subprocess.Popen([sys.executable, "-c", "from carrom.cli.app import main; main()", "serve",
                                   "--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{tmp}/b.db"],
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            while not listening(port):
                if server.poll() is not None:
                    sys.exit(f"the server stopped: {server.stdout.read()}")
                time.sleep(0.05)
            up = time.perf_counter() - start
            stroke = asyncio.run(first_stroke(port))
        finally:
            server.terminate()
            server.wait(10)
    cache = "empty (fresh install)" if args.fresh else "as it is"
    print(f"numba cache: {cache}")
    print(f"start to listening: {up:.2f} s (the physics prepared before listening)")
    print(f"first stroke round trip: {stroke * 1000:.0f} ms")


if __name__ == "__main__":
    main()
