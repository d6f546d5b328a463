"""Rooms: one match each, its seats (people or bots), and every message a client may send.

The server decides everything. A client sends intents only — a strike, a placement, a
claim, conceding — for a seat its token controls, when the laws wait for that seat;
anything else is answered with an error and changes nothing. Each accepted action is
stored before anybody hears of it.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from carrom.equipment import STANDARD_BOARD
from carrom.game import Game, GameError, StrokeReport
from carrom.players import LEVELS, make_bot
from carrom.players.driver import step
from carrom.records import dumps, load_record
from carrom.rules import Coin, Seat
from carrom.store import Store

SEATS = ("south", "east", "north", "west")
VARIANTS = ("icf", "fr-official", "fr-simplified", "timed")
ANIMATION_FPS = 30


class MessageError(ValueError):
    """A message refused: malformed, not your seat, not your turn, against the laws. Nothing changed."""


@dataclass
class SeatInfo:
    name: str
    kind: str  # "human" or "bot"
    level: str | None = None
    token: str | None = None  # the client that plays this seat; None: open for someone to join

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level, "token": self.token}


def _number(msg: dict, key: str, lo: float | None = None, hi: float | None = None) -> float:
    value = msg.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise MessageError(f"{key} must be a number, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise MessageError(f"{key} must be between {lo} and {hi}, got {value}")
    return float(value)


@dataclass
class Room:
    id: str
    game: Game
    seats: dict[str, SeatInfo]
    store: Store
    bots: dict[str, Any] = field(default_factory=dict)
    log: list[dict[str, Any]] = field(default_factory=list)  # recent rulings, newest last

    def __post_init__(self) -> None:
        for seat, info in self.seats.items():
            if info.kind == "bot":
                self.bots[seat] = make_bot(info.level or "intermediate", seed=hash((self.id, seat)) & 0xFFFF)

    # -- making ------------------------------------------------------------------------

    @classmethod
    def create(cls, store: Store, variant: str, players: dict[str, dict[str, Any]]) -> tuple["Room", str]:
        """A new room; returns it and the creator's token (which plays every seat marked "me")."""
        if variant not in VARIANTS:
            raise MessageError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
        if not isinstance(players, dict) or set(players) not in ({"south", "north"}, set(SEATS)):
            raise MessageError("players: give south and north (singles) or all four seats (doubles)")
        token = secrets.token_urlsafe(16)
        seats: dict[str, SeatInfo] = {}
        for seat in SEATS:
            if seat not in players:
                continue
            p = players[seat]
            if not isinstance(p, dict):
                raise MessageError(f"players.{seat} must be an object")
            kind = p.get("type", "me")
            name = str(p.get("name") or "").strip()[:60]
            if kind == "bot":
                level = p.get("level", "intermediate")
                if level not in LEVELS:
                    raise MessageError(f"players.{seat}.level must be one of {', '.join(LEVELS)}")
                seats[seat] = SeatInfo(name or f"{level.capitalize()} bot", "bot", level)
            elif kind in ("me", "open"):
                seats[seat] = SeatInfo(name or seat.capitalize(), "human", None, token if kind == "me" else None)
            else:
                raise MessageError(f"players.{seat}.type must be me, open or bot, not {kind!r}")
        game = Game.new({s: i.name for s, i in seats.items()}, variant=variant)
        room = cls(secrets.token_urlsafe(12), game, seats, store)
        store.create(room.id, variant, room.title(), room.seats_json(), dumps(game.record))
        return room, token

    @classmethod
    def load(cls, store: Store, row) -> "Room":
        """A stored match, rebuilt stroke by stroke (the physics is deterministic)."""
        game = Game.resume(load_record(row.record))
        seats = {s: SeatInfo(d["name"], d["kind"], d.get("level"), d.get("token")) for s, d in row.seats.items()}
        return cls(row.id, game, seats, store)

    @classmethod
    def replay_view(cls, store: Store, row, step: int) -> dict[str, Any]:
        """The match as it stood after ``step`` actions, for replay in the browser."""
        from carrom.records import Record
        from carrom.records.describe import ruling_lines

        record = load_record(row.record)
        step = max(0, min(step, len(record.entries)))
        partial = Record(record.header, record.entries[:step], record.positions[:step])
        game = Game.resume(partial)
        seats = {s: SeatInfo(d["name"], d["kind"], d.get("level"), None) for s, d in row.seats.items()}
        room = cls(row.id, game, seats, store)
        lines = ruling_lines(game.match.rulings[-1]) if game.match.rulings else []
        return {"title": row.title, "steps": len(record.entries), "step": step, "state": room.view(), "lines": lines}

    def title(self) -> str:
        table = self.game.state.table
        return " v ".join(" & ".join(self.seats[s.value].name for s in table.seats_of(side)) for side in (0, 1))

    def seats_json(self) -> dict[str, Any]:
        return {s: i.to_dict() for s, i in self.seats.items()}

    def join(self, seat: str, name: str) -> str:
        info = self.seats.get(seat)
        if info is None:
            raise MessageError(f"nobody plays {seat!r} in this match")
        if info.kind != "human" or info.token is not None:
            raise MessageError(f"{seat} is taken")
        info.token = secrets.token_urlsafe(16)
        if name.strip():
            info.name = name.strip()[:60]
        self.store.update_seats(self.id, self.seats_json())
        return info.token

    def seats_of(self, token: str | None) -> list[str]:
        return [s for s, i in self.seats.items() if token and i.token == token]

    # -- acting ---------------------------------------------------------------------------

    def handle(self, token: str | None, msg: Any) -> list[dict[str, Any]]:
        """Apply one client message; returns the updates to broadcast (each after it was stored)."""
        if not isinstance(msg, dict):
            raise MessageError("a message is a JSON object with a type")
        kind = msg.get("type")
        if kind not in ("strike", "place", "waive", "wait", "claim", "concede", "toss", "auto"):
            raise MessageError(f"unknown message type {kind!r}")
        seat = msg.get("seat")
        if seat not in self.seats_of(token):
            raise MessageError(f"you do not play {seat!r} in this match" if seat in SEATS else
                               f"seat must be one of your seats: {', '.join(self.seats_of(token)) or 'none (watching)'}")
        before = len(self.game.record.entries)
        shot = None
        try:
            if kind == "strike":
                along = _number(msg, "along", -0.5, 0.5)
                angle = _number(msg, "angle", -math.pi, math.pi)
                if "power" in msg:
                    speed = _number(msg, "power", 0.0, 1.0) * self.game.params.max_speed
                else:
                    speed = _number(msg, "speed", 0.0, self.game.params.max_speed)
                shot = self.game.strike(seat, along, angle, speed)
            elif kind == "place":
                self.game.place(seat, _number(msg, "x", -0.4, 0.4), _number(msg, "y", -0.4, 0.4))
            elif kind == "waive":
                self.game.waive(seat)
            elif kind == "wait":
                self.game.wait(seat)
            elif kind == "claim":
                self.game.claim(seat, int(_number(msg, "points", 0, 12)))
            elif kind == "toss":  # the seat asked won the toss for the tie-break board (ICF 56 b)
                self.game.toss(seat, seat)
            elif kind == "concede":
                what = msg.get("what", "board")
                if what not in ("board", "game", "match"):
                    raise MessageError("concede what? board, game or match")
                self.game.concede(seat, what)
            elif kind == "auto":  # "let the computer play for me": this turn, or to the end of the board
                exp = self.game.expected()
                if exp is None or exp[1] != seat:
                    raise MessageError(f"it is not {seat}'s turn")
                if msg.get("until") == "board":
                    return self._auto_board(token)
                result = step(self.game, {seat: make_bot("intermediate", seed=len(self.game.record.entries))})
                shot = result if isinstance(result, StrokeReport) else None
        except GameError as exc:
            raise MessageError(str(exc)) from None
        return [self._commit(before, shot)]

    def _auto_board(self, token: str | None) -> list[dict[str, Any]]:
        """The computer plays this client's seats, and the bots theirs, until the board ends or another person is to act."""
        mine = set(self.seats_of(token))
        helper = make_bot("intermediate", seed=len(self.game.record.entries))
        where = (self.game.state.game_index, self.game.state.board_index)
        updates = []
        while (exp := self.game.expected()) is not None and where == (self.game.state.game_index,
                                                                      self.game.state.board_index):
            if exp[1] not in mine and exp[1] not in self.bots:
                break
            before = len(self.game.record.entries)
            result = step(self.game, {s: helper for s in mine} | self.bots)
            updates.append(self._commit(before, result if isinstance(result, StrokeReport) else None))
            if len(updates) > 2000:
                break
        return updates

    def bot_turn(self) -> dict[str, Any] | None:
        """If the laws wait for a bot, let it act; returns the update (stored), else None."""
        exp = self.game.expected()
        if exp is None or exp[1] not in self.bots:
            return None
        before = len(self.game.record.entries)
        result = step(self.game, self.bots)
        return self._commit(before, result if isinstance(result, StrokeReport) else None)

    def _commit(self, before: int, shot: StrokeReport | None) -> dict[str, Any]:
        from carrom.records.describe import ruling_lines

        new = self.game.record.entries[before:]
        rulings = [line for ruling in self.game.match.rulings[-len(new):] for line in ruling_lines(ruling)] if new else []
        if shot is not None and not shot.completed:
            rulings = ["the striker did not leave the baseline and touched nothing: not a stroke (ICF 127 b)"]
        state = self.game.state
        result = ""
        if state.over and state.winner is not None:
            result = " & ".join(self.seats[s.value].name for s in state.table.seats_of(state.winner)) + " won"
        self.store.append(self.id, [e.to_dict() for e in new], dumps(self.game.record), state.over, result)
        self.log = (self.log + [{"seat": (new[0].seat if new else None), "lines": rulings}])[-30:]
        return self.view(shot)

    # -- what everybody sees -------------------------------------------------------------------

    def view(self, shot: StrokeReport | None = None) -> dict[str, Any]:
        g, state = self.game, self.game.state
        board = state.board
        exp = g.expected()
        out: dict[str, Any] = {
            "type": "state",
            "room": self.id,
            "variant": state.rules.name,
            "seats": {s: {"name": i.name, "kind": i.kind, "level": i.level, "open": i.kind == "human" and i.token is None,
                          "colour": state.colour_of(Seat(s)).value, "side": state.table.side(Seat(s))}
                      for s, i in self.seats.items()},
            "expected": None if exp is None else {"kind": exp[0], "seat": exp[1]},
            "legal": [] if exp is None or exp[0] != "stroke" else [list(iv) for iv in g.legal_intervals(exp[1])],
            "layout": [{"kind": d.kind.value, "x": round(d.x, 5), "y": round(d.y, 5)} for d in g.layout.discs],
            "board": {"white": board.white, "black": board.black,
                      "queen": board.queen, "queen_side": board.queen_side,
                      "owed": [{"placer": o.placer.value, "coin": o.coin.value} for o in board.owed],
                      "debts": list(board.debts), "claimable": board.result.extra_claimable if board.claim_open else 0},
            "score": {"game": state.game_index + 1, "board": state.board_index + 1, "points": list(state.points[-1]),
                      "games_won": list(state.games_won),
                      "boards": [{"game": r.game + 1, "number": r.number, "winner": r.winner,
                                  "queen": list(r.queen), "coins": list(r.coins)} for r in state.results]},
            "over": state.over, "winner": state.winner,
            "log": self.log,
            "max_speed": g.params.max_speed,
        }
        if shot is not None:
            out["shot"] = _frames(shot)
        return out


def _frames(report: StrokeReport) -> dict[str, Any]:
    """The motion for the client to animate, sampled from the exact events."""
    frames = report.shot.sample(ANIMATION_FPS)
    kinds = [k.value for k in report.shot.kinds]
    pos = np.round(frames.positions, 5)
    data = [[None if not frames.present[f, b] else [float(pos[f, b, 0]), float(pos[f, b, 1])]
             for b in range(pos.shape[1])] for f in range(len(frames))]
    return {"fps": ANIMATION_FPS, "kinds": kinds, "frames": data, "seat": report.seat}


def geometry() -> dict[str, Any]:
    """The board's dimensions for the client (metres), from the same specification as everything else."""
    b = STANDARD_BOARD
    from carrom.equipment import CARROMMAN, STRIKER

    return {
        "half": b.half if hasattr(b, "half") else b.playing_side.value / 2,
        "outer_side": b.outer_side,
        "baseline_axis": b.baseline_axis_distance,
        "outer_circle": b.outer_circle_radius,
        "inner_circle": b.inner_circle_radius,
        "pocket_radius": b.pocket_radius,
        "coin_radius": CARROMMAN.radius,
        "striker_radius": STRIKER.radius,
    }
