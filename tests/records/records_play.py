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


def strokes_to_board_end(scorer: Scorer, strike, limit=200) -> None:
    """Place every coin owed and ask ``strike(snap, side)`` for every stroke until the current board ends."""
    h = scorer.header
    start = (scorer.snapshot().game, scorer.snapshot().board)
    for _ in range(limit):
        snap = scorer.snapshot()
        if snap.over or (snap.game, snap.board) != start:
            return
        if snap.to_act == "place":
            scorer.play(PlaceEntry(snap.seat))
            continue
        scorer.play(strike(snap, 0 if snap.seat in h.sides()[0] else 1))
    raise AssertionError("the board did not end")


def play_board(scorer: Scorer, winner_side: int, *, queen=True, due=False, limit=200) -> None:
    """Play the current board to its end so that side ``winner_side`` (0: first breaker's) wins it."""
    did_due = False

    def strike(snap, side):
        nonlocal did_due
        seat = snap.seat
        if side != winner_side:
            return stroke(seat)  # a miss: the turn passes (ICF 48)
        own = snap.colours[seat]
        left = snap.on_board[own]
        if snap.queen_state == "pending":
            return stroke(seat, own)  # the cover (ICF 15)
        if queen and snap.queen_state == "board" and left < 9 and left > 1:
            return stroke(seat, "queen")  # ICF 92: only after an own coin
        if due and not did_due and left < 9 and left > 1:
            did_due = True
            return stroke(seat, own, striker=True)  # ICF 73
        return stroke(seat, own)

    strokes_to_board_end(scorer, strike, limit)


def play_match(h: Header, winners, **kw) -> Record:
    """Boards won in turn by the sides in ``winners`` (cycled) until the referee ends the match."""
    scorer = Scorer.new(h)
    i = 0
    while not scorer.snapshot().over:
        play_board(scorer, winners[i % len(winners)], **kw)
        i += 1
        assert i < 40, "the match did not end"
    return scorer.record


def play_board_by(scorer: Scorer, winner_side: int, margin: int) -> None:
    """Play the current board to its end so that side ``winner_side`` wins it by ``margin`` points (1 to 7): the
    losers pocket a coin, then the queen, and cover it with all but ``margin`` of their coins (ICF 92, 15); the
    winners, missing until then, pocket all theirs (ICF 52 a, 53 a: the losers' coins left are the points)."""
    assert 1 <= margin <= 7

    def strike(snap, side):
        seat = snap.seat
        own = snap.colours[seat]
        left = snap.on_board[own]
        if side == winner_side:
            return stroke(seat, *[own] * left) if snap.queen_state == "covered" else stroke(seat)
        if snap.queen_state == "board":
            return stroke(seat, own) if left == 9 else stroke(seat, "queen")
        if snap.queen_state == "pending":
            return stroke(seat, *[own] * (left - margin))  # the cover
        return stroke(seat)

    strokes_to_board_end(scorer, strike)


def long_game_match(boards: int, stage: str = "quarter-final") -> Record:
    """A singles match whose first game the first breaker's side wins on its board ``boards``, the boards before
    shared between the sides with neither reaching 25 (no board limit from the quarter-finals, ICF 56 b); the
    second game it wins in four boards by 7 (ICF 56, 57)."""
    from dataclasses import replace

    scorer = Scorer.new(replace(header(), stage=stage))
    margin = min(7, 24 // -(-(boards - 1) // 2))  # the side winning every other board stays under 25
    for n in range(1, boards):
        play_board_by(scorer, (n - 1) % 2, margin)
    play_board_by(scorer, 0, 7)
    assert scorer.snapshot().game == 1, "the first game ended on its last board"
    while not scorer.snapshot().over:
        play_board_by(scorer, 0, 7)
    return scorer.record
