"""Swiss pairing as SoL 5.26 pairs (its models/tourney.py visitors and ``_makeNextTurn``, read as facts):
dazed and staggered cross a score group of three or more, an odd group taking in the first of the next
group (SoL 4.11, its issue 15); ``delaytoppairing`` orders equal points by rating while the rounds ranked
are fewer than it."""

from dataclasses import replace

from carrom.tournament import Competitor, Event, Format, Match, Pairing, Player, Settings, check, pair
from carrom.tournament.swiss import order

NAMES = ["Asha", "Ivo", "Luca", "Sara", "Ana", "Bo"]


def _three_winners(pairing: Pairing) -> Event:
    """After round 1: Asha 25-0 Bo, Ivo 25-5 Ana, Luca 25-10 Sara."""
    players = {i: Player(i, n, n) for i, n in enumerate(NAMES, 1)}
    comps = tuple(Competitor(i, (i,)) for i in players)
    ev = Event("t", Settings(pairing=pairing, format=Format.SINGLE), players, comps)
    games = {(1, 6): (25, 0), (2, 5): (25, 5), (3, 4): (25, 10)}
    return ev.with_matches(Match(1, t, a, b, check((g,), Format.SINGLE)) for t, ((a, b), g) in enumerate(games.items(), 1))


def _pairs(ev: Event, number: int) -> set[frozenset[str]]:
    """The round's pairs as names, whatever tables they went to."""
    return {frozenset((ev.players[m.side1].first, ev.players[m.side2].first)) for m in ev.round_matches(number)}


def _names(*pairs: tuple[str, str]) -> set[frozenset[str]]:
    return {frozenset(p) for p in pairs}


def test_a_group_of_three_is_crossed_with_the_first_of_the_next():
    """SoL 5.26 (same_points > 2, an odd group takes in the next one's first): Asha v Luca, Ivo v Sara;
    SoL 4.10's rule (groups of four or more only) gave Asha v Ivo, Luca v Ana."""
    for method in (Pairing.DAZED, Pairing.STAGGERED):
        assert _pairs(pair(_three_winners(method)), 2) == _names(("Asha", "Luca"), ("Ivo", "Sara"), ("Ana", "Bo"))


def test_serial_is_unchanged_by_the_groups():
    assert _pairs(pair(_three_winners(Pairing.SERIAL)), 2) == _names(("Asha", "Ivo"), ("Luca", "Ana"), ("Sara", "Bo"))


def _level_after_one(delay: int) -> Event:
    players = {i: Player(i, f"F{i}", f"L{i}", rating=100.0 * i) for i in range(1, 5)}
    ev = Event("t", Settings(format=Format.SINGLE, delay_top=delay), players, tuple(Competitor(i, (i,)) for i in players))
    return ev.with_matches([Match(1, 1, 1, 2, check(((10, 10),), Format.SINGLE)),
                            Match(1, 2, 3, 4, check(((5, 5),), Format.SINGLE))])


def test_delay_top_lasts_while_the_rounds_ranked_are_fewer():
    """SoL: ``rankedturn < delaytoppairing``. With its default 1 round 2 is ranked as any other round;
    with 2 it is still ordered by rating."""
    assert order(_level_after_one(1), 2) == [2, 1, 4, 3]  # by total score (10, 5), an exact tie by rating
    assert order(_level_after_one(2), 2) == [4, 3, 2, 1]  # by rating before net and total, the best first
    assert order(_level_after_one(0), 2) == [2, 1, 4, 3]


def _compatriots(delay: int, rounds_played: int = 1) -> Event:
    """Two Italian leaders on 2 points, two Slovenians on 0 (SoL 5's issue 41)."""
    players = {1: Player(1, "A", "A", country="ITA"), 2: Player(2, "B", "B", country="ITA"),
               3: Player(3, "C", "C", country="SLO"), 4: Player(4, "D", "D", country="SLO")}
    ev = Event("t", Settings(format=Format.SINGLE, delay_compatriots=delay), players,
               tuple(Competitor(i, (i,)) for i in players))
    return ev.with_matches([Match(1, 1, 1, 3, check(((25, 5),), Format.SINGLE)),
                            Match(1, 2, 2, 4, check(((25, 9),), Format.SINGLE))][:2 * rounds_played])


def test_compatriots_are_postponed_within_their_own_points_group_only():
    """SoL 5: a compatriot goes to the end of his own points group, not past lower groups: the two Italian
    2-point leaders meet each other (SoL 5.26: A v B, D v C), not each a 0-point Slovenian."""
    ev = _compatriots(delay=2)
    assert _pairs(pair(ev), 2) == {frozenset(("A", "B")), frozenset(("C", "D"))}


