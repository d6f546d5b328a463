"""The results table (wins, boards, points per player) and the ratings plot."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from carrom.arena.board import BoardOutcome
from carrom.arena.entrants import ArenaError
from carrom.arena.ratings import Rating


@dataclass(frozen=True)
class Standing:
    """One player's line: boards played, won, lost and undecided, points scored and conceded, rating."""

    spec: str
    boards: int
    wins: int
    losses: int
    draws: int
    points_for: int
    points_against: int
    rating: Rating

    def to_dict(self) -> dict:
        return {"player": self.spec, "boards": self.boards, "wins": self.wins, "losses": self.losses,
                "draws": self.draws, "points_for": self.points_for, "points_against": self.points_against,
                "mu": self.rating.mu, "sigma": self.rating.sigma, "ordinal": self.rating.ordinal}


def standings(outcomes: Iterable[BoardOutcome], ratings: dict[str, Rating]) -> list[Standing]:
    """One line per rated player, best cautious rating (mu − 3σ) first."""
    outcomes = list(outcomes)
    lines = []
    for spec, rating in ratings.items():
        mine = [o for o in outcomes if spec in (o.south, o.north)]
        wins = sum(o.winner == spec for o in mine)
        draws = sum(o.winner is None for o in mine)
        lines.append(Standing(spec, len(mine), wins, len(mine) - wins - draws, draws,
                              sum(o.points_of(spec) for o in mine), sum(o.points_of(o.opponent(spec)) for o in mine),
                              rating))
    return sorted(lines, key=lambda s: (-s.rating.ordinal, s.spec))


def plot_ratings(lines: list[Standing], paths: Iterable[Path]) -> None:
    """Each player's mu with a bar of ±2σ (about 95 %), best at the top, saved to each path (.png or .svg)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ArenaError("the ratings plot needs matplotlib: pip install 'carrom[research]'") from None
    fig, ax = plt.subplots(figsize=(7, 0.6 * len(lines) + 1.4))
    order = list(reversed(lines))
    ax.errorbar([s.rating.mu for s in order], range(len(order)), xerr=[2 * s.rating.sigma for s in order],
                fmt="o", capsize=4, color="#1f4e79")
    ax.set_yticks(range(len(order)), [s.spec for s in order])
    ax.set_xlabel("OpenSkill rating: μ with ±2σ")
    ax.set_title(f"carrom arena: {sum(s.boards for s in lines) // 2} boards")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    for path in paths:
        fig.savefig(path)
    plt.close(fig)
