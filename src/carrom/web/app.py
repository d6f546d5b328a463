"""The web app: a FastAPI server with one websocket per client, on an SQLAlchemy store.

Pages and the client are static files of this package (no build step). The server keeps
the matches in use in memory (``carrom.web.live``: one ``LiveMatch`` each, its room, its
connections and their send queues), loaded from the store when opened; the store is the
truth. A room's actions run in worker threads (the simulation, the commit, the JSON sent),
never on the event loop. On PostgreSQL several servers share the store and hear each
other's writes (``Hub.heard``). The routes are routers: ``carrom.web.matches`` (pages and
HTTP API), ``carrom.web.live_ws`` (the live game), the umpire's, the catalog's, practice's.
The protocol is in docs/web.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from carrom.desk import service as desk_service
from carrom.i18n.said import Said
from carrom.physics import PhysicsParams
from carrom.rules.clock import SECONDS as CLOCK_SECONDS
from carrom.store import Store, StoreError
from carrom.store.umpire import UmpireStore
from carrom.web.catalog import catalog_router
from carrom.web.desk import Desk, PublicReadings, desk_router
from carrom.web.lobby import Lobby, lobby_router
from carrom.web.guard import GuardedHttp
from carrom.web.hosts import AllowedHosts, HostCheck
from carrom.web.limits import BodyLimit, HeaderLimit, Limits, PerAddress
from carrom.web.live import ABSENCE_GRACE, MATCH_IDLE, ROOM_IDLE, Hub, to_json
from carrom.web.live_ws import live_router
from carrom.web.matches import STATIC, matches_router
from carrom.web.messages import MessageError, kind_of_status, refusal_of, store_refusal
from carrom.web.origin import SameOrigin
from carrom.web.practice import practice_router
from carrom.web.umpire import umpire_router
from carrom.web.umpire_live import Umpires
from carrom.web.views import SAID

__all__ = ["SERVER_OPTIONS", "Hub", "create_app", "to_json"]

log = logging.getLogger("carrom.web")

# how uvicorn serves the app (carrom serve, the tests' servers, the benchmarks): no X-Forwarded-For believed by
# uvicorn (the app's PerAddress believes it from Limits.trusted_proxies only), no per-message compression (an
# update is made once and the same bytes go to every connection: compressing it per connection would cost each
# one a deflate); a kept-alive connection waits 30 s for its next request (uvicorn's 5 s closed every page that polls every 5 s,
# such as a tournament's public page, between two readings: a new connection each time); a stop (SIGTERM, Ctrl+C)
# waits 5 s for the connections to end, then drops those left (a client that stopped reading held the stop for ever)
SERVER_OPTIONS = {"proxy_headers": False, "ws_per_message_deflate": False, "timeout_keep_alive": 30,
                  "timeout_graceful_shutdown": 5, "http": GuardedHttp}  # headers in 10 s, 64 connections an address
BOT_PAUSE = 0.6  # seconds between a bot's actions (after its shot's motion), so people can follow
THREADS = 32  # worker threads for the rooms' actions (most of their time waiting for a commit)


def _error(status: int, message: str, fields: dict[str, Any] | None = None) -> JSONResponse:
    """An HTTP error: ``error`` in English and, for a worded message, ``refusal`` for the page (carrom.i18n.said);
    ``fields``: a refusal's kind and law (``MessageError.fields``)."""
    return JSONResponse({"error": str(message)} | refusal_of(message) | (fields or {}), status_code=status)


