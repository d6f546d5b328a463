"""Strength levels for people to choose from, beginner to expert: execution noise and search.

Noise is the spread of a person's hand (σ 0.02 rad of aim and 5 % of speed per unit,
``geometric.with_noise``); the search levels also look ahead by simulating their shots.
"""

from __future__ import annotations

from carrom.players.base import Player
from carrom.players.geometric import GeometricPlayer
from carrom.players.search import SearchPlayer

LEVELS: tuple[str, ...] = ("beginner", "intermediate", "advanced", "expert")


def make_bot(level: str = "intermediate", seed: int | None = None) -> Player:
    """A bot of the named strength; ``ValueError`` names the levels for an unknown one."""
    if level == "beginner":
        return GeometricPlayer(seed, noise=4.0, name="beginner bot")
    if level == "intermediate":
        return GeometricPlayer(seed, noise=1.5, name="intermediate bot")
    if level == "advanced":
        return SearchPlayer(seed, noise=1.0, samples=3, name="advanced bot")
    if level == "expert":
        return SearchPlayer(seed, noise=0.0, name="expert bot")
    raise ValueError(f"no level {level!r}; choose one of {', '.join(LEVELS)}")
