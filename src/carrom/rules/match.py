"""A match under the referee: boards, games and the match itself, and the ``apply`` function.

``apply(state, action)`` is pure: it returns the next state and the ruling, or raises
``RulesError`` with the state untouched. ``Match`` wraps it with history for undo and
replay. Boards alternate the break to the right (ICF 49), games run to 25 points or eight
boards with a tie-break board (ICF 56), and the match is best of three (ICF 57).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Sequence

from carrom.rules import simplified
from carrom.rules.actions import Action, Concede, Declare, Forfeit, Place, Stroke, Timeout
from carrom.rules.board import BoardResult, BoardState
from carrom.rules.decision import Decision, EndKind, Ended, Ruling
from carrom.rules.ending import end_of_board
from carrom.rules.errors import RulesError
from carrom.rules.owing import owe
from carrom.rules.pieces import Coin, Seat
from carrom.rules.ruleset import RuleSet
from carrom.rules.state import (
    BoardRecord, Claim, Expected, MatchState, fresh_board as _fresh_board, new_state, state_from_score,
)
from carrom.rules import stroke as icf_stroke
from carrom.rules.table import name
from carrom.rules.words import points as _points, side_does, side_name

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
        raise RulesError("the match is over; nothing more can be played")
    state.table.check(action.seat)
    handler = {Stroke: _stroke, Place: _place, Forfeit: _forfeit, Concede: _concede, Declare: _declare,
               Timeout: _timeout}[type(action)]
    if state.awaiting_toss and not (isinstance(action, Declare) and action.what.split()[:1] == ["toss"]):
        raise RulesError("the tie-break board's break goes to the winner of a toss: enter `declare toss SEAT` (ICF 56 b)")
    notes: Notes = []
    state = handler(state, action, notes)
    return state, Ruling(action, tuple(n for n in notes if isinstance(n, Decision)),
                         tuple(n for n in notes if isinstance(n, Ended)))


def _check_action(action: object) -> None:
    """Refuse an object that is not a well-formed action, whatever its types (RulesError, never a crash)."""
    from carrom.rules.actions import StrokeOutcome
    from carrom.rules.fouls import Foul

    if not isinstance(action, (Stroke, Place, Forfeit, Concede, Declare, Timeout)):
        raise RulesError(f"{type(action).__name__} is not an action the referee knows")
    if not isinstance(action.seat, Seat):
        raise RulesError(f"seat: {action.seat!r} is not a Seat (south, east, north, west)")
    if isinstance(action, Stroke):
        o = action.outcome
        if not isinstance(o, StrokeOutcome):
            raise RulesError("a stroke needs its outcome (StrokeOutcome)")
        if not all(isinstance(c, Coin) for c in (*o.pocketed, *o.off_board)):
            raise RulesError("pocketed and off_board list pieces: Coin.WHITE, Coin.BLACK or Coin.QUEEN")
        if not isinstance(o.striker_pocketed, bool) or not isinstance(o.touched, bool):
            raise RulesError("striker_pocketed and touched are true or false")
        if not isinstance(action.fouls, tuple) or not all(isinstance(f, Foul) for f in action.fouls):
            raise RulesError("fouls are a tuple of Foul codes")
    elif isinstance(action, Place):
        if action.coin is not None and action.coin not in (Coin.WHITE, Coin.BLACK):
            raise RulesError("a due or penalty coin is white or black")
        if not isinstance(action.waive, bool):
            raise RulesError("waive is true or false")
    elif isinstance(action, (Concede, Declare)) and not isinstance(action.what, str):
        raise RulesError(f"what: expected words, found {action.what!r}")
    elif isinstance(action, Timeout) and action.board_begun not in (None, True, False):
        raise RulesError(f"board_begun: true, false or unknown (None), not {action.board_begun!r}")


def _stroke(state: MatchState, action: Stroke, d: list[Decision]) -> MatchState:
    board = state.board
    ready = [o for o in board.owed if not o.waiting]
    if ready:
        o = ready[0]
        raise RulesError(f"{name(o.placer)} must first place the {o.coin.value} owed (ICF 78 a), "
                         f"or waive placing it (ICF 80)")
    ctx = state.context()
    icf_stroke.check(ctx, board, action)
    board = replace(board, owed=tuple(replace(o, waiting=False) for o in board.owed),  # ICF 81: room may have appeared
                    placing_started=False)
    if state.rules.scoring == "simplified":
        after, decisions, result = simplified.play(ctx, board, action)
    else:
        after, decisions, facts = icf_stroke.play(ctx, board, action)
        result = end_of_board(ctx, board, after, facts)
    d.extend(decisions)
    per = len(state.table.seats) if state.rules.misses_per == "player" else 2
    if result is None and after.broken and after.misses >= state.rules.misses_to_replay * per:
        result = BoardResult(None, law="ICF 137", text=f"every {state.rules.misses_per} has missed "
                                                       f"{state.rules.misses_to_replay} times in a row: "
                                                       "the board is replayed", replayed=True)
    if result is None:
        return replace(state, board=after)
    return _board_over(state, after, result, d)


def _board_over(state: MatchState, board: BoardState, result: BoardResult, d: list[Decision]) -> MatchState:
    cap = state.rules.max_board_points
    if result.points > cap:
        result = replace(result, coin_points=max(0, cap - result.queen_points - result.extra))
    d.append(Decision(result.law, result.text))
    if result.extra_claimable and state.rules.extras == "automatic":  # 001 §3.7 d, n: no claim, at most 12
        n = max(0, min(result.extra_claimable, cap - result.queen_points - result.coin_points))
        result = replace(result, extra=n, extra_claimable=0)
        d.append(Decision("001 §3.7 n", f"{_points(n)} extra for the dues and penalties, counted automatically"))
    state = replace(state, board=replace(board, result=result))
    finished = _finish_board(state, d)
    if result.extra_claimable > 0 and result.winner is not None:  # ICF 87 b: "si así lo solicita"
        seats = state.table.seats_of(result.winner)
        return replace(finished, claim=Claim(result.winner, seats, result.extra_claimable, state))
    return finished


def _finish_board(state: MatchState, d: list[Decision]) -> MatchState:
    board, result = state.board, state.board.result
    assert result is not None
    rules, table = state.rules, state.table
    if result.replayed:
        d.append(Ended(EndKind.REPLAY, result.law, state.game_index + 1, score=state.points[-1]))
        fresh = _fresh_board(table, board.breaker, rules)
        return replace(state, board=fresh, board_index=state.board_index + 1)
    pts = list(state.points[-1])
    queen, coins = [0, 0], [0, 0]
    if result.winner is not None:
        w = result.winner
        pts[w] += result.points
        queen[w] = result.queen_points
        coins[w] = result.coin_points + result.extra
        if result.loser_points:
            pts[1 - w] += result.loser_points
            coins[1 - w] = result.loser_points
    record = BoardRecord(state.game_index, state.boards_done + 1, board.breaker, result.winner,
                         (queen[0], queen[1]), (coins[0], coins[1]), result.law, result.text)
    points = state.points[:-1] + ((pts[0], pts[1]),)
    state = replace(state, points=points, results=state.results + (record,), boards_done=state.boards_done + 1)
    d.append(_board_ended(state, record, result.points if result.winner is not None else 0, result.extra_claimable))
    d.append(Decision("ICF 53 a", f"game {state.game_index + 1}: {_score_words(state)}"))
    state = _side_change(state, d)
    over, winner = _game_end(state)
    if not over:
        nxt = table.right_of(board.breaker)
        d.append(Decision("ICF 49 a", f"next board: {name(nxt)} breaks, with the whites"))
        return replace(state, board=_fresh_board(table, nxt, rules), board_index=state.board_index + 1)
    return _game_over(state, winner, d)


def _board_ended(state: MatchState, record: BoardRecord, points: int, claimable: int = 0) -> Ended:
    seats = () if record.winner is None else state.table.seats_of(record.winner)
    return Ended(EndKind.BOARD, record.law, record.game + 1, record.winner, seats, points, state.points[-1],
                 record.number, claimable)


def _score_words(state: MatchState) -> str:
    a, b = state.points[-1]
    return f"{_side_name(state, 0)} {a} – {b} {_side_name(state, 1)}"


def _side_name(state: MatchState, side: int) -> str:
    return side_name(state.table, side)


def _side_change(state: MatchState, d: list[Decision]) -> MatchState:
    """ICF 60: in the deciding game, sides change after the fourth board or at 13 points."""
    deciding = state.game_index == state.rules.games_to_win * 2 - 2 and state.rules.games_to_win > 1
    if not deciding or state.sides_changed:
        return state
    at13 = max(state.points[-1]) >= 13
    if at13 or (state.rules.decider_side_change == "board4or13" and state.boards_done >= 4):
        d.append(Decision("ICF 60 a", "the players change sides in the deciding game"))
        return replace(state, sides_changed=True)
    return state


def _game_end(state: MatchState) -> tuple[bool, int | None]:
    """Whether the game is over now, and who won it; over with no winner: a tie-break board (ICF 56)."""
    a, b = state.points[-1]
    rules = state.rules
    leader = None if a == b else (0 if a > b else 1)
    if max(a, b) >= rules.game_points and leader is not None:
        return True, leader
    limit = rules.boards_per_game
    timed_out = rules.timed and state.bell >= 1
    if (limit is not None and state.boards_done >= limit) or timed_out:
        if leader is not None or rules.tie_break_board:
            return True, leader
    return False, None


def _game_over(state: MatchState, winner: int | None, d: list[Decision]) -> MatchState:
    if winner is None:
        d.append(Decision("ICF 56 b", "the scores are level after the last board: a tie-break board, "
                                      "its break decided by a toss"))
        return replace(state, awaiting_toss=True, board=_fresh_board(state.table, state.board.breaker, state.rules),
                       board_index=state.board_index + 1)
    if state.tie_break:
        law = "ICF 56 b"  # the tie-break board's winner wins the game
    elif state.rules.scoring == "simplified":
        law = simplified.LAW  # "au moins 29 points, une fois la manche en cours terminée"
    elif state.rules.timed and state.bell and max(state.points[-1]) < state.rules.game_points:
        law = "004 law 39"  # the side ahead when the bell ended the game
    else:
        law = "ICF 56 a"
    return _award_game(state, winner, d, law)


def _award_game(state: MatchState, winner: int, d: list[Decision], law: str) -> MatchState:
    won = list(state.games_won)
    won[winner] += 1
    d.append(Decision(law, f"{side_does(state.table, winner, 'win')} game {state.game_index + 1}, "
                           f"{_score_words(state)}"))
    seats = state.table.seats_of(winner)
    d.append(Ended(EndKind.GAME, law, state.game_index + 1, winner, seats, state.points[-1][winner], state.points[-1]))
    state = replace(state, games_won=(won[0], won[1]))
    if won[winner] >= state.rules.games_to_win:
        d.append(Decision("ICF 57", f"{side_does(state.table, winner, 'win')} the match, {won[0]}–{won[1]} in games"))
        d.append(Ended(EndKind.MATCH, "ICF 57", state.game_index + 1, winner, seats, 0, (won[0], won[1])))
        return replace(state, over=True, winner=winner, board=replace(state.board, claim_open=False))
    g = state.game_index + 1
    table = state.table
    if state.rules.break_order == "continuous":  # 001 §3.5 g: the break keeps passing, game after game
        first = table.right_of(state.board.breaker)
    else:
        first = table.first if g % 2 == 0 else table.right_of(table.first)  # ICF 49 a ii–iii
    d.append(Decision("ICF 59" if table.doubles else "ICF 58", "the players change sides for the next game"))
    d.append(Decision("ICF 49 a", f"game {g + 1}: {name(first)} breaks"))
    return replace(state, game_index=g, board_index=0, boards_done=0, points=state.points + ((0, 0),),
                   game_first=first, board=_fresh_board(table, first, state.rules), bell=0, sides_changed=False,
                   awaiting_toss=False, tie_break=False)


def _place(state: MatchState, action: Place, d: list[Decision]) -> MatchState:
    board = state.board
    mine = [i for i, o in enumerate(board.owed) if o.placer is action.seat and not o.waiting]
    if not mine:
        exp = state.expected()
        who = f"; {name(exp[1])} is to {exp[0]}" if exp else ""
        raise RulesError(f"{name(action.seat)} has no due or penalty coin to place now (ICF 78){who}")
    if action.waive:
        if board.placing_started:
            raise RulesError(f"{name(action.seat)} has begun placing: the placing may be waived only in full, "
                             "not in part (ICF 87 a)")
        keep = tuple(o for i, o in enumerate(board.owed) if i not in mine)
        d.append(Decision("ICF 80", f"{name(action.seat)} waives placing {len(mine)} coin"
                                    f"{'s' if len(mine) > 1 else ''}: they stay in the nets (ICF 87 a: all or none)"))
        debts = list(board.debts)
        for side in {board.side_of_colour(board.owed[i].coin) for i in mine}:
            if debts[side]:
                d.append(Decision("ICF 80", f"the claim is given up: {debts[side]} outstanding due"
                                            f"{'s' if debts[side] > 1 else ''} of that colour lapse too"))
                debts[side] = 0
        return replace(state, board=replace(board, owed=keep, debts=(debts[0], debts[1])))
    pick = mine[0]
    if action.coin is not None:
        pick = next((i for i in mine if board.owed[i].coin is action.coin), None)
        if pick is None:
            owed = ", ".join(sorted({board.owed[i].coin.value for i in mine}))
            raise RulesError(f"{name(action.seat)} owes no {action.coin.value} to place; owed: {owed}")
    coin = board.owed[pick].coin
    owed = board.owed[:pick] + board.owed[pick + 1:]
    board = replace(board, owed=owed, placing_started=any(o.placer is action.seat and not o.waiting for o in owed))
    board = board.with_on_board(coin, board.on_board(coin) + 1)
    d.append(Decision("ICF 84 a", f"{name(action.seat)} places a {coin.value} inside the outer circle"))
    return replace(state, board=board)


def _lose_board(state: MatchState, seat: Seat, law: str, why: str, d: list[Decision]) -> MatchState:
    """The seat's side loses the board by its coins left and the queen if not theirs (ICF 51, 91, 121 b, 126 b)."""
    board = state.board
    if board.over:
        raise RulesError("this board is already over")
    loser = state.table.side(seat)
    winner = 1 - loser
    ctx = state.context()
    coins = board.on_board(board.colour(loser))
    owed = board.held(board.colour(loser)) + board.debts[loser]  # claimable, not counted (ICF 55, 87 b)
    queen_theirs = board.queen in ("board", "pending") or board.queen_side == winner
    queen = ctx.queen_value(winner) if queen_theirs and state.rules.scoring == "icf" else 0
    result = BoardResult(winner, queen, coins, law,
                         f"{why}: {side_does(state.table, winner, 'win')} the board by {_points(coins + queen)}"
                         + (f", and may claim up to {owed} extra" if owed else ""), extra_claimable=owed)
    return _board_over(state, board, result, d)


