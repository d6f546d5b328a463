"""What a board's referee needs from the match: the table, the rules, the game score."""

from __future__ import annotations

from dataclasses import dataclass

from carrom.rules.ruleset import RuleSet
from carrom.rules.table import Table


@dataclass(frozen=True)
class Context:
    table: Table
    rules: RuleSet
    scores: tuple[int, int]  # game points of each side before this board (ICF 54)

    def late(self, side: int) -> bool:
        """The side has passed the queen's threshold: 22 points or more in ICF (ICF 54, 102–112)."""
        return self.scores[side] > self.rules.queen_until

    def queen_value(self, side: int) -> int:
        """What covering the queen is worth to a winning side (ICF 52 b i, 53 b, 54)."""
        return 0 if self.late(side) else self.rules.queen_points

    def special_value(self, side: int) -> int:
        """The 3 points of the end-of-board special cases, 1 from 22 points (ICF 102–112)."""
        return self.rules.late_queen_points if self.late(side) else self.rules.queen_points
