"""Every malformed action is refused before the laws are consulted, with a sentence naming the field that is
wrong, and the match is left exactly as it was (the project's rule for bad input; the illegal ones are in
test_rules_errors.py)."""

import pytest

from carrom.rules import (
    Coin, Concede, Declare, Forfeit, MalformedAction, Place, Stroke, StrokeOutcome, Timeout, apply,
)

from rules_helpers import S, new

MALFORMED = [
    ("not an action", "hello", "is not an action the referee knows"),
    ("a seat by a wrong name", Concede("up", "board"), "seat: 'up' is not a Seat"),
    ("an offender that is no seat", Forfeit(S, offender="nobody"), "offender: 'nobody' is not a Seat"),
    ("a stroke without its outcome", Stroke(S, None), "a stroke needs its outcome"),
    ("a pocketed piece that is no coin", Stroke(S, StrokeOutcome(pocketed=("white",))), "pocketed and off_board"),
    ("touched given as a word", Stroke(S, StrokeOutcome(touched="yes")), "striker_pocketed and touched"),
    ("fouls not codes", Stroke(S, StrokeOutcome(), ("foul",)), "fouls are a tuple of Foul codes"),
    ("the queen placed as a due", Place(S, Coin.QUEEN), "a due or penalty coin is white or black"),
    ("waive given as a word", Place(S, waive="yes"), "waive is true or false"),
    ("a declaration without words", Declare(S, 3), "what: expected words"),
    ("the bell's board_begun as a word", Timeout(S, board_begun="maybe"), "board_begun: true, false or unknown"),
]


@pytest.mark.parametrize("case", MALFORMED, ids=[c[0] for c in MALFORMED])
def test_a_malformed_action_is_refused_with_its_field_and_changes_nothing(case):
    _, action, words = case
    m = new()
    before = m.state
    with pytest.raises(MalformedAction, match=words.replace("(", r"\(")):
        apply(m.state, action)
    with pytest.raises(MalformedAction):
        m.play(action)
    assert m.state is before and len(m.history) == 0
