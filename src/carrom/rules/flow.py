"""How boards, games and the match end: scoring a board, the game's end, the tie-break, the match.

Each function takes the state and the notes of the action in progress (its decisions, and the
``Ended`` values of what finished) and returns the next state. ICF 53–60, 87 b, 138, 139; 004 law 39.
"""

from __future__ import annotations

from dataclasses import replace

from carrom.rules import places, simplified
from carrom.rules.board import BoardResult, BoardState, QueenState
from carrom.rules.decision import Decision, EndKind, Ended
from carrom.rules.errors import Over, RulesError
from carrom.rules.pieces import Seat
from carrom.rules.ruleset import BreakOrder, Extras, Scoring
from carrom.rules.state import BoardRecord, Claim, MatchState, fresh_board
from carrom.rules.message import Message, say
from carrom.rules.words import board_won, points as _points, side_name, side_say


def board_over(state: MatchState, board: BoardState, result: BoardResult, d: list[Decision]) -> MatchState:
    cap = state.rules.max_board_points
    if result.points > cap:
        result = replace(result, coin_points=max(0, cap - result.queen_points - result.extra))
    d.append(Decision(result.law, breakdown(result)))
    if result.queen_lapsed and result.winner is not None:
        d.append(Decision("ICF 54", side_say("{side} has 22 points or more: the queen does not count",
                                             "{side} have 22 points or more: the queen does not count",
                                             state.table, result.winner)))
    if result.extra_claimable and state.rules.extras is Extras.AUTOMATIC:  # 001 §3.7 d: no claim, at most 12
        n = max(0, min(result.extra_claimable, cap - result.queen_points - result.coin_points))
        result = replace(result, extra=n, extra_claimable=0)
        d.append(Decision("001 §3.7 d", say("{points} extra for the dues and penalties, counted automatically",
                                            points=_points(n))))
    state = replace(state, board=replace(board, result=result))
    finished = finish_board(state, d)
    if result.extra_claimable > 0 and result.winner is not None:  # ICF 87 b: "si así lo solicita"
        seats = state.table.seats_of(result.winner)
        return replace(finished, claim=Claim(result.winner, seats, result.extra_claimable, state))
    return finished


def breakdown(result: BoardResult) -> Message | str:
    """A won board's ruling with what its points are made of when the queen counted in them: "... by 12 points:
    9 for the coins + 3 for the queen" (ICF 52 b, 53 a); not the fixed points of a special case, which are no
    queen's ("gana el juego por 3 puntos", ICF 102–112; 001 §3.7 f–l "avec 3 points")."""
    if result.winner is None or not result.queen_points or result.fixed:
        return result.text
    return say("{ruling}: {coins} for the coins + {queen} for the queen", ruling=result.text,
               coins=result.coin_points + result.extra, queen=result.queen_points)


def finish_board(state: MatchState, d: list[Decision]) -> MatchState:
    board, result = state.board, state.board.result
    assert result is not None
    rules, table = state.rules, state.table
    if result.replayed:
        d.append(Ended(EndKind.REPLAY, result.law, state.game_index + 1, score=state.points[-1]))
        fresh = fresh_board(table, board.breaker, rules)
        return replace(state, board=fresh, board_index=state.board_index + 1)
    pts = list(state.points[-1])
    queen, coins, extra = [0, 0], [0, 0], [0, 0]
    if result.winner is not None:
        w = result.winner
        pts[w] += result.points
        queen[w] = result.queen_points
        coins[w] = result.coin_points + result.extra
        extra[w] = result.extra
        if result.loser_points:
            pts[1 - w] += result.loser_points
            coins[1 - w] = result.loser_points
    record = BoardRecord(state.game_index, state.boards_done + 1, board.breaker, result.winner,
                         (queen[0], queen[1]), (coins[0], coins[1]), result.law, str(result.text),
                         (extra[0], extra[1]))
    points = state.points[:-1] + ((pts[0], pts[1]),)
    state = replace(state, points=points, results=state.results + (record,), boards_done=state.boards_done + 1)
    d.append(board_ended(state, record, result.points if result.winner is not None else 0, result.extra_claimable))
    d.append(Decision("ICF 53 a", say("game {game}: {score}", game=state.game_index + 1, score=score_words(state))))
    state = side_change(state, d)
    over, winner = game_end(state)
    if not over:
        nxt = table.right_of(board.breaker)
        d.append(Decision("ICF 49 a", say("next board: {seat} breaks, with the whites", seat=nxt)))
        return replace(state, board=fresh_board(table, nxt, rules), board_index=state.board_index + 1)
    return game_over(state, winner, d)


