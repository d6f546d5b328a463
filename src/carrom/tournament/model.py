"""The values of a tournament: players, competitors, matches and their results, the event and its settings.

Everything is a frozen value; the operations (``carrom.tournament.event``) return new values. A
competitor is one to four players (singles, doubles, a team). A match pairs two competitors in a
round on a table; a bye has one side. Its result is either the games' scores typed by the desk
(validated against the laws by ``carrom.tournament.results``) or a walkover.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum


class System(str, Enum):
    SWISS = "swiss"
    KNOCKOUT = "knockout"
    ROUNDROBIN = "roundrobin"
    GROUPS = "groups"  # groups in round robin, then a knockout of the first of each group


class Pairing(str, Enum):
    """SoL's pairing methods (``couplings``) for the Swiss rounds."""

    SERIAL = "serial"  # ranking order: 1-2, 3-4, ...
    DAZED = "dazed"  # cross ranking order within a score group: its first meets its middle one
    STAGGERED = "staggered"  # as dazed, but in a group of 50 or more the first meets the 26th


class Format(str, Enum):
    """What a match is: ICF 57's best of three games, or SoL's single game (to 25 or the round's time)."""

    BEST_OF_THREE = "bestof3"
    SINGLE = "single"


class FinalKind(str, Enum):
    SIMPLE = "simple"  # one final match
    BEST_OF_THREE = "bestof3"  # up to three final matches: the first to win two


@dataclass(frozen=True)
class Club:
    id: int
    name: str
    country: str | None = None


@dataclass(frozen=True)
class Player:
    id: int
    first: str
    last: str
    club: int | None = None
    country: str | None = None
    rating: float | None = None

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}".strip()


@dataclass(frozen=True)
class Competitor:
    """One to four players; ``retired_from``: the first round it is no longer paired in (it keeps its results)."""

    id: int
    players: tuple[int, ...]
    retired_from: int | None = None
    seed: int = 0  # a knockout's seed or a given position (0: none)
    group: int | None = None  # its group in a groups-then-knockout event (0-based)

    def __post_init__(self) -> None:
        if not 1 <= len(self.players) <= 4:
            raise ValueError(f"a competitor is one to four players, not {len(self.players)}")

    def retired(self, before_round: int) -> bool:
        return self.retired_from is not None and before_round >= self.retired_from


@dataclass(frozen=True)
class Result:
    """A match's result: the games' scores from side 1's and side 2's view, or a walkover; a team tie's
    result is its rubbers' (each a match's result), the tie won by the side that won more of them.

    ``score1``/``score2`` are what the standings add up (the games' points summed, over the rubbers
    of a tie; a single game's score for SoL's format); ``winner`` is 1 or 2, or 0 for a drawn single
    game or a tie of an even number of rubbers shared.
    """

    games: tuple[tuple[int, int], ...]
    winner: int
    walkover: bool = False
    unusual: tuple[str, ...] = ()  # what the laws allow but is worth a second look (a game ended below 25)
    rubbers: tuple["Result", ...] = ()  # a team tie's rubbers, in order
    score1: int = field(init=False, compare=False, repr=False)  # worked out once: the standings read them often
    score2: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "score1", sum(g[0] for g in self.games) + sum(r.score1 for r in self.rubbers))
        object.__setattr__(self, "score2", sum(g[1] for g in self.games) + sum(r.score2 for r in self.rubbers))


@dataclass(frozen=True)
class Match:
    round: int
    table: int
    side1: int
    side2: int | None  # None: a bye (SoL's "phantom")
    result: Result | None = None
    stage: str = "main"  # "main", "group", "knockout", "third", "final"
    held: bool = False  # under protest: out of the standings until decided (ICF 150)
    announced: float | None = None  # when the desk announced it (seconds since the epoch)
    umpire: str | None = None
    kept: tuple[tuple[int, int], ...] = ()  # games standing before a replay ordered by an upheld protest (ICF 151 a)
    lineup: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()  # a tie's rubbers' players, by hand (lineup.py)
    id: str = field(default="", compare=False)  # its own, given when first stored and kept by swaps: a tablet's bond

    @property
    def bye(self) -> bool:
        return self.side2 is None

    @property
    def sides(self) -> tuple[int, ...]:
        return (self.side1,) if self.side2 is None else (self.side1, self.side2)

    def winner(self) -> int | None:
        """The competitor who won (a bye's side), None while unplayed or drawn."""
        if self.side2 is None:
            return self.side1
        if self.result is None or self.result.winner == 0:
            return None
        return self.side1 if self.result.winner == 1 else self.side2

    def loser(self) -> int | None:
        w = self.winner()
        if w is None or self.side2 is None:
            return None
        return self.side2 if w == self.side1 else self.side1


@dataclass(frozen=True)
class Settings:
    system: System = System.SWISS
    pairing: Pairing = Pairing.SERIAL
    format: Format = Format.BEST_OF_THREE
    rounds: int = 0  # Swiss rounds planned (0: as many as the desk pairs)
    phantom_score: int = 25  # what a bye scores (SoL's ``phantomscore``)
    delay_top: int = 0  # rounds, from the first, whose pairing orders equal points by rating (SoL's delaytoppairing)
    delay_compatriots: int = 0  # rounds, from the first, in which compatriots are postponed to the end of their own
    # points group (SoL 5's delaycompatriotpairing, a number of rounds; SoL 4's true counts as 1)
    finals: int = 0  # final matches after a Swiss: 0, 1 (1st-2nd) or 2 (and 3rd-4th), as SoL
    final_kind: FinalKind = FinalKind.SIMPLE
    third_place: bool = False  # a knockout's match for third place
    groups: int = 0  # groups then knockout: how many groups
    qualifiers: int = 2  # ... and how many of each go on
    retirements: str = "none"  # SoL's Buchholz adjustment for opponents who withdrew: none, trend, trend70
    seed: int = 0  # the first round's draw when nobody has a rating
    timed: bool = False  # the timed rules (004): 7 minutes to report, not 15
    rubbers: int = 0  # a team event: each tie is this many rubbers (singles and doubles matches); 0: one match


@dataclass(frozen=True)
class Event:
    """One event of a tournament (SoL's tourney): its settings, players, competitors and matches."""

    name: str
    settings: Settings = field(default_factory=Settings)
    players: dict[int, Player] = field(default_factory=dict)
    competitors: tuple[Competitor, ...] = ()
    matches: tuple[Match, ...] = ()
    date: str = ""
    closed: bool = False
    published: int = 0  # the last round published: the rounds after it are the desk's draft

    @property
    def current_round(self) -> int:
        return max((m.round for m in self.matches), default=0)

    def competitor(self, cid: int) -> Competitor:
        for c in self.competitors:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def names(self, cid: int) -> list[str]:
        return [self.players[p].name for p in self.competitor(cid).players]

    def round_matches(self, number: int) -> list[Match]:
        return [m for m in self.matches if m.round == number]

    def with_matches(self, matches) -> "Event":
        return replace(self, matches=tuple(matches))
