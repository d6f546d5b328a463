"""Bad input refused with a RulesError naming the problem, the state left exactly as it was.

The referee's contract (src/carrom/rules/__init__.py): "``RulesError`` refuses an action and
changes nothing". Laws cited where a refusal applies one: ICF 27, 28 (seats), 48, 49 (turns),
56 b (toss), 78 (placing), 87 b (claims), 139 (concede), 004 laws 18, 39–41 (the timed game).
"""

import pytest

from carrom.rules import RulesError, Stroke, StrokeOutcome, action_from_dict, action_to_dict
from rules_helpers import (
    E, N, S, W, BLACK, Concede, Declare, Forfeit, Match, Place, Timeout, lose_own_last, miss, new, play, position,
    refused, stroke,
)


def test_out_of_turn_stroke():
    """ICF 48, 49: only the player in turn strikes; a stroke out of turn is entered as a forfeit (ICF 51)."""
    m = new()
    e = refused(m, stroke(N, ""), "turn")
    assert "South" in str(e) and "North" in str(e)
    miss(m, S)
    refused(m, stroke(S, "w"), "turn")


@pytest.mark.parametrize("white, black, letters, off, words", [
    (1, 9, "ww", "", "white"),
    (9, 2, "bbb", "", "black"),
    (2, 9, "ww", "w", "white"),  # two in and one off, only two there
    (9, 1, "b", "b", "black"),
], ids=["ICF I two whites, one left", "ICF I three blacks, two left", "ICF 65 pocketed plus off", "ICF 65 off too"])
def test_more_coins_than_on_the_board(white, black, letters, off, words):
    """ICF part I: nine of each colour; a stroke cannot pocket or throw off more than are on the board."""
    m = position(new(), white, black, turn=S)
    e = refused(m, stroke(S, letters, off=off), words)
    assert "on the board" in str(e)


@pytest.mark.parametrize("state", ["covered", "pending"])
def test_queen_pocketed_when_not_on_the_board(state):
    """ICF 12, 92: one queen; once pocketed (covered or to be covered) it cannot be pocketed again."""
    m = position(new(), 7, 7, queen=0 if state == "covered" else None, turn=S)
    if state == "pending":
        play(m, S, "q")
    assert m.state.board.queen == state
    refused(m, stroke(S, "q"), "queen")
    refused(m, stroke(S, "", off="q"), "queen")


def test_nothing_touched_yet_pieces_moved():
    """ICF 44, 137: a stroke that touches no piece cannot pocket or throw off any."""
    m = position(new(), 7, 7, turn=S)
    refused(m, stroke(S, "w", touched=False), "touched")
    refused(m, stroke(S, "", off="b", touched=False), "touched")


@pytest.mark.parametrize("what", ["dance", "", "   ", "tossnorth"], ids=["unknown", "empty", "blank", "glued"])
def test_unknown_declaration(what):
    m = new()
    e = refused(m, Declare(S, what))
    assert "declar" in str(e)


def test_claim_when_none_is_open():
    """ICF 87 b: extra points only at the end of a board with dues or penalties outstanding."""
    m = position(new(), 5, 5, turn=S)
    refused(m, Declare(S, "extra 1"), "ICF 87 b")


def test_toss_when_none_pending():
    """ICF 56 b: the toss is only for the tie-break board."""
    m = new()
    refused(m, Declare(S, "toss north"), "ICF 56 b")


def test_toss_for_a_seat_nobody_sits_in():
    """ICF 56 b: the toss winner must be one of the players."""
    m = new()
    for w in [0, 1] * 4:
        lose_own_last(m, 1 - w)
    assert m.expected().kind == "toss"
    refused(m, Declare(S, "toss east"))
    refused(m, Declare(S, "toss upstairs"), "seat")


@pytest.mark.parametrize("rules", ["icf", "fr-official", "fr-simplified"])
def test_timeout_outside_timed_rules(rules):
    """004 laws 39–41: the bells belong to the timed game only."""
    m = new(rules)
    refused(m, Timeout(S), "timed")


def test_late_arrival_outside_timed_rules_or_after_play_began():
    """004 law 18: only in the timed game, and before the game's first stroke."""
    refused(new(), Declare(S, "late"), "timed")
    m = new("timed")
    miss(m, S)
    refused(m, Declare(N, "late"), "004 law 18")


@pytest.mark.parametrize("action", [
    stroke(S, ""), Place(S), Declare(S, "replay"), Declare(S, "extra 1"), Concede(S, "game"), Forfeit(N),
    Timeout(S),
], ids=["stroke", "place", "replay", "claim", "concede", "forfeit", "timeout"])
def test_actions_after_the_match_is_over(action):
    """ICF 57, 139: once the match is won nothing more is played."""
    m = new()
    m.play(Concede(N, "match"))
    assert m.state.over
    refused(m, action, "match is over")


@pytest.mark.parametrize("action", [
    stroke(E, ""), Place(W), Declare(E, "replay"), Concede(W, "board"), Forfeit(E), Declare(E, "technical"),
    Timeout(W),
], ids=["stroke east", "place west", "declare east", "concede west", "forfeit east", "technical east", "bell west"])
def test_seat_nobody_sits_in(action):
    """ICF 27: in singles the players sit south and north; nobody sits east or west."""
    refused(new("timed"), action, "nobody sits")


