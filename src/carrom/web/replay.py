"""Replay of a stored match in the browser: the state after each action, and each stroke's motion.

The record is played through once (the physics is deterministic) and kept for a few
matches; a stroke's motion is simulated again, when asked, from the discs before it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from carrom.equipment import Layout, Seat
from carrom.game import Game
from carrom.physics import Strike, simulate
from carrom.records import Record
from carrom.records.describe import entry_text, ruling_lines
from carrom.records.entries import StrokeEntry
from carrom.store import MatchRow
from carrom.web.stored import apply_entry, record_of
from carrom.web.views import motion_of, state_view


@dataclass
class Replay:
    title: str
    views: list[dict[str, Any]]  # views[n]: the match after n actions
    before: list[Layout]  # before[n]: the discs before action n + 1
    entries: list[Any]
    params: Any

    @property
    def steps(self) -> int:
        return len(self.entries)

    def step(self, n: int) -> dict[str, Any]:
        n = max(0, min(int(n), self.steps))
        out: dict[str, Any] = {"title": self.title, "steps": self.steps, "step": n, "state": self.views[n],
                               "action": None, "lines": []}
        if n > 0:
            entry = self.entries[n - 1]
            out["action"] = self.views[n]["log_entry"]["action"]
            out["lines"] = self.views[n]["log_entry"]["lines"]
            c = getattr(entry, "choice", None)
            if isinstance(entry, StrokeEntry) and c is not None:
                shot = simulate(self.before[n - 1], Strike.from_seat(Seat(entry.seat), c.along, c.angle, c.speed),
                                self.params)
                out["shot"] = motion_of(shot, entry.seat)
        return out


def build(row: MatchRow) -> Replay:
    record = record_of(row)
    game = Game.resume(Record(record.header))
    seats = {r.seat: (r.name, r.kind, r.level, False) for r in row.seats}
    views = [state_view(game, seats)]
    before: list[Layout] = []
    for i, entry in enumerate(record.entries):
        before.append(game.layout)
        if len(game.record.entries) == i:  # else the game made this entry itself (ICF 142: no room to strike)
            apply_entry(game, entry)
        view = state_view(game, seats)
        view["log_entry"] = {"n": i + 1, "seat": entry.seat, "action": entry_text(entry, record.header),
                             "lines": ruling_lines(game.match.rulings[i])}
        views.append(view)
    return Replay(row.title, views, before, list(record.entries), game.params)


class ReplayCache:
    """The last few replays built, by match and length (a match still in play grows)."""

    def __init__(self, size: int = 6) -> None:
        self.size = size
        self.items: OrderedDict[tuple[str, int], Replay] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, row: MatchRow) -> Replay:
        key = (row.id, row.actions)
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return self.items[key]
        replay = build(row)
        with self.lock:
            self.items[key] = replay
            while len(self.items) > self.size:
                self.items.popitem(last=False)
        return replay
