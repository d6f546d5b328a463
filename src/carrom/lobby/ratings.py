"""A rated game's effect on its players: Glicko-2, one game a rating period, by the ``glicko2`` package (the
arithmetic is Glickman's, not ours, as for the desk's rating lists).

A new account starts at 1500, deviation 350, volatility 0.06 in every ruleset; its rating is *provisional* while
its deviation is above ``PROVISIONAL_RD`` (lichess's threshold: about a dozen games), shown with a "?". In doubles
each player is rated against the mean of the opponents' ratings and deviations, and partners share the result.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import glicko2

PROVISIONAL_RD = 110.0


@dataclass(frozen=True)
class Rating:
    """One account's standing in one ruleset."""

    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06
    games: int = 0

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


def after_game(mine: Rating, theirs: list[Rating], score: float) -> Rating:
    """``mine`` after a game against ``theirs`` (one opponent, or a pair taken as its mean) that scored ``score``
    (1 a win, 0.5 a draw, 0 a loss)."""
    if score not in (0.0, 0.5, 1.0):
        raise ValueError(f"score: 0, 0.5 or 1, not {score!r}")
    if not theirs:
        raise ValueError("theirs: at least one opponent")
    opponent_rating = sum(r.rating for r in theirs) / len(theirs)
    opponent_rd = sum(r.rd for r in theirs) / len(theirs)
    player = glicko2.Player(rating=mine.rating, rd=mine.rd, vol=mine.vol)
    player.update_player([opponent_rating], [opponent_rd], [score])
    return replace(mine, rating=player.getRating(), rd=player.getRd(), vol=player.vol, games=mine.games + 1)


def rate(sides: tuple[tuple[Rating, ...], tuple[Rating, ...]], winner: int | None) -> tuple[tuple[Rating, ...], ...]:
    """Every player's rating after a game between two sides (one or two players each); ``winner`` 0 or 1, or None
    for a draw. Both sides are rated from the ratings before the game."""
    if winner not in (0, 1, None):
        raise ValueError(f"winner: 0, 1 or None, not {winner!r}")
    score = (0.5, 0.5) if winner is None else ((1.0, 0.0) if winner == 0 else (0.0, 1.0))
    a, b = sides
    return (tuple(after_game(r, list(b), score[0]) for r in a), tuple(after_game(r, list(a), score[1]) for r in b))
