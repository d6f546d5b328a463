"""Shared helpers for the referee's law tests (tests/rules/).

Strokes are written as letters, in the order the pieces went in: ``w`` a white, ``b`` a
black, ``q`` the queen, ``s`` the striker; ``f`` in the letters calls a foul. Positions are
reached only by playing real strokes through the referee, never by editing the board.
"""

from __future__ import annotations

from carrom.rules import (
    Coin, Concede, Declare, Forfeit, Foul, Match, Place, RulesError, Seat, Stroke, StrokeOutcome, Timeout,
)

S, E, N, W = Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST
WHITE, BLACK, QUEEN = Coin.WHITE, Coin.BLACK, Coin.QUEEN
LETTER = {"w": WHITE, "b": BLACK, "q": QUEEN}
NAMES = {S: "Asha", E: "Bilal", N: "Ravi", W: "Dana"}

__all__ = [
    "S", "E", "N", "W", "WHITE", "BLACK", "QUEEN", "Coin", "Concede", "Declare", "Forfeit", "Foul", "Match",
    "Place", "RulesError", "Seat", "Stroke", "StrokeOutcome", "Timeout",
    "new", "stroke", "play", "laws", "place_all", "position", "slam", "lose_own_last",
    "win_board", "side_of", "miss", "refused",
]


def new(rules="icf", doubles=False, first=S, toss=None, points=None) -> Match:
    """A match before its first break; ``points``: taken over at that game score (ICF 54, the 22-point rule)."""
    seats = (S, E, N, W) if doubles else (S, N)
    players = {s: NAMES[s] for s in seats}
    if points is not None:
        return Match.from_score(rules, players, first, breaker=first, points=points, boards_done=int(any(points)))
    return Match.new(rules, players, first_breaker=first, toss=toss)


def stroke(seat: Seat, letters: str = "", *, off: str = "", touched: bool = True, fouls=()) -> Stroke:
    """A stroke from letters: ``stroke(S, "wws")`` two whites and the striker; ``"bf"`` a black with a foul."""
    pocketed = tuple(LETTER[c] for c in letters if c in LETTER)
    calls = tuple(fouls) + ((Foul.FOUL,) if "f" in letters else ())
    outcome = StrokeOutcome(pocketed=pocketed, striker_pocketed="s" in letters,
                            off_board=tuple(LETTER[c] for c in off), touched=touched)
    return Stroke(seat, outcome, calls)


def play(m: Match, seat: Seat, letters: str = "", **kw):
    return m.play(stroke(seat, letters, **kw))


def miss(m: Match, seat: Seat | None = None, *, touched: bool = True):
    """A stroke that pockets nothing (touching a piece unless told otherwise)."""
    return m.play(stroke(seat or m.state.board.turn, "", touched=touched))


def laws(ruling) -> tuple[str, ...]:
    return tuple(d.law for d in ruling.decisions)


def place_all(m: Match) -> list:
    """Every coin ready to be placed, placed by the seat the referee names (ICF 78)."""
    rulings = []
    for _ in range(40):
        exp = m.expected()
        if exp is None or exp.kind != "place":
            return rulings
        rulings.append(m.play(Place(exp.seat)))
    raise AssertionError("placing never finished")


def side_of(m: Match, seat: Seat) -> int:
    return m.state.table.side(seat)


def position(m: Match, white: int = 9, black: int = 9, *, queen=None, turn: Seat | None = None) -> Match:
    """Bring a fresh board to ``white``/``black`` coins on the board by real strokes.

    Whoever is in turn pockets the coins still to go of their own colour in one stroke
    (ICF 48: they play on), then plays a touching stroke that pockets nothing (the turn
    passes). ``queen=side`` has that side pocket and cover the queen with its own coins
    (ICF 92, 97 a); it needs at least two of that side's coins pocketed. Ends with ``turn``
    in turn, no coin owed.
    """
    assert 1 <= white <= 9 and 1 <= black <= 9
    need = {WHITE: 9 - white, BLACK: 9 - black}
    queen_colour = None if queen is None else m.state.board.colour(queen)
    if queen_colour is not None:
        assert need[queen_colour] >= 2, "covering the queen by real strokes needs two own coins pocketed"
    for _ in range(12):
        if not need[WHITE] and not need[BLACK]:
            break
        seat = m.state.board.turn
        own = m.state.colour_of(seat)
        if need[own]:
            letter = own.value[0]
            if own is queen_colour:
                play(m, seat, letter * (need[own] - 1))  # an own coin first (ICF 92)
                play(m, seat, "q" + letter)  # queen with an own coin: covered (ICF 97 a)
            else:
                play(m, seat, letter * need[own])
            need[own] = 0
        miss(m, seat)
    if turn is not None:
        for _ in range(4):
            if m.state.board.turn is turn:
                break
            miss(m)
    b = m.state.board
    assert (b.white, b.black) == (white, black) and not b.owed and b.debts == (0, 0)
    assert b.queen == ("board" if queen is None else "covered")
    assert turn is None or b.turn is turn
    return m


def slam(m: Match, side: int):
    """The board won by ``side`` in one stroke, 9 coins and the queen covered: 12 points (ICF 53, 97)."""
    b = m.state.board
    seat = b.turn
    if side_of(m, seat) != side:
        miss(m, seat)
        seat = m.state.board.turn
    letter = m.state.colour_of(seat).value[0]
    return play(m, seat, "q" + letter * 9)


def lose_own_last(m: Match, loser: int):
    """``loser`` pockets all nine own coins with the queen on the board: the other side wins 3 (ICF 107 a)."""
    seat = m.state.board.turn
    if side_of(m, seat) != loser:
        miss(m, seat)
        seat = m.state.board.turn
    letter = m.state.colour_of(seat).value[0]
    return play(m, seat, letter * 9)


def win_board(m: Match, side: int, small: bool = False):
    return lose_own_last(m, 1 - side) if small else slam(m, side)


def refused(m: Match, action, match: str | None = None) -> RulesError:
    """The action is refused with a RulesError and the state is exactly as it was."""
    import pytest

    before = m.state
    n = len(m.history)
    with pytest.raises(RulesError, match=match) as info:
        m.play(action)
    assert m.state == before and m.state is before
    assert len(m.history) == n
    assert str(info.value).strip()
    return info.value
