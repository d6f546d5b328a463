"""A result typed by the desk is checked against the laws: each row names its law."""

import pytest

from carrom.tournament import Format, ResultError, check, parse_games
from carrom.tournament.results import walkover

REFUSED = [
    # (games, law in the message)
    ("25-25 25-3", "ICF 56 a"),  # ICF 56 a: the game ends when a side reaches 25, so both cannot have won it
    ("27-25 25-3", "ICF 56 a"),
    ("34-3 25-3", "ICF 55"),  # ICF 55: at most 12 points a board, so no game can end above 33
    ("25-3 25-4 25-5", "ICF 57"),  # ICF 57: best of three; a third game after 2-0 is no game of the match
    ("25-3 3-25 25-4 25-5", "ICF 57"),  # more than three games
    ("25-3", "ICF 57"),  # a single game is no finished best of three
    ("25-3 3-25", "ICF 57"),  # 1-1: the match is not over
    ("20-20 25-3 25-3", "ICF 56 b"),  # ICF 56 b: a level game after the 8th board gets one more board
]


@pytest.mark.parametrize("text,law", REFUSED, ids=[r[0] for r in REFUSED])
def test_impossible_results_refused_with_their_law(text, law):
    with pytest.raises(ResultError) as caught:
        check(parse_games(text))
    assert law in str(caught.value)


def test_negative_score_refused():
    """ICF 53 a: a game's points are counted coins, never fewer than none."""
    with pytest.raises(ResultError, match="negative"):
        check(parse_games("25--3 25-3"))
    with pytest.raises(ResultError, match="negative"):
        check(((25, -3), (25, 3)))


def test_malformed_score_refused():
    with pytest.raises(ResultError, match="two numbers"):
        parse_games("25-x 25-3")


ACCEPTED = [
    ("25-3 25-10", 1, 0),
    ("3-25 25-10 24-25", 2, 0),
    ("19-7 25-10", 1, 1),  # ICF 56 a: a game may end after the 8th board below 25 (or by time): unusual, legal
    ("33-0 0-33 21-12", 1, 1),  # 33: 21 + a board of 12 (ICF 55); the third game ended below 25
]


@pytest.mark.parametrize("text,winner,notes", ACCEPTED, ids=[r[0] for r in ACCEPTED])
def test_legal_results_accepted_and_the_unusual_noted(text, winner, notes):
    result = check(parse_games(text))
    assert result.winner == winner
    assert len(result.unusual) == notes
    assert all("ICF 56 a" in n for n in result.unusual)


def test_sol_single_game_may_be_drawn_but_not_nil_nil():
    """SoL's single game may end level by time (a draw, 1 point each); 0-0 is no game played."""
    assert check(((12, 12),), Format.SINGLE).winner == 0
    with pytest.raises(ResultError):
        check(((0, 0),), Format.SINGLE)
    with pytest.raises(ResultError):
        check(((25, 3), (25, 3)), Format.SINGLE)


def test_walkover_only_after_the_laws_time():
    """ICF 143 i: a player not reporting within 15 minutes of the announcement loses the match;
    004 laws 18 and 126 (the timed rules): 7 minutes, the game lost 25-0."""
    with pytest.raises(ResultError, match="ICF 143 i"):
        walkover(1, waited_minutes=14.9)
    result = walkover(1, waited_minutes=15)
    assert result.walkover and result.winner == 1 and result.games == ((25, 0), (25, 0))
    with pytest.raises(ResultError, match="004 laws 18 and 126"):
        walkover(2, waited_minutes=6, timed=True)
    assert walkover(2, Format.SINGLE, waited_minutes=7, timed=True).games == ((0, 25),)


