"""The ICF referee for one stroke: turn, returns, dues and penalties, the queen.

The cases follow ICF 44–48 (break and turns), 64 (fouls), 65 (pieces off the board),
72–78 (dues and penalties) and 92–101 (the queen). Whether the stroke ended the board
is decided afterwards, in ``carrom.rules.ending``, from the same facts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from carrom.rules.actions import Stroke
from carrom.rules.board import BoardState, QueenState
from carrom.rules.context import Context
from carrom.rules.decision import Decision
from carrom.rules.errors import OutOfTurn, RulesError
from carrom.rules.owing import owe, settle_debts
from carrom.rules.pieces import COINS_PER_COLOUR, Coin
from carrom.rules.message import Message, say
from carrom.rules.words import coins


@dataclass(frozen=True)
class Facts:
    """A stroke seen from the striker's side: own and opponent's coins, queen, striker, foul."""

    side: int
    own: Coin
    n_own: int
    n_opp: int
    queen: bool
    striker: bool
    foul: bool
    own_before: int
    opp_before: int
    covering: bool  # the striker's side pocketed the queen last stroke and must cover now (ICF 96, 97)
    own_paid: int = 0  # own coins of this stroke taken out at once for an outstanding due (ICF 72 c, 78 a)
    opp_paid: int = 0  # the opponent's likewise (ICF 78 b ii)

    @property
    def last_own(self) -> bool:
        """The side's last coins went in and stay down: none pays an outstanding due (ICF 52 a, 72 c)."""
        return self.own_before > 0 and self.n_own == self.own_before and not self.own_paid

    @property
    def last_opp(self) -> bool:
        return self.opp_before > 0 and self.n_opp == self.opp_before and not self.opp_paid

    def with_paid(self, before: BoardState, after: BoardState) -> "Facts":
        """The facts once the stroke's outstanding dues are settled (``before`` and ``after`` the stroke)."""
        paid = [max(0, before.debts[s] - after.debts[s]) for s in (0, 1)]
        return replace(self, own_paid=paid[self.side], opp_paid=paid[1 - self.side])

    def paid_words(self) -> Message | None:
        """Why pocketing a side's last coins did not end the board, if that is why (ICF 72 c, 78 a)."""
        own = bool(self.own_paid) and self.n_own == self.own_before > 0
        opp = bool(self.opp_paid) and self.n_opp == self.opp_before > 0
        if own and opp:
            return say("own and the opponent's last coins went in, but an outstanding due is paid from them at once: "
                       "that coin goes back on the board and the board goes on")
        if own:
            return say("own last coins went in, but an outstanding due is paid from them at once: "
                       "that coin goes back on the board and the board goes on")
        if opp:
            return say("the opponent's last coins went in, but an outstanding due is paid from them at once: "
                       "that coin goes back on the board and the board goes on")
        return None


def check(ctx: Context, board: BoardState, stroke: Stroke) -> None:
    """Refuse a stroke the board cannot have produced, or one out of turn, before anything changes."""
    ctx.table.check(stroke.seat)
    if stroke.seat is not board.turn:
        raise OutOfTurn(say("it is {turn}'s turn to strike, not {seat}'s (ICF 48, 49); "
                            "a stroke out of turn is entered as a forfeit (ICF 51)", turn=board.turn, seat=stroke.seat),
                        law="ICF 48")
    o = stroke.outcome
    for coin in (Coin.WHITE, Coin.BLACK, Coin.QUEEN):
        went, off = o.pocketed.count(coin), o.off_board.count(coin)
        there = board.on_board(coin)
        if went + off > there and coin is Coin.QUEEN:
            raise RulesError(say("{pieces} pocketed or off the board, but the queen is not on the board",
                                 pieces=coins(went + off, coin)))
        if went + off > there:
            raise RulesError(say("{pieces} pocketed or off the board, but only {left} on the board",
                                 pieces=coins(went + off, coin), left=coins(there, coin)))
    if not o.touched and (o.pocketed or o.off_board):
        raise RulesError(say("the striker touched no piece, yet pieces went in or left the board"))


