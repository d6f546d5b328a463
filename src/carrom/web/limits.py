"""What one client may cost the server: body and message sizes, messages a second, and each message once.

``Limits`` holds the numbers (``create_app(limits=...)`` changes them); a ``Gate`` guards one
websocket connection: a burst over the rate is answered with an error (the connection
stays), and a ``seq`` not above the last one seen on the connection is a duplicate.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Callable

from carrom.i18n.said import RECORDER as SAID
from carrom.web.messages import MessageError, refusal_of


@dataclass(frozen=True)
class Limits:
    body_bytes: int = 64 * 1024  # the body of any HTTP request
    header_bytes: int = 16 * 1024  # a request's headers, all together (names and values)
    message_chars: int = 8192  # one websocket message
    rate: float = 10.0  # messages a second a connection may send, on average...
    burst: int = 30  # ...and at once
    send_queue: int = 16  # messages waiting to be sent to one connection before only the latest state is kept
    stall: float = 10.0  # seconds one message may wait for its client to take it before the connection is closed

    def __post_init__(self) -> None:
        for key in ("body_bytes", "header_bytes", "message_chars", "rate", "burst", "send_queue", "stall"):
            if not getattr(self, key) > 0:
                raise ValueError(f"Limits.{key} must be above 0, not {getattr(self, key)!r}")


@dataclass
class Gate:
    """One connection's rate (a token bucket) and the last ``seq`` it used."""

    limits: Limits
    tokens: float = field(init=False)  # messages it may send at once now
    stamp: float = field(default_factory=time.monotonic)
    last_seq: int = 0

    def __post_init__(self) -> None:
        self.tokens = float(self.limits.burst)

    def admit(self) -> None:
        """Count one message; ``MessageError`` (``too_many``) when over the rate."""
        now = time.monotonic()
        self.tokens = min(float(self.limits.burst), self.tokens + (now - self.stamp) * self.limits.rate)
        self.stamp = now
        if self.tokens < 1.0:
            raise MessageError(SAID.gettext("too many messages: at most {rate} a second ({burst} at once); this one "
                                            "was ignored", rate=f"{self.limits.rate:g}", burst=self.limits.burst),
                               "too_many")
        self.tokens -= 1.0

    def use(self, seq: int) -> None:
        """Each ``seq`` once, increasing: ``MessageError`` (``duplicate``) otherwise; the seq is then used."""
        if seq <= self.last_seq:
            raise MessageError(SAID.gettext("message {seq} was already received (the last was {last}): ignored",
                                            seq=seq, last=self.last_seq), "duplicate")
        self.last_seq = seq


class BodyLimit:
    """ASGI middleware: an HTTP request whose body is over ``limit`` bytes is answered 413, unread.

    The declared ``Content-Length`` is checked first; a body sent in chunks is counted as it
    arrives and read whole (up to the limit) before the app sees it.
    """

    def __init__(self, app: Callable, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            return await self._refuse(send)
        body, more = [], True
        size = 0
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                return await self._refuse(send)
            body.append(chunk)
            more = message.get("more_body", False)
        whole, given = b"".join(body), False

        async def replay() -> dict:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Callable) -> None:
        error = SAID.gettext("the request's body is over {most} bytes", most=self.limit)
        text = json.dumps({"error": str(error)} | refusal_of(error)).encode()  # as app.py's errors
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(text)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": text})


class HeaderLimit:
    """ASGI middleware: a request (HTTP or a websocket's opening) whose headers are over ``limit`` bytes in all is
    refused, 431, before any route reads it."""

    def __init__(self, app: Callable, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] in ("http", "websocket"):
            size = sum(len(name) + len(value) + 4 for name, value in scope.get("headers") or ())
            if size > self.limit:
                error = SAID.gettext("the request's headers are over {most} bytes", most=self.limit)
                text = json.dumps({"error": str(error)} | refusal_of(error)).encode()
                start = "http.response.start" if scope["type"] == "http" else "websocket.http.response.start"
                body = "http.response.body" if scope["type"] == "http" else "websocket.http.response.body"
                await send({"type": start, "status": 431,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(text)).encode()), (b"connection", b"close")]})
                await send({"type": body, "body": text})
                return
        await self.app(scope, receive, send)
