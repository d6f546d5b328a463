"""The clocks of the laws in a room: 15 s for the break, each stroke and each placing (ICF 46, 50, 88 a).

A room created with its clocks on (``"clocks": true``; the default online) has a deadline
whenever the laws wait for a person: computed when the referee starts waiting (after the
motion of the stroke before, as ICF 50 counts from when the pieces stop), STORED
(``carrom.store.clocks``), never a timer in memory. One task per server process checks the
stored deadlines (``RoomClocks.run``), so a deadline passed while the server was down is ruled
once it is up again; a deadline is claimed in the store before it is ruled, so two checks
racing (two tasks, two processes) rule it once. The referee rules what running out costs
(``carrom.rules.clock``).

A player whose page is gone keeps his clock running. Once gone for the grace period
(``--absence-grace``, 120 s): if the clock runs for him and someone of the other side is
there, his side loses the match (ICF 143 a: leaving the board without the umpire's leave);
if nobody at all is there, the match is adjourned (resumable: the next action resumes it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any, Callable, Protocol

from sqlalchemy import Connection

from carrom.game import GameError
from carrom.i18n import N_
from carrom.rules.clock import SECONDS
from carrom.store import Store, StoreError
from carrom.store.clocks import ClockStore, Deadline
from carrom.web.messages import MessageError
from carrom.web.views import SAID, noticed

if TYPE_CHECKING:
    from carrom.web.rooms import Room


class Live(Protocol):
    """What the clocks need of a live match (``carrom.web.live.LiveMatch``; typed here so neither imports the other)."""

    room: "Room"
    lock: asyncio.Lock
    clock: "MatchClock"

    def present(self) -> set[str]: ...

    def publish(self, update: dict[str, Any] | str) -> None: ...


class Hub(Protocol):
    """What the clocks need of the live matches (``carrom.web.live.Hub``)."""

    live: dict[str, Live]

    async def match(self, room_id: str) -> Live: ...

    def wake_bots(self, room: "Room") -> None: ...


log = logging.getLogger("carrom.web.clocks")

ABSENCE_GRACE = 120.0  # seconds a player may be gone before the laws of absence apply (ICF 143 a)
# the clocks' notices: messages (carrom.i18n.said) each page shows in its reader's language
NOTICES = {
    "break": N_("time: {name} did not break within {seconds} seconds (ICF 46)"),
    "stroke": N_("time: {name} took more than {seconds} seconds to strike (ICF 50)"),
    "place": N_("time: {name} did not place or waive within {seconds} seconds (ICF 87 a, 88)"),
}
ABSENT = N_("{name} left the board for more than {grace} seconds: the match is lost (ICF 143 a)")
ADJOURNED = N_("adjourned: nobody at the board; the next action resumes it")


def _now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(eq=False)
class MatchClock:
    """One live match's clocks, owned by its ``LiveMatch``: whether it keeps them, the deadline running, the number
    of actions with which that deadline was committed (None: not with an action), and since when (monotonic) each
    of its players has been seen gone. ``Room._commit`` calls ``with_action`` and ``written_with``."""

    clocks: "RoomClocks"
    kept: bool = False
    deadline: Deadline | None = None
    written: int | None = None
    absent_since: dict[str, float] = field(default_factory=dict)
    boards: int | None = None  # the boards played when the last deadline was computed (None: none computed yet)

    def keep(self, room: "Room") -> None:
        """A new room with its clocks on."""
        self.clocks.table.keep(room.id)
        self.kept = True

    def load(self, room_id: str) -> None:
        """What the store says of a match's clocks (a match loaded, or caught up with another server's write)."""
        self.kept = self.clocks.table.kept(room_id)
        self.deadline = self.clocks.table.get(room_id) if self.kept else None

    def arm(self, room: "Room", delay: float = 0.0) -> None:
        """The laws wait for someone now: the deadline, ``delay`` seconds of motion plus the clock, stored."""
        if not self.kept:
            return
        deadline = self._next(room, delay)
        if deadline is None:
            self.clocks.table.stop(room.id)
        else:
            self.clocks.table.arm(room.id, deadline.actions, deadline.what, deadline.seat, deadline.started,
                                  deadline.due)
        self.deadline, self.written = deadline, None

    def _next(self, room: "Room", delay: float, adjourned: bool | None = None) -> Deadline | None:
        """The deadline that runs now (None: no clock runs), ``delay`` seconds of motion from now plus the clock."""
        clock = room.game.clock()
        boards, self.boards = self.boards, len(room.game.state.results)
        adjourned = room.adjourned is not None if adjourned is None else adjourned
        if clock is None or room.waiting_for() or adjourned or clock.seat.value in room.bots:
            return None
        if clock.what == "break" and boards is not None and self.boards > boards:
            delay += self.clocks.seconds  # a board just ended: its summary is read before "Play" (docs/web.md)
        started = _now() + timedelta(seconds=delay)
        return Deadline(room.id, len(room.game.record.entries), clock.what, clock.seat.value, started,
                        started + timedelta(seconds=self.clocks.seconds))

    def with_action(self, room: "Room", delay: float) -> tuple[Callable[[Connection], Any], Deadline | None] | None:
        """For a room about to store its action (``Room._commit``): the deadline that follows it, as a write for the
        action's own transaction (one commit, not two) and as the deadline; None if the room keeps no clocks."""
        if not self.kept:
            return None
        deadline = self._next(room, delay, adjourned=False)  # an action resumes an adjourned match
        return self.clocks.table.setting(room.id, deadline), deadline

    def written_with(self, room: "Room", deadline: Deadline | None) -> None:
        """The deadline of ``with_action`` was committed with the room's action: ``after`` need not write it again."""
        self.deadline, self.written = deadline, len(room.game.record.entries)

    def after(self, room: "Room", updates: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """After actions: the next deadline (after the last stroke's motion), and every update says it."""
        written, self.written = self.written, None
        if updates and written != len(room.game.record.entries):  # not stored with the last action
            self.arm(room, updates[-1].get("shot", {}).get("duration", 0.0) if updates else 0.0)
        fields = self.fields()
        return [u | fields for u in updates]

    def fields(self) -> dict[str, Any]:
        """What the state message says of the clocks: on or off, and the deadline running (docs/web.md)."""
        if not self.kept:
            return {"clocks": False}
        d = self.deadline
        if d is None:
            return {"clocks": True, "deadline": None}
        return {"clocks": True, "clock": self.clocks.seconds, "since": d.started.timestamp(),
                "deadline": d.due.timestamp(), "clock_for": {"what": d.what, "seat": d.seat}}

    def absence(self, room: "Room", gone: set[str], humans: set[str]) -> dict[str, Any] | None:
        """Players gone past the grace: the match adjourned when all are, else lost by the one the clock runs for
        (ICF 143 a); the update, or None."""
        grace = self.clocks.grace
        if gone == humans:
            when = _now()
            self.clocks.table.adjourn(room.id, when)
            room.adjourned, self.deadline = when, None
            log.info("match %s adjourned: nobody at the board for %g s", room.id, grace)
            return room.view(notice=SAID.gettext(ADJOURNED)) | self.fields()
        clock = room.game.clock()
        if clock is None or clock.seat.value not in gone:
            return None
        seat = clock.seat.value
        try:
            update = room.absent(seat)
        except (GameError, MessageError) as exc:
            log.warning("match %s: the absence's ruling failed: %s", room.id, exc)
            return None
        self.arm(room)
        log.info("match %s: %s gone for %g s: the match is lost (ICF 143 a)", room.id, seat, grace)
        notice = SAID.gettext(ABSENT, name=room.seats[seat].name, grace=f"{grace:g}")
        return update | noticed(notice) | self.fields()


class RoomClocks:
    """The process's clocks: their seconds and grace, the stored deadlines, and the task that rules those passed
    and the absences of the live matches' players. It keeps nothing of any one match (each ``MatchClock`` does)."""

    def __init__(self, store: Store, seconds: float = SECONDS, grace: float = ABSENCE_GRACE) -> None:
        if seconds <= 0 or grace < 0:
            raise ValueError("the clock's seconds must be above 0 and the grace 0 or more")
        self.table = ClockStore(store)
        self.seconds = seconds
        self.grace = grace
        self.tick = min(1.0, seconds / 10)

    def fresh(self) -> MatchClock:
        """The clocks of a match just made (off until ``keep``)."""
        return MatchClock(self)

    def loaded(self, room_id: str) -> MatchClock:
        """The clocks of a match loaded from the store."""
        clock = MatchClock(self)
        clock.load(room_id)
        return clock

    # -- the task that rules them ---------------------------------------------------------------

    async def run(self, hub: Hub) -> None:
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self.check(hub)
            except StoreError as exc:
                log.warning("%s", exc)
            except Exception:  # the checker must outlive any one room's failure
                log.exception("the clocks' check failed")

    async def check(self, hub: Hub) -> None:
        """Rule every deadline passed, then the absences."""
        for deadline in await asyncio.to_thread(self.table.passed, _now()):
            await self._rule(hub, deadline)
        await self._absences(hub)

    async def _rule(self, hub: Hub, deadline: Deadline) -> None:
        try:
            live = await hub.match(deadline.match_id)
        except Exception:  # the match is gone from the store: its clock with it
            await asyncio.to_thread(self.table.stop, deadline.match_id)
            return
        room, clocks = live.room, live.clock
        async with live.lock:
            if not await asyncio.to_thread(self.table.claim, deadline, _now()):
                return  # another check took it
            if len(room.game.record.entries) < deadline.actions:  # another process acted: this copy is behind
                await asyncio.to_thread(room.reload)
            clock = room.game.clock()
            if (len(room.game.record.entries) != deadline.actions or clock is None
                    or (clock.what, clock.seat.value) != (deadline.what, deadline.seat)):
                await asyncio.to_thread(clocks.arm, room)  # stale: the match moved on meanwhile
                return
            try:
                update = await asyncio.to_thread(room.time_out, deadline.seat, deadline.what)
            except (GameError, MessageError) as exc:
                log.warning("match %s: the clock's ruling failed: %s", room.id, exc)
                await asyncio.to_thread(clocks.arm, room)
                return
            name = room.seats[deadline.seat].name
            update |= noticed(SAID.gettext(NOTICES[deadline.what], name=name, seconds=f"{self.seconds:g}"))
            [update] = await asyncio.to_thread(clocks.after, room, [update])
        log.info("match %s: %s out of time to %s", room.id, deadline.seat, deadline.what)
        live.publish(update)
        hub.wake_bots(room)

    async def _absences(self, hub: Hub) -> None:
        """Players gone past the grace: the match lost (ICF 143 a), or adjourned when nobody is there."""
        mono = time.monotonic()
        for live in list(hub.live.values()):
            room, clock = live.room, live.clock
            if not clock.kept or room.game.over or room.waiting_for() or room.adjourned is not None:
                continue
            present = live.present()
            humans = [s for s, i in room.seats.items() if i.kind == "human"]
            for seat in humans:
                if seat in present:
                    clock.absent_since.pop(seat, None)
                else:
                    clock.absent_since.setdefault(seat, mono)
            gone = {s for s in humans if mono - clock.absent_since.get(s, mono) >= self.grace}
            if not gone:
                continue
            async with live.lock:
                update = await asyncio.to_thread(clock.absence, room, gone, set(humans))
            if update is not None:
                live.publish(update)
