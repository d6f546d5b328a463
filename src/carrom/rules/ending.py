"""When a stroke ends a board, and who wins it by how much (ICF 52–55, 102–112).

A board ends when either side's last coin goes in. The ordinary end: the side whose coins
are all down wins the other side's coins left, plus the queen's 3 if it covered the queen
and has fewer than 22 points (ICF 52 a, 53, 54). The special cases of ICF 102–112 decide
the stroke that pockets a last coin while the queen is not yet covered, or together with
the striker; the extra points they allow "if demanded" are offered as a claim (ICF 87 b).
"""

from __future__ import annotations

from carrom.rules.board import BoardResult, BoardState, QueenState
from carrom.rules.context import Context
from carrom.rules.stroke import Facts
from carrom.rules.message import Message, say
from carrom.rules.words import board_won


# 001 §3.7 f–l state the ICF special cases with a fixed number of points and no extra for the striker
# or the improper stroke ("avec 3 points … même si le joueur loge en plus son striker", §3.7 i).
FRENCH_CASES = {"102": "h", "104": "f", "105": "g", "107": "i", "108": "i", "109": "k", "110": "l", "112": "l"}


def _result(ctx: Context, winner: int, law: str, why: Message, coins: int = 0, queen: int = 0,
            claim: int = 0, with_queen: bool = False) -> BoardResult:
    """``with_queen``: the winners covered the queen (or it stayed on the board where the law gives it to them),
    so it counts, unless they have 22 points or more (ICF 54)."""
    lapsed = with_queen and ctx.late(winner) and ctx.rules.queen_points > 0
    if with_queen:
        queen = ctx.queen_value(winner)
    number = law.split()[1] if law.startswith("ICF ") else ""
    if not ctx.rules.special_extras and number in FRENCH_CASES:
        why, law, claim = say("{why} (as {law})", why=why, law=law), f"001 §3.7 {FRENCH_CASES[number]}", 0
    text = board_won(ctx.table, winner, why, coins + queen, claim)
    return BoardResult(winner, queen, coins, law, text, extra_claimable=claim, queen_lapsed=lapsed,
                       fixed=bool(queen) and not with_queen)


def end_of_board(ctx: Context, before: BoardState, after: BoardState, f: Facts) -> BoardResult | None:
    """The result if this stroke ended the board, else None (the board goes on)."""
    if not after.broken or not (f.last_own or f.last_opp):
        return None
    p, o = f.side, 1 - f.side
    both, s, foul = f.last_own and f.last_opp, f.striker, f.foul
    penalty = ctx.rules.stroke_cost(s, foul)  # the due and penalty of this stroke (ICF 72 b; 001 §3.11 a)
    # the striker's coins left: on the board, sent back by this stroke (ICF 73, 77) or paying a due (ICF 72 c)
    mine = f.own_before - f.n_own + (f.n_own if (s or foul) else 0) + f.own_paid
    theirs = f.opp_before - f.n_opp + f.opp_paid
    grade = "b" if foul else "a"
    # ICF 87 b: the winner may claim the loser's dues and penalties not yet placed
    owed_by_p = penalty + before.debts[p] - f.own_paid + before.held(before.colour(p))
    owed_by_o = after.debts[o] + after.held(after.colour(o))
    penalty = owed_by_p  # in the special cases too (ICF 102 b–112 b name this stroke's; 87 b adds the rest)

    if f.covering or f.queen:  # the queen went in this stroke or the last and is not yet covered
        if both:
            if s:
                return _result(ctx, o, f"ICF 109 {grade}", say("queen, striker and both last coins"),
                               queen=ctx.special_value(o), claim=penalty)
            if foul:
                return _result(ctx, o, f"ICF {102 if f.covering else 104} b",
                               say("both last coins by a foul with the queen"), queen=ctx.special_value(o), claim=1)
            return _result(ctx, p, f"ICF {102 if f.covering else 104} a", say("both last coins with the queen"),
                           queen=ctx.special_value(p))
        if f.last_opp:
            covered = f.queen and f.n_own > 0 and not (s or foul)
            if covered:
                return _result(ctx, o, "ICF 52 a", say("the opponent's last coin went in"), coins=mine, claim=owed_by_p)
            law = f"ICF 111 {grade}" if s else f"ICF 103 {grade}" if f.covering else f"ICF 106 {grade}"
            return _result(ctx, o, law, say("the opponent's last coin before the queen was covered"),
                           coins=mine, with_queen=True, claim=penalty)
        if s or foul:
            return None  # the last coin goes back with the due or penalty (ICF 73, 77, 98, 101)
        return _result(ctx, p, "ICF 53 a", say("last coin, queen covered"), coins=theirs, with_queen=True,
                       claim=owed_by_o)
    if before.queen is QueenState.BOARD:  # the queen stays on the board
        if both:
            return _result(ctx, o, f"ICF 105 {grade}", say("both last coins with the queen on the board"),
                           queen=ctx.special_value(o), claim=penalty)
        if f.last_opp:
            return _result(ctx, o, f"ICF 111 {grade}" if s else f"ICF 106 {grade}",
                           say("the opponent's last coin with the queen on the board"),
                           coins=mine, with_queen=True, claim=penalty)
        return _result(ctx, o, f"ICF 108 {grade}" if s else f"ICF 107 {grade}",
                       say("own last coin with the queen on the board"), queen=ctx.special_value(o), claim=penalty)
    coverer = before.queen_side  # the queen was covered earlier
    if both and s:
        if coverer == p:
            return _result(ctx, o, f"ICF 110 {grade}",
                           say("both last coins with the striker, the queen covered by the striker's side"),
                           coins=1, claim=penalty)
        return _result(ctx, o, f"ICF 112 {grade}",
                       say("both last coins with the striker, the queen covered by the opponent"),
                       queen=ctx.special_value(o), claim=penalty)
    if both and foul:  # no law states it; as ICF 102 b, 104 b, 105 b (docs/texts.md §10)
        return _result(ctx, o, "ICF 105 b", say("both last coins by a foul"), queen=ctx.special_value(o), claim=1)
    if both:  # 001 §3.7 j: "the one who pocketed and covered the queen before wins the board with 3 points"
        return _result(ctx, coverer, "001 §3.7 j", say("both last coins in one stroke, the queen covered before"),
                       queen=ctx.special_value(coverer))
    if f.last_opp:
        return _result(ctx, o, "ICF 52 a", say("all the opponent's coins are down"), coins=mine,
                       with_queen=coverer == o, claim=owed_by_p)
    if s or foul:
        return None  # the last coin goes back with the due or penalty (ICF 73, 77 a)
    return _result(ctx, p, "ICF 52 a", say("all own coins down"), coins=theirs,
                   with_queen=coverer == p, claim=owed_by_o)
