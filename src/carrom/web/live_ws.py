"""The live game's websocket, ``/ws/{room}``: one connection of a live match (``carrom.web.live``).

Each message the client sends is checked (``carrom.web.limits``, ``carrom.web.messages``), then its intent acted
on by the room in a worker thread under the match's lock; the updates go to every connection's own queue
(``LiveMatch.publish``), answers and errors to this one's: nothing here waits for another client to read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import APIRouter, HTTPException, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from carrom.store import StoreError
from carrom.web.clocks import MatchClock
from carrom.web.limits import Gate, Limits
from carrom.web.live import Connection, Hub, LiveMatch, in_worker, refusal, to_json
from carrom.web.messages import ASIDES, Intent, MessageError, decode, parse, sequence, store_refusal
from carrom.web.rooms import Room
from carrom.web.views import SAID

log = logging.getLogger("carrom.web")


def _handled(room: Room, token: str | None, intent: Intent, clocks: MatchClock) -> list[str]:
    """The room's updates for an intent with the clocks they set going, as the JSON sent (made in the worker
    thread, not on the event loop)."""
    return [to_json(update) for update in clocks.after(room, room.handle(token, intent))]


def _peer(ws: WebSocket) -> str:
    return f"{ws.client.host}:{ws.client.port}" if ws.client else "a client"


async def _refuse_opening(ws: WebSocket, message: Any, code: str, close: int, reason: str) -> None:
    """A connection that cannot be one of a match: the error, then closed."""
    with contextlib.suppress(Exception):
        await ws.send_text(to_json(refusal(message, code, None)))
        await ws.close(code=close, reason=reason)


def live_router(hub: Hub, limits: Limits) -> APIRouter:
    router = APIRouter()

    @router.websocket("/ws/{room_id}")
    async def socket(ws: WebSocket, room_id: str) -> None:
        await ws.accept()
        try:
            live = await hub.match(room_id)
        except HTTPException as exc:
            return await _refuse_opening(ws, exc.detail, "not_found", 4404, "no such match")
        except Exception as exc:
            log.exception("cannot open match %s", room_id)
            message = store_refusal(exc) if isinstance(exc, StoreError) else SAID.gettext(
                "this match cannot be opened ({error})", error=exc.__class__.__name__)
            return await _refuse_opening(ws, message, "server", 1011, "the match cannot be opened")
        room = live.room
        token = ws.query_params.get("token") or None
        conn = live.connect(ws, None, limits)
        if token and not room.seats_of(token):
            conn.send(refusal(SAID.gettext("this link's token plays no seat here: you are watching"), "refused", None))
            token = None
        conn.token = token
        live.arrived(conn)  # a player back is no longer away (docs/web.md, "Presence")
        conn.put(live.opening(token), state=False)
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
                    conn.close(1003, "text frames only: JSON messages")
                    break
                seq = None
                try:
                    gate.admit()
                    msg = decode(text, limits.message_chars)
                    seq = sequence(msg)
                    gate.use(seq)
                    intent = parse(msg)
                    if intent.type == "join":
                        conn.token = await _join(live, conn, intent)
                        live.arrived(conn)
                        continue
                    if intent.type in ASIDES:  # a quick message, an aim: beside the match, nothing stored
                        live.aside(conn, intent)
                        continue
                    async with live.lock:
                        updates = await in_worker(_handled, room, conn.token, intent, live.clock)
                except MessageError as exc:
                    conn.send(refusal(exc.args[0], exc.code, seq) | exc.fields())
                    continue
                except StoreError as exc:
                    log.warning("match %s: %s", room_id, exc)
                    conn.send(refusal(store_refusal(exc), "server", seq))
                    continue
                except Exception as exc:  # a bug must not reach the user as a traceback, nor leave the game half-changed
                    log.exception("message failed in match %s: %r", room_id, text[:200])
                    async with live.lock:
                        await in_worker(room.reload)
                    failed = SAID.gettext("the server failed on that message ({error}); nothing was changed",
                                          error=exc.__class__.__name__)
                    conn.send(refusal(failed, "server", seq))
                    continue
                for update in updates:
                    live.publish(update)
                hub.wake_bots(room)
        except (WebSocketDisconnect, WebSocketDisconnected):  # the client went away, perhaps in the middle of a send
            log.info("match %s: %s left without closing", room_id, _peer(ws))
        finally:
            live.disconnect(ws)
            await conn.ended()  # a close the server made (4008, 1003): sent, or the connection dropped by its deadline

    async def _join(live: LiveMatch, conn: Connection, intent: Intent) -> str | None:
        """``join``: take a free seat (the token that plays it comes back), or watch."""
        room, token = live.room, conn.token
        if intent.args["watch"]:
            conn.send({"type": "joined", "token": token, "you": room.seats_of(token), "watching": True})
            return token
        async with live.lock:
            token = await in_worker(room.join, intent.seat, intent.args["name"] or None, token, intent.args["invite"])
            await in_worker(live.clock.arm, room)  # the last seat taken: the break's clock starts
        if intent.args["browser"]:
            await asyncio.to_thread(hub.store.add_browser, room.id, intent.args["browser"])
        conn.send({"type": "joined", "token": token, "you": room.seats_of(token), "watching": False,
                   "links": room.links()})
        live.publish(live.view())
        hub.wake_bots(room)
        return token

    return router
