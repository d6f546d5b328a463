"""The public page's subscription (Server-Sent Events, by ``sse-starlette``): each new version of an event's public
view is made into its messages once, and the same bytes go to every subscriber (docs/tournaments.md).

A version is sent as the changes from the version before it (``changes``: 2-3 kB after a result on a 500-player
event, the standings' new order and what changed in its rows, where the whole view is 289 kB), or whole to a
subscriber that holds no version or an older one.
Each subscriber holds only what it was last sent: one that reads slowly is sent the latest version when it is ready
for more, never the backlog, and one whose message waits longer than ``Limits.stall`` for it is closed
(``Channel.close_stalled``, checked every second while the event has subscribers). Subscribers
are counted against ``Limits.subscribers`` (all addresses) and ``Limits.connections_per_address``.
"""

from __future__ import annotations

import asyncio
import logging
import marshal
import time
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Callable

import anyio
import orjson
from sse_starlette import EventSourceResponse

log = logging.getLogger("carrom.web.feed")

PING = 15.0  # seconds between two keep-alive comments on an idle subscription


ROW = "competitor"
"""The key that names a row of a list (a standings row is a competitor's): a list whose rows all have it, the same
ones before and after in another order, is sent as the new order first (``[path, runs, "order"]``) and then what
changed in each row, instead of each place's fields again. A result moves a player up or down past dozens of
others; on a 500-player event that was ~100 rows' fields again (10-15 kB a result), now the order and the ranks
(docs/tournaments.md, "Speed")."""


def changes(old: Any, new: Any) -> list[list]:
    """What turns the JSON value ``old`` into ``new``: ``[path, value]`` sets the value at the path (keys and list
    indices; a list's index at its end appends), ``[path]`` removes a key, or cuts a list at that index, and
    ``[path, runs, "order"]`` puts the list's rows in a new order: its runs ``[first, count]`` of the old indices
    (``ROW``). An object whose keys mostly changed is set whole (a standings row that another competitor now
    holds)."""
    out: list[list] = []
    _diff(old, new, [], out)
    return out


def _order(old: list, new: list) -> list[int] | None:
    """Where each row of ``new`` was in ``old`` (``ROW`` names them), if the two hold the same rows in another order."""
    if len(old) != len(new) or len(old) < 2:
        return None
    if not all(isinstance(x, dict) and ROW in x for x in old) or not all(isinstance(x, dict) and ROW in x for x in new):
        return None
    where: dict[Any, int] = {}
    for i, row in enumerate(old):
        key = row[ROW]
        if not isinstance(key, (int, str)) or isinstance(key, bool) or key in where:
            return None
        where[key] = i
    try:
        order = [where[row[ROW]] for row in new]
    except (KeyError, TypeError):
        return None
    if len(set(order)) != len(order) or order == list(range(len(order))):
        return None
    return order


def _runs(order: list[int]) -> list[list[int]]:
    """``order`` as runs ``[first, count]`` of consecutive indices: a row moved 40 places is three runs."""
    runs: list[list[int]] = []
    for i in order:
        if runs and runs[-1][0] + runs[-1][1] == i:
            runs[-1][1] += 1
        else:
            runs.append([i, 1])
    return runs


def reordered(rows: list, runs: list[list[int]]) -> list:
    return [rows[i] for first, count in runs for i in range(first, first + count)]


def _same(old: Any, new: Any) -> bool:
    """Equal as JSON: Python's ``==`` (fast, in C) takes ``true`` for ``1`` and ``1.0`` for ``1``, the JSON does
    not; marshal's format (version 0: no references, no interned strings) tells them apart, five times faster than
    encoding both as JSON."""
    return old == new and marshal.dumps(old, 0) == marshal.dumps(new, 0)