def facts(ctx: Context, board: BoardState, stroke: Stroke) -> Facts:
    side = ctx.table.side(stroke.seat)
    own = board.colour(side)
    o = stroke.outcome
    return Facts(side, own, o.count(own), o.count(own.other), Coin.QUEEN in o.pocketed, o.striker_pocketed,
                 bool(stroke.fouls), board.on_board(own), board.on_board(own.other),
                 board.queen is QueenState.PENDING and board.queen_side == side)


def break_attempt(ctx: Context, board: BoardState, stroke: Stroke, d: list[Decision]) -> BoardState | None:
    """Before a valid break: an attempt that touches nothing (ICF 45). None once the break is made."""
    o = stroke.outcome
    if o.touched:
        d.append(Decision("ICF 44", say("{seat} breaks: the striker touched a piece", seat=stroke.seat)))
        return None
    nxt = ctx.table.right_of(stroke.seat)
    if o.striker_pocketed or stroke.fouls:
        d.append(Decision("ICF 45 c", say("{seat} loses the turn at the break without touching a piece; "
                                          "no due or penalty. {next} breaks", seat=stroke.seat, next=nxt)))
        return replace(board, turn=nxt, attempts=0, turn_strokes=0, break_passed=True)
    tries = board.attempts + 1
    allowed = ctx.rules.break_attempts
    if board.break_passed and ctx.rules.attempts_after_pass is not None:
        allowed = ctx.rules.attempts_after_pass  # 001 §3.5 d: then one attempt each in turn
    if tries < allowed:
        d.append(Decision("ICF 45 a", say("not a break: the striker touched no piece. {seat} tries again ({n} more)",
                                          seat=stroke.seat, n=allowed - tries)))
        return replace(board, attempts=tries)
    if board.colour(ctx.table.side(nxt)) is Coin.WHITE:
        words = say("{seat} has used every attempt: the break passes to {next}, who plays white",
                    seat=stroke.seat, next=nxt)
    else:
        words = say("{seat} has used every attempt: the break passes to {next}, who plays black",
                    seat=stroke.seat, next=nxt)
    d.append(Decision("ICF 45 b", words))
    return replace(board, turn=nxt, attempts=0, turn_strokes=0, break_passed=True)


def begin(ctx: Context, board: BoardState, stroke: Stroke, d: list[Decision]) -> tuple[BoardState, Facts, bool]:
    """Count the stroke and settle the break (ICF 44, 45); True when it was only a break attempt. Else the board
    comes back with the coins the stroke pocketed off it (each colour's count); both stroke referees go on from
    there."""
    board = replace(board, strokes=board.strokes + 1, turn_strokes=board.turn_strokes + 1)
    f = facts(ctx, board, stroke)
    if not board.broken:
        after = break_attempt(ctx, board, stroke, d)
        if after is not None:
            return after, f, True
        board = replace(board, broken=True, attempts=0)
    return board.with_on_board(f.own, f.own_before - f.n_own).with_on_board(f.own.other, f.opp_before - f.n_opp), \
        f, False


