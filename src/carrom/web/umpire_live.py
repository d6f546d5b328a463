"""The umpire's matches live on one server: each one object, ``UmpireMatch``, owning its session, the revision it
stands on, the lock its entries take in turn and its scoreboards' outboxes; ``Umpires`` holds them.

An entry's answer never waits on a watcher: its new state is made into JSON once and put on every scoreboard's own
outbox (``carrom.web.fanout``), which a phone that stops reading fills alone, until it is closed with 4008 and let go
by a deadline (issue 42, finding 18). On PostgreSQL the other servers' entries are heard (``UmpireStore.listen``): a
match in memory here catches up and its scoreboards are sent the new state; one nobody watches leaves memory. A match
nobody watches or enters on for ``idle`` seconds leaves memory too (the store keeps it; it is loaded when opened).
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any, Callable

from fastapi import HTTPException, WebSocket

from carrom.i18n.said import RECORDER as SAID
from carrom.records import RecordError, dumps, load_record
from carrom.records import referee
from carrom.records.record import Record
from carrom.records.tablet import SinkSession, view
from carrom.store import StoreError
from carrom.store.umpire import UmpireRow, UmpireStore
from carrom.web.fanout import Outbox, to_json
from carrom.web.limits import Limits

log = logging.getLogger("carrom.web.umpire")

UMPIRE_IDLE = 600.0  # seconds an umpire's match nobody enters on or watches stays in memory
SCORECARDS = {"html": "text/html; charset=utf-8", "pdf": "application/pdf", "csv": "text/csv; charset=utf-8"}


def title_of(record: Record) -> str:
    a, b = record.header.sides()
    names = f"{record.header.side_name(a)} v {record.header.side_name(b)}"
    return f"{names} · {record.header.event.tournament}" if record.header.event.tournament else names


def games_of(session: SinkSession) -> list[dict[str, Any]]:
    """The games decided so far, each with its points as the scorecard adds them (its boards) and its winner."""
    header, match = session.record.header, session.match
    a, b = header.sides()
    names = (header.side_name(a), header.side_name(b))
    winners = {e.game: e.winner for e in referee.endings(match) if e.what in ("game", "match")}
    totals: dict[int, list[int]] = {g: [0, 0] for g in winners}
    for r in referee.board_results(match, header):
        if r.game in totals:
            totals[r.game] = [totals[r.game][k] + r.queen[k] + r.coins[k] for k in (0, 1)]
    return [{"game": g + 1, "points": totals[g], "winner": None if w is None else names[w]}
            for g, w in sorted(winners.items())]


class UmpireMatch:
    """An umpire's match in this server's memory: its session saving each entry to the row at ``revision`` onwards,
    the last entry (the revision it was made on, its line: a double tap is told by it), the lock, the scoreboards."""

    def __init__(self, match_id: str, store: UmpireStore, session: SinkSession, revision: int) -> None:
        self.id = match_id
        self.store = store
        self.lock = asyncio.Lock()
        self.boards: dict[WebSocket, Outbox] = {}
        self.last: tuple[int, str] | None = None
        self.used = time.monotonic()
        self.adopt(session, revision)

    def adopt(self, session: SinkSession, revision: int) -> None:
        """Score on with ``session`` from the stored ``revision`` (a new match, one loaded, one caught up)."""
        self.session, self.revision, self.failure = session, revision, None

        def sink(record: Record) -> None:
            try:
                self.revision = self.store.save(self.id, self.revision, dumps(record), title=title_of(record),
                                                entries=len(record.entries), over=session.match.state.over)
            except StoreError as exc:
                self.failure = exc
                raise RecordError("", str(exc)) from None

        session.sink = sink

    def reload(self) -> None:
        """Read back from the store (in a worker thread): memory may be ahead of a save that failed, or behind
        another server's."""
        row = self.store.get(self.id)
        if row is None:
            raise StoreError(f"the umpire's match {self.id} is no longer stored")
        self.adopt(session_of(row), row.revision)

    def public(self) -> dict[str, Any]:
        """The state every scoreboard and the tablet are sent."""
        base = f"/api/umpire/{self.id}"
        return {"type": "state", "id": self.id, "revision": self.revision, "title": title_of(self.session.record),
                "links": {"scoreboard": f"/scoreboard/{self.id}", "record": f"{base}/record",
                          **{f"scorecard_{fmt}": f"{base}/scorecard.{fmt}" for fmt in SCORECARDS}},
                **view(self.session), "games": games_of(self.session)}

    def watch(self, ws: WebSocket, limits: Limits) -> Outbox:
        outbox = self.boards[ws] = Outbox(ws, limits)
        return outbox

    def unwatch(self, ws: WebSocket) -> None:
        outbox = self.boards.pop(ws, None)
        if outbox is not None:
            outbox.stop()
        self.used = time.monotonic()

    def publish(self, state: dict[str, Any]) -> None:
        """To every scoreboard's outbox, one text for all: never waits."""
        text = to_json(state)
        for outbox in list(self.boards.values()):
            outbox.put(text)

    def busy(self) -> bool:
        """A scoreboard is watching or an entry is under way: it stays in memory."""
        return bool(self.boards) or self.lock.locked()


