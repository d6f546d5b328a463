"""A match's state as frozen values: the scorecard rows, what the laws wait for, each side's view.

``new_state`` starts a match before its first break; ``state_from_score`` starts one where a
paper scorecard left off (an umpire taking over mid-match). Points, games won and dues are
kept per side number (side 0 is the first breaker's, ICF XIX note 1); ``MatchState.side``
reads them by seat or by side name instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Mapping, Sequence

from carrom.rules.board import BoardState
from carrom.rules.context import Context
from carrom.rules.errors import RulesError
from carrom.rules.message import say
from carrom.rules.pieces import Coin, Seat
from carrom.rules.ruleset import RuleSet, Scoring, Stage, ruleset, stage as _stage
from carrom.rules.table import Table
from carrom.rules.words import seats_name


@dataclass(frozen=True)
class BoardRecord:
    """One row of the scorecard (ICF XIX): per side, queen points and coin points."""

    game: int  # 0-based
    number: int  # 1-based board number in the game; replayed boards are not numbered
    breaker: Seat
    winner: int | None
    queen: tuple[int, int]
    coins: tuple[int, int]
    law: str
    text: str
    extra: tuple[int, int] = (0, 0)  # of ``coins``, the points for dues and penalties, no coin left on the board
    # (ICF 87 b claimed; 001 §3.7 n, §3.11 f counted automatically): the scorecard counts them in the total only


class Expect(str, Enum):
    """What the laws wait for next."""

    STROKE = "stroke"
    PLACE = "place"
    CLAIM = "claim"  # the winners of the board just ended may demand extra points (ICF 87 b); optional
    TOSS = "toss"  # the toss for the tie-break board's break (ICF 56 b)

    def __str__(self) -> str:  # reads as the word it was before it was an Enum: "stroke", not "Expect.STROKE"
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


@dataclass(frozen=True)
class Expected:
    """Who is to act and how: the kind of action the laws wait for and the seat that owes it."""

    kind: Expect
    seat: Seat
    optional: bool = False  # a claim may be skipped: the next other action closes it (ICF 87 b)


@dataclass(frozen=True)
class Claim:
    """Extra points the winners of the board just ended may still demand (ICF 87 b), before the next action."""

    side: int
    seats: tuple[Seat, ...]
    most: int
    before: Any = field(repr=False)  # the MatchState as the board ended, before it was scored


@dataclass(frozen=True)
class Dues:
    """What a side owes now, in one place (ICF 72 c, 78, 79 a)."""

    to_place: int = 0  # coins out of the nets, to be placed by the opponents (ICF 78 a)
    waiting: int = 0  # of those, waiting for room (ICF 79 a)
    outstanding: int = 0  # owed with none of the side's coins in the nets yet (ICF 72 c)

    @property
    def total(self) -> int:
        return self.to_place + self.outstanding


@dataclass(frozen=True)
class SideView:
    """One side as a scorecard reads it: who plays, its colour, its points, what it owes."""

    side: int
    seats: tuple[Seat, ...]
    name: str  # "South", or "South & North" in doubles
    players: tuple[str, ...]
    colour: Coin
    on_board: int  # its coins on the board
    points: int  # in the game in play
    games_won: int
    dues: Dues


@dataclass(frozen=True)
class MatchState:
    rules: RuleSet
    table: Table
    players: tuple[tuple[Seat, str], ...]
    board: BoardState
    game_first: Seat  # who broke the first board of this game (ICF 49 a)
    game_index: int = 0
    board_index: int = 0  # deals in this game, replays included (where a record files an action)
    boards_done: int = 0  # boards decided in this game (ICF 56: eight)
    points: tuple[tuple[int, int], ...] = ((0, 0),)
    games_won: tuple[int, int] = (0, 0)
    results: tuple[BoardRecord, ...] = ()
    awaiting_toss: bool = False  # the tie-break board's break goes by a toss (ICF 56 b)
    bell: int = 0  # timed game: bells rung in this game (004 laws 39–41)
    tie_break: bool = False  # the tie-break board is in play (ICF 56 b): no time limit in the timed game
    sides_changed: bool = False  # in the deciding game (ICF 60)
    over: bool = False
    winner: int | None = None
    toss: tuple[Seat, str] | None = None
    claim: Claim | None = None  # extra points that may still be demanded (ICF 87 b)
    stage: Stage = Stage.EARLY  # the round: from the quarter-finals no board limit (ICF 56 b), side change at 13 (60 b)

    @property
    def late_stage(self) -> bool:
        """A quarter-final or later under rules that tell rounds apart (ICF 56 b, 60 b)."""
        return self.stage is Stage.QUARTER_FINAL and self.rules.stages

    @property
    def boards_per_game(self) -> int | None:
        """The board limit of a game: none from the quarter-finals (ICF 56 b), else the rules' (ICF 56 a); the
        timed game's in every round (004 law 39: "do 25 točk ali 8 iger ali do časovne omejitve")."""
        return None if self.late_stage and not self.rules.timed else self.rules.boards_per_game

    @property
    def game_points(self) -> tuple[tuple[int, int], ...]:
        return self.points

    @property
    def breaker(self) -> Seat:
        return self.board.breaker

    @property
    def on_board(self) -> dict[str, int]:
        return self.board.counts()

    @property
    def owed(self) -> tuple[tuple[Seat, str], ...]:
        return tuple((o.placer, o.coin.value) for o in self.board.owed)

    def colour_of(self, seat: Seat) -> Coin:
        return self.board.colour(self.table.side(seat))

    def player(self, seat: Seat) -> str:
        return dict(self.players)[seat]

    def context(self) -> Context:
        return Context(self.table, self.rules, self.points[-1])

    # -- by seat and by side name --------------------------------------------------------

    def side_of(self, key: int | Seat | str) -> int:
        """The side number of a side, a seat ("south"), a side name ("South & North") or a player's name."""
        if isinstance(key, int) and not isinstance(key, bool):
            if key not in (0, 1):
                raise RulesError(say("a side is 0 or 1, not {value}", value=key))
            return key
        if isinstance(key, Seat):
            self.table.check(key)
            return self.table.side(key)
        if isinstance(key, str):
            wanted = key.strip().lower()
            for side in (0, 1):
                view_names = {str(seats_name(self.table.seats_of(side))).lower()}
                view_names |= {s.value for s in self.table.seats_of(side)}
                view_names |= {self.player(s).lower() for s in self.table.seats_of(side)}
                if wanted in view_names:
                    return side
        raise RulesError(say("{value} names no side of this match: a seat ({seats}), a side ({one} or {other}) or a "
                             "player", value=repr(key), seats=", ".join(s.value for s in self.table.seats),
                             one=seats_name(self.table.seats_of(0)), other=seats_name(self.table.seats_of(1))))

    def dues(self, key: int | Seat | str) -> Dues:
        """What the side owes now: to place, waiting for room, outstanding (ICF 72 c, 78, 79 a)."""
        side = self.side_of(key)
        colour = self.board.colour(side)
        mine = [o for o in self.board.owed if o.coin is colour]
        return Dues(len(mine), sum(1 for o in mine if o.waiting), self.board.debts[side])

    def side(self, key: int | Seat | str) -> SideView:
        """The side of a seat, side name or player, as one value."""
        side = self.side_of(key)
        seats = self.table.seats_of(side)
        colour = self.board.colour(side)
        return SideView(side, seats, str(seats_name(seats)), tuple(self.player(s) for s in seats), colour,
                        self.board.on_board(colour), self.points[-1][side], self.games_won[side], self.dues(side))

    @property
    def sides(self) -> tuple[SideView, SideView]:
        return self.side(0), self.side(1)

    # -- what comes next ------------------------------------------------------------------

    def expected(self) -> Expected | None:
        """What the laws wait for next, or None once the match is over (and no claim is open)."""
        if self.claim is not None:
            return Expected(Expect.CLAIM, self.claim.seats[0], optional=True)
        if self.over:
            return None
        if self.awaiting_toss:
            return Expected(Expect.TOSS, self.board.breaker)
        ready = [o for o in self.board.owed if not o.waiting]
        if ready:
            return Expected(Expect.PLACE, ready[0].placer)
        return Expected(Expect.STROKE, self.board.turn)


