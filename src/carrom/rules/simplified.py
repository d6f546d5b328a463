"""The French simplified rule (001, "Variante simplifiée"): every coin a point for its owner.

Differences from the ICF referee, all from 001's simplified text: each pocketed coin scores
1 for its owner whoever pockets it; the queen with its cover is worth 5 (2 once a side has
24 points); pocketing the opponent's coin keeps the turn; a penalty (striker pocketed,
striker or a coin off the board, a foul) passes the turn and puts one of the offender's
pocketed coins back; the special cases of its "Cas particuliers" list. The game goes to
29 points, counted when the board in play ends.
"""

from __future__ import annotations

from dataclasses import replace

from carrom.rules.actions import Stroke
from carrom.rules.board import BoardResult, BoardState, QueenState
from carrom.rules.context import Context
from carrom.rules.decision import Decision
from carrom.rules.owing import owe, settle_debts
from carrom.rules.pieces import COINS_PER_COLOUR, Coin
from carrom.rules.stroke import begin, pocketed_go_back
from carrom.rules.message import Message, say
from carrom.rules.words import coins, side_say

LAW = "001 simplified"


def pair_value(ctx: Context, side: int) -> int:
    """The queen with its cover: 5 points, 2 once the side has 24 (001 simplified, Calcul des points)."""
    return ctx.rules.late_queen_points if ctx.late(side) else ctx.rules.queen_points


def play(ctx: Context, board: BoardState, stroke: Stroke) -> tuple[BoardState, list[Decision], BoardResult | None]:
    d: list[Decision] = []
    board = _colours(ctx, board, stroke, d)
    board, f, attempt = begin(ctx, board, stroke, d)
    if attempt:
        return board, d, None
    seat, o, opp = stroke.seat, stroke.outcome, f.own.other
    who = seat
    p = f.side
    penalty = f.striker or f.foul or bool(o.off_board)
    queen, queen_side = board.queen, board.queen_side
    returned, dues = 0, 0
    if f.striker and f.n_own:
        returned = f.n_own
        d.append(Decision(LAW, say("{who} pocketed the striker with own coins: they go back as the penalty", who=who)))
    elif penalty:
        dues = 1
        why = (say("the striker went in") if f.striker else say("a piece left the board") if o.off_board
               else say("a foul"))
        d.append(Decision(LAW, say("penalty ({why}): one of {who}'s pocketed coins goes back, the turn passes",
                                   why=why, who=who)))
    if f.n_opp:
        d.append(Decision(LAW, say("{coins} pocketed score for the opponent", coins=coins(f.n_opp, opp))))
    if f.queen:
        if f.striker:
            queen, queen_side = QueenState.BOARD, None
            d.append(Decision(LAW, say("the queen went in with the striker: it goes back to the centre")))
        elif not (board.potted[p] or f.n_own):
            queen, queen_side = QueenState.BOARD, None
            penalty = True
            d.append(Decision(LAW, say("the queen went in before {who}'s first coin: it goes back, the turn passes",
                                       who=who)))
        elif f.n_opp and not f.n_own:
            queen, queen_side = QueenState.COVERED, 1 - p
            d.append(Decision(LAW, say("the queen went in with an opponent's coin: it counts for the opponent")))
        elif f.n_own == 1 and f.own_before == COINS_PER_COLOUR and not penalty:
            queen, queen_side = QueenState.PENDING, p  # 001 S2 case 1, as ICF 97 b
            d.append(Decision("001 S2 case 1", say("{who} pocketed the queen with a first coin while all nine were on "
                                                   "the board: it must still be covered with the next stroke", who=who)))
        elif f.n_own and not penalty:
            queen, queen_side = QueenState.COVERED, p
            d.append(Decision(LAW, say("{who} pocketed the queen with an own coin: the queen is covered", who=who)))
        elif not penalty:
            queen, queen_side = QueenState.PENDING, p
            d.append(Decision(LAW, say("{who} must cover the queen with the next stroke", who=who)))
        else:
            queen, queen_side = QueenState.BOARD, None
            d.append(Decision(LAW, say("the queen goes back to the centre")))
    elif f.covering:
        if f.n_own and not penalty:
            queen, queen_side = QueenState.COVERED, p
            d.append(Decision(LAW, say("{who} covered the queen", who=who)))
        else:
            queen, queen_side = QueenState.BOARD, None
            penalty = True
            d.append(Decision(LAW, say("the queen was not covered: it goes back to the centre and the turn passes")))
    board = replace(board, queen=queen, queen_side=queen_side)
    if f.n_own and not returned:
        potted = list(board.potted)
        potted[p] = True
        board = replace(board, potted=(potted[0], potted[1]))
    board = owe(ctx, board, seat, returned, pocketed_go_back(f.own), LAW, d)
    board = owe(ctx, board, seat, dues, say("penalty"), LAW, d)
    settled = settle_debts(ctx, board, seat, d)
    f = f.with_paid(board, settled)  # a last coin that pays a penalty owed goes back: no end (ICF 72 c)
    if (words := f.paid_words()) is not None:
        d.append(Decision("ICF 78 a", words))
    board = replace(settled, misses=board.misses + 1 if not o.touched else 0)
    keep = not penalty and (f.n_own > 0 or f.n_opp > 0 or board.queen is QueenState.PENDING)
    if not keep:
        board = replace(board, turn=ctx.table.right_of(seat), turn_strokes=0)
        if not (f.n_own or f.n_opp or f.queen or penalty):
            d.append(Decision(LAW, say("nothing went in: the turn passes")))
    elif f.n_own:
        d.append(Decision(LAW, say("{who} pocketed {coins} and plays on", who=who, coins=coins(f.n_own, f.own))))
    return board, d, _ending(ctx, board, f)


