"""Ratings with their uncertainty, by OpenSkill's Plackett–Luce model (Weng & Lin 2011).

Boards are rated in the order of their index, whatever order they finished in, so the
same boards always give the same ratings. An undecided board counts as a draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from openskill.models import PlackettLuce

from carrom.arena.board import BoardOutcome


@dataclass(frozen=True)
class Rating:
    """A player's skill ``mu`` and its uncertainty ``sigma``; ``ordinal`` = mu − 3σ, a cautious rank."""

    spec: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def rate(outcomes: Iterable[BoardOutcome], specs: Iterable[str]) -> dict[str, Rating]:
    """Every player in ``specs`` rated from the boards, starting from OpenSkill's prior (mu 25, sigma 25/3)."""
    model = PlackettLuce()
    current = {spec: model.rating(name=spec) for spec in specs}
    for board in sorted(outcomes, key=lambda o: o.index):
        south, north = current[board.south], current[board.north]
        ranks = [0, 0] if board.winner is None else [0, 1] if board.winner == board.south else [1, 0]
        [[current[board.south]], [current[board.north]]] = model.rate([[south], [north]], ranks=ranks)
    return {spec: Rating(spec, r.mu, r.sigma) for spec, r in current.items()}
