"""The web app: a FastAPI server with one websocket per client, on an SQLAlchemy store.

Pages and the client are static files of this package (no build step). The server keeps
the rooms in memory, backed by the store; at startup it resumes every unfinished match.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from carrom.players import LEVELS
from carrom.store import Store, StoreError
from carrom.web.rooms import SEATS, VARIANTS, MessageError, Room, geometry

STATIC = Path(__file__).parent / "static"
BOT_PAUSE = 0.35  # seconds between a bot's strokes, so people can follow


class Hub:
    """The rooms in memory and the websockets watching each."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.sockets: dict[str, set[WebSocket]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.bot_pause = BOT_PAUSE

    def resume_all(self) -> int:
        """Unfinished matches back in play after a restart."""
        n = 0
        for row in self.store.matches(unfinished=True):
            try:
                self.rooms[row.id] = Room.load(self.store, row)
                n += 1
            except Exception as exc:  # a record this version cannot rebuild stays in the store, reported
                print(f"carrom: cannot resume match {row.id}: {exc}")
        return n

    def room(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            row = self.store.get(room_id)
            if row is None:
                raise HTTPException(404, f"no match {room_id!r}")
            room = self.rooms[room_id] = Room.load(self.store, row)
        return room

    def lock(self, room_id: str) -> asyncio.Lock:
        return self.locks.setdefault(room_id, asyncio.Lock())

    async def broadcast(self, room_id: str, update: dict[str, Any]) -> None:
        text = json.dumps(update)
        for ws in list(self.sockets.get(room_id, ())):
            try:
                await ws.send_text(text)
            except Exception:
                self.sockets[room_id].discard(ws)

    async def run_bots(self, room: Room) -> None:
        """Bots take their turns, one update each, until a person is to act."""
        while True:
            update = await asyncio.to_thread(room.bot_turn)
            if update is None:
                return
            await self.broadcast(room.id, update)
            if self.bot_pause:
                await asyncio.sleep(self.bot_pause + len(update.get("shot", {}).get("frames", ())) / 30.0)


def create_app(db_url: str = "sqlite:///carrom.db", *, bot_pause: float = BOT_PAUSE) -> FastAPI:
    store = Store(db_url)
    hub = Hub(store)
    hub.bot_pause = bot_pause
    app = FastAPI(title="carrom", docs_url=None, redoc_url=None)
    app.state.hub = hub
    hub.resume_all()

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(MessageError)
    async def _message_error(request, exc: MessageError):  # noqa: ANN001
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(StoreError)
    async def _store_error(request, exc: StoreError):  # noqa: ANN001
        return JSONResponse({"error": str(exc)}, status_code=503)

    @app.get("/")
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/favicon.ico")
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        return {"variants": list(VARIANTS), "levels": list(LEVELS), "seats": list(SEATS), "geometry": geometry()}

    @app.get("/api/board.svg")
    async def board_svg() -> Response:
        from carrom.render.svg import board_svg as draw

        return Response(draw(None, size_px=800, title=None), media_type="image/svg+xml")

    @app.post("/api/rooms")
    async def create_room(body: dict[str, Any]) -> dict[str, Any]:
        room, token = await asyncio.to_thread(Room.create, store, body.get("variant", "icf"), body.get("players"))
        hub.rooms[room.id] = room
        return {"room": room.id, "token": token, "seats": room.seats_of(token)}

    @app.get("/api/rooms/{room_id}")
    async def room_state(room_id: str) -> dict[str, Any]:
        return hub.room(room_id).view()

    @app.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, body: dict[str, Any]) -> dict[str, Any]:
        room = hub.room(room_id)
        async with hub.lock(room_id):
            token = room.join(str(body.get("seat")), str(body.get("name") or ""))
        await hub.broadcast(room_id, room.view())
        return {"room": room_id, "token": token, "seats": room.seats_of(token)}

    @app.get("/api/matches")
    async def matches() -> list[dict[str, Any]]:
        return [{"id": r.id, "created": r.created.isoformat(), "variant": r.variant, "title": r.title,
                 "over": r.over, "result": r.result, "actions": r.actions} for r in store.matches()]

    @app.get("/api/matches/{room_id}/record")
    async def record(room_id: str) -> Response:
        row = store.get(room_id)
        if row is None:
            raise HTTPException(404, f"no match {room_id!r}")
        return Response(row.record, media_type="application/json")

    @app.get("/api/matches/{room_id}/replay")
    async def replay(room_id: str, step: int = 0) -> dict[str, Any]:
        row = store.get(room_id)
        if row is None:
            raise HTTPException(404, f"no match {room_id!r}")
        return await asyncio.to_thread(Room.replay_view, store, row, step)

    @app.get("/matches/{room_id}/scorecard", response_class=HTMLResponse)
    async def scorecard(room_id: str) -> str:
        from carrom.records import load_record
        from carrom.records.scorecard.build import build_card
        from carrom.records.scorecard.html import card_html

        row = store.get(room_id)
        if row is None:
            raise HTTPException(404, f"no match {room_id!r}")
        return card_html(build_card(load_record(row.record)))

    @app.websocket("/ws/{room_id}")
    async def socket(ws: WebSocket, room_id: str) -> None:
        await ws.accept()
        try:
            room = hub.room(room_id)
        except HTTPException:
            await ws.send_text(json.dumps({"type": "error", "message": f"no match {room_id!r}"}))
            await ws.close()
            return
        token = ws.query_params.get("token")
        hub.sockets.setdefault(room_id, set()).add(ws)
        await ws.send_text(json.dumps(room.view() | {"you": room.seats_of(token)}))
        asyncio.create_task(_bots(room))
        try:
            while True:
                text = await ws.receive_text()
                try:
                    msg = json.loads(text)
                except json.JSONDecodeError:
                    await ws.send_text(json.dumps({"type": "error", "message": "not JSON"}))
                    continue
                try:
                    async with hub.lock(room_id):
                        updates = await asyncio.to_thread(room.handle, token, msg)
                except (MessageError, StoreError) as exc:
                    await ws.send_text(json.dumps({"type": "error", "message": str(exc)}))
                    continue
                for update in updates:
                    await hub.broadcast(room_id, update)
                asyncio.create_task(_bots(room))
        except WebSocketDisconnect:
            pass
        finally:
            hub.sockets.get(room_id, set()).discard(ws)

    async def _bots(room: Room) -> None:
        lock = hub.lock(room.id)
        if lock.locked():
            return
        async with lock:
            await hub.run_bots(room)

    return app
