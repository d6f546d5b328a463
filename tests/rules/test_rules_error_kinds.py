"""Errors say what kind they are: an action that is not one (malformed) apart from one the laws refuse now
(illegal), the refused one carrying its law as data."""

import pytest

from carrom.rules import MalformedAction, RulesError, apply

from rules_helpers import N, S, new, stroke


def test_a_malformed_action_is_told_from_an_illegal_one():
    """ICF 49 b: the turn passes to the right, so North may not strike while South is in turn: illegal, and the
    refusal names its law; a stroke for a seat that is no seat is malformed, and no law is involved."""
    m = new()
    with pytest.raises(RulesError) as illegal:
        apply(m.state, stroke(N, "w"))
    assert not isinstance(illegal.value, MalformedAction) and illegal.value.law is not None
    assert illegal.value.law in str(illegal.value)
    with pytest.raises(MalformedAction) as malformed:
        apply(m.state, stroke(S, "w").__class__("up", stroke(S, "w").outcome))
    assert malformed.value.law is None and isinstance(malformed.value, RulesError)


def test_each_refusal_has_its_kind_as_data():
    """ICF 48-49: the players strike in turn (a stroke by North while South is in turn is out of turn, named by
    ICF 48); ICF 78 a: the coins owed are placed before the next stroke (a stroke then is out of turn too); ICF 87 a:
    a placing is waived in full or not at all (illegal); once the match is over (ICF 139, a concession) nothing more
    is played; and a seat that is no seat is malformed. The kind is ``error.kind``, a ``Refusal``."""
    from carrom.rules import Concede, OutOfTurn, Over, Place, Refusal

    m = new()
    with pytest.raises(OutOfTurn) as early:
        apply(m.state, stroke(N, "w"))
    assert early.value.kind is Refusal.OUT_OF_TURN and early.value.law == "ICF 48"
    m.play(stroke(S, "w"))
    m.play(stroke(S, "ws"))  # a due, and the white of that stroke back: North places both (ICF 78 a)
    with pytest.raises(OutOfTurn) as owed:
        apply(m.state, stroke(S, "w"))
    assert owed.value.kind is Refusal.OUT_OF_TURN and owed.value.law == "ICF 78 a"
    placer = m.state.expected().seat
    m.play(Place(placer))
    with pytest.raises(RulesError) as partial:
        apply(m.state, Place(placer, waive=True))
    assert partial.value.kind is Refusal.ILLEGAL and partial.value.law == "ICF 87 a"
    m.play(Concede(placer, "match"))
    with pytest.raises(Over) as over:
        apply(m.state, stroke(S, "w"))
    assert over.value.kind is Refusal.OVER
    with pytest.raises(MalformedAction) as malformed:
        apply(new().state, stroke(S, "w").__class__("up", stroke(S, "w").outcome))
    assert malformed.value.kind is Refusal.MALFORMED
