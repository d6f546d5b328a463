"""The words of the rulings: a side and its verb agree, each law is cited once, one piece is one piece.

Laws: ICF 53 a (a board won), 139 (conceding), 65 b–d (pieces off the board), 49 a (the next break).
"""

import re

import pytest

from carrom.rules import Decision
from rules_helpers import N, S, Concede, miss, new, play, position, slam

DOUBLED = re.compile(r"\((?:ICF|00)[^()]*\)\s*\((?:ICF|00)[^()]*\)")


@pytest.mark.parametrize("doubles, words, wrong", [
    (False, "South wins the board", "South win "),
    (True, "South & North win the board", "North wins"),
], ids=["ICF 53 a singles wins", "ICF 53 a doubles win"])
def test_a_side_and_its_verb_agree(doubles, words, wrong):
    r = slam(new(doubles=doubles), 0)
    assert words in r.summary() and wrong not in r.summary(), r.summary()


def test_conceding_reads_in_the_singular():
    """ICF 139."""
    m = new()
    assert "South concedes the board" in m.play(Concede(S, "board")).summary()
    r = m.play(Concede(S, "match"))
    assert "South concedes the match" in r.summary() and "North wins" in r.summary()


def test_no_citation_is_doubled():
    """ICF 65 b–d and 49 a: each law once, joined when the words already cite one."""
    m = position(new(), 7, 7, turn=S)
    r = play(m, S, "", off="w")
    assert not DOUBLED.search(r.summary()), r.summary()
    r = slam(new(), 0)
    assert not DOUBLED.search(r.summary()), r.summary()
    assert str(Decision("ICF 65", "back on the centre (ICF 65 b–d)")) == "back on the centre (ICF 65 b–d)"
    assert str(Decision("ICF 30", "leaning on the stand (ICF 38)")) == "leaning on the stand (ICF 38, 30)"  # one cite (decision.cite)


@pytest.mark.parametrize("off, words", [("w", "returns it to the centre circle,"),
                                        ("wb", "in that order, each touching the first")],
                         ids=["ICF 65 b one piece", "ICF 65 c two pieces"])
def test_pieces_off_the_board(off, words):
    m = position(new(), 7, 7, turn=S)
    r = play(m, S, "", off=off)
    assert words in r.summary()
    if len(off) == 1:
        assert "each touching" not in r.summary()
    miss(m, N)