@pytest.mark.parametrize("players, first", [
    ({S: "A", E: "B"}, S),  # ICF 27: singles players sit opposite each other
    ({S: "A", E: "B", N: "C"}, S),  # ICF 27, 28: two or four players
    ({S: "A"}, S),
    ({S: "A", N: "B"}, E),  # the first breaker has no seat
    ({S: "A", N: "  "}, S),  # a player without a name
], ids=["ICF 27 side by side", "ICF 28 three players", "ICF 27 one player", "first breaker away", "no name"])
def test_bad_tables(players, first):
    with pytest.raises(RulesError):
        Match.new("icf", players, first_breaker=first)


def test_unknown_rules():
    with pytest.raises(RulesError, match="no such rules"):
        Match.new("backgammon", {S: "A", N: "B"})


def test_placing_errors():
    """ICF 78: only the placer places, only a colour owed, and not when nothing is owed."""
    m = position(new(), 7, 7, turn=S)
    refused(m, Place(S), "no due")
    refused(m, Place(N, waive=True), "no due")
    play(m, S, "ws")
    refused(m, Place(S))
    refused(m, Place(N, BLACK), "black")
    refused(m, Declare(S, "wait"), "no coin")


def test_concede_what():
    """ICF 139: a side may concede the board, the game or the match, nothing else."""
    refused(new(), Concede(S, "everything"), "ICF 139")


def test_a_refused_action_during_a_claim_keeps_the_claim_open():
    """ICF 87 b: only an action the laws allow closes the claim; a refused one changes nothing."""
    m = position(new(), 1, 3, turn=S)
    play(m, S, "wsf")  # ICF 108 b: North wins, may claim 2
    assert m.expected().kind == "claim"
    refused(m, stroke(S, ""), "turn")  # North breaks the next board (ICF 49 a)
    refused(m, Place(N))
    assert m.state.claim is not None and m.state.claim.most == 2


def test_undo_with_nothing_to_undo():
    with pytest.raises(RulesError, match="undo"):
        new().undo()


# -- action_from_dict --------------------------------------------------------------------


@pytest.mark.parametrize("data, field", [
    ("stroke", "action"),
    ([], "action"),
    ({}, "type"),
    ({"type": "jump", "seat": "south"}, "type"),
    ({"type": "stroke", "seat": "up"}, "seat"),
    ({"type": "stroke"}, "seat"),
    ({"type": "stroke", "seat": "south", "outcome": "white"}, "outcome"),
    ({"type": "stroke", "seat": "south", "outcome": {"pocketed": "white"}}, "outcome.pocketed"),
    ({"type": "stroke", "seat": "south", "outcome": {"pocketed": ["pink"]}}, "outcome.pocketed"),
    ({"type": "stroke", "seat": "south", "outcome": {"off_board": ["striker"]}}, "outcome.off_board"),
    ({"type": "stroke", "seat": "south", "outcome": {"touched": "yes"}}, "outcome.touched"),
    ({"type": "stroke", "seat": "south", "outcome": {"striker_pocketed": 1}}, "outcome.striker_pocketed"),
    ({"type": "stroke", "seat": "south", "fouls": ["cheating"]}, "fouls"),
    ({"type": "stroke", "seat": "south", "fouls": "push"}, "fouls"),
    ({"type": "place", "seat": "north", "coin": "gold"}, "coin"),
    ({"type": "place", "seat": "north", "waive": "no"}, "waive"),
    ({"type": "time", "seat": "north", "board_begun": "no"}, "board_begun"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_action_from_dict_malformed(data, field):
    with pytest.raises(RulesError) as info:
        action_from_dict(data)
    assert field in str(info.value)


@pytest.mark.parametrize("action", [
    stroke(S, "wqs", off="b", fouls=()), stroke(N, "bf"), Place(N, BLACK), Place(S, waive=True), Forfeit(N, "ICF 51"),
    Concede(S, "match"), Declare(S, "toss north"), Declare(N, "extra", 2), Timeout(S), Timeout(N, board_begun=True),
    Stroke(S, StrokeOutcome(touched=False)),
])
def test_action_dict_round_trip(action):
    assert action_from_dict(action_to_dict(action)) == action


# -- malformed action objects handed straight to the referee ----------------------------------

MALFORMED = [
    pytest.param(Stroke("up"), id="seat not a Seat"),
    pytest.param(Stroke("south"), id="seat a plain string"),
    pytest.param(Place("east"), id="place seat a plain string"),
    pytest.param(Stroke(S, StrokeOutcome(pocketed=("pink",))), id="pocketed not a coin"),
    pytest.param(Stroke(S, StrokeOutcome(), fouls=("cheating",)), id="foul not a Foul"),
    pytest.param(Stroke(S, None), id="no outcome"),
    pytest.param(Declare(S, None), id="declaration not a string"),
    pytest.param("stroke", id="not an action"),
    pytest.param(Timeout(S, board_begun="yes"), id="board_begun not true or false"),
]


@pytest.mark.parametrize("action", MALFORMED)
def test_malformed_action_objects_are_refused(action):
    m = new()
    refused(m, action)
