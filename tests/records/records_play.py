"""Helpers that play whole boards, games and matches through the real referee.

Each board is scripted so one chosen side wins it: the other side misses, the winner
pockets its own coins (a white or black each stroke, ICF 48), pockets and covers the
queen (ICF 92, 15) when asked, and can add a due (ICF 73: own coin with the striker),
which the opponent then places (ICF 78 a). Used by the record, replay, scorecard and CLI
tests, so every one of them runs on real rulings.
"""

from __future__ import annotations

from carrom.records import Header, Player, Record, StrokeEntry, Toss
from carrom.records.entries import Outcome, PlaceEntry
from carrom.records.scorer import Scorer

NAMES = {"south": "Asha", "east": "Bilal", "north": "Ravi", "west": "Dana"}


def header(variant="icf", kind="singles", first="south") -> Header:
    seats = ("south", "north") if kind == "singles" else ("south", "east", "north", "west")
    return Header(
        variant=variant, kind=kind, players={s: Player(NAMES[s], "Club " + s) for s in seats},
        first_breaker=first, toss=Toss(first, "break"),
    )


def stroke(seat, *pocketed, striker=False, off=()):
    return StrokeEntry(seat, outcome=Outcome(tuple(pocketed), striker, tuple(off)))


def play_board(scorer: Scorer, winner_side: int, *, queen=True, due=False, limit=200) -> None:
    """Play the current board to its end so that side ``winner_side`` (0: first breaker's) wins it."""
    h = scorer.header
    start = (scorer.snapshot().game, scorer.snapshot().board)
    did_due = False
    for _ in range(limit):
        snap = scorer.snapshot()
        if snap.over or (snap.game, snap.board) != start:
            return
        seat = snap.seat
        if snap.to_act == "place":
            scorer.play(PlaceEntry(seat))
            continue
        side = 0 if seat in h.sides()[0] else 1
        if side != winner_side:
            scorer.play(stroke(seat))  # a miss: the turn passes (ICF 48)
            continue
        own = snap.colours[seat]
        left = snap.on_board[own]
        if snap.queen_state == "pending":
            scorer.play(stroke(seat, own))  # the cover (ICF 15)
        elif queen and snap.queen_state == "board" and left < 9 and left > 1:
            scorer.play(stroke(seat, "queen"))  # ICF 92: only after an own coin
        elif due and not did_due and left < 9 and left > 1:
            did_due = True
            scorer.play(stroke(seat, own, striker=True))  # ICF 73
        else:
            scorer.play(stroke(seat, own))
    raise AssertionError("the board did not end")


def play_match(h: Header, winners, **kw) -> Record:
    """Boards won in turn by the sides in ``winners`` (cycled) until the referee ends the match."""
    scorer = Scorer.new(h)
    i = 0
    while not scorer.snapshot().over:
        play_board(scorer, winners[i % len(winners)], **kw)
        i += 1
        assert i < 40, "the match did not end"
    return scorer.record
