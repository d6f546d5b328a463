"""Technical fouls, fouls, dues and penalties, and placing them (ICF 63, 64, 72–83, 87 a).

Unless a case says otherwise it starts from 7 white and 7 black on the board, reached by
real strokes (South and North have two coins each in the nets), South in turn.
"""

import pytest

from rules_helpers import (
    BLACK, E, N, S, W, WHITE, Declare, Place, laws, miss, new, place_all, play, position, refused, stroke,
)
from carrom.rules import Expect, Expected


def mid(turn=S, doubles=False, white=7, black=7):
    return position(new(doubles=doubles), white, black, turn=turn)


# id, the law cited, letters, coins owed right after the stroke, turn after placing, white after placing, queen
CASES = [
    ("striker alone: a due, turn lost", "ICF 72 a", "s", 1, N, 8, "board"),
    ("striker alone by a foul: due and penalty, turn lost", "ICF 72 b", "sf", 2, N, 9, "board"),
    ("striker with own coin: coin and a due back, plays on", "ICF 73", "ws", 2, S, 8, "board"),
    ("striker with two own coins: both and a due back, plays on", "ICF 73", "wws", 3, S, 8, "board"),
    ("foul: a penalty coin, turn lost", "ICF 64 a", "f", 1, N, 8, "board"),
    ("foul with own coin and queen: all back with a penalty", "ICF 64 b", "wqf", 2, N, 8, "board"),
    ("own coin by a foul: coin and penalty back, turn lost", "ICF 77 a", "wf", 2, N, 8, "board"),
    ("own coin and striker by a foul: coin, due and penalty back", "ICF 77 b", "wsf", 3, N, 9, "board"),
]


@pytest.mark.parametrize("law, letters, n_owed, turn, white, queen", [c[1:] for c in CASES],
                         ids=[f"{c[1]} {c[0]}" for c in CASES])
def test_dues_and_penalties(law, letters, n_owed, turn, white, queen):
    m = mid()
    r = play(m, S, letters)
    assert law in laws(r), r.decisions
    b = m.state.board
    assert [o.coin for o in b.owed] == [WHITE] * n_owed  # the offender's own colour
    assert all(o.placer is N for o in b.owed)  # ICF 78 a: by the opponent
    assert b.debts == (0, 0)
    assert m.expected() == Expected(Expect.PLACE, N)  # ICF 78 a: immediately, even if the striker plays on
    place_all(m)
    b = m.state.board
    assert m.expected() == Expected(Expect.STROKE, turn)
    assert b.white == white and b.black == 7
    assert b.queen == queen


@pytest.mark.parametrize("letters, law", [
    ("sf", "ICF 72 b"), ("wsf", "ICF 77 b"), ("wf", "ICF 77 a"), ("f", "ICF 64 a"), ("bf", "ICF 76"), ("bsf", "ICF 72 b"),
], ids=["ICF 72 b striker", "ICF 77 b own coin and striker", "ICF 77 a own coin", "ICF 64 a nothing",
        "ICF 76 opponent's coin", "ICF 72 b opponent's coin and striker"])
def test_the_turn_lost_by_a_foul_cites_the_law_of_what_went_in(letters, law):
    """A foul loses the turn (ICF 64 a); what it costs depends on what went in: the striker, a due and a penalty
    (ICF 72 b); own coins go back too (ICF 77 a, with the striker 77 b); an opponent's coin stays down (ICF 76).
    The ruling that takes the turn names that law, not only some other line of the ruling."""
    m = mid()
    r = play(m, S, letters)
    lost = [d.law for d in r.decisions if "loses the turn" in d.text]
    assert lost == [law], r.decisions


@pytest.mark.parametrize("letters, words", [
    ("f", "South loses the turn; a penalty"),
    ("sf", "South loses the turn; a due for the striker and a penalty"),
], ids=["ICF 64 a a foul: a penalty", "ICF 72 b the striker by a foul: a due and a penalty"])
def test_the_ruling_says_what_a_foul_costs(letters, words):
    """ICF 64 a: a foul costs a penalty coin; ICF 72 b: with the striker pocketed, a due and a penalty. The ruling
    says which, in those words: a plain foul never reads as a striker's due."""
    m = mid()
    r = play(m, S, letters)
    assert [d.text for d in r.decisions if "loses the turn" in d.text] == [words]


