"""Replay of a stored match in the browser: the state after each action, and each stroke's motion.

The record is played through once (the physics is deterministic) and kept for a few
matches; a stroke's motion is simulated again, when asked, from the discs before it, with
the record's physics. A record an umpire scored at a real table (the tablet, or a file
imported there) has no positions: its replay gives what the referee knows after each
entry — the coins on the board, the queen, the score — and ``positions`` is false.

``outline()``: the whole match at once (each action in words with its rulings, where each
board starts); ``step(n)``: the match after n actions, that action, and its motion.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from carrom.equipment import Layout
from carrom.game.seats import board_seat, seat_named
from carrom.game import Game
from carrom.physics import Strike, simulate
from carrom.records import Record, load_record, referee
from carrom.records.entries import StrokeEntry
from carrom.store import MatchRow
from carrom.store.umpire import UmpireRow
from carrom.web.stored import apply_entry, record_of
from carrom.i18n.said import sent
from carrom.web.views import log_entry, motion_of, state_view


@dataclass
class Replay:
    title: str
    views: list[dict[str, Any]]  # views[n]: the match after n actions
    before: list[Layout | None]  # before[n]: the discs before action n + 1 (None: not recorded)
    entries: list[Any]
    params: Any

    @property
    def steps(self) -> int:
        return len(self.entries)

    @property
    def positions(self) -> bool:
        """Were the discs' positions recorded (a match played in the app), or only the score (an umpire's)?"""
        return all(b is not None for b in self.before)

    def outline(self) -> dict[str, Any]:
        """Every action in words with its rulings, and the step where each board starts (to jump to)."""
        boards: list[dict[str, int]] = []
        for n, view in enumerate(self.views):
            where = {"game": view["score"]["game"], "board": view["score"]["board"]}
            if not boards or {"game": boards[-1]["game"], "board": boards[-1]["board"]} != where:
                boards.append({**where, "step": n})
        actions = [{"n": n, "game": self.views[n - 1]["score"]["game"], "board": self.views[n - 1]["score"]["board"],
                    "action": self.views[n]["log_entry"]["action"], "lines": self.views[n]["log_entry"]["lines"],
                    "said": self.views[n]["log_entry"]["said"],
                    "stroke": isinstance(self.entries[n - 1], StrokeEntry)} for n in range(1, self.steps + 1)]
        return {"title": self.title, "steps": self.steps, "positions": self.positions, "boards": boards,
                "actions": actions}

    def step(self, n: int) -> dict[str, Any]:
        n = max(0, min(int(n), self.steps))
        out: dict[str, Any] = {"title": self.title, "steps": self.steps, "step": n, "state": self.views[n],
                               "positions": self.positions, "action": None, "lines": []}
        if n > 0:
            entry = self.entries[n - 1]
            out["action"] = self.views[n]["log_entry"]["action"]
            out["lines"] = self.views[n]["log_entry"]["lines"]
            out["said"] = self.views[n]["log_entry"]["said"]
            c = getattr(entry, "choice", None)
            before = self.before[n - 1]
            if isinstance(entry, StrokeEntry) and c is not None and before is not None:
                shot = simulate(before, Strike.from_seat(board_seat(seat_named(entry.seat)), c.along, c.angle, c.speed), self.params)
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
        view["log_entry"] = log_entry(i, entry, record.header, game.match.ruling(i))  # not all copied: n², n actions
        views.append(view)
    return Replay(row.title, views, before, list(record.entries), game.params)


def build_umpire(row: UmpireRow) -> Replay:
    """An umpire's record: after each entry what the referee knows, in the shape of the live page's state
    (``layout`` empty: the positions at a real table are not recorded)."""
    record = load_record(row.record, replay=False)
    header = record.header
    match = referee.new_match(header)
    views = [_umpire_view(match, header)]
    for i, entry in enumerate(record.entries):
        ruling = match.play(referee.to_action(entry))
        view = _umpire_view(match, header)
        view["log_entry"] = log_entry(i, entry, header, ruling)
        views.append(view)
    return Replay(row.title, views, [None] * len(record.entries), list(record.entries), None)


def _umpire_view(match: Any, header: Any) -> dict[str, Any]:
    """The referee's snapshot in the fields of ``views.state_view`` the replay page reads (renderScore)."""
    snap = referee.snapshot(match, header)
    sides = header.sides()
    side_of = {seat: k for k in (0, 1) for seat in sides[k]}
    return {
        "type": "state", "variant": header.variant, "layout": [],
        "seats": {seat: {"name": header.players[seat].name, "side": side_of[seat], "colour": snap.colours[seat]}
                  for seat in header.players},
        "sides": [header.side_name(sides[0]), header.side_name(sides[1])],
        "board": {"white": snap.on_board.get("white", 0), "black": snap.on_board.get("black", 0),
                  "queen": snap.queen_state, "queen_words": snap.queen, "debts": list(snap.debts),
                  "owed": [{"placer": p, "coin": c, "waiting": False} for p, c in snap.owed]},
        "score": {"game": snap.game + 1, "board": snap.board + 1, "points": list(snap.game_points),
                  "games_won": list(snap.games_won),
                  "boards": [{"game": r.game + 1, "number": r.board + 1, "winner": r.winner, "queen": list(r.queen),
                              "coins": list(r.coins), "law": r.law, "text": str(r.text), "said": sent(r.text)}
                             for r in referee.board_results(match, header)]},
        "expected": None if snap.to_act is None else {"kind": snap.to_act, "seat": snap.seat},
        "over": snap.over, "winner": snap.winner,
    }


class Kept:
    """The last ``size`` things made (a replay, an outline, a scorecard), by key: a match's id and version (each
    action makes a new version; a version never changes), so a match asked again costs nothing to make again."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[tuple[str, ...], Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[str, ...], make: Any) -> Any:
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return self.items[key]
        made = make()
        with self.lock:
            self.items[key] = made
            while len(self.items) > self.size:
                self.items.popitem(last=False)
        return made


class ReplayCache:
    """The replays built (the last few: each holds the match after every action), and what is made from them or from
    the record for anyone who asks (the outline, the scorecard: many more, they are small), per version of a match."""

    def __init__(self, size: int = 6, made: int = 512) -> None:
        self.replays = Kept(size)
        self.made = Kept(made)

    def get(self, row: MatchRow) -> Replay:
        return self.replays.get(("match", row.id, str(row.version)), lambda: build(row))

    def get_umpire(self, row: UmpireRow) -> Replay:
        return self.replays.get(("umpire", row.id, str(row.revision)), lambda: build_umpire(row))

    def outline(self, row: MatchRow) -> dict[str, Any]:
        """The replay's outline of this version of the match (``Replay.outline``)."""
        return self.made.get(("outline", row.id, str(row.version)), lambda: self.get(row).outline())

    def umpire_outline(self, row: UmpireRow) -> dict[str, Any]:
        return self.made.get(("umpire-outline", row.id, str(row.revision)), lambda: self.get_umpire(row).outline())

    def made_once(self, what: str, row: MatchRow, make: Any) -> Any:
        """Anything else made from one version of the match (the scorecard's page), made once."""
        return self.made.get((what, row.id, str(row.version)), make)
