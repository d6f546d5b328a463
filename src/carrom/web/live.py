"""The live matches of one server process: each one object, ``LiveMatch``, owning its room, its connections with
their send queues, the lock its actions take in turn and its bots' task; ``Hub`` holds them.

Fan-out (docs/web.md, "Crowds"): a match's update is made into JSON once, off the event loop where it is costly,
and the same text is put on every connection's own queue: putting never waits. Each ``Connection`` is an outbox
(``carrom.web.fanout.Outbox``, the one queue class every push goes through) drained by its own task, so a client that reads slowly holds up only itself: not its room's players or other
watchers, not another room, not the clocks. A queue that fills (``Limits.send_queue``) drops the room's updates
waiting in it and keeps only the latest (every state is whole: the page catches up from it); a connection whose
one message has waited ``Limits.stall`` seconds to be taken is closed with code 4008 and a reason the page shows
(it reconnects and is sent the state afresh). Players' connections are given each update before watchers'.

A live match's clocks (``carrom.web.clocks.MatchClock``) are its own too: when it leaves memory (``Hub._leave``, the
one way out) nothing of it stays in the process.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

from fastapi import HTTPException, WebSocket

from carrom.physics import PhysicsParams
from carrom.rules import Expect
from carrom.rules.clock import SECONDS as CLOCK_SECONDS
from carrom.store import Store, StoreError
from carrom.web.clocks import ABSENCE_GRACE, MatchClock, RoomClocks
from carrom.web.fanout import BEHIND, Outbox, to_json  # BEHIND: the close code of a connection behind
from carrom.web.limits import Limits
from carrom.web.messages import Intent, MessageError, refusal_of
from carrom.web.replay import ReplayCache
from carrom.web.rooms import Room
from carrom.web.views import SAID, seats_said

log = logging.getLogger("carrom.web")

ROOM_IDLE = 600.0  # seconds a room nobody is connected to stays in memory
OVER_IDLE = 60.0  # the same for a match that is over: nothing more will be played (its replay is cached apart)
MATCH_IDLE = 7 * 24 * 3600.0  # seconds without an action before an unfinished match is adjourned
SAY_EVERY = 2.0  # seconds between two quick messages of one connection (docs/web.md, "Quick messages")
AIM_EVERY = 0.1  # seconds between two aims of one connection passed on: at most 10 a second ("Watching the aim")


def refusal(message: str, code: str, seq: int | None) -> dict[str, Any]:
    """The error a client is sent: what is wrong (and its message, ``refusal``, when it has one), its code, and
    the ``seq`` of its message if it had one."""
    return ({"type": "error", "message": str(message), "code": code} | refusal_of(message)
            | ({"seq": seq} if seq is not None else {}))


async def in_worker(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` in a worker thread, as ``asyncio.to_thread``, but the thread lets go of ``fn`` and ``args``
    before it hands the result back: the executor's work item holds them until its thread runs again after setting
    the result, which on a loaded machine came after the match had left memory (issue 43, finding 9: the room still
    referenced after its eviction, by a worker thread not yet scheduled)."""
    held = [fn, args]

    def run() -> Any:
        call, given = held
        held.clear()
        return call(*given)

    return await asyncio.to_thread(run)


class Connection(Outbox):
    """One websocket of a live match: the token it plays with (None: watching) and its outbox
    (``carrom.web.fanout``)."""

    def __init__(self, ws: WebSocket, token: str | None, limits: Limits) -> None:
        super().__init__(ws, limits)
        self.token = token
        self.said = self.aimed = float("-inf")  # when (monotonic) it last sent a quick message, an aim passed on


