"""The clock of the laws: 15 seconds for the break (ICF 46), each stroke (ICF 50) and each placing
(ICF 87 a, 88), and what the referee rules when one runs out (docs/texts.md §12).

South plays white (side 0), North black (side 1); positions are reached by real strokes.
"""

import pytest

from rules_helpers import (
    N, S, Concede, Place, RulesError, Timeout, laws, miss, new, place_all, play, position, refused, slam,
)
from carrom.rules import OutOfTime, action_from_dict, action_to_dict, running
from carrom.rules import Expect, Expected


def at_break(m):
    return m


def first_of_turn(m):
    return position(m, 6, 8, turn=S)


def later_in_turn(m):
    position(m, 6, 8, turn=S)
    play(m, S, "w")  # an own coin: South plays on (ICF 48)
    return m


def after_an_attempt(m):
    miss(m, S, touched=False)  # the break's first attempt touched nothing (ICF 45 a)
    return m


def owed_to_north(m):
    position(m, 6, 8, turn=S)
    play(m, S, "sf")  # the striker with a foul: a due and a penalty, for North to place (ICF 72 b)
    return m


def one_placed(m):
    owed_to_north(m)
    m.play(Place(N))
    return m


# id (the laws ruled), rules, the position, what timed out and whose, then: what the laws wait for,
# the coins owed (placer, colour), South's and North's outstanding dues, whites on the board
CLOCKS = [
    ("ICF 46 ICF 63 a the break not made within 15 s of Play: a penalty, none in the nets yet", "icf",
     at_break, ("break", S), ("stroke", S), (), (1, 0), 9),
    ("ICF 50 ICF 63 a a slow first stroke of the turn: technical foul, the turn kept", "icf",
     first_of_turn, ("stroke", S), ("place", N), ((N, "white"),), (0, 0), 6),
    ("ICF 50 ICF 64 a a slow stroke later in the turn: a foul, the turn lost", "icf",
     later_in_turn, ("stroke", S), ("place", N), ((N, "white"),), (0, 0), 5),
    ("ICF 50 ICF 45 c slow after a break attempt: the break passes, no penalty", "icf",
     after_an_attempt, ("stroke", S), ("stroke", N), (), (0, 0), 9),
    ("ICF 87 a ICF 88 b the coins not placed in time stay in the nets; the placer is penalised", "icf",
     owed_to_north, ("place", N), ("place", S), ((S, "black"),), (0, 0), 6),
    ("ICF 87 a ICF 88 b one coin placed, the other lapses", "icf",
     one_placed, ("place", N), ("place", S), ((S, "black"),), (0, 0), 7),
    # 001 §3.6 b: the same 15 s, no sanction of its own: the ICF sanction, cited from 001 §4.1 where it has it; the
    # break's 15 s too ("15 secondes, ceci une fois que l'arbitre a donné le signal d'ouverture « Play »")
    ("001 §3.6 b 001 §4.1.1 fr-official: the break out of time as ICF", "fr-official",
     at_break, ("break", S), ("stroke", S), (), (1, 0), 9),
    ("001 §3.6 b 001 §4.1.2 fr-official: a slow stroke later in the turn as ICF", "fr-official",
     later_in_turn, ("stroke", S), ("place", N), ((N, "white"),), (0, 0), 5),
    # 004 law 30: after 15 seconds without a stroke "igralec izgubi potezo": the turn is lost, no coin
    ("004 law 30 timed: a slow first stroke of the turn loses the turn, no coin", "timed",
     first_of_turn, ("stroke", S), ("stroke", N), (), (0, 0), 6),
    ("004 law 30 timed: a slow stroke later in the turn loses the turn, no coin", "timed",
     later_in_turn, ("stroke", S), ("stroke", N), (), (0, 0), 5),
    ("ICF 87 a ICF 88 b timed: a placing out of time as ICF (004 law 74: 15 s)", "timed",
     owed_to_north, ("place", N), ("place", S), ((S, "black"),), (0, 0), 6),
    ("ICF 46 ICF 63 a fr-simplified: the break out of time as ICF", "fr-simplified",
     at_break, ("break", S), ("stroke", S), (), (1, 0), 9),
]


def _laws_of(case_id: str) -> list[str]:
    """The laws a case's id starts with: "ICF 50 a", "001 §4.1.1", "004 law 30"."""
    words = case_id.split()
    out, i = [], 0
    while i < len(words) and words[i] in ("ICF", "001", "004"):
        j = i + (3 if words[i] == "004" else 2)
        if words[i] != "004" and j < len(words) and len(words[j]) == 1:
            j += 1
        out.append(" ".join(words[i:j]))
        i = j
    return out


