"""Strength levels for people to choose from, beginner to expert.

Being replaced by the real bots (geometric and search players); until then every level
is the random legal player.
"""

from __future__ import annotations

from carrom.players.base import Player, RandomPlayer

LEVELS: tuple[str, ...] = ("beginner", "intermediate", "advanced", "expert")


def make_bot(level: str = "intermediate", seed: int | None = None) -> Player:
    """A bot of the named strength; ``ValueError`` names the levels for an unknown one."""
    if level not in LEVELS:
        raise ValueError(f"no level {level!r}; choose one of {', '.join(LEVELS)}")
    return RandomPlayer(seed, name=f"{level} bot")