@pytest.mark.parametrize("letters, debts, law", [
    ("s", (1, 0), "ICF 72 a"),
    ("sf", (2, 0), "ICF 72 b"),
], ids=["ICF 72 c due outstanding", "ICF 72 c due and penalty outstanding"])
def test_due_before_any_own_coin_waits_until_one_is_pocketed(letters, debts, law):
    """ICF 72 c: with no own coin pocketed yet, the due (and penalty) stay outstanding; ICF 83: placed as they come."""
    m = new()
    r = play(m, S, letters)  # the break touches a coin, the striker goes in
    assert "ICF 72 c" in laws(r) and law in laws(r)
    b = m.state.board
    assert b.debts == debts and not b.owed
    assert m.expected() == Expected(Expect.STROKE, N)
    miss(m, N)
    r = play(m, S, "w")
    assert "ICF 72 c" in laws(r)
    b = m.state.board
    assert [o.coin for o in b.owed] == [WHITE] and b.owed[0].placer is N
    assert b.debts == (debts[0] - 1, 0)  # ICF 83: the available coin first, the rest when available
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, S)  # ICF 48: South pocketed an own coin and plays on
    assert m.state.board.white == 9
    if debts[0] == 2:
        play(m, S, "w")
        assert m.state.board.debts == (0, 0) and len(m.state.board.owed) == 1
        place_all(m)
        assert m.state.board.white == 9


def test_more_owed_than_in_the_nets_available_first():
    """ICF 83: two owed, one in the nets: that one is placed now, the other as soon as it is available."""
    m = mid(white=8)  # one white in the nets
    r = play(m, S, "sf")
    assert "ICF 72 b" in laws(r) and "ICF 72 c" in laws(r)
    b = m.state.board
    assert len(b.owed) == 1 and b.debts == (1, 0)
    place_all(m)
    assert m.state.board.white == 9 and m.expected() == Expected(Expect.STROKE, N)


# -- ICF 63: technical fouls --------------------------------------------------------------


def test_technical_foul_before_first_stroke_keeps_the_turn():
    """ICF 63 a: before his first stroke: the opponent places one of his coins; the turn is not lost."""
    m = mid()
    r = m.play(Declare(S, "technical"))
    assert "ICF 63 a" in laws(r)
    b = m.state.board
    assert [(o.placer, o.coin) for o in b.owed] == [(N, WHITE)]
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, S) and m.state.board.white == 8


def test_technical_foul_by_a_player_not_in_turn():
    """ICF 63 b: a breach by the player not in turn is a technical foul: a penalty as in 63 a."""
    m = mid()
    r = m.play(Declare(N, "technical"))
    assert "ICF 63 b" in laws(r)
    b = m.state.board
    assert [(o.placer, o.coin) for o in b.owed] == [(S, BLACK)]  # the opponent places North's coin
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, S) and m.state.board.black == 8


def test_technical_foul_after_first_stroke_is_refused():
    """ICF 63 a, 64 a: after the first stroke of the turn a breach is a foul, entered with the stroke."""
    m = mid()
    play(m, S, "w")
    refused(m, Declare(S, "technical"), "foul")


# -- ICF 78: who places, and when ---------------------------------------------------------


def test_stroke_refused_while_a_coin_must_be_placed():
    """ICF 78 a: the due is placed immediately after the stroke, before the next stroke."""
    m = mid()
    play(m, S, "ws")
    refused(m, stroke(S, "w"), "place")
    refused(m, stroke(N, ""))


def test_only_the_placer_places_and_only_a_colour_owed():
    """ICF 78 a: the opponent places the offender's coin; a colour not owed cannot be placed."""
    m = mid()
    play(m, S, "ws")
    refused(m, Place(S), "no due")
    refused(m, Place(N, BLACK), "black")
    r = m.play(Place(N, WHITE))
    assert "ICF 84 a" in laws(r)
    assert m.state.board.white == 7 and len(m.state.board.owed) == 1


