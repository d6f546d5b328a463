"""A match under the referee: the ``apply`` function and the ``Match`` facade.

``apply(state, action)`` is pure: it returns the next state and the ruling, or raises
``RulesError`` with the state untouched; it hands a stroke to the stroke referee, placing,
forfeits and concessions to the handlers here, declarations and bells to
``carrom.rules.declarations``, a clock run out to ``carrom.rules.clock``, and how boards, games and
the match end to ``carrom.rules.flow``.
``Match`` wraps it with history for undo and replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Sequence

from carrom.rules import owing, penalty, simplified
from carrom.rules import stroke as icf_stroke
from carrom.rules.actions import Action, Concede, Declare, Forfeit, OutOfTime, Place, Stroke, Timeout
from carrom.rules.board import BoardResult
from carrom.rules.clock import out_of_time
from carrom.rules.decision import Decision, EndKind, Ended, Ruling
from carrom.rules.declarations import declare, timeout
from carrom.rules.ending import end_of_board
from carrom.rules.errors import MalformedAction, OutOfTurn, Over, RulesError
from carrom.rules.flow import award_game, board_over, lose_board, side_name_of
from carrom.rules.pieces import Coin, Seat
from carrom.rules.places import CHANGE_OF_PLACES, places
from carrom.rules.ruleset import MissesPer, RuleSet, Scoring, Stage
from carrom.rules.state import BoardRecord, Expected, MatchState, new_state, state_from_score
from carrom.rules.message import Message, say, say_n
from carrom.rules.words import side_say

__all__ = ["BoardRecord", "Match", "MatchState", "apply", "new_state", "state_from_score"]

Notes = list  # the decisions of one action, with the Ended values among them (split apart by ``apply``)


# -- applying actions -------------------------------------------------------------------


def apply(state: MatchState, action: Action) -> tuple[MatchState, Ruling]:
    """The state after ``action`` and the ruling on it; ``RulesError`` leaves ``state`` as it was."""
    _check_action(action)
    claiming = isinstance(action, Declare) and action.what.split()[:1] == ["extra"]
    if state.claim is not None and not claiming:
        state = replace(state, claim=None)  # ICF 87 b: no demand before the next action, no extra points
    if state.over and state.claim is None:
        raise Over(say("the match is over; nothing more can be played"))
    state.table.check(action.seat)
    if getattr(action, "offender", None) is not None:
        state.table.check(action.offender)
    handler = {Stroke: _stroke, Place: _place, Forfeit: _forfeit, Concede: _concede, Declare: declare,
               Timeout: timeout, OutOfTime: out_of_time}[type(action)]
    if state.awaiting_toss and not (isinstance(action, Declare) and action.what.split()[:1] == ["toss"]):
        raise RulesError(say("the tie-break board's break goes to the winner of a toss: enter `declare toss SEAT` "
                             "(ICF 56 b)"))
    notes: Notes = []
    rules = state.rules
    before = state
    state = owing.hand_over(before, handler(state, action, notes), notes)
    decisions = seated([n for n in notes if isinstance(n, Decision)], before, state)
    return state, Ruling(action, tuple(_cited(rules, d) for d in decisions),
                         tuple(replace(n, law=rules.cite(n.law)) for n in notes if isinstance(n, Ended)))


def seated(decisions: list[Decision], before: MatchState, after: MatchState) -> list[Decision]:
    """The decisions naming each seat by the chair its player sits in when the decision is made: the chairs before
    the action up to a change of places (ICF 58-60, whose words name the chairs already), the chairs after it
    from then on. In the first game everyone sits where the record names him, and nothing changes."""
    sits = dict(places(before))
    out = []
    for d in decisions:
        if d.law in CHANGE_OF_PLACES:
            out.append(d)
            sits = dict(places(after))
            continue
        moved = any(seat is not chair for seat, chair in sits.items())
        out.append(Decision(d.law, in_chairs(d.message, sits)) if moved and d.message is not None else d)
    return out


def in_chairs(message: Message, sits: dict[Seat, Seat]) -> Message:
    """``message`` with every seat it names (nested messages too) replaced by the chair that player sits in."""
    def value(v: object) -> object:
        if isinstance(v, Seat):
            return sits.get(v, v)
        if isinstance(v, Message):
            return in_chairs(v, sits)
        return v
    return replace(message, params=tuple((k, value(v)) for k, v in message.params))


def _cited(rules: RuleSet, decision: Decision) -> Decision:
    """The decision citing the variant's own text where it has the law (``RuleSet.cite``)."""
    law = rules.cite(decision.law)
    if law == decision.law:
        return decision
    return Decision(law, decision.message if decision.message is not None else decision.text)


