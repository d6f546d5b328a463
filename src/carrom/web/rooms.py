"""Rooms: one match each, its seats (people or bots), and every message a client may send.

The server decides everything. A client sends intents only — a strike, a placement, a
claim, conceding — for a seat it plays, when the laws wait for that seat; anything else
is answered with an error that names what is wrong, and nothing changes. Each accepted
action is stored before anybody hears of it.
"""

from __future__ import annotations

import math
import secrets
import time
import zlib
from dataclasses import dataclass, field
from typing import Any

from carrom.game import Game, GameError, StrokeReport
from carrom.players import LEVELS, make_bot
from carrom.players.driver import step
from carrom.records import dumps, load_record
from carrom.records.describe import entry_text, ruling_lines
from carrom.store import MatchRow, SeatRow, Store, StoreError
from carrom.web.views import frames_of, state_view

SEATS = ("south", "east", "north", "west")
VARIANTS = ("icf", "fr-official", "fr-simplified", "timed")
PLAYER_TYPES = ("me", "open", "bot")
INTENTS = ("join", "strike", "place", "waive", "wait", "claim", "toss", "concede", "auto")
LOG_LENGTH = 60  # rulings sent with every state


class MessageError(ValueError):
    """A message or request refused: malformed, not your seat, not your turn, against the laws. Nothing changed."""


@dataclass
class SeatInfo:
    name: str
    kind: str  # "human" or "bot"
    level: str | None = None
    token: str | None = None  # the client that plays this seat; None: open for someone to join

    def row(self, seat: str) -> SeatRow:
        return SeatRow(seat, self.name, self.kind, self.level, self.token)


