"""Events built in memory for the core's tests."""

import random
from dataclasses import replace

from carrom.tournament import Competitor, Event, Format, Player, Settings, check


def event(n, **settings):
    players = {i: Player(i, f"First{i}", f"Last{i:04d}", country="ITA" if i % 3 else "FRA") for i in range(1, n + 1)}
    comps = tuple(Competitor(i, (i,)) for i in range(1, n + 1))
    return Event("test", Settings(**settings), players, comps)


def play_round(ev, rng: random.Random):
    """Give every unplayed match of the last round a random legal result."""
    number = ev.current_round
    out = []
    for m in ev.matches:
        if m.round == number and m.side2 is not None and m.result is None:
            if ev.settings.format is Format.SINGLE:
                a = rng.randint(0, 24)
                games = ((25, a),) if rng.random() < 0.5 else ((a, 25),)
            else:
                first = rng.random() < 0.5
                games = tuple(((25, rng.randint(0, 24)) if first else (rng.randint(0, 24), 25)) for _ in range(2))
            m = replace(m, result=check(games, ev.settings.format))
        out.append(m)
    return ev.with_matches(out)
