"""What a stroke from a practice position would do, exactly, before it is played.

``predict(position, aim)`` checks the striker's place (ICF 130) and the speed as the game
does, and plays the stroke with the game's own pipeline (``carrom.game.play_stroke``) on the
position's state (``Position.rules_state``): simulated with the game's engine and parameters,
ruled by the real referee, the ruling applied to the discs. The prediction holds the whole
motion (every disc's slides), the pieces that fell, the ruling with its laws, and the position
after: the discs at rest, the pieces the referee returns put back in the centre as the umpire
does (ICF 65, 93), coins owed placed there too (ICF 78 a, 84 a), a new board laid out (ICF 41).

``Session`` is the practice table: a position, strike (the prediction applied), undo, redo.
Nothing here writes a match record or touches a rating.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from carrom.equipment import Disc, opening_formation
from carrom.game.game import strike_refusal
from carrom.game.stroke import new_board, play_stroke
from carrom.physics import DEFAULT_PARAMS, PhysicsParams
from carrom.physics.result import Pocketing, ShotResult, Slide
from carrom.players.base import StrikeChoice
from carrom.practice.position import Position, PracticeError, from_state
from carrom.rules import EndKind, Ruling, RulesError
from carrom.rules.message import say

Aim = StrikeChoice  # where on the baseline (m, to the player's right), the angle (rad, 0 across), the speed (m/s)


@dataclass(frozen=True)
class Prediction:
    """A stroke from ``position`` with ``aim``: its motion, the ruling, and the position after."""

    position: Position
    aim: Aim
    shot: ShotResult
    completed: bool  # False: the striker never left the baseline and touched nothing (ICF 127 b)
    ruling: Ruling | None
    after: Position
    placed: tuple[Disc, ...] = ()  # coins owed, placed in the centre for the practice (ICF 78 a, 84 a)

    @property
    def slides(self) -> tuple[tuple[Slide, ...], ...]:
        """Every disc's motion (the layout's pieces in order, then the striker) as exact straight slides."""
        return tuple(self.shot.slides(b) for b in range(self.shot.n_bodies))

    @property
    def pocketed(self) -> tuple[Pocketing, ...]:
        """The discs that fell, in order (the striker included, kind ``striker``)."""
        return self.shot.pocketed

    @property
    def laws(self) -> tuple[str, ...]:
        return self.ruling.laws if self.ruling is not None else ("ICF 127 b",)

    @property
    def board_over(self) -> bool:
        return self.ruling is not None and any(e.kind in (EndKind.BOARD, EndKind.REPLAY) for e in self.ruling.ended)


def check_aim(position: Position, aim: Aim, params: PhysicsParams = DEFAULT_PARAMS) -> None:
    """Refuse a shot the game would refuse: not numbers, a speed out of range, the striker's place (ICF 130)."""
    refusal = strike_refusal(position.seat, aim.along, aim.angle, aim.speed, position.layout, params)
    if refusal is not None:
        raise PracticeError(refusal)


def predict(position: Position, aim: Aim, params: PhysicsParams = DEFAULT_PARAMS) -> Prediction:
    """The stroke ``aim`` from ``position``, simulated and ruled exactly as the game would; nothing is played."""
    position.check(params)
    check_aim(position, aim, params)
    seat = position.seat
    state = position.rules_state()
    try:
        play = play_stroke(state, position.layout, seat, aim.along, aim.angle, aim.speed, params, place=True)
    except RulesError as exc:
        raise PracticeError(exc.message or str(exc)) from None
    if not play.completed:
        return Prediction(position, aim, play.shot, False, None, position)  # ICF 127 b: the stroke was not made
    after = play.state
    if new_board(state, after) or after.over:
        nxt = after.board.breaker if not after.over else seat
        return Prediction(position, aim, play.shot, True, play.ruling, Position(
            opening_formation(), seat=nxt, colour=after.colour_of(nxt).value, broken=False,
            variant=position.variant))
    return Prediction(position, aim, play.shot, True, play.ruling, from_state(after, play.layout), play.placed)


@dataclass
class Session:
    """The practice table: the position now, strike, undo and redo. Nothing is recorded or rated."""

    position: Position
    params: PhysicsParams = DEFAULT_PARAMS
    done: list[Prediction] = field(default_factory=list)
    undone: list[Prediction] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.position.check(self.params)

    def predict(self, aim: Aim) -> Prediction:
        return predict(self.position, aim, self.params)

    def strike(self, aim: Aim) -> Prediction:
        """Play the stroke: the prediction applied, the position after it becomes the position."""
        p = self.predict(aim)
        self.done.append(p)
        self.undone.clear()
        self.position = p.after
        return p

    def undo(self) -> Prediction:
        p = _move(self.done, self.undone, "undo")
        self.position = p.position
        return p

    def redo(self) -> Prediction:
        p = _move(self.undone, self.done, "redo")
        self.position = p.after
        return p

    def set_up(self, position: Position) -> None:
        """A new position to practise from, checked first; the strokes before it are forgotten."""
        position.check(self.params)
        self.position = position
        self.done.clear()
        self.undone.clear()


def _move(source: list[Prediction], target: list[Prediction], what: str) -> Prediction:
    if not source:
        raise PracticeError(say("nothing to undo") if what == "undo" else say("nothing to redo"))
    target.append(source.pop())
    return target[-1]