def _check_action(action: object) -> None:
    """Refuse an object that is not a well-formed action, whatever its types (RulesError, never a crash)."""
    from carrom.rules.actions import StrokeOutcome
    from carrom.rules.fouls import Foul

    if not isinstance(action, (Stroke, Place, Forfeit, Concede, Declare, Timeout, OutOfTime)):
        raise MalformedAction(f"{type(action).__name__} is not an action the referee knows")
    if not isinstance(action.seat, Seat):
        raise MalformedAction(f"seat: {action.seat!r} is not a Seat (south, east, north, west)")
    if isinstance(action, (Forfeit, Declare)) and action.offender is not None and not isinstance(action.offender, Seat):
        raise MalformedAction(f"offender: {action.offender!r} is not a Seat (south, east, north, west)")
    if isinstance(action, Stroke):
        o = action.outcome
        if not isinstance(o, StrokeOutcome):
            raise MalformedAction("a stroke needs its outcome (StrokeOutcome)")
        if not all(isinstance(c, Coin) for c in (*o.pocketed, *o.off_board)):
            raise MalformedAction("pocketed and off_board list pieces: Coin.WHITE, Coin.BLACK or Coin.QUEEN")
        if not isinstance(o.striker_pocketed, bool) or not isinstance(o.touched, bool):
            raise MalformedAction("striker_pocketed and touched are true or false")
        if not isinstance(action.fouls, tuple) or not all(isinstance(f, Foul) for f in action.fouls):
            raise MalformedAction("fouls are a tuple of Foul codes")
    elif isinstance(action, Place):
        if action.coin is not None and action.coin not in (Coin.WHITE, Coin.BLACK):
            raise MalformedAction("a due or penalty coin is white or black")
        if not isinstance(action.waive, bool):
            raise MalformedAction("waive is true or false")
    elif isinstance(action, (Concede, Declare, OutOfTime)) and not isinstance(action.what, str):
        raise MalformedAction(f"what: expected words, found {action.what!r}")
    elif isinstance(action, Timeout) and action.board_begun not in (None, True, False):
        raise MalformedAction(f"board_begun: true, false or unknown (None), not {action.board_begun!r}")


def _stroke(state: MatchState, action: Stroke, d: list[Decision]) -> MatchState:
    board = state.board
    ready = [o for o in board.owed if not o.waiting]
    if ready:
        o = ready[0]
        raise OutOfTurn(say("{seat} must first place the {coin} owed (ICF 78 a), or waive placing it (ICF 80)",
                            seat=o.placer, coin=o.coin), law="ICF 78 a")
    ctx = state.context()
    penalty.check_stroke_fouls(state, action)
    icf_stroke.check(ctx, board, action)
    board = replace(board, owed=tuple(replace(o, waiting=False) for o in board.owed),  # ICF 81: room may have appeared
                    placing_started=False)
    if state.rules.scoring is Scoring.SIMPLIFIED:
        after, decisions, result = simplified.play(ctx, board, action)
    else:
        after, decisions, facts = icf_stroke.play(ctx, board, action)
        result = end_of_board(ctx, board, after, facts)
    d.extend(decisions)
    per = len(state.table.seats) if state.rules.misses_per is MissesPer.PLAYER else 2
    if result is None and after.broken and after.misses >= state.rules.misses_to_replay * per:
        text = (say("every player has missed {n} times in a row: the board is replayed", n=state.rules.misses_to_replay)
                if state.rules.misses_per is MissesPer.PLAYER else
                say("every side has missed {n} times in a row: the board is replayed", n=state.rules.misses_to_replay))
        result = BoardResult(None, law="ICF 137", text=text, replayed=True)
    if result is None:
        return replace(state, board=after)
    return board_over(state, after, result, d)


