"""What a connection may cost before it is a request: its headers in ``Limits.header_seconds``, and at most
``Limits.http_connections_per_address`` HTTP connections open at once from one address.

uvicorn waits for a request's headers for ever and takes every connection it is offered, so 5,000 half-sent
requests from one address (slowloris) were all held, and under ``ulimit -n 1024`` shut out every other client.
``GuardedHttp`` is uvicorn's httptools protocol with a timer from the connection's first byte (and each new
request's) to the end of its headers, and a count per address; a connection over either is dropped. A
connection that becomes a websocket leaves the count (the websockets have their own, ``PerAddress``), and
so do a trusted proxy's (they carry many clients: the limits per address apply behind it).
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from carrom.web.limits import Limits


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a header deadline and a count of connections per address (this process's)."""

    limits: Limits | None = None  # read from CARROM_LIMITS at the first connection (each worker reads its own)
    open: dict[str, int] = {}

    @classmethod
    def _limits(cls) -> Limits:
        if GuardedHttp.limits is None:
            GuardedHttp.limits = Limits.from_env()
        return GuardedHttp.limits

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        limits = self._limits()
        self._timer: asyncio.TimerHandle | None = None
        self._address = self.client[0] if self.client else None
        if self._address in limits.trusted_proxies:
            self._address = None
        if self._address is not None:
            if self.open.get(self._address, 0) >= limits.http_connections_per_address:
                self._address = None
                transport.abort()
                return
            self.open[self._address] = self.open.get(self._address, 0) + 1
        self._arm()

    def _arm(self) -> None:
        if self._timer is None:
            self._timer = self.loop.call_later(self._limits().header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _too_slow(self) -> None:
        self._timer = None
        if not self.transport.is_closing():
            self.transport.abort()

    def _release(self) -> None:
        self._disarm()
        if self._address is not None:
            self.open[self._address] -= 1
            if not self.open[self._address]:
                del self.open[self._address]
            self._address = None

    def on_message_begin(self) -> None:
        self._arm()
        super().on_message_begin()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        self._disarm()  # idle between requests: uvicorn's keep-alive timeout
        super().on_response_complete()

    def handle_websocket_upgrade(self) -> None:
        self._release()
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()
        super().connection_lost(exc)
