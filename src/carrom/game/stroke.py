"""One stroke, start to finish, as a pure function: ``play_stroke`` is to a stroke what ``rules.apply`` is to the
referee's actions.

    state + discs + strike + physics  ->  shot, outcome, ruling, state after, discs after

The strike is simulated (``carrom.physics``), the shot turned into the referee's stroke outcome
(``carrom.game.outcome``), ruled (``rule_stroke``: ICF 127 b, then ``rules.apply``), and the ruling applied to
the discs (``settle``: the pieces the referee returns put back in the centre, ICF 65, 93; a new board laid out,
ICF 41). Nothing is changed in place: the game records the stroke and keeps what it returns, practice shows it,
and the bots, which simulate many strikes in one batch, rule each row with the same ``rule_stroke`` and lay out
its discs with the same ``settle`` (``carrom.game.outcome`` reads a batch's row as it reads a shot).
"""

from __future__ import annotations

from dataclasses import dataclass

from carrom.equipment import Disc, Layout, opening_formation
from carrom.game.outcome import KIND_OF_COIN, back_to_centre, stroke_outcome, with_returns
from carrom.physics import DEFAULT_PARAMS, PhysicsParams, Strike, simulate
from carrom.physics.result import ShotResult
from carrom.game.seats import board_seat
from carrom import rules as R
from carrom.rules import MatchState, Place, Ruling, Seat, Stroke, StrokeOutcome, apply


@dataclass(frozen=True)
class StrokePlay:
    """What one strike did: the shot (the whole motion), the referee's outcome and ruling, and the state and discs
    after it. ``ruling`` is None when the stroke was not completed (ICF 127 b): ``state`` and ``layout`` are then
    the ones before. ``placed``: coins owed that ``play_stroke`` placed itself (``place_owed``)."""

    seat: Seat
    shot: ShotResult
    outcome: StrokeOutcome
    ruling: Ruling | None
    state: MatchState
    layout: Layout
    placed: tuple[Disc, ...] = ()

    @property
    def completed(self) -> bool:
        return self.ruling is not None


def completed(outcome: StrokeOutcome, left_baseline: bool) -> bool:
    """ICF 127 b: a striker that neither left the baseline nor touched a piece made no stroke."""
    return left_baseline or outcome.touched


def rule_stroke(state: MatchState, seat: Seat, outcome: StrokeOutcome,
                left_baseline: bool = True) -> tuple[MatchState, Ruling | None]:
    """The referee's state after ``seat``'s stroke with ``outcome`` and its ruling; ``(state, None)`` when the
    stroke was not completed (ICF 127 b). A stroke the laws refuse raises ``RulesError``."""
    if not completed(outcome, left_baseline):
        return state, None
    return apply(state, Stroke(seat, outcome))


def new_board(before: MatchState, after: MatchState) -> bool:
    """Did the ruling start another board (or game)?"""
    return (after.game_index, after.board_index) != (before.game_index, before.board_index)


def settle(before: MatchState, after: MatchState, seat: Seat, rest: Layout) -> Layout:
    """The discs once the umpire has applied the ruling of ``seat``'s stroke to ``rest`` (the pieces at rest): a
    new board laid out (ICF 41), else the pieces the referee counts on the board but the shot left off it put
    back in the centre, away from ``seat`` (ICF 65, 93)."""
    if new_board(before, after):
        return opening_formation()
    return with_returns(rest, after.board, before.colour_of(seat), seat)


def place_owed(state: MatchState, layout: Layout, seat: Seat) -> tuple[MatchState, Layout, tuple[Disc, ...]]:
    """Every coin owed now placed in the centre as the umpire returns pieces (ICF 78 a, 84 a; practice does so
    instead of asking the player to place it): the referee's state, the discs and the coins placed."""
    placed: list[Disc] = []
    while True:
        exp = state.expected()
        if exp is None or exp.kind is not R.Expect.PLACE:
            return state, layout, tuple(placed)
        ready = next(o for o in state.board.owed if not o.waiting)
        state, _ruling = apply(state, Place(ready.placer, ready.coin))
        before = len(layout.discs)
        layout = back_to_centre(layout, [KIND_OF_COIN[ready.coin]], seat)
        placed.append(layout.discs[before])


def play_stroke(state: MatchState, layout: Layout, seat: Seat, along: float, angle: float, speed: float,
                params: PhysicsParams = DEFAULT_PARAMS, *, place: bool = False) -> StrokePlay:
    """``seat`` strikes from ``along`` on its baseline at ``angle`` (rad, 0 straight across) and ``speed`` (m/s) on
    ``layout`` in the referee's ``state``: simulated with ``params``, ruled, and the ruling applied to the discs.
    With ``place``, coins owed after it are placed in the centre too (``place_owed``).

    Pure: ``state`` and ``layout`` are not changed. The strike is not checked against the legal striker positions
    (ICF 130: ``game.strike_refusal``); a stroke the referee refuses raises ``RulesError``.
    """
    shot = simulate(layout, Strike.from_seat(board_seat(seat), along, angle, speed), params)
    outcome = stroke_outcome(shot)
    after, ruling = rule_stroke(state, seat, outcome, shot.left_baseline)
    if ruling is None:
        return StrokePlay(seat, shot, outcome, None, state, layout)
    discs = settle(state, after, seat, shot.final_layout)
    placed: tuple[Disc, ...] = ()
    if place and not new_board(state, after):
        after, discs, placed = place_owed(after, discs, seat)
    return StrokePlay(seat, shot, outcome, ruling, after, discs, placed)
