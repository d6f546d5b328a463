"""Anything that plays: chooses a strike, where to place a coin owed, whether to claim.

Bots and the adapters through which people play share this interface, so a match can
mix them freely (PettingZoo's habit: pure game logic below, agents above).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Protocol

from carrom.equipment import placement_problems
from carrom.game import Game
from carrom.rules import Seat


@dataclass(frozen=True)
class StrikeChoice:
    """A strike as the player sees it: ``along`` the baseline (m, to the right), ``angle`` (rad), ``speed`` (m/s)."""

    along: float
    angle: float
    speed: float


class Player(Protocol):
    name: str

    def choose_strike(self, game: Game, seat: Seat) -> StrikeChoice: ...

    def choose_placement(self, game: Game, seat: Seat) -> tuple[float, float] | None:
        """Where to put the coin owed (board frame, m); None to waive it (ICF 80)."""
        ...

    def choose_claim(self, game: Game, seat: Seat) -> int: ...


def free_spots(game: Game, rng: random.Random, tries: int = 400) -> list[tuple[float, float]]:
    """Places inside the outer circle where a due coin may go now (ICF 84–89), sampled."""
    out = []
    for _ in range(tries):
        a = rng.uniform(0.0, 2 * math.pi)
        r = math.sqrt(rng.uniform(0.0, 1.0)) * 0.072
        x, y = r * math.cos(a), r * math.sin(a)
        if not placement_problems(game.layout, x, y):
            out.append((x, y))
            if len(out) >= 8:
                break
    return out


class RandomPlayer:
    """A random legal player: any legal striker position, any direction forward, any speed."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.rng = random.Random(seed)
        self.name = name

    def choose_strike(self, game: Game, seat: Seat) -> StrikeChoice:
        intervals = game.legal_intervals(seat)
        weights = [hi - lo + 1e-6 for lo, hi in intervals]
        lo, hi = self.rng.choices(intervals, weights)[0]
        return StrikeChoice(self.rng.uniform(lo, hi), self.rng.uniform(-1.2, 1.2),
                            self.rng.uniform(0.8, game.params.max_speed))

    def choose_placement(self, game: Game, seat: Seat) -> tuple[float, float] | None:
        spots = free_spots(game, self.rng)
        return spots[0] if spots else None

    def choose_claim(self, game: Game, seat: Seat) -> int:
        claim = game.state.claim
        return 0 if claim is None else claim.most