class LiveMatch:
    """A match being played or watched on this server: its room (the match, its seats, its bots), its clocks, its
    connections, the lock its actions take in turn, the bots' task, and when it was last asked for.

    ``publish`` gives an update to every connection (players first) without waiting; ``present`` says which seats
    a connected client plays; ``view`` the state with the clocks; ``busy`` whether it must stay in memory."""

    def __init__(self, room: Room, clock: MatchClock) -> None:
        self.room = room
        self.clock = clock
        room.timekeeper = clock  # the deadline that follows an action is stored with it (Room._commit)
        self.connections: dict[WebSocket, Connection] = {}
        self.lock = asyncio.Lock()
        self.bots: asyncio.Task | None = None
        self.used = time.monotonic()
        self._opening: tuple[tuple[Any, ...], str] | None = None  # (what it is of, the state's JSON but its last brace)
        self._away: dict[str, float] | None = None  # the players away and until when (``presence``); None: to work out

    @property
    def id(self) -> str:
        return self.room.id

    def connect(self, ws: WebSocket, token: str | None, limits: Limits) -> Connection:
        conn = self.connections[ws] = Connection(ws, token, limits)
        return conn

    def disconnect(self, ws: WebSocket) -> None:
        conn = self.connections.pop(ws, None)
        if conn is not None:
            conn.stop()
            gone = set(self.room.seats_of(conn.token)) - self.present()
            self._away = None if gone else self._away
            if gone and self._watched():  # a player's last page left: the others are told how long he has
                for seat in gone:
                    self.clock.absent_since.setdefault(seat, time.monotonic())
                self.publish(self.presence(), state=False)
        self.used = time.monotonic()

    # -- presence: who of the players is away, and until when (docs/web.md, "Presence") ------------------------
    def _watched(self) -> bool:
        """Absence counts here (``carrom.web.clocks``): the room keeps the clocks, plays, and is not adjourned."""
        room = self.room
        return self.clock.kept and not room.game.over and not room.waiting_for() and room.adjourned is None

    def presence(self) -> dict[str, Any]:
        """``{"type": "presence", "away": {seat: until}, "grace"}``: each person's seat with no page connected and
        when (seconds since 1970) the grace of ICF 143 a runs out for it; ``away`` empty when absence does not count
        (no clocks, the match over or adjourned, a seat still free). A seat never seen is away from now."""
        if self._away is None:  # worked out again only when a player's page comes or goes, or the state changes
            away: dict[str, float] = {}
            if self._watched():
                mono, now, grace, present = time.monotonic(), time.time(), self.clock.clocks.grace, self.present()
                for seat, info in self.room.seats.items():
                    if info.kind == "human" and seat not in present:
                        since = self.clock.absent_since.setdefault(seat, mono)
                        away[seat] = round(now + max(0.0, grace - (mono - since)), 3)
            self._away = away
        return {"type": "presence", "away": self._away, "grace": self.clock.clocks.grace}

    def arrived(self, conn: Connection) -> None:
        """A connection is about to be sent its opening (which says who is away: ``opening``): a player back is no
        longer away, and the other pages are told."""
        mine = self.room.seats_of(conn.token)
        if mine:
            self._away = None
        if [s for s in mine if self.clock.absent_since.pop(s, None) is not None]:
            text = to_json(self.presence())
            for other in list(self.connections.values()):
                if other is not conn:
                    other.put(text, state=False)

    # -- asides: what is said and shown beside the match, never stored ------------------------------------------
    def aside(self, conn: Connection, intent: Intent) -> None:
        """``say`` (a quick message, to the players' pages) and ``aim`` (the striker as its player moves it, to
        every other page); not the match's: no lock, no clock, nothing stored (docs/web.md)."""
        mine = self.room.seats_of(conn.token)
        now = time.monotonic()
        if intent.type == "say":
            if not mine:
                raise MessageError(SAID.gettext("quick messages are the players': you are watching"), "refused")
            seat = intent.seat or mine[0]
            if seat not in mine:
                raise MessageError(SAID.gettext("you do not play {seat} in this match (you play {seats})",
                                                seat=seats_said([seat]), seats=seats_said(mine)), "refused")
            if now - conn.said < SAY_EVERY:
                raise MessageError(SAID.gettext("one quick message every {seconds} seconds: this one was not sent",
                                                seconds=f"{SAY_EVERY:g}"), "too_many")
            conn.said = now
            text = to_json({"type": "quick", "seat": seat, "quick": intent.args["quick"]})
            for other in list(self.connections.values()):
                if other.token is not None and self.room.seats_of(other.token):
                    other.put(text, state=False)
            return
        # aim: only the striker's, in its turn, at most every AIM_EVERY s; anything else is dropped unanswered
        # (the turn moved on meanwhile): an aim is a sight, never an action
        if self.lock.locked() or now - conn.aimed < AIM_EVERY:
            return
        expected = self.room.game.expected()
        seat = None if expected is None or expected.kind is not Expect.STROKE else str(getattr(expected.seat, "value", expected.seat))
        if seat is None or seat not in mine or (intent.seat is not None and intent.seat != seat):
            return
        conn.aimed = now
        text = to_json({"type": "aim", "seat": seat} | intent.args)
        for other in list(self.connections.values()):
            if other is not conn and not other.queue:  # a page behind misses sights, never a state
                other.put(text, state=False)

    def publish(self, update: dict[str, Any] | str, state: bool = True) -> None:
        """To every connection: ``update`` as a message, or already JSON (made off the event loop); one text for all,
        the players' connections first. ``state``: a whole state (a later one may replace it in a queue behind);
        else a message beside the states (presence), kept."""
        text = update if isinstance(update, str) else to_json(update)
        if state:
            self._opening = self._away = None  # the state has changed: the next client to connect has it worked out again
        watchers = []
        for conn in list(self.connections.values()):
            if conn.token is not None and self.room.seats_of(conn.token):
                conn.put(text, state)
            else:
                watchers.append(conn)
        for conn in watchers:
            conn.put(text, state)

    def view(self) -> dict[str, Any]:
        """The room's state with its clocks."""
        return self.room.view() | self.clock.fields()

    def _of(self) -> tuple[Any, ...]:
        """What a connection's first state depends on besides what ``publish`` says has changed."""
        room = self.room
        return room.version, id(room.game), len(room.game.record.entries), room.adjourned, self.clock.deadline

    def opening(self, token: str | None) -> str:
        """The first message of a connection playing with ``token`` (None: watching), as JSON: the room's state with
        its clocks, worked out and made into JSON once per version of the match for every client that connects (a
        crowd arriving, or every watcher reconnecting after a 4008), then only what is this connection's own
        appended: the seats it plays, the server's time (the page's clocks are set by it) and, for a player, the
        links."""
        of = self._of()
        if self._opening is None or self._opening[0] != of:
            state = self.view()
            state.pop("now", None)
            self._opening = of, to_json(state)[:-1]
        room = self.room
        away = self.presence()["away"]  # who of the players is away, and until when ("Presence")
        own = ({"you": room.seats_of(token), "now": time.time()} | ({"links": room.links()} if token else {})
               | ({"away": away} if away else {}))
        return self._opening[1] + "," + to_json(own)[1:]

    def present(self) -> set[str]:
        """The seats played by a client connected now."""
        return {s for conn in self.connections.values() for s in self.room.seats_of(conn.token)}

    def busy(self) -> bool:
        """Someone is connected, a bot is playing or an action is under way: it stays in memory."""
        return bool(self.connections) or (self.bots is not None and not self.bots.done()) or self.lock.locked()