def board_ended(state: MatchState, record: BoardRecord, points: int, claimable: int = 0) -> Ended:
    seats = () if record.winner is None else state.table.seats_of(record.winner)
    return Ended(EndKind.BOARD, record.law, record.game + 1, record.winner, seats, points, state.points[-1],
                 record.number, claimable)


def score_words(state: MatchState) -> Message:
    a, b = state.points[-1]
    return Message("{first} {a} – {b} {second}",
                   (("first", side_name_of(state, 0)), ("a", a), ("b", b), ("second", side_name_of(state, 1))))


def side_name_of(state: MatchState, side: int) -> Message:
    return side_name(state.table, side)


def side_change(state: MatchState, d: list[Decision]) -> MatchState:
    """ICF 60: in the deciding game, sides change after the fourth board or at 13 points (60 a); from the
    quarter-finals only at 13 points (60 b)."""
    deciding = state.game_index == state.rules.games_to_win * 2 - 2 and state.rules.games_to_win > 1
    if not deciding or state.sides_changed:
        return state
    at13 = max(state.points[-1]) >= 13
    if state.late_stage:
        if at13:
            state = replace(state, sides_changed=True)
            d.append(Decision("ICF 60 b", say("13 points reached: sides change in the deciding game: {moves}",
                                              moves=places.moves(state))))
        return state
    if at13 or state.boards_done >= 4:
        state = replace(state, sides_changed=True)
        d.append(Decision("ICF 60 a", say("sides change in the deciding game: {moves}",
                                          moves=places.moves(state))))
    return state


def game_end(state: MatchState) -> tuple[bool, int | None]:
    """Whether the game is over now, and who won it; over with no winner: a tie-break board (ICF 56)."""
    a, b = state.points[-1]
    rules = state.rules
    leader = None if a == b else (0 if a > b else 1)
    if max(a, b) >= rules.game_points and leader is not None:
        return True, leader
    limit = state.boards_per_game  # none from the quarter-finals (ICF 56 b)
    timed_out = rules.timed and state.bell >= 1
    if (limit is not None and state.boards_done >= limit) or timed_out:
        if leader is not None or rules.tie_break_board:
            return True, leader
    return False, None


def game_over(state: MatchState, winner: int | None, d: list[Decision]) -> MatchState:
    if winner is None:
        d.append(Decision("ICF 56 b", say("the scores are level after the last board: a tie-break board, "
                                          "its break decided by a toss")))
        return replace(state, awaiting_toss=True, board=fresh_board(state.table, state.board.breaker, state.rules),
                       board_index=state.board_index + 1)
    if state.tie_break:
        law = "ICF 56 b"  # the tie-break board's winner wins the game
    elif state.rules.scoring is Scoring.SIMPLIFIED:
        law = simplified.LAW  # "au moins 29 points, une fois la manche en cours terminée"
    elif state.rules.timed and state.bell and max(state.points[-1]) < state.rules.game_points:
        law = "004 law 39"  # the side ahead when the bell ended the game
    else:
        law = "ICF 56 a"
    return award_game(state, winner, d, law)


