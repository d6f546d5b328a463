"""Rooms: one match each, its seats (people or bots), and every message a client may send.

The server decides everything. A client sends intents only — a strike, a placement, a
claim, conceding — for a seat it plays, when the laws wait for that seat; anything else
is answered with an error that names what is wrong, and nothing changes. Each accepted
action is stored before anybody hears of it: appended to the match's log, made from the
version of the match this room holds; if another server wrote the match meanwhile, the
room is read again from the store and the intent tried once more on the fresh match.
"""

from __future__ import annotations

import json
import secrets
import time
import zlib
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

import orjson

from carrom.equipment import Disc, Layout, PieceKind
from carrom.game import Game, GameError, StrokeReport
from carrom.game.seats import seat_named
from carrom.rules import Seat
from carrom.i18n import N_
from carrom.physics import PhysicsParams, board_speed
from carrom.players import make_bot
from carrom.players.driver import step
from carrom.records import dumps
from carrom.store import Action, ConflictError, MatchRow, SeatRow, SeatTakenError, Store, StoreError
from carrom.web.messages import (
    BOARD_SPEEDS, INTENTS, SEATS, VARIANTS, Intent, MessageError, RoomRequest, room_request, store_refusal, worded,
)
from carrom.web.stored import caught_up, record_of

__all__ = ["BOARD_SPEEDS", "INTENTS", "SEATS", "VARIANTS", "MessageError", "Room", "SeatInfo"]  # a room's vocabulary, from messages
from carrom.web.views import SAID, log_entry, motion_of, noticed, seats_said, state_view

LOG_LENGTH = 60  # rulings sent with every state
BOT_SECONDS = 1.0  # a bot's decision at most (the master's; besides its count of simulations): a person is waiting


# it is not your turn: what the laws wait for, and from whom (a refusal's words, carrom.i18n.said)
WAITING = {"stroke": N_("it is not your turn: the laws wait for {seat} to stroke"),
           "place": N_("it is not your turn: the laws wait for {seat} to place"),
           "claim": N_("it is not your turn: the laws wait for {seat} to claim"),
           "toss": N_("it is not your turn: the laws wait for {seat} to toss")}

@dataclass
class SeatInfo:
    name: str
    kind: str  # "human" or "bot"
    level: str | None = None
    token: str | None = None  # the client that plays this seat; None: open for someone to join

    def row(self, seat: str) -> SeatRow:
        return SeatRow(seat, self.name, self.kind, self.level, self.token)


def snapshot(game: Game) -> str:
    """The discs on the board after the record's last action: with the record, the game without the physics (orjson:
    one is written with every action)."""
    return orjson.dumps({"actions": len(game.record.entries),
                         "discs": [[d.kind.value, d.x, d.y] for d in game.layout.discs]}).decode()


def snapshot_layout(text: str | None, actions: int) -> Layout | None:
    """The discs of a snapshot taken after ``actions`` actions; None if there is none, or it is of another point."""
    if not text:
        return None
    try:
        data = json.loads(text)
        if data["actions"] != actions:
            return None
        return Layout(tuple(Disc(PieceKind(kind), float(x), float(y)) for kind, x, y in data["discs"]))
    except (ValueError, KeyError, TypeError):  # an unreadable snapshot: the record alone still resumes the match
        return None


def bot_seed(room_id: str, seat: str) -> int:
    """A bot's seed, the same after a restart (its choices are in the record anyway)."""
    return zlib.crc32(f"{room_id}:{seat}".encode())


