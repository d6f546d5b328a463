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
from datetime import datetime, timezone
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import func, select

from carrom.i18n.said import RECORDER as SAID
from carrom.lobby.accounts import Account, AccountStore, LobbyError
from carrom.lobby.matchmaking import Seek, window
from carrom.lobby.ratings import Rating
from carrom.lobby.queue import SeekQueue, want_of
from carrom.rules import Seat
from carrom.store import Store
from carrom.store.clocks import ClockStore
from carrom.store.models import ActionModel, MatchModel, PlayerModel
from carrom.web.bodies import read_json
from carrom.web.limits import Limits, client_address
from carrom.web.pages import add_pages

log = logging.getLogger("carrom.web.lobby")

COOKIE = "carrom_session"
PAIR_EVERY = 0.5  # seconds between two pairings of the pool
RATE_EVERY = 2.0  # seconds between two looks for ended games to rate
ABORT_AFTER = 120.0  # seconds a lobby game may go without its first stroke before it is aborted, never rated
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
        self.clocks = ClockStore(store)  # a room sought with clocks keeps them (as POST /api/rooms's)
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
        if room.clocks:  # the laws' clocks, and with them the absence of ICF 143 a (docs/web.md, "Fair play")
            self.clocks.keep(room.id)
        for seat, seek in zip(seats, match):
            self.queue.set_token(seek.id, room.join(seat.value, names[seek.id], invite=room.invite))
        return room.id

    def _name(self, account_id: int) -> str:
        from carrom.lobby.tables import AccountRow

        with self.accounts.sessions() as s:
            return s.get(AccountRow, account_id).name

    def rate_ended(self, now: float | None = None) -> int:
        """Settle the lobby's games: rate those whose match has ended, abort those with no stroke in their first
        ``ABORT_AFTER`` seconds (never rated, ended or not); how many were settled. It reads what it needs only:
        which open games' matches are over and their result, and when each played its first stroke (two queries
        for all of them), not the matches themselves; a match is read whole only when its result's names cannot
        tell its sides apart (the same names on both)."""
        now = time.time() if now is None else now
        games = self.accounts.open_games()
        if not games:
            return 0
        with self.store.engine.connect() as conn:
            over = dict(conn.execute(select(MatchModel.id, MatchModel.result).where(
                MatchModel.id.in_(games), MatchModel.over.is_(True))).all())
            first = dict(conn.execute(select(ActionModel.match_id, func.min(ActionModel.at)).where(
                ActionModel.match_id.in_(games), ActionModel.type == "stroke").group_by(ActionModel.match_id)).all())
            seats = conn.execute(select(PlayerModel.match_id, PlayerModel.seat, PlayerModel.name).where(
                PlayerModel.match_id.in_(over))).all() if over else []
        done = 0
        for room, created in games.items():
            stroke = first.get(room)
            late = stroke is None or _epoch(stroke) > created + ABORT_AFTER
            if room in over:
                aborted = late
                winner = None if aborted else self._winner(room, over[room], [(s, n) for r, s, n in seats if r == room])
            elif stroke is None and now > created + ABORT_AFTER:
                aborted, winner = True, None
            else:
                continue
            self.accounts.finish_game(room, winner, aborted=aborted)
            if aborted:
                log.info("lobby game %s aborted: no stroke in its first %g s; not rated", room, ABORT_AFTER)
            done += 1
        return done

    def _winner(self, room: str, result: str, seats: list[tuple[str, str]]) -> int | None:
        """The side that won a lobby match, from its stored result ("Asha won"; "" a draw) and its seats' names (the
        lobby seats side one at ``SEATS``' first half); the match read and played again only when both sides bear
        the same names."""
        if not result.endswith(" won"):
            return None
        named = sorted(result[:-len(" won")].split(" & "))
        half = len(seats) // 2
        sides = [sorted(n for s, n in seats if (SEATS[len(seats)].index(Seat.named(s)) < half) == (side == 0))
                 for side in (0, 1)]
        if sides[0] != sides[1] and named in sides:
            return sides.index(named)
        from carrom.web.rooms import Room

        row = self.store.get(room)
        return None if row is None else Room.load(self.store, row).game.state.winner

    def game(self, room: str) -> dict[str, Any] | None:
        """What the room's page is told of a lobby game (None: not the lobby's): rated or not, aborted, and while
        no stroke has been played, when it will be aborted (seconds since 1970)."""
        game = self.accounts.game(room)
        if game is None:
            return None
        abort_at = None
        if not game["over"]:
            with self.store.engine.connect() as conn:
                struck = conn.execute(select(ActionModel.id).where(ActionModel.match_id == room,
                                                                   ActionModel.type == "stroke").limit(1)).first()
            abort_at = None if struck else game["created"] + ABORT_AFTER
        return {"room": room, "lobby": True, "rated": game["rated"], "over": game["over"], "aborted": game["aborted"],
                "abort_at": abort_at, "abort_after": ABORT_AFTER, "now": time.time()}

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

    @router.get("/api/lobby/me/history")
    async def my_history(request: Request, ruleset: str = "icf"):
        """The profile's rating history in one ruleset: each rated game's rating before and after, oldest first."""
        account = await account_of(request)
        try:
            games = await asyncio.to_thread(lobby.accounts.rating_history, account.id, ruleset)
        except LobbyError as exc:
            raise refused(exc) from None
        return {"ruleset": ruleset, "start": Rating().rating, "games": games}

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
            state = lobby.queue.state(seek_id, account)  # the seek read once
            if state.room is None:
                now = time.time()
                return {"waiting": True, "seconds": round(now - state.seek.since, 1), "window": window(state.seek, now)}
            return {"room": state.room, "link": f"/room/{state.room}#token={state.token}", "token": state.token}
        try:
            return await asyncio.to_thread(read)
        except LobbyError as exc:
            raise HTTPException(404, SAID.message(exc.args[0])) from None

    @router.get("/api/lobby/games/{room}")
    async def game(room: str):
        """A room's page asks whether it is a lobby game: rated, aborted, and until when its first stroke may wait;
        ``lobby: false`` for any other room (a 404 would be a console error on every room's page)."""
        found = await asyncio.to_thread(lobby.game, room[:64])
        return {"room": room[:64], "lobby": False} if found is None else found  # not a 404: every room's page asks

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


def _epoch(when: datetime) -> float:
    """A stored time (aware, or naive UTC as SQLite gives it) in seconds since 1970."""
    return (when if when.tzinfo else when.replace(tzinfo=timezone.utc)).timestamp()