def fresh_board(table: Table, breaker: Seat, rules: RuleSet) -> BoardState:
    """A board before its break: the breaker plays white (ICF 43), or the first coin pocketed decides (001 simplified)."""
    return BoardState(breaker=breaker, white_side=table.side(breaker), turn=breaker,
                      colours_set=rules.scoring is not Scoring.SIMPLIFIED)


def _setup(rules: str | RuleSet, players: Mapping[Seat, str], first_breaker: Seat,
           toss: tuple[Seat, str] | None) -> tuple[RuleSet, Table, tuple[tuple[Seat, str], ...], Any]:
    rs = ruleset(rules) if isinstance(rules, str) else rules
    seats = tuple(Seat(s) for s in players)
    table = Table.of(seats, Seat(first_breaker))
    for seat, player in players.items():
        if not str(player).strip():
            raise RulesError(say("the player at {seat} has no name", seat=Seat(seat)))
    if toss is not None:
        winner, choice = Seat(toss[0]), toss[1]
        table.check(winner)
        if choice not in ("break", "side"):
            raise RulesError(say("the toss winner chooses 'break' or 'side' (ICF 39 a), not {value}",
                                 value=repr(choice)))
        if choice == "break" and table.side(winner) != 0:
            raise RulesError(say("the toss winner chose the break, so their side breaks first (ICF 39 c, 42)"))
        toss = (winner, choice)
    by_seat = {Seat(k): str(v) for k, v in players.items()}
    named = tuple((s, by_seat[s]) for s in table.seats)
    return rs, table, named, toss