def test_placing_order_one_coin_at_a_time():
    """ICF 78 a, 83: every coin out of the nets is placed, one at a time, by the placer."""
    m = mid()
    play(m, S, "wsf")
    assert len(m.state.board.owed) == 3
    for left in (2, 1, 0):
        m.play(Place(N))
        assert len(m.state.board.owed) == left
    assert m.state.board.white == 9 and m.expected() == Expected(Expect.STROKE, N)


@pytest.mark.parametrize("striker, letters, placer", [
    (S, "s", W),
    (E, "s", S),
    (N, "ws", W),
    (W, "bsf", N),
], ids=["ICF 78 b i, 79 b south: East in turn, West places", "ICF 78 b i, 79 b east: South in turn, North places",
        "ICF 78 b i north: North plays on, West places", "ICF 78 b i, 79 b west: North places"])
def test_doubles_placer_is_on_the_right_of_the_player_in_turn(striker, letters, placer):
    """ICF 78 b i: in doubles the player on the right of the player in turn places; when the stroke passes the turn
    to that player, 79 b hands the right to his partner, "para que ninguno de ellos coloque la ficha durante su
    turno" (001 §3.11 i 1)."""
    m = mid(doubles=True, turn=striker)
    play(m, striker, letters)
    b = m.state.board
    assert b.owed and all(o.placer is placer for o in b.owed)
    assert m.expected() == Expected(Expect.PLACE, placer)


def test_doubles_outstanding_due_placed_by_right_of_player_in_turn_when_available():
    """ICF 78 b i: "en el momento en que este Carrommen esté disponible": North pays South's due, West places."""
    m = new(doubles=True)
    play(m, S, "s")  # the break: a due with no white in the nets (ICF 72 c)
    assert m.state.board.debts == (1, 0)
    miss(m, E)
    play(m, N, "w")
    b = m.state.board
    assert [(o.placer, o.coin) for o in b.owed] == [(W, WHITE)] and b.debts == (0, 0)
    place_all(m)
    assert m.expected() == Expected(Expect.STROKE, N)


def test_doubles_pocketing_opponents_coin_that_pays_their_due_places_it():
    """ICF 78 b ii: East pockets a white that pays South's outstanding due: East himself places it."""
    m = new(doubles=True)
    play(m, S, "s")
    assert m.state.board.debts == (1, 0)
    r = play(m, E, "w")
    assert "ICF 78 b ii" in laws(r)
    b = m.state.board
    assert [(o.placer, o.coin) for o in b.owed] == [(E, WHITE)] and b.debts == (0, 0)
    assert m.expected() == Expected(Expect.PLACE, E)
    place_all(m)
    assert m.state.board.white == 9
    assert m.expected() == Expected(Expect.STROKE, N)  # ICF 125: the opponent's coin: the turn is lost


# -- ICF 79–81, 87 a: waiting and waiving ----------------------------------------------


def test_no_room_the_placer_waits_and_places_when_room_appears():
    """ICF 79 a: no room: the placer may wait and place as soon as there is room (ICF 81)."""
    m = mid()
    play(m, S, "ws")
    r = m.play(Declare(N, "wait"))
    assert "ICF 79 a" in laws(r)
    assert m.expected() == Expected(Expect.STROKE, S)  # South plays on (ICF 73)
    assert len(m.state.board.owed) == 2
    play(m, S, "w")
    assert m.expected() == Expected(Expect.PLACE, N)
    place_all(m)
    assert m.state.board.white == 7 and m.expected() == Expected(Expect.STROKE, S)


def test_waiving_the_placing_forfeits_it():
    """ICF 80: a placer who does not want to risk a foul loses the right: the coins stay in the nets."""
    m = mid()
    play(m, S, "ws")
    r = m.play(Place(N, waive=True))
    assert "ICF 80" in laws(r)
    b = m.state.board
    assert not b.owed and b.white == 6 and b.in_nets(WHITE) == 3
    assert m.expected() == Expected(Expect.STROKE, S)


def test_waiving_is_all_at_once():
    """ICF 87 a: the placer waives all the coins owed, not some."""
    m = mid()
    play(m, S, "wsf")
    assert len(m.state.board.owed) == 3
    m.play(Place(N, waive=True))
    assert not m.state.board.owed and m.state.board.white == 6
    assert m.expected() == Expected(Expect.STROKE, N)


