"""The variants of the laws, by name, each an explicit set of options on one referee; the stages of a match.

``icf`` follows the ICF laws (000_169fbbd52fae402d.txt); the others change only what their
source text changes. docs/laws.md and docs/texts.md say where the texts disagree.

``RULESETS`` and ``Stage`` are the one table of each: the key typed and stored (``icf``, ``quarter-final``), the
law that defines it and its name as a message (translated where shown), the stages a ruleset tells apart. The
CLI's questions, the web's forms and options, and docs/laws.md are derived from them (tests/rules/
test_rules_vocabularies.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from carrom.rules.errors import RulesError
from carrom.rules.message import Message, say


class Stage(str, Enum):
    """The round a match is played in, as far as the laws tell rounds apart (ICF 56 b, 60)."""

    EARLY = "early"  # up to and including the pre-quarter-finals: 8 boards a game, side change at board 4 or 13
    QUARTER_FINAL = "quarter-final"  # the quarter-finals or later: no board limit (56 b), side change at 13 (60 b)

    def __str__(self) -> str:
        return self.value

    @property
    def title(self) -> Message:
        """The stage's name, as a message."""
        return _STAGE_NAMES[self][0]

    @property
    def law(self) -> str:
        """The laws that tell this stage apart."""
        return _STAGE_NAMES[self][1]


_STAGE_NAMES: dict[Stage, tuple[Message, str]] = {
    Stage.EARLY: (say("early round"), "ICF 56 a, 60 a"),
    Stage.QUARTER_FINAL: (say("quarter-final or later"), "ICF 56 b, 60 b"),
}


def stage(value: "Stage | str | None") -> Stage:
    """A stage from its name; None is an early round (what every match was before stages were told)."""
    if value is None:
        return Stage.EARLY
    try:
        return Stage(value)
    except ValueError:
        raise RulesError(say("no such stage {value!r}; choose one of {choices}", value=value,
                             choices=", ".join(s.value for s in Stage))) from None


class Scoring(StrEnum):
    """Who scores a board and how: the winner the loser's coins left (ICF 53), or every coin a point (001
    simplified); each picks its stroke referee (``carrom.rules.match``)."""

    ICF = "icf"
    SIMPLIFIED = "simplified"


class BreakOrder(StrEnum):
    """Who breaks a game's first board."""

    GAME = "game"  # game 2 broken by who did not break game 1 (ICF 49 a)
    CONTINUOUS = "continuous"  # the break keeps passing, board after board and game after game (001 §3.5 g)


class MissesPer(StrEnum):
    """Whose three misses in a row replay the board (ICF 137)."""

    PLAYER = "player"  # three each (002 law 42)
    SIDE = "side"  # three per side (001 §4 p)


class Extras(StrEnum):
    """The extra points at a board's end for the dues and penalties not placed."""

    CLAIM = "claim"  # if demanded (ICF 87 b)
    AUTOMATIC = "automatic"  # counted, up to 12 (001 §3.7 d)


_CLOSED = {"scoring": Scoring, "break_order": BreakOrder, "misses_per": MissesPer, "extras": Extras}


