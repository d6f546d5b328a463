"""The French official breaches that cost one penalty coin and leave the turn where it was: rising from the chair
in one's turn (001 §3.11 p) and a fault while placing a penalty coin (001 §3.11 l–m), beside the ICF rulings on
the same breaches (ICF 91, 63, 64 a, 85). South plays white (side 0); positions are reached by real strokes.
"""

import pytest

from rules_helpers import N, S, Declare, Forfeit, Foul, Place, laws, miss, new, place_all, play, refused, stroke
from carrom.rules import Expect, Expected


def _south_in_turn(rules):
    """South in turn after his first stroke, with two whites in the nets and nothing owed."""
    m = new(rules)
    play(m, S, "w")  # the break, a white in: South plays on
    miss(m, S)
    play(m, N, "w")  # North pockets a white (South's colour): the turn passes back
    play(m, S, "w")
    assert m.state.board.turn is S and m.state.board.turn_strokes == 1 and not m.state.board.owed
    return m


def _south_places_in_his_turn(rules):
    """South in turn after his first stroke, placing the black that pays North's due (ICF 78 b ii; 001 §3.11 g:
    "c'est le joueur lui-même qui ressort et remplace ledit J/C")."""
    m = new(rules)
    play(m, S, "w")
    miss(m, S)
    play(m, N, "s")  # the striker alone with no black in the nets: owed (001 §3.11 a)
    play(m, S, "wb")  # a white and North's black: South plays on and places the black himself
    assert m.expected() == Expected(Expect.PLACE, S) and m.state.board.turn_strokes == 1
    return m


# -- 001 §3.11 p: rising from the chair ---------------------------------------------------------------------


@pytest.mark.parametrize("action", [Declare(S, "chair", offender=S), Forfeit(S, "ICF 91", offender=S)],
                         ids=["declare chair", "the ICF 91 forfeit of the tablet and the API"])
def test_rising_from_the_chair_in_ones_turn_costs_one_penalty_coin_under_fr_official(action):
    """001 §3.11 p: "Si un joueur se lève de sa chaise pendant son tour pour une raison quelconque, il a une
    pénalité et doit remettre un J/C": one of South's whites back, placed by North; the board goes on, South
    keeps the turn (the law takes nothing else)."""
    m = _south_in_turn("fr-official")
    r = m.play(action)
    assert "001 §3.11 p" in laws(r) and "ICF 91" not in laws(r)
    assert m.state.results == () and m.state.points[-1] == (0, 0)
    assert [(o.placer, o.coin.value) for o in m.state.board.owed] == [(N, "white")]
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, S) and m.state.board.white == 7


def test_rising_from_the_chair_out_of_turn_is_not_001_3_11_p():
    """001 §3.11 p is about "pendant son tour"; a breach while the opponent is in turn is a technical foul
    ("Si un joueur commet une violation d'une règle pendant que le tour de jouer est à son adversaire, cela est
    aussi considéré comme un foul technique", 001 §4.1.1): refused, naming that law, nothing changes."""
    m = _south_in_turn("fr-official")
    refused(m, Declare(S, "chair", offender=N), "001 §4.1.1")


def test_rising_from_the_chair_still_loses_the_board_under_icf():
    """ICF 91: "Si un jugador se levanta de su silla durante el juego … pierde el juego por la cantidad de fichas
    y/o Reina que quedan en el tablero": the declaration rules as the ICF 91 forfeit does."""
    m = _south_in_turn("icf")
    r = m.play(Declare(S, "chair", offender=S))
    assert "ICF 91" in laws(r)
    assert m.state.results[-1].winner == 1 and m.state.points[-1] == (0, 6 + 3)


# -- 001 §3.11 l–m: a fault while placing ---------------------------------------------------------------------


def test_a_placing_fault_by_the_player_in_turn_keeps_his_turn_under_fr_official():
    """001 §3.11 l: "l'adversaire est alors en droit de placer un J/C de pénalité pour le joueur. Le tour de jouer
    reste à celui qui l'avait auparavant" (§3.11 m the same for touching another coin): South, placing in his own
    turn after his first stroke, places badly: a penalty white placed by North, and South strokes next."""
    m = _south_places_in_his_turn("fr-official")
    r = m.play(Declare(S, "placing", offender=S))
    assert "001 §3.11 l" in laws(r)
    assert sorted((o.placer.value, o.coin.value) for o in m.state.board.owed) == [("north", "white"),
                                                                                   ("south", "black")]
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, S)


def test_a_placing_fault_by_the_player_not_in_turn_keeps_the_turn_where_it_was():
    """001 §3.11 m: "c'est à l'adversaire de poser encore un J/C de pénalité pour le joueur. Le tour de jouer reste
    à celui qui l'avait auparavant": North places South's due badly while South is in turn; South keeps it."""
    m = new("fr-official")
    play(m, S, "w")
    play(m, S, "s")  # a white in the nets, the striker pocketed: North places the due (001 §3.11 a)
    assert m.expected() == Expected(Expect.PLACE, N) and m.state.board.turn is N
    r = m.play(Declare(N, "placing", offender=N))
    assert "001 §3.11 m" in laws(r) or "001 §3.11 l" in laws(r)
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, N)


def test_a_stroke_carrying_the_placing_foul_is_refused_under_fr_official():
    """Under fr-official a placing fault keeps the turn (001 §3.11 l–m), so it is not a foul of the next stroke,
    which would pass the turn: the stroke is refused, naming the law and the declaration, nothing changes."""
    m = _south_in_turn("fr-official")
    refused(m, stroke(S, "", fouls=(Foul.PLACING,)), "001 §3.11 l")


def test_a_placing_fault_under_icf_follows_the_timing():
    """ICF 85, 86, 89 b: "el jugador infractor recibe una falta", by timing (ICF 63, 64 a): South, in turn after
    his first stroke, commits a foul: a penalty and the turn lost (64 a)."""
    m = _south_places_in_his_turn("icf")
    r = m.play(Declare(S, "placing", offender=S))
    assert "ICF 64 a" in laws(r)
    m.play(Place(S))
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, N)