def _forfeit(state: MatchState, action: Forfeit, d: list[Decision]) -> MatchState:
    law = action.law or "ICF 51"
    return _lose_board(state, action.seat, law, f"{name(action.seat)} forfeits the board", d)


def _concede(state: MatchState, action: Concede, d: list[Decision]) -> MatchState:
    side = state.table.side(action.seat)
    law = "ICF 139"
    if state.rules.concede_on_turn and action.what in ("game", "match"):
        law = "001 §4 q"
        if state.table.side(state.board.turn) != side:
            raise RulesError(f"{_side_name(state, side)} may concede only on their own turn; it is "
                             f"{name(state.board.turn)}'s turn (001 §4 q)")
    if action.what == "board":
        return _lose_board(state, action.seat, "ICF 139", f"{side_does(state.table, side, 'concede')} the board", d)
    if action.what == "game":
        d.append(Decision(law, f"{side_does(state.table, side, 'concede')} game {state.game_index + 1}"))
        return _award_game(state, 1 - side, d, law)
    if action.what == "match":
        d.append(Decision(law, f"{side_does(state.table, side, 'concede')} the match; "
                               f"{side_does(state.table, 1 - side, 'win')} it"))
        d.append(Ended(EndKind.MATCH, law, state.game_index + 1, 1 - side, state.table.seats_of(1 - side), 0,
                       state.games_won))
        return replace(state, over=True, winner=1 - side)
    raise RulesError(f"concede what? 'board', 'game' or 'match', not {action.what!r} (ICF 139)")