@dataclass(frozen=True)
class RuleSet:
    name: str  # the key typed and stored in records (``icf``)
    source: str
    title: Message  # its name, translated where shown ("ICF laws")
    law: str  # the text that defines it, as cited ("ICF", "001 §3", "004 laws 39–41")
    scoring: Scoring = Scoring.ICF
    break_attempts: int = 3  # the break and two more chances (ICF 45 a)
    attempts_after_pass: int | None = None  # once the break has passed: None the same again (ICF 45 b), 1 in turn (001 §3.5 d)
    break_order: BreakOrder = BreakOrder.GAME
    queen_points: int = 3  # ICF 52 b i
    queen_until: int = 21  # the queen counts up to this score inclusive (ICF 52 b i, 54)
    late_queen_points: int = 1  # end-of-board special cases from 22 points (ICF 102–112)
    max_board_points: int = 12  # ICF 55
    game_points: int = 25  # ICF 56 a
    boards_per_game: int | None = 8  # ICF 56 a
    tie_break_board: bool = True  # ICF 56 b
    games_to_win: int = 2  # best of three (ICF 57)
    rest_minutes: int | None = 10  # the rest before the deciding game (ICF 138); None: none
    misses_to_replay: int = 3  # consecutive (ICF 137)
    misses_per: MissesPer = MissesPer.PLAYER
    extras: Extras = Extras.CLAIM
    special_extras: bool = True  # the special cases give extra points (ICF 102 b–112 b); False: fixed points (001 §3.7 f–l)
    striker_foul_coins: int = 2  # striker pocketed by an improper stroke: due and penalty (ICF 72 b, 77 b); 1 (001 §3.11 a, e)
    concede_on_turn: bool = False  # a game is conceded at any time (ICF 139); True: only on one's turn (001 §4 q)
    stroke_clock: float | None = None  # seconds (ICF 50: 15); None: not enforced
    timed: bool = False  # 004 laws 39–41: the bell at 50 minutes, the game ends 7 minutes later
    slow_stroke: str = "breach"  # a stroke out of time: "breach" as ICF 62–64 (ICF 50); "turn": lost, no coin (004 law 30)
    signal: str = "breach"  # partners communicating: "breach" as ICF 62–64 (ICF 131); "turn": penalty, turn passes (001 §4 l)
    frame_rule: bool = False  # the striker left on the frame or in a net: a penalty, the turn kept (001 §4 o)
    chair: str = "board"  # rising from the chair in one's turn: "board" lost (ICF 91); "penalty", one coin (001 §3.11 p)
    placing_fault: str = "timing"  # a placing fault: "timing", ICF 63 or 64 a (85, 86); "kept": the turn stays (001 §3.11 l–m)
    stages: bool = True  # the round changes the laws (ICF 56 b, 60 b); False: every round alike (001 §3.7 e, §3.8 c)
    cites: tuple[tuple[str, str], ...] = ()  # (ICF law, this variant's own law saying the same), cited instead

    def __post_init__(self) -> None:
        for name, kind in _CLOSED.items():  # a word given (a test's replace, a table typed) becomes its member
            object.__setattr__(self, name, kind(getattr(self, name)))

    @property
    def stage_choices(self) -> tuple[Stage, ...]:
        """The stages these rules tell apart (a ruleset whose rounds are all alike has only the early one)."""
        return tuple(Stage) if self.stages else (Stage.EARLY,)

    def cite(self, law: str) -> str:
        """The law a ruling under these rules cites: the variant's own text where it has the law, else ICF's."""
        return dict(self.cites).get(law, law)

    def concession_law(self, what: str) -> str:
        """The law a concession of ``what`` (board, game, match) rests on: ICF 139 "at any time", or 001 §4 q (a game,
        and so the match, "à un moment quelconque, si c'est son tour de jouer"); 001 has no board conceded."""
        return "001 §4 q" if self.concede_on_turn and what in ("game", "match") else "ICF 139"

    def stroke_cost(self, striker: bool, foul: bool) -> int:
        """Coins one stroke costs for the striker pocketed and an improper stroke (ICF 72, 77; 001 §3.11 a, e)."""
        if striker and foul:
            return self.striker_foul_coins
        return int(striker) + int(foul)


