"""What one client may cost the server: body, header and message sizes, messages a second, each message once,
and per address: HTTP requests, websocket messages, connections (and connections in all).

``Limits`` holds the numbers (``create_app(limits=...)`` changes them; ``Limits.from_env`` reads the operator's
``CARROM_LIMITS``); a ``Gate`` guards one websocket connection: a burst over the rate is answered
with an error (the connection stays), and a ``seq`` not above the last one seen on the
connection is a duplicate. ``PerAddress`` (ASGI middleware) counts each client address with the
``limits`` library's moving windows; behind a proxy, its ``X-Forwarded-For`` is believed only
from the proxies named in ``CARROM_TRUSTED_PROXIES``. docs/web.md has the table.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field, fields, replace
from typing import Any, Callable, Mapping

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from carrom.i18n.said import RECORDER as SAID
from carrom.web.messages import MessageError, kind_of_status, refusal_of


@dataclass(frozen=True)
class Limits:
    body_bytes: int = 64 * 1024  # the body of any HTTP request
    header_bytes: int = 16 * 1024  # a request's headers, all together (names and values)
    message_chars: int = 8192  # one websocket message
    rate: float = 10.0  # messages a second a connection may send, on average...
    burst: int = 30  # ...and at once
    send_queue: int = 16  # messages waiting to be sent to one connection before only the latest state is kept
    stall: float = 10.0  # seconds one message may wait for its client to take it before the connection is closed
    # per client address (the ``limits`` library's notation: "50/second;1000/minute")
    http_per_address: str = "50/second;1000/minute"  # HTTP requests
    messages_per_address: str = "100/second;3000/minute"  # websocket messages, over all its connections
    imports_per_address: str = "5/minute;30/hour"  # SoL files imported (each may cost a second or two of CPU)
    openings_per_address: str = "20/second;600/minute"  # websockets opened (300 at once wrote 300 tracebacks)
    connections_per_address: int = 256  # websockets open at once
    http_connections_per_address: int = 64  # HTTP connections open at once (a browser opens 6; web/guard.py)
    header_seconds: float = 10.0  # from a request's first byte to the end of its headers (web/guard.py)
    connections: int = 10_000  # websockets open at once, all addresses together
    subscribers: int = 10_000  # subscriptions to tournaments' public pages open at once, all addresses together
    trusted_proxies: tuple[str, ...] = ()  # addresses whose X-Forwarded-For names the client (none: never believed)

    def __post_init__(self) -> None:
        for key in ("body_bytes", "header_bytes", "message_chars", "rate", "burst", "send_queue", "stall",
                    "connections_per_address", "http_connections_per_address", "header_seconds", "connections",
                    "subscribers"):
            if not getattr(self, key) > 0:
                raise ValueError(f"Limits.{key} must be above 0, not {getattr(self, key)!r}")
        for key in ("http_per_address", "messages_per_address", "imports_per_address", "openings_per_address"):
            try:
                parse_many(getattr(self, key))
            except ValueError:
                raise ValueError(f"Limits.{key} must be rates such as '50/second;1000/minute', not "
                                 f"{getattr(self, key)!r}") from None

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> "Limits":
        """The defaults, changed by ``CARROM_LIMITS`` ("connections_per_address=1000,http_per_address=100/second")
        and ``CARROM_TRUSTED_PROXIES`` ("10.0.0.2,10.0.0.3"); ``ValueError`` naming what is wrong."""
        limits = cls()
        kinds = {f.name: f.type for f in fields(cls)}
        changes: dict[str, Any] = {}
        for pair in filter(None, (p.strip() for p in env.get("CARROM_LIMITS", "").split(","))):
            key, _, value = pair.partition("=")
            key = key.strip()
            if key not in kinds or key == "trusted_proxies":
                raise ValueError(f"CARROM_LIMITS: no limit {key!r} (one of {', '.join(k for k in kinds)})")
            kind = type(getattr(limits, key))
            try:
                changes[key] = kind(value.strip())
            except ValueError:
                raise ValueError(f"CARROM_LIMITS: {key} must be a {kind.__name__}, not {value!r}") from None
        proxies = tuple(filter(None, (p.strip() for p in env.get("CARROM_TRUSTED_PROXIES", "").split(","))))
        return replace(limits, **changes, trusted_proxies=proxies)


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
        text = json.dumps({"error": str(error)} | refusal_of(error) | {"kind": kind_of_status(413)}).encode()
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
                text = json.dumps({"error": str(error)} | refusal_of(error) | {"kind": kind_of_status(431)}).encode()
                start = "http.response.start" if scope["type"] == "http" else "websocket.http.response.start"
                body = "http.response.body" if scope["type"] == "http" else "websocket.http.response.body"
                await send({"type": start, "status": 431,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(text)).encode()), (b"connection", b"close")]})
                await send({"type": body, "body": text})
                return
        await self.app(scope, receive, send)


def client_address(scope: dict, trusted: tuple[str, ...]) -> str:
    """The client's address: the connection's, or, when that is a trusted proxy, the last address its
    ``X-Forwarded-For`` names that is not itself a trusted proxy."""
    host = (scope.get("client") or ("unknown", 0))[0]
    if host not in trusted:
        return host
    forwarded = dict(scope.get("headers") or ()).get(b"x-forwarded-for", b"").decode("latin-1")
    for address in reversed([a.strip() for a in forwarded.split(",") if a.strip()]):
        if address not in trusted:
            return address
    return host


class PerAddress:
    """ASGI middleware: HTTP requests and websocket messages a second per client address (moving windows of the
    ``limits`` library), and websockets open per address and in all. A request over is answered 429, a websocket
    over the count refused (429) before it opens, a message over answered with a ``too_many`` error (the
    connection stays), all worded as the app's refusals are."""

    def __init__(self, app: Callable, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.window = MovingWindowRateLimiter(MemoryStorage())
        self.http: list[RateLimitItem] = parse_many(limits.http_per_address)
        self.messages: list[RateLimitItem] = parse_many(limits.messages_per_address)
        self.openings: list[RateLimitItem] = parse_many(limits.openings_per_address)
        # the anonymous requests that cost more than a request, each with its own rate besides
        self.costly: dict[tuple[str, str], list[RateLimitItem]] = {
            ("POST", "/api/desk/import"): parse_many(limits.imports_per_address)}
        self.open: dict[str, int] = {}
        self.total = 0

    def _over(self, items: list[RateLimitItem], kind: str, address: str) -> RateLimitItem | None:
        return next((item for item in items if not self.window.hit(item, kind, address)), None)

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        address = client_address(scope, self.limits.trusted_proxies)
        if scope["type"] == "http":
            over = self._over(self.http, "http", address)
            costly = self.costly.get((scope.get("method", ""), scope.get("path", "")))
            if over is None and costly:
                over = self._over(costly, scope["path"], address)
            if over is not None:
                return await _refuse(send, "http", 429, SAID.gettext(
                    "too many requests from your address: at most {count} in {seconds} seconds; try again in a moment",
                    count=over.amount, seconds=over.get_expiry()))
            return await self.app(scope, receive, send)
        over = self._over(self.openings, "opening", address)
        if over is not None:
            return await _refuse(send, "websocket", 429, SAID.gettext(
                "too many requests from your address: at most {count} in {seconds} seconds; try again in a moment",
                count=over.amount, seconds=over.get_expiry()))
        if self.open.get(address, 0) >= self.limits.connections_per_address or self.total >= self.limits.connections:
            most = self.limits.connections_per_address
            return await _refuse(send, "websocket", 429, SAID.gettext(
                "too many connections from your address (at most {most} at once)", most=most)
                if self.open.get(address, 0) >= most else SAID.gettext("the server is full: try again in a moment"))
        self.open[address] = self.open.get(address, 0) + 1
        self.total += 1

        async def counted() -> dict:
            while True:
                message = await receive()
                if message["type"] != "websocket.receive":
                    return message
                over = self._over(self.messages, "ws", address)
                if over is None:
                    return message
                error = SAID.gettext("too many messages from your address: at most {count} in {seconds} seconds; "
                                     "this one was ignored", count=over.amount, seconds=over.get_expiry())
                await send({"type": "websocket.send", "text": json.dumps(
                    {"type": "error", "message": str(error), "code": "too_many"} | refusal_of(error))})

        try:
            await self.app(scope, counted, send)
        finally:
            self.total -= 1
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]


async def _refuse(send: Callable, kind: str, status: int, error: Any) -> None:
    """An HTTP answer (or a websocket refused before it opens) with the app's JSON error."""
    text = json.dumps({"error": str(error)} | refusal_of(error) | {"kind": kind_of_status(status)}).encode()
    prefix = "" if kind == "http" else "websocket."
    await send({"type": f"{prefix}http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(text)).encode())]})
    await send({"type": f"{prefix}http.response.body", "body": text})