@pytest.mark.parametrize("case", CLOCKS, ids=[c[0] for c in CLOCKS])
def test_a_clock_run_out(case):
    case_id, rules, setup, (what, seat), expected, owed, debts, white = case
    m = setup(new(rules))
    clock = running(m.state)
    assert (clock.what, clock.seat) == (what, seat)
    r = m.play(OutOfTime(seat, what))
    for law in _laws_of(case_id):
        assert law in laws(r), (law, r.decisions)
    assert (m.expected().kind, m.expected().seat) == expected
    assert tuple((o.placer, o.coin.value) for o in m.state.board.owed) == owed
    assert m.state.board.debts == debts
    assert m.state.board.white == white


def test_the_turn_is_kept_after_a_technical_foul_and_lost_after_a_foul():
    m = first_of_turn(new())
    m.play(OutOfTime(S, "stroke"))
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, S)  # ICF 63 a
    m = later_in_turn(new())
    m.play(OutOfTime(S, "stroke"))
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, N)  # ICF 64 a


def test_every_clock_is_15_seconds_and_names_its_law():
    assert running(new().state).law == "ICF 46"
    assert running(first_of_turn(new()).state).law == "ICF 50"
    assert running(owed_to_north(new()).state).law == "ICF 88 a"
    from carrom.rules.clock import SECONDS
    assert SECONDS == 15.0


# what is refused, and why: the state is left as it was
REFUSED = [
    ("not the seat timed", at_break, OutOfTime(N, "break"), "the clock runs for"),
    ("not what is timed", at_break, OutOfTime(S, "stroke"), "to break, not"),
    ("not a clock", at_break, OutOfTime(S, "nap"), "break, stroke, place"),
    ("the placer, not the striker", owed_to_north, OutOfTime(S, "stroke"), "North to place"),
]


@pytest.mark.parametrize("case", REFUSED, ids=[c[0] for c in REFUSED])
def test_refused(case):
    _, setup, action, words = case
    m = setup(new())
    before = m.state
    with pytest.raises(RulesError, match=words):
        m.play(action)
    assert m.state == before


def test_no_clock_runs_once_the_match_is_over():
    m = new()
    m.play(Concede(S, "match"))
    assert running(m.state) is None
    refused(m, OutOfTime(N, "break"), "the match is over")


def test_no_clock_runs_for_the_toss_of_a_tie_break_board():
    """Level when the bell rang (004 law 41): the toss for the tie-break board is not timed (ICF 56 b)."""
    m = new("timed")
    slam(m, 0)
    m.play(Timeout(S, board_begun=True))
    slam(m, 1)
    assert m.state.awaiting_toss
    assert running(m.state) is None
    refused(m, OutOfTime(S, "break"), "toss")


def test_the_action_round_trips():
    action = OutOfTime(N, "place")
    data = action_to_dict(action)
    assert data == {"type": "clock", "seat": "north", "what": "place"}
    assert action_from_dict(data) == action


def test_a_player_away_from_the_board_loses_the_match():
    """ICF 143 a: leaving the board without the umpire's leave loses the whole match (what the server declares
    once an absent player's grace has run out)."""
    from rules_helpers import Declare

    m = first_of_turn(new())
    r = m.play(Declare(S, "absent"))
    assert laws(r) == ("ICF 143 a",)
    assert m.state.over and m.state.winner == 1
    assert r.ended[0].kind.value == "match" and r.ended[0].winner == 1
    ended = r.ended[0]
    assert (ended.game, ended.seats, ended.points, ended.score) == (1, (N,), 0, (0, 0))  # game 1, no point, no game
    assert running(m.state) is None


def test_a_placing_out_of_time_also_ends_the_claim_to_the_dues_still_waiting():
    """ICF 87 a: a placer who neither places nor waives within 15 seconds loses the right to place; ICF 80: losing
    that right ends the claim; ICF 88 b: and the placer is penalised. South owes two whites (the striker with a
    foul, ICF 72 b) with only one in the nets: one is placed by North, the other waits (ICF 72 c). North's time
    runs out: the waiting one is cancelled with the right to place, not kept for later."""
    m = position(new(), 8, 8, turn=S)
    play(m, S, "sf")
    b = m.state.board
    assert [(o.placer, o.coin.value) for o in b.owed] == [(N, "white")] and b.debts == (1, 0)
    r = m.play(OutOfTime(N, "place"))
    assert "ICF 87 a" in laws(r) and "ICF 88 b" in laws(r)
    b = m.state.board
    assert b.debts == (0, 0), "the claim ends with the right to place"
    assert b.white == 8 and [(o.placer, o.coin.value) for o in b.owed] == [(S, "black")]  # North's penalty


def test_after_a_slow_stroke_loses_the_turn_the_next_player_starts_a_fresh_turn():
    """ICF 64 a: a foul later in the turn (here a stroke out of time, ICF 50) loses the turn; the next player's turn
    starts afresh, so that player's own first stroke out of time is a technical foul that keeps the turn (ICF 63 a),
    not a foul that loses it."""
    m = later_in_turn(new())
    m.play(OutOfTime(S, "stroke"))
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, N) and m.state.board.turn_strokes == 0
    r = m.play(OutOfTime(N, "stroke"))
    assert "ICF 63 a" in laws(r) and "ICF 64 a" not in laws(r)
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, N)
