"""The game: referee and physics joined, one strike at a time, with its record (docs/game.md)."""

from carrom.game.game import Game, GameError, StrokeReport
from carrom.game.outcome import stroke_outcome
from carrom.game.stroke import StrokePlay, play_stroke

__all__ = ["Game", "GameError", "StrokePlay", "StrokeReport", "play_stroke", "stroke_outcome"]
