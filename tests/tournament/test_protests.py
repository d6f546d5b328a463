"""Protests, ICF 144-151: each row of the state machine names its law."""

import pytest

from carrom.tournament import DeskError, record, standings
from carrom.tournament.model import Match
from carrom.tournament.protests import State, decide, lodge, withdraw

from tournament_helpers import event

T = 1_000_000.0


def with_result():
    ev = event(2).with_matches([Match(round=1, table=1, side1=1, side2=2)])
    return record(ev, 1, 1, ((25, 3), (4, 25), (25, 9)))


def test_written_within_15_minutes_of_the_game():
    """ICF 146: in writing within 15 minutes of the end of the game concerned."""
    ev = with_result()
    with pytest.raises(DeskError, match="ICF 146"):
        lodge(ev, 1, 1, 2, 3, oral_at=T, fee=True, game_ended=T, now=T + 16 * 60)
    held, p = lodge(ev, 1, 1, 2, 3, oral_at=T, fee=True, game_ended=T, now=T + 14 * 60)
    assert p.state is State.LODGED and held.matches[0].held


def test_not_considered_without_the_oral_announcement_and_fee():
    """ICF 145: announced orally to the umpire at once, with the fee, or not considered."""
    with pytest.raises(DeskError, match="ICF 145"):
        lodge(with_result(), 1, 1, 2, 3, oral_at=None, fee=True, game_ended=T, now=T)
    with pytest.raises(DeskError, match="ICF 145"):
        lodge(with_result(), 1, 1, 2, 3, oral_at=T, fee=False, game_ended=T, now=T)


def test_never_withdrawn():
    """ICF 149: once lodged, a protest cannot be withdrawn."""
    _, p = lodge(with_result(), 1, 1, 2, 3, oral_at=T, fee=True, game_ended=T, now=T)
    with pytest.raises(DeskError, match="ICF 149"):
        withdraw(p)


def test_held_out_of_the_standings_then_rejected_stands():
    """ICF 150: not published until heard; 151 b: rejected, the result stands."""
    ev, p = lodge(with_result(), 1, 1, 2, 3, oral_at=T, fee=True, game_ended=T, now=T)
    assert all(r.points == 0 for r in standings(ev))
    with pytest.raises(DeskError, match="ICF 150"):
        record(ev, 1, 1, ((25, 3), (25, 3)))
    ev, p = decide(ev, p, upheld=False, now=T + 600)
    assert p.state is State.REJECTED and p.steps[-1].law == "ICF 151 b"
    assert {r.competitor: r.points for r in standings(ev)} == {1: 2, 2: 0}
    with pytest.raises(DeskError, match="already rejected"):
        decide(ev, p, upheld=True, now=T + 700)


def test_upheld_replays_from_the_start_of_the_protested_game():
    """ICF 151 a: upheld, the match goes on from the start of the game in which it was lodged."""
    ev, p = lodge(with_result(), 1, 1, 2, 3, oral_at=T, fee=True, game_ended=T, now=T)
    ev, p = decide(ev, p, upheld=True, now=T + 4000)
    assert p.state is State.UPHELD and "ICF 151 c" in p.steps[-1].what  # decided after the hour: said so
    m = ev.matches[0]
    assert m.result is None and m.kept == ((25, 3), (4, 25)) and not m.held
    ev = record(ev, 1, 1, ((10, 25),))  # the replayed third game
    assert ev.matches[0].result.games == ((25, 3), (4, 25), (10, 25)) and ev.matches[0].result.winner == 2