# Where 001's official rules say what the ICF law says, a French ruling cites 001 (read side by side: docs/texts.md)
FRENCH_OFFICIAL_CITES: tuple[tuple[str, str], ...] = (
    ("ICF 44", "001 §3.5 c"),  # the break is made once a coin is touched
    ("ICF 45 a", "001 §3.5 d"), ("ICF 45 b", "001 §3.5 d"),  # two attempts, then the break passes
    ("ICF 48", "001 §3.6 a"), ("ICF 50", "001 §3.6 b"),  # the turn stays while one pockets; 15 s to strike
    ("ICF 49 a", "001 §3.5 g"),  # the break alternates, board after board and game after game
    ("ICF 52 a", "001 §3.7 a"), ("ICF 53 a", "001 §3.7 b"),  # who wins the board, and by the coins left
    ("ICF 54", "001 §3.7 c"),  # no queen points from 22
    ("ICF 56 a", "001 §3.7 e"), ("ICF 56 b", "001 §3.7 e"),  # 25 points or 8 boards; the tie-break board
    ("ICF 58", "001 §3.8 a"), ("ICF 59", "001 §3.8 b"), ("ICF 60 a", "001 §3.8 c"),  # changing places
    ("ICF 63 a", "001 §4.1.1"), ("ICF 63 b", "001 §4.1.1"), ("ICF 64 a", "001 §4.1.2"),  # technical foul, foul
    ("ICF 72 a", "001 §3.11 a"), ("ICF 72 c", "001 §3.11 a"),  # the striker alone: one coin back, or owed
    ("ICF 74", "001 §3.11 c"), ("ICF 76", "001 §3.11 d"), ("ICF 77 a", "001 §3.11 e"),
    ("ICF 78 b ii", "001 §3.11 g"), ("ICF 79 a", "001 §3.11 i"), ("ICF 79 b", "001 §3.11 i"), ("ICF 84 a", "001 §3.11 l"),
    ("ICF 92", "001 §3.12 a"), ("ICF 95 a", "001 §3.12 c"), ("ICF 96", "001 §3.12 d"),  # the queen
    ("ICF 97 a", "001 §3.12 e"), ("ICF 97 b", "001 §3.12 e"), ("ICF 98 a", "001 §3.12 f"),
    ("ICF 100 a", "001 §3.12 h"), ("ICF 101 a", "001 §3.12 i"),
    ("ICF 121 b", "001 §4 g"), ("ICF 126 b", "001 §4 i"), ("ICF 137", "001 §4 p"),
    ("ICF 15", "001 §3.12 e"), ("ICF 30", "001 §3.2 e"), ("ICF 33", "001 §3.2 a"),  # the cover; the stroke's form
    ("ICF 45 c", "001 §3.11 a"), ("ICF 47", "001 §3.5 f"),  # the striker before the break; the break before "Play"
    ("ICF 64 b", "001 §3.11 e"), ("ICF 65", "001 §3.9 a"), ("ICF 65 b–d", "001 §3.9 a"),  # own coins; off the board
    ("ICF 93", "001 §3.12 b"),  # the umpire puts the queen back
    ("ICF 78 a", "001 §3.11 g"), ("ICF 95 d", "001 §3.12 g"), ("ICF 98 b", "001 §4.1.2"),  # placing; the queen
    ("ICF 103 a", "001 §3.7 n"), ("ICF 103 b", "001 §3.7 n"), ("ICF 106 a", "001 §3.7 m"),  # the opponent's last coin
    ("ICF 106 b", "001 §3.7 m"), ("ICF 111 a", "001 §3.7 n"), ("ICF 111 b", "001 §3.7 n"),
    ("ICF 122 b", "001 §4 h"), ("ICF 125", "001 §3.6 c"), ("ICF 126 a", "001 §4 i"),  # powder; opponent's coin; board
    ("ICF 130", "001 §3.2 h"), ("ICF 131", "001 §4 l"), ("ICF 134", "001 §3.11 n"),  # baseline; signals; touching
    ("ICF 143 a", "001 §4.2 b"), ("ICF 143 g", "001 §4.2 g"),  # leaving one's place; stopping the match
    ("ICF 28", "001 §3.1 b"),  # "les deux partenaires respectifs sont assis face à face"
    ("ICF 39", "001 §3.3"), ("ICF 42", "001 §3.3"),  # the toss; "Le gagnant peut choisir d'ouvrir le jeu"
    ("ICF 57", '001 §5 "Match"'),  # "2 games remportés par le même joueur, ou 3 games, si … ex-aequo (1:1)"
    ("ICF 46", "001 §3.6 b"),  # "15 secondes, ceci une fois que l'arbitre a donné le signal d'ouverture « Play »"
    # a law as a whole, as the tablet's labels name it (the part they mean: the break's attempts, the foul)
    ("ICF 45", "001 §3.5 d"), ("ICF 63", "001 §4.1.1"), ("ICF 64", "001 §4.1.2"), ("ICF 72", "001 §3.11 a"),
    ("ICF 78", "001 §3.11 g"), ("ICF 84", "001 §3.11 l"),
    ("ICF 85", "001 §3.11 l"),  # a coin placed wrongly: "l'arbitre doit inviter le joueur à replacer encore une fois"
    ("ICF 91", "001 §3.11 p"),  # rising from the chair in one's turn: "il a une pénalité et doit remettre un J/C"
)

# The French simplified rule's game ("la partie", 29 points) stands for the ICF board, game and match scoring
SIMPLIFIED_CITES: tuple[tuple[str, str], ...] = (
    ("ICF 53 a", "001 simplified"), ("ICF 57", "001 simplified"),
)

RULESETS: dict[str, RuleSet] = {
    "icf": RuleSet("icf", "ICF laws (000_169fbbd52fae402d.txt)", say("ICF laws"), "ICF"),
    "fr-official": RuleSet("fr-official", "French federation, official international rules (001, §3)",
                           say("French official rules"), "001 §3",
                           break_attempts=2, attempts_after_pass=1, break_order=BreakOrder.CONTINUOUS,
                           misses_per=MissesPer.SIDE, extras=Extras.AUTOMATIC, special_extras=False, striker_foul_coins=1, concede_on_turn=True,
                           signal="turn", frame_rule=True, chair="penalty", placing_fault="kept", stages=False,
                           cites=FRENCH_OFFICIAL_CITES),
    "fr-simplified": RuleSet("fr-simplified", "French simplified rule (001, 'Variante simplifiée')",
                             say("French simplified rules"), "001 S1",
                             scoring=Scoring.SIMPLIFIED, queen_points=5, queen_until=23, late_queen_points=2,
                             max_board_points=19, game_points=29, boards_per_game=None, tie_break_board=False,
                             games_to_win=1, stages=False, cites=SIMPLIFIED_CITES),
    "timed": RuleSet("timed", "ICF laws with the timed game of the Slovenian rules (004 laws 18, 39–41, 126)",
                     say("Timed games (Slovenian rules)"), "004 laws 39–41",
                     timed=True, slow_stroke="turn"),
}


def ruleset(name: str) -> RuleSet:
    try:
        return RULESETS[name]
    except KeyError:
        raise RulesError(say("no such rules {name!r}; choose one of {choices}", name=name,
                             choices=", ".join(RULESETS))) from None
