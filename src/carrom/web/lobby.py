"""The lobby over HTTP (issue 39): accounts in a session cookie, seeks, the rooms they are paired into, the ladder.

Translates only: ``carrom.lobby`` keeps the accounts, the pool and the ratings. ``Lobby`` runs the pairing: every
``PAIR_EVERY`` seconds it pairs the pool in the database (each server on one PostgreSQL may, the pool's rows are
taken once) and makes each match's room as ``POST /api/rooms`` would, every seat open and then taken by the
seeker's own new token, which only the seeker can read (``GET /api/lobby/seeks/{id}``). It also rates the lobby's
games that have ended, once each, whichever server played them. The session is a cookie (HttpOnly, SameSite=Lax,
Secure behind HTTPS) holding the account's token; signing in is limited per address and per name.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import select

from carrom.i18n.said import RECORDER as SAID
from carrom.lobby.accounts import Account, AccountStore, LobbyError
from carrom.lobby.matchmaking import Seek, window
from carrom.lobby.queue import SeekQueue, want_of
from carrom.lobby.tables import GameRow, SeekRow
from carrom.rules import Seat
from carrom.store import Store
from carrom.web.bodies import read_json
from carrom.web.limits import Limits, client_address
from carrom.web.pages import add_pages

log = logging.getLogger("carrom.web.lobby")

COOKIE = "carrom_session"
PAIR_EVERY = 0.5  # seconds between two pairings of the pool
RATE_EVERY = 2.0  # seconds between two looks for ended games to rate
SIGN_IN_PER_ADDRESS = "10/minute;100/hour"
SIGN_IN_PER_NAME = "5/minute;30/hour"
SEATS = {2: (Seat.SOUTH, Seat.NORTH), 4: (Seat.SOUTH, Seat.NORTH, Seat.EAST, Seat.WEST)}  # side one's, then two's
# (partners sit opposite, ICF 27: south and north against east and west; side one breaks first)


class Lobby:
    """The lobby of one server: the accounts and the pool on its database, the pairing and rating loop."""

    def __init__(self, store: Store, limits: Limits = Limits()) -> None:
        self.store = store
        self.accounts = AccountStore(store.engine)
        self.queue = SeekQueue(self.accounts)
        self.limits = limits
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._task: asyncio.Task | None = None

    # -- the loop -----------------------------------------------------------------------------------------------
    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="lobby")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        last_rating = 0.0
        while True:
            try:
                await asyncio.to_thread(self.pair_now)
                if time.monotonic() - last_rating > RATE_EVERY:
                    await asyncio.to_thread(self.rate_ended)
                    last_rating = time.monotonic()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the loop must outlive a database that is down for a while
                log.warning("the lobby's pairing failed; trying again", exc_info=True)
            await asyncio.sleep(PAIR_EVERY)

    def pair_now(self, now: float | None = None) -> list[str]:
        """Pair the pool once; the rooms made."""
        return [room for room, _ in self.queue.pair(self._make_room, now)]

    def _make_room(self, match: tuple[Seek, ...]) -> str:
        from carrom.web.rooms import Room

        want = match[0].want
        seats = SEATS[want.players]
        names = {seek.id: self._name(seek.account) for seek in match}
        room, _ = Room.create(self.store, {
            "variant": want.ruleset, "clocks": want.clocks,
            "players": {seat.value: {"type": "open", "name": names[seek.id]} for seat, seek in zip(seats, match)}})
        for seat, seek in zip(seats, match):
            self.queue.set_token(seek.id, room.join(seat.value, names[seek.id], invite=room.invite))
        return room.id

    def _name(self, account_id: int) -> str:
        from carrom.lobby.tables import AccountRow

        with self.accounts.sessions() as s:
            return s.get(AccountRow, account_id).name

    def rate_ended(self) -> int:
        """Rate the lobby's games whose rooms have ended; how many."""
        with self.accounts.sessions() as s:
            open_rooms = list(s.scalars(select(GameRow.room).where(GameRow.over.is_(False))))
        done = 0
        for room in open_rooms:
            row = self.store.get(room)
            if row is None or not row.over:
                continue
            from carrom.web.rooms import Room

            self.accounts.finish_game(room, Room.load(self.store, row).game.state.winner)
            done += 1
        return done

    # -- sign-in limits ---------------------------------------------------------------------------------------
    def allow_sign_in(self, request: Request, name: str) -> bool:
        address = client_address(request.scope, self.limits.trusted_proxies)
        items = [(item, "address", address) for item in parse_many(SIGN_IN_PER_ADDRESS)]
        items += [(item, "name", name.casefold()[:60]) for item in parse_many(SIGN_IN_PER_NAME)]
        return all(self._limiter.hit(item, kind, key) for item, kind, key in items)