class Hub:
    """The live matches of this process, loaded from the store when first asked for and let go when idle; the
    bots' turns; the clocks' checker (``carrom.web.clocks``); the replays' cache."""

    def __init__(self, store: Store, bot_pause: float, room_idle: float = ROOM_IDLE,
                 match_idle: float = MATCH_IDLE, clock_seconds: float = CLOCK_SECONDS,
                 absence_grace: float = ABSENCE_GRACE, physics: PhysicsParams | None = None) -> None:
        self.store = store
        self.physics = physics  # the server's board (carrom serve --physics FILE): its new rooms' medium speed
        self.clocks = RoomClocks(store, clock_seconds, absence_grace)
        self.bot_pause = bot_pause
        self.room_idle = room_idle
        self.match_idle = match_idle
        self.live: dict[str, LiveMatch] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.replays = ReplayCache()
        self.catching_up: set[asyncio.Task] = set()
        self.unfinished = store.count(unfinished=True)  # at startup; each is loaded when first opened

    @property
    def rooms(self) -> dict[str, Room]:
        return {rid: live.room for rid, live in self.live.items()}

    @property
    def used(self) -> dict[str, float]:
        return {rid: live.used for rid, live in self.live.items()}

    async def match(self, room_id: str) -> LiveMatch:
        """The live match, or loaded from the store (its snapshot: no stroke simulated again); 404 if none."""
        live = self.live.get(room_id)
        if live is None:
            row = self.store.get(room_id)
            if row is None:
                raise HTTPException(404, SAID.gettext("there is no match {room}: check the link", room=repr(room_id)))
            async with self.loading.setdefault(room_id, asyncio.Lock()):
                if room_id not in self.live:
                    loaded = await in_worker(Room.load, self.store, row)
                    clock = await asyncio.to_thread(self.clocks.loaded, room_id)
                    self.live[room_id] = LiveMatch(loaded, clock)
                live = self.live[room_id]
            self.loading.pop(room_id, None)
        live.used = time.monotonic()
        return live

    async def room(self, room_id: str) -> Room:
        return (await self.match(room_id)).room

    def add(self, room: Room) -> LiveMatch:
        """A room just made here (its clocks off until ``MatchClock.keep``)."""
        live = self.live[room.id] = LiveMatch(room, self.clocks.fresh())
        return live

    def _leave(self, room_id: str) -> None:
        """The one way a match leaves memory (the store keeps it; it is loaded again when opened)."""
        live = self.live.pop(room_id, None)
        if live is not None and live.bots is not None:
            live.bots.cancel()

    def evict_idle(self, now: float | None = None) -> list[str]:
        """Matches nobody watches, unused for ``room_idle`` seconds (a match that is over: a minute at most), leave
        memory; their ids. A live match holds its whole history (a few kB an action), so the matches a busy server
        finishes must not stay for the idle time of the ones still played."""
        now = time.monotonic() if now is None else now
        gone = [rid for rid, live in self.live.items() if not live.busy() and now - live.used >= (
            min(OVER_IDLE, self.room_idle) if live.room.game.over else self.room_idle)]
        for rid in gone:
            self._leave(rid)
        return gone

    def heard(self, room_id: str | None, version: int) -> None:
        """Another server wrote a match (None: any may have been): a match in memory catches up, its clients are sent
        the update; one nobody watches just leaves memory (it is loaded again when opened)."""
        for rid in list(self.live) if room_id is None else [room_id]:
            live = self.live.get(rid)
            if live is None or (room_id is not None and version <= live.room.version):
                continue
            if not live.busy():
                self._leave(rid)
                continue
            task = asyncio.create_task(self._catch_up(live))
            self.catching_up.add(task)
            task.add_done_callback(self.catching_up.discard)

    async def _catch_up(self, live: LiveMatch) -> None:
        async with live.lock:
            try:
                text = await in_worker(_caught_up, live)
            except Exception:  # the store away: the next action or notification tries again
                log.exception("match %s: cannot catch up with another server's write", live.id)
                return
        if text is not None:
            live.publish(text)
        self.wake_bots(live.room)

    def adjourn_idle(self, now: datetime | None = None) -> list[str]:
        """Unfinished matches without an action for ``match_idle`` seconds are adjourned (resumable); their ids."""
        now = now or datetime.now(timezone.utc)
        adjourned = self.store.adjourn_idle(now - timedelta(seconds=self.match_idle))
        for room_id in adjourned:
            if room_id in self.live:
                self.live[room_id].room.adjourned = now
        return adjourned

    async def sweep(self) -> None:
        """Now and then, matches idle leave memory and matches idle are adjourned."""
        while True:
            await asyncio.sleep(min(OVER_IDLE / 2, self.room_idle))
            gone = self.evict_idle()
            if gone:
                log.info("%d idle room(s) left memory; %d in memory", len(gone), len(self.live))
            try:
                adjourned = await asyncio.to_thread(self.adjourn_idle)
            except StoreError as exc:
                log.warning("%s", exc)
                continue
            if adjourned:
                log.info("%d match(es) adjourned for want of play", len(adjourned))

    def wake_bots(self, room: Room) -> None:
        """Bots take their turns while somebody is watching the room."""
        live = self.live.get(room.id)
        if live is None or (live.bots is not None and not live.bots.done()):
            return
        if room.bot_to_act() and live.connections:
            live.bots = asyncio.create_task(self._bots(live))

    async def _bots(self, live: LiveMatch) -> None:
        room = live.room
        while live.connections:
            async with live.lock:
                if not room.bot_to_act():
                    return
                try:
                    update, text = await in_worker(_bot_turn, live)
                except Exception as exc:  # a bot that fails must not take the server down; the store is untouched
                    log.exception("bot failed in match %s", room.id)
                    live.publish(refusal(SAID.gettext(
                        "the computer player failed ({error}); a person may act for it",
                        error=exc.__class__.__name__), "server", None))
                    return
            if update is None:
                return
            live.publish(text)
            if self.bot_pause:
                await asyncio.sleep(self.bot_pause + update.get("shot", {}).get("duration", 0.0))

    def stop(self) -> None:
        for live in self.live.values():
            if live.bots is not None:
                live.bots.cancel()
            for conn in live.connections.values():
                conn.stop()


def _caught_up(live: LiveMatch) -> str | None:
    """Another server's actions applied to this copy of the room; the deadline it stored read with them."""
    update = live.room.catch_up()
    if update is None:
        return None
    live.clock.load(live.id)
    return to_json(update | live.clock.fields())


def _bot_turn(live: LiveMatch) -> tuple[dict[str, Any] | None, str | None]:
    """A bot's action and its update (with the clocks it sets going) as the JSON sent, both off the event loop."""
    update = live.room.bot_turn()
    if update is None:
        return None, None
    [update] = live.clock.after(live.room, [update])
    return update, to_json(update)