def _declare(state: MatchState, action: Declare, d: list[Decision]) -> MatchState:
    words = action.what.split()
    if not words:
        raise RulesError("declare what? extra, toss, technical, wait, replay, no-room or late")
    key, arg = words[0].lower(), (words[1] if len(words) > 1 else action.value)
    handler = DECLARATIONS.get(key)
    if handler is None:
        raise RulesError(f"{key!r} is not a declaration the referee knows ({', '.join(DECLARATIONS)})")
    return handler(state, action.seat, arg, d)


def _claim(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    """ICF 87 b: the winners demand extra points after the board: it is scored again from where it ended."""
    if state.claim is None:
        raise RulesError("no extra points can be claimed now: only when a board has just ended with dues or "
                         "penalties outstanding, before the next action (ICF 87 b)")
    state = state.claim.before
    board = state.board
    result = board.result
    assert result is not None and result.winner is not None
    if state.table.side(seat) != result.winner:
        raise RulesError(f"only the winners of the board, {_side_name(state, result.winner)}, may claim extra points")
    try:
        n = int(arg if arg is not None else result.extra_claimable)
    except (TypeError, ValueError):
        raise RulesError(f"extra points must be a whole number, not {arg!r}") from None
    if not 0 <= n <= result.extra_claimable:
        raise RulesError(f"between 0 and {result.extra_claimable} extra points may be claimed here, not {n}")
    cap = state.rules.max_board_points
    n_eff = max(0, min(n, cap - result.queen_points - result.coin_points))
    d.append(Decision("ICF 87 b", f"{side_does(state.table, result.winner, 'claim')} {_points(n_eff)} extra"
                                  + (", at most 12 a board (ICF 55)" if n_eff < n else "")))
    state = replace(state, board=replace(board, result=replace(result, extra=n_eff, extra_claimable=0)))
    return _finish_board(state, d)


def _toss(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    if not state.awaiting_toss:
        raise RulesError("there is no toss to decide now: only before a tie-break board (ICF 56 b)")
    winner = seat if arg is None else _seat(arg)
    state.table.check(winner)
    d.append(Decision("ICF 56 b", f"{name(winner)} wins the toss and breaks the tie-break board with the whites"))
    return replace(state, awaiting_toss=False, tie_break=True, board=_fresh_board(state.table, winner, state.rules))


def _technical(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    board = state.board
    if board.over:
        raise RulesError("the board is over")
    if seat is board.turn and board.turn_strokes > 0:
        raise RulesError("after the first stroke of a turn a breach is a foul: enter it with the stroke "
                         "(f, ICF 64 a)")
    law = "ICF 63 a" if seat is board.turn else "ICF 63 b"
    board = owe(state.context(), board, seat, 1, f"technical foul by {name(seat)}: a penalty, the turn is kept",
                law, d)
    return replace(state, board=board)


def _wait(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    board = state.board
    if not any(o.placer is seat and not o.waiting for o in board.owed):
        raise RulesError(f"{name(seat)} has no coin to place now")
    owed = tuple(replace(o, waiting=True) if o.placer is seat else o for o in board.owed)
    d.append(Decision("ICF 79 a", f"no room to place: {name(seat)} places the coins owed as soon as there is room"))
    return replace(state, board=replace(board, owed=owed))


def _replay(law: str, why: str):
    def handler(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
        if state.board.over:
            raise RulesError("the board is over")
        return _board_over(state, state.board, BoardResult(None, law=law, text=f"{why}: the board is replayed",
                                                           replayed=True), d)
    return handler


def _late(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    if not state.rules.timed:
        raise RulesError("losing a game 25–0 for arriving late is a rule of the timed game (004 law 18): "
                         "choose the 'timed' rules")
    if state.board_index or state.board.strokes:
        raise RulesError("a late arrival is declared before the game's first stroke (004 law 18)")
    side = state.table.side(seat)
    d.append(Decision("004 law 18", f"{_side_name(state, side)} more than seven minutes late: game "
                                    f"{state.game_index + 1} is lost 25–0 without play (\"izgubi igro\")"))
    pts = [0, 0]
    pts[1 - side] = state.rules.game_points
    state = replace(state, points=state.points[:-1] + ((pts[0], pts[1]),))
    return _award_game(state, 1 - side, d, "004 law 18")


DECLARATIONS = {
    "extra": _claim, "toss": _toss, "technical": _technical, "wait": _wait,
    "replay": _replay("ICF 140", "events beyond the umpire's control"),
    "no-room": _replay("ICF 142", "no room on the baseline to place the striker"),
    "late": _late,
}


def _seat(value) -> Seat:
    try:
        return Seat(str(value).lower())
    except ValueError:
        raise RulesError(f"{value!r} is not a seat (south, east, north, west)") from None


def _timeout(state: MatchState, action: Timeout, d: list[Decision]) -> MatchState:
    """The bells of the timed game (004 laws 39–41)."""
    if not state.rules.timed:
        raise RulesError("there is no bell in these rules: choose the 'timed' rules (004 laws 39–41)")
    if state.tie_break or state.awaiting_toss:
        raise RulesError("the tie-break board has no time limit: no bell rings for it (ICF 56 b; docs/texts.md §14)")
    if state.bell == 0:
        begun = action.board_begun
        if begun is None:
            begun = state.board.strokes > 0 or state.board_index == 0
        if begun:
            d.append(Decision("004 law 40", "first bell: seven minutes to finish the board in play; "
                                            "no new board starts"))
            return replace(state, bell=1)
        d.append(Decision("004 law 40", "first bell between boards: no new board starts, the game ends"))
        state = replace(state, bell=1)
        over, winner = _game_end(state)
        return _game_over(state, winner, d)
    board = state.board
    if board.over:
        raise RulesError("the board is over")
    white, black = board.on_board(Coin.WHITE), board.on_board(Coin.BLACK)
    left = {board.side_of_colour(Coin.WHITE): white, board.side_of_colour(Coin.BLACK): black}
    diff = abs(left[0] - left[1])
    winner = None if diff == 0 else (0 if left[0] < left[1] else 1)
    text = "second bell: the board ends; the difference in coins left goes to the side with fewer, the queen not counted"
    result = BoardResult(winner, 0, diff, "004 law 41", text)
    state = replace(state, bell=2)
    if winner is None:
        d.append(Decision("004 law 41", text + ": level, no points"))
        record = BoardRecord(state.game_index, state.boards_done + 1, board.breaker, None, (0, 0), (0, 0),
                             "004 law 41", text)
        state = replace(state, results=state.results + (record,), boards_done=state.boards_done + 1)
        d.append(_board_ended(state, record, 0))
        over, winner = _game_end(state)
        return _game_over(state, winner, d) if over else state
    return _board_over(state, board, result, d)


# -- the facade ------------------------------------------------------------------------


@dataclass
class Match:
    """A match with its history: play, undo, replay, and what the laws expect next."""

    state: MatchState
    history: list[tuple[MatchState, Ruling]] = field(default_factory=list)

    @classmethod
    def new(cls, ruleset: str | RuleSet = "icf", players: Mapping[Seat, str] | None = None,
            first_breaker: Seat = Seat.SOUTH, toss: tuple[Seat, str] | None = None) -> "Match":
        players = players or {Seat.SOUTH: "South", Seat.NORTH: "North"}
        return cls(new_state(ruleset, players, first_breaker, toss))

    @classmethod
    def from_score(cls, ruleset: str | RuleSet = "icf", players: Mapping[Seat, str] | None = None,
                   first_breaker: Seat = Seat.SOUTH, *, breaker: Seat, points: Sequence[int] | Mapping = (0, 0),
                   games_won: Sequence[int] | Mapping = (0, 0), boards_done: int = 0,
                   past_games: Sequence[Sequence[int]] = ()) -> "Match":
        """A match taken over from a paper scorecard before a board's break (see ``state_from_score``)."""
        players = players or {Seat.SOUTH: "South", Seat.NORTH: "North"}
        return cls(state_from_score(ruleset, players, first_breaker, breaker=breaker, points=points,
                                    games_won=games_won, boards_done=boards_done, past_games=past_games))

    def play(self, action: Action) -> Ruling:
        state, ruling = apply(self.state, action)
        self.history.append((self.state, ruling))
        self.state = state
        return ruling

    def undo(self) -> Ruling:
        if not self.history:
            raise RulesError("nothing to undo")
        self.state, ruling = self.history.pop()
        return ruling

    def replay(self, actions: Iterable[Action]) -> list[Ruling]:
        return [self.play(a) for a in actions]

    def expected(self) -> Expected | None:
        return self.state.expected()

    @property
    def rulings(self) -> list[Ruling]:
        return [r for _, r in self.history]

    def scorecard(self) -> tuple[BoardRecord, ...]:
        return self.state.results
