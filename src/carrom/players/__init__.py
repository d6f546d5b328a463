"""Players: bots of several strengths and the interface people play through (docs/players.md)."""

from carrom.players.base import Player, RandomPlayer, StrikeChoice, free_spots
from carrom.players.driver import play_out, step

__all__ = ["Player", "RandomPlayer", "StrikeChoice", "free_spots", "play_out", "step"]