def _place(state: MatchState, action: Place, d: list[Decision]) -> MatchState:
    board = state.board
    mine = [i for i, o in enumerate(board.owed) if o.placer is action.seat and not o.waiting]
    if not mine:
        exp = state.expected()
        raise (OutOfTurn if exp else Over)(_nothing_to_place(action.seat, exp))
    placing = state.expected()  # who is placing now: the one who has begun, while he has coins left
    begun = board.placing_started and placing is not None and placing.seat is action.seat
    if board.placing_started and not action.waive and not begun:
        raise OutOfTurn(say("{other} is placing: {seat} places when {other} has finished (ICF 87 a)",
                            other=placing.seat, seat=action.seat), law="ICF 87 a")
    if action.waive:
        if begun:
            raise RulesError(say("{seat} has begun placing: the placing may be waived only in full, "
                                 "not in part (ICF 87 a)", seat=action.seat))
        keep = tuple(o for i, o in enumerate(board.owed) if i not in mine)
        d.append(Decision("ICF 80", say_n("{seat} waives placing {n} coin: they stay in the nets (ICF 87 a: all or none)",
                                          "{seat} waives placing {n} coins: they stay in the nets (ICF 87 a: all or none)",
                                          len(mine), seat=action.seat)))
        debts = list(board.debts)
        for side in {board.side_of_colour(board.owed[i].coin) for i in mine}:
            if debts[side]:
                d.append(Decision("ICF 80", say_n("the claim is given up: {n} outstanding due of that colour lapse too",
                                                  "the claim is given up: {n} outstanding dues of that colour lapse too",
                                                  debts[side])))
                debts[side] = 0
        return replace(state, board=replace(board, owed=keep, debts=(debts[0], debts[1])))
    pick = mine[0]
    if action.coin is not None:
        pick = next((i for i in mine if board.owed[i].coin is action.coin), None)
        if pick is None:
            owed = sorted({board.owed[i].coin for i in mine}, key=lambda c: c.value)
            listed = Message(", ".join(f"{{c{i}}}" for i in range(len(owed))), tuple((f"c{i}", c) for i, c in enumerate(owed)))
            raise RulesError(say("{seat} owes no {coin} to place; owed: {owed}", seat=action.seat, coin=action.coin,
                                 owed=listed))
    coin = board.owed[pick].coin
    rest = board.owed[:pick] + board.owed[pick + 1:]
    ready = tuple(o for o in rest if o.placer is action.seat and not o.waiting)
    owed = ready + tuple(o for o in rest if o not in ready)  # his rest first: the one placing finishes (ICF 87 a)
    board = replace(board, owed=owed, placing_started=bool(ready))
    board = board.with_on_board(coin, board.on_board(coin) + 1)
    d.append(Decision("ICF 84 a", say("{seat} places a {coin} inside the outer circle", seat=action.seat, coin=coin)))
    return replace(state, board=board)


def _nothing_to_place(seat: Seat, exp: Expected | None) -> Message:
    """The refusal of a placing nobody owes now, saying who the laws wait for."""
    if exp is None:
        return say("{seat} has no due or penalty coin to place now (ICF 78)", seat=seat)
    return {
        "stroke": say("{seat} has no due or penalty coin to place now (ICF 78); {other} is to stroke",
                      seat=seat, other=exp.seat),
        "place": say("{seat} has no due or penalty coin to place now (ICF 78); {other} is to place",
                     seat=seat, other=exp.seat),
        "claim": say("{seat} has no due or penalty coin to place now (ICF 78); {other} is to claim",
                     seat=seat, other=exp.seat),
        "toss": say("{seat} has no due or penalty coin to place now (ICF 78); {other} is to toss",
                    seat=seat, other=exp.seat),
    }[exp.kind.value]


def _forfeit(state: MatchState, action: Forfeit, d: list[Decision]) -> MatchState:
    law = action.law or "ICF 51"
    offender, turn = action.who, state.board.turn
    if action.offender is not None and not state.board.over:  # the offender named: checked against the law
        if law == "ICF 51" and offender is turn:
            raise RulesError(say("ICF 51 punishes a player who strikes out of turn, and {seat} is in turn: "
                                 "a breach by the player in turn is a foul (ICF 64 a)", seat=offender))
    if law == "ICF 91" and (action.offender is not None or state.rules.chair == "penalty"):
        return penalty.chair(state, offender, None, d)  # checked by ICF 91, or one penalty coin (001 §3.11 p)
    return lose_board(state, offender, law, say("{seat} forfeits the board", seat=offender), d)