def play(ctx: Context, board: BoardState, stroke: Stroke) -> tuple[BoardState, list[Decision], Facts]:
    """The board after a stroke, with the decisions taken; ``check`` must have passed."""
    d: list[Decision] = []
    board, f, attempt = begin(ctx, board, stroke, d)
    if attempt:
        return board, d, f
    seat, o, opp = stroke.seat, stroke.outcome, f.own.other
    who = seat
    queen, queen_side = board.queen, board.queen_side
    if f.queen:
        queen, queen_side = QueenState.PENDING, f.side
    for law, text in _fouls(stroke):
        d.append(Decision(law, say("foul: {what}", what=text)))

    keep = False
    returned = 0  # own coins pocketed this stroke that go back (ICF 64 b, 73, 77)
    dues = 0  # due and penalty coins (ICF 72)
    queen_back = None  # the law that returns the queen, if it goes back
    nine = f.own_before == COINS_PER_COLOUR
    if f.foul:
        returned = f.n_own
        dues = ctx.rules.stroke_cost(f.striker, True)
        keep = False
        if f.queen:
            queen_back = ("ICF 98 b" if f.n_own else "ICF 99 b") if f.striker else "ICF 64 b"
        elif f.covering:
            queen_back = "ICF 101 b" if f.striker and f.n_own else "ICF 100 b" if f.striker else "ICF 96"
        law = ("ICF 77 b" if f.n_own else "ICF 72 b") if f.striker else ("ICF 77 a" if f.n_own else
                                                                          "ICF 76" if f.n_opp else "ICF 64 a")
        if f.striker and dues == 1:  # 001 §3.11 a, e: "tir correct ou incorrect", one coin all the same
            law = "001 §3.11 e" if f.n_own else "001 §3.11 a"
        if f.n_own:
            d.append(Decision(law, say("{who} loses the turn; the {coins} pocketed go back with {cost}", who=who,
                                       coins=coins(f.n_own, f.own), cost=_cost_words(f.striker, dues))))
        else:
            d.append(Decision(law, say("{who} loses the turn; {cost}", who=who, cost=_cost_words(f.striker, dues))))
        if f.n_opp:
            d.append(Decision("ICF 76", say("the {coins} pocketed stay down", coins=coins(f.n_opp, opp))))
    elif f.striker:
        returned = f.n_own
        dues = 1
        if f.n_own:
            keep = True
            law = "ICF 98 a" if f.queen else "ICF 101 a" if f.covering else "ICF 75" if f.n_opp else "ICF 73"
            d.append(Decision(law, say("{who} pocketed the striker with own coins: the {coins} and a due go back, "
                                       "and {who} plays on", who=who, coins=coins(f.n_own, f.own))))
        elif f.queen:
            keep = not nine
            d.append(Decision("ICF 95 d" if nine else "ICF 99 a",
                              say("the queen went in with the striker: a due, and {who} loses the turn "
                                  "(all nine on the board)", who=who) if nine else
                              say("the queen went in with the striker: a due, and {who} plays on", who=who)))
        else:
            law = "ICF 74" if f.n_opp else "ICF 100 a" if f.covering else "ICF 72 a"
            d.append(Decision(law, say("{who} pocketed the striker: a due, and the turn passes; the {coins} stay down",
                                       who=who, coins=coins(f.n_opp, opp)) if f.n_opp else
                              say("{who} pocketed the striker: a due, and the turn passes", who=who)))
        if f.queen:
            queen_back = "ICF 98 a" if f.n_own else "ICF 95 d" if nine else "ICF 99 a"
        elif f.covering and not f.n_own:
            queen_back = "ICF 100 a"
        elif f.covering:
            queen, queen_side = QueenState.PENDING, f.side
            d.append(Decision("ICF 101 a", say("the queen is not yet covered: {who} must pocket an own coin next stroke",
                                               who=who)))
    else:
        keep = f.n_own > 0
        if f.queen:
            if board.debts[f.side]:
                queen_back, keep = "ICF 95 b", False
            elif not (board.potted[f.side] or f.n_own):
                queen_back = "ICF 95 a"
            elif f.n_own and not (nine and f.n_own == 1):
                queen, queen_side = QueenState.COVERED, f.side
                d.append(Decision("ICF 97 a", say("{who} pocketed the queen with own coins: the queen is covered",
                                                  who=who)))
                keep = True
            else:
                keep = True
                d.append(Decision("ICF 97 b" if f.n_own else "ICF 92",
                                  say("{who} pocketed the queen and must cover it with an own coin (one coin with the "
                                      "queen while all nine were on the board)", who=who) if f.n_own else
                                  say("{who} pocketed the queen and must cover it with an own coin in the next stroke",
                                      who=who)))
        elif f.covering:
            if f.n_own:
                queen, queen_side = QueenState.COVERED, f.side
                d.append(Decision("ICF 15", say("{who} covered the queen", who=who)))
            else:
                queen_back = "ICF 96"
        if f.n_own:
            d.append(Decision("ICF 48", say("{who} pocketed {coins} and {others} and plays on", who=who,
                                            coins=coins(f.n_own, f.own), others=coins(f.n_opp, opp)) if f.n_opp else
                              say("{who} pocketed {coins} and plays on", who=who, coins=coins(f.n_own, f.own))))
        elif f.n_opp and not keep:
            d.append(Decision("ICF 125", say("{who} pocketed {coins} of the opponent: they stay down, and the turn passes",
                                             who=who, coins=coins(f.n_opp, opp))))
        elif not f.queen and not f.covering:
            d.append(Decision("ICF 48", say("nothing of {who}'s went in: the turn passes", who=who)))
    if queen_back:
        queen, queen_side = QueenState.BOARD, None
        keep = keep and queen_back in ("ICF 98 a", "ICF 99 a")
        d.append(Decision(queen_back, {
            "ICF 95 a": say("the queen went in before {who} pocketed an own coin: the umpire puts it back and the turn "
                            "passes", who=who),
            "ICF 95 b": say("the queen went in while {who} owes a due: the umpire puts it back and the turn passes",
                            who=who),
            "ICF 96": say("the queen was not covered: the umpire puts it back on the centre"),
        }.get(queen_back, say("the umpire puts the queen back on the centre ({law})", law=ctx.rules.cite("ICF 93")))))
    board = replace(board, queen=queen, queen_side=queen_side)
    if f.n_own and not returned:
        potted = list(board.potted)
        potted[f.side] = True
        board = replace(board, potted=(potted[0], potted[1]))
    if returned:
        board = owe(ctx, board, seat, returned, pocketed_go_back(f.own), "ICF 77 a" if f.foul else "ICF 73", d)
    if dues:
        board = owe(ctx, board, seat, dues, _cost_words(f.striker, dues, short=True) if f.foul else say("due"),
                    _cost_law(f, dues), d)
    settled = settle_debts(ctx, board, seat, d)
    f = f.with_paid(board, settled)
    board = settled
    if (words := f.paid_words()) is not None:
        d.append(Decision("ICF 78 a", words))
    if o.off_board:
        d.append(Decision("ICF 65", _off_board_words(o.off_board, seat, f.own, ctx.rules.cite("ICF 65 b–d"))))
    misses = board.misses + 1 if not o.touched else 0
    board = replace(board, misses=misses)
    if keep:
        return board, d, f
    nxt = ctx.table.right_of(seat)
    return replace(board, turn=nxt, turn_strokes=0), d, f


