"""The official scorecard of ICF part XIX as plain data, ready for any renderer.

Sides are ordered as the card wants them: the first breaker's side first (XIX note 1).
Per board each side has a queen column (3 to the side that covered it and won, note 2),
a coins column (the opponent's coins left, note 3) and the game's running total (note 4).
"""

from __future__ import annotations

from dataclasses import dataclass

BOARDS_PER_GAME = 8  # ICF 56 a: a game is at most eight boards; the card prints all eight rows
GAMES_PER_MATCH = 3  # ICF 57: best of three


@dataclass(frozen=True)
class BoardRow:
    number: int  # 1-based within the game
    breaker: str  # the name of the player who broke (SHOOTOUT)
    queen: tuple[int, int]  # REINA per side
    coins: tuple[int, int]  # Nº de FICHAS per side
    totals: tuple[int, int]  # GRAN TOTAL per side after this board
    winner: int | None  # 0 or 1: the side that won the board; None if not decided


@dataclass(frozen=True)
class GameCard:
    number: int  # 1-based
    started: str | None
    ended: str | None
    boards: tuple[BoardRow, ...]
    totals: tuple[int, int]
    winner: int | None


@dataclass(frozen=True)
class SideCard:
    names: tuple[str, ...]
    teams: tuple[str, ...]

    @property
    def name(self) -> str:
        return " & ".join(self.names)

    @property
    def team(self) -> str:
        return " / ".join(dict.fromkeys(t for t in self.teams if t))


@dataclass(frozen=True)
class Card:
    title: str
    fields: tuple[tuple[str, str], ...]  # the header lines of the card, label -> value ("" if blank)
    sides: tuple[SideCard, SideCard]
    games: tuple[GameCard, ...]
    games_won: tuple[int, int]
    winner: int | None  # the side that won the match
    comments: str
    variant: str

    @property
    def winner_name(self) -> str:
        return "" if self.winner is None else self.sides[self.winner].name

    @property
    def loser_name(self) -> str:
        return "" if self.winner is None else self.sides[1 - self.winner].name
