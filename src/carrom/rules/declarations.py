"""The umpire's declarations (extra points, the toss, the breaches, waiting for room, replays, a late arrival)
and the bells of the timed game, each a small handler of the match state; the breaches that cost one penalty
coin are in ``carrom.rules.penalty``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from carrom.rules import penalty
from carrom.rules.actions import Declare, Timeout
from carrom.rules.board import BoardResult
from carrom.rules.decision import Decision, EndKind, Ended
from carrom.rules.errors import Over, RulesError
from carrom.rules.flow import award_game, board_ended, board_over, finish_board, game_end, game_over, side_name_of
from carrom.rules.owing import owe
from carrom.rules.pieces import Coin, Seat
from carrom.rules.state import BoardRecord, MatchState, fresh_board
from carrom.rules.message import Message, say
from carrom.rules.words import points as _points, side_say


def declare(state: MatchState, action: Declare, d: list[Decision]) -> MatchState:
    words = action.what.split()
    if not words:
        raise RulesError(say("declare what? one of {known}", known=", ".join(DECLARATIONS)))
    key, arg = words[0].lower(), (words[1] if len(words) > 1 else action.value)
    found = DECLARATIONS.get(key)
    if found is None:
        raise RulesError(say("{key!r} is not a declaration the referee knows ({known})", key=key,
                             known=", ".join(DECLARATIONS)))
    return found.handler(state, action.who, arg, d)


def _claim(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    """ICF 87 b: the winners demand extra points after the board: it is scored again from where it ended."""
    if state.claim is None:
        raise RulesError(say("no extra points can be claimed now: only when a board has just ended with dues or "
                             "penalties outstanding, before the next action (ICF 87 b)"))
    state = state.claim.before
    board = state.board
    result = board.result
    assert result is not None and result.winner is not None
    if state.table.side(seat) != result.winner:
        raise RulesError(say("only the winners of the board, {side}, may claim extra points",
                             side=side_name_of(state, result.winner)))
    try:
        n = int(arg if arg is not None else result.extra_claimable)
    except (TypeError, ValueError):
        raise RulesError(say("extra points must be a whole number, not {value!r}", value=arg)) from None
    if not 0 <= n <= result.extra_claimable:
        raise RulesError(say("between 0 and {most} extra points may be claimed here, not {n}",
                             most=result.extra_claimable, n=n))
    cap = state.rules.max_board_points
    n_eff = max(0, min(n, cap - result.queen_points - result.coin_points))
    if n_eff < n:
        words = side_say("{side} claims {points} extra, at most 12 a board (ICF 55)",
                         "{side} claim {points} extra, at most 12 a board (ICF 55)", state.table, result.winner,
                         points=_points(n_eff))
    else:
        words = side_say("{side} claims {points} extra", "{side} claim {points} extra", state.table, result.winner,
                         points=_points(n_eff))
    d.append(Decision("ICF 87 b", words))
    state = replace(state, board=replace(board, result=replace(result, extra=n_eff, extra_claimable=0)))
    return finish_board(state, d)


def _toss(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    if not state.awaiting_toss:
        raise RulesError(say("there is no toss to decide now: only before a tie-break board (ICF 56 b)"))
    winner = seat if arg is None else _seat(arg)
    state.table.check(winner)
    d.append(Decision("ICF 56 b", say("{seat} wins the toss and breaks the tie-break board with the whites",
                                      seat=winner)))
    return replace(state, awaiting_toss=False, tie_break=True, board=fresh_board(state.table, winner, state.rules))


def _signal(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    """Partners communicating in doubles: ICF 131 sanctions it "according to the rules", a technical foul
    (ICF 63) as ``technical``; 001 §4 l: a penalty coin and the turn passes to the opponents, the coin
    placed by the player on the right of the one in turn (001 §3.11 g)."""
    board = state.board
    if not state.table.doubles:
        raise RulesError(say("only doubles partners can communicate (ICF 131; 001 §4 l)"))
    if board.over:
        raise Over(say("the board is over"))
    if state.rules.signal != "turn":
        d.append(Decision("ICF 131", say("{seat} communicated with the partner: a breach", seat=seat)))
        return penalty.technical(state, seat, arg, d)
    turn = board.turn
    board = owe(state.context(), board, seat, 1,
                say("{seat} communicated with the partner: a penalty", seat=seat), "001 §4 l", d)
    if state.table.side(seat) == state.table.side(turn):
        nxt = state.table.right_of(turn)
        d.append(Decision("001 §4 l", say("the turn passes to {next}", next=nxt)))
        board = replace(board, turn=nxt, turn_strokes=0, attempts=0)
    return replace(state, board=board)


def _wait(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    board = state.board
    if not any(o.placer is seat and not o.waiting for o in board.owed):
        raise RulesError(say("{seat} has no coin to place now", seat=seat))
    owed = tuple(replace(o, waiting=True) if o.placer is seat else o for o in board.owed)
    d.append(Decision("ICF 79 a", say("no room to place: {seat} places the coins owed as soon as there is room",
                                      seat=seat)))
    return replace(state, board=replace(board, owed=owed))


def _replay(law: str, why: Message):
    def handler(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
        if state.board.over:
            raise Over(say("the board is over"))
        text = say("{why}: the board is replayed", why=why)
        return board_over(state, state.board, BoardResult(None, law=law, text=text, replayed=True), d)
    return handler


def _late(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    if not state.rules.timed:
        raise RulesError(say("losing a game 25–0 for arriving late is a rule of the timed game (004 law 18): "
                             "choose the 'timed' rules"))
    if state.board_index or state.board.strokes:
        raise RulesError(say("a late arrival is declared before the game's first stroke (004 law 18)"))
    side = state.table.side(seat)
    d.append(Decision("004 law 18", say("{side} more than seven minutes late: game {game} is lost 25–0 without play "
                                        "(\"izgubi igro\")", side=side_name_of(state, side), game=state.game_index + 1)))
    pts = [0, 0]
    pts[1 - side] = state.rules.game_points
    state = replace(state, points=state.points[:-1] + ((pts[0], pts[1]),))
    return award_game(state, 1 - side, d, "004 law 18")


def _absent(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    """ICF 143 a: a player who leaves the board without the umpire's leave loses the match (001 §4.2 b, 003 law 122)."""
    side = state.table.side(seat)
    d.append(Decision("ICF 143 a", side_say("{seat} left the board without the umpire's leave: {side} loses the match",
                                            "{seat} left the board without the umpire's leave: {side} lose the match",
                                            state.table, side, seat=seat)))
    d.append(Ended(EndKind.MATCH, "ICF 143 a", state.game_index + 1, 1 - side, state.table.seats_of(1 - side), 0,
                   state.games_won))
    return replace(state, over=True, winner=1 - side, claim=None)


