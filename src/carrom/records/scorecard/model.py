"""The official scorecard of ICF part XIX as plain data, ready for any renderer.

Sides are ordered as the card wants them: the first breaker's side first (XIX note 1).
Per board each side has a queen column (3 to the side that covered it and won, note 2),
a coins column (the opponent's coins left, note 3) and the game's running total (note 4).

Every word the card prints is defined here once, so the text, HTML, PDF and CSV outputs
label the same thing the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

BOARDS_PER_GAME = 8  # ICF 56 a: a game is at most eight boards; the card prints all eight rows
GAMES_PER_MATCH = 3  # ICF 57: best of three

TITLE = "SCORECARD"
SUBTITLE = "Official scorecard, International Carrom Federation laws, part XIX"
# The header of the card (ICF XIX), two to a line on paper: (key, label)
HEADER: tuple[tuple[str, str], ...] = (
    ("tournament", "Championship/Tournament"), ("event", "Event"), ("round", "Round"), ("date", "Date"),
    ("time", "Time"), ("match", "Match no."), ("umpire", "Umpire"), ("table", "Table no."),
    ("toss", "Toss won by"), ("choice", "Choice of the toss winner"), ("venue", "Venue"),
    ("chief_umpire", "Chief umpire"),
)
LABEL = dict(HEADER)
SIDES = ("Side A (1)", "Side B")  # note 1: the side that broke first in the match is entered first
GAME_COLUMNS = ("Game no.", "Start time", "End time")  # then one column per side
BOARD_COLUMNS = ("Game no.", "Board no.", "Break")  # then, per side, SIDE_COLUMNS
SIDE_COLUMNS = (("Queen (2)", "Coins (3)", "Total (4)"), ("Queen (5)", "Coins (6)", "Total (7)"))
NAME, TEAM = "Name", "Team"
COMMENTS, ENDINGS, GAMES_WON, RESULT, WINNER = (
    "Umpire's comments", "Forfeits and concessions", "Games won", "Result", "Match won by")
LOSER_SIGNATURE, UMPIRE_SIGNATURE = "Signature of the loser", "Signature of the umpire"
NOT_FINISHED = "not finished"
NOTES = (
    "(1) The player(s) who broke first in the match are entered first. (2) and (5) Three points to the side "
    "that covered the queen and won the board (ICF 52 b i, 53 b, 54), zero in the other column. (3) and (6) "
    "The number of the opponent's coins left on the board at its end (ICF 53 a), zero in the other column. "
    "(4) and (7) The side's total points in the game, entered at the end of each board (ICF 55, 56 a)."
)


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
    started: str | None  # HH:MM of the game's first action
    ended: str | None  # HH:MM of its last, once the game is decided
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
    fields: tuple[tuple[str, str], ...]  # the header: (key of HEADER, value), "" if blank
    sides: tuple[SideCard, SideCard]
    games: tuple[GameCard, ...]
    games_won: tuple[int, int]
    winner: int | None  # the side that won the match
    comments: str
    variant: str
    result: str = NOT_FINISHED  # how the match was decided, with its law ("Ravi conceded the match ... (ICF 139)")
    endings: tuple[str, ...] = ()  # each board, game or match forfeited or conceded, with its law

    @property
    def header(self) -> tuple[tuple[str, str], ...]:
        """The header as (label, value), in the card's order."""
        return tuple((LABEL[key], value) for key, value in self.fields)

    @property
    def winner_name(self) -> str:
        return "" if self.winner is None else self.sides[self.winner].name

    @property
    def loser_name(self) -> str:
        return "" if self.winner is None else self.sides[1 - self.winner].name

    @property
    def games_won_text(self) -> str:
        a, b = self.sides
        return f"{a.name} {self.games_won[0]} – {self.games_won[1]} {b.name}"

    def side_lines(self, side: int) -> tuple[str, str]:
        """The side's two lines in the games table: its names, its teams."""
        s = self.sides[side]
        return f"{NAME}: {s.name}", f"{TEAM}: {s.team}"

    def closing(self) -> tuple[tuple[str, str], ...]:
        """The lines under the scores, as (label, value)."""
        lines = [(COMMENTS, self.comments)]
        if self.endings:
            lines.append((ENDINGS, "; ".join(self.endings)))
        return (*lines, (GAMES_WON, self.games_won_text), (RESULT, self.result), (WINNER, self.winner_name))
