"""The tournament desk on the web (``/desk``) and the tournament's public pages (``/t/{id}``): docs/tournaments.md.

Every step is ``carrom.desk.service``'s (``STEPS``: each parses its fields and calls it, as ``carrom
tournament`` does), so a refusal is the same sentence the command line prints (the core's ``DeskError``),
sent beside its English as a message when it is one. Rights by link only: creating (or importing) an
event gives its desk key, kept as a hash; the desk's page sends it as ``X-Desk-Key``. The tablets of each
table are the service's too (reserved on publish, the toss, their finished matches read in on every reading
of the desk or of the public page). Public pages read a cached view (at most one computation a second per
event), or subscribe to it (``carrom.web.feed``: each new version's changes, made once for every subscriber),
and never carry a key. A step's answer is made and encoded in a worker thread: the event loop only passes
bytes on.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import logging
import re
import secrets
import threading
import time
from typing import Any, NamedTuple

import orjson
from fastapi import APIRouter, HTTPException, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse, Response
from carrom.desk import EventMissing, SolError, StoreError as DeskStoreError, TournamentStore, import_sol
from carrom.desk import service
from carrom.desk.roster import read_roster
from carrom.desk.table_code import etag_of, qr_svg, table_link
from carrom.desk.tablets import all_tablets, match_of
from carrom.rules import Refusal
from carrom.rules.errors import law_cited
from carrom.i18n import translator
from carrom.i18n.said import RECORDER as SAID
from carrom.i18n.said import sent
from carrom.records import RecordError
from carrom.rules.message import Message, say
from carrom.store import Store, StoreError
from carrom.store.umpire import UmpireStore
from carrom.web.bodies import read_json
from carrom.web.catalog import unknown_language
from carrom.web.hosts import public_base
from carrom.web.feed import Channel, Subscription, Version, version_of
from carrom.web.limits import Limits, client_address
from carrom.web.pages import add_pages
from carrom.tournament import DeskError, Event, ResultError, announce, find, retire, standings, swap
from carrom.tournament.lineup import is_doubles, players_of
from carrom.tournament.protests import State
from carrom.tournament.results import report_by

log = logging.getLogger("carrom.web.desk")

KEY_HEADER = "X-Desk-Key"
UMPIRE_KEY_HEADER = "X-Umpire-Key"  # a table's tablet, before its match opens: the toss (ICF 39)
PUBLIC_FRESH = 1.0  # seconds a public view is served from the cache before it is worked out again
PUBLIC_IDLE = 600.0  # seconds a public view nobody reads stays in memory (as a room nobody is in)
MAX_SOL = 20_000_000  # bytes of an imported SoL file
ANNOUNCE_AHEAD = 24 * 3600  # a match may be announced for a time up to a day ahead
REFUSED = (DeskError, ResultError, SolError)
MAX_TABLE = 1000  # a table's number, at most (its QR code: /api/t/EVENT/qr/table/N.svg)


def tablet_page(event_id: int, round_number: int, table: int, key: str | None, rubber: int = 0) -> str | None:
    """The link the desk gives a table's umpire: the tablet's page, with its key (None for a tablet whose umpire
    holds a key of an older database, which is kept nowhere)."""
    if key is None:
        return None
    return f"/desk/{event_id}/tablet/{round_number}/{table}" + (f"?rubber={rubber}" if rubber else "") + f"#key={key}"


def refused(exc: Exception, status: int = 400) -> JSONResponse:
    """The core's refusal as the page is sent it: its English, its message when it has one (docs/i18n.md), and what
    kind of refusal it is with its law, as the game's are (docs/web.md): a result the laws cannot produce is illegal
    with its law, a SoL file that does not read malformed, the desk's own its ``DeskError.kind``; a championship no
    event names is a 404."""
    said = exc.args[0] if exc.args else str(exc)
    law = getattr(exc, "law", None) or law_cited(said)
    kind = "malformed" if isinstance(exc, SolError) else getattr(exc, "kind", Refusal.ILLEGAL)
    if isinstance(exc, service.ChampionshipMissing):
        kind, status = "not-found", 404
    body: dict[str, Any] = {"error": str(said), "kind": Refusal(kind).value if isinstance(kind, Refusal) else kind}
    if isinstance(exc, service.ResultConflict):  # typed on an older page: both results, to be shown side by side
        status, body["conflict"] = 409, {"yours": exc.yours, "stored": exc.stored}
    if law:
        body["law"] = law
    if isinstance(said, Message):
        body["refusal"] = sent(said)
    return JSONResponse(body, status_code=status)


class PublicView(NamedTuple):
    """An event's public view as every spectator is sent it: its JSON, gzipped, and its validator (``ETag``: a
    reader that holds it is answered 304 with no body); the same parsed (``data``: the next version's changes are
    worked out from it), the event's version it was made from, and its subscribers' messages (``carrom.web.feed``)."""

    raw: bytes
    packed: bytes
    etag: str
    data: Any = None
    version: int = 0
    feed: Version | None = None


class Desk:
    """The events' stores and the public views' cache."""

    def __init__(self, store: Store, limits: Limits | None = None, idle: float = PUBLIC_IDLE) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.idle = idle  # seconds an event's public view nobody reads or follows stays in memory (``evict_idle``)
        self.read: dict[int, float] = {}  # when each cached public view was last asked for
        self.channels: dict[int, Channel] = {}  # each event's subscribers (``subscribe``)
        self.subscribed: dict[str, int] = {}  # subscriptions open per client address
        self.events = TournamentStore(store.url)
        self.umpires = UmpireStore(store)
        self.public: dict[int, tuple[float, PublicView]] = {}
        self.stamps: dict[int, tuple[Any, ...]] = {}  # what each cached public view was made of (``public_stamp``)
        self.refreshing: set[int] = set()
        self.first: dict[int, asyncio.Future] = {}  # the working-out the first readings of an event wait for
        self.locks: dict[int, asyncio.Lock] = {}
        self.created: dict[str, tuple[float, dict[str, Any]]] = {}  # a form's token -> its event (``create_once``)
        self.creating = threading.Lock()

    def lock(self, event_id: int) -> asyncio.Lock:
        return self.locks.setdefault(event_id, asyncio.Lock())

    def check(self, event_id: int, key: str | None) -> None:
        if not key:
            raise HTTPException(401, SAID.gettext("only the desk changes an event: open the desk's link (this page "
                                                  "only reads)"))
        if not service.desk_key_fits(self.events, event_id, key):
            raise HTTPException(403, SAID.gettext("this is not the desk's key of event {event}: nothing was changed",
                                                  event=event_id))

    def create_once(self, token: str | None, make) -> dict[str, Any]:
        """``make()``'s new event, made once per form's token: Create clicked twice (or sent again) answers with the
        first event and its key, for ``CREATED_FOR`` seconds; no token, a new event each time."""
        if token is None:
            return make()
        with self.creating:  # a double click's two requests arrive together: the second waits for the first's event
            now = time.monotonic()
            self.created = {k: v for k, v in self.created.items() if now - v[0] < CREATED_FOR}
            if token not in self.created:
                self.created[token] = (now, make())
            return self.created[token][1]

    def new_key(self, event_id: int) -> dict[str, Any]:
        key = secrets.token_urlsafe(24)
        service.set_desk_key(self.events, event_id, key)
        return {"id": event_id, "key": key, "desk": f"/desk/{event_id}#key={key}", "public": f"/t/{event_id}"}

    # -- the tablets: desk.service's, the umpire's store read through its own methods ---------------------------
    def tablet(self, event_id: int, round_number: int, table: int, key: str | None = None,
               rubber: int = 0) -> service.Tablet:
        """The open tablet of a table (of a tie's rubber); with ``key``, only when it is that tablet's umpire key."""
        t = service.tablet_of(self.events, event_id, round_number, table, rubber, key)
        if t is None:
            raise HTTPException(403, SAID.gettext("this is not the umpire's key for this match: nothing was entered"))
        return t

    def started(self, match_ids: list[str]) -> set[str]:
        """Which of these tablets have their umpire's match (the toss is in); none while the database is away."""
        try:
            return self.umpires.started(match_ids)
        except StoreError as exc:
            log.warning("the tablets' matches cannot be read now: %s", exc)
            return set()

    def finished(self, match_ids: list[str]) -> set[str]:
        """Which of these umpire's matches are over; none while the database is away."""
        try:
            return self.umpires.finished(match_ids)
        except StoreError as exc:
            log.warning("the tablets' matches cannot be read now: %s", exc)
            return set()

    def sync(self, event_id: int) -> Event:
        """The event, with every result a tablet finished since read into it (``service.read_tablets``)."""
        return service.read_tablets(self.events, self.umpires, event_id)

    # -- views ---------------------------------------------------------------------------------------------
    def rubbers_played(self, event: Event, tablets: dict) -> dict[str, tuple]:
        """The games of each rubber finished on its tablet in a tie still waiting for its result (side 1 first)."""
        waiting = [t.umpire_match for (r, n, k), t in tablets.items() if k]
        if not waiting:
            return {}
        played = {}
        over = self.finished(waiting)
        for t in tablets.values():
            try:
                found = service.finished_games(self.umpires, event, t, over) if t.rubber else None
            except RecordError as exc:
                log.warning("umpire's match %s: %s", t.umpire_match, exc)
                continue
            if found is not None:
                played[t.umpire_match] = found[0]
        return played

    def match_view(self, event_id: int, event: Event, m, tablets: dict, started: set, private: str,
                   played: dict, names: dict[int, list[str]]) -> dict[str, Any]:
        out: dict[str, Any] = {"round": m.round, "table": m.table, "stage": m.stage,
                               "sides": [names[s] for s in m.sides], "competitors": list(m.sides),
                               "held": m.held, "announced": m.announced}
        if m.announced is not None:  # the laws' time to report ends (ICF 143 i; 004 laws 18 and 126)
            out["report_by"] = report_by(m.announced, event.settings.timed)
        if m.result is not None:
            out["result"] = {"games": [list(g) for g in m.result.games], "winner": m.result.winner,
                             "walkover": m.result.walkover, "unusual": list(m.result.unusual),
                             "score": [m.result.score1, m.result.score2]}
        count = event.settings.rubbers
        if count and m.side2 is not None and private and m.result is None:  # the line-up the desk may change
            teams = [event.competitor(c).players for c in m.sides]
            out["lineup"] = {"set": bool(m.lineup), "teams": [[[p, event.players[p].name] for p in team]
                                                              for team in teams],
                             "rubbers": [{"rubber": k, "doubles": is_doubles(*teams, k, count),
                                          "sides": [[event.players[p].name for p in side]
                                                    for side in players_of(event, m, k)]}
                                         for k in range(1, count + 1)]}
        if count:  # a team tie: a tablet each rubber, and its players
            out["rubbers"] = []
            for k in range(1, count + 1):
                t = tablets.get((m.round, m.table, k))
                if t is None or m.side2 is None:
                    continue
                a, b = players_of(event, m, k)
                rubber: dict[str, Any] = {"rubber": k, "sides": [[event.players[p].name for p in a],
                                                                 [event.players[p].name for p in b]]}
                if t.umpire_match in started:
                    rubber["scoreboard"] = f"/scoreboard/{t.umpire_match}"
                games = played.get(t.umpire_match)
                if games is not None:  # finished on its tablet: the tie's score so far
                    won = sum(a > b for a, b in games) - sum(b > a for a, b in games)
                    rubber["games"] = [list(g) for g in games]
                    rubber["winner"] = 1 if won > 0 else 2 if won < 0 else 0
                if private:
                    rubber["umpire"] = tablet_page(event_id, m.round, m.table, service.tablet_link_key(private, t),
                                                   k)
                    rubber["toss"] = t.umpire_match in started
                out["rubbers"].append(rubber)
        if m.result is not None and m.result.rubbers:
            out["result"]["rubbers"] = [[list(g) for g in x.games] for x in m.result.rubbers]
            out["result"]["rubbers_won"] = [sum(x.winner == side for x in m.result.rubbers) for side in (1, 2)]
        t = tablets.get((m.round, m.table, 0))
        if t is not None:
            if t.umpire_match in started:
                out["scoreboard"] = f"/scoreboard/{t.umpire_match}"
            if private:  # the umpire's link: the toss first (ICF 39), then the tablet
                out["umpire"] = tablet_page(event_id, m.round, m.table, service.tablet_link_key(private, t))
                if t.typed_first is not None and m.result is not None and t.typed_first != m.result.games:
                    out["tablet_result"] = [list(g) for g in t.typed_first]  # finished after the desk typed
                out["toss"] = t.umpire_match in started
        return out

    def view(self, event_id: int, event: Event, private: str = "") -> dict[str, Any]:
        """The event as the desk (``private``: its key, which the tablets' links are made from) or the public sees
        it."""
        tablets = {(t.round, t.table, t.rubber): t for t in service.tablets(self.events, event_id, event)}
        shown = [m for m in event.matches if private or m.round <= event.published]
        started = self.started([t.umpire_match for t in tablets.values()])
        matches = {(m.round, m.table): m for m in event.matches}
        waiting = {key: t for key, t in tablets.items() if key[2] and (key[0], key[1]) in matches
                   and matches[key[0], key[1]].result is None}
        played = self.rubbers_played(event, waiting)
        # each competitor's names in one pass (``event.names`` searches the competitors: 5,500 searches of 500)
        names = {c.id: [event.players[p].name for p in c.players] for c in event.competitors}
        rounds: dict[int, list] = {}
        for m in shown:
            rounds.setdefault(m.round, []).append(self.match_view(event_id, event, m, tablets, started, private,
                                                                  played, names))
        rows = [{"rank": r.rank, "competitor": r.competitor, "players": names[r.competitor], "points": r.points,
                 "buchholz": r.buchholz, "net_score": r.net_score, "total_score": r.total_score, "retired": r.retired,
                 "played": r.played} for r in standings(event)]
        bracket = [{"round": n, "matches": [x for x in ms if x["stage"] in ("knockout", "third", "final")]}
                   for n, ms in sorted(rounds.items())]
        s = event.settings
        return {"id": event_id, "name": event.name, "date": event.date, "closed": event.closed,
                "system": s.system.value, "format": s.format.value, "published": event.published,
                "current_round": event.current_round, "rounds_planned": s.rounds,
                "rounds": [{"round": n, "published": n <= event.published, "matches": ms}
                           for n, ms in sorted(rounds.items())],
                "standings": rows, "bracket": [b for b in bracket if b["matches"]],
                "competitors": [{"id": c.id, "players": names[c.id], "retired_from": c.retired_from,
                                 "group": c.group} for c in event.competitors] if private else []}

    def desk_view(self, event_id: int, key: str) -> dict[str, Any]:
        event = self.sync(event_id)
        service.key_tablets(self.events, self.umpires, event_id, key)  # a round published on the command line
        out = self.view(event_id, event, private=key)
        now = time.time()
        out["protests"] = [{"protest": pid, "round": p.round, "table": p.table, "by": p.by,
                            "by_names": event.names(p.by), "game": p.game, "state": p.state.value,
                            "time_left": p.time_left(now) if p.state is State.LODGED else None,
                            "steps": [{"at": st.at, "what": st.what, "law": st.law} for st in p.steps]}
                           for pid, p in self.events.protests(event_id)]
        out["log"] = [{"at": a, "what": w, "law": law} for a, w, law in self.events.log(event_id)[-30:]]
        out["timed"] = event.settings.timed
        from carrom.desk.ratings import list_names

        out["rating_lists"] = [name for name, _ in list_names(self.events)]  # each a public page, /ratings/NAME
        return out

    def public_now(self, event_id: int) -> PublicView:
        """The public view worked out now (the tablets' results read in first), as JSON, gzipped and named by its
        validator once for every spectator; what it was made of kept beside it (``public_stamp``, read before: a change
        meanwhile is seen at the next refresh), whoever asked for it (a refresh, or a desk's step that changed it)."""
        stamp = self.public_stamp(event_id)
        data = self.view(event_id, self.sync(event_id))
        raw = orjson.dumps(data)  # a tenth of ``json``'s time for the 289 kB of a 500-player event
        self.stamps[event_id] = stamp
        etag = f'W/"{hashlib.blake2b(raw, digest_size=12).hexdigest()}"'
        cached = self.public.get(event_id)
        before = None if cached is None or cached[1].etag == etag else (cached[1].etag, cached[1].data)
        return PublicView(raw, gzip.compress(raw, 6), etag, data, stamp[0], version_of(etag, raw, data, before))

    def keep(self, event_id: int, view: PublicView) -> PublicView:
        """A view worked out (by a refresh or a desk's step) kept for the readers and sent to the subscribers, unless
        one made from a later version of the event is kept already (two workings-out that crossed). On the loop."""
        cached = self.public.get(event_id)
        if cached is not None and cached[1].version > view.version:
            return cached[1]
        self.public[event_id] = (time.monotonic(), view)
        channel = self.channels.get(event_id)
        if channel is not None and view.feed is not None:
            channel.publish(view.feed)
        return view

    async def subscribe(self, event_id: int, held: str | None, address: str) -> Subscription:
        """A subscription to the event's public view (``carrom.web.feed``): the view, or its changes from ``held``
        (the version the page holds), then each new version; refused when the server or the address has its most."""
        if self.subscribed.get(address, 0) >= self.limits.connections_per_address:
            raise HTTPException(429, SAID.gettext("too many connections from your address (at most {most} at once)",
                                                  most=self.limits.connections_per_address))
        if sum(c.subscribers for c in self.channels.values()) >= self.limits.subscribers:
            raise HTTPException(503, SAID.gettext("the server is full: try again in a moment"))
        view = await self.public_bytes(event_id)
        channel = self.channels.setdefault(event_id, Channel())
        if channel.current is None and view.feed is not None:
            channel.publish(view.feed)
        channel.subscribers += 1
        self.subscribed[address] = self.subscribed.get(address, 0) + 1
        if channel.refresher is None:
            channel.refresher = asyncio.get_running_loop().create_task(self.refreshing_for(event_id, channel))

        def done() -> None:
            channel.subscribers -= 1
            self.subscribed[address] -= 1
            if not self.subscribed[address]:
                del self.subscribed[address]
        return Subscription(channel, held, done)

    async def refreshing_for(self, event_id: int, channel: Channel) -> None:
        """While the event has subscribers, its view worked out again when what it is made of changed (a tablet's
        result, another server's step), checked every ``PUBLIC_FRESH`` seconds as the readers' refreshes are; and
        the subscribers whose message waited longer than ``Limits.stall`` closed."""
        try:
            while channel.subscribers > 0:
                await asyncio.sleep(PUBLIC_FRESH)
                channel.close_stalled(self.limits.stall)
                if event_id not in self.refreshing:
                    self.refreshing.add(event_id)
                    await self.refresh(event_id, background=True)
        finally:
            channel.refresher = None
            if not channel.subscribers:
                self.channels.pop(event_id, None)

    async def public_bytes(self, event_id: int) -> PublicView:
        """The public view as cached: a view older than ``PUBLIC_FRESH`` is still served while one refresh is worked
        out in the background, so no spectator waits for another's computation; only the first readings wait, all for
        the same one."""
        self.read[event_id] = time.monotonic()
        cached = self.public.get(event_id)
        if cached is None:  # the first readings (a crowd arriving at once) all wait for one working-out
            first = self.first.get(event_id)
            if first is None:
                first = self.first[event_id] = asyncio.ensure_future(self.refresh(event_id))
                first.add_done_callback(lambda _: self.first.pop(event_id, None))
            return await asyncio.shield(first)
        if time.monotonic() - cached[0] >= PUBLIC_FRESH and event_id not in self.refreshing:
            self.refreshing.add(event_id)
            asyncio.get_running_loop().create_task(self.refresh(event_id, background=True))
        return cached[1]

    async def refresh(self, event_id: int, background: bool = False) -> PublicView | None:
        try:
            body = await asyncio.to_thread(self.public_if_changed, event_id)
        except Exception as exc:
            if not background:
                raise
            log.warning("event %s: the public view was not refreshed: %s", event_id, exc)
            return None
        finally:
            self.refreshing.discard(event_id)
        return self.keep(event_id, body)

    def evict_idle(self, now: float | None = None) -> list[int]:
        """Public views nobody has read for ``idle`` seconds and nobody follows leave memory, with what was kept
        beside them (their stamp, the event's desk lock when free): an anonymous reading of each of many events
        costs memory for minutes, not for the server's life. The next reading works the view out again. The events'
        ids."""
        now = time.monotonic() if now is None else now
        gone = [e for e in self.public if e not in self.channels and e not in self.first
                and now - self.read.get(e, self.public[e][0]) >= self.idle]
        for e in gone:
            del self.public[e]
            self.read.pop(e, None)
            self.stamps.pop(e, None)
        for e in [e for e, lock in self.locks.items() if not lock.locked() and e not in self.public]:
            del self.locks[e]
        return gone

    async def sweep(self) -> None:
        """Now and then, the public views idle leave memory."""
        while True:
            await asyncio.sleep(max(0.05, min(60.0, self.idle / 2)))
            gone = self.evict_idle()
            if gone:
                log.info("%d idle public view(s) left memory; %d in memory", len(gone), len(self.public))

    def public_stamp(self, event_id: int) -> tuple[Any, ...]:
        """What an event's public view is made of, read in three small queries: the event's version (every step the
        desk or a tablet's result takes writes it), its tablets and the umpire's match of each (a toss opens it, and
        the page then links its scoreboard), and which of those matches are over (a result ``sync`` will read in)."""
        version = self.events.version(event_id)
        tablets = all_tablets(self.events, event_id)  # closed ones too: no event read for a stamp
        opened = tuple((t.round, t.table, t.rubber, t.umpire_match) for t in tablets)
        return version, opened, frozenset(self.finished([t.umpire_match for t in tablets if t.umpire_match]))

    def public_if_changed(self, event_id: int) -> PublicView:
        """The cached public view while what it is made of has not changed, else worked out again: a crowd reading a
        big event between two results costs a few queries a second, not the event loaded, viewed and gzipped."""
        cached = self.public.get(event_id)
        if cached is not None and self.stamps.get(event_id) == self.public_stamp(event_id):
            return cached[1]
        return self.public_now(event_id)


def unchanged(request: Request, etag: str) -> bool:
    """The reader already holds this view: its ``If-None-Match`` names ``etag`` (weakly compared, RFC 9110 13.1.2)."""
    return holds(request.headers.get("if-none-match"), etag)


def holds(held: str | None, etag: str) -> bool:
    """``If-None-Match: held`` names ``etag``, weakly compared."""
    if not held:
        return False
    return held.strip() == "*" or etag.removeprefix("W/") in (t.strip().removeprefix("W/") for t in held.split(","))


def _fields(body: Any, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise HTTPException(400, SAID.gettext("the request's body must be a JSON object"))
    unknown = set(body) - set(required) - set(optional)
    if unknown:
        raise HTTPException(400, SAID.gettext("unknown field {key}", key=sorted(unknown)[0]))
    for k in required:
        if k not in body:
            raise HTTPException(400, SAID.gettext("{key} is missing", key=k))
    return body


def _int(body: dict, key: str, default: int | None = None) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise HTTPException(400, SAID.gettext("{key} must be a whole number", key=key))
    return value


def _entry(value: Any) -> service.Entry:
    if isinstance(value, str):
        return service.entry_named(value)
    if not isinstance(value, dict) or not value.get("first") or not value.get("last"):
        raise HTTPException(400, SAID.gettext("a player is \"First Last\" or {fields}",
                                              fields='{"first", "last", "club", "country", "rating", "team"}'))
    rating = value.get("rating")
    if rating in ("", None):
        rating = None
    elif isinstance(rating, bool) or not isinstance(rating, (int, float)):
        raise HTTPException(400, SAID.gettext("{key} must be a number", key="rating"))
    return service.Entry(str(value["first"]).strip(), str(value["last"]).strip(), str(value.get("club") or ""),
                         str(value.get("country") or ""), None if rating is None else float(rating),
                         str(value.get("team") or ""))


def _pair(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    service.step(desk.events, event_id, service.pairing(desk.events, event_id), "round paired")


def _publish(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    service.publish_round(desk.events, event_id, key)


def _undo(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    service.undo_round(desk.events, event_id)


def _swap(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    a, b = str(body.get("a", "")), str(body.get("b", ""))
    service.step(desk.events, event_id, lambda e: swap(e, service.competitor_named(e, a), service.competitor_named(e, b)),
                 f"swapped by hand: {a} and {b}")


def _result(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    from carrom.tournament import parse_games

    r, t, games = _int(body, "round"), _int(body, "table"), str(body.get("games", ""))
    named = body.get("competitors")  # the competitors the page showed: checked against the match (``players=``)
    if named is not None and (not isinstance(named, list) or len(named) != 2
                              or not all(isinstance(c, int) and not isinstance(c, bool) for c in named)):
        raise HTTPException(400, SAID.gettext("{key} must be a list", key="competitors"))
    service.type_result(desk.events, event_id, r, t, parse_games(games),
                        players=None if named is None else tuple(named), replacing=_replacing(body))


def _replacing(body: dict) -> list | None:
    """The result the page showed for the match (null: none): the match's state a result is made on."""
    replacing = body.get("replacing")
    if replacing is not None and (not isinstance(replacing, list) or not all(
            isinstance(g, list) and len(g) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in g)
            for g in replacing)):
        raise HTTPException(400, SAID.gettext("{key} must be null or the games shown, such as [[25, 13]]",
                                              key="replacing"))
    return replacing


def _announce(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    r, t = _int(body, "round"), _int(body, "table")
    at = body.get("at", now)  # the time the match is announced for (ICF 143 i), as `announce --at` takes it
    if isinstance(at, bool) or not isinstance(at, (int, float)) or not 0 < at < now + ANNOUNCE_AHEAD:
        raise HTTPException(400, SAID.gettext("{key}: the time the match is announced for, seconds since the "
                                              "epoch, at most a day ahead", key="at"))
    service.step(desk.events, event_id, lambda e: announce(e, r, t, float(at)), f"announced round {r}, table {t} for "
                 f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime(at))} UTC", "ICF 143 i")


def _walkover(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    r, t, present = _int(body, "round"), _int(body, "table"), _int(body, "present")
    service.walkover_given(desk.events, event_id, r, t, present, now, replacing=_replacing(body))


def _toss(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    """The toss taken at the desk (ICF 39): the table's tablet opens without asking it."""
    r, t, winner = _int(body, "round"), _int(body, "table"), _int(body, "winner")
    service.key_tablets(desk.events, desk.umpires, event_id, key)
    service.toss(desk.events, desk.umpires, event_id, r, t, winner, str(body.get("choice", "")),
                 _int(body, "rubber", 0))


def _lineup(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    """A team tie's line-up by hand, before any of its rubbers' tosses."""
    service.lineup_by_hand(desk.events, desk.umpires, event_id, _int(body, "round"), _int(body, "table"),
                           body.get("rubbers"), body.get("replacing"))


def _retire(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    who = str(body.get("competitor", ""))
    service.step(desk.events, event_id, lambda e: retire(e, service.competitor_named(e, who)), f"withdrawn: {who}")


def _reinstate(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    from carrom.tournament import reinstate

    who = str(body.get("competitor", ""))
    service.step(desk.events, event_id, lambda e: reinstate(e, service.competitor_named(e, who)),
                 f"withdrawal undone: {who}")


def _add(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    players = body.get("players")
    if not isinstance(players, list):
        raise HTTPException(400, SAID.gettext("{key} must be a list", key="players"))
    service.enter_players(desk.events, event_id, [_entry(p) for p in players])


def _lodge(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    r, t, game = _int(body, "round"), _int(body, "table"), _int(body, "game")
    ended = now - 60 * _int(body, "minutes_since_game", 0)
    service.lodge_protest(desk.events, event_id, r, t, str(body.get("by", "")), game,
                          oral_at=now if body.get("oral", True) else None, fee=bool(body.get("fee", True)),
                          game_ended=ended, now=now)


def _decide(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    service.decide_protest(desk.events, event_id, _int(body, "protest"), bool(body.get("upheld")), now)


def _close(desk: Desk, event_id: int, body: dict, now: float, key: str) -> None:
    rating = body.get("rating") or None
    service.close_event(desk.events, event_id, None if rating is None else str(rating))


# the desk's steps by name, as ``Room.ACTS`` dispatches a room's: each parses its fields and calls desk.service
STEPS = {"pair": _pair, "publish": _publish, "undo": _undo, "swap": _swap, "result": _result, "announce": _announce,
         "walkover": _walkover, "toss": _toss, "lineup": _lineup, "retire": _retire, "add": _add, "lodge": _lodge,
         "decide": _decide, "close": _close, "reinstate": _reinstate}


SETTINGS = ("system", "pairing", "format", "rounds", "finals", "final_kind", "third_place", "groups", "qualifiers",
            "timed", "phantom_score", "delay_top", "delay_compatriots", "seed", "rubbers")


CREATED_FOR = 600.0  # seconds a new event's form token is remembered (``Desk.create_once``)


PUBLIC_PATH = re.compile(r"/api/t/([0-9]{1,18})")


class PublicReadings:
    """ASGI middleware: ``GET /api/t/{id}`` of an event whose public view is cached answered here, with the same
    bytes as the route's (``public``), before the router and its exception handlers are walked: a crowd of
    spectators reading is most of a live event's requests. Anything else (an event not cached yet, an error) goes
    on to the route. Inside the server's limits (``carrom.web.limits``): counted and checked like any request."""

    def __init__(self, app: Any, desk: Desk) -> None:
        self.app = app
        self.desk = desk

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        found = scope["type"] == "http" and scope["method"] == "GET" and PUBLIC_PATH.fullmatch(scope["path"])
        if not found or int(found[1]) not in self.desk.public:
            return await self.app(scope, receive, send)
        view = await self.desk.public_bytes(int(found[1]))
        asked = {name: value for name, value in scope["headers"] if name in (b"if-none-match", b"accept-encoding")}
        headers = [(b"cache-control", b"no-cache"), (b"vary", b"Accept-Encoding"), (b"etag", view.etag.encode())]
        if holds(asked.get(b"if-none-match", b"").decode("latin-1"), view.etag):
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            return await send({"type": "http.response.body", "body": b""})
        packed = b"gzip" in asked.get(b"accept-encoding", b"")
        body = view.packed if packed else view.raw
        headers += [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        if packed:
            headers.append((b"content-encoding", b"gzip"))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def desk_router(store: Store, desk: Desk | None = None, public_url: str | None = None) -> APIRouter:
    """The desk's pages and API, and the public pages, on ``store``'s database; ``public_url``: the address the
    tables' QR codes lead under (carrom.web.hosts.public_base: none, the one the server was reached at)."""
    desk = desk or Desk(store)  # given: the one whose public views PublicReadings answers from
    router = APIRouter()

    add_pages(router, {"/desk": "desk.html", "/desk/{event_id}": "desk.html", "/t/{event_id}": "tournament.html",
                       "/t/{event_id}/table/{table}": "tournament-table.html",
                       "/ratings": "tournament-ratings.html", "/ratings/{name}": "tournament-ratings.html",
                       "/championships": "tournament-championship.html",
                       "/championships/{name}": "tournament-championship.html",
                       "/desk/{event_id}/tablet/{round_number}/{table}": "desk-tablet.html"})

    async def body_json(request: Request) -> Any:
        return read_json(await request.body(), desk.limits.body_bytes, empty={})  # MessageError: what and where

    async def run(fn, *args):
        try:
            return await asyncio.to_thread(fn, *args)
        except REFUSED as exc:
            return refused(exc)
        except DeskStoreError as exc:
            log.warning("%s", exc)
            if isinstance(exc, EventMissing):
                raise HTTPException(404, SAID.gettext("there is no event {event}: check the link",
                                                      event=args[0] if args else "")) from None
            raise HTTPException(503, SAID.gettext("the database is not available now: nothing was changed; try "
                                                  "again later")) from None

    @router.post("/api/desk")
    async def create(request: Request):
        """A new event from the desk's form: its settings and players; the answer holds its desk key."""
        body = _fields(await body_json(request), ("name", "players"),
                       SETTINGS + ("championship", "prizes", "skip_worst", "request"))
        token = body.get("request")  # the form as filled in: a second Create with it is the same event
        if token is not None and not (isinstance(token, str) and 0 < len(token) <= 64):
            raise HTTPException(400, SAID.gettext("{key}: the form's token, 1 to 64 characters", key="request"))
        players = body["players"]
        if not isinstance(players, (list, str)):  # the text pasted in the form, or one entry a player
            raise HTTPException(400, SAID.gettext("{key} must be a list", key="players"))
        given = {k: body[k] for k in SETTINGS if k in body}

        def make():
            settings = service.settings_of(**given)
            entries = read_roster(players, "players") if isinstance(players, str) else [_entry(p) for p in players]
            event_id, _ = service.register(desk.events, str(body["name"]), settings, entries,
                                           championship=str(body.get("championship") or "") or None,
                                           prizes=str(body.get("prizes") or "") or None,
                                           skip_worst=None if body.get("skip_worst") in (None, "")
                                           else _int(body, "skip_worst"))
            return desk.new_key(event_id)
        try:
            return await run(lambda: desk.create_once(token, make))
        except TypeError:
            raise HTTPException(400, SAID.gettext("bad request: {problem}", problem="settings")) from None

    @router.post("/api/desk/import")
    async def import_file(request: Request):
        """A SoL file (.sol or .sol.gz) as the body: each tourney an event, each with its desk key."""
        raw = await request.body()
        if len(raw) > MAX_SOL:
            raise HTTPException(413, SAID.gettext("the request's body is over {most} MB", most=MAX_SOL // 1_000_000))
        name = request.headers.get("X-File-Name", "the file")

        def load():
            return {"events": [desk.new_key(i) for i in import_sol(desk.events, raw, name)]}
        return await run(load)

    async def answer(fn, *args) -> Response:
        """``run``, the answer's JSON made in the worker thread too (a desk's view of a 500-player event is ~300 kB:
        encoded on the event loop by FastAPI, it held every other request for a quarter of a second; orjson, and
        FastAPI's encoder for any value orjson does not know); with the public view the step made, if it made one,
        kept for the spectators and sent to the subscribers (on the loop)."""
        def work(*a):
            out = fn(*a)
            made, public_view = out if isinstance(out, tuple) else (out, None)
            return Response(orjson.dumps(made, default=jsonable_encoder), media_type="application/json"), public_view
        out = await run(work, *args)
        if isinstance(out, Response):  # refused
            return out
        response, public_view = out
        if public_view is not None:
            desk.keep(args[0], public_view)
        return response

    @router.get("/api/desk/{event_id}")
    async def desk_state(event_id: int, request: Request):
        await asyncio.to_thread(desk.check, event_id, request.headers.get(KEY_HEADER))
        async with desk.lock(event_id):
            return await answer(desk.desk_view, event_id, request.headers.get(KEY_HEADER))

    def action(event_id: int, what: str, body: dict, key: str) -> Any:
        """One step of the desk (``STEPS``: each parses its fields and calls ``desk.service``); the answer is the
        desk's view after it."""
        do = STEPS.get(what)
        if do is None:
            raise HTTPException(404, SAID.gettext("the desk has no step {step}", step=what))
        do(desk, event_id, body, time.time(), key)
        view = desk.desk_view(event_id, key)  # the tablets' results read in too
        # someone reads the public page: the spectators see the step at once
        return view, desk.public_now(event_id) if event_id in desk.public else None

    @router.post("/api/desk/{event_id}/{what}")
    async def step(event_id: int, what: str, request: Request):
        await asyncio.to_thread(desk.check, event_id, request.headers.get(KEY_HEADER))
        body = await body_json(request)
        if not isinstance(body, dict):
            raise HTTPException(400, SAID.gettext("the request's body must be a JSON object"))
        async with desk.lock(event_id):
            return await answer(action, event_id, what, body, request.headers.get(KEY_HEADER))

    @router.get("/api/ratings")
    async def ratings_lists():
        """The rating lists (one per federation, say), each with how many players it rates; public, no key."""
        from carrom.desk.ratings import list_names

        rows = await run(list_names, desk.events)
        return rows if isinstance(rows, JSONResponse) else [{"name": n, "players": k} for n, k in rows]

    @router.get("/api/ratings/{name}")
    async def ratings_list(name: str):
        """A rating list, best first (Glicko-2: rating, deviation, volatility); public, no key."""
        from carrom.desk.ratings import rating_list

        rows = await run(rating_list, desk.events, name)
        if isinstance(rows, JSONResponse):
            return rows
        if not rows:
            raise HTTPException(404, SAID.gettext("there is no rating list {name}", name=repr(name)))
        return {"name": name, "players": [{"rank": i, "name": n, "rating": round(r, 1), "deviation": round(rd, 1),
                                           "volatility": round(v, 5)}
                                          for i, (_, n, r, rd, v) in enumerate(rows, 1)]}

    @router.get("/api/championships")
    async def championships_list():
        """Every championship (a series of events with its own ranking, as SoL's) with its events; public."""
        found = await run(service.championships, desk.events)
        if isinstance(found, JSONResponse):
            return found
        return [{"name": n, "events": [{"id": i, "name": e.name, "date": e.date, "closed": e.closed}
                                       for i, e, _, _ in events]} for n, events in sorted(found.items())]

    @router.get("/api/championships/{name}")
    async def championship(name: str):
        """A championship's ranking: each closed event's prize by final place (by the championship's prize-giving
        method, SoL's), the total."""
        found = await run(service.championship_ranking, desk.events, name)
        if isinstance(found, JSONResponse):
            return found
        events, rows, method, skip = found
        return {"name": name, "prizes": method.value, "skip_worst": skip,
                "events": [{"id": i, "name": e.name, "date": e.date} for i, e in events],
                "ranking": [{"rank": k, "players": list(r.players), "prizes": list(r.prizes), "total": r.total,
                             "played": r.played, "skipped": list(r.skipped)} for k, r in enumerate(rows, 1)]}

    @router.get("/api/desk/{event_id}/tablet/{round_number}/{table}")
    async def tablet_state(event_id: int, round_number: int, table: int, request: Request, rubber: int = 0):
        """What the table's tablet (of a tie's ``rubber``) shows before it opens: the match, and whether the toss is
        in (then its link)."""
        def read():
            t = desk.tablet(event_id, round_number, table, request.headers.get(UMPIRE_KEY_HEADER) or "", rubber)
            event = desk.events.load(event_id)
            m = match_of(event, t)
            sides = [event.names(c) for c in m.sides]
            if rubber:
                sides = [[event.players[p].name for p in x] for x in players_of(event, m, rubber)]
            started = bool(desk.started([t.umpire_match]))
            return {"event": event.name, "round": round_number, "table": table, "rubber": rubber, "sides": sides,
                    "toss": started,
                    "umpire": service.umpire_link(t.umpire_match, request.headers[UMPIRE_KEY_HEADER]) if started else None}
        return await run(read)

    @router.post("/api/desk/{event_id}/tablet/{round_number}/{table}/toss")
    async def tablet_toss(event_id: int, round_number: int, table: int, request: Request, rubber: int = 0):
        """The toss the umpire records on the table's tablet (ICF 39), with the umpire's key; the tablet opens."""
        body = _fields(await body_json(request), ("winner", "choice"))
        winner, choice = _int(body, "winner"), str(body["choice"])

        def toss(event_id: int):
            desk.tablet(event_id, round_number, table, request.headers.get(UMPIRE_KEY_HEADER) or "", rubber)
            opened = service.toss(desk.events, desk.umpires, event_id, round_number, table, winner, choice, rubber)
            link = service.umpire_link(opened, request.headers[UMPIRE_KEY_HEADER])
            # the spectators' page gets the table's scoreboard at once
            return {"umpire": link}, desk.public_now(event_id) if event_id in desk.public else None
        async with desk.lock(event_id):
            return await answer(toss, event_id)

    @router.get("/api/desk/{event_id}/print/{what}.pdf")
    async def print_out(event_id: int, what: str, request: Request, lang: str | None = None,
                        round: int | None = None, key: str | None = None) -> Response:
        """A printout (carrom.desk.printouts) in ``lang``; the desk's key as the header or, for a link the browser
        opens in a new tab, as ``key``."""
        from carrom.desk.printouts import printout

        await asyncio.to_thread(desk.check, event_id, request.headers.get(KEY_HEADER) or key)
        try:
            words = translator(lang) if lang is not None else translator()
        except ValueError:
            raise unknown_language(lang) from None

        def make():
            event, extra, _, _ = desk.events.load_with_extras(event_id)
            return printout(event, what, words, round, extra, codes)
        base = public_base(public_url, request.scope)

        def codes(table: int) -> str:
            return table_link(base, event_id, table)
        body = await run(make)
        if isinstance(body, JSONResponse):
            return body
        return Response(body, media_type="application/pdf",
                        headers={"Content-Disposition": f'inline; filename="event-{event_id}-{what}.pdf"'})

    async def public_or_refusal(event_id: int, reading):
        """A public reading (the view, a subscription), or the refusal the reader is answered."""
        try:
            return await reading
        except REFUSED as exc:
            return refused(exc)
        except DeskStoreError as exc:
            if isinstance(exc, EventMissing):
                raise HTTPException(404, SAID.gettext("there is no event {event}: check the link",
                                                      event=event_id)) from None
            log.warning("%s", exc)
            raise HTTPException(503, SAID.gettext("the database is not available now: nothing was changed; try "
                                                  "again later")) from None

    @router.get("/api/t/{event_id}/feed")
    async def feed(event_id: int, request: Request, held: str | None = None):
        """The public view's subscription (Server-Sent Events, ``carrom.web.feed``): the changes from the version the
        page holds (``Last-Event-ID`` as a browser reconnecting sends it, or ``held``), then each new version."""
        held = request.headers.get("last-event-id") or held
        address = client_address(request.scope, desk.limits.trusted_proxies)
        return await public_or_refusal(event_id, desk.subscribe(event_id, held, address))

    @router.get("/api/t/{event_id}")
    async def public(event_id: int, request: Request):
        """The public view: published rounds, standings, the bracket, each table's scoreboard; never a key."""
        view = await public_or_refusal(event_id, desk.public_bytes(event_id))
        if isinstance(view, Response):
            return view
        # a browser asks again with the validator it holds (no-cache: always asked, never shown stale): the same view
        # is a 304 without a body, so a crowd reading an unchanged page costs the server next to nothing
        headers = {"Cache-Control": "no-cache", "Vary": "Accept-Encoding", "ETag": view.etag}
        if unchanged(request, view.etag):
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(view.packed, media_type="application/json", headers=headers | {"Content-Encoding": "gzip"})
        return Response(view.raw, media_type="application/json", headers=headers)

    @router.get("/api/t/{event_id}/qr/table/{table}.svg")
    async def qr(event_id: int, table: int, request: Request) -> Response:
        """A table's QR code (carrom.desk.table_code): its table page under the configured public URL, the same
        image for the whole event, so a browser keeps it (an ETag, a day's max-age) and asks again at most once."""
        if not 1 <= table <= MAX_TABLE:
            return refused(DeskError(say("table must be a table's number from 1 to {top}, not {table}",
                                         top=MAX_TABLE, table=table)))
        link = table_link(public_base(public_url, request.scope), event_id, table)
        headers = {"Cache-Control": "public, max-age=86400", "ETag": etag_of(link)}
        if unchanged(request, headers["ETag"]):
            return Response(status_code=304, headers=headers)
        return Response(await asyncio.to_thread(qr_svg, link), media_type="image/svg+xml", headers=headers)

    return router
