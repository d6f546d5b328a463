"""Who broke the law: the offender each declaration and forfeit names, checked against the law, and who places
the coin it costs; the breaches of the French and Slovenian texts; the match's stage; citing the variant's text.

ICF 51, 63 a–b, 78 b i, 91, 121 b, 126 b, 131, 143 a; 54, 56 b, 60 b; 001 §4 i, §4 l, §4 o, §3.5 d, §3.5 g,
§3.7 c, §3.11 g; 004 law 30, 004 law 114. South plays white (side 0); positions are reached by real strokes.
"""

import pytest

from rules_helpers import (
    E, N, S, W, Declare, Forfeit, Match, laws, miss, new, place_all, play, position, refused, slam,
)
from carrom.rules import Expect, Expected


# -- 1. the queen to the opponents of a side that loses the board by a breach --------------------------


def _queen_case(m, case):
    """The board with the queen ``case``: on the board, pending for South, covered by South or by North."""
    if case == "board":
        return position(m, 7, 9, turn=S)
    if case == "pending South":
        play(m, S, "w")
        play(m, S, "q")  # South must cover it next stroke (ICF 92)
        return m
    if case == "covered South":
        return position(m, 6, 9, queen=0, turn=S)
    return position(m, 9, 6, queen=1, turn=S)  # covered by North


@pytest.mark.parametrize("case", ["board", "pending South", "covered South", "covered North"],
                         ids=["ICF 126 b queen on the board", "ICF 126 b queen pending for the winner",
                              "ICF 126 b queen covered by the winner", "ICF 126 b queen covered by the offender"])
def test_board_disturbed_beyond_repair_gives_coins_and_the_queen_whoever_had_it(case):
    """ICF 126 b: the offender loses the board "por el número de sus fichas restantes en el campo de juego junto
    con los puntos por la reina", with no condition (unlike 51 and 121 b, "si ella permaneció"); 004 law 114 "+ 3
    za kraljico" likewise. The queen covered by the offender counts too: 6 coins + 3, not 6."""
    m = _queen_case(new(), case)
    black = m.state.board.black
    m.play(Forfeit(m.state.board.turn, "ICF 126 b", offender=N))
    row = m.state.results[-1]
    assert row.winner == 0 and row.coins == (black, 0) and row.queen == (3, 0)
    assert m.state.points[-1] == (black + 3, 0)


@pytest.mark.parametrize("law, queen", [("ICF 91", 0), ("ICF 121 b", 0), ("ICF 126 b", 3)],
                         ids=["ICF 91", "ICF 121 b si quedó en el tablero", "ICF 126 b junto con los puntos por la reina"])
def test_only_the_disturbed_board_gives_away_the_queen_the_offender_covered(law, queen):
    """ICF 121 b: "junto con los puntos para la reina, si quedó en el tablero" — conditional, as 51 and 91; 126 b
    has no condition. North covered the queen, then North's breach in his turn loses the board."""
    m = position(new(), 9, 6, queen=1, turn=N)
    m.play(Forfeit(N, law, offender=N))
    assert m.state.results[-1].queen == (queen, 0)


@pytest.mark.parametrize("rules, law", [("fr-official", "001 §4 i"), ("timed", "ICF 126 b")],
                         ids=["001 §4 i fr-official cites its own law", "004 law 114 timed: coins + 3 as ICF 126 b"])
def test_board_disturbed_under_the_variants(rules, law):
    """001 §4 i and 004 law 114 ("1 točko za vsak igralčev žeton na mizi + 3 za kraljico") agree with ICF 126 b;
    a French ruling cites 001 §4 i, the French text's own law."""
    m = position(new(rules), 6, 9, queen=0, turn=N)  # South covered the queen; North disturbs the board
    r = m.play(Forfeit(N, "ICF 126 b", offender=N))
    assert law in laws(r)
    assert m.state.results[-1].queen == (3, 0) and m.state.results[-1].coins == (9, 0)


def test_the_queen_lapses_from_22_points_and_the_ruling_says_so():
    """ICF 54: "El jugador pierde la ventaja de sumar 3 puntos por la reina si ha anotado 22 puntos o más";
    the ruling names ICF 54 where the queen would have counted (ICF 91: only the coins from 22)."""
    m = new(points=(22, 0))
    m = position(m, 6, 9, queen=0, turn=N)
    r = m.play(Forfeit(N, "ICF 126 b", offender=N))
    assert m.state.results[-1].queen == (0, 0)
    assert "ICF 54" in laws(r)


# -- 2. every declaration names its offender, checked against the law ---------------------------------


