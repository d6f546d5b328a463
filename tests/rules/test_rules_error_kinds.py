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
