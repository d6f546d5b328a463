"""A Swiss round as SoL pairs it: the ranking, a visiting order per pairing method, no rematch.

The active competitors (not retired) are taken in ranking order (``standings``); in the first
round and while fewer than ``delay_top`` rounds are ranked (SoL's ``delaytoppairing``), players of
equal points and Buchholz are ordered by rating, so the methods below keep the strongest apart; the first
round without any rating is a seeded draw. With an odd number, the bye goes to the lowest
ranked competitor who has not had one and leaves a pairing of the others possible. Then each competitor from the top meets the
first one, in the method's visiting order, it has not met:

- ``serial``: the ranking order, 1-2, 3-4...;
- ``dazed``: within the pivot's score group (three or more of equal points; an odd group takes in
  the first of the next, as SoL does since 4.11), its second half first, then its first half,
  then the rest: the group's first meets its middle one;
- ``staggered``: as dazed, but in a group of 50 or more the first meets the 26th;

``delay_compatriots`` (SoL 5's ``delaycompatriotpairing``, a number of rounds: while fewer are ranked;
the desk's flag is 1) visits the pivot's compatriots last within their own points group, whatever
the method. When a choice leaves
the rest unpairable, the search steps back (depth first), as SoL's does.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator, Sequence

from carrom.rules.message import say
from carrom.tournament.model import Event, Pairing
from carrom.tournament.standings import tallies


class PairingError(ValueError):
    """No round can be paired under the rules (every remaining pairing is a rematch)."""


def order(event: Event, next_round: int) -> list[int]:
    """The active competitors in the order the pairing visits them."""
    active = [c for c in event.competitors if not c.retired(next_round)]
    if not event.matches:
        rated = [c for c in active if _rating(event, c.id) is not None]
        if not rated:
            active = sorted(active, key=lambda c: c.id)
            random.Random(event.settings.seed).shuffle(active)
            return [c.id for c in active]
        return [c.id for c in sorted(active, key=lambda c: (-(_rating(event, c.id) or 0.0), c.id))]
    t = tallies(event)
    players = event.players
    by_name = sorted(active, key=lambda c: (players[c.players[0]].last, players[c.players[0]].first))
    if next_round - 1 < event.settings.delay_top:  # as SoL: while the rounds ranked are fewer than delay_top
        key = lambda c: (t[c.id].points, t[c.id].buchholz, _rating(event, c.id) or 0.0, t[c.id].net, t[c.id].total)
    else:
        key = lambda c: (t[c.id].points, t[c.id].buchholz, t[c.id].net, t[c.id].total, -c.seed,
                         _rating(event, c.id) or 0.0)  # SoL's exact tie: the position, then the rating
    return [c.id for c in sorted(by_name, key=key, reverse=True)]


def _rating(event: Event, cid: int) -> float | None:
    ratings = [event.players[p].rating for p in event.competitor(cid).players]
    if all(r is None for r in ratings):
        return None
    return float(sum(r or 0.0 for r in ratings))


def met(event: Event) -> set[tuple[int, int | None]]:
    done: set[tuple[int, int | None]] = set()
    for m in event.matches:
        if m.stage == "final":
            continue
        done.add((m.side1, m.side2))
        if m.side2 is not None:
            done.add((m.side2, m.side1))
    return done


def _compatriots_last(places, rest: Sequence[int], points: dict[int, int], nation: dict[int, str | None]
                      ) -> list[int]:
    """The visiting order with the pivot's compatriots moved to the end of their own points group (SoL 5:
    not past lower groups). A group is a run of equal points in the visiting order, as SoL reads it."""
    own, level = nation[rest[0]], points[rest[0]]
    out: list[int] = []
    postponed: list[int] = []
    for i in places:
        if points[rest[i]] != level:
            out += postponed
            postponed, level = [], points[rest[i]]
        (postponed if nation[rest[i]] == own else out).append(i)
    return out + postponed


def _visitor(method: Pairing, points: dict[int, int], nation: dict[int, str | None], compatriots: bool
             ) -> Callable[[Sequence[int]], Iterator[int]]:
    def positions(rest: Sequence[int]) -> Sequence[int] | Iterator[int]:
        if method is Pairing.SERIAL:
            return range(len(rest))
        pivot = points[rest[0]]
        same = 0
        for c in rest:
            if points[c] != pivot:
                break
            same += 1
        if same <= 2:
            return range(len(rest))
        if same % 2 and same < len(rest):
            same += 1  # an odd group takes in the next group's first (SoL 4.11 on)
        split = 25 if method is Pairing.STAGGERED and same >= 50 else same // 2
        return [*range(split, same), *range(0, split), *range(same, len(rest))]

    def visit(rest: Sequence[int]) -> Iterator[int]:
        places = positions(rest)
        if compatriots:
            places = _compatriots_last(places, rest, points, nation)
        for i in places:
            if i:
                yield rest[i]

    return visit


def combine(ordered: Sequence[int], done: set, visit) -> list[tuple[int, int]] | None:
    """Pair ``ordered`` (even) from the top, never a pair in ``done``; depth first, stepping back on a dead end."""
    if not ordered:
        return []
    stack = [(list(ordered), _filtered(ordered, done, visit))]
    pairs: list[tuple[int, int]] = []
    while stack:
        rest, candidates = stack[-1]
        if len(pairs) == len(stack):
            pairs.pop()
        other = next(candidates, None)
        if other is None:
            stack.pop()
            continue
        pairs.append((rest[0], other))
        remaining = [c for c in rest[1:] if c != other]
        if not remaining:
            return pairs
        stack.append((remaining, _filtered(remaining, done, visit)))
    return None


def _filtered(rest, done, visit):
    pivot = rest[0]
    return (c for c in visit(rest) if (pivot, c) not in done)


def pair_round(event: Event) -> list[tuple[int, int | None]]:
    """The next Swiss round's pairs in ranking order, the bye (if any) last as ``(competitor, None)``."""
    next_round = event.current_round + 1
    ordered = order(event, next_round)
    if len(ordered) < 2:
        raise PairingError(say('fewer than two competitors to pair'))
    done = met(event)
    t = tallies(event) if event.matches else {c: None for c in ordered}
    points = {c: (t[c].points if t[c] is not None else 0) for c in ordered}
    nation = {c.id: event.players[c.players[0]].country for c in event.competitors}
    compatriots = next_round - 1 < int(event.settings.delay_compatriots)  # SoL 5: rounds ranked < the delay
    visit = _visitor(event.settings.pairing, points, nation, compatriots)
    if len(ordered) % 2 == 0:
        pairs = combine(ordered, done, visit)
        if pairs is None:
            raise PairingError(say('no pairing of this round avoids a rematch'))
        return list(pairs)
    for bye in reversed(ordered):
        if (bye, None) in done:
            continue
        rest = [c for c in ordered if c != bye]
        pairs = combine(rest, done, visit)
        if pairs is not None:
            return list(pairs) + [(bye, None)]
    raise PairingError(say('no pairing of this round avoids a rematch and a second bye'))