def test_compatriots_kept_apart_in_round_one_within_the_group():
    """In round 1 everyone is on 0 points: one group, the compatriots visited last in it."""
    players = {i: Player(i, n, n, country=c) for i, (n, c) in
               enumerate((("A", "ITA"), ("B", "ITA"), ("C", "SLO"), ("D", "SLO")), 1)}
    for delay in (1, True):  # the desk's flag is one round, SoL's default
        ev = Event("t", Settings(format=Format.SINGLE, delay_compatriots=delay), players,
                   tuple(Competitor(i, (i,)) for i in players))
        first = pair(ev).round_matches(1)
        assert all(players[m.side1].country != players[m.side2].country for m in first)


def test_delay_compatriots_is_a_number_of_rounds():
    """SoL 5's delaycompatriotpairing: while fewer rounds than it are ranked; afterwards compatriots meet."""
    players = {i: Player(i, n, n, country=c) for i, (n, c) in
               enumerate((("A", "ITA"), ("B", "ITA"), ("C", "SLO"), ("D", "SLO"), ("E", "FRA"), ("F", "FRA")), 1)}
    ev = Event("t", Settings(format=Format.SINGLE, delay_compatriots=1), players,
               tuple(Competitor(i, (i,)) for i in players))
    ev = ev.with_matches([Match(1, 1, 1, 3, check(((25, 5),), Format.SINGLE)),
                          Match(1, 2, 2, 5, check(((25, 6),), Format.SINGLE)),
                          Match(1, 3, 4, 6, check(((25, 7),), Format.SINGLE))])
    # ranking A B D (2 points) F E C: serial pairs A v B; delay 1 ends with round 1, delay 2 does not
    # (SoL 5.26: A v D, B v F, E v C)
    assert frozenset(("A", "B")) in _pairs(pair(ev), 2)
    ev2 = Event("t", Settings(format=Format.SINGLE, delay_compatriots=2), players, ev.competitors, ev.matches)
    assert _pairs(pair(ev2), 2) == _names(("A", "D"), ("B", "F"), ("E", "C"))


def test_a_round_robin_ranks_by_points_net_and_total():
    """SoL 5.26's round robin order is points, net score, total score (no Buchholz): C, with fewer Buchholz
    but the better net, is second."""
    from carrom.tournament import System, standings
    players = {i: Player(i, n, n) for i, n in enumerate("ABCD", 1)}
    ev = Event("t", Settings(system=System.ROUNDROBIN, format=Format.SINGLE), players,
               tuple(Competitor(i, (i,)) for i in players))
    ev = ev.with_matches([Match(1, 1, 1, 2, check(((25, 24),), Format.SINGLE)),
                          Match(1, 2, 3, 4, check(((25, 0),), Format.SINGLE)),
                          Match(2, 1, 1, 4, check(((25, 0),), Format.SINGLE)),
                          Match(2, 2, 2, 3, check(((25, 24),), Format.SINGLE))])
    # A 4 points; B 2 (Buchholz 4 + 2 = 6, net 0), C 2 (Buchholz 0 + 2 = 2, net 24); D 0
    rows = standings(ev)
    assert [players[r.competitor].first for r in rows] == ["A", "C", "B", "D"]


def test_exact_ties_go_to_the_better_rating():
    """SoL breaks an exact tie by the position, then the rating; the name last."""
    from carrom.tournament import standings
    players = {1: Player(1, "A", "A", rating=1500.0), 2: Player(2, "B", "B", rating=1700.0)}
    ev = Event("t", Settings(format=Format.SINGLE), players, (Competitor(1, (1,)), Competitor(2, (2,))))
    assert [r.competitor for r in standings(ev)] == [2, 1]


def test_trend_adds_virtual_points_to_the_withdrawn_only():
    """SoL's ``trend``: a withdrawn competitor's average for the rounds he missed counts in his opponents'
    Buchholz; a late entry who missed round 1 gets nothing (SoL 5.26's computeRanking)."""
    from carrom.tournament import standings
    players = {i: Player(i, n, n) for i, n in enumerate("ABCD", 1)}
    ev = Event("t", Settings(format=Format.SINGLE, retirements="trend"), players,
               tuple(Competitor(i, (i,)) for i in players))
    ev = ev.with_matches([Match(1, 1, 1, 2, check(((25, 3),), Format.SINGLE)),  # D entered late: not in round 1
                          Match(2, 1, 3, 4, check(((3, 25),), Format.SINGLE)),
                          Match(2, 2, 1, 2, check(((25, 4),), Format.SINGLE))])
    rows = {players[r.competitor].first: r.buchholz for r in standings(ev)}
    assert rows["C"] == 2  # D's 2 real points, no virtual ones for the round he missed