def _number(msg: dict, key: str, lo: float, hi: float, *, low_open: bool = False) -> float:
    if key not in msg:
        raise MessageError(f"{msg.get('type')} needs {key}")
    value = msg[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise MessageError(f"{key} must be a number, got {value!r}")
    if value < lo or value > hi or (low_open and value == lo):
        low = f"above {lo:g}" if low_open else f"at least {lo:g}"
        raise MessageError(f"{key} {value:g} is out of range: {low} and at most {hi:g}")
    return float(value)


def _name(value: Any, default: str) -> str:
    if value is None:
        return default
    if not isinstance(value, str):
        raise MessageError("a name is text")
    value = " ".join(value.split())[:60]
    return value or default


def bot_seed(room_id: str, seat: str) -> int:
    """A bot's seed, the same after a restart (its choices are in the record anyway)."""
    return zlib.crc32(f"{room_id}:{seat}".encode())


@dataclass
class Room:
    id: str
    game: Game
    seats: dict[str, SeatInfo]
    store: Store
    bots: dict[str, Any] = field(default_factory=dict)
    since: float = field(default_factory=time.time)  # when the laws began to wait for the current action

    def __post_init__(self) -> None:
        for seat, info in self.seats.items():
            if info.kind == "bot":
                self.bots[seat] = make_bot(info.level or "intermediate", seed=bot_seed(self.id, seat))

    # -- making ------------------------------------------------------------------------

    @classmethod
    def create(cls, store: Store, body: Any) -> tuple["Room", str]:
        """A new room from ``{"variant", "players": {seat: {"type": me|open|bot, "name", "level"}}}``.

        Returns it and the creator's token, which plays every seat of type "me".
        """
        if not isinstance(body, dict):
            raise MessageError("a new match is a JSON object with variant and players")
        variant = body.get("variant", "icf")
        if variant not in VARIANTS:
            raise MessageError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
        players = body.get("players")
        if not isinstance(players, dict) or not players:
            raise MessageError("players: give south and north (singles) or all four seats (doubles)")
        unknown = sorted(set(players) - set(SEATS))
        if unknown:
            raise MessageError(f"players: {unknown[0]!r} is not a seat (south, east, north, west)")
        if set(players) not in ({"south", "north"}, set(SEATS)):
            raise MessageError("players: give south and north (singles) or all four seats (doubles)")
        first = body.get("first_breaker", "south")
        if first not in players:
            raise MessageError(f"first_breaker must be one of the seats played: {', '.join(players)}")
        token = secrets.token_urlsafe(18)
        seats: dict[str, SeatInfo] = {}
        for seat in SEATS:
            if seat not in players:
                continue
            p = players[seat]
            if not isinstance(p, dict):
                raise MessageError(f"players.{seat} must be an object with a type: me, open or bot")
            kind = p.get("type", "me")
            if kind not in PLAYER_TYPES:
                raise MessageError(f"players.{seat}.type must be me, open or bot, not {kind!r}")
            if kind == "bot":
                level = p.get("level", "intermediate")
                if level not in LEVELS:
                    raise MessageError(f"players.{seat}.level must be one of {', '.join(LEVELS)}, not {level!r}")
                seats[seat] = SeatInfo(_name(p.get("name"), f"Computer ({level})"), "bot", level)
            else:
                seats[seat] = SeatInfo(_name(p.get("name"), seat.capitalize()), "human", None,
                                       token if kind == "me" else None)
        try:
            game = Game.new({s: i.name for s, i in seats.items()}, variant=variant, first_breaker=first)
        except GameError as exc:
            raise MessageError(str(exc)) from None
        room = cls(secrets.token_urlsafe(16), game, seats, store)
        store.create(room.id, variant=variant, kind=game.record.header.kind, title=room.title(),
                     seats=[i.row(s) for s, i in seats.items()], record=dumps(game.record))
        return room, token

    @classmethod
    def load(cls, store: Store, row: MatchRow) -> "Room":
        """A stored match, rebuilt stroke by stroke (the physics is deterministic)."""
        game = Game.resume(load_record(row.record))
        seats = {r.seat: SeatInfo(r.name, r.kind, r.level, r.token) for r in row.seats}
        return cls(row.id, game, seats, store)

    def reload(self) -> None:
        """Back to what the store holds (after a write failed): the store is the truth."""
        row = self.store.get(self.id)
        if row is not None:
            fresh = Room.load(self.store, row)
            self.game, self.seats = fresh.game, fresh.seats

    def title(self) -> str:
        table = self.game.state.table
        return " v ".join(" & ".join(self.seats[s.value].name for s in table.seats_of(side)) for side in (0, 1))

    # -- who plays what -----------------------------------------------------------------------

    def seats_of(self, token: str | None) -> list[str]:
        return [s for s, i in self.seats.items() if token and i.token == token]

    def open_seats(self) -> list[str]:
        return [s for s, i in self.seats.items() if i.kind == "human" and i.token is None]

    def join(self, seat: Any, name: Any, token: str | None = None) -> str:
        """Someone takes an open seat; returns the token that now plays it (``token`` if given)."""
        if seat not in SEATS:
            raise MessageError(f"join which seat? one of {', '.join(self.open_seats()) or 'none: every seat is taken'}")
        info = self.seats.get(seat)
        if info is None:
            raise MessageError(f"nobody plays {seat} in this match")
        if info.kind != "human" or info.token is not None:
            raise MessageError(f"{seat} is taken" + (f"; open: {', '.join(self.open_seats())}" if self.open_seats()
                                                     else "; you can watch"))
        token = token or secrets.token_urlsafe(18)
        new_name = _name(name, info.name)
        self.store.seat_player(self.id, seat, new_name, token)
        info.token, info.name = token, new_name
        try:
            self.store.set_title(self.id, self.title())
        except StoreError:
            pass  # the title is cosmetic; the seat is what matters
        return token

    # -- acting ---------------------------------------------------------------------------

    def _seat(self, token: str | None, msg: dict) -> str:
        mine = self.seats_of(token)
        seat = msg.get("seat")
        if seat is None:  # a client acting for several seats may leave it to the server: the seat in turn
            exp = self.game.expected()
            if exp is not None and exp[1] in mine:
                return exp[1]
            if not mine:
                raise MessageError("you are watching: join a free seat to play")
            raise MessageError(f"it is not your turn: the laws wait for {exp[1]} to {exp[0]}" if exp else
                               "the match is over")
        if seat not in SEATS:
            raise MessageError(f"seat must be south, east, north or west, not {seat!r}")
        if seat not in mine:
            raise MessageError(f"you do not play {seat} in this match" +
                               (f" (you play {', '.join(mine)})" if mine else " (you are watching)"))
        return seat

    def handle(self, token: str | None, msg: Any) -> list[dict[str, Any]]:
        """Apply one intent; returns the updates to broadcast, each stored before it is returned."""
        if not isinstance(msg, dict):
            raise MessageError("a message is a JSON object with a type")
        kind = msg.get("type")
        if kind not in INTENTS:
            raise MessageError(f"unknown message type {kind!r}; the types are {', '.join(INTENTS)}")
        if kind == "join":
            raise MessageError("join is answered by the connection, not the room")  # handled in app.py
        seat = self._seat(token, msg)
        if self.game.over and kind != "concede":
            raise MessageError("the match is over")
        before = len(self.game.record.entries)
        shot: StrokeReport | None = None
        try:
            if kind == "strike":
                along = _number(msg, "along", -0.5, 0.5)
                angle = _number(msg, "angle", -math.pi, math.pi)
                if "power" in msg:
                    speed = _number(msg, "power", 0.0, 1.0, low_open=True) * self.game.params.max_speed
                elif "speed" in msg:
                    speed = _number(msg, "speed", 0.0, self.game.params.max_speed, low_open=True)
                else:
                    raise MessageError("strike needs power (0 to 1) or speed (m/s)")
                shot = self.game.strike(seat, along, angle, speed)
            elif kind == "place":
                x, y = _number(msg, "x", -0.5, 0.5), _number(msg, "y", -0.5, 0.5)
                coin = msg.get("coin")
                if coin is not None and coin not in ("white", "black", "queen"):
                    raise MessageError(f"coin must be white, black or queen, not {coin!r}")
                self.game.place(seat, x, y, coin)
            elif kind == "waive":
                self.game.waive(seat)
            elif kind == "wait":
                self.game.wait(seat)
            elif kind == "claim":
                points = msg.get("points")
                if isinstance(points, bool) or not isinstance(points, int) or points < 0:
                    raise MessageError(f"points must be a whole number, 0 or more, got {points!r}")
                exp = self.game.expected()
                limit = self.game.state.claim.most if self.game.state.claim is not None else 0
                if exp == ("claim", seat) and points > limit:
                    raise MessageError(f"at most {limit} extra points may be claimed now (ICF 87 b)")
                self.game.claim(seat, points)
            elif kind == "toss":  # the seat asked won the toss for the tie-break board (ICF 56 b)
                winner = msg.get("winner", seat)
                if winner not in self.seats:
                    raise MessageError(f"winner must be a seat of this match, not {winner!r}")
                self.game.toss(seat, winner)
            elif kind == "concede":
                what = msg.get("what", "board")
                if what not in ("board", "game", "match"):
                    raise MessageError(f"concede what? board, game or match, not {what!r}")
                self.game.concede(seat, what)
            elif kind == "auto":  # "let the computer play for me": this action, or to the end of the board
                exp = self.game.expected()
                if exp is None or exp[1] != seat:
                    raise MessageError(f"it is not {seat}'s turn" + (f": the laws wait for {exp[1]} to {exp[0]}"
                                                                     if exp else ""))
                if msg.get("until") == "board":
                    return self._auto_board(token)
                result = step(self.game, {seat: self._helper()})
                shot = result if isinstance(result, StrokeReport) else None
        except GameError as exc:
            raise MessageError(str(exc)) from None
        return [self._commit(before, shot)]

    def _helper(self) -> Any:
        return make_bot("intermediate", seed=len(self.game.record.entries))

    def _auto_board(self, token: str | None) -> list[dict[str, Any]]:
        """The computer plays this client's seats, and the bots theirs, until the board ends or another person is to act."""
        mine = set(self.seats_of(token))
        helper = self._helper()
        where = (self.game.state.game_index, self.game.state.board_index)
        updates = []
        while (exp := self.game.expected()) is not None and where == (self.game.state.game_index,
                                                                      self.game.state.board_index):
            if exp[1] not in mine and exp[1] not in self.bots:
                break
            before = len(self.game.record.entries)
            result = step(self.game, {s: helper for s in mine} | self.bots)
            updates.append(self._commit(before, result if isinstance(result, StrokeReport) else None))
            if len(updates) > 1000:
                break
        return updates

    def bot_to_act(self) -> bool:
        exp = self.game.expected()
        return exp is not None and exp[1] in self.bots

    def bot_turn(self) -> dict[str, Any] | None:
        """If the laws wait for a bot, let it act; returns the update (stored), else None."""
        if not self.bot_to_act():
            return None
        before = len(self.game.record.entries)
        try:
            result = step(self.game, self.bots)
        except GameError:
            self.reload()
            raise
        return self._commit(before, result if isinstance(result, StrokeReport) else None)

    def _commit(self, before: int, shot: StrokeReport | None) -> dict[str, Any]:
        """Store what was done since ``before`` entries, then describe it; a failed write undoes it."""
        new = self.game.record.entries[before:]
        state = self.game.state
        result = ""
        if state.over and state.winner is not None:
            result = " & ".join(self.seats[s.value].name for s in state.table.seats_of(state.winner)) + " won"
        if new:
            try:
                self.store.append(self.id, before, [e.to_dict() for e in new], dumps(self.game.record),
                                  over=state.over, result=result)
            except StoreError as exc:
                self.reload()
                raise MessageError(f"{exc}; nothing was changed") from None
            self.since = time.time()
        notice = None
        if shot is not None and not shot.completed:
            notice = "the striker did not leave the baseline and touched nothing: not a stroke, strike again (ICF 127 b)"
        return self.view(shot, notice=notice)

    # -- what everybody sees -------------------------------------------------------------------

    def log(self, limit: int = LOG_LENGTH) -> list[dict[str, Any]]:
        """The latest rulings, oldest first: each action in words with the referee's decisions and laws."""
        header = self.game.record.header
        entries = self.game.record.entries
        rulings = self.game.match.rulings
        start = max(0, len(entries) - limit)
        return [{"n": i + 1, "seat": entries[i].seat, "action": entry_text(entries[i], header),
                 "lines": ruling_lines(rulings[i]) if i < len(rulings) else []}
                for i in range(start, len(entries))]

    def view(self, shot: StrokeReport | None = None, *, notice: str | None = None) -> dict[str, Any]:
        out = state_view(self.game, {s: (i.name, i.kind, i.level, i.kind == "human" and i.token is None)
                                     for s, i in self.seats.items()})
        out.update({"room": self.id, "log": self.log(), "since": self.since, "now": time.time(),
                    "title": self.title()})
        if notice:
            out["notice"] = notice
        if shot is not None:
            out["shot"] = frames_of(shot.shot, shot.seat)
        return out