def test_a_stroke_out_of_turn_punishes_the_striker_out_of_turn():
    """ICF 51: "Si un jugador que no está actualmente en un turno hace un golpe, entonces el jugador infractor
    pierde el juego": North strikes while South is in turn, so North's side loses the board."""
    m = position(new(), 7, 9, turn=S)
    r = m.play(Forfeit(S, "ICF 51", offender=N))
    assert "ICF 51" in laws(r)
    assert m.state.results[-1].winner == 0 and m.state.points[-1] == (9 + 3, 0)


def test_the_player_in_turn_cannot_strike_out_of_turn():
    """ICF 51 punishes a player not in turn; naming the player in turn is refused, nothing changes."""
    m = position(new(), 7, 9, turn=S)
    refused(m, Forfeit(S, "ICF 51", offender=S), "ICF 51")


def test_leaving_the_chair_during_the_partners_turn_loses_the_board():
    """ICF 91: a player who rises from his chair "ya sea durante su turno o el de un compañero de equipo" loses
    the board: North leaves while his partner South is in turn (doubles)."""
    m = new(doubles=True)
    play(m, S, "w")
    r = m.play(Forfeit(S, "ICF 91", offender=N))
    assert "ICF 91" in laws(r) and m.state.results[-1].winner == 1


def test_leaving_the_chair_during_the_opponents_turn_is_not_ICF_91():
    """ICF 91 is about one's own or the partner's turn; during the opponents' turn it is refused with the law
    that applies instead (ICF 63 b: a breach by a player not in turn is a technical foul)."""
    m = new(doubles=True)
    play(m, S, "w")
    refused(m, Forfeit(S, "ICF 91", offender=E), "ICF 63 b")


def test_a_technical_foul_by_a_player_not_in_turn_is_charged_to_that_player():
    """ICF 63 b: "Cualquier infracción de las reglas cometida por un jugador que no está en movimiento también se
    considera falta técnica": West's breach while South is in turn costs West's side a penalty coin; South keeps
    the turn, even after his first stroke."""
    m = new(doubles=True)
    play(m, S, "wb")  # South's first stroke of the turn: a black in the nets too; he plays on
    r = m.play(Declare(S, "technical", offender=W))
    assert "ICF 63 b" in laws(r)
    assert [(o.placer, o.coin.value) for o in m.state.board.owed] == [(N, "black")]
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, S)


def test_leaving_the_board_punishes_the_player_who_left():
    """ICF 143 a: the player who leaves the board without the umpire's leave loses the match, whoever is in turn."""
    m = new()
    r = m.play(Declare(S, "absent", offender=N))
    assert "ICF 143 a" in laws(r)
    assert m.state.over and m.state.winner == 0


def test_offenders_round_trip_through_the_action_dictionary():
    """The offender is part of the action as records and the web carry it (ICF 63 b)."""
    from carrom.rules import action_from_dict, action_to_dict

    for action in (Forfeit(S, "ICF 51", offender=N), Declare(S, "technical", offender=W)):
        assert action_from_dict(action_to_dict(action)) == action
    assert action_from_dict({"type": "forfeit", "seat": "south"}) == Forfeit(S)  # old: no offender


# -- 3. who places the offender's coin (ICF 78 b i) ---------------------------------------------------


def test_a_partners_technical_foul_is_placed_by_the_player_on_the_right_of_the_player_in_turn():
    """ICF 78 b i: in doubles the coin is placed "por el jugador sentado a la derecha del jugador en movimiento",
    on the right of the player in turn, not of the offender. Reading implemented: South is in turn, his partner
    North breaches (ICF 63 b): East, on South's right, places the white coin; West, on the offender's right,
    does not."""
    m = new(doubles=True)
    play(m, S, "w")
    m.play(Declare(S, "technical", offender=N))
    assert [(o.placer, o.coin.value) for o in m.state.board.owed] == [(E, "white")]


def test_an_opponents_technical_foul_is_placed_by_the_partner_of_the_player_in_turn():
    """ICF 78 b i with ICF 63 a ("el jugador contrario coloca"): when the offender's side is not in turn, the
    player on the right of the one in turn is the offender's own side, so the non-offending player not in turn
    places (docs/texts.md §8): South in turn, East breaches, North places."""
    m = new(doubles=True)
    play(m, S, "wb")
    m.play(Declare(S, "technical", offender=E))
    assert [(o.placer, o.coin.value) for o in m.state.board.owed] == [(N, "black")]


# -- 4, 5. partners communicating (ICF 131; 001 §4 l), the striker left on the frame (001 §4 o) ----------

