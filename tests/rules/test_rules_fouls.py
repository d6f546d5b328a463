"""Every foul the umpire can call costs the same: a penalty coin and the turn (ICF 62, 64 a).

Each code names the law that defines the breach, and the ruling cites it:
ICF 30, 32, 37, 38 (posture), ICF 33 (push), ICF 47 (break before "play"),
ICF 50 and 88 (time), ICF 85 (placing), ICF 114 (queen pushed with a due coin),
ICF 122 (powder), ICF 126 a (the board disturbed), ICF 130 (striker placement),
ICF 131 (partners talking), ICF 134 (a piece touched by hand).
"""

import pytest

from carrom.rules import Coin, Declare, Foul, Match, Place, RulesError, Seat, Stroke, StrokeOutcome
from carrom.rules import Expect, Expected

S, N = Seat.SOUTH, Seat.NORTH


def broken_with_whites_down(n: int = 2) -> Match:
    """South has broken and pocketed ``n`` whites (ICF 44, 48); South is still in turn."""
    m = Match.new("icf", {S: "Asha", N: "Ravi"}, first_breaker=S)
    m.play(Stroke(S, StrokeOutcome((Coin.WHITE,) * n)))
    return m


@pytest.mark.parametrize("foul", list(Foul), ids=[f.value for f in Foul])
def test_each_foul_costs_a_penalty_and_the_turn_and_cites_its_law(foul):
    """ICF 64 a: "the opponent places a carromman of the offending player ... and the offender loses the turn"."""
    m = broken_with_whites_down()
    ruling = m.play(Stroke(S, StrokeOutcome(()), (foul,)))
    assert foul.law in ruling.laws, ruling.summary()
    assert "ICF 64 a" in ruling.laws
    assert m.expected() == Expected(Expect.PLACE, N)  # the opponent places the penalty white (ICF 64 a, 78 a)
    assert m.state.board.owed[0].coin is Coin.WHITE
    m.play(Place(N))
    assert m.state.board.white == 7 + 1
    assert m.expected() == Expected(Expect.STROKE, N)  # the turn is lost


@pytest.mark.parametrize("law, foul", [
    ("ICF 30", Foul.POSTURE), ("ICF 33", Foul.PUSH), ("ICF 47", Foul.EARLY), ("ICF 88 b", Foul.TIME),
    ("ICF 85", Foul.PLACING), ("ICF 114", Foul.QUEEN_PUSH), ("ICF 122 b", Foul.POWDER), ("ICF 126 a", Foul.BOARD),
    ("ICF 130", Foul.BASELINE), ("ICF 131", Foul.TALK), ("ICF 134", Foul.TOUCH),
])
def test_the_foul_codes_name_the_laws_that_define_them(law, foul):
    assert foul.law == law


def test_posture_covers_the_body_laws():
    """ICF 30 (body touching the board), ICF 32 and ICF 37 (beyond the imaginary lines), ICF 38 (leaning) are one call."""
    words = Foul.POSTURE.words
    assert "ICF 32" in words and "ICF 37" in words


def test_several_fouls_in_one_stroke_cost_one_penalty():
    """ICF 64 a: a foul costs one carromman; two breaches in one stroke are still one foul stroke."""
    m = broken_with_whites_down()
    m.play(Stroke(S, StrokeOutcome(()), (Foul.PUSH, Foul.BASELINE)))
    assert len(m.state.board.owed) == 1


def test_a_foul_with_own_coins_pocketed_returns_them_and_a_penalty():
    """ICF 64 b: "all these carrommen and/or the queen are returned ... plus a penalty carromman"."""
    m = broken_with_whites_down()
    m.play(Stroke(S, StrokeOutcome((Coin.WHITE,)), (Foul.TOUCH,)))
    assert [o.coin for o in m.state.board.owed] == [Coin.WHITE, Coin.WHITE]
    assert m.state.board.white == 6


def test_technical_foul_before_the_first_stroke_keeps_the_turn():
    """ICF 63 a: a breach before the first stroke of a turn: a penalty coin, "this player does not lose the turn"."""
    m = broken_with_whites_down()
    m.play(Stroke(S, StrokeOutcome(())))  # the turn passes to North
    m.play(Stroke(N, StrokeOutcome((Coin.BLACK,))))  # North pockets a black and plays on
    m.play(Stroke(N, StrokeOutcome(())))  # back to South, who has not struck yet this turn
    ruling = m.play(Declare(S, "technical"))
    assert "ICF 63 a" in ruling.laws
    assert m.expected() == Expected(Expect.PLACE, N)
    m.play(Place(N))
    assert m.expected() == Expected(Expect.STROKE, S)


def test_technical_foul_by_a_player_not_in_turn():
    """ICF 63 b: a breach by a player not in turn is a technical foul, penalised as ICF 63 a."""
    m = broken_with_whites_down()
    m.play(Stroke(S, StrokeOutcome(())))
    m.play(Stroke(N, StrokeOutcome((Coin.BLACK,))))
    ruling = m.play(Declare(S, "technical"))
    assert "ICF 63 b" in ruling.laws
    assert m.expected() == Expected(Expect.PLACE, N)


def test_after_the_first_stroke_a_breach_is_a_foul_not_a_technical_foul():
    """ICF 63 a / 64 a: the technical foul is only before the first stroke of the turn."""
    m = broken_with_whites_down()
    before = m.state
    with pytest.raises(RulesError, match="ICF 64 a"):
        m.play(Declare(S, "technical"))
    assert m.state == before


def test_stroke_clock_is_an_option_of_the_rules():
    """ICF 50: no more than 15 seconds for a stroke; the game may enforce it, an umpire calls f:time."""
    from carrom.rules import RULESETS, RuleSet
    from dataclasses import replace

    assert RULESETS["icf"].stroke_clock is None
    clocked = replace(RULESETS["icf"], stroke_clock=15.0)
    assert isinstance(clocked, RuleSet) and clocked.stroke_clock == 15.0
    assert Foul.TIME.law == "ICF 88 b" and "ICF 50" in Foul.TIME.words
