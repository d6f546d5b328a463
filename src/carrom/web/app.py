"""The web app: a FastAPI server with one websocket per client, on an SQLAlchemy store.

Pages and the client are static files of this package (no build step). The server keeps
the rooms in memory, backed by the store; at startup it resumes every unfinished match.
The protocol is in docs/web.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from carrom.players import LEVELS
from carrom.store import Store, StoreError
from carrom.web.replay import ReplayCache
from carrom.web.rooms import INTENTS, SEATS, VARIANTS, MessageError, Room
from carrom.web.umpire import umpire_router
from carrom.web.views import geometry

log = logging.getLogger("carrom.web")

STATIC = Path(__file__).parent / "static"
BOT_PAUSE = 0.6  # seconds between a bot's actions (after its shot's motion), so people can follow
MAX_MESSAGE = 8192  # characters


class Hub:
    """The rooms in memory, the websockets watching each, and the bots' turns."""

    def __init__(self, store: Store, bot_pause: float) -> None:
        self.store = store
        self.bot_pause = bot_pause
        self.rooms: dict[str, Room] = {}
        self.sockets: dict[str, set[WebSocket]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.bot_tasks: dict[str, asyncio.Task] = {}
        self.replays = ReplayCache()
        self.resumed: list[str] = []

    def resume_all(self) -> None:
        """Unfinished matches back in play after a restart, each from its stored record."""
        for row in self.store.matches(unfinished=True, limit=None):
            try:
                self.rooms[row.id] = Room.load(self.store, row)
                self.resumed.append(row.id)
            except Exception:  # a record this version cannot rebuild stays in the store, and is reported
                log.exception("cannot resume match %s", row.id)

    async def room(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            row = self.store.get(room_id)
            if row is None:
                raise HTTPException(404, f"there is no match {room_id!r}: check the link")
            async with self.lock(room_id):
                room = self.rooms.get(room_id) or await asyncio.to_thread(Room.load, self.store, row)
                self.rooms[room_id] = room
        return room

    def lock(self, room_id: str) -> asyncio.Lock:
        return self.locks.setdefault(room_id, asyncio.Lock())

    async def send(self, ws: WebSocket, message: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):
            await ws.send_text(json.dumps(message))

    async def broadcast(self, room_id: str, update: dict[str, Any]) -> None:
        text = json.dumps(update)
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
                    update = await asyncio.to_thread(room.bot_turn)
                except Exception as exc:  # a bot that fails must not take the server down; the store is untouched
                    log.exception("bot failed in match %s", room.id)
                    await self.broadcast(room.id, {"type": "error", "message": f"the computer player failed "
                                                   f"({exc.__class__.__name__}); a person may act for it"})
                    return
            if update is None:
                return
            await self.broadcast(room.id, update)
            if self.bot_pause:
                await asyncio.sleep(self.bot_pause + update.get("shot", {}).get("duration", 0.0))


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(db_url: str = "sqlite:///carrom.db", *, bot_pause: float = BOT_PAUSE) -> FastAPI:
    """The app on the database at ``db_url`` (any SQLAlchemy URL); ``StoreError`` if it cannot be opened."""
    store = Store(db_url)
    hub = Hub(store, bot_pause)
    hub.resume_all()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI):
        yield
        for task in hub.bot_tasks.values():
            task.cancel()
        store.close()

    app = FastAPI(title="carrom", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(umpire_router(store))  # the tablet umpire and the live scoreboard (docs/umpire.md)

    @app.exception_handler(MessageError)
    async def _message_error(_request: Request, exc: MessageError) -> JSONResponse:
        return _error(400, str(exc))

    @app.exception_handler(StoreError)
    async def _store_error(_request: Request, exc: StoreError) -> JSONResponse:
        return _error(503, str(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return _error(400, f"bad request: {first.get('msg', 'invalid')}" + (f" ({where})" if where else ""))

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return _error(500, f"the server failed ({exc.__class__.__name__}); nothing was changed")

    async def body_of(request: Request) -> Any:
        try:
            return await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise MessageError("the request's body must be JSON") from None

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
        hub.rooms[room.id] = room
        return {"room": room.id, "token": token, "seats": room.seats_of(token), "url": f"/room/{room.id}"}

    @app.get("/api/rooms/{room_id}")
    async def room_state(room_id: str) -> dict[str, Any]:
        return (await hub.room(room_id)).view()

    @app.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, request: Request) -> dict[str, Any]:
        body = await body_of(request)
        if not isinstance(body, dict):
            raise MessageError("join with {\"seat\": ..., \"name\": ...}")
        room = await hub.room(room_id)
        async with hub.lock(room_id):
            token = await asyncio.to_thread(room.join, body.get("seat"), body.get("name"))
        await hub.broadcast(room_id, room.view())
        return {"room": room_id, "token": token, "seats": room.seats_of(token)}

    @app.get("/api/matches")
    async def matches() -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(store.matches)
        return [{"id": r.id, "created": r.created.isoformat(), "updated": r.updated.isoformat(), "variant": r.variant,
                 "kind": r.kind, "title": r.title, "over": r.over, "result": r.result, "actions": r.actions,
                 "open": [s.seat for s in r.seats if s.kind == "human" and s.token is None]} for r in rows]

    def stored(room_id: str):
        row = store.get(room_id)
        if row is None:
            raise HTTPException(404, f"there is no match {room_id!r}")
        return row

    @app.get("/api/matches/{room_id}/record")
    async def record(room_id: str) -> Response:
        row = stored(room_id)
        return Response(row.record, media_type="application/json",
                        headers={"Content-Disposition": f'inline; filename="carrom-{room_id}.json"'})

    @app.get("/api/matches/{room_id}/replay")
    async def replay(room_id: str, step: int = 0) -> dict[str, Any]:
        row = stored(room_id)
        rep = await asyncio.to_thread(hub.replays.get, row)
        return await asyncio.to_thread(rep.step, step)

    @app.get("/matches/{room_id}/scorecard", response_class=HTMLResponse)
    async def scorecard(room_id: str) -> str:
        from carrom.records import load_record
        from carrom.records.scorecard.build import build_card
        from carrom.records.scorecard.html import card_html

        row = stored(room_id)
        return card_html(build_card(load_record(row.record)))

    # -- the live game ------------------------------------------------------------------------

    @app.websocket("/ws/{room_id}")
    async def socket(ws: WebSocket, room_id: str) -> None:
        await ws.accept()
        try:
            room = await hub.room(room_id)
        except HTTPException as exc:
            await hub.send(ws, {"type": "error", "message": str(exc.detail)})
            await ws.close(code=4404)
            return
        except Exception as exc:
            log.exception("cannot open match %s", room_id)
            message = str(exc) if isinstance(exc, StoreError) else f"this match cannot be opened ({exc.__class__.__name__})"
            await hub.send(ws, {"type": "error", "message": message})
            await ws.close(code=1011)
            return
        token = ws.query_params.get("token") or None
        if token and not room.seats_of(token):
            await hub.send(ws, {"type": "error", "message": "this link's token plays no seat here: you are watching"})
            token = None
        hub.sockets.setdefault(room_id, set()).add(ws)
        await hub.send(ws, room.view() | {"you": room.seats_of(token)})
        hub.wake_bots(room)
        try:
            while True:
                text = await ws.receive_text()
                try:
                    if len(text) > MAX_MESSAGE:
                        raise MessageError(f"a message is at most {MAX_MESSAGE} characters")
                    try:
                        msg = json.loads(text)
                    except json.JSONDecodeError:
                        raise MessageError("not JSON: a message is a JSON object with a type") from None
                    if isinstance(msg, dict) and msg.get("type") == "join":
                        token = await _join(ws, room, token, msg)
                        continue
                    async with hub.lock(room_id):
                        updates = await asyncio.to_thread(room.handle, token, msg)
                except (MessageError, StoreError) as exc:
                    await hub.send(ws, {"type": "error", "message": str(exc)})
                    continue
                except Exception as exc:  # a bug must not reach the user as a traceback, nor leave the game half-changed
                    log.exception("message failed in match %s: %r", room_id, text[:200])
                    async with hub.lock(room_id):
                        await asyncio.to_thread(room.reload)
                    await hub.send(ws, {"type": "error", "message": f"the server failed on that message "
                                                                    f"({exc.__class__.__name__}); nothing was changed"})
                    continue
                for update in updates:
                    await hub.broadcast(room_id, update)
                hub.wake_bots(room)
        except WebSocketDisconnect:
            pass
        finally:
            hub.sockets.get(room_id, set()).discard(ws)

    async def _join(ws: WebSocket, room: Room, token: str | None, msg: dict) -> str | None:
        """``join``: take a free seat (the token that plays it comes back), or watch."""
        if msg.get("watch"):
            await hub.send(ws, {"type": "joined", "token": token, "you": room.seats_of(token), "watching": True})
            return token
        async with hub.lock(room.id):
            token = await asyncio.to_thread(room.join, msg.get("seat"), msg.get("name"), token)
        await hub.send(ws, {"type": "joined", "token": token, "you": room.seats_of(token), "watching": False})
        await hub.broadcast(room.id, room.view())
        hub.wake_bots(room)
        return token

    return app
