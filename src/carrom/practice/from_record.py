"""A practice position from a stroke of a match record: the discs before that stroke, and the stroke itself."""

from __future__ import annotations

from carrom.game import Game, GameError
from carrom.rules.message import say
from carrom.practice.position import Position, PracticeError
from carrom.practice.predict import Aim
from carrom.records import Record
from carrom.records.entries import StrokeEntry


def position_before(record: Record, stroke: int) -> tuple[Position, Aim | None]:
    """The position before stroke ``stroke`` (1 for the first) and the player's aim in it, replayed exactly."""
    at = [i for i, e in enumerate(record.entries) if isinstance(e, StrokeEntry)]
    if isinstance(stroke, bool) or not isinstance(stroke, int) or not 1 <= stroke <= len(at):
        raise PracticeError(say("{key} must be a whole number from 1 to {most} (the strokes of this match), not "
                                "{value}", key="stroke", most=len(at), value=repr(stroke)) if at else
                            say("this match has no strokes yet"))
    entry = record.entries[at[stroke - 1]]
    try:
        game = Game.resume(Record(record.header, list(record.entries[:at[stroke - 1]])))
    except GameError as exc:
        raise PracticeError(say("this match cannot be replayed to stroke {stroke}: {error}", stroke=stroke,
                                error=exc.message or str(exc))) from None
    c = entry.choice
    aim = None if c is None or None in (c.along, c.angle, c.speed) else Aim(c.along, c.angle, c.speed)
    return Position.from_game(game), aim