def new_state(rules: str | RuleSet, players: Mapping[Seat, str], first_breaker: Seat,
              toss: tuple[Seat, str] | None = None, stage: Stage | str | None = None) -> MatchState:
    """A match before the first break (ICF 39, 42, 43); ``stage``: the round (ICF 56 b, 60), an early one if None."""
    rs, table, named, toss = _setup(rules, players, first_breaker, toss)
    return MatchState(rs, table, named, fresh_board(table, table.first, rs), table.first, toss=toss,
                      stage=_stage(stage))


def state_from_score(rules: str | RuleSet, players: Mapping[Seat, str], first_breaker: Seat, *,
                     breaker: Seat, points: Sequence[int] | Mapping[Seat, int] = (0, 0),
                     games_won: Sequence[int] | Mapping[Seat, int] = (0, 0), boards_done: int = 0,
                     past_games: Sequence[Sequence[int]] = (), toss: tuple[Seat, str] | None = None,
                     stage: Stage | str | None = None) -> MatchState:
    """A match taken over before a board's break, from a paper scorecard.

    ``first_breaker`` broke the match's first board (side 0, ICF XIX note 1); ``breaker`` breaks the
    next board; ``points`` is the score of the game in play and ``games_won`` the games each side
    has won, both per side (side 0 first) or by seat; ``past_games`` the finished games' scores, if
    known (0–0 otherwise); ``boards_done`` the boards already decided in this game (ICF 56): all of them with
    the points level, and the tie-break board's toss comes next (ICF 56 b).
    """
    rs, table, named, toss = _setup(rules, players, first_breaker, toss)
    state = MatchState(rs, table, named, fresh_board(table, table.first, rs), table.first, toss=toss,
                       stage=_stage(stage))
    pts = _per_side(state, points, "points")
    won = _per_side(state, games_won, "games_won")
    breaker = Seat(breaker)
    table.check(breaker)
    if any(not 0 <= w < rs.games_to_win for w in won):
        raise RulesError(f"games_won: each side has won fewer than {rs.games_to_win} games while the match "
                         f"goes on (ICF 57), not {won[0]}–{won[1]}")
    if any(not 0 <= p < rs.game_points for p in pts):
        raise RulesError(f"points: each side has fewer than {rs.game_points} while the game goes on (ICF 56 a), "
                         f"not {pts[0]}–{pts[1]}")
    limit = state.boards_per_game
    tie = limit is not None and boards_done == limit and pts[0] == pts[1] and rs.tie_break_board  # ICF 56 b
    if isinstance(boards_done, bool) or not isinstance(boards_done, int) or boards_done < 0 or (
            limit is not None and boards_done >= limit and not tie):
        raise RulesError(f"boards_done: a whole number of boards below {limit} (ICF 56 a), or {limit} with the "
                         f"points level, before the tie-break board (ICF 56 b), not {boards_done!r}")
    if boards_done == 0 and any(pts):
        raise RulesError("points scored, yet no board decided: give boards_done")
    game = sum(won)
    past = tuple(_pair(s, f"past_games[{i}]") for i, s in enumerate(past_games))
    if past and len(past) != game:
        raise RulesError(f"past_games: {game} finished games, but {len(past)} scores")
    if past and tuple(sum(1 for a, b in past if (a > b) == (side == 0) and a != b) for side in (0, 1)) != won:
        raise RulesError("past_games: their winners do not add up to games_won")
    first = table.first if game % 2 == 0 else table.right_of(table.first)  # ICF 49 a ii–iii
    deciding = rs.games_to_win > 1 and game == rs.games_to_win * 2 - 2
    changed = deciding and (max(pts) >= 13 or (not state.late_stage and boards_done >= 4))  # ICF 60 a, b
    return replace(state, board=fresh_board(table, breaker, rs), game_first=breaker if boards_done == 0 else first,
                   game_index=game, board_index=boards_done, boards_done=boards_done,
                   points=(past or ((0, 0),) * game) + ((pts[0], pts[1]),), games_won=(won[0], won[1]),
                   sides_changed=changed, awaiting_toss=tie)


def _pair(value: Any, what: str) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2 or any(
            isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value):
        raise RulesError(f"{what}: two whole numbers, 0 or more, one per side, not {value!r}")
    return (value[0], value[1])


def _per_side(state: MatchState, value: Any, what: str) -> tuple[int, int]:
    """Two numbers per side: a pair (side 0 first) or a mapping from any seat of each side."""
    if isinstance(value, Mapping):
        out: dict[int, int] = {}
        for key, n in value.items():
            side = state.side_of(Seat(key) if isinstance(key, str) and key in {s.value for s in Seat} else key)
            if side in out and out[side] != n:
                raise RulesError(f"{what}: two different numbers for {str(seats_name(state.table.seats_of(side)))}")
            out[side] = n
        value = (out.get(0, 0), out.get(1, 0))
    return _pair(value, what)