def session_of(row: UmpireRow) -> SinkSession:
    """The stored record as a session (no stroke ruled again); HTTP 500 if it cannot be read."""
    try:
        return SinkSession(load_record(row.record, replay=False), Path(f"{row.id}.json"), words=SAID)
    except RecordError as exc:
        raise HTTPException(500, SAID.gettext("the stored record cannot be read: {error}", error=str(exc))) from None


class Umpires:
    """The umpire's matches of this process, loaded from the store when first asked for and let go when idle."""

    def __init__(self, store: UmpireStore, limits: Limits, idle: float = UMPIRE_IDLE) -> None:
        self.store = store
        self.limits = limits
        self.idle = idle
        self.live: dict[str, UmpireMatch] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._catching_up: set[asyncio.Task] = set()
        # why a match takes no more entries (a desk's tablet whose match was taken back: the desk sets it,
        # desk.service.tablet_closed), or None; called off the event loop
        self.closed: Callable[[str], Any] = lambda match_id: None

    def row(self, match_id: str) -> UmpireRow:
        row = self.store.get(match_id)
        if row is None:
            raise HTTPException(404, SAID.gettext("there is no umpire's match {match}: check the link",
                                                  match=repr(match_id)))
        return row

    async def match(self, match_id: str) -> UmpireMatch:
        """The match in memory, read back from the database when not (a restart, an eviction); 404 if none."""
        live = self.live.get(match_id)
        if live is None:
            row = await asyncio.to_thread(self.row, match_id)  # a 404 before any lock is made for the id
            async with self._loading.setdefault(match_id, asyncio.Lock()):
                if match_id not in self.live:
                    session = await asyncio.to_thread(session_of, row)
                    self.live[match_id] = UmpireMatch(match_id, self.store, session, row.revision)
                live = self.live[match_id]
            self._loading.pop(match_id, None)
        live.used = time.monotonic()
        return live

    def add(self, match_id: str, session: SinkSession) -> UmpireMatch:
        """A match just made here, at revision 0."""
        live = self.live[match_id] = UmpireMatch(match_id, self.store, session, 0)
        return live

    def evict_idle(self, now: float | None = None) -> list[str]:
        """Matches nobody watches or enters on, unused for ``idle`` seconds, leave memory; their ids."""
        now = time.monotonic() if now is None else now
        gone = [mid for mid, live in self.live.items() if not live.busy() and now - live.used >= self.idle]
        for mid in gone:
            del self.live[mid]
        return gone

    def heard(self, match_id: str | None, revision: int) -> None:
        """Another server saved an entry (None: any may have been): a match watched here catches up and its
        scoreboards are sent the state; one nobody watches leaves memory (read back when next opened)."""
        for mid in list(self.live) if match_id is None else [match_id]:
            live = self.live.get(mid)
            if live is None or (match_id is not None and revision <= live.revision):
                continue
            if not live.busy():
                del self.live[mid]
                continue
            task = asyncio.create_task(self._catch_up(live))
            self._catching_up.add(task)
            task.add_done_callback(self._catching_up.discard)

    async def _catch_up(self, live: UmpireMatch) -> None:
        async with live.lock:
            try:
                await asyncio.to_thread(live.reload)
            except Exception:  # the store away: the next entry or notification tries again
                log.exception("umpire's match %s: cannot catch up with another server's entry", live.id)
                return
            state = live.public()
        live.publish(state)

    async def sweep(self) -> None:
        """Now and then, the matches idle leave memory."""
        while True:
            await asyncio.sleep(max(0.05, min(60.0, self.idle / 2)))
            gone = self.evict_idle()
            if gone:
                log.info("%d idle umpire's match(es) left memory; %d in memory", len(gone), len(self.live))

    def stop(self) -> None:
        for live in self.live.values():
            for outbox in live.boards.values():
                outbox.stop()
