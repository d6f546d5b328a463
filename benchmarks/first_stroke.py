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
import tempfile
import time
import urllib.request

import websockets

from served import served


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
    with tempfile.TemporaryDirectory() as cache:
        with served({"NUMBA_CACHE_DIR": cache} if args.fresh else None) as (port, up, _cpu):
            stroke = asyncio.run(first_stroke(port))
    print(f"numba cache: {'empty (fresh install)' if args.fresh else 'as it is'}")
    print(f"start to listening: {up:.2f} s (the physics prepared before listening)")
    print(f"first stroke round trip: {stroke * 1000:.0f} ms")


if __name__ == "__main__":
    main()