def award_game(state: MatchState, winner: int, d: list[Decision], law: str) -> MatchState:
    won = list(state.games_won)
    won[winner] += 1
    d.append(Decision(law, side_say("{side} wins game {game}, {score}", "{side} win game {game}, {score}",
                                    state.table, winner, game=state.game_index + 1, score=score_words(state))))
    seats = state.table.seats_of(winner)
    d.append(Ended(EndKind.GAME, law, state.game_index + 1, winner, seats, state.points[-1][winner], state.points[-1]))
    state = replace(state, games_won=(won[0], won[1]))
    if won[winner] >= state.rules.games_to_win:
        d.append(Decision("ICF 57", side_say("{side} wins the match, {a}–{b} in games",
                                             "{side} win the match, {a}–{b} in games", state.table, winner,
                                             a=won[0], b=won[1])))
        d.append(Ended(EndKind.MATCH, "ICF 57", state.game_index + 1, winner, seats, 0, (won[0], won[1])))
        return replace(state, over=True, winner=winner, board=replace(state.board, claim_open=False))
    g = state.game_index + 1
    table = state.table
    if state.rules.break_order is BreakOrder.CONTINUOUS:  # 001 §3.5 g: the break keeps passing, game after game
        first = table.right_of(state.board.breaker)
    else:
        first = table.first if g % 2 == 0 else table.right_of(table.first)  # ICF 49 a ii–iii
    state = replace(state, game_index=g, board_index=0, boards_done=0, points=state.points + ((0, 0),),
                    game_first=first, board=fresh_board(table, first, state.rules), bell=0, sides_changed=False,
                    awaiting_toss=False, tie_break=False)
    if table.doubles:
        d.append(Decision("ICF 59", say("each moves one place right for game {game}: {moves}",
                                        game=g + 1, moves=places.moves(state))))
    else:
        d.append(Decision("ICF 58", say("sides change for game {game}: {moves}", game=g + 1,
                                        moves=places.moves(state))))
    rest = places.rest_due(state)
    if rest is not None:
        d.append(Decision(places.REST_LAW, say("a rest of {minutes} minutes before game {game}", minutes=rest,
                                               game=g + 1)))
    d.append(Decision("ICF 49 a", say("game {game}: {seat} breaks", game=g + 1, seat=first)))
    return state


# The forfeits whose queen goes to the opponents with no condition: ICF 126 b "junto con los puntos por la reina"
# (004 law 114 "+ 3 za kraljico"; 001 §4 i "même si c'est l'adversaire lui-même qui a logé et confirmé la reine")
QUEEN_ALWAYS_FORFEITED = frozenset({"ICF 126 b"})


def forfeits_queen(state: MatchState, offender: int, law: str) -> bool:
    """Whether a side that loses the board by a breach loses the queen too. Under ``law`` 126 b always (its words
    have no condition); else the queen if it was not theirs: on the board, pocketed and not yet covered, or covered
    by the opponents it counts, covered by the offenders it does not (ICF 51 "si ella permaneció", 91, 121 b "si
    quedó en el tablero"; 001 §4 g). What it is worth: ``queen_value`` (none from 22 points, ICF 54, 91)."""
    board = state.board
    if state.rules.scoring is not Scoring.ICF:
        return False
    if law in QUEEN_ALWAYS_FORFEITED:
        return True
    return not (board.queen is QueenState.COVERED and board.queen_side == offender)


def lose_board(state: MatchState, seat: Seat, law: str, why: Message, d: list[Decision]) -> MatchState:
    """The seat's side loses the board by its coins left and the queen as ``forfeits_queen`` says (ICF 51, 91,
    121 b, 126 b)."""
    board = state.board
    if board.over:
        raise Over(say("this board is already over"))
    loser = state.table.side(seat)
    winner = 1 - loser
    coins = board.on_board(board.colour(loser))
    owed = board.held(board.colour(loser)) + board.debts[loser]  # claimable, not counted (ICF 55, 87 b)
    with_queen = forfeits_queen(state, loser, law)
    ctx = state.context()
    queen = ctx.queen_value(winner) if with_queen else 0
    result = BoardResult(winner, queen, coins, law, board_won(state.table, winner, why, coins + queen, owed),
                         extra_claimable=owed, queen_lapsed=with_queen and ctx.late(winner))
    return board_over(state, board, result, d)


