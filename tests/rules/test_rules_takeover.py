"""A match taken over from a paper scorecard (Match.from_score) and the state's ways of naming a side: what an
umpire taking over mid-match relies on (ICF 49 a, 56, 57, 60)."""

import pytest

from carrom.rules import Expect, Expected, Match, RulesError

from rules_helpers import E, N, S, W, NAMES, Declare, laws, new, slam


def take_over(**kw) -> Match:
    return Match.from_score("icf", {S: "Asha", N: "Ravi"}, S, **kw)


@pytest.mark.parametrize("points, changed", [((13, 5), True), ((12, 5), False)],
                         ids=["ICF 60 a at 13 the sides have changed", "ICF 60 a at 12 not yet"])
def test_a_deciding_game_taken_over_knows_whether_the_sides_have_changed(points, changed):
    """ICF 60 a: in the deciding game the sides change after the fourth board or when a side reaches 13. Taken
    over at 13 after two boards, they have already changed (no second change announced); at 12, not yet."""
    m = take_over(breaker=S, points=points, games_won=(1, 1), boards_done=2)
    assert m.state.sides_changed is changed
    r = slam(m, 1)  # North wins the board: 12 more
    assert ("ICF 60 a" in laws(r)) is (not changed)


@pytest.mark.parametrize("won", [(-1, 0), (0, 2)], ids=["no negative games", "ICF 57 two games end the match"])
def test_games_won_out_of_range_are_refused(won):
    with pytest.raises(RulesError, match="games_won"):
        take_over(breaker=S, games_won=won)


def test_points_out_of_range_are_refused():
    with pytest.raises(RulesError, match="points"):
        take_over(breaker=S, points=(-1, 0), boards_done=1)


def test_the_next_game_is_broken_by_the_other_side_of_the_game_taken_over():
    """ICF 49 a ii: the second game is broken by the side that did not break the first. South broke the first
    board of game 1 and North breaks its second board, where the umpire takes over: game 2 opens with North."""
    m = take_over(breaker=N, points=(0, 0), boards_done=1)
    assert m.state.game_first is S
    for _ in range(3):
        slam(m, 0)
    assert m.state.game_index == 1 and m.state.board.breaker is N


def test_a_side_is_found_by_a_seat_s_name_in_doubles():
    """A side may be named by a seat, by its pair's name or by a player (the umpire's words)."""
    m = new(doubles=True)
    st = m.state
    for seat in (S, E, N, W):
        side = st.table.side(seat)
        assert st.side_of(seat.value) == side and st.side_of(NAMES[seat]) == side
    assert st.sides == (st.side(0), st.side(1))


def test_expected_values_compare_their_optional_flag():
    """ICF 87 b: a claim is awaited but optional; the same wait that is not optional is another value."""
    a, b = Expected(Expect.CLAIM, S, optional=True), Expected(Expect.CLAIM, S, optional=False)
    assert a != b and a == Expected(Expect.CLAIM, S, optional=True) and a != ("claim", S)


def test_past_games_taken_over_are_checked_against_the_games_won():
    """ICF 57: the games' winners on the paper card must add up to the games won; unknown past scores are 0–0."""
    m = take_over(breaker=N, points=(3, 0), games_won=(1, 0), boards_done=1, past_games=[(25, 10)])
    assert m.state.points == ((25, 10), (3, 0))
    m = take_over(breaker=N, points=(3, 0), games_won=(0, 1), boards_done=1, past_games=[(8, 25)])
    assert m.state.points == ((8, 25), (3, 0))
    with pytest.raises(RulesError, match="do not add up"):
        take_over(breaker=N, games_won=(1, 0), past_games=[(10, 25)])
    m = take_over(breaker=N, points=(3, 0), games_won=(0, 1), boards_done=1)
    assert m.state.points == ((0, 0), (3, 0))


def test_a_score_given_by_seat_counts_a_side_not_named_as_nothing():
    """The umpire may give the score by seat ("north": 4); a side not named has nothing."""
    m = take_over(breaker=S, points={"north": 4}, boards_done=1)
    assert m.state.points[-1] == (0, 4)
    m = take_over(breaker=S, points={"south": 4}, boards_done=1)
    assert m.state.points[-1] == (4, 0)


def test_a_game_level_after_its_eight_boards_is_taken_over_before_the_tie_break_toss():
    """ICF 56 b: "Si el puntaje está empatado al final del octavo juego, se juega un juego adicional para decidir el
    ganador. Antes de este juego, se realizará un sorteo para decidir solo el jugador con derecho a tirar": a card
    at 12–12 after 8 boards is taken over awaiting that toss; its winner breaks, and the extra board's winner wins
    the game."""
    m = take_over(breaker=S, points=(12, 12), boards_done=8)
    assert m.state.awaiting_toss and m.expected() == Expected(Expect.TOSS, S)
    r = m.play(Declare(S, "toss", value="north"))
    assert "ICF 56 b" in laws(r) and m.expected() == Expected(Expect.STROKE, N)
    slam(m, 1)
    assert m.state.games_won == (0, 1)


@pytest.mark.parametrize("points", [(13, 12), (0, 0)], ids=["ICF 56 a 13-12 after 8 boards: the game is over",
                                                            "ICF 56 a 0-0 after 9 boards: past the limit"])
def test_a_card_past_the_game_end_is_still_refused(points):
    """ICF 56 a: the game ends after 8 boards; only a level score goes on, to the tie-break board (56 b)."""
    with pytest.raises(RulesError, match="boards_done"):
        take_over(breaker=S, points=points, boards_done=8 if points != (0, 0) else 9)
