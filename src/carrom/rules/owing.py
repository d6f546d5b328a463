"""Dues and penalties: coins taken out of the nets for placing, or owed until one is there.

ICF 72 c: a due owed before the player has any coin in the nets waits, and is taken out
as soon as one is available (ICF 78 a, 83). ICF 78 b: in doubles the player on the right
of the player in turn places it; a player who pockets the opponent's coin that pays the
opponent's outstanding due places it himself.
"""

from __future__ import annotations

from dataclasses import replace

from carrom.rules.board import BoardState, Owed
from carrom.rules.context import Context
from carrom.rules.decision import Decision
from carrom.rules.pieces import Seat
from carrom.rules.message import Message, say, say_n
from carrom.rules.state import MatchState
from carrom.rules.words import coins


def take_out(board: BoardState, side: int, placer: Seat, n: int) -> BoardState:
    """``n`` of ``side``'s coins out of the nets for ``placer``; ICF 72 c: the rest wait as debts."""
    coin = board.colour(side)
    available = min(n, board.in_nets(coin))
    owed = board.owed + tuple(Owed(placer, coin) for _ in range(available))
    debts = list(board.debts)
    debts[side] += n - available
    return replace(board, owed=owed, debts=(debts[0], debts[1]))


def placer(ctx: Context, offender: Seat, turn: Seat) -> Seat:
    """Who places the offender's due or penalty coin: the player on the right of the player in turn (ICF 78 b i;
    001 §3.11 g), an opponent of the offender whenever the offender's side is in turn. When the offender's
    opponents are in turn (a technical foul out of turn, ICF 63 b), that is the offender's own side, so the coin
    goes to the non-offending player not in turn instead: in doubles the partner of the player in turn, in
    singles the player in turn (ICF 63 a: the opponent places it; docs/texts.md §8, who places)."""
    right = ctx.table.right_of(turn)
    if ctx.table.side(right) != ctx.table.side(offender):
        return right
    return turn.opposite if ctx.table.doubles else turn


def owe(ctx: Context, board: BoardState, striker: Seat, n: int, why: Message, law: str,
        decisions: list[Decision]) -> BoardState:
    """The offender ``striker``'s side owes ``n`` coins; placed as ``placer`` says (ICF 78)."""
    if n <= 0:
        return board
    side = ctx.table.side(striker)
    before = board.debts[side]
    by = placer(ctx, striker, board.turn)
    board = take_out(board, side, by, n)
    waiting = board.debts[side] - before
    coin = board.colour(side)
    if waiting == 0:
        decisions.append(Decision(law, say("{why}: {coins} to be placed by {seat}", why=why, coins=coins(n, coin),
                                           seat=by)))
    else:
        decisions.append(Decision(law, say("{why}: {coins} owed; {waiting} with none in the nets waits until one is "
                                           "pocketed", why=why, coins=coins(n, coin), waiting=waiting)))
        decisions.append(Decision("ICF 72 c", say("{coins} outstanding against {seat}'s side",
                                                  coins=coins(waiting, coin), seat=striker)))
    return board


def settle_debts(ctx: Context, board: BoardState, striker: Seat, decisions: list[Decision]) -> BoardState:
    """Outstanding dues paid as soon as a coin of that colour is in the nets (ICF 72 c, 78 a, 83)."""
    for side in (0, 1):
        n = board.debts[side]
        if n == 0 or board.in_nets(board.colour(side)) == 0:
            continue
        own = ctx.table.side(striker) == side
        placer = ctx.table.right_of(striker) if own else striker  # ICF 78 b i, 78 b ii
        debts = list(board.debts)
        debts[side] = 0
        board = take_out(replace(board, debts=(debts[0], debts[1])), side, placer, n)
        paid = n - board.debts[side]
        decisions.append(Decision("ICF 78 b ii" if not own and ctx.table.doubles else "ICF 72 c",
                                  say("{coins} outstanding now in the nets: to be placed by {seat}",
                                      coins=coins(paid, board.colour(side)), seat=placer)))
    return board


def hand_over(before: MatchState, after: MatchState, decisions: list[Decision]) -> MatchState:
    """ICF 79 b: in doubles the right to place passes between the partners "para que ninguno de ellos coloque la
    ficha durante su turno" (001 §3.11 i 1: "dès qu'un joueur a fini son tour de jouer"): when the turn passes within
    a board, the coins the player now in turn is to place, ready or waiting for room, go to his partner. A striker
    placing the opponent's coin he pocketed keeps it in his own turn (78 b ii): his turn has not passed."""
    board = after.board
    if (not after.table.doubles or board.over or after.board_index != before.board_index
            or board.turn is before.board.turn or not any(o.placer is board.turn for o in board.owed)):
        return after
    seat, partner = board.turn, board.turn.opposite
    mine = [o for o in board.owed if o.placer is seat]
    decisions.append(Decision("ICF 79 b", say_n("{seat} is in turn now: the {n} coin to place passes to the partner, "
                                                "{partner}",
                                                "{seat} is in turn now: the {n} coins to place pass to the partner, "
                                                "{partner}", len(mine), seat=seat, partner=partner)))
    owed = tuple(replace(o, placer=partner) if o.placer is seat else o for o in board.owed)
    return replace(after, board=replace(board, owed=owed))
