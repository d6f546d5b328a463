"""Latency of a practice prediction through the HTTP API (POST /api/practice/predict), on a real `carrom serve`.

    python benchmarks/practice.py [--requests 200]

Prints p50 and p99 of the round trip for the break (19 pieces, a hard stroke: the most events) and for a
drill's few pieces, after one warm-up request each; and the time of the master bot's shot on a drill,
the first time (computed) and the second (cached).
"""

from __future__ import annotations

import argparse
import statistics
import time

import httpx

from served import served


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=200)
    args = ap.parse_args()
    with served() as (port, _up, _cpu), httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
        opening = client.get("/api/practice/opening").json()["position"]
        drill = client.get("/api/practice/drills").json()[0]
        cases = {"break, 19 pieces, 6.5 m/s": (opening, {"along": 0.0, "angle": 0.0, "speed": 6.5}),
                 f"drill '{drill['id']}', {len(drill['position']['pieces'])} pieces, 2 m/s":
                     (drill["position"], {"along": -0.1, "angle": 0.2, "speed": 2.0})}
        for name, (position, aim) in cases.items():
            body = {"position": position, "aim": aim}
            client.post("/api/practice/predict", json=body).raise_for_status()  # warm: compile, connect
            times = []
            for _ in range(args.requests):
                start = time.perf_counter()
                client.post("/api/practice/predict", json=body).raise_for_status()
                times.append((time.perf_counter() - start) * 1000)
            print(f"predict, {name:32s}: p50 {percentile(times, 50):6.1f} ms   p99 {percentile(times, 99):6.1f} ms"
                  f"   ({args.requests} requests)")
        for when in ("first", "cached"):
            start = time.perf_counter()
            client.get(f"/api/practice/drills/{drill['id']}/bot").raise_for_status()
            print(f"the master bot's shot on drill '{drill['id']}', {when}: {(time.perf_counter() - start) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
