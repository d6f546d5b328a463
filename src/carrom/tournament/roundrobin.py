"""A round robin's next round, continuing whatever was played: the circle in the order its rounds follow, else SoL's seeds.

The desk deals a round robin by the circle method (``brackets.circle``) in its seeding order, which
is SoL's ``circle``. An event imported from SoL may have been dealt in SoL's own order (seed, then
rating, then name) or by SoL's ``seeds`` method (each from the top meets the lowest one it has not
met); taking the desk's circle round by number would then repeat matches. So the next round is the
circle's in the first of those two orders whose rounds contain every match played so far; when
neither does, it is paired as SoL's ``seeds`` pairs it: never a rematch, stepping back on a dead end.
Seeds is greedy: it can leave pairs no round can hold (six players: two triangles after three
rounds); SoL then refuses ("no more possible combinations"), and so does the desk.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from carrom.rules.message import say
from carrom.tournament import brackets, swiss
from carrom.tournament.model import Event

Pair = tuple[int, int | None]


def sol_order(event: Event) -> list[int]:
    """SoL's order for a round robin: the given position (none first), the rating (best first), the name."""
    def key(c):
        ratings = [event.players[p].rating for p in c.players if event.players[p].rating is not None]
        names = [(event.players[p].last, event.players[p].first) for p in c.players]
        return (c.seed, -sum(ratings) if ratings else 0.0, names)
    return [c.id for c in sorted(event.competitors, key=key)]


def _played(event: Event, number: int) -> list[set[frozenset[int]]]:
    rounds: list[set[frozenset[int]]] = [set() for _ in range(number - 1)]
    for m in event.matches:
        if m.stage == "main" and m.side2 is not None and m.round < number:
            rounds[m.round - 1].add(frozenset(m.sides))
    return rounds


def _follows(rounds: list[list[Pair]], played: list[set[frozenset[int]]]) -> bool:
    if len(played) > len(rounds):
        return False
    return all(done <= {frozenset(p) for p in dealt if p[1] is not None} for done, dealt in zip(played, rounds))


def _seeds_visit(rest: Sequence[int | None]) -> Iterator[int | None]:
    return (rest[i] for i in range(len(rest) - 1, 0, -1))  # the lowest first, as SoL's seeds


def next_round(event: Event, number: int, seeded: list[int]) -> list[Pair] | None:
    """Round ``number``'s pairs (a bye as ``(competitor, None)``), retired competitors left out; None when the
    circle's rounds are all dealt; ``PairingError`` when the seeds search finds no round without a rematch."""
    retired = {c.id for c in event.competitors if c.retired(number)}
    played = _played(event, number)
    for order in (seeded, sol_order(event)):
        rounds = brackets.circle(order)
        if _follows(rounds, played):
            if number > len(rounds):
                return None
            pairs = [p for p in rounds[number - 1] if p[0] not in retired]
            return [(a, None if b in retired else b) for a, b in pairs]
    active: list[int | None] = [c for c in sol_order(event) if c not in retired]
    if len(active) % 2:
        active.append(None)  # SoL's phantom, last: the search places it
    pairs = swiss.combine(active, swiss.met(event), _seeds_visit)
    if pairs is None:  # seeds can paint itself into a corner (six: two triangles left after three rounds), as in SoL
        raise swiss.PairingError(say('no pairing of this round avoids a rematch'))
    return pairs