def create_app(db_url: str = "sqlite:///carrom.db", *, bot_pause: float = BOT_PAUSE,
               limits: Limits | None = None, room_idle: float = ROOM_IDLE, match_idle: float = MATCH_IDLE,
               clock_seconds: float = CLOCK_SECONDS, absence_grace: float = ABSENCE_GRACE,
               physics: PhysicsParams | None = None, allowed_hosts: AllowedHosts | None = None,
               public_url: str | None = None) -> FastAPI:
    """The app on the database at ``db_url`` (any SQLAlchemy URL); ``StoreError`` if it cannot be opened.

    ``room_idle``: seconds after which a room nobody is connected to leaves memory (it is loaded again when opened);
    ``match_idle``: seconds without an action after which an unfinished match is adjourned (any action resumes it);
    ``limits``: what one client may cost (``Limits``; None: the defaults and ``CARROM_LIMITS``, docs/web.md);
    ``clock_seconds``: the clocks of the laws (15 s; less only for tests); ``absence_grace``: seconds a player of a
    room with clocks may be gone before the laws of absence apply (docs/web.md); ``physics``: this server's board
    (``carrom serve --physics FILE``, a calibrated model: docs/calibration.md), played by new rooms and practice
    whenever they ask for the medium board speed (the default), and named in each match's record;
    ``allowed_hosts``: the ``Host`` names answered, others refused 400 (None: any; carrom.web.hosts, ``carrom play``
    and ``carrom serve`` give theirs); ``public_url``: the address the tables' QR codes lead under (None: the one
    each request reached, from its socket, never its ``Host``).
    """
    limits = Limits.from_env() if limits is None else limits
    store = Store(db_url)
    hub = Hub(store, bot_pause, room_idle, match_idle, clock_seconds, absence_grace, physics)
    lobby = Lobby(store, limits)  # strangers paired by rating (docs/web.md, "The lobby")

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI):
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(THREADS, thread_name_prefix="carrom-room"))
        sweeper = asyncio.create_task(hub.sweep())
        views = asyncio.create_task(desk.sweep())  # the events' public views idle leave memory
        clocks = asyncio.create_task(hub.clocks.run(hub))
        loop = asyncio.get_running_loop()

        def news(room_id: str | None, version: int) -> None:  # from the listener's thread
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: stopping
                loop.call_soon_threadsafe(hub.heard, room_id, version)

        await asyncio.to_thread(store.listen, news)  # PostgreSQL: the other servers' writes (SQLite: none)
        lobby.start()
        yield
        await lobby.stop()
        clocks.cancel()
        sweeper.cancel()
        views.cancel()
        hub.stop()
        store.close()

    app = FastAPI(title="carrom", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    desk = app.state.desk = Desk(store, limits, room_idle)
    app.add_middleware(PublicReadings, desk=desk)  # innermost: the spectators' readings of a cached public view
    app.add_middleware(BodyLimit, limit=limits.body_bytes)
    app.add_middleware(HeaderLimit, limit=limits.header_bytes)
    app.add_middleware(SameOrigin)  # a page of another site changes nothing (web/origin.py)
    app.add_middleware(HostCheck, allowed=allowed_hosts)  # a name this server answers to (web/hosts.py)
    app.add_middleware(PerAddress, limits=limits)  # outermost: counted before anything is read
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.state.umpires = Umpires(UmpireStore(store), limits, room_idle)  # the umpire's matches in memory
    app.state.umpires.closed = lambda match_id: desk_service.tablet_closed(desk.events, match_id)  # taken back
    app.include_router(umpire_router(app.state.umpires))  # the tablet umpire and the live scoreboard (docs/umpire.md)
    app.include_router(catalog_router())  # the client's words in five languages (docs/i18n.md)
    app.include_router(practice_router(store, physics))  # set up a position, predict, strike; the drills (docs/practice.md)
    app.include_router(desk_router(store, desk, public_url))  # the tournament desk and its public pages (docs/tournaments.md)
    app.include_router(lobby_router(lobby))  # accounts, seeks, the ladder (docs/web.md, "The lobby")
    app.state.lobby = lobby

    @app.exception_handler(MessageError)
    async def _message_error(_request: Request, exc: MessageError) -> JSONResponse:
        return _error(exc.status, exc.args[0], exc.fields())

    @app.exception_handler(StoreError)
    async def _store_error(_request: Request, exc: StoreError) -> JSONResponse:
        log.warning("%s", exc)
        return _error(503, store_refusal(exc), {"kind": "failed"})

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        """Every HTTP refusal in one shape, ``{error, refusal, kind}``: a route's own (worded where it was raised) and
        Starlette's (an address or a method no route answers, in its English phrase: worded here)."""
        kind = {"kind": kind_of_status(exc.status_code)}
        if isinstance(exc.detail, Said):
            return _error(exc.status_code, exc.detail, kind)
        path = request.url.path
        if exc.status_code == 404:
            return _error(404, SAID.gettext("there is nothing at {path}: check the address", path=path), kind)
        if exc.status_code == 405:
            return _error(405, SAID.gettext("{method} is not allowed at {path}", method=request.method, path=path),
                          kind)
        log.info("HTTP %s: %s", exc.status_code, exc.detail)
        return _error(exc.status_code, SAID.gettext("the server refused this request (HTTP {status})",
                                                     status=exc.status_code), kind)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        problem = first.get("msg", "invalid")
        return _error(400, SAID.gettext("bad request: {problem} ({where})", problem=problem, where=where) if where
                      else SAID.gettext("bad request: {problem}", problem=problem), {"kind": "malformed"})

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return _error(500, SAID.gettext("the server failed ({error}); nothing was changed",
                                        error=exc.__class__.__name__), {"kind": "failed"})

    app.include_router(matches_router(hub))  # the pages and the HTTP API of the online matches
    app.include_router(live_router(hub, limits))  # the live game's websocket
    return app
