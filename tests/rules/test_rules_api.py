"""The referee's API for integrators: what each ruling ended, the state by seat and side name, a
side's dues, a match taken over from a paper scorecard, and what the laws expect next.

Laws: ICF 53 a, 56, 57, 137, 139, 140, 142 (what ends), 72 c, 78, 79 a (dues), 87 b (claims), 49 a
(who breaks), XIX note 1 (side 0 is the first breaker's).
"""

import pytest

from carrom.rules import Concede, Declare, EndKind, Expect, Expected, Match, RulesError
from rules_helpers import N, S, E, W, miss, new, play, position, refused, slam, win_board


@pytest.mark.parametrize("make, kinds, law", [
    (lambda m: slam(m, 0), ["board"], "ICF 53 a"),
    (lambda m: m.play(Declare(S, "replay")), ["replay"], "ICF 140"),
    (lambda m: m.play(Declare(S, "no-room")), ["replay"], "ICF 142"),
    (lambda m: m.play(Concede(N, "game")), ["game"], "ICF 139"),
    (lambda m: m.play(Concede(N, "match")), ["match"], "ICF 139"),
], ids=["ICF 53 a a board", "ICF 140 a replay", "ICF 142 a replay", "ICF 139 a game", "ICF 139 the match"])
def test_each_ruling_says_what_it_ended(make, kinds, law):
    m = new()
    r = make(m)
    assert [e.kind.value for e in r.ended] == kinds
    assert r.ended[0].law.startswith(law[:7]) or r.ended[0].law == law


def test_a_board_that_ends_the_game_and_the_match():
    """ICF 56 a, 57: 12, 12, then 9 (no queen from 22, ICF 54) take South past 25 twice: board, game, match."""
    m = new()
    for _ in range(2):
        slam(m, 0)
    r = slam(m, 0)
    assert [e.kind for e in r.ended] == [EndKind.BOARD, EndKind.GAME]
    board, game = r.ended
    assert (board.winner, board.points, board.board, board.seats) == (0, 9, 3, (S,))
    assert (game.winner, game.score, game.game) == (0, (33, 0), 1)
    for _ in range(2):
        slam(m, 0)
    r = slam(m, 0)
    match = r.ending("match")
    assert match.winner == 0 and match.score == (2, 0) and match.law == "ICF 57"
    assert m.expected() is None


def test_three_misses_each_end_in_a_replay():
    """ICF 137: the board is replayed, and the ruling says so."""
    m = new()
    play(m, S, "w")
    for _ in range(6):
        r = miss(m, touched=False)
    assert r.ending(EndKind.REPLAY).law == "ICF 137"


def test_state_by_seat_and_by_side_name():
    m = new(doubles=True)
    play(m, S, "ww")
    st = m.state
    assert st.side(S) == st.side(N) == st.side("south & north") == st.side("Ravi") == st.side(0)
    view = st.side(E)
    assert view.name == "East & West" and view.seats == (E, W) and view.players == ("Bilal", "Dana")
    assert st.side(S).on_board == 7 and st.side(S).colour.value == "white"
    with pytest.raises(RulesError, match="names no side"):
        st.side("Nobody")


def test_a_sides_dues_in_one_place():
    """ICF 72 c outstanding, 78 a to place, 79 a waiting for room."""
    m = new()
    play(m, S, "s")  # South's break with the striker, no coin: outstanding (ICF 72 c)
    assert m.state.dues(S).outstanding == 1 and m.state.dues(S).total == 1
    play(m, N, "bs")  # North: a black and a due back, South places them
    d = m.state.dues("north")
    assert (d.to_place, d.waiting, d.outstanding) == (1, 0, 1)  # the black back now, the due when one is in
    m.play(Declare(S, "wait"))
    assert m.state.dues(N).waiting == 1 and m.state.dues(N).total == 2


