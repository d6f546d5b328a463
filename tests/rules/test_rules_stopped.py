"""ICF 143 g: "Un jugador pierde todo el partido por cualquier indisciplina y/o violación de las reglas y/o por
lo siguiente: … g) Sin el permiso del árbitro, el partido se detendrá" — a player who stops the match without
the umpire's leave loses the whole match; 001 §4.2 g the same in the French official rules ("Une interruption non
permise du jeu pendant un match"). The umpire declares it (``declare stopped``), as for 143 a; Singles-v1 rules it
for an agent that will not play (docs/research.md). On main no declaration ended a match so.
"""

import pytest

from rules_helpers import E, N, S, W, Declare, laws, new, play, refused


def test_a_player_who_stops_the_match_loses_it_whoever_is_in_turn():
    m = new()
    play(m, S, "w")
    r = m.play(Declare(S, "stopped", offender=N))
    assert "ICF 143 g" in laws(r)
    assert m.state.over and m.state.winner == 0


def test_in_doubles_the_offenders_side_loses_and_the_words_name_them():
    m = new(doubles=True)
    r = m.play(Declare(S, "stopped", offender=E))
    assert m.state.over and m.state.winner == m.state.table.side(S)
    said = " ".join(str(d.text) for d in r.decisions)
    assert "stopped the match" in said


def test_the_french_official_rules_cite_their_own_law():
    m = new("fr-official")
    r = m.play(Declare(S, "stopped", offender=S))
    assert "001 §4.2 g" in laws(r) and m.state.over and m.state.winner == 1


def test_nothing_is_declared_once_the_match_is_over():
    m = new()
    m.play(Declare(S, "stopped", offender=N))
    refused(m, Declare(S, "stopped", offender=S))
