"""Cross-site requests refused: a change (POST, PUT, PATCH, DELETE) or a websocket's opening sent by a page of
another site is answered 403 before any route reads it.

A browser lets any page it shows send a ``text/plain`` POST to any server, and open a websocket to it: without
this, a page a visitor opened could create rooms, events and umpire's matches in their name. The browser says
where the page comes from (``Origin``, and ``Sec-Fetch-Site``); a client that is not a browser sends neither
and is let through, as it can send any header it likes anyway. Behind a proxy, the proxy must pass on the
``Host`` the browser asked for (nginx: ``proxy_set_header Host $host``), or every change is refused.
"""

from __future__ import annotations

import json
from typing import Callable
from urllib.parse import urlsplit

from carrom.i18n.said import RECORDER as SAID
from carrom.web.messages import kind_of_status, refusal_of

CHANGES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def cross_site(scope: dict) -> bool:
    """Does a browser say this request comes from a page of another site than the one it asks?"""
    headers = dict(scope.get("headers") or ())
    if headers.get(b"sec-fetch-site") == b"cross-site":
        return True
    origin = headers.get(b"origin")
    if origin is None:
        return False
    netloc = urlsplit(origin.decode("latin-1")).netloc.lower()
    return not netloc or netloc != headers.get(b"host", b"").decode("latin-1").lower()


class SameOrigin:
    """ASGI middleware: a cross-site change or websocket opening answered 403 (the app's JSON error)."""

    def __init__(self, app: Callable) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        changes = scope["type"] == "websocket" or (scope["type"] == "http" and scope.get("method") in CHANGES)
        if not changes or not cross_site(scope):
            return await self.app(scope, receive, send)
        error = SAID.gettext("the server refused this request (HTTP {status})", status=403)
        text = json.dumps({"error": f"{error}: a page of another site may not change anything here"}
                          | refusal_of(error) | {"kind": kind_of_status(403)}).encode()
        prefix = "websocket." if scope["type"] == "websocket" else ""
        await send({"type": f"{prefix}http.response.start", "status": 403,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(text)).encode())]})
        await send({"type": f"{prefix}http.response.body", "body": text})
