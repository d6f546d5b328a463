"""The one way the server pushes to a client: ``Outbox``, a subscriber's own bounded queue drained by its own task.

Rooms (``carrom.web.live.Connection``) and the umpire's scoreboards (``carrom.web.umpire_live``) put each update on
every subscriber's outbox and go on: putting never waits, so a client that reads slowly holds up only itself. A full
queue drops the states waiting in it for the latest (every state is whole); a client whose one message has waited
``Limits.stall`` seconds is closed with 4008 (it reconnects and is sent the state afresh).

A close is the server's decision, not the client's: the close frame is given ``CLOSE_DEADLINE`` seconds to go and be
answered, then the connection's transport is aborted (``let_go``), so a socket that stopped reading is let go,
its handler returns and its slot is counted back (issue 43, finding 2). The public page's Server-Sent Events
(``carrom.web.feed``) have no close frame: a stalled one is aborted at once (``abort``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from typing import Any, Callable

import orjson

from carrom.web.limits import Limits

log = logging.getLogger("carrom.web")

BEHIND = 4008  # the close code of a connection that fell behind (the page reconnects and is sent the state again)
CLOSE_DEADLINE = 3.0  # seconds a closed connection's client has to take the close before its transport is aborted
_DEPTH = 8  # wrappers of an ASGI ``send`` looked through for the server's own (middlewares, Starlette's)


def to_json(message: dict[str, Any]) -> str:
    """A message as sent: orjson, a tenth of the time of ``json`` for a shot's thousands of numbers."""
    return orjson.dumps(message).decode()


def transport_of(send: Callable | None) -> asyncio.BaseTransport | None:
    """The server's transport under an ASGI ``send`` (uvicorn's protocol or request cycle owns it), looked for
    through the wrappers around it (Starlette's, middlewares'); None if there is none (a test's fake). ASGI gives an
    app no way to drop a connection whose client stopped reading: the server's own close waits for the client."""
    seen: list[Callable] = [send] if send is not None else []
    for _ in range(_DEPTH):
        if not seen:
            return None
        wrapped: list[Callable] = []
        for fn in seen:
            transport = getattr(getattr(fn, "__self__", None), "transport", None)
            if callable(getattr(transport, "abort", None)):  # asyncio's or uvloop's (not an asyncio subclass)
                return transport
            wrapped += [c.cell_contents for c in (getattr(fn, "__closure__", None) or ())
                        if callable(getattr(c, "cell_contents", None))]
        seen = wrapped
    return None


def abort(transport: asyncio.BaseTransport | None) -> None:
    """Drop the connection now, whatever its buffers hold (a no-op once it is gone)."""
    if transport is not None:
        with contextlib.suppress(Exception):
            transport.abort()  # type: ignore[attr-defined]


def gone(transport: asyncio.BaseTransport | None) -> bool:
    """Whether the connection's socket is closed (its file descriptor let go), not only closing."""
    try:
        sock = transport.get_extra_info("socket") if transport is not None else None
        return sock is None or sock.fileno() == -1
    except Exception:  # uvloop's socket of a closed transport
        return True


async def let_go(transport: asyncio.BaseTransport | None, deadline: float = CLOSE_DEADLINE) -> None:
    """Wait up to ``deadline`` seconds for the connection to be gone (a client that took the close and answered),
    then abort it; returns once its socket is closed."""
    ends = time.monotonic() + deadline
    while not gone(transport) and time.monotonic() < ends:
        await asyncio.sleep(0.05)
    abort(transport)
    for _ in range(20):  # the loop closes an aborted socket on its next turns
        if gone(transport):
            return
        await asyncio.sleep(0.01)


class Outbox:
    """One websocket's own send queue, drained by its own task: ``put`` never waits; ``close`` ends it by a
    deadline."""

    deadline = CLOSE_DEADLINE

    def __init__(self, ws: Any, limits: Limits) -> None:
        self.ws = ws
        self.limits = limits
        self.queue: deque[tuple[str, bool]] = deque()  # (text, is a whole state: may be dropped for a later one)
        self.ready = asyncio.Event()
        self.sending_since: float | None = None  # when the message being sent began to wait for the client
        self.dropped = 0  # states this client never got, being behind
        self.closed = False
        self.closing: asyncio.Task | None = None  # the server's close under way (``close``)
        self.task: asyncio.Task | None = asyncio.create_task(self._drain())

    def put(self, text: str, state: bool = True) -> None:
        """``text`` to be sent; ``state``: a whole state, which a later one may replace while it waits."""
        if self.closed:
            return
        if self.sending_since is not None and time.monotonic() - self.sending_since > self.limits.stall:
            self.close(BEHIND, "fell behind: reconnecting")
            return
        if len(self.queue) >= self.limits.send_queue:  # behind: the backlog of states goes, the latest will do
            kept = deque(item for item in self.queue if not item[1])
            self.dropped += len(self.queue) - len(kept)
            self.queue = kept
        self.queue.append((text, state))
        self.ready.set()

    def send(self, message: dict[str, Any]) -> None:
        """A message for this client alone (an answer, an error): kept even when it is behind."""
        self.put(to_json(message), state=False)

    async def _drain(self) -> None:
        while not self.closed:
            await self.ready.wait()
            self.ready.clear()
            while self.queue and not self.closed:
                text, _ = self.queue.popleft()
                self.sending_since = time.monotonic()
                try:
                    await self.ws.send_text(text)
                except Exception:  # the client is gone: its own loop ends on its next receive
                    self.closed = True
                    return
                finally:
                    self.sending_since = None

    def close(self, code: int, reason: str) -> None:
        """Stop sending, and close the websocket with ``code`` and ``reason``: in a task, since the close waits for
        room in the client's buffers; its transport is aborted ``deadline`` seconds on, unless gone by then."""
        if self.closed:
            return
        self._end_drain()
        log.info("a connection closed (%s: %s) after %d update(s) dropped", code, reason, self.dropped)
        task = self.closing = asyncio.create_task(self._close(code, reason))
        _CLOSING.add(task)
        task.add_done_callback(_CLOSING.discard)

    async def _close(self, code: int, reason: str) -> None:
        transport, ends = transport_of(getattr(self.ws, "_send", None)), time.monotonic() + self.deadline
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code=code, reason=reason), self.deadline)
        await let_go(transport, max(0.0, ends - time.monotonic()))

    async def ended(self) -> None:
        """Returns once a close the server made has let the connection go (its handler then returns, and the
        connection is counted back only when its socket is gone)."""
        if self.closing is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(self.closing)

    def stop(self) -> None:
        """The client left: its task ends."""
        self._end_drain()

    def _end_drain(self) -> None:
        """No more sending: the task cancelled, and let go. A cancelled task keeps its CancelledError, whose traceback
        holds the task's frame, whose ``self`` is this outbox: kept here, the task made a cycle with the outbox, its
        websocket and uvicorn's protocol, freed only by a full collection (or never, once the server had frozen it as
        long-lived: ``carrom.web.warm.keep_settled``; ~100 kB a connection in a soak)."""
        self.closed = True
        task, self.task = self.task, None
        if task is not None:
            task.cancel()


_CLOSING: set[asyncio.Task] = set()  # the closes under way (a task is kept until it ends)
