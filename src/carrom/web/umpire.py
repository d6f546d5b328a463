"""The tablet umpire and the live scoreboard: a real match scored over HTTP, watched over a websocket.

The umpire's page sends each entry as the terminal assistant's notation (``w``, ``qw``,
``place``, ``undo``...), built by its buttons; the same ``Session`` rules on it and the
record is saved in the database before the answer leaves. Only the holder of the umpire's
key (in the link's fragment, sent as the ``X-Umpire-Key`` header) may enter anything; the
scoreboard link is read-only. Each entry names the revision it was made from, so a repeated
tap or a resent request after a dropped connection is refused instead of played twice.
Each match in memory is one ``carrom.web.umpire_live.UmpireMatch`` (its session, lock and
scoreboards); docs/umpire.md describes the pages; this module only translates.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import Response
from starlette.websockets import WebSocketDisconnected

from carrom.i18n import translator
from carrom.i18n.said import RECORDER as SAID
from carrom.i18n.said import sent
from carrom.records import RecordError, dumps, load_record
from carrom.records.describe import help_text
from carrom.records.header import SEATS
from carrom.records.notation import COMMANDS
from carrom.records.record import Record
from carrom.records.referee import DECLARATIONS, FOUL_CODES, VARIANTS
from carrom.records.session import BREACHES, SessionError
from carrom.records.tablet import SinkSession, header_from_dict, reply_lines, reply_said
from carrom.store.keys import key_hash
from carrom.store.umpire import RevisionError, UmpireRow
from carrom.web.catalog import unknown_language
from carrom.web.bodies import read_json
from carrom.web.messages import MessageError, refusal_of
from carrom.web.fanout import to_json
from carrom.web.pages import add_pages
from carrom.web.replay import ReplayCache
from carrom.web.umpire_live import SCORECARDS, Umpires, games_of, title_of

__all__ = ["KEY_HEADER", "check_key", "games_of", "key_hash", "title_of", "umpire_router"]  # the desk reads these

log = logging.getLogger("carrom.web.umpire")

KEY_HEADER = "X-Umpire-Key"
MAX_LINE = 500  # characters in one entry
MAX_RECORD = 2_000_000  # bytes of an imported record


def check_key(row: UmpireRow, key: str | None) -> None:
    """Only the holder of the umpire's key enters anything (compared in constant time)."""
    if not key:
        raise MessageError(SAID.gettext("only the umpire enters strokes: open the umpire's link (this one watches)"),
                           "refused", "forbidden", status=401)
    if not hmac.compare_digest(key_hash(key), row.key_hash):
        raise MessageError(SAID.gettext("this is not the umpire's key for this match: nothing was entered"),
                           "refused", "forbidden", status=403)


def _record_error(exc: RecordError) -> MessageError:
    """A record or a header refused: what is wrong, in the record's own terms (its JSON path, its field names); a
    header the referee refuses keeps the referee's kind and law."""
    return MessageError(SAID.gettext("not a record the umpire can score: {error}", error=str(exc)), "bad_message",
                        getattr(exc, "kind", None), getattr(exc, "law", None))


