"""The clock of the laws: 15 seconds for the break, each stroke and each placing, and what running out costs.

Which clock runs is read from the state (``running``): the break within 15 s of "Play" (ICF 46),
a stroke within 15 s (ICF 50), the coins owed placed or waived within 15 s (ICF 87 a, 88 a).
None runs while nothing is timed: the match over, the toss for a tie-break board, a demand for
extra points (ICF 87 b). When one runs out, the umpire (or a server keeping the time) enters
``OutOfTime`` and ``out_of_time`` rules on it.

ICF 50 names no sanction for a slow stroke, so it is a breach like any other (ICF 62): before
the player's first stroke of his turn a technical foul (ICF 63 a: a penalty coin, the turn
kept), later in the turn a foul (ICF 64 a: a penalty coin, the turn lost) — at the break, the
turn lost with no penalty, as ICF 45 c has it for a foul while breaking. A placing out of time
(ICF 88 b): the right to place what is left lapses (as ICF 87 a says for a waiver not told in
time) and the placer is penalised the same way (ICF 63, 64 a). Every variant rules so:
001 §3.6 b has the same 15 s and no sanction of its own. The ``timed`` rules take 004 law 30's for a
stroke: after 15 seconds the player loses the turn, no coin (``RuleSet.slow_stroke``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from carrom.rules.actions import OutOfTime
from carrom.rules.decision import Decision
from carrom.rules.errors import RulesError
from carrom.rules.message import say, say_n
from carrom.rules.owing import owe
from carrom.rules.pieces import Seat
from carrom.rules.state import MatchState

SECONDS = 15.0  # every clock of the laws: ICF 46, 50, 87 a, 88 a; 001 §3.6 b; 004 laws 27, 30, 74
WHAT = ("break", "stroke", "place")


@dataclass(frozen=True)
class Clock:
    """A clock of the laws running for ``seat``: what it times, and the law that sets the 15 seconds."""

    what: str  # "break", "stroke" or "place"
    seat: Seat
    law: str


LAWS = {"break": "ICF 46", "stroke": "ICF 50", "place": "ICF 88 a"}


def running(state: MatchState) -> Clock | None:
    """The clock the laws run now, or None when nothing is timed. An open demand for extra points (ICF 87 b) stops
    no clock: it is optional, and the next board's break is timed meanwhile."""
    if state.over or state.awaiting_toss:
        return None
    board = state.board
    ready = [o for o in board.owed if not o.waiting]
    if ready:
        return Clock("place", ready[0].placer, LAWS["place"])
    what = "break" if not board.broken and board.turn_strokes == 0 else "stroke"
    return Clock(what, board.turn, LAWS[what])


def out_of_time(state: MatchState, action: OutOfTime, d: list[Decision]) -> MatchState:
    clock = running(state)
    if clock is None:
        raise RulesError(say("no clock runs now: nothing the laws time is awaited (ICF 46, 50, 88 a)"))
    if action.what not in WHAT:
        raise RulesError(say("out of time for what? {choices}, not {what}", choices=", ".join(WHAT), what=repr(action.what)))
    if (clock.what, clock.seat) != (action.what, action.seat):
        raise RulesError(say("the clock runs for {seat} to {what}, not for {other} to {other_what} ({law})",
                             seat=clock.seat, what=clock.what, other=action.seat, other_what=action.what, law=clock.law))
    if clock.what == "place":
        return _placing(state, action.seat, d)
    board = state.board
    seat = action.seat
    if clock.what == "break":
        d.append(Decision("ICF 46", say("{seat} did not break within 15 seconds of \"Play\"", seat=seat)))
    else:
        d.append(Decision("ICF 50", say("{seat} took more than 15 seconds to strike", seat=seat)))
    if not board.broken and board.turn_strokes > 0:
        nxt = state.table.right_of(seat)
        d.append(Decision("ICF 45 c", say("{seat} loses the turn at the break; no penalty. {next} breaks", seat=seat, next=nxt)))
        return replace(state, board=replace(board, turn=nxt, attempts=0, turn_strokes=0, break_passed=True))
    if clock.what == "stroke" and state.rules.slow_stroke == "turn":  # 004 law 30: "igralec izgubi potezo"
        nxt = state.table.right_of(seat)
        d.append(Decision("004 law 30", say("{seat} loses the turn, no penalty; {next} plays", seat=seat, next=nxt)))
        return replace(state, board=replace(board, turn=nxt, turn_strokes=0))
    return _breach(state, seat, d)


def _placing(state: MatchState, seat: Seat, d: list[Decision]) -> MatchState:
    """ICF 88 b: the coins not placed in time stay in the nets (ICF 87 a), and the placer is penalised."""
    board = state.board
    late = [o for o in board.owed if o.placer is seat and not o.waiting]
    keep = tuple(o for o in board.owed if not (o.placer is seat and not o.waiting))
    n = len(late)
    d.append(Decision("ICF 87 a", say_n("{seat} did not place or waive within 15 seconds: the right to place {n} coin "
                                        "lapses; it stays in the nets",
                                        "{seat} did not place or waive within 15 seconds: the right to place {n} coins "
                                        "lapse; they stay in the nets", n, seat=seat)))
    debts = list(board.debts)
    for side in {board.side_of_colour(o.coin) for o in late}:
        debts[side] = 0  # the claim ends with the right to place, as for a waiver (ICF 80)
    board = replace(board, owed=keep, debts=(debts[0], debts[1]), placing_started=False)
    return _breach(replace(state, board=board), seat, d, law="ICF 88 b")


def _breach(state: MatchState, seat: Seat, d: list[Decision], law: str | None = None) -> MatchState:
    """A penalty coin: a technical foul before the seat's first stroke of its turn or off turn (ICF 63), else a foul
    that loses the turn (ICF 64 a)."""
    board = state.board
    ctx = state.context()
    if seat is not board.turn or board.turn_strokes == 0:
        why = (say("out of time, a technical foul by {seat}: a penalty, the turn is kept", seat=seat) if seat is board.turn
               else say("out of time, a technical foul by {seat}: a penalty", seat=seat))
        tech = "ICF 63 a" if seat is board.turn else "ICF 63 b"
        return replace(state, board=owe(ctx, board, seat, 1, why, law or tech, d))
    board = owe(ctx, board, seat, 1, say("out of time, a foul by {seat}: a penalty, the turn is lost", seat=seat),
                law or "ICF 64 a", d)
    return replace(state, board=replace(board, turn=state.table.right_of(seat), turn_strokes=0))
