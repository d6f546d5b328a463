"""The names this server answers to (``Host``) and the address its QR codes and printed sheets lead to.

A page of another site can make a visitor's browser ask this server under a name of its own (DNS rebinding: a
name the attacker controls, pointed at 127.0.0.1 or a hall's server), and then read the answers as its own. A
request whose ``Host`` is not an allowed name is answered 400 before any route reads it. ``carrom play`` answers
``localhost``, ``127.0.0.1`` and ``[::1]`` only; ``carrom serve`` those, any address asked by its number (a name
is what rebinding needs), the host of ``--public-url`` and each ``--allowed-host`` (``*``: any name, for a proxy
that checks names itself). The public URL a QR code encodes is configured (``--public-url``), never read from a
request's ``Host``: without one, it is the address the server was reached at (the socket's, not a header).
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass
from typing import Callable
from urllib.parse import urlsplit

from carrom.i18n.said import RECORDER as SAID
from carrom.web.messages import kind_of_status, refusal_of

LOCAL_NAMES = ("localhost", "127.0.0.1", "[::1]")


def host_name(value: str) -> str:
    """The name of a ``Host`` header's value, lowercased, without its port (``[::1]:8000`` is ``[::1]``)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[: value.find("]") + 1] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class AllowedHosts:
    """The ``Host`` names answered: ``names`` (``*``: any), and any address asked by its number if ``addresses``."""

    names: tuple[str, ...] = LOCAL_NAMES
    addresses: bool = False

    def allows(self, host: str) -> bool:
        name = host_name(host)
        return "*" in self.names or name in self.names or (self.addresses and _is_address(name))

    def shown(self) -> str:
        return ", ".join(self.names) + (" and any address by its number" if self.addresses else "")


def check_public_url(url: str) -> str:
    """``--public-url``: an http(s) address with a host and no query, without its final slash; ValueError naming it."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ValueError(f"--public-url must be an http:// or https:// address with a host (the one the hall's "
                         f"phones open, e.g. https://carrom.example.org), not {url!r}")
    return url.strip().rstrip("/")


def public_base(configured: str | None, scope: dict) -> str:
    """The address links for spectators lead to: ``configured``, or the one this connection reached (its socket)."""
    if configured:
        return configured
    host, port = scope.get("server") or ("127.0.0.1", 80)
    host = f"[{host}]" if ":" in host else host
    scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
    return f"{scheme}://{host}" + ("" if (scheme, port) in (("http", 80), ("https", 443)) else f":{port}")


class HostCheck:
    """ASGI middleware: a request (or websocket opening) whose ``Host`` is not allowed answered 400, named."""

    def __init__(self, app: Callable, allowed: AllowedHosts | None = None) -> None:
        self.app, self.allowed = app, allowed

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] not in ("http", "websocket") or self.allowed is None:
            return await self.app(scope, receive, send)
        host = dict(scope.get("headers") or ()).get(b"host", b"").decode("latin-1")
        if self.allowed.allows(host):
            return await self.app(scope, receive, send)
        error = SAID.gettext("the server refused this request (HTTP {status})", status=400)
        text = json.dumps({"error": f"{error}: the Host header {host!r} is not a name this server answers to "
                                    f"(allowed: {self.allowed.shown()}; carrom serve --allowed-host NAME adds one)",
                           "field": "Host"} | refusal_of(error) | {"kind": kind_of_status(400)}).encode()
        prefix = "websocket." if scope["type"] == "websocket" else ""
        await send({"type": f"{prefix}http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(text)).encode())]})
        await send({"type": f"{prefix}http.response.body", "body": text})