# id (the laws ruled), rules, doubles, the breach, its offender; then: the coin owed (placer, colour), who plays next
BREACHES = [
    # 001 §4 l: "un J/C de pénalité ... et le tour de jouer passe à l'adversaire", placed by the player on the right
    # of the one in turn (001 §3.11 g): South in turn, North signals; East plays next, so the right to place passes
    # to his partner West (001 §3.11 i 1: "passe au partenaire dès qu'un joueur a fini son tour de jouer")
    ("001 §4 l fr-official: a penalty and the turn passes", "fr-official", True, "signal", N,
     (W, "white"), E),
    # ICF 131: sanctioned "de acuerdo con las reglas": by a player not in turn a technical foul (ICF 63 b)
    ("ICF 131 ICF 63 b icf: a technical foul, the turn kept", "icf", True, "signal", N, (E, "white"), S),
    # 001 §4 o: the striker on the frame or in a net: "un J/C en guise de pénalité. Le tour de jouer reste au même
    # joueur"
    ("001 §4 o fr-official: a penalty, the turn stays", "fr-official", False, "frame", S, (N, "white"), S),
]


@pytest.mark.parametrize("case", BREACHES, ids=[c[0] for c in BREACHES])
def test_a_declared_breach_costs_what_its_law_says(case):
    case_id, rules, doubles, what, offender, owed, after = case
    m = new(rules, doubles=doubles)
    play(m, S, "w")
    r = m.play(Declare(S, what, offender=offender))
    for law in case_id.split(":")[0].rsplit(" ", 1)[0].replace(" ICF", "|ICF").split("|"):
        assert law in laws(r), (law, r.decisions)
    assert [(o.placer, o.coin.value) for o in m.state.board.owed] == [owed]
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, after)


def test_communicating_needs_partners():
    """ICF 131, 001 §4 l are about doubles partners; in singles the declaration is refused."""
    refused(new("fr-official"), Declare(S, "signal"), "001 §4 l")


def test_the_frame_declaration_is_the_french_rule():
    """001 §4 o is the French text's; ICF has no such sanction of its own, so under icf it is refused."""
    refused(new(), Declare(S, "frame"), "001 §4 o")


# -- 7. the match's stage (ICF 56 b, 60 b) -----------------------------------------------------------


def test_from_the_quarter_finals_a_game_has_no_eight_board_limit():
    """ICF 56 b: only the rounds up to the pre-quarter-finals are decided on eight boards; from the quarter-finals
    a game runs to 25 points (docs/texts.md §5): level after the 8th board, no tie-break board."""
    players = {S: "Asha", N: "Ravi"}
    early = Match.from_score("icf", players, S, breaker=S, points=(10, 10), boards_done=7)
    late = Match.from_score("icf", players, S, breaker=S, points=(10, 10), boards_done=7, stage="quarter-final")
    for m in (early, late):
        miss(m, S)
        play(m, N, "b" * 9)  # North pockets all nine with the queen on the board: South wins 3 (ICF 107 a)
    assert early.state.awaiting_toss is False and early.state.games_won == (1, 0)
    assert late.state.game_index == 0 and not late.state.awaiting_toss and late.state.boards_done == 8


def test_a_stage_that_does_not_exist_is_refused():
    """ICF 56 b, 60: the stages the laws tell apart are the early rounds and the quarter-finals or later."""
    import pytest as _pytest

    from carrom.rules import RulesError

    with _pytest.raises(RulesError, match="quarter-final"):
        Match.new("icf", {S: "Asha", N: "Ravi"}, S, stage="final-ish")


# -- 8. a ruling under a variant cites that variant's text ---------------------------------------------


def test_french_game_two_break_cites_001():
    """001 §3.5 g: the break keeps passing "aussi bien pour les board joués pendant un game que pour les games";
    under fr-official game 2's break is ruled by it and cited as 001 §3.5 g, not ICF 49 a."""
    m = new("fr-official")
    rulings = [slam(m, 0) for _ in range(3)]
    assert m.state.game_index == 1
    assert "001 §3.5 g" in laws(rulings[-1]) and "ICF 49 a" not in laws(rulings[-1])


def test_french_22_point_rule_cites_001():
    """001 §3.7 c: "Si pendant un game le gagnant d'un board a déjà atteint 22 points, le gain supplémentaire pour
    la reine tombe": the French ruling cites 001 §3.7 c where ICF would cite ICF 54."""
    m = new("fr-official", points=(22, 0))
    m = position(m, 3, 9, queen=0, turn=S)
    r = play(m, S, "www")
    assert "001 §3.7 c" in laws(r) and not any(law.startswith("ICF 5") for law in laws(r))