def pocketed_go_back(coin: Coin) -> Message:
    """Why own coins are owed again: the ones just pocketed go back (ICF 73, 77 a)."""
    if coin is Coin.WHITE:
        return say("the white pocketed go back")
    return say("the black pocketed go back")


def _cost_words(striker: bool, dues: int, short: bool = False) -> Message:
    if not striker:
        return say("penalty") if short else say("a penalty")
    if dues == 1:
        return (say("one coin for the striker and the foul") if short else
                say("one coin for the striker and the foul together"))
    return say("due and penalty") if short else say("a due for the striker and a penalty")


def _cost_law(f: Facts, dues: int) -> str:
    if not f.foul:
        return "ICF 72 a"
    if f.striker and dues == 1:
        return "001 §3.11 e" if f.n_own else "001 §3.11 a"
    return "ICF 72 b" if f.striker else "ICF 64 a"


def _fouls(stroke: Stroke) -> list[tuple[str, Message]]:
    return [(foul.law, foul.message) for foul in dict.fromkeys(stroke.fouls)]


def _off_board_words(off: tuple[Coin, ...], seat, own: Coin, law: str) -> Message:
    order = sorted(off, key=lambda c: (c is not Coin.QUEEN, c is not own))
    names = Message(", ".join(f"{{c{i}}}" for i in range(len(order))), tuple((f"c{i}", c) for i, c in enumerate(order)))
    if len(order) == 1:
        return say("off the board: {pieces}; the umpire returns it to the centre circle, on the side away from {seat} "
                   "({law})", pieces=names, seat=seat, law=law)
    return say("off the board: {pieces}; the umpire returns them to the centre circle in that order, each touching "
               "the first, on the side away from {seat} ({law})", pieces=names, seat=seat, law=law)
