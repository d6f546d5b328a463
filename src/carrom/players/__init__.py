"""Players: bots of several strengths and the interface people play through (docs/players.md)."""

from carrom.players.base import Player, RandomPlayer, StrikeChoice, free_spots
from carrom.players.driver import play_out, step
from carrom.players.geometric import GeometricPlayer
from carrom.players.search import SearchPlayer
from carrom.players.master import MasterPlayer
from carrom.players.levels import LEVELS, make_bot

__all__ = ["GeometricPlayer", "LEVELS", "MasterPlayer", "SearchPlayer", "make_bot", "Player", "RandomPlayer", "StrikeChoice", "free_spots", "play_out", "step"]