def _diff(old: Any, new: Any, path: list, out: list[list]) -> None:
    if _same(old, new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        mine: list[list] = [[[*path, key]] for key in old if key not in new]
        changed = len(mine)
        for key, value in new.items():
            if key not in old:
                mine.append([[*path, key], value])
                changed += 1
            else:
                had = len(mine)
                _diff(old[key], value, [*path, key], mine)
                changed += len(mine) > had
        if path and 2 * changed > len(new):
            out.append([path, new])
        else:
            out.extend(mine)
    elif isinstance(old, list) and isinstance(new, list):
        order = _order(old, new)
        if order is not None:
            runs = _runs(order)
            out.append([path, runs, "order"])
            old = reordered(old, runs)
        for i, (a, b) in enumerate(zip(old, new)):
            _diff(a, b, [*path, i], out)
        if len(old) > len(new):
            out.append([[*path, len(new)]])
        out.extend([[*path, i], new[i]] for i in range(len(old), len(new)))
    else:
        out.append([path, new])


def applied(value: Any, ops: list[list]) -> Any:
    """``value`` with ``changes``' operations done (in place where it can; the result returned): what the public
    page's script does with a message (static/tournament-feed.js)."""
    for op in ops:
        path = op[0]
        if len(op) == 3:  # [path, runs, "order"]
            at = value
            for key in path:
                at = at[key]
            at[:] = reordered(at, op[1])  # in place, the whole value too
            continue
        if not path:
            value = op[1]
            continue
        at = value
        for key in path[:-1]:
            at = at[key]
        last = path[-1]
        if len(op) == 1:
            if isinstance(at, list):
                del at[last:]
            else:
                del at[last]
        elif isinstance(at, list) and last == len(at):
            at.append(op[1])
        else:
            at[last] = op[1]
    return value


def message(etag: str, kind: str, data: bytes) -> bytes:
    """One server-sent event: its id the version's validator (a browser reconnecting sends it back as
    ``Last-Event-ID``), its kind (``view`` or ``patch``) and its JSON (one line: JSON has no raw newline)."""
    return b"id: " + etag.encode() + b"\nevent: " + kind.encode() + b"\ndata: " + data + b"\n\n"


@dataclass(frozen=True)
class Version:
    """A version of an event's public view as subscribers are sent it: whole, and as the changes from ``base``."""

    etag: str
    whole: bytes
    patch: bytes | None = None
    base: str | None = None

    def for_holder(self, held: str | None) -> bytes:
        return self.patch if self.patch is not None and held is not None and held == self.base else self.whole


def version_of(etag: str, raw: bytes, data: Any, before: tuple[str, Any] | None) -> Version:
    """The messages of a new version (``raw``: its JSON, ``data``: the same parsed) and, with the version ``before``
    it (its validator and data), the changes from it; worked out once, whoever subscribes."""
    whole = message(etag, "view", raw)
    if before is None:
        return Version(etag, whole)
    ops = changes(before[1], data)
    patch = orjson.dumps({"base": before[0], "ops": ops})
    return Version(etag, whole, message(etag, "patch", patch) if len(patch) < len(raw) else None, before[0])


class Holder:
    """One subscriber as its channel sees it: since when its message has waited to be taken (None: it took the last
    one), and the scope that closes it."""

    __slots__ = ("since", "scope")

    def __init__(self) -> None:
        self.since: float | None = None
        self.scope: anyio.CancelScope | None = None


@dataclass
class Channel:
    """One event's subscribers: the latest version, an asyncio event set (and replaced) at each new one, and each
    subscriber's holder (``close_stalled``)."""

    current: Version | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    subscribers: int = 0
    refresher: asyncio.Task | None = None
    holders: set[Holder] = field(default_factory=set)

    def publish(self, version: Version) -> None:
        if self.current is not None and self.current.etag == version.etag:
            return
        self.current = version
        self.changed.set()
        self.changed = asyncio.Event()

    async def stream(self, held: str | None, holder: Holder) -> AsyncIterator[bytes]:
        """A subscriber's messages: the latest version whenever it is not the one it holds."""
        self.holders.add(holder)
        try:
            while True:
                version = self.current
                if version is not None and version.etag != held:
                    holder.since = time.monotonic()
                    yield version.for_holder(held)  # resumed once the message is taken
                    holder.since = None
                    held = version.etag
                    continue
                await self.changed.wait()
        finally:
            self.holders.discard(holder)

    def close_stalled(self, stall: float) -> int:
        """Close every subscriber whose message has waited more than ``stall`` seconds; how many. One check for all,
        where a time limit on each message sent (sse-starlette's ``send_timeout``) doubled the cost of sending a
        version to 2,000 subscribers."""
        now, closed = time.monotonic(), 0
        for holder in list(self.holders):
            if holder.since is not None and now - holder.since > stall and holder.scope is not None:
                holder.scope.cancel()
                closed += 1
        return closed


class Subscription(EventSourceResponse):
    """A subscriber's stream on ``channel``, from the version ``held``; closed when its channel finds it stalled (the
    server then drops the connection), counted out (``done``) when it ends however it ends."""

    def __init__(self, channel: Channel, held: str | None, done: Callable[[], None]) -> None:
        self.holder = Holder()
        super().__init__(channel.stream(held, self.holder), ping=PING, sep="\n", headers={"Cache-Control": "no-cache"})
        self.done = done

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        try:
            with anyio.CancelScope() as self.holder.scope:
                await super().__call__(scope, receive, send)
            if self.holder.scope.cancelled_caught:
                log.info("a subscriber to a public page stopped reading: closed")
        finally:
            self.done()

    async def _send_with_timeout(self, send: Any, message: dict) -> None:
        """Each message sent as it is: no time limit on each (sse-starlette's ``send_timeout``, a cancel scope entered
        and left for every message to every subscriber), since ``Channel.close_stalled`` checks all of them at once."""
        await send(message)