def _concede(state: MatchState, action: Concede, d: list[Decision]) -> MatchState:
    side = state.table.side(action.seat)
    law = state.rules.concession_law(action.what)
    if law == "001 §4 q":
        if state.table.side(state.board.turn) != side:
            raise OutOfTurn(say("{side} may concede only on their own turn; it is {seat}'s turn (001 §4 q)",
                                side=side_name_of(state, side), seat=state.board.turn))
    if action.what == "board":
        return lose_board(state, action.seat, "ICF 139", side_say("{side} concedes the board", "{side} concede the board",
                                                                  state.table, side), d)
    if action.what == "game":
        d.append(Decision(law, side_say("{side} concedes game {game}", "{side} concede game {game}", state.table, side,
                                        game=state.game_index + 1)))
        return award_game(state, 1 - side, d, law)
    if action.what == "match":
        winners = side_say("{side} wins it", "{side} win it", state.table, 1 - side)
        d.append(Decision(law, side_say("{side} concedes the match; {winners}", "{side} concede the match; {winners}",
                                        state.table, side, winners=winners)))
        d.append(Ended(EndKind.MATCH, law, state.game_index + 1, 1 - side, state.table.seats_of(1 - side), 0,
                       state.games_won))
        return replace(state, over=True, winner=1 - side)
    raise RulesError(say("concede what? 'board', 'game' or 'match', not {what!r} (ICF 139)", what=action.what))



@dataclass
class Match:
    """A match with its history: play, undo, replay, and what the laws expect next."""

    state: MatchState
    history: list[tuple[MatchState, Ruling]] = field(default_factory=list)

    @classmethod
    def new(cls, ruleset: str | RuleSet = "icf", players: Mapping[Seat, str] | None = None,
            first_breaker: Seat = Seat.SOUTH, toss: tuple[Seat, str] | None = None,
            stage: Stage | str | None = None) -> "Match":
        players = players or {Seat.SOUTH: "South", Seat.NORTH: "North"}
        return cls(new_state(ruleset, players, first_breaker, toss, stage))

    @classmethod
    def from_score(cls, ruleset: str | RuleSet = "icf", players: Mapping[Seat, str] | None = None,
                   first_breaker: Seat = Seat.SOUTH, *, breaker: Seat, points: Sequence[int] | Mapping = (0, 0),
                   games_won: Sequence[int] | Mapping = (0, 0), boards_done: int = 0,
                   past_games: Sequence[Sequence[int]] = (), stage: Stage | str | None = None) -> "Match":
        """A match taken over from a paper scorecard before a board's break (see ``state_from_score``)."""
        players = players or {Seat.SOUTH: "South", Seat.NORTH: "North"}
        return cls(state_from_score(ruleset, players, first_breaker, breaker=breaker, points=points,
                                    games_won=games_won, boards_done=boards_done, past_games=past_games,
                                    stage=stage))

    def play(self, action: Action, ruled: tuple[MatchState, MatchState, Ruling] | None = None) -> Ruling:
        """The ruling on ``action`` (``apply`` on the state now), kept in the history for undo.

        ``ruled``: what ``apply`` answered a caller who asked it already (the state asked on, the state after, the
        ruling), as the game does: ``play_stroke`` rules a stroke, then the game's record takes it. Taken when it
        was asked on this very state about this very action, so a stroke is ruled once; else ``apply`` is asked."""
        asked, state, ruling = ruled if ruled is not None else (None, None, None)
        if ruling is None or asked is not self.state or ruling.action != action:
            state, ruling = apply(self.state, action)
        self.history.append((self.state, ruling))
        self.state = state
        return ruling

    def undo(self) -> Ruling:
        if not self.history:
            raise RulesError(say("nothing to undo"))
        self.state, ruling = self.history.pop()
        return ruling

    def replay(self, actions: Iterable[Action]) -> list[Ruling]:
        return [self.play(a) for a in actions]

    def expected(self) -> Expected | None:
        return self.state.expected()

    @property
    def rulings(self) -> list[Ruling]:
        return [r for _, r in self.history]

    def ruling(self, i: int) -> Ruling:
        """The ruling on action ``i``: ``rulings[i]`` without copying them all (a long match has thousands, and a
        server asks for the last sixty after every action)."""
        return self.history[i][1]

    @property
    def actions(self) -> int:
        """How many actions have been ruled (``len(rulings)``, without the copy)."""
        return len(self.history)

    def scorecard(self) -> tuple[BoardRecord, ...]:
        return self.state.results
