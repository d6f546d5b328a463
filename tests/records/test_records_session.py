"""The umpire's session without a terminal: what another front end (the tablet page) relies on."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from records_play import header  # noqa: E402

from carrom.records import RecordError, load_record  # noqa: E402
from carrom.records.session import Session, SessionError  # noqa: E402


def session(tmp_path):
    return Session.start(header(), tmp_path / "m.json", clock=lambda: "2026-11-22T14:00:00+00:00")


def test_a_new_path_is_checked_before_anything(tmp_path):
    with pytest.raises(RecordError, match="no folder"):
        Session.check_new_path(tmp_path / "no" / "m.json")
    with pytest.raises(RecordError, match="is a directory"):
        Session.check_new_path(tmp_path)
    (tmp_path / "m.json").write_text("{}")
    with pytest.raises(RecordError, match="already exists"):
        Session.check_new_path(tmp_path / "m.json")
    assert Session.check_new_path(tmp_path / "n.json") == tmp_path / "n.json"
    assert not (tmp_path / "n.json").exists()


def test_forfeits_and_concessions_need_a_question_first(tmp_path):
    s = session(tmp_path)
    assert s.confirm_question("w") is None and s.confirm_question("wz") is None
    assert s.confirm_question("forfeit ICF 91") == "South (Asha) forfeits the board (ICF 91): enter it?"
    assert s.confirm_question("concede game") == "Asha concedes the game: enter it?"
    # a declaration that ends the board or the match asks too, with its law (issue 42 item 7)
    assert s.confirm_question("declare absent") == "South (Asha) left the board: Asha loses the match (ICF 143 a): enter it?"
    assert s.confirm_question("declare late north") == ("North (Ravi) arrived late: Ravi loses the game 25–0 "
                                                        "(004 law 18): enter it?")
    assert s.confirm_question("declare replay") == ("The board is annulled and played again from the break (ICF 140): "
                                                    "enter it?")
    assert s.confirm_question("declare no-room") == ("The board is annulled and played again from the break "
                                                     "(ICF 142): enter it?")
    assert s.confirm_question("declare technical") is None and s.confirm_question("declare extra 3") is None
    assert s.record.entries == []  # asking enters nothing


def test_undo_says_what_it_took_back(tmp_path):
    s = session(tmp_path)
    s.enter("ws")
    reply = s.enter("undo")
    assert reply.undone and reply.message == "undone: South (Asha) strikes: ws"
    assert load_record(s.path).entries == []


def test_a_comment_the_loader_would_refuse_is_not_added(tmp_path):
    """The record's comments hold at most 10,000 characters: a longer one is refused, nothing changes."""
    s = session(tmp_path)
    s.enter("comment " + "c" * 9_990)
    before = s.path.read_text()
    with pytest.raises(SessionError, match="comment not added: longer than 10000 characters"):
        s.enter("comment more words")
    assert s.path.read_text() == before and len(s.record.header.comments) == 9_990


def test_an_open_claim_does_not_block_the_next_break_by_the_other_side(tmp_path):
    """ICF 87 b: the winner *may* claim extra points ("si así lo solicita"); the next action closes the claim. South
    wins board 1 (North pocketed South's last white with the striker, a due claimable); board 2 is North's break
    (ICF 43): North's stroke is entered as North's, not refused as South's out of turn (issue 42 item 17)."""
    s = session(tmp_path)
    for line in ["w", "q", "w", "wwwwww", "-", "ws"]:  # South: 8 whites and the covered queen; North: the last white
        s.enter(line)
    assert s.match.state.claim is not None and s.match.state.board.breaker.value == "north"
    reply = s.enter("b")
    assert reply.entry.seat == "north" and s.match.state.claim is None  # the claim lapsed, no extra points
    assert s.record.entries[-1].seat == "north"


def test_the_winner_may_still_claim_before_the_next_break(tmp_path):
    """ICF 87 b: the claim is the board's winner's, whoever breaks next."""
    s = session(tmp_path)
    for line in ["w", "q", "w", "wwwwww", "-", "ws", "declare extra"]:
        s.enter(line)
    assert s.record.entries[-1].seat == "south" and s.match.state.claim is None