def _colours(ctx: Context, board: BoardState, stroke: Stroke, d: list[Decision]) -> BoardState:
    """"La couleur étant déterminée par le premier pion rentré": the first coin pocketed gives its side a colour."""
    if board.colours_set:
        return board
    first = next((c for c in stroke.outcome.pocketed if c is not Coin.QUEEN), None)
    if first is None:
        return board
    side = ctx.table.side(stroke.seat)
    white_side = side if first is Coin.WHITE else 1 - side
    if first is Coin.WHITE:
        words = side_say("{side} takes white, the colour of the first coin pocketed",
                         "{side} take white, the colour of the first coin pocketed", ctx.table, side)
    else:
        words = side_say("{side} takes black, the colour of the first coin pocketed",
                         "{side} take black, the colour of the first coin pocketed", ctx.table, side)
    d.append(Decision(LAW, words))
    return replace(board, white_side=white_side, colours_set=True)


def _ending(ctx: Context, board: BoardState, f) -> BoardResult | None:
    p, o = f.side, 1 - f.side
    own_left, opp_left = board.on_board(f.own), board.on_board(f.own.other)
    in_play = board.queen is not QueenState.COVERED
    if not (f.last_own or f.last_opp):
        return None
    if f.last_own and own_left:  # the last coin went back with the striker
        if not f.last_opp:
            return None
    coins = (board.in_nets(board.colour(0)), board.in_nets(board.colour(1)))

    def result(winner: int, why: Message, bonus_side: int | None, bonus: int) -> BoardResult:
        pts = list(coins)
        if board.queen is QueenState.COVERED and board.queen_side is not None:
            pts[board.queen_side] += pair_value(ctx, board.queen_side) - 1
        if bonus_side is not None:
            pts[bonus_side] += bonus
        text = side_say("{why}: {side} wins the board, {a} points to {b}", "{why}: {side} win the board, {a} points to {b}",
                        ctx.table, winner, why=why, a=pts[winner], b=pts[1 - winner])
        return BoardResult(winner, 0, pts[winner], LAW, text, loser_points=pts[1 - winner])

    if f.last_own and f.last_opp:
        if f.queen and not in_play and board.queen_side == p:
            return result(p, say("last coins and the queen together"), None, 0)
        if in_play:
            return result(o, say("both last coins with the queen still in play"), o, pair_value(ctx, o))
        return result(board.queen_side, say("both last coins: the side with the queen wins"), None, 0)
    if f.last_opp and opp_left == 0:
        if in_play:
            return result(o, say("the opponent's last coin with the queen in play"), o, pair_value(ctx, o))
        return result(o, say("all the opponent's coins are down"), None, 0)
    if f.last_own and own_left == 0:
        if in_play:
            return result(o, say("own last coin with the queen in play"), o, pair_value(ctx, o))
        return result(p, say("all own coins down"), None, 0)
    return None
