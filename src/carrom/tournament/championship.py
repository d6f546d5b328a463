"""A championship: a series of events with its own ranking, as SoL keeps one (docs/tournaments.md).

Each closed event of the series gives each competitor a prize by its final place, by the
championship's prize-giving method, one of SoL's (``Prizes``):

- ``fixed``: 18 points to the winner, 16 to the second, 14 to the third, then one less a place
  down to 1 for the 16th, nothing after (SoL's default, what Scarry did);
- ``fixed40``: a longer fixed series for big events, 1000 to the winner, 900, 800, 750... down to
  1 for the 40th, nothing after;
- ``millesimal``: 1000 to the winner, each place down one step less, the step being 1000 divided
  by the number of competitors, rounded down (a whole number);
- ``centesimal``: 100 to the winner and 1 to the last, the places between evenly spaced (to two
  decimals);
- ``asis``: the places as they are, the number of competitors to the winner down to 1 to the
  last (SoL shows no prize in the event's own ranking then; its championship adds these numbers).

A competitor's total is the sum of its prizes, without its worst ones when the championship skips
some (and it played more events than that; an event missed is a prize of 0, so it goes first); the
ranking orders by total, then by the number of events played, then by name.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum

from carrom.tournament.model import Event
from carrom.tournament.standings import standings


class Prizes(str, Enum):
    """SoL's prize-giving methods (a championship's ``prizes`` in a ``.sol`` file)."""

    FIXED = "fixed"
    FIXED40 = "fixed40"
    MILLESIMAL = "millesimal"
    CENTESIMAL = "centesimal"
    ASIS = "asis"


FIXED_PRIZES = (18, 16, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)  # SoL's "fixed": places 1 to 16
FIXED40_PRIZES = (1000, 900, 800, 750, 700, 650, 600, 550, 500, 450, 400, 375, 350, 325, 300, 275, 250, 225, 200, 175,
                  150, 140, 130, 120, 110, 100, 90, 80, 70, 60, 50, 40, 35, 30, 25, 20, 15, 10, 5, 1)  # places 1 to 40


def fixed_prize(place: int) -> int:
    """The prize of a final place (1 up) by SoL's fixed prize-giving."""
    return FIXED_PRIZES[place - 1] if 1 <= place <= len(FIXED_PRIZES) else 0


def prizes(method: Prizes | str, count: int) -> tuple[float, ...]:
    """The prizes of places 1 to ``count`` (the event's competitors) by ``method``."""
    method = Prizes(method)
    if count < 1:
        return ()
    if method is Prizes.FIXED:
        return tuple(fixed_prize(p) for p in range(1, count + 1))
    if method is Prizes.FIXED40:
        return tuple(FIXED40_PRIZES[p - 1] if p <= len(FIXED40_PRIZES) else 0 for p in range(1, count + 1))
    if method is Prizes.ASIS:
        return tuple(range(count, 0, -1))
    if method is Prizes.MILLESIMAL:
        step = 1000 // count
        return tuple(1000 - step * k for k in range(count))
    if count == 1:  # centesimal: the winner alone has the 100
        return (100.0,)
    step, out, prize = 99 / (count - 1), [], 100.0
    for _ in range(count):  # stepped down place by place, as SoL does, so the rounding gives SoL's figures
        out.append(round(prize, 2))
        prize -= step
    return tuple(out)


def event_prizes(event: Event, method: Prizes | str) -> dict[int, float]:
    """Each competitor's prize (by its number) from the event's final standings, by ``method``."""
    rows = standings(event)
    return {row.competitor: prize for row, prize in zip(rows, prizes(method, len(rows)))}


@dataclass(frozen=True)
class Standing:
    """A competitor's line in the championship: its players' names, each event's prize (0 when absent), the
    total counted, how many events it played and the prizes skipped as its worst."""

    players: tuple[str, ...]
    prizes: tuple[float, ...]
    total: float
    played: int
    skipped: tuple[float, ...] = ()


def ranking(results: list[dict[Hashable, float]], skip_worst: int = 0,
            names: dict[Hashable, tuple[str, ...]] | None = None) -> list[Standing]:
    """The championship's ranking from each event's prizes, in the events' order: who -> prize, where who is the
    competitor's identity (its players' ids: two namesakes stay two) and ``names`` its players' names; without
    ``names``, who is the names themselves."""
    everyone = {players for prizes in results for players in prizes}
    rows = []
    for key in everyone:
        players = key if names is None else names[key]
        got = tuple(event.get(key, 0) for event in results)
        played = sum(key in event for event in results)
        counted, skipped = list(got), []
        if skip_worst and played > skip_worst:
            ordered = sorted(got)
            skipped, counted = ordered[:skip_worst], ordered[skip_worst:]
        rows.append(Standing(players, got, sum(counted), played, tuple(skipped)))
    return sorted(rows, key=lambda r: (-r.total, -r.played, [tuple(reversed(n.split(" ", 1))) for n in r.players],
                                       r.prizes))