def lobby_router(lobby: Lobby) -> APIRouter:
    router = APIRouter()
    add_pages(router, {"/lobby": "lobby.html"})

    async def account_of(request: Request) -> Account:
        account = await asyncio.to_thread(lobby.accounts.by_token, request.cookies.get(COOKIE))  # off the loop
        if account is None:
            raise HTTPException(401, SAID.gettext("sign in, or play as a guest, first"))
        return account

    def signed_in(response: Response, request: Request, account: Account, token: str) -> dict[str, Any]:
        response.set_cookie(COOKIE, token, httponly=True, samesite="lax", secure=request.url.scheme == "https",
                            max_age=365 * 24 * 3600, path="/")
        return {"account": account.id, "name": account.name, "guest": account.guest}

    async def body_of(request: Request, *fields: str) -> dict[str, Any]:
        body = read_json(await request.body(), lobby.limits.body_bytes, empty={})  # bounded, as every body
        if not isinstance(body, dict):
            raise HTTPException(400, SAID.gettext("the body is a JSON object"))
        extra = sorted(set(body) - set(fields))
        if extra:
            raise HTTPException(400, SAID.gettext("{field}: not a field; the fields are {fields}", field=extra[0],
                                                  fields=", ".join(fields)))
        return body

    def refused(exc: LobbyError) -> HTTPException:
        return HTTPException(400, SAID.message(exc.args[0]))

    @router.post("/api/lobby/guest")
    async def guest(request: Request, response: Response):
        body = await body_of(request, "name")
        try:
            account, token = await asyncio.to_thread(lobby.accounts.guest, body.get("name"))
        except LobbyError as exc:
            raise refused(exc) from None
        return signed_in(response, request, account, token)

    @router.post("/api/lobby/signup")
    async def sign_up(request: Request, response: Response):
        body = await body_of(request, "name", "password", "country", "club")
        try:
            account, token = await asyncio.to_thread(
                lobby.accounts.sign_up, body.get("name"), body.get("password"), body.get("country"),
                body.get("club"), request.cookies.get(COOKIE))
        except LobbyError as exc:
            raise refused(exc) from None
        return signed_in(response, request, account, token)

    @router.post("/api/lobby/signin")
    async def sign_in(request: Request, response: Response):
        body = await body_of(request, "name", "password")
        name = body.get("name") if isinstance(body.get("name"), str) else ""
        if not lobby.allow_sign_in(request, name):
            raise HTTPException(429, SAID.gettext("too many attempts to sign in: wait a minute"))
        try:
            account, token = await asyncio.to_thread(lobby.accounts.sign_in, name, body.get("password"))
        except LobbyError as exc:
            raise refused(exc) from None
        return signed_in(response, request, account, token)

    @router.post("/api/lobby/signout")
    async def sign_out(request: Request, response: Response):
        token = request.cookies.get(COOKIE)
        if token:
            await asyncio.to_thread(lobby.accounts.sign_out, token)
        response.delete_cookie(COOKIE, path="/")
        return {"signed_out": True}

    @router.get("/api/lobby/me")
    async def me(request: Request):
        account = await account_of(request)
        return await asyncio.to_thread(lobby.accounts.export, account)

    @router.delete("/api/lobby/me")
    async def delete_me(request: Request, response: Response):
        account = await account_of(request)
        await asyncio.to_thread(lobby.accounts.delete, account)
        response.delete_cookie(COOKIE, path="/")
        return {"deleted": True}

    @router.post("/api/lobby/seeks")
    async def seek(request: Request):
        account = await account_of(request)
        body = await body_of(request, "ruleset", "players", "clocks", "rated")
        try:
            want = want_of(body.get("ruleset", "icf"), body.get("players", 2), body.get("clocks", True),
                           body.get("rated", not account.guest))
            seek_id = await asyncio.to_thread(lobby.queue.seek, account, want)
        except LobbyError as exc:
            raise refused(exc) from None
        return {"seek": seek_id}

    @router.get("/api/lobby/seeks/{seek_id}")
    async def seek_status(seek_id: int, request: Request):
        account = await account_of(request)

        def read() -> dict[str, Any]:
            room = lobby.queue.status(seek_id, account)
            with lobby.accounts.sessions() as s:
                row = s.get(SeekRow, seek_id)
                if room is None:
                    waited = Seek(row.id, row.account_id, row.rating, row.since)
                    return {"waiting": True, "seconds": round(time.time() - row.since, 1),
                            "window": window(waited, time.time())}
                return {"room": room, "link": f"/room/{room}#token={row.room_token}", "token": row.room_token}
        try:
            return await asyncio.to_thread(read)
        except LobbyError as exc:
            raise HTTPException(404, SAID.message(exc.args[0])) from None

    @router.delete("/api/lobby/seeks")
    async def cancel(request: Request):
        account = await account_of(request)
        await asyncio.to_thread(lobby.queue.cancel, account)
        return {"cancelled": True}

    @router.get("/api/lobby/leaderboard")
    async def leaderboard(ruleset: str = "icf"):
        try:
            return {"ruleset": ruleset, "rows": await asyncio.to_thread(lobby.accounts.leaderboard, ruleset)}
        except LobbyError as exc:
            raise refused(exc) from None

    @router.post("/api/lobby/blocks")
    async def block(request: Request):
        account = await account_of(request)
        body = await body_of(request, "account")
        other = body.get("account")
        if not isinstance(other, int) or isinstance(other, bool):
            raise HTTPException(400, SAID.gettext("{field}: an account's number", field="account"))
        try:
            await asyncio.to_thread(lobby.accounts.block, account, other)
        except LobbyError as exc:
            raise refused(exc) from None
        return {"blocked": other}

    return router
