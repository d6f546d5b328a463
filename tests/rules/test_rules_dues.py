"""Technical fouls, fouls, dues and penalties, and placing them (ICF 63, 64, 72–83, 87 a).

Unless a case says otherwise it starts from 7 white and 7 black on the board, reached by
real strokes (South and North have two coins each in the nets), South in turn.
"""

import pytest

from rules_helpers import (
    BLACK, E, N, S, W, WHITE, Declare, Place, laws, miss, new, place_all, play, position, refused, stroke,
)


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
    assert m.expected() == ("place", N)  # ICF 78 a: immediately, even if the striker plays on
    place_all(m)
    b = m.state.board
    assert m.expected() == ("stroke", turn)
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
    assert m.expected() == ("stroke", N)
    miss(m, N)
    r = play(m, S, "w")
    assert "ICF 72 c" in laws(r)
    b = m.state.board
    assert [o.coin for o in b.owed] == [WHITE] and b.owed[0].placer is N
    assert b.debts == (debts[0] - 1, 0)  # ICF 83: the available coin first, the rest when available
    place_all(m)
    assert m.expected() == ("stroke", S)  # ICF 48: South pocketed an own coin and plays on
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
    assert m.state.board.white == 9 and m.expected() == ("stroke", N)


# -- ICF 63: technical fouls --------------------------------------------------------------


def test_technical_foul_before_first_stroke_keeps_the_turn():
    """ICF 63 a: before his first stroke: the opponent places one of his coins; the turn is not lost."""
    m = mid()
    r = m.play(Declare(S, "technical"))
    assert "ICF 63 a" in laws(r)
    b = m.state.board
    assert [(o.placer, o.coin) for o in b.owed] == [(N, WHITE)]
    place_all(m)
    assert m.expected() == ("stroke", S) and m.state.board.white == 8


def test_technical_foul_by_a_player_not_in_turn():
    """ICF 63 b: a breach by the player not in turn is a technical foul: a penalty as in 63 a."""
    m = mid()
    r = m.play(Declare(N, "technical"))
    assert "ICF 63 b" in laws(r)
    b = m.state.board
    assert [(o.placer, o.coin) for o in b.owed] == [(S, BLACK)]  # the opponent places North's coin
    place_all(m)
    assert m.expected() == ("stroke", S) and m.state.board.black == 8


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
    assert m.state.board.white == 9 and m.expected() == ("stroke", N)


@pytest.mark.parametrize("striker, letters, placer", [
    (S, "s", E),
    (E, "s", N),
    (N, "ws", W),
    (W, "bsf", S),
], ids=["ICF 78 b i south", "ICF 78 b i east", "ICF 78 b i north", "ICF 78 b i west"])
def test_doubles_placer_is_on_the_right_of_the_player_in_turn(striker, letters, placer):
    """ICF 78 b i: in doubles the player on the right of the player in turn places."""
    m = mid(doubles=True, turn=striker)
    play(m, striker, letters)
    b = m.state.board
    assert b.owed and all(o.placer is placer for o in b.owed)
    assert m.expected() == ("place", placer)


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
    assert m.expected() == ("stroke", N)


def test_doubles_pocketing_opponents_coin_that_pays_their_due_places_it():
    """ICF 78 b ii: East pockets a white that pays South's outstanding due: East himself places it."""
    m = new(doubles=True)
    play(m, S, "s")
    assert m.state.board.debts == (1, 0)
    r = play(m, E, "w")
    assert "ICF 78 b ii" in laws(r)
    b = m.state.board
    assert [(o.placer, o.coin) for o in b.owed] == [(E, WHITE)] and b.debts == (0, 0)
    assert m.expected() == ("place", E)
    place_all(m)
    assert m.state.board.white == 9
    assert m.expected() == ("stroke", N)  # ICF 125: the opponent's coin: the turn is lost


# -- ICF 79–81, 87 a: waiting and waiving ----------------------------------------------


def test_no_room_the_placer_waits_and_places_when_room_appears():
    """ICF 79 a: no room: the placer may wait and place as soon as there is room (ICF 81)."""
    m = mid()
    play(m, S, "ws")
    r = m.play(Declare(N, "wait"))
    assert "ICF 79 a" in laws(r)
    assert m.expected() == ("stroke", S)  # South plays on (ICF 73)
    assert len(m.state.board.owed) == 2
    play(m, S, "w")
    assert m.expected() == ("place", N)
    place_all(m)
    assert m.state.board.white == 7 and m.expected() == ("stroke", S)


def test_waiving_the_placing_forfeits_it():
    """ICF 80: a placer who does not want to risk a foul loses the right: the coins stay in the nets."""
    m = mid()
    play(m, S, "ws")
    r = m.play(Place(N, waive=True))
    assert "ICF 80" in laws(r)
    b = m.state.board
    assert not b.owed and b.white == 6 and b.in_nets(WHITE) == 3
    assert m.expected() == ("stroke", S)


def test_waiving_is_all_at_once():
    """ICF 87 a: the placer waives all the coins owed, not some."""
    m = mid()
    play(m, S, "wsf")
    assert len(m.state.board.owed) == 3
    m.play(Place(N, waive=True))
    assert not m.state.board.owed and m.state.board.white == 6
    assert m.expected() == ("stroke", N)


def test_waiving_part_after_placing_some_is_refused():
    """ICF 87 a: "solo en su totalidad, no en parte": placing one of three and waiving the other two is a partial waive."""
    m = mid()
    play(m, S, "wsf")
    m.play(Place(N))
    refused(m, Place(N, waive=True))