def umpire_router(umpires: Umpires) -> APIRouter:
    """The pages and the API of the tablet umpire and the scoreboard, on ``umpires``' database; while the app runs
    it hears the other servers' entries and lets idle matches go (``carrom.web.umpire_live``)."""

    @contextlib.asynccontextmanager
    async def lifespan(_app: Any):
        loop = asyncio.get_running_loop()

        def news(match_id: str | None, revision: int) -> None:  # from the listener's thread
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: stopping
                loop.call_soon_threadsafe(umpires.heard, match_id, revision)

        await asyncio.to_thread(umpires.store.listen, news)  # PostgreSQL: the other servers' entries (SQLite: none)
        sweeper = asyncio.create_task(umpires.sweep())
        yield
        sweeper.cancel()
        umpires.stop()

    router = APIRouter(lifespan=lifespan)

    async def body_json(request: Request) -> Any:
        return read_json(await request.body(), MAX_RECORD)  # MessageError: too big, malformed, where

    add_pages(router, {"/umpire": "umpire.html", "/umpire/{match_id}": "umpire.html",
                       "/scoreboard/{match_id}": "scoreboard.html",
                       "/replay/umpire/{match_id}": "index.html"})  # the replay viewer

    @router.get("/api/umpire/options")
    async def options(lang: str | None = None) -> dict[str, Any]:
        """What the tablet offers; the notation's help in ``lang`` (the keys are the same in every language)."""
        from carrom.rules import RULESETS, Foul, Stage

        try:
            words = translator(lang) if lang is not None else None
        except ValueError:
            raise unknown_language(lang) from None

        said = words or translator()
        return {"variants": list(VARIANTS), "seats": list(SEATS),
                # the referee's tables of rulesets and stages: each key, its law, its name (an id for the page's
                # t(), and in the reader's language) and the stages a ruleset tells apart
                "rulesets": [{"name": r.name, "law": r.law, "words": r.title.msgid, "title": said.message(r.title),
                              "stages": [s.value for s in r.stage_choices],
                              # the laws the pages name, as this ruleset cites them: its own text's where it has
                              # the law (RuleSet.cites), and each concession's (ICF 139; 001 §4 q)
                              "cites": dict(r.cites),
                              "concede": {what: r.concession_law(what) for what in ("board", "game", "match")},
                              "chair": r.chair}  # "penalty": the ICF 91 forfeit is one penalty coin (001 §3.11 p)
                             for r in RULESETS.values()],
                "stages": [{"name": s.value, "law": s.law, "words": s.title.msgid, "title": said.message(s.title)}
                           for s in Stage],
                # each foul's words for the page's t() and in the reader's language (the code is the notation's)
                "fouls": [{"code": f.value, "law": f.law, "words": f.message.msgid, "name": said.message(f.message)}
                          for f in Foul if f.value in FOUL_CODES],
                # the referee's one table of declarations: words for the page's t(), name in the reader's language
                "declarations": [{"word": d.word, "law": d.law, "words": d.name.msgid,
                                  "name": (words or translator()).message(d.name)} for d in DECLARATIONS.values()],
                "breaches": list(BREACHES),  # declarations that name their offender (ICF 63 b)
                "commands": COMMANDS, "help": help_text(words)}

    async def open_new(record: Record) -> dict[str, Any]:
        match_id, key = secrets.token_urlsafe(16), secrets.token_urlsafe(24)
        session = SinkSession(record, Path(f"{match_id}.json"), words=SAID)
        await asyncio.to_thread(umpires.store.create, match_id, key_hash(key), title_of(record), dumps(record),
                                len(record.entries), session.match.state.over)
        live = umpires.add(match_id, session)
        return {"id": match_id, "key": key, "umpire": f"/umpire/{match_id}#key={key}",
                "scoreboard": f"/scoreboard/{match_id}", "state": live.public()}

    @router.post("/api/umpire")
    async def start(request: Request) -> dict[str, Any]:
        """A new match from the header's fields (docs/record-format.md), saved before the first stroke."""
        try:
            header = header_from_dict(await body_json(request))
        except RecordError as exc:
            raise _record_error(exc) from None
        return await open_new(Record(header))

    @router.post("/api/umpire/import")
    async def import_record(request: Request) -> dict[str, Any]:
        """A record the terminal assistant saved (or any record file): scored on from its last entry."""
        raw = await request.body()
        if len(raw) > MAX_RECORD:
            raise HTTPException(413, SAID.gettext("a record is at most {most} MB", most=MAX_RECORD // 1_000_000))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise HTTPException(400, SAID.gettext("not UTF-8 text, so not a record")) from None
        if not text.lstrip().startswith("{"):
            raise HTTPException(400, SAID.gettext("a record is a JSON object ({braces}): choose the .json file the "
                                                  "assistant saved", braces="{...}"))
        try:
            record = await asyncio.to_thread(load_record, text)
        except RecordError as exc:
            raise _record_error(exc) from None
        return await open_new(record)

    @router.get("/api/umpire/{match_id}")
    async def state(match_id: str) -> dict[str, Any]:
        live = await umpires.match(match_id)
        async with live.lock:
            return live.public()

    @router.get("/api/umpire/{match_id}/key")
    async def check(match_id: str, request: Request) -> dict[str, Any]:
        """Whether the key is the umpire's: the page asks before it offers the buttons."""
        check_key(await asyncio.to_thread(umpires.row, match_id), request.headers.get(KEY_HEADER))
        return {"umpire": True}

    @router.post("/api/umpire/{match_id}/entries")
    async def enter(match_id: str, request: Request) -> dict[str, Any]:
        """``{"line": NOTATION, "revision": N}``: one entry, ruled on, saved, then broadcast."""
        row = await asyncio.to_thread(umpires.row, match_id)
        check_key(row, request.headers.get(KEY_HEADER))
        closed = await asyncio.to_thread(umpires.closed, match_id)
        if closed is not None:  # its round taken back at the desk: nothing more is entered (issue 42 item 17)
            raise MessageError(SAID.message(closed), "refused", "over", status=409)
        body = await body_json(request)
        if not isinstance(body, dict) or set(body) - {"line", "revision"}:
            raise MessageError(SAID.gettext("an entry is {body}", body='{"line": "...", "revision": N}'))
        line, revision = body.get("line"), body.get("revision")
        if not isinstance(line, str) or len(line) > MAX_LINE:
            raise MessageError(SAID.gettext("{key}: the entry in the umpire's notation, text of at most {most} "
                                            "characters", key="line", most=MAX_LINE))
        if isinstance(revision, bool) or not isinstance(revision, int):
            raise MessageError(SAID.gettext("{key}: the whole number of the state the entry was made on",
                                            key="revision"))
        live = await umpires.match(match_id)
        async with live.lock:
            if revision != live.revision and live.last == (revision, line):
                raise MessageError(SAID.gettext("the same entry twice, made on the same state (a double tap, "
                                                "or a request sent again): entered once; nothing was entered "
                                                "the second time"), "duplicate", "repeated", status=409)
            if revision != live.revision:
                raise MessageError(SAID.gettext("the record moved on (revision {now}, this entry was made on "
                                                "{then}): nothing was entered; the page shows the record as it "
                                                "is now", now=live.revision, then=revision), "refused", "stale",
                                   status=409)
            try:
                reply = await asyncio.to_thread(live.session.enter, line)
            except SessionError as exc:  # worded by the session's words (SAID): said too; its kind and law sent
                raise MessageError(exc.args[0], "refused", exc.kind, exc.law) from None
            except RecordError as exc:
                failure = live.failure
                log.warning("umpire's match %s: %s (%s)", match_id, exc, failure)
                with contextlib.suppress(Exception):  # read back from the database: memory may be ahead
                    await asyncio.to_thread(live.reload)
                if isinstance(failure, RevisionError):
                    raise HTTPException(409, SAID.gettext("the record moved on since this entry was made (another "
                                                          "tablet, or the same entry sent twice): nothing was saved"))
                raise HTTPException(503, SAID.gettext("not saved, so not played: the database is not available now; "
                                                      "try again")) from None
            live.last = (revision, line)
            said: list[Any] = []  # the answer's words as messages (an error's are its ``refusal``)
            if reply.quit:
                lines = [SAID.gettext("nothing to quit: every entry is already saved; close the page when you like")]
                said = [sent(lines[0])]
            elif reply.help:
                lines = help_text().splitlines()
            else:
                lines = reply_lines(reply, live.session.record.header)
                said = reply_said(reply, live.session.record.header)
            message = live.public()
        if reply.entry is not None or reply.message:
            live.publish(message)  # on each scoreboard's own outbox: the answer waits for none of them
        return {"lines": [str(line) for line in lines], "said": said or lines, "undone": reply.undone, "state": message,
                "help": bool(reply.help)}  # help: the page opens its Help dialog, in its reader's language

    replays = ReplayCache()

    @router.get("/api/umpire/{match_id}/replay")
    async def replay_step(match_id: str, step: int = 0) -> dict[str, Any]:
        """The match after ``step`` entries as the referee knows it (no positions: web/replay.py)."""
        rep = await asyncio.to_thread(replays.get_umpire, await asyncio.to_thread(umpires.row, match_id))
        return await asyncio.to_thread(rep.step, step)

    @router.get("/api/umpire/{match_id}/replay/outline")
    async def replay_outline(match_id: str) -> dict[str, Any]:
        return await asyncio.to_thread(replays.umpire_outline, await asyncio.to_thread(umpires.row, match_id))

    @router.get("/api/umpire/{match_id}/record")
    async def record(match_id: str) -> Response:
        """The record file, as ``carrom umpire resume`` reads it."""
        row = await asyncio.to_thread(umpires.row, match_id)
        return Response(row.record, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="carrom-umpire-{match_id}.json"'})

    @router.get("/api/umpire/{match_id}/scorecard.{fmt}")
    async def scorecard(match_id: str, fmt: str, lang: str | None = None) -> Response:
        """The scorecard of ICF XIX, from ``carrom.records.scorecard``: html, pdf or csv, in ``lang`` (the tablet's
        language; English without it)."""
        from carrom.records.scorecard.build import build_card
        from carrom.records.scorecard.csv import card_csv
        from carrom.records.scorecard.html import card_html
        from carrom.records.scorecard.pdf import card_pdf

        if fmt not in SCORECARDS:
            raise HTTPException(404, SAID.gettext("a scorecard is .html, .pdf or .csv, not .{value}", value=fmt))
        try:
            words = translator(lang) if lang is not None else None
        except ValueError:
            raise unknown_language(lang) from None
        row = await asyncio.to_thread(umpires.row, match_id)

        def make() -> str | bytes:  # the record read and replayed, the card drawn: hundreds of ms for a long match
            card = build_card(load_record(row.record), words)
            return {"html": card_html, "pdf": card_pdf, "csv": card_csv}[fmt](card)

        # off the event loop, and once per revision of the match, format and language (issue 43 item 5)
        body = await asyncio.to_thread(replays.made.get, ("umpire-scorecard", row.id, str(row.revision), fmt,
                                                          lang or ""), make)
        disposition = "inline" if fmt == "html" else "attachment"
        return Response(body, media_type=SCORECARDS[fmt],
                        headers={"Content-Disposition": f'{disposition}; filename="scorecard-{match_id}.{fmt}"'})

    @router.websocket("/ws/umpire/{match_id}")
    async def watch(ws: WebSocket, match_id: str) -> None:
        """Read-only: the state now, then after every entry, through the match's outbox for this scoreboard
        (``carrom.web.fanout``). Anything the watcher sends is ignored, a binary frame or invalid text included."""
        await ws.accept()
        try:
            live = await umpires.match(match_id)
            async with live.lock:
                first = live.public()
        except HTTPException as exc:
            with contextlib.suppress(Exception):
                await ws.send_text(json.dumps({"type": "error", "message": str(exc.detail)} | refusal_of(exc.detail)))
                await ws.close(code=4404)
            return
        outbox = live.watch(ws, umpires.limits)
        outbox.put(to_json(first), state=False)
        try:
            while (await ws.receive())["type"] != "websocket.disconnect":
                pass  # a scoreboard only listens: what it sends, text or bytes, is not read
        except (WebSocketDisconnect, WebSocketDisconnected):
            pass
        finally:
            live.unwatch(ws)
            await outbox.ended()  # a close the server made (4008): sent, or the connection dropped by its deadline

    return router
