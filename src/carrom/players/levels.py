"""Strength levels for people to choose from, beginner to master: execution noise and search.

Noise is the spread of a person's hand (σ 0.02 rad of aim and 5 % of speed per unit,
``geometric.with_noise``); the search levels also simulate their candidate shots under
their own noise before choosing, and the master values what its best shots leave
(docs/players.md has the measured figures).

    beginner      GeometricPlayer, noise 3
    intermediate  GeometricPlayer, noise 1
    advanced      SearchPlayer, noise 1 (12 noisy samples per candidate)
    expert        SearchPlayer, noise 0.3
    master        MasterPlayer, noise 0.3 (the expert's hand; 8000 simulated strokes per decision at most)

Every level's work per decision is a count (candidates, samples, simulated strokes), never
the clock, so the same seed plays the same strokes on a busy machine as on an idle one.
``make_bot(..., seconds=s)`` adds a wall-clock bound to the master's count, for where a
person waits for its stroke (the web app); the others never take long.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from carrom.players.base import Player
from carrom.players.geometric import GeometricPlayer
from carrom.players.master import MasterPlayer
from carrom.players.search import SearchPlayer
from carrom.rules.message import Message, say


@dataclass(frozen=True)
class Level:
    """One strength: the key typed and stored (``beginner``), its name and what it does as messages (translated
    where shown: the web's forms, the CLI's help), and how to make one."""

    key: str
    title: Message
    does: Message
    make: Callable[[int | None], Player]


# The one table of levels, weakest first; LEVELS, make_bot, the web's forms and the CLI's help come from it.
TABLE: tuple[Level, ...] = (
    Level("beginner", say("beginner"), say("aims at an easy coin with an unsteady hand"),
          lambda seed: GeometricPlayer(seed, noise=3.0, name="beginner bot")),
    Level("intermediate", say("intermediate"), say("aims at an easy coin with a steadier hand"),
          lambda seed: GeometricPlayer(seed, noise=1.0, name="intermediate bot")),
    Level("advanced", say("advanced"), say("tries its candidate strokes, each a dozen times, before it chooses"),
          lambda seed: SearchPlayer(seed, noise=1.0, samples=12, name="advanced bot")),
    Level("expert", say("expert"), say("tries its candidate strokes with a sure hand before it chooses"),
          lambda seed: SearchPlayer(seed, noise=0.3, name="expert bot")),
    Level("master", say("master"), say("the expert's hand, and it weighs what each stroke leaves for the next"),
          lambda seed: MasterPlayer(seed, noise=0.3, name="master bot")),
)
BY_KEY: dict[str, Level] = {level.key: level for level in TABLE}
FACTORIES: dict[str, Callable[[int | None], Player]] = {level.key: level.make for level in TABLE}
LEVELS: tuple[str, ...] = tuple(BY_KEY)


def make_bot(level: str = "intermediate", seed: int | None = None, seconds: float | None = None) -> Player:
    """A bot of the named strength; ``ValueError`` names the levels for an unknown one.

    ``seconds``: a wall-clock bound per decision besides the master's count of simulations
    (reproducible only while the machine keeps up); None, the default, plays by the count alone.
    """
    if level not in FACTORIES:
        raise ValueError(f"no level {level!r}; choose one of {', '.join(LEVELS)}")
    bot = FACTORIES[level](seed)
    if seconds is not None and isinstance(bot, MasterPlayer):
        bot.seconds = seconds
    return bot
