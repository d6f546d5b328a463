"""A championship: a series of events with its own ranking, as SoL keeps one (docs/tournaments.md).

Each closed event of the series gives each competitor a prize by its final place; SoL's usual
prize-giving ("fixed") is 18 points to the winner, 16 to the second, 14 to the third, then one
less a place down to 1 for the 16th, nothing after. A competitor's total is the sum of its
prizes, without its worst ones when the championship skips some (and it played more events than
that; an event missed is a prize of 0, so it goes first); the ranking orders by total, then by
the number of events played, then by name.
"""

from __future__ import annotations

from dataclasses import dataclass

FIXED_PRIZES = (18, 16, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)  # SoL's "fixed": places 1 to 16


def fixed_prize(place: int) -> int:
    """The prize of a final place (1 up) by SoL's fixed prize-giving."""
    return FIXED_PRIZES[place - 1] if 1 <= place <= len(FIXED_PRIZES) else 0


@dataclass(frozen=True)
class Standing:
    """A competitor's line in the championship: its players' names, each event's prize (0 when absent), the
    total counted, how many events it played and the prizes skipped as its worst."""

    players: tuple[str, ...]
    prizes: tuple[float, ...]
    total: float
    played: int
    skipped: tuple[float, ...] = ()


def ranking(results: list[dict[tuple[str, ...], float]], skip_worst: int = 0) -> list[Standing]:
    """The championship's ranking from each event's prizes (in the events' order: players' names -> prize)."""
    everyone = {players for prizes in results for players in prizes}
    rows = []
    for players in everyone:
        prizes = tuple(event.get(players, 0) for event in results)
        played = sum(players in event for event in results)
        counted, skipped = list(prizes), []
        if skip_worst and played > skip_worst:
            ordered = sorted(prizes)
            skipped, counted = ordered[:skip_worst], ordered[skip_worst:]
        rows.append(Standing(players, prizes, sum(counted), played, tuple(skipped)))
    return sorted(rows, key=lambda r: (-r.total, -r.played, [tuple(reversed(n.split(" ", 1))) for n in r.players]))