def _stopped(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    """ICF 143 g: a player who stops the match without the umpire's leave loses it ("sin el permiso del árbitro, el
    partido se detendrá"; 001 §4.2 g, "une interruption non permise du jeu") — one who will not play his turn."""
    side = state.table.side(seat)
    d.append(Decision("ICF 143 g", side_say("{seat} stopped the match without the umpire's leave: {side} loses the "
                                            "match",
                                            "{seat} stopped the match without the umpire's leave: {side} lose the "
                                            "match",
                                            state.table, side, seat=seat)))
    d.append(Ended(EndKind.MATCH, "ICF 143 g", state.game_index + 1, 1 - side, state.table.seats_of(1 - side), 0,
                   state.games_won))
    return replace(state, over=True, winner=1 - side, claim=None)


@dataclass(frozen=True)
class Declaration:
    """A declaration the referee knows: its word in the notation (``declare WORD``), the law it rests on, its name
    as a message (translated by the adapters), whether it names an offender (a breach: ICF 63 b), and its handler."""

    word: str
    law: str
    name: Message
    handler: Callable[[MatchState, Seat, Any, list[Decision]], MatchState]
    offender: bool = False


TABLE: tuple[Declaration, ...] = (
    Declaration("extra", "ICF 87 b", say("claim extra points"), _claim),
    Declaration("toss", "ICF 56 b", say("tie-break toss won by"), _toss),
    Declaration("technical", "ICF 63", say("technical foul"), penalty.technical, offender=True),
    Declaration("signal", "ICF 131", say("partners communicating"), _signal, offender=True),
    Declaration("frame", "001 §4 o", say("striker left on the frame"), penalty.frame, offender=True),
    Declaration("chair", "ICF 91", say("rose from the chair in his turn"), penalty.chair, offender=True),
    Declaration("placing", "ICF 85", say("a fault while placing a coin"), penalty.placing, offender=True),
    Declaration("wait", "ICF 79 a", say("no room to place: wait"), _wait),
    Declaration("replay", "ICF 140", say("replay the board"),
                _replay("ICF 140", say("events beyond the umpire's control"))),
    Declaration("no-room", "ICF 142", say("no room for the striker: replay"),
                _replay("ICF 142", say("no room on the baseline to place the striker"))),
    Declaration("late", "004 law 18", say("late arrival"), _late, offender=True),
    Declaration("absent", "ICF 143 a", say("left the board: the match lost"), _absent, offender=True),
    Declaration("stopped", "ICF 143 g", say("stopped the match without leave: the match lost"), _stopped,
                offender=True),
)
DECLARATIONS: dict[str, Declaration] = {d.word: d for d in TABLE}  # the one table: the notation, the tablet, the referee
BREACHES: tuple[str, ...] = tuple(d.word for d in TABLE if d.offender)  # declarations naming their offender


def _seat(value) -> Seat:
    try:
        return Seat(str(value).lower())
    except ValueError:
        raise RulesError(say("{value!r} is not a seat (south, east, north, west)", value=value)) from None


def timeout(state: MatchState, action: Timeout, d: list[Decision]) -> MatchState:
    """The bells of the timed game (004 laws 39–41)."""
    if not state.rules.timed:
        raise RulesError(say("there is no bell in these rules: choose the 'timed' rules (004 laws 39–41)"))
    if state.tie_break or state.awaiting_toss:
        raise RulesError(say("the tie-break board has no time limit: no bell rings for it (ICF 56 b; docs/texts.md §14)"))
    if state.bell == 0:
        begun = action.board_begun
        if begun is None:
            begun = state.board.strokes > 0 or state.board_index == 0
        if begun:
            d.append(Decision("004 law 40", say("first bell: seven minutes to finish the board in play; "
                                                "no new board starts")))
            return replace(state, bell=1)
        d.append(Decision("004 law 40", say("first bell between boards: no new board starts, the game ends")))
        state = replace(state, bell=1)
        over, winner = game_end(state)
        return game_over(state, winner, d)
    board = state.board
    if board.over:
        raise Over(say("the board is over"))
    white, black = board.on_board(Coin.WHITE), board.on_board(Coin.BLACK)
    left = {board.side_of_colour(Coin.WHITE): white, board.side_of_colour(Coin.BLACK): black}
    diff = abs(left[0] - left[1])
    winner = None if diff == 0 else (0 if left[0] < left[1] else 1)
    text = say("second bell: the board ends; the difference in coins left goes to the side with fewer, "
               "the queen not counted")
    result = BoardResult(winner, 0, diff, "004 law 41", text)
    state = replace(state, bell=2)
    if winner is None:
        d.append(Decision("004 law 41", say("second bell: the board ends; the difference in coins left goes to the "
                                            "side with fewer, the queen not counted: level, no points")))
        record = BoardRecord(state.game_index, state.boards_done + 1, board.breaker, None, (0, 0), (0, 0),
                             "004 law 41", str(text))
        state = replace(state, results=state.results + (record,), boards_done=state.boards_done + 1)
        d.append(board_ended(state, record, 0))
        over, winner = game_end(state)
        return game_over(state, winner, d) if over else state
    return board_over(state, board, result, d)


# -- the facade ------------------------------------------------------------------------

