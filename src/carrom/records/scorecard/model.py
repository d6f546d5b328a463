"""The official scorecard of ICF part XIX as plain data, ready for any renderer.

Sides are ordered as the card wants them: the first breaker's side first (XIX note 1).
Per board each side has a queen column (3 to the side that covered it and won, note 2),
a coins column (the opponent's coins left, note 3) and the game's running total (note 4).

Every word the card prints is defined here once, so the text, HTML, PDF and CSV outputs
label the same thing the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from carrom.i18n import N_, Translator, translator

BOARDS_PER_GAME = 8  # ICF 56 a: a game is at most eight boards early on; the card prints at least eight rows
GAMES_PER_MATCH = 3  # ICF 57: best of three

TITLE = N_("SCORECARD")
SUBTITLE = N_("Official scorecard, International Carrom Federation laws, part XIX")
# The header of the card (ICF XIX), two to a line on paper: (key, label)
HEADER: tuple[tuple[str, str], ...] = (
    ("tournament", N_("Championship/Tournament")), ("event", N_("Event")), ("round", N_("Round")), ("date", N_("Date")),
    ("time", N_("Time")), ("match", N_("Match no.")), ("umpire", N_("Umpire")), ("table", N_("Table no.")),
    ("toss", N_("Toss won by")), ("choice", N_("Choice of the toss winner")), ("venue", N_("Venue")),
    ("chief_umpire", N_("Chief umpire")),
)
LABEL = dict(HEADER)
SIDES = (N_("Side A (1)"), N_("Side B"))  # note 1: the side that broke first in the match is entered first
GAME_COLUMNS = (N_("Game no."), N_("Start time"), N_("End time"))  # then one column per side
BOARD_COLUMNS = (N_("Game no."), N_("Board no."), N_("Break"))  # then, per side, SIDE_COLUMNS
SIDE_COLUMNS = ((N_("Queen (2)"), N_("Coins (3)"), N_("Total (4)")), (N_("Queen (5)"), N_("Coins (6)"), N_("Total (7)")))
NAME, TEAM = N_("Name"), N_("Team")
COMMENTS, ENDINGS, GAMES_WON, RESULT, WINNER = (
    N_("Umpire's comments"), N_("Forfeits and concessions"), N_("Games won"), N_("Result"), N_("Match won by"))
LOSER_SIGNATURE, UMPIRE_SIGNATURE = N_("Signature of the loser"), N_("Signature of the umpire")
NOT_FINISHED = N_("not finished")
NOTES = N_(
    "(1) The player(s) who broke first in the match are entered first. (2) and (5) Three points to the side "
    "that covered the queen and won the board (ICF 52 b i, 53 b, 54), zero in the other column. (3) and (6) "
    "The number of the opponent's coins left on the board at its end (ICF 53 a), zero in the other column. "
    "(4) and (7) The side's total points in the game, entered at the end of each board (ICF 55, 56 a)."
)
RULES = N_("rules: {variant}")
BOARD_WINNER, GAME_WINNER = N_("Board won by"), N_("Game won by")


@dataclass(frozen=True)
class Labels:
    """Every word the card prints, in one language (the constants above are their English ids)."""

    lang: str
    title: str
    subtitle: str
    header: dict[str, str]  # key of HEADER -> label
    sides: tuple[str, str]
    game_columns: tuple[str, ...]
    board_columns: tuple[str, ...]
    side_columns: tuple[tuple[str, ...], tuple[str, ...]]
    name: str
    team: str
    comments: str
    endings: str
    games_won: str
    result: str
    winner: str
    loser_signature: str
    umpire_signature: str
    not_finished: str
    notes: str
    rules: str  # "rules: {variant}"
    board_winner: str
    game_winner: str


def labels(tr: Translator | None = None) -> Labels:
    """The card's words in ``tr``'s language (English by default)."""
    tr = tr or translator()
    t = tr.gettext
    return Labels(
        tr.lang, t(TITLE), t(SUBTITLE), {key: t(label) for key, label in HEADER}, (t(SIDES[0]), t(SIDES[1])),
        tuple(map(t, GAME_COLUMNS)), tuple(map(t, BOARD_COLUMNS)),
        (tuple(map(t, SIDE_COLUMNS[0])), tuple(map(t, SIDE_COLUMNS[1]))), t(NAME), t(TEAM), t(COMMENTS),
        t(ENDINGS), t(GAMES_WON), t(RESULT), t(WINNER), t(LOSER_SIGNATURE), t(UMPIRE_SIGNATURE), t(NOT_FINISHED),
        t(NOTES), t(RULES), t(BOARD_WINNER), t(GAME_WINNER))


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


def board_lines(game: GameCard | None) -> tuple[tuple[int, BoardRow | None], ...]:
    """The board lines a game takes on the card, (number, row or None when blank): eight as on the paper card
    (ICF 56 a), so an unplayed board is a line the umpire can still fill in, and every board beyond them, however
    many (ICF 56 b: no board limit from the quarter-finals on). A game not played (``None``) is eight blank lines."""
    rows = {b.number: b for b in game.boards} if game else {}
    last = max(rows, default=0)
    return tuple((n, rows.get(n)) for n in range(1, max(BOARDS_PER_GAME, last) + 1))


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
    words: Labels = field(default_factory=labels)  # the card's language

    @property
    def header(self) -> tuple[tuple[str, str], ...]:
        """The header as (label, value), in the card's order."""
        return tuple((self.words.header[key], value) for key, value in self.fields)

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
        return f"{self.words.name}: {s.name}", f"{self.words.team}: {s.team}"

    def closing(self) -> tuple[tuple[str, str], ...]:
        """The lines under the scores, as (label, value)."""
        w = self.words
        lines = [(w.comments, self.comments)]
        if self.endings:
            lines.append((w.endings, "; ".join(self.endings)))
        return (*lines, (w.games_won, self.games_won_text), (w.result, self.result), (w.winner, self.winner_name))
