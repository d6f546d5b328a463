"""Strength levels for people to choose from, beginner to expert: execution noise and search.

Noise is the spread of a person's hand (σ 0.02 rad of aim and 5 % of speed per unit,
``geometric.with_noise``); the search levels also simulate their candidate shots under
their own noise before choosing (docs/players.md has the measured figures).

    beginner      GeometricPlayer, noise 3
    intermediate  GeometricPlayer, noise 1
    advanced      SearchPlayer, noise 1 (12 noisy samples per candidate)
    expert        SearchPlayer, noise 0.3
"""

from __future__ import annotations

from carrom.players.base import Player
from carrom.players.geometric import GeometricPlayer
from carrom.players.search import SearchPlayer

LEVELS: tuple[str, ...] = ("beginner", "intermediate", "advanced", "expert")


def make_bot(level: str = "intermediate", seed: int | None = None) -> Player:
    """A bot of the named strength; ``ValueError`` names the levels for an unknown one."""
    if level == "beginner":
        return GeometricPlayer(seed, noise=3.0, name="beginner bot")
    if level == "intermediate":
        return GeometricPlayer(seed, noise=1.0, name="intermediate bot")
    if level == "advanced":
        return SearchPlayer(seed, noise=1.0, samples=12, name="advanced bot")
    if level == "expert":
        return SearchPlayer(seed, noise=0.3, name="expert bot")
    raise ValueError(f"no level {level!r}; choose one of {', '.join(LEVELS)}")