@dataclass
class Room:
    id: str
    game: Game
    seats: dict[str, SeatInfo]
    store: Store
    invite: str | None = None  # the key of the invitation link: who holds it may take a free seat
    public: bool = False  # listed under "Past matches" for anyone to watch
    adjourned: datetime | None = None  # closed for want of play; the next action resumes it
    clocks: bool = False  # chosen at creation: the server runs the clocks of the laws (carrom.web.clocks)
    bots: dict[str, Any] = field(default_factory=dict)
    since: float = field(default_factory=time.time)  # when the laws began to wait for the current action
    version: int = 0  # the stored match's version this room holds: its next write is made from it
    _log: dict[int, tuple[bool, Any]] = field(default_factory=dict, repr=False)  # each action in words, once: (ruled, its JSON)
    _log_of: Any = field(default=None, repr=False)  # the game those words are of
    timekeeper: Any = field(default=None, repr=False)  # its live match's clocks (MatchClock): the deadline stored with an action

    def __post_init__(self) -> None:
        for seat, info in self.seats.items():
            if info.kind == "bot":
                self.bots[seat] = make_bot(info.level or "intermediate", seed=bot_seed(self.id, seat),
                                           seconds=BOT_SECONDS)

    # -- making ------------------------------------------------------------------------

    @classmethod
    def create(cls, store: Store, body: Any, physics: PhysicsParams | None = None) -> tuple["Room", str]:
        """A new room from ``{"variant", "players": {seat: {"type": me|open|bot, "name", "level"}}}``.

        Returns it and the creator's token, which plays every seat of type "me". ``physics``: the server's own
        board (``carrom serve --physics FILE``), played on the medium board speed (the default) in its stead.
        """
        request: RoomRequest = room_request(body)
        token = secrets.token_urlsafe(18)
        seats: dict[str, SeatInfo] = {}
        for seat, p in request.players.items():
            if p.type == "bot":
                seats[seat] = SeatInfo(p.name or f"Computer ({p.level})", "bot", p.level)
            else:
                seats[seat] = SeatInfo(p.name or seat.capitalize(), "human", None, token if p.type == "me" else None)
        try:
            game = Game.new({s: i.name for s, i in seats.items()}, variant=request.variant,
                            first_breaker=request.first_breaker,
                            params=physics if physics is not None and request.board_speed == "medium"
                            else board_speed(request.board_speed))
        except GameError as exc:
            raise MessageError.refused(exc, "bad_message") from None
        invite = secrets.token_urlsafe(16) if any(i.kind == "human" and i.token is None for i in seats.values()) else None
        room = cls(secrets.token_urlsafe(16), game, seats, store, invite, request.public, clocks=request.clocks)
        store.create(room.id, variant=request.variant, kind=game.record.header.kind, title=room.title(),
                     seats=[i.row(s) for s, i in seats.items()], record=dumps(game.record), invite=invite,
                     public=request.public, browser=request.browser)
        return room, token

    @classmethod
    def load(cls, store: Store, row: MatchRow) -> "Room":
        """A stored match: from its snapshot (the discs now) and the referee, else stroke by stroke (deterministic)."""
        record = record_of(row)
        layout = snapshot_layout(row.snapshot, len(record.entries))
        game = Game.resume(record) if layout is None else Game.restore(record, layout)
        seats = {r.seat: SeatInfo(r.name, r.kind, r.level, r.token) for r in row.seats}
        return cls(row.id, game, seats, store, row.invite, row.public, row.adjourned, version=row.version)

    def reload(self) -> None:
        """Back to what the store holds (after a write failed, or another server wrote it): the store is the truth."""
        row = self.store.get(self.id)
        if row is not None:
            fresh = Room.load(self.store, row)
            self.game, self.seats, self.version = fresh.game, fresh.seats, fresh.version
            self.invite, self.adjourned = fresh.invite, fresh.adjourned
            for seat in set(self.bots) - set(fresh.bots):
                del self.bots[seat]

    def catch_up(self) -> dict[str, Any] | None:
        """Another server wrote the match: its new actions played here (the same physics: the same entries), else the
        match read again; the update for this server's clients (with the last stroke's motion), or None if nothing new."""
        row = self.store.get(self.id)
        if row is None or row.version <= self.version:
            return None
        known = len(self.game.record.entries)
        shot = None
        renamed = any(r.seat in self.seats and self.seats[r.seat].name != r.name for r in row.seats)
        logged_after = row.tail[0].number > known if row.tail else row.actions != known
        try:
            if renamed or logged_after:  # a seat taken rewrote the record: read it all again
                raise GameError("the match's record was written again")
            report = caught_up(self.game, row.tail)
            shot = report if report is not None and report.completed else None
        except (GameError, ValueError):
            self.game = Room.load(self.store, row).game
        for r in row.seats:
            self.seats[r.seat] = SeatInfo(r.name, r.kind, r.level, r.token)
        self.version, self.invite, self.adjourned, self.since = row.version, row.invite, row.adjourned, time.time()
        return self.view(shot)

    def title(self) -> str:
        table = self.game.state.table
        return " v ".join(" & ".join(self.seats[s.value].name for s in table.seats_of(side)) for side in (0, 1))

    # -- who plays what -----------------------------------------------------------------------

    def seats_of(self, token: str | None) -> list[str]:
        """The seats ``token`` plays, compared in constant time (a reply's timing tells nothing of a seat's token)."""
        given = (token or "").encode("utf-8", "surrogatepass")
        return [s for s, i in self.seats.items()
                if given and i.token and secrets.compare_digest(i.token.encode(), given)]

    def open_seats(self) -> list[str]:
        return [s for s, i in self.seats.items() if i.kind == "human" and i.token is None]

    def links(self) -> dict[str, str | None]:
        """The room's two links: to watch (the room's id), and to take a free seat (with the invitation's key)."""
        watch = f"/room/{self.id}"
        return {"watch": watch, "invite": f"{watch}#invite={self.invite}" if self.invite and self.open_seats() else None}

    def join(self, seat: str | None, new_name: str | None, token: str | None = None, invite: str | None = None) -> str:
        """Someone holding the invitation takes an open seat; returns the token that now plays it (``token`` if given)."""
        if not (self.invite and invite and secrets.compare_digest(invite, self.invite)):
            raise MessageError(SAID.gettext("joining needs the invitation link: this link only lets you watch"), "refused")
        if seat is None:
            raise MessageError(SAID.gettext("join which seat? one of {seats}", seats=seats_said(self.open_seats()))
                               if self.open_seats() else SAID.gettext("join which seat? none: every seat is taken"))
        info = self.seats.get(seat)
        if info is None:
            raise MessageError(SAID.gettext("nobody plays {seat} in this match", seat=seats_said([seat])), "refused")
        if info.kind != "human" or info.token is not None:
            raise self._taken(seat)
        token = token or secrets.token_urlsafe(18)
        chosen = new_name or info.name
        game = self._renamed(seat, chosen)
        try:
            version = self.store.seat_player(self.id, seat, chosen, token, record=dumps(game.record),
                                             logged=len(game.record.entries))
        except SeatTakenError:  # through another server, a moment before: this copy of the room is behind
            self.reload()
            raise self._taken(seat) from None
        info.token, info.name, self.game = token, chosen, game
        if version == self.version + 1:
            self.version = version
        else:  # another server wrote the match meanwhile: read it again
            self.reload()
        try:
            self.store.set_title(self.id, self.title())
        except StoreError:
            pass  # the title is cosmetic; the seat is what matters
        return token

    def _taken(self, seat: str) -> MessageError:
        return MessageError(SAID.gettext("{seat} is taken; open: {seats}", seat=seats_said([seat]),
                                         seats=seats_said(self.open_seats())) if self.open_seats()
                            else SAID.gettext("{seat} is taken; you can watch", seat=seats_said([seat])), "refused")

    def _renamed(self, seat: str, new_name: str) -> Game:
        """The match with ``seat`` played by ``new_name``: the record's players, so rulings and scorecard say it."""
        record = self.game.record
        if record.header.players[seat].name == new_name:
            return self.game
        players = dict(record.header.players) | {seat: replace(record.header.players[seat], name=new_name)}
        return Game.resume(replace(record, header=replace(record.header, players=players)), self.game.params)

    def waiting_for(self) -> list[str]:
        """The free seats: an online match starts once every seat is taken, by a person or a bot chosen."""
        return self.open_seats() if not self.game.record.entries else []

    # -- acting ---------------------------------------------------------------------------

    def _seat(self, token: str | None, intent: Intent) -> Seat:
        mine = self.seats_of(token)
        seat = intent.seat
        if seat is None:  # a client acting for several seats may leave it to the server: the seat in turn
            exp = self.game.expected()
            if exp is not None and exp.seat in mine:
                return exp.seat
            if not mine:
                raise MessageError(SAID.gettext("you are watching: join a free seat to play"), "refused")
            waited = WAITING.get(exp.kind, WAITING["stroke"]) if exp else ""
            raise MessageError(SAID.gettext(waited, seat=seats_said([exp.seat])) if exp else
                               SAID.gettext("the match is over"), "refused", "out-of-turn" if exp else "over")
        if seat not in mine:
            raise MessageError(SAID.gettext("you do not play {seat} in this match (you play {seats})",
                                            seat=seats_said([seat]), seats=seats_said(mine)) if mine else
                               SAID.gettext("you do not play {seat} in this match (you are watching)",
                                            seat=seats_said([seat])), "refused")
        return seat_named(seat)  # the message's word for it, one of this room's seats: a Seat from here on

    def handle(self, token: str | None, intent: Intent) -> list[dict[str, Any]]:
        """Apply one checked intent; returns the updates to broadcast, each stored before it is returned."""
        act = self.ACTS.get(intent.type)
        if act is None:
            raise MessageError(SAID.gettext("{kind} is answered by the connection, not the room",
                                            kind=intent.type))  # join: app.py
        try:
            return self._act(act, token, intent)
        except ConflictError:  # another server played meanwhile: the room was read again; once more on it
            try:
                return self._act(act, token, intent)
            except ConflictError:
                raise MessageError(SAID.gettext("another server keeps changing this match: nothing was changed; try "
                                                "again"), "server", "stale") from None

    def _act(self, act: Any, token: str | None, intent: Intent) -> list[dict[str, Any]]:
        seat = self._seat(token, intent)
        if self.game.over and intent.type != "concede" and not (intent.type == "claim" and self.game.expected()):
            # the claim of the board that ended the match is still open (ICF 87 b); nothing else is
            raise MessageError(SAID.gettext("the match is over"), "refused", "over")
        if self.waiting_for():
            raise MessageError(SAID.gettext("the match starts when every seat is taken: waiting for {seats} (send the "
                                            "invitation link)", seats=seats_said(self.waiting_for())), "refused")
        before = len(self.game.record.entries)
        try:
            result = act(self, seat, token, **intent.args)
        except GameError as exc:
            raise MessageError.refused(exc) from None
        if isinstance(result, list):
            return result
        return [self._commit(before, result if isinstance(result, StrokeReport) else None)]

    def _strike(self, seat: str, _token: str | None, *, along: float, angle: float, speed: float) -> StrokeReport:
        return self.game.strike(seat, along, angle, speed)

    def _place(self, seat: str, _token: str | None, *, x: float, y: float, coin: str | None) -> None:
        self.game.place(seat, x, y, coin)

    def _waive(self, seat: str, _token: str | None) -> None:
        self.game.waive(seat)

    def _wait(self, seat: str, _token: str | None) -> None:
        self.game.wait(seat)

    def _claim(self, seat: str, _token: str | None, *, points: int) -> None:
        self.game.claim(seat, points)  # the referee says how many may be claimed (ICF 87 b)

    def _toss(self, seat: str, _token: str | None, *, winner: str | None) -> None:
        """The seat asked won the toss for the tie-break board (ICF 56 b)."""
        winner = winner or seat
        if winner not in self.seats:
            raise MessageError(SAID.gettext("{key} must be a seat of this match ({seats}), not {value}", key="winner",
                                            seats=", ".join(self.seats), value=repr(winner)))
        self.game.toss(seat, winner)

    def _concede(self, seat: str, _token: str | None, *, what: str) -> None:
        self.game.concede(seat, what)

    def _ready(self, seat: str, _token: str | None) -> list[dict[str, Any]]:
        """"Next board": the breaker has read the board's end, so the break's clock starts now (ICF 46) rather than
        after the reading time (docs/web.md, "Clocks"). Nothing is recorded; a clock already running is left as it
        is (nobody stalls by saying it again), and so is a room without clocks."""
        deadline = None if self.timekeeper is None else self.timekeeper.deadline
        if deadline is None or deadline.what != "break" or deadline.started.timestamp() <= time.time():
            return []
        return [self.view()]  # the clocks' update (MatchClock.after) arms the break from now

    def _auto(self, seat: str, token: str | None, *, until: str | None) -> Any:
        """"Let the computer play for me": this action, or to the end of the board."""
        exp = self.game.expected()
        if exp is None or exp.seat != seat:
            raise MessageError(SAID.gettext(WAITING.get(exp.kind, WAITING["stroke"]), seat=seats_said([exp.seat]))
                               if exp else SAID.gettext("the match is over"), "refused", "out-of-turn" if exp else "over")
        if until == "board":
            return self._auto_board(token)
        return step(self.game, {seat: self._helper()})

    ACTS = {"strike": _strike, "place": _place, "waive": _waive, "wait": _wait, "claim": _claim, "toss": _toss,
            "concede": _concede, "auto": _auto, "ready": _ready}

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
            if exp.seat not in mine and exp.seat not in self.bots:
                break
            before = len(self.game.record.entries)
            result = step(self.game, {s: helper for s in mine} | self.bots)
            updates.append(self._commit(before, result if isinstance(result, StrokeReport) else None))
            if len(updates) > 1000:
                break
        return updates

    def time_out(self, seat: str, what: str) -> dict[str, Any]:
        """The server's clock ran out for ``seat``: the referee rules it (ICF 46, 50, 88), stored like any action."""
        return self._server_act(lambda: self.game.out_of_time(seat, what))

    def absent(self, seat: str) -> dict[str, Any]:
        """``seat``'s player stayed away past the grace period: the side loses the match (ICF 143 a)."""
        return self._server_act(lambda: self.game.absent(seat))

    def _server_act(self, act: Any) -> dict[str, Any]:
        before = len(self.game.record.entries)
        try:
            act()
        except GameError:
            self.reload()
            raise
        return self._commit(before, None)

    def bot_to_act(self) -> bool:
        if not self.bots:  # most rooms: people only
            return False
        exp = self.game.expected()
        return exp is not None and exp.seat in self.bots and not self.waiting_for()

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
        try:
            return self._commit(before, result if isinstance(result, StrokeReport) else None)
        except ConflictError:  # another server's bot or player was first: the room holds its action now
            return None

    def _commit(self, before: int, shot: StrokeReport | None) -> dict[str, Any]:
        """Store what was done since ``before`` entries, then describe it; a failed write undoes it.

        ``ConflictError`` (the room read again) when another server wrote the match meanwhile.
        """
        record = self.game.record
        state = self.game.state
        result = ""
        if state.over and state.winner is not None:
            result = " & ".join(self.seats[s.value].name for s in state.table.seats_of(state.winner)) + " won"
        if len(record.entries) > before:
            new = [Action(n, record.entries[n].to_dict(), *record.positions[n])
                   for n in range(before, len(record.entries))]
            clock = None if self.timekeeper is None else self.timekeeper.with_action(
                self, float(shot.shot.duration) if shot is not None else 0.0)
            try:
                self.version = self.store.append(self.id, self.version, new, over=state.over, result=result,
                                                 snapshot=snapshot(self.game), also=clock and clock[0])
            except ConflictError:
                self.reload()
                raise
            except StoreError as exc:
                self.reload()
                raise MessageError(store_refusal(exc)) from None
            self.since, self.adjourned = time.time(), None
            if clock is not None:
                self.timekeeper.written_with(self, clock[1])
        notice = None
        if shot is not None and not shot.completed:
            notice = SAID.gettext("the striker did not leave the baseline and touched nothing: not a stroke, "
                                  "strike again (ICF 127 b)")
        return self.view(shot, notice=notice)

    # -- what everybody sees -------------------------------------------------------------------

    def log(self, limit: int = LOG_LENGTH) -> list[orjson.Fragment]:
        """The latest rulings, oldest first: each action in words with the referee's decisions and laws, as JSON made
        once per action (``orjson.Fragment``, which ``to_json`` splices in). Every state carries the last sixty, 30 kB
        of its 35: made into JSON again with every state, the state's JSON took a sixth of a soak server's GIL time."""
        header = self.game.record.header
        entries = self.game.record.entries
        match = self.game.match  # its rulings by index: copying them all cost a long match more every action
        ruled = match.actions
        if self._log_of is not self.game:  # another game (a name changed, the room read again): new words
            self._log, self._log_of = {}, self.game
        start = max(0, len(entries) - limit)
        for i in range(start, len(entries)):
            if i not in self._log or (not self._log[i][0] and i < ruled):
                entry = log_entry(i, entries[i], header, match.ruling(i) if i < ruled else None)
                self._log[i] = (bool(entry["lines"]), orjson.Fragment(orjson.dumps(entry)))
        for i in [i for i in self._log if i < start]:
            del self._log[i]
        return [self._log[i][1] for i in range(start, len(entries))]

    def view(self, shot: StrokeReport | None = None, *, notice: str | None = None) -> dict[str, Any]:
        out = state_view(self.game, {s: (i.name, i.kind, i.level, i.kind == "human" and i.token is None)
                                     for s, i in self.seats.items()})
        out.update({"room": self.id, "log": self.log(), "since": self.since, "now": time.time(),
                    "title": self.title()})
        waiting = self.waiting_for()
        if waiting:
            notice = SAID.gettext("waiting for {seats} to join: the match starts when every seat is taken",
                                  seats=seats_said(waiting))
        elif self.adjourned is not None and not notice:
            notice = SAID.gettext("adjourned on {date} for want of play: the next action resumes it",
                                  date=f"{self.adjourned:%Y-%m-%d}")
        out["adjourned"] = self.adjourned is not None
        if notice:
            out |= noticed(notice)
        if shot is not None:
            out["shot"] = motion_of(shot.shot, shot.seat)
        return out