def test_team_tie_won_by_more_rubbers():
    """A team event's tie is several matches (rubbers), each a best of three (ICF 57); more rubbers won wins it."""
    from carrom.tournament import tie

    r = tie((((25, 3), (25, 4)), ((3, 25), (25, 1), (20, 25)), ((25, 0), (25, 1))), 3)
    assert r.winner == 1
    assert (r.score1, r.score2) == (25 + 25 + 3 + 25 + 20 + 25 + 25, 3 + 4 + 25 + 1 + 25 + 0 + 1)
    assert tie((((25, 3), (25, 4)), ((25, 3), (25, 4))), 3).winner == 1  # decided 2-0: the third not needed
    assert tie((((25, 3), (25, 4)), ((3, 25), (4, 25))), 2).winner == 0  # two rubbers shared: drawn
    with pytest.raises(ResultError, match="the tie was decided"):
        tie((((25, 3), (25, 4)), ((25, 3), (25, 4)), ((25, 3), (25, 4))), 3)
    with pytest.raises(ResultError, match="not decided"):
        tie((((25, 3), (25, 4)), ((3, 25), (4, 25))), 3)
    with pytest.raises(ResultError, match="rubber 2: .*ICF 56 a"):
        tie((((25, 3), (25, 4)), ((25, 25), (25, 4))), 3)


def test_a_score_typed_with_the_dash_the_desk_shows_is_read():
    """Issue 42, item 17: "25–13" with the en dash the desk itself displays was refused."""
    assert parse_games("25–13 12—25 25−20 25:3") == ((25, 13), (12, 25), (25, 20), (25, 3))


@pytest.mark.parametrize("text", ["2²-25", "٢٥-3", "1" * 5000 + "-3", "0025-3"])
def test_digits_that_are_no_games_score_are_refused_in_a_line(text):
    """Superscripts and other scripts' digits passed isdigit() and then broke int(); a 5,000-digit number went
    past Python's digit limit (issue 43, item 6): each is refused as malformed, naming the part."""
    with pytest.raises(ResultError) as refused:
        parse_games(text)
    assert refused.value.law == "ICF 57" and "is two numbers" in str(refused.value)


def _knockout_round(n_players, rounds_played, **settings):
    """A knockout of ``n_players``, ``rounds_played`` rounds played, the next one paired."""
    import random

    from carrom.tournament import System, pair
    from tournament_helpers import event, play_round

    rng, ev = random.Random(3), pair(event(n_players, system=System.KNOCKOUT, **settings))
    for _ in range(rounds_played):
        ev = pair(play_round(ev, rng))
    return ev


def _first_match(ev):
    return next(m for m in ev.round_matches(ev.current_round) if m.side2 is not None)


@pytest.mark.parametrize("players, rounds_played, stage", [
    (16, 1, "quarter-final"), (16, 2, "semi-final"), (16, 3, "final"), (8, 0, "quarter-final")],
    ids=["ICF 56 b: quarter-final", "ICF 56 b: semi-final", "ICF 56 b: final", "ICF 56 b: 8 players' first round"])
def test_no_game_below_25_from_the_quarter_finals_on(players, rounds_played, stage):
    """ICF 56 b: the rounds up to the last sixteen end a game after the 8th board; the quarter-finals and after do
    not, so a game there ends only when a side reaches 25: 20-24 is refused with the law (issue 42 item 17)."""
    from carrom.tournament import record

    ev = _knockout_round(players, rounds_played)
    m = _first_match(ev)
    with pytest.raises(ResultError, match=r"game 2: 20-24 is below 25.*\(ICF 56 b\)"):
        record(ev, m.round, m.table, parse_games("25-3 20-24 25-9"))
    assert find_result(record(ev, m.round, m.table, parse_games("25-3 20-25 25-9")), m) == ((25, 3), (20, 25), (25, 9))


def find_result(ev, m):
    from carrom.tournament import find

    return find(ev, m.round, m.table).result.games


def test_a_game_below_25_still_ends_the_last_sixteen_and_a_timed_final():
    """ICF 56 b: up to the last sixteen a game ends after the 8th board; the timed rules end it by the bell
    (004 law 40) in any round."""
    from carrom.tournament import record

    ev = _knockout_round(16, 0)
    m = _first_match(ev)
    assert find_result(record(ev, m.round, m.table, parse_games("25-3 20-24 25-9")), m)[1] == (20, 24)
    ev = _knockout_round(8, 2, timed=True)
    m = _first_match(ev)
    assert find_result(record(ev, m.round, m.table, parse_games("25-3 20-24 25-9")), m)[1] == (20, 24)
