"""Thresholds and names the referee must get exactly right: the point where a law starts to apply, and
the words that say to whom. Each test here was written against a change the mutation check
(benchmarks/mutation.py, docs/testing.md) showed the rest of the suite would not notice.
"""

from __future__ import annotations

from carrom.rules import OutOfTime, running

from rules_helpers import N, S, Concede, Declare, Match, Timeout, laws, miss, new, play, position, slam
from test_rules_match import to_third_game
from carrom.rules import Expect, Expected


def words(ruling) -> list[str]:
    return [str(d.text) for d in ruling.decisions]


def test_deciding_game_sides_change_at_exactly_thirteen_points():
    """ICF 60 a: in the deciding game the sides change when a side reaches 13 points: at 13, not only beyond it.
    South reaches 12 (a slam), then wins a board by exactly 1: North covered the queen and has one coin left."""
    m = to_third_game(new())
    slam(m, 0)
    assert m.state.points[-1] == (12, 0)
    position(m, *((9, 1) if m.state.board.colour(0).value == "white" else (1, 9)), queen=1, turn=S)
    own = m.state.colour_of(S).value[0]
    r = play(m, S, own * 9)
    assert m.state.points[-1] == (13, 0)
    assert "ICF 60 a" in laws(r)


def test_the_score_after_a_board_names_both_sides():
    """ICF 53 a: after each board the game's score is said with the sides' names (what the umpire calls out)."""
    m = new()
    r = slam(m, 0)
    score = [str(d.text) for d in r.decisions if d.law == "ICF 53 a"][-1]
    assert score == "game 1: South 12 – 0 North"


def test_a_claim_within_the_cap_is_not_said_to_be_capped():
    """ICF 87 b: the winners may demand the extra points; ICF 55: at most 12 a board. A claim that fits under 12
    is granted as asked, and its words do not invoke ICF 55's cap."""
    m = position(new(), 3, 1, turn=S)
    r = play(m, S, "bs")  # South pockets North's last coin with the striker (ICF 111 a): North wins, 1 extra claimable
    assert r.ending("board").extra_claimable == 1
    r = m.play(Declare(N, "extra 1"))
    assert words(r)[0] == "North claims 1 point extra"
    assert not any("ICF 55" in w or "at most 12" in w for w in words(r))


def test_after_the_break_passes_the_next_breaker_is_timed_for_a_break_with_three_attempts():
    """ICF 45 c: a breaker slow after a failed attempt loses the break, no penalty; the next player then breaks
    with the break's own clock (ICF 46) and three attempts of his own (ICF 45 a, b)."""
    m = new()
    miss(m, S, touched=False)  # the first attempt touched nothing (ICF 45 a)
    m.play(OutOfTime(S, "stroke"))
    clock = running(m.state)
    assert (clock.what, clock.seat, clock.law) == ("break", N, "ICF 46")
    for attempt in range(2):
        r = miss(m, N, touched=False)
        assert m.state.board.turn is N, f"attempt {attempt + 1} of 3 keeps the break"
    r = miss(m, N, touched=False)
    assert "ICF 45 b" in laws(r) and m.state.board.turn is S


def test_a_placing_out_of_time_lapses_only_the_late_placers_coins():
    """ICF 87 a, 88 b: the coins a placer did not place in time stay in the nets and the placer is penalised; the
    coins the OTHER side is to place at the same moment are untouched. North waits for room (ICF 79 a), then fouls
    (the striker pocketed): North now places two whites for South and South two blacks for North; North's time
    runs out."""
    m = position(new(), 7, 7, turn=S)
    play(m, S, "ws")  # the striker with a white: two whites for North to place (ICF 72, 73)
    m.play(Declare(N, "wait"))
    miss(m, S)
    m.play(Declare(N, "wait"))
    play(m, N, "sf")  # North's foul: two blacks for South to place
    owed = [(o.placer, o.coin.value, o.waiting) for o in m.state.board.owed]
    assert owed == [(N, "white", False)] * 2 + [(S, "black", False)] * 2
    r = m.play(OutOfTime(N, "place"))
    assert "ICF 87 a" in laws(r) and "ICF 88 b" in laws(r)
    assert [(o.placer, o.coin.value) for o in m.state.board.owed] == [(S, "black")] * 2
    assert m.state.board.debts == (0, 1)  # North's penalty (88 b): no black in the nets yet (ICF 72 c)


def test_a_level_board_at_the_second_bell_leaves_nothing_to_claim():
    """004 law 41: the second bell ends the board; the difference of coins left goes to the side with fewer. Level:
    no winner, so no one may demand extra points (ICF 87 b is for the board's winners) and none is offered."""
    m = position(new("timed"), 6, 6, queen=0, turn=S)
    m.play(Timeout(S))
    r = m.play(Timeout(S))
    ended = r.ending("board")
    assert ended.winner is None and ended.points == 0 and ended.extra_claimable == 0
    assert m.state.claim is None


def test_only_a_board_can_leave_extra_points_to_claim():
    """ICF 87 b: extra points are demanded by a board's winners; a game's or a match's end leaves none to claim."""
    m = new()
    ends = [e for _ in range(6) for e in slam(m, 0).ended if e.kind.value != "board"]
    assert [e.kind.value for e in ends] == ["game", "game", "match"]
    assert all(e.extra_claimable == 0 for e in ends)


def test_a_conceded_game_is_named_by_its_number_and_a_conceded_match_ends_on_games():
    """ICF 139: a side may concede a board, a game or the match. The ruling names the game conceded; the match's
    end carries the games won (ICF 57), not points."""
    m = new()
    slam(m, 0)
    r = m.play(Concede(N, "game"))
    assert "ICF 139" in laws(r) and "North concedes game 1" in words(r)
    r = m.play(Concede(N, "match"))
    end = r.ending("match")
    assert (end.winner, end.points, end.score, end.game) == (0, 0, (1, 0), 2)


def test_a_match_taken_over_without_names_calls_the_players_by_their_seats():
    """ICF 49 a: a match taken over from a paper scorecard before a board's break; with no names given the players
    are called by their seats, and the card so far (the boards played) is the state's results."""
    m = Match.from_score(breaker=N, points=(5, 3), boards_done=2)
    assert m.state.player(S) == "South" and m.state.player(N) == "North"
    assert m.expected() == Expected(Expect.STROKE, N)
    slam(m, 1)
    assert m.scorecard() == m.state.results and len(m.scorecard()) == 1
    assert m.scorecard()[0].winner == 1


def test_an_open_claim_for_extra_points_does_not_stop_the_next_break_s_clock():
    """ICF 87 b: the winners may demand their extra points, but need not; meanwhile the next board's break is
    timed as usual (ICF 46)."""
    m = position(new(), 3, 1, turn=S)
    play(m, S, "bs")  # North wins the board with 1 extra point claimable
    assert m.state.claim is not None and m.expected() == Expected(Expect.CLAIM, N, optional=True)
    clock = running(m.state)
    assert (clock.what, clock.seat, clock.law) == ("break", m.state.board.breaker, "ICF 46")
