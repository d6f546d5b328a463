"""What the game does once per stroke instead of twice (issue 24: the server's CPU per stroke), and that each
shortcut gives what the plain computation gives.

- The referee rules a stroke once: ``play_stroke`` rules it, and the game hands that ruling to its record
  (``Match.play``'s ``ruled``), which would otherwise ask the referee again; ``rules`` keeps nothing between calls
  (tests/rules/test_rules_no_state.py).
- The striker's legal stretches (ICF 130) are computed once per layout: the test for room to strike (ICF 142)
  and the state the server sends ask for the same ones.
"""

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from carrom.equipment import Seat as EqSeat, has_legal_position, legal_intervals
from carrom.game.game import Game, GameError
from carrom.rules import Coin, Match, Seat, Stroke, StrokeOutcome, apply
from carrom.rules import match as rules_match
from carrom.rules import Expect, Expected


def a_game() -> Game:
    return Game.new({"south": "Asha", "north": "Ravi"})


def play_some(game: Game, strokes: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(strokes):
        exp = game.expected()
        if exp is None:
            return
        kind, seat = exp.kind, exp.seat
        if kind == "stroke":
            lo, hi = rng.choice(game.legal_intervals(seat))
            game.strike(seat, rng.uniform(lo, hi), rng.uniform(-1.0, 1.0), rng.uniform(1.0, 6.5))
        elif kind == "place":
            game.waive(seat)
        elif kind == "claim":
            game.claim(seat, 0)
        else:
            return


def test_a_stroke_is_ruled_once(monkeypatch):
    """ICF 127: one stroke, one ruling; the game asked the referee twice for it (main: two rulings computed)."""
    calls = []
    plain = rules_match._stroke

    def counted(state, action, notes):
        calls.append(action)
        return plain(state, action, notes)

    monkeypatch.setattr(rules_match, "_stroke", counted)
    game = a_game()
    report = game.strike("south", 0.0, 0.0, 6.0)
    assert report.completed
    assert [type(a) for a in calls] == [Stroke]
    assert game.match.history[-1][1] is report.ruling  # the record holds the very ruling play_stroke made


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), strokes=st.integers(0, 6))
def test_the_ruling_the_record_keeps_is_the_plain_one(seed, strokes):
    """The record keeps ``play_stroke``'s ruling, and it is what the referee gives afresh on the same state (ICF 127
    a: a coin pocketed keeps the turn, or the turn passes: whatever the stroke was, the ruling is the same)."""
    game = a_game()
    play_some(game, strokes, seed)
    exp = game.expected()
    if exp is None or exp.kind != "stroke":
        return
    state, kept = game.state, len(game.match.history)
    lo, hi = game.legal_intervals(exp.seat)[0]
    report = game.strike(exp.seat, (lo + hi) / 2, 0.1, 4.0)
    if not report.completed:
        return
    asked, ruling = game.match.history[kept]
    assert asked is state and ruling is report.ruling
    fresh_state, fresh = apply(state, ruling.action)
    assert fresh == ruling
    assert fresh_state == (game.match.history[kept + 1][0] if len(game.match.history) > kept + 1 else game.state)


def test_an_answer_asked_about_another_action_or_state_is_not_taken():
    """``Match.play`` takes a caller's answer only when it was asked on this very state about this very action;
    else the referee rules afresh. ICF 48: a coin pocketed at the break keeps the turn; nothing pocketed passes it."""
    match = Match.new("icf", {Seat.SOUTH: "Asha", Seat.NORTH: "Ravi"})
    start = match.state
    pots = Stroke(Seat.SOUTH, StrokeOutcome(pocketed=(Coin.WHITE,)))
    nothing = Stroke(Seat.SOUTH, StrokeOutcome())
    assert match.play(pots, (start, *apply(start, nothing))) == apply(start, pots)[1]  # about another action
    assert match.expected() == Expected(Expect.STROKE, Seat.SOUTH)
    match.undo()
    again = Match(replace(start))  # an equal state, not the same one
    assert again.play(pots, (start, *apply(start, nothing))) == apply(start, pots)[1]
    taken = apply(start, pots)
    assert match.play(pots, (start, *taken)) is taken[1] and match.state is taken[0]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), strokes=st.integers(0, 8))
def test_the_kept_legal_stretches_are_the_plain_ones(seed, strokes):
    """ICF 130: where the striker may be put, as ``legal_intervals`` gives it on the discs now; ICF 142: the test
    for room to strike agrees with ``has_legal_position``."""
    game = a_game()
    try:
        play_some(game, strokes, seed)
    except GameError:
        return
    for seat in ("south", "north"):
        kept = game.legal_intervals(seat)
        assert kept == tuple(legal_intervals(EqSeat(seat), game.layout))
        assert game.legal_intervals(seat) is kept  # kept while the discs stay
        assert (bool(kept) or has_legal_position(EqSeat(seat), game.layout)) == has_legal_position(EqSeat(seat),
                                                                                                  game.layout)
