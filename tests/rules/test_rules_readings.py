"""Readings taken where two texts, or two laws of one text, pull apart (docs/texts.md, docs/laws.md): the timed
game's eight boards in every round (004 law 39 against ICF 56 b), a coin still owed at a French board's end
(001 §3.7 b against §3.7 d), conceding the match off turn under the French rules (001 §4 q against ICF 139).
South plays white (side 0); positions are reached by real strokes.
"""

import pytest

from rules_helpers import N, S, Concede, Declare, Match, laws, miss, new, play, position, refused


@pytest.mark.parametrize("rules, limited", [("timed", True), ("icf", False)],
                         ids=["004 law 39 timed: 8 boards in a quarter-final too", "ICF 56 b icf: no limit"])
def test_the_timed_game_keeps_its_eight_boards_in_a_quarter_final(rules, limited):
    """004 law 39: "Igramo do 25 točk ali 8 iger ali do časovne omejitve (50 +7 minut)" — no stage exception, unlike
    ICF 56 b ("excepto los cuartos de final"): under the timed rules a quarter-final's game ends after the 8th
    board with the side ahead; under ICF it goes on to 25."""
    m = Match.from_score(rules, {S: "Asha", N: "Ravi"}, S, breaker=S, points=(10, 5), boards_done=7,
                         stage="quarter-final")
    miss(m, S)
    play(m, N, "b" * 9)  # North pockets all nine with the queen on the board: South wins 3 (ICF 107 a)
    assert m.state.points[0] == (13, 5)
    assert (m.state.games_won == (1, 0)) is limited
    assert (m.state.game_index == 0 and m.state.boards_done == 8) is not limited


def test_a_french_board_won_with_a_coin_still_owed_counts_it_up_to_twelve():
    """001 §3.7 b counts "le nombre de J/C … de l'adversaire, restés sur la surface"; §3.7 d: "le gagnant peut
    obtenir 12 points au maximum, même si le perdant doit encore des J/C en guise de pénalité. Ces pénalités sont
    alors automatiquement annulées" — so a coin still owed counts, with no demand, as far as 12, and only the rest
    lapse. North pockets the striker; South, to place North's black, has no room and waits (001 §3.11 i), then
    clears his whites: 6 blacks + 3 for the queen + 1 owed, cited §3.7 d."""
    m = position(new("fr-official"), 3, 6, queen=0, turn=N)
    play(m, N, "s")  # North: the striker alone: a black back, placed by South (001 §3.11 a)
    m.play(Declare(S, "wait"))
    r = play(m, S, "www")
    assert "001 §3.7 d" in laws(r) and m.state.claim is None
    assert m.state.points[0] == (6 + 3 + 1, 0)


def test_a_french_board_owed_past_twelve_lapses_automatically():
    """001 §3.7 d: at most 12, "Ces pénalités sont alors automatiquement annulées": 9 blacks left and the queen make
    12 already, so the coin North owes adds nothing and is not offered as a claim."""
    m = position(new("fr-official"), 3, 9, queen=0, turn=S)
    miss(m, S)
    play(m, N, "s")
    r = play(m, S, "www")
    assert m.state.points[0] == (12, 0) and m.state.claim is None
    assert "001 §3.7 d" in laws(r)


@pytest.mark.parametrize("what", ["game", "match"])
def test_conceding_off_turn_under_the_french_rules(what):
    """001 §4 q: "Un joueur ou une équipe peut abandonner un game à un moment quelconque, si c'est son tour de
    jouer"; the match is conceded with the game in play, so the same condition holds for it (001 has no other law
    on conceding a match): refused off turn, accepted on it, citing 001 §4 q."""
    m = position(new("fr-official"), 7, 9, turn=S)
    refused(m, Concede(N, what), "001 §4 q")
    miss(m, S)
    r = m.play(Concede(N, what))
    assert "001 §4 q" in laws(r) and m.state.games_won[0] == (1 if what == "game" else 0)
    assert m.state.over is (what == "match")


@pytest.mark.parametrize("rules, points, law, won", [
    ("fr-official", None, "001 §3.7 i", 3), ("fr-official", (0, 22), "001 §3.7 i", 1), ("icf", None, "ICF 107 a", 3),
], ids=["001 §3.7 i 3 points", "001 §3.7 i 1 point from 22", "ICF 107 a 3 points"])
def test_the_special_cases_fixed_points_are_not_called_the_queens(rules, points, law, won):
    """001 §3.7 i: "c'est alors l'adversaire qui gagne le board avec 3 points" (1 from 22 points, §3.7 f–l); ICF 107
    a: "el oponente gana el juego por 3 puntos": points of the case, not "for the queen", which is still on the
    board. South pockets his last white with the queen on the board; North wins (from 22 points, 1)."""
    m = position(new(rules, points=points), 1, 3, turn=S)
    r = play(m, S, "w")
    ruling = next(d for d in r.decisions if d.law == law)
    assert "for the queen" not in ruling.text and f"by {won} point" in ruling.text
