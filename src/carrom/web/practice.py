"""The practice page over HTTP: check a position, predict a stroke, play it, the drills and the bot's shot.

Stateless: the page holds the position (and its undo/redo stack) and sends it with each
request; the server checks it field by field (``Position.from_dict``), simulates with the
game's engine and rules with the real referee (``carrom.practice``). Nothing is stored,
nothing rated. Every refusal is a 400 with ``{"error", "refusal", "kind", "law"}`` as the
game's (docs/web.md); bodies are capped by the app's ``BodyLimit`` like every other endpoint.
docs/practice.md describes the API.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Mapping

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse

from carrom.equipment import finite_number, legal_intervals
from carrom.game.seats import board_seat
from carrom.i18n.said import RECORDER as SAID
from carrom.i18n.said import ruling_sent
from carrom.physics import BOARD_SPEED_PRESETS, DEFAULT_PARAMS, PhysicsParams, board_speed
from carrom.practice import Aim, Position, PracticeError, Prediction, Session, predict
from carrom.practice.drills import drill, drill_bot_shot, drills
from carrom.practice.from_record import position_before
from carrom.records import RecordError
from carrom.rules import Refusal
from carrom.rules.errors import law_cited
from carrom.rules.message import say
from carrom.store import Store
from carrom.web.messages import MessageError, json_of, worded
from carrom.web.views import motion_of
from carrom.web.stored import record_of

STATIC = Path(__file__).parent / "static"
AIM_FIELDS = ("along", "angle", "speed")


def refusal(exc: PracticeError) -> MessageError:
    """Practice's refusal as the game's are sent (docs/web.md): its words, and what kind it is with its law: a
    position or a stroke the laws forbid (a fault naming its law, the striker's place of ICF 130) is illegal, a
    position or a request that does not read malformed."""
    law = next((f.law for f in exc.problems if f.law), None) or law_cited(exc)
    if law:
        return MessageError(worded(exc), "refused", Refusal.ILLEGAL, law)
    return MessageError(worded(exc), "bad_message", Refusal.MALFORMED)


def position_view(position: Position) -> dict[str, Any]:
    """A position for the page, with where the striker may go on the baseline (ICF 130)."""
    return {"position": position.to_dict(),
            "legal": [list(iv) for iv in legal_intervals(board_seat(position.seat), position.layout)]}


def aim_view(aim: Aim) -> dict[str, float]:
    return {"along": aim.along, "angle": aim.angle, "speed": aim.speed}


def prediction_view(p: Prediction) -> dict[str, Any]:
    """What a stroke would do: the motion (the engine's slides), the pieces that fell, the ruling, the position after."""
    ruling = None
    if p.ruling is not None:
        ruling = {"lines": [str(d) for d in p.ruling.decisions], "said": ruling_sent(p.ruling),
                  "laws": list(p.ruling.laws),
                  "ended": [{"kind": e.kind.value, "law": e.law, "winner": e.winner,
                             "seats": [s.value for s in e.seats], "points": e.points} for e in p.ruling.ended]}
    return {"aim": aim_view(p.aim), "completed": p.completed, "motion": motion_of(p.shot, p.position.seat),
            "pocketed": [{"index": x.index, "kind": x.kind.value, "pocket": x.pocket} for x in p.pocketed],
            "ruling": ruling, "laws": list(p.laws), "board_over": p.board_over,
            "placed": [{"kind": d.kind.value, "x": d.x, "y": d.y} for d in p.placed],
            "after": position_view(p.after)}


def parse_position(body: Any) -> Position:
    if not isinstance(body, Mapping) or "position" not in body:
        raise PracticeError(say("the body is an object with the position (and the aim, for a stroke)"))
    return Position.from_dict(body["position"])


def parse_aim(body: Mapping[str, Any]) -> Aim:
    aim = body.get("aim")
    if not isinstance(aim, Mapping) or set(aim) != set(AIM_FIELDS):
        raise PracticeError(say("{key} must be an object with exactly along (m), angle (rad) and speed (m/s)",
                                key="aim"))
    for key in AIM_FIELDS:
        value = aim[key]
        if not finite_number(value):
            raise PracticeError(say("{key} must be a finite number, got {value}", key=f"aim.{key}", value=repr(value)))
    return Aim(float(aim["along"]), float(aim["angle"]), float(aim["speed"]))


def parse_speed(value: Any, medium: PhysicsParams | None = None) -> PhysicsParams:
    """The board's speed a practice request names (``board_speed``: slow, medium, fast; medium when
    not given): the physics v4-slow, v4 or v4-fast (docs/physics.md, "board speed"); ``medium``: the
    server's own board in place of v4 (``carrom serve --physics FILE``)."""
    if medium is not None and value in (None, "medium"):
        return medium
    if value is None:
        return DEFAULT_PARAMS
    if not isinstance(value, str) or value not in BOARD_SPEED_PRESETS:
        raise PracticeError(say("{key} must be one of {allowed}, not {value}", key="board_speed",
                                allowed=", ".join(BOARD_SPEED_PRESETS), value=repr(value)))
    return board_speed(value)


def practice_router(store: Store, physics: PhysicsParams | None = None) -> APIRouter:
    """Practice's pages and API; ``physics``: the server's own board, played at the medium speed (the default)."""
    router = APIRouter()

    def speed_of(body: Any) -> PhysicsParams:
        return parse_speed(body.get("board_speed") if isinstance(body, Mapping) else None, physics)

    async def body_of(request: Request) -> Any:
        return json_of(await request.body(), SAID.gettext("the request's body must be JSON"))  # MessageError: malformed

    async def run(fn, *args) -> Any:
        try:
            return await asyncio.to_thread(fn, *args)
        except PracticeError as exc:
            raise refusal(exc) from None

    @router.get("/practice", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "practice.html", headers={"Cache-Control": "no-cache"})

    @router.get("/api/practice/opening")
    async def opening() -> dict[str, Any]:
        return position_view(Position.opening()) | {"max_speed": (physics or DEFAULT_PARAMS).max_speed}

    @router.post("/api/practice/position")
    async def check(request: Request) -> dict[str, Any]:
        """The position checked (400 naming every fault), with the striker's legal places."""
        body = await body_of(request)
        return await run(lambda: position_view(parse_position(body)))

    @router.post("/api/practice/predict")
    async def predicted(request: Request) -> dict[str, Any]:
        body = await body_of(request)
        return await run(lambda: prediction_view(predict(parse_position(body), parse_aim(body), speed_of(body))))

    @router.post("/api/practice/strike")
    async def strike(request: Request) -> dict[str, Any]:
        """The stroke played on a practice table (simulated again): the page checks it is what was predicted."""
        body = await body_of(request)
        return await run(lambda: prediction_view(Session(parse_position(body), speed_of(body)).strike(parse_aim(body))))

    @router.get("/api/practice/drills")
    async def drill_list() -> list[dict[str, Any]]:
        return [d.to_dict() | {"legal": position_view(d.position)["legal"]} for d in drills()]

    @router.get("/api/practice/drills/{drill_id}/bot")
    async def bot(drill_id: str, board_speed: str | None = None) -> dict[str, Any]:
        """The master bot's shot on the drill (computed once per board speed), predicted; a drill there is not is
        not found (404, naming the drills), a board speed not known a malformed request (400)."""
        try:
            params = parse_speed(board_speed, physics)
        except PracticeError as exc:
            raise refusal(exc) from None
        try:
            found = drill(drill_id)
        except PracticeError as exc:
            raise HTTPException(404, worded(exc)) from None
        return await run(lambda: prediction_view(drill_bot_shot(found.id, params)))

    @router.get("/api/practice/match/{match_id}/stroke/{number}")
    async def from_match(match_id: str, number: int) -> dict[str, Any]:
        """The position before stroke ``number`` of a stored match, and the aim that was played."""
        row = await asyncio.to_thread(store.get, match_id)
        if row is None:
            raise HTTPException(404, SAID.gettext("there is no match {room}: check the link", room=repr(match_id)))

        def load() -> dict[str, Any]:
            try:
                record = record_of(row)  # the stored record and the actions logged after it
            except RecordError as exc:
                raise PracticeError(say("the stored record cannot be read: {error}", error=str(exc))) from None
            position, aim = position_before(record, number)
            return position_view(position) | {"aim": None if aim is None else aim_view(aim)}

        return await run(load)

    return router
