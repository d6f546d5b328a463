"""The pages and the HTTP API of the online matches: new rooms, joining, the lists of matches, records, replays
and scorecards (docs/web.md). The live game itself is the websocket's (``carrom.web.socket``)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, Response

from carrom.i18n import negotiate, translator
from carrom.i18n.names import N_
from carrom.players import LEVELS
from carrom.web.catalog import unknown_language
from carrom.web.live import Hub, to_json
from carrom.web.messages import MessageError, join_request, json_of, key_of
from carrom.web.rooms import BOARD_SPEEDS, INTENTS, SEATS, VARIANTS, Room
from carrom.web.stored import record_of, record_text
from carrom.web.views import SAID, geometry

# the rules as the pages name them (static/i18n.js variantName: the same messages)
RULE_NAMES = {"icf": N_("ICF laws"), "fr-official": N_("French official rules"), "fr-simplified": N_("French simplified rules"),
              "timed": N_("Timed games (Slovenian rules)")}

STATIC = Path(__file__).parent / "static"
BROWSER_HEADER = "x-carrom-browser"  # the key a browser keeps, sent to list its own matches


async def body_of(request: Request) -> Any:
    """A request's JSON body (``MessageError`` if it is not JSON, or nested too deep: ``messages.json_of``)."""
    return json_of(await request.body(), SAID.gettext("the request's body must be JSON"))


def matches_router(hub: Hub) -> APIRouter:
    """The routes of the online matches, on ``hub``'s store."""
    router = APIRouter()
    store = hub.store

    # -- pages ----------------------------------------------------------------------------------

    @router.get("/", include_in_schema=False)
    @router.get("/matches", include_in_schema=False)
    @router.get("/room/{room_id}", include_in_schema=False)
    @router.get("/replay/{room_id}", include_in_schema=False)
    async def page(room_id: str | None = None) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @router.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    # -- the API --------------------------------------------------------------------------------

    @router.get("/api/options")
    async def options() -> dict[str, Any]:
        return {"variants": list(VARIANTS), "levels": list(LEVELS), "seats": list(SEATS), "intents": list(INTENTS),
                "board_speeds": list(BOARD_SPEEDS), "geometry": geometry()}

    @router.get("/api/geometry")
    async def board_geometry() -> dict[str, Any]:
        return geometry()

    @router.get("/api/board.svg")
    async def board_svg() -> Response:
        from carrom.render.svg import board_svg as draw

        return Response(draw(None, size_px=800, title=None), media_type="image/svg+xml")

    @router.post("/api/rooms")
    async def create_room(request: Request) -> dict[str, Any]:
        body = await body_of(request)
        room, token = await asyncio.to_thread(Room.create, store, body, hub.physics)
        live = hub.add(room)
        if room.clocks:
            await asyncio.to_thread(live.clock.keep, room)
            await asyncio.to_thread(live.clock.arm, room)
        return {"room": room.id, "token": token, "seats": room.seats_of(token), "url": f"/room/{room.id}",
                "links": room.links()}

    @router.get("/api/rooms/{room_id}")
    async def room_state(room_id: str) -> Response:
        return Response(to_json((await hub.match(room_id)).view()), media_type="application/json")

    @router.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, request: Request) -> dict[str, Any]:
        intent = join_request(await body_of(request))
        live = await hub.match(room_id)
        room = live.room
        async with live.lock:
            token = await asyncio.to_thread(room.join, intent.seat, intent.args["name"] or None, None,
                                            intent.args["invite"])
            await asyncio.to_thread(live.clock.arm, room)  # the last seat taken: the break's clock starts
        await remember_browser(room_id, intent.args["browser"])
        live.publish(live.view())
        hub.wake_bots(room)  # the last seat taken: a bot may be the one to break
        return {"room": room_id, "token": token, "seats": room.seats_of(token)}

    async def remember_browser(room_id: str, browser: str | None) -> None:
        if browser:
            await asyncio.to_thread(store.add_browser, room_id, browser)

    @router.get("/api/matches")
    async def matches(request: Request) -> list[dict[str, Any]]:
        """This browser's matches (its key in the X-Carrom-Browser header), then the public ones: watch links only."""
        browser = key_of({BROWSER_HEADER: request.headers.get(BROWSER_HEADER)}, BROWSER_HEADER)
        mine = await asyncio.to_thread(store.matches, browser=browser) if browser else []
        public = await asyncio.to_thread(store.matches, public=True)
        ids = {r.id for r in mine}

        def listed(r: Any, own: bool) -> dict[str, Any]:
            return {"id": r.id, "watch": f"/room/{r.id}", "created": r.created.isoformat(),
                    "updated": r.updated.isoformat(), "variant": r.variant, "kind": r.kind, "title": r.title,
                    "over": r.over, "result": r.result, "actions": r.actions, "mine": own, "public": r.public,
                    "adjourned": r.adjourned is not None}

        return [listed(r, True) for r in mine] + [listed(r, False) for r in public if r.id not in ids]

    async def stored(room_id: str):
        """The match's row, read off the event loop (a database's answer is waited for in a worker thread)."""
        row = await asyncio.to_thread(store.get, room_id)
        if row is None:
            raise HTTPException(404, SAID.gettext("there is no match {room}: check the link", room=repr(room_id)))
        return row

    @router.get("/api/matches/{room_id}/record")
    async def record(room_id: str) -> Response:
        row = await stored(room_id)
        return Response(await asyncio.to_thread(record_text, row), media_type="application/json",
                        headers={"Content-Disposition": f'inline; filename="carrom-{room_id}.json"'})

    @router.get("/api/matches/{room_id}/replay")
    async def replay(room_id: str, step: int = 0) -> dict[str, Any]:
        row = await stored(room_id)
        rep = await asyncio.to_thread(hub.replays.get, row)
        return await asyncio.to_thread(rep.step, step)

    @router.get("/api/matches/{room_id}/replay/outline")
    async def replay_outline(room_id: str) -> dict[str, Any]:
        """Every action in words with its rulings, and where each board starts (web/replay.py)."""
        return await asyncio.to_thread(hub.replays.outline, await stored(room_id))

    @router.get("/matches/{room_id}/scorecard", response_class=HTMLResponse)
    async def scorecard(room_id: str, request: Request, lang: str | None = None) -> str:
        """The scorecard of ICF XIX in ``lang`` (the page's language, which its links carry), else in the
        browser's Accept-Language, else English."""
        from carrom.records.scorecard.build import build_card
        from carrom.records.scorecard.html import card_html

        try:
            code = negotiate(lang, request.headers.get("accept-language"), {})
        except ValueError:
            raise unknown_language(lang) from None
        row = await stored(room_id)

        def page() -> str:
            tr = translator(code)
            card = build_card(record_of(row), tr)  # the rules by their name in the reader's words, not their id
            return card_html(replace(card, variant=tr.gettext(RULE_NAMES.get(card.variant, card.variant))))

        return await asyncio.to_thread(hub.replays.made_once, f"scorecard-{code}", row, page)

    return router
