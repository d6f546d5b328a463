"""The arena: players meet board after board, seeded, locally or on Ray, and are rated (docs/arena.md).

An adapter over the game and the players: nothing in the core imports it.
"""

from carrom.arena.board import BoardTask, BoardOutcome, play_board
from carrom.arena.entrants import BUILT_IN, ArenaError, Entrant, entrant
from carrom.arena.ratings import Rating, rate
from carrom.arena.results import Standing, standings
from carrom.arena.runners import run_local, run_ray
from carrom.arena.schedule import read_schedule, round_robin, tasks

__all__ = [
    "ArenaError", "BUILT_IN", "BoardOutcome", "BoardTask", "Entrant", "Rating", "Standing", "entrant", "play_board",
    "rate", "read_schedule", "round_robin", "run_local", "run_ray", "standings", "tasks",
]