def test_waiving_part_after_placing_some_is_refused():
    """ICF 87 a: "solo en su totalidad, no en parte": placing one of three and waiving the other two is a partial waive."""
    m = mid()
    play(m, S, "wsf")
    m.play(Place(N))
    refused(m, Place(N, waive=True))


def test_doubles_the_right_to_place_passes_between_partners_so_neither_places_in_his_turn():
    """ICF 79 b: "el derecho a colocar la ficha pasa constantemente entre los compañeros de equipo para que ninguno
    de ellos coloque la ficha durante su turno"; 001 §3.11 i 1: "Dans le double le droit de garder le/les J/C passe
    au partenaire dès qu'un joueur a fini son tour de jouer". South pockets the striker: East is in turn, so West
    places (79 b); West waits for room (79 a); when the turn comes to West, the right passes back to East."""
    m = new(doubles=True)
    play(m, S, "w")
    r = play(m, S, "s")
    assert "ICF 79 b" in laws(r) and m.expected() == Expected(Expect.PLACE, W)
    m.play(Declare(W, "wait"))
    miss(m, E)
    assert m.expected() == Expected(Expect.PLACE, W)  # North in turn: West keeps it, offered again after the stroke (ICF 81)
    m.play(Declare(W, "wait"))
    r = miss(m, N)
    assert m.state.board.turn is W and "ICF 79 b" in laws(r)
    assert m.expected() == Expected(Expect.PLACE, E)


def test_the_right_to_place_passes_to_the_partner_under_fr_official_citing_001():
    """001 §3.11 i 1 says what ICF 79 b says; a French ruling cites its own law."""
    m = new("fr-official", doubles=True)
    play(m, S, "w")
    r = play(m, S, "s")
    assert "001 §3.11 i" in laws(r) and "ICF 79 b" not in laws(r) and m.expected() == Expected(Expect.PLACE, W)


def test_the_striker_who_pays_the_opponents_due_places_it_in_his_own_turn():
    """ICF 78 b ii: "si un jugador durante su turno inserta la ficha de un oponente que tiene una deuda pendiente
    ... entonces el propio jugador lo coloca": his turn goes on, nothing passes (79 b is about the turn passing)."""
    m = new(doubles=True)
    play(m, S, "w")
    miss(m, S)
    play(m, E, "s")  # East's side owes a black, none in the nets: outstanding (ICF 72 c)
    r = play(m, N, "wb")  # North pockets a white and East's black: he plays on and places it himself
    assert "ICF 79 b" not in laws(r) and m.expected() == Expected(Expect.PLACE, N)


def _two_placers():
    """North to place two whites (South's coin and due, ICF 73, 72 a) and South the black that paid North's due
    (78 b ii), North first."""
    m = new()
    play(m, S, "w")
    miss(m, S)
    play(m, N, "s")  # North owes a black, none in the nets (ICF 72 c)
    play(m, S, "wbs")  # a white, North's black and the striker: South plays on (ICF 75)
    assert [(o.placer, o.coin.value) for o in m.state.board.owed] == [(N, "white"), (N, "white"), (S, "black")]
    return m


def test_a_waiver_by_a_placer_who_has_placed_nothing_is_his_own_whoever_else_is_placing():
    """ICF 80: the placer who "no quiere arriesgarse" gives up his right; ICF 87 a forbids waiving "en parte", which
    is about his own coins: North has begun placing, South has placed nothing, so South may waive his black."""
    m = _two_placers()
    m.play(Place(N))
    r = m.play(Place(S, waive=True))
    assert "ICF 80" in laws(r)
    assert [(o.placer, o.coin.value) for o in m.state.board.owed] == [(N, "white")]
    assert m.expected() == Expected(Expect.PLACE, N)


def test_while_one_placer_is_placing_another_does_not_place():
    """ICF 87 a: a placing is made "en su totalidad" by its placer: while North is placing, South's placing waits
    for him to finish, as the referee's next step says (North); refused, nothing changes."""
    m = _two_placers()
    m.play(Place(N))
    assert m.expected() == Expected(Expect.PLACE, N)
    refused(m, Place(S), "North")
    m.play(Place(N))
    assert m.expected() == Expected(Expect.PLACE, S)
    m.play(Place(S))
    assert m.expected() == Expected(Expect.STROKE, S)
