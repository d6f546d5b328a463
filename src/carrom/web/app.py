"""The web app: a FastAPI server with one websocket per client, on an SQLAlchemy store.

Pages and the client are static files of this package (no build step). The server keeps
a copy of the rooms in use in memory, loaded from the store when opened; the store is the
truth. A room's actions run in worker threads (the simulation, the commit, the JSON sent),
never on the event loop. On PostgreSQL several servers share the store and hear each
other's writes (``Hub.heard``). The protocol is in docs/web.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnected

from carrom.i18n.said import Said
from carrom.players import LEVELS
from carrom.rules.clock import SECONDS as CLOCK_SECONDS
from carrom.store import Store, StoreError
from carrom.web.clocks import ABSENCE_GRACE, RoomClocks
from carrom.web.catalog import catalog_router
from carrom.web.limits import BodyLimit, Gate, HeaderLimit, Limits
from carrom.web.messages import Intent, decode, json_of, join_request, key_of, parse, refusal_of, sequence, store_refusal
from carrom.web.practice import practice_router
from carrom.web.replay import ReplayCache
from carrom.web.rooms import INTENTS, SEATS, VARIANTS, MessageError, Room
from carrom.web.stored import record_of, record_text
from carrom.web.umpire import umpire_router
from carrom.web.views import SAID, geometry

log = logging.getLogger("carrom.web")

STATIC = Path(__file__).parent / "static"
BROWSER_HEADER = "x-carrom-browser"  # the key a browser keeps, sent to list its own matches
ROOM_IDLE = 600.0  # seconds a room nobody is connected to stays in memory
MATCH_IDLE = 7 * 24 * 3600.0  # seconds without an action before an unfinished match is adjourned
BOT_PAUSE = 0.6  # seconds between a bot's actions (after its shot's motion), so people can follow
THREADS = 32  # worker threads for the rooms' actions (most of their time waiting for a commit)


class Hub:
    """The rooms in memory, the websockets watching each, and the bots' turns."""

    def __init__(self, store: Store, bot_pause: float, room_idle: float = ROOM_IDLE,
                 match_idle: float = MATCH_IDLE, clocks: RoomClocks | None = None) -> None:
        self.store = store
        self.clocks = clocks or RoomClocks(store)
        self.tokens: dict[WebSocket, str | None] = {}  # what each client plays (None: watching)
        self.bot_pause = bot_pause
        self.room_idle = room_idle
        self.match_idle = match_idle
        self.rooms: dict[str, Room] = {}
        self.sockets: dict[str, set[WebSocket]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.bot_tasks: dict[str, asyncio.Task] = {}
        self.used: dict[str, float] = {}  # when each room in memory was last asked for
        self.replays = ReplayCache()
        self.catching_up: set[asyncio.Task] = set()
        self.unfinished = store.count(unfinished=True)  # at startup; each is loaded when first opened

    async def room(self, room_id: str) -> Room:
        """The room in memory, or loaded from the store (its snapshot: no stroke simulated again)."""
        self.used[room_id] = time.monotonic()
        room = self.rooms.get(room_id)
        if room is None:
            row = self.store.get(room_id)
            if row is None:
                raise HTTPException(404, SAID.gettext("there is no match {room}: check the link", room=repr(room_id)))
            async with self.lock(room_id):
                if room_id not in self.rooms:
                    loaded = await asyncio.to_thread(Room.load, self.store, row)
                    await asyncio.to_thread(self.clocks.load, room_id)
                    loaded.timekeeper = self.clocks
                    self.rooms[room_id] = loaded
                room = self.rooms[room_id]
        return room

    def present(self, room_id: str) -> set[str]:
        """The seats played by a client connected to the room now."""
        room = self.rooms.get(room_id)
        if room is None:
            return set()
        return {s for ws in self.sockets.get(room_id, ()) for s in room.seats_of(self.tokens.get(ws))}

    def view(self, room: Room) -> dict[str, Any]:
        """The room's state with its clocks (``carrom.web.clocks``)."""
        return room.view() | self.clocks.fields(room)

    def lock(self, room_id: str) -> asyncio.Lock:
        return self.locks.setdefault(room_id, asyncio.Lock())

    def evict_idle(self, now: float | None = None) -> list[str]:
        """Rooms nobody watches, unused for ``room_idle`` seconds, leave memory (the store keeps them); their ids."""
        now = time.monotonic() if now is None else now
        gone = []
        for room_id in list(self.rooms):
            task = self.bot_tasks.get(room_id)
            busy = self.sockets.get(room_id) or (task is not None and not task.done()) or self.lock(room_id).locked()
            if not busy and now - self.used.get(room_id, now) >= self.room_idle:
                for table in (self.rooms, self.sockets, self.locks, self.bot_tasks, self.used):
                    table.pop(room_id, None)
                self.clocks.forget(room_id)
                gone.append(room_id)
        return gone

    def heard(self, room_id: str | None, version: int) -> None:
        """Another server wrote a match (None: any may have been): a room in memory catches up, its clients are sent
        the update; one nobody watches just leaves memory (it is loaded again when opened)."""
        for rid in list(self.rooms) if room_id is None else [room_id]:
            room = self.rooms.get(rid)
            if room is None or (room_id is not None and version <= room.version):
                continue
            task = self.bot_tasks.get(rid)
            if not self.sockets.get(rid) and not self.lock(rid).locked() and (task is None or task.done()):
                for table in (self.rooms, self.sockets, self.locks, self.bot_tasks, self.used):
                    table.pop(rid, None)
                continue
            task = asyncio.create_task(self._catch_up(room))
            self.catching_up.add(task)
            task.add_done_callback(self.catching_up.discard)

    async def _catch_up(self, room: Room) -> None:
        async with self.lock(room.id):
            try:
                text = await asyncio.to_thread(_caught_up, room, self.clocks)
            except Exception:  # the store away: the next action or notification tries again
                log.exception("match %s: cannot catch up with another server's write", room.id)
                return
        if text is not None:
            await self.broadcast(room.id, text)
        self.wake_bots(room)

    def adjourn_idle(self, now: datetime | None = None) -> list[str]:
        """Unfinished matches without an action for ``match_idle`` seconds are adjourned (resumable); their ids."""
        now = now or datetime.now(timezone.utc)
        adjourned = self.store.adjourn_idle(now - timedelta(seconds=self.match_idle))
        for room_id in adjourned:
            if room_id in self.rooms:
                self.rooms[room_id].adjourned = now
        return adjourned

    async def sweep(self) -> None:
        """Now and then, rooms idle leave memory and matches idle are adjourned."""
        while True:
            await asyncio.sleep(min(60.0, self.room_idle))
            gone = self.evict_idle()
            if gone:
                log.info("%d idle room(s) left memory; %d in memory", len(gone), len(self.rooms))
            try:
                adjourned = await asyncio.to_thread(self.adjourn_idle)
            except StoreError as exc:
                log.warning("%s", exc)
                continue
            if adjourned:
                log.info("%d match(es) adjourned for want of play", len(adjourned))

    async def send(self, ws: WebSocket, message: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):  # a client gone meanwhile: its loop ends on the next receive
            await ws.send_text(to_json(message))

    async def close(self, ws: WebSocket, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await ws.close(code=code, reason=reason)

    async def broadcast(self, room_id: str, update: dict[str, Any] | str) -> None:
        """To every client of the room; ``update`` as a message, or already JSON (made off the event loop)."""
        text = update if isinstance(update, str) else to_json(update)
        for ws in list(self.sockets.get(room_id, ())):
            try:
                await ws.send_text(text)
            except Exception:
                self.sockets.get(room_id, set()).discard(ws)

    def wake_bots(self, room: Room) -> None:
        """Bots take their turns while somebody is watching the room."""
        task = self.bot_tasks.get(room.id)
        if task is not None and not task.done():
            return
        if room.bot_to_act() and self.sockets.get(room.id):
            self.bot_tasks[room.id] = asyncio.create_task(self._bots(room))

    async def _bots(self, room: Room) -> None:
        while self.sockets.get(room.id):
            async with self.lock(room.id):
                if not room.bot_to_act():
                    return
                try:
                    update, text = await asyncio.to_thread(_bot_turn, room, self.clocks)
                except Exception as exc:  # a bot that fails must not take the server down; the store is untouched
                    log.exception("bot failed in match %s", room.id)
                    await self.broadcast(room.id, _refusal(SAID.gettext(
                        "the computer player failed ({error}); a person may act for it",
                        error=exc.__class__.__name__), "server", None))
                    return
            if update is None:
                return
            await self.broadcast(room.id, text)
            if self.bot_pause:
                await asyncio.sleep(self.bot_pause + update.get("shot", {}).get("duration", 0.0))


def to_json(message: dict[str, Any]) -> str:
    """A message as sent: orjson, a tenth of the time of ``json`` for a shot's thousands of numbers."""
    return orjson.dumps(message).decode()


def _caught_up(room: Room, clocks: RoomClocks) -> str | None:
    """Another server's actions applied to this copy of the room; the deadline it stored read with them."""
    update = room.catch_up()
    if update is None:
        return None
    clocks.load(room.id)
    return to_json(update | clocks.fields(room))


def _bot_turn(room: Room, clocks: RoomClocks) -> tuple[dict[str, Any] | None, str | None]:
    """A bot's action and its update (with the clocks it sets going) as the JSON sent, both off the event loop."""
    update = room.bot_turn()
    if update is None:
        return None, None
    [update] = clocks.after(room, [update])
    return update, to_json(update)


def _handled(room: Room, token: str | None, intent: Intent, clocks: RoomClocks) -> list[str]:
    """The room's updates for an intent with the clocks they set going, as the JSON sent (made in the worker
    thread, not on the event loop)."""
    return [to_json(update) for update in clocks.after(room, room.handle(token, intent))]


def _refusal(message: str, code: str, seq: int | None) -> dict[str, Any]:
    """The error a client is sent: what is wrong (and its message, ``refusal``, when it has one), its code, and
    the ``seq`` of its message if it had one."""
    return ({"type": "error", "message": str(message), "code": code} | refusal_of(message)
            | ({"seq": seq} if seq is not None else {}))


def _peer(ws: WebSocket) -> str:
    return f"{ws.client.host}:{ws.client.port}" if ws.client else "a client"


def _error(status: int, message: str) -> JSONResponse:
    """An HTTP error: ``error`` in English and, for a worded message, ``refusal`` for the page (carrom.i18n.said)."""
    return JSONResponse({"error": str(message)} | refusal_of(message), status_code=status)


def create_app(db_url: str = "sqlite:///carrom.db", *, bot_pause: float = BOT_PAUSE,
               limits: Limits = Limits(), room_idle: float = ROOM_IDLE, match_idle: float = MATCH_IDLE,
               clock_seconds: float = CLOCK_SECONDS, absence_grace: float = ABSENCE_GRACE) -> FastAPI:
    """The app on the database at ``db_url`` (any SQLAlchemy URL); ``StoreError`` if it cannot be opened.

    ``room_idle``: seconds after which a room nobody is connected to leaves memory (it is loaded again when opened);
    ``match_idle``: seconds without an action after which an unfinished match is adjourned (any action resumes it);
    ``clock_seconds``: the clocks of the laws (15 s; less only for tests); ``absence_grace``: seconds a player of a
    room with clocks may be gone before the laws of absence apply (docs/web.md).
    """
    store = Store(db_url)
    hub = Hub(store, bot_pause, room_idle, match_idle, RoomClocks(store, clock_seconds, absence_grace))

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI):
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(THREADS, thread_name_prefix="carrom-room"))
        sweeper = asyncio.create_task(hub.sweep())
        clocks = asyncio.create_task(hub.clocks.run(hub))
        loop = asyncio.get_running_loop()

        def news(room_id: str | None, version: int) -> None:  # from the listener's thread
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: stopping
                loop.call_soon_threadsafe(hub.heard, room_id, version)

        await asyncio.to_thread(store.listen, news)  # PostgreSQL: the other servers' writes (SQLite: none)
        yield
        clocks.cancel()
        sweeper.cancel()
        for task in hub.bot_tasks.values():
            task.cancel()
        store.close()

    app = FastAPI(title="carrom", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    app.add_middleware(BodyLimit, limit=limits.body_bytes)
    app.add_middleware(HeaderLimit, limit=limits.header_bytes)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(umpire_router(store))  # the tablet umpire and the live scoreboard (docs/umpire.md)
    app.include_router(catalog_router())  # the client's words in five languages (docs/i18n.md)
    app.include_router(practice_router(store))  # set up a position, predict, strike; the drills (docs/practice.md)

    @app.exception_handler(MessageError)
    async def _message_error(_request: Request, exc: MessageError) -> JSONResponse:
        return _error(400, exc.args[0])

    @app.exception_handler(StoreError)
    async def _store_error(_request: Request, exc: StoreError) -> JSONResponse:
        log.warning("%s", exc)
        return _error(503, store_refusal(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if isinstance(exc.detail, Said):  # ours, worded where it was raised
            return _error(exc.status_code, exc.detail)
        # Starlette's own, in its English phrase: an address or a method no route answers
        path = request.url.path
        if exc.status_code == 404:
            return _error(404, SAID.gettext("there is nothing at {path}: check the address", path=path))
        if exc.status_code == 405:
            return _error(405, SAID.gettext("{method} is not allowed at {path}", method=request.method, path=path))
        log.info("HTTP %s: %s", exc.status_code, exc.detail)
        return _error(exc.status_code, SAID.gettext("the server refused this request (HTTP {status})",
                                                     status=exc.status_code))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        problem = first.get("msg", "invalid")
        return _error(400, SAID.gettext("bad request: {problem} ({where})", problem=problem, where=where) if where
                      else SAID.gettext("bad request: {problem}", problem=problem))

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return _error(500, SAID.gettext("the server failed ({error}); nothing was changed",
                                        error=exc.__class__.__name__))

    async def body_of(request: Request) -> Any:
        return json_of(await request.body(), SAID.gettext("the request's body must be JSON"))

    # -- pages ----------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    @app.get("/matches", include_in_schema=False)
    @app.get("/room/{room_id}", include_in_schema=False)
    @app.get("/replay/{room_id}", include_in_schema=False)
    async def page(room_id: str | None = None) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    # -- the API --------------------------------------------------------------------------------

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        return {"variants": list(VARIANTS), "levels": list(LEVELS), "seats": list(SEATS), "intents": list(INTENTS),
                "geometry": geometry()}

    @app.get("/api/geometry")
    async def board_geometry() -> dict[str, Any]:
        return geometry()

    @app.get("/api/board.svg")
    async def board_svg() -> Response:
        from carrom.render.svg import board_svg as draw

        return Response(draw(None, size_px=800, title=None), media_type="image/svg+xml")

    @app.post("/api/rooms")
    async def create_room(request: Request) -> dict[str, Any]:
        body = await body_of(request)
        room, token = await asyncio.to_thread(Room.create, store, body)
        room.timekeeper = hub.clocks
        hub.rooms[room.id], hub.used[room.id] = room, time.monotonic()
        if room.clocks:
            await asyncio.to_thread(hub.clocks.keep, room)
            await asyncio.to_thread(hub.clocks.arm, room)
        return {"room": room.id, "token": token, "seats": room.seats_of(token), "url": f"/room/{room.id}",
                "links": room.links()}

    @app.get("/api/rooms/{room_id}")
    async def room_state(room_id: str) -> dict[str, Any]:
        return hub.view(await hub.room(room_id))

    @app.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, request: Request) -> dict[str, Any]:
        intent = join_request(await body_of(request))
        room = await hub.room(room_id)
        async with hub.lock(room_id):
            token = await asyncio.to_thread(room.join, intent.seat, intent.args["name"] or None, None,
                                            intent.args["invite"])
            await asyncio.to_thread(hub.clocks.arm, room)  # the last seat taken: the break's clock starts
        await remember_browser(room_id, intent.args["browser"])
        await hub.broadcast(room_id, hub.view(room))
        hub.wake_bots(room)  # the last seat taken: a bot may be the one to break
        return {"room": room_id, "token": token, "seats": room.seats_of(token)}

    async def remember_browser(room_id: str, browser: str | None) -> None:
        if browser:
            await asyncio.to_thread(store.add_browser, room_id, browser)

    @app.get("/api/matches")
    async def matches(request: Request) -> list[dict[str, Any]]:
        """This browser's matches (its key in the X-Carrom-Browser header), then the public ones: watch links only."""
        browser = key_of({BROWSER_HEADER: request.headers.get(BROWSER_HEADER)}, BROWSER_HEADER)
        mine = await asyncio.to_thread(store.matches, browser=browser) if browser else []
        public = await asyncio.to_thread(store.matches, public=True)
        ids = {r.id for r in mine}

        def listed(r: Any, own: bool) -> dict[str, Any]:
            return {"id": r.id, "watch": f"/room/{r.id}", "created": r.created.isoformat(),
                    "updated": r.updated.isoformat(), "variant": r.variant, "kind": r.kind, "title": r.title,
                    "over": r.over, "result": r.result, "actions": r.actions, "mine": own, "public": r.public,
                    "adjourned": r.adjourned is not None}

        return [listed(r, True) for r in mine] + [listed(r, False) for r in public if r.id not in ids]

    def stored(room_id: str):
        row = store.get(room_id)
        if row is None:
            raise HTTPException(404, SAID.gettext("there is no match {room}: check the link", room=repr(room_id)))
        return row

    @app.get("/api/matches/{room_id}/record")
    async def record(room_id: str) -> Response:
        row = stored(room_id)
        return Response(await asyncio.to_thread(record_text, row), media_type="application/json",
                        headers={"Content-Disposition": f'inline; filename="carrom-{room_id}.json"'})

    @app.get("/api/matches/{room_id}/replay")
    async def replay(room_id: str, step: int = 0) -> dict[str, Any]:
        row = stored(room_id)
        rep = await asyncio.to_thread(hub.replays.get, row)
        return await asyncio.to_thread(rep.step, step)

    @app.get("/api/matches/{room_id}/replay/outline")
    async def replay_outline(room_id: str) -> dict[str, Any]:
        """Every action in words with its rulings, and where each board starts (web/replay.py)."""
        return await asyncio.to_thread(hub.replays.outline, stored(room_id))

    @app.get("/matches/{room_id}/scorecard", response_class=HTMLResponse)
    async def scorecard(room_id: str) -> str:
        from carrom.records.scorecard.build import build_card
        from carrom.records.scorecard.html import card_html

        row = stored(room_id)
        return await asyncio.to_thread(hub.replays.made_once, "scorecard", row,
                                       lambda: card_html(build_card(record_of(row))))

    # -- the live game ------------------------------------------------------------------------

    @app.websocket("/ws/{room_id}")
    async def socket(ws: WebSocket, room_id: str) -> None:
        await ws.accept()
        try:
            room = await hub.room(room_id)
        except HTTPException as exc:
            await hub.send(ws, _refusal(exc.detail, "not_found", None))
            await hub.close(ws, 4404, "no such match")
            return
        except Exception as exc:
            log.exception("cannot open match %s", room_id)
            message = store_refusal(exc) if isinstance(exc, StoreError) else SAID.gettext(
                "this match cannot be opened ({error})", error=exc.__class__.__name__)
            await hub.send(ws, _refusal(message, "server", None))
            await hub.close(ws, 1011, "the match cannot be opened")
            return
        token = ws.query_params.get("token") or None
        if token and not room.seats_of(token):
            await hub.send(ws, _refusal(SAID.gettext("this link's token plays no seat here: you are watching"),
                                        "refused", None))
            token = None
        hub.sockets.setdefault(room_id, set()).add(ws)
        hub.tokens[ws] = token
        await hub.send(ws, hub.view(room) | {"you": room.seats_of(token)} | ({"links": room.links()} if token else {}))
        hub.wake_bots(room)
        gate = Gate(limits)
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    if frame.get("code") not in (1000, 1001):  # not a page closed or left: a network lost
                        log.info("match %s: %s left without closing (%s)", room_id, _peer(ws), frame.get("code"))
                    break
                text = frame.get("text")
                if text is None:  # a binary frame: this protocol is JSON text only
                    log.info("match %s: a binary frame from %s; closed with 1003", room_id, _peer(ws))
                    await hub.close(ws, 1003, "text frames only: JSON messages")
                    break
                seq = None
                try:
                    gate.admit()
                    msg = decode(text, limits.message_chars)
                    seq = sequence(msg)
                    gate.use(seq)
                    intent = parse(msg)
                    if intent.type == "join":
                        token = hub.tokens[ws] = await _join(ws, room, token, intent)
                        continue
                    async with hub.lock(room_id):
                        updates = await asyncio.to_thread(_handled, room, token, intent, hub.clocks)
                except MessageError as exc:
                    await hub.send(ws, _refusal(exc.args[0], exc.code, seq))
                    continue
                except StoreError as exc:
                    log.warning("match %s: %s", room_id, exc)
                    await hub.send(ws, _refusal(store_refusal(exc), "server", seq))
                    continue
                except Exception as exc:  # a bug must not reach the user as a traceback, nor leave the game half-changed
                    log.exception("message failed in match %s: %r", room_id, text[:200])
                    async with hub.lock(room_id):
                        await asyncio.to_thread(room.reload)
                    failed = SAID.gettext("the server failed on that message ({error}); nothing was changed",
                                          error=exc.__class__.__name__)
                    await hub.send(ws, _refusal(failed, "server", seq))
                    continue
                for update in updates:
                    await hub.broadcast(room_id, update)
                hub.wake_bots(room)
        except (WebSocketDisconnect, WebSocketDisconnected):  # the client went away, perhaps in the middle of a send
            log.info("match %s: %s left without closing", room_id, _peer(ws))
        finally:
            hub.sockets.get(room_id, set()).discard(ws)
            hub.tokens.pop(ws, None)
            hub.used[room_id] = time.monotonic()

    async def _join(ws: WebSocket, room: Room, token: str | None, intent: Intent) -> str | None:
        """``join``: take a free seat (the token that plays it comes back), or watch."""
        if intent.args["watch"]:
            await hub.send(ws, {"type": "joined", "token": token, "you": room.seats_of(token), "watching": True})
            return token
        async with hub.lock(room.id):
            token = await asyncio.to_thread(room.join, intent.seat, intent.args["name"] or None, token,
                                            intent.args["invite"])
            await asyncio.to_thread(hub.clocks.arm, room)  # the last seat taken: the break's clock starts
        await remember_browser(room.id, intent.args["browser"])
        await hub.send(ws, {"type": "joined", "token": token, "you": room.seats_of(token), "watching": False,
                            "links": room.links()})
        await hub.broadcast(room.id, hub.view(room))
        hub.wake_bots(room)
        return token

    return app
