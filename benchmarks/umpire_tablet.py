"""The tablet umpire's cost per tap on a long record: ruling and saving an entry, and the page's state.

    python benchmarks/umpire_tablet.py               # 1000 entries (a long match)
    python benchmarks/umpire_tablet.py --entries 200

Strokes that pocket nothing, alternating turns, are entered through the terminal's session
saving to an in-memory SQLite database exactly as the web app does; the figures are the
mean time of one entry (rule and save) and of the state sent back and broadcast.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from carrom.records import dumps
from carrom.records.header import Header, Player, Toss
from carrom.records.record import Record
from carrom.records.tablet import SinkSession, view
from carrom.store import Store
from carrom.store.umpire import UmpireStore


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1000)
    n = parser.parse_args().entries
    header = Header("icf", "singles", {"south": Player("Asha"), "north": Player("Ravi")}, "south",
                    Toss("south", "break"))
    store = UmpireStore(Store("sqlite://"))
    record = Record(header)
    store.create("m", "0" * 64, "bench", dumps(record), 0, False)
    revision = [0]

    def sink(rec: Record) -> None:
        revision[0] = store.save("m", revision[0], dumps(rec), title="bench", entries=len(rec.entries), over=False)

    session = SinkSession(record, Path("m.json"), sink=sink)
    t = time.perf_counter()
    for _ in range(n):
        session.enter("-")
    entry = (time.perf_counter() - t) / n
    t = time.perf_counter()
    for _ in range(20):
        view(session)
    shown = (time.perf_counter() - t) / 20
    print(f"{n} entries: {entry * 1000:.1f} ms per entry (ruled and saved), {shown * 1000:.1f} ms for the state at the end")


if __name__ == "__main__":
    main()
