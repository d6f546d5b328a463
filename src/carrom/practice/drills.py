"""Drills: classic positions to practise, as data (drills.json), and the shot the strongest bot would play.

Each drill has a title, a few sentences on what it teaches, the laws it rests on, the piece
it is about (``target``: an index into the position's pieces) and the position. ``bot_shot``
asks the master bot (``carrom.players.master``, noiseless, with time enough never to be cut
short) for its stroke on any position; for a drill the answer is cached. The master's
candidates hold thumbed (backward) strokes, which the laws allow from the baseline (ICF 17,
33–34, 130), so a coin behind the baseline can be played.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

from carrom.equipment import Layout, legal_intervals
from carrom.game.seats import board_seat
from carrom.physics import DEFAULT_PARAMS, PhysicsParams
from carrom.players.master import MasterPlayer
from carrom.practice.position import Position, PracticeError
from carrom.practice.predict import Aim, Prediction, predict
from carrom.rules import MatchState, Seat
from carrom.rules.message import say

DATA = Path(__file__).with_name("drills.json")
BOT_SEED = 0


@dataclass(frozen=True)
class Drill:
    id: str
    title: str
    text: str
    laws: tuple[str, ...]
    target: int
    position: Position

    def to_dict(self) -> dict:
        return {"id": self.id, "title": self.title, "text": self.text, "laws": list(self.laws),
                "target": self.target, "position": self.position.to_dict()}


@dataclass(frozen=True)
class Table:
    """What a bot reads of a game, for a practice position: the referee's state, the discs, the physics."""

    state: MatchState
    layout: Layout
    params: PhysicsParams

    def legal_intervals(self, seat: Seat) -> tuple[tuple[float, float], ...]:
        return tuple(legal_intervals(board_seat(seat), self.layout))


def bot_shot(position: Position, params: PhysicsParams = DEFAULT_PARAMS) -> Prediction:
    """The stroke the master bot would play from ``position`` (noiseless), predicted."""
    position.check(params)
    bot = MasterPlayer(seed=BOT_SEED, noise=0.0, simulations=None, name="master bot")  # no bound: every finalist valued
    c = bot.choose_strike(Table(position.rules_state(), position.layout, params), position.seat)
    return predict(position, Aim(c.along, c.angle, c.speed), params)


@functools.lru_cache(maxsize=1)
def drills() -> tuple[Drill, ...]:
    """The library, in the order a player meets them."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    out = []
    for d in data["drills"]:
        pos = Position.from_dict(d["position"])
        out.append(Drill(d["id"], d["title"], d["text"], tuple(d["laws"]), d["target"], pos))
    return tuple(out)


def drill(drill_id: str) -> Drill:
    for d in drills():
        if d.id == drill_id:
            return d
    raise PracticeError(say("there is no drill {value}; the drills are {drills}", value=repr(drill_id),
                            drills=", ".join(d.id for d in drills())))


@functools.lru_cache(maxsize=32)
def drill_bot_shot(drill_id: str, params: PhysicsParams = DEFAULT_PARAMS) -> Prediction:
    """The master bot's shot on a drill, computed once."""
    return bot_shot(drill(drill_id).position, params)