def test_expected_is_a_plain_value_not_a_pair():
    """What the laws wait for is a frozen value with an enum kind (STYLE §1), not a tuple: it neither unpacks nor
    indexes nor equals a pair; its kind still reads as the old word in text and keys."""
    m = new()
    exp = m.expected()
    assert isinstance(exp, Expected) and exp.kind is Expect.STROKE and exp.seat is S and not exp.optional
    assert exp == Expected(Expect.STROKE, S) and exp != ("stroke", S) and hash(exp) == hash(Expected(Expect.STROKE, S))
    with pytest.raises(TypeError):
        kind, seat = exp
    with pytest.raises(TypeError):
        exp[0]
    assert f"{exp.kind}" == str(exp.kind) == "stroke" and {"stroke": 1}[exp.kind] == 1


def test_a_match_taken_over_with_nothing_scored_yet():
    """ICF 49 a: the breaker named breaks the first board; with no score given, both sides start from nothing, in
    the first game (the defaults of ``Match.from_score`` and of ``state_from_score`` behind it)."""
    from carrom.rules.state import state_from_score

    for st in (Match.from_score("icf", {S: "Asha", N: "Ravi"}, S, breaker=N).state,
               state_from_score("icf", {S: "Asha", N: "Ravi"}, S, breaker=N)):
        assert st.points == ((0, 0),) and st.games_won == (0, 0) and st.game_index == 0 and st.boards_done == 0
        assert st.board.breaker is N and not st.over


def test_a_match_taken_over_from_a_paper_scorecard():
    """ICF 54: from 22 the queen is not counted; ICF 49 a: the breaker given breaks; ICF 60 a in the third game."""
    m = Match.from_score("icf", {S: "Asha", N: "Ravi"}, S, breaker=N, points={N: 22, S: 10},
                         games_won=(1, 1), boards_done=4, past_games=[(25, 3), (8, 25)])
    st = m.state
    assert st.points == ((25, 3), (8, 25), (10, 22)) and st.games_won == (1, 1) and st.game_index == 2
    assert m.expected() == Expected(Expect.STROKE, N) and st.board.colour(1).value == "white"  # the breaker plays white
    assert st.sides_changed  # the deciding game, after its fourth board (ICF 60 a)
    slam(m, 1)
    assert st.side(N).points + 9 == m.state.side(N).points  # 9 coins, no queen from 22 (ICF 54)
    assert m.state.over and m.state.winner == 1


@pytest.mark.parametrize("kw, words", [
    (dict(points=(25, 3), boards_done=2), "fewer than 25"),
    (dict(games_won=(2, 0)), "fewer than 2 games"),
    (dict(points=(3, 2)), "boards_done"),
    (dict(points=(3, 2), boards_done=8), "below 8"),
    (dict(games_won=(1, 0), past_games=[(3, 25)]), "do not add up"),
    (dict(points=(-1, 0), boards_done=1), "whole numbers"),
    (dict(points={"west": 3}, boards_done=1), "nobody sits west"),
], ids=["game already won", "match already won", "points without boards", "eight boards, not level", "past games",
        "negative", "nobody west"])
def test_a_scorecard_that_cannot_be_taken_over(kw, words):
    kw.setdefault("breaker", S)
    with pytest.raises(RulesError, match=words):
        Match.from_score("icf", {S: "Asha", N: "Ravi"}, S, **kw)


def test_undo_of_a_claim_and_of_the_action_that_closed_it():
    """ICF 87 b: a claim is an action like any other: undone, the claim is open again."""
    m = position(new(), 1, 3, turn=S)
    play(m, S, "wsf")  # ICF 108 b: North wins 3, may demand 2
    open_claim = m.state
    m.play(Declare(N, "extra 2"))
    assert m.state.points[0] == (0, 5)
    m.undo()
    assert m.state is open_claim
    miss(m, N)  # the next board's break closes it
    assert m.state.claim is None and m.state.points[0] == (0, 3)
    refused(m, Declare(N, "extra 1"))


def test_win_board_helpers_still_agree():
    m = new()
    r = win_board(m, 1, small=True)
    assert r.ending("board").winner == 1 and r.ending("board").points == 3
