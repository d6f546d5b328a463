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
                            Match(1, 2, 3, 4, check(((10, 10),), Format.SINGLE))])


def test_delay_top_lasts_while_the_rounds_ranked_are_fewer():
    """SoL: ``rankedturn < delaytoppairing``. With its default 1 round 2 is ranked as any other round;
    with 2 it is still ordered by rating."""
    assert order(_level_after_one(1), 2) == [1, 2, 3, 4]  # all level: by name
    assert order(_level_after_one(2), 2) == [4, 3, 2, 1]  # by rating, the best first
    assert order(_level_after_one(0), 2) == [1, 2, 3, 4]
