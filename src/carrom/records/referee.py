"""The only place records meet the referee: header to ``Match``, entry to ``Action``.

Keeping the translation here lets the file format stay stable while the referee's
classes evolve; a change there is a change in this one module.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from carrom import rules as R
from carrom.records.entries import (
    ClockEntry, ConcedeEntry, DeclareEntry, Entry, ForfeitEntry, PlaceEntry, StrokeEntry, TimeoutEntry,
)
from carrom.records.header import Header

VARIANTS: tuple[str, ...] = tuple(R.RULESETS)
FOUL_CODES: tuple[str, ...] = tuple(f.value for f in R.Foul)
DECLARATIONS = R.DECLARATIONS  # word -> Declaration (law, name, whether it names an offender)
BREACHES: tuple[str, ...] = R.BREACHES  # declarations about an offender (ICF 63 b)
COIN = {"white": R.Coin.WHITE, "black": R.Coin.BLACK, "queen": R.Coin.QUEEN}


def seat(name: str) -> R.Seat:
    """The referee's seat of a record's seat word (the edge: ``ValueError`` naming the four for a bad one)."""
    return R.Seat.named(name)


def new_match(header: Header) -> R.Match:
    """A fresh referee for the header's variant, seats and first breaker (ICF 39, 42)."""
    toss = None if header.toss is None else (seat(header.toss.winner), header.toss.choice)
    return R.Match.new(
        header.variant,
        players={seat(s): p.name for s, p in header.players.items()},
        first_breaker=seat(header.first_breaker),
        toss=toss,
        stage=header.stage,
    )


def to_action(entry: Entry) -> R.Action:
    """The referee's action for one record entry."""
    s = seat(entry.seat)
    if isinstance(entry, StrokeEntry):
        o = entry.outcome
        outcome = R.StrokeOutcome(
            pocketed=tuple(COIN[c] for c in o.pocketed),
            striker_pocketed=o.striker,
            off_board=tuple(COIN[c] for c in o.off_board),
            touched=o.touched,
        )
        return R.Stroke(seat=s, outcome=outcome, fouls=tuple(R.Foul(f) for f in entry.fouls))
    if isinstance(entry, PlaceEntry):
        return R.Place(seat=s, coin=None if entry.coin is None else COIN[entry.coin], waive=entry.waive)
    if isinstance(entry, ForfeitEntry):
        return R.Forfeit(seat=s, law=entry.law, offender=None if entry.offender is None else seat(entry.offender))
    if isinstance(entry, ConcedeEntry):
        return R.Concede(seat=s, what=entry.what)
    if isinstance(entry, DeclareEntry):
        return R.Declare(seat=s, what=entry.what, value=entry.value,
                         offender=None if entry.offender is None else seat(entry.offender))
    if isinstance(entry, TimeoutEntry):
        return R.Timeout(seat=s, board_begun=entry.board_begun)
    if isinstance(entry, ClockEntry):
        return R.OutOfTime(seat=s, what=entry.what)
    raise TypeError(f"no referee action for {type(entry).__name__}")


def position(match: R.Match, entry: Entry | None = None) -> tuple[int, int]:
    """(game, board), 0-based, where the next action will be played; a demand for extra points
    belongs to the board that just ended (ICF 87 b), though the next one is already dealt."""
    state = match.state
    if state.claim is not None and isinstance(entry, DeclareEntry) and entry.what.split()[:1] == ["extra"]:
        state = state.claim.before
    return state.game_index, state.board_index


DEFAULT_FOUL: str = R.Foul.FOUL.value


def to_strike(match: R.Match) -> str:
    """The seat the laws wait for (to strike, place or call the toss); also who concedes, forfeits, declares.

    An open claim for extra points is not waited for: the winner *may* demand them (ICF 87 b, "si así lo
    solicita") and the next action closes it, so the next board's player acts meanwhile (``claimer`` claims)."""
    state = match.state
    exp = (state if state.claim is None else replace(state, claim=None)).expected()
    if exp is None:
        return state.board.turn.value
    return exp.seat.value


def claimer(match: R.Match) -> str:
    """Who demands extra points now: a winner of the board just ended while the claim is open (ICF 87 b), else the
    seat on turn (for the referee to refuse the claim with its law)."""
    claim = match.state.claim
    return claim.seats[0].value if claim is not None else to_strike(match)


def clock_law(match: R.Match) -> str | None:
    """The law of the clock running now (ICF 46, 50, 88 a), as the match's rules cite it; None when none runs."""
    running = R.running(match.state)
    return None if running is None else match.state.rules.cite(running.law)


def clock(match: R.Match) -> tuple[str, str] | None:
    """The clock of the laws running now: (what it times, whose), or None when nothing is timed."""
    running = R.running(match.state)
    return None if running is None else (running.what, running.seat.value)


def sitting(state: R.MatchState) -> dict[str, str]:
    """Each player's seat in the record -> the chair he sits in now (ICF 58-60: places change game by game)."""
    return {seat.value: now.value for seat, now in R.places(state)}


def chairs_to_seats(state: R.MatchState) -> dict[str, str]:
    """The chair a player sits in now -> his seat in the record: what a seat typed at the table means."""
    return {now: seat for seat, now in sitting(state).items()}


def to_place(match: R.Match) -> str:
    """The seat that must place the coin owed now; the referee refuses if none is owed."""
    exp = match.expected()
    if exp is not None and exp.kind is R.Expect.PLACE:
        return exp.seat.value
    return to_strike(match)


@dataclass(frozen=True)
class Snapshot:
    """What the umpire needs to see after each entry, in the records' own words.

    Sides: 0 is the first breaker's side, 1 the other (the scorecard's order, ICF XIX).
    """

    game: int  # 0-based
    board: int  # 0-based
    to_act: str | None  # "stroke", "place", "claim" or "toss"; None once the match is over
    seat: str | None  # who acts next
    breaker: str  # whose break this board is (the breaker's side plays white, ICF 43)
    on_board: dict[str, int]  # white, black, queen still on the board
    owed: tuple[tuple[str, str], ...]  # (placer seat, coin) still to be placed
    debts: tuple[int, int]  # coins owed by each side with none in the nets yet (ICF 72 c)
    queen: str  # plain words: on the board, pocketed by south awaiting cover, covered by ...
    queen_state: R.QueenState  # on the board, pocketed (to be covered) or covered
    colours: dict[str, str]  # seat -> "white" or "black" this board (the breaker's side plays white, ICF 43)
    game_points: tuple[int, int]
    games_won: tuple[int, int]
    over: bool
    winner: int | None
    broken_by: str | None = None  # who made the break (ICF 44); None before it
    break_passed: bool = False  # the breaker used every attempt and the break passed on (ICF 45 b)
    queen_side: int | None = None  # the side that pocketed (pending) or covered the queen
    sits: dict[str, str] | None = None  # each player's seat in the record -> the chair he sits in now (ICF 58-60)
    rest: int | None = None  # minutes of rest due before the deciding game's first stroke (ICF 138)


@dataclass(frozen=True)
class BoardResult:
    game: int
    board: int  # 0-based board number among the boards decided in the game
    breaker: str
    winner: int | None  # side
    queen: tuple[int, int]
    coins: tuple[int, int]
    law: str = ""  # the law the board ended under (ICF 53 a, ICF 139 for a concession, ICF 91 for a forfeit...)
    text: str = ""  # the referee's words for it
    extra: tuple[int, int] = (0, 0)  # of ``coins``, the points for dues and penalties (ICF 87 b; 001 §3.7 n, §3.11 f)


@dataclass(frozen=True)
class Ending:
    """A board, game or match decided by one action of the record."""

    index: int  # the record entry that decided it
    what: str  # "board", "game" or "match"
    game: int  # 0-based
    board: int | None  # 0-based among the game's decided boards; None for a game or the match
    winner: int | None  # side


def _states(match: R.Match):
    """(state before, state after) of every action the referee has played, in order."""
    befores = [before for before, _ in match.history]
    return zip(befores, befores[1:] + [match.state])


def endings(match: R.Match) -> list[Ending]:
    """Every board, game and match the record's actions decided, in the order they were decided."""
    out: list[Ending] = []
    for i, (before, after) in enumerate(_states(match)):
        for r in after.results[len(before.results):]:
            out.append(Ending(i, "board", r.game, r.number - 1, r.winner))
        gained = [k for k in (0, 1) if after.games_won[k] > before.games_won[k]]
        if gained:
            out.append(Ending(i, "game", before.game_index, None, gained[0]))
        if after.over and not before.over:
            out.append(Ending(i, "match", before.game_index, None, after.winner))
    return out


def _queen_words(state: R.MatchState, header: Header) -> str:
    b = state.board
    if b.queen is R.QueenState.BOARD:
        return "on the board"
    side = header.side_name(header.sides()[b.queen_side])
    return f"pocketed by {side}, to be covered" if b.queen is R.QueenState.PENDING else f"covered by {side}"


def _broken_by(match: R.Match) -> str | None:
    """The seat whose stroke made this board's break (ICF 44), found in the referee's history."""
    if not match.state.board.broken:
        return None
    where = position(match)
    after = match.state
    for before, ruling in reversed(match.history):
        if (before.game_index, before.board_index) != where:
            break
        if not before.board.broken and after.board.broken:
            return ruling.action.seat.value
        after = before
    return None


def snapshot(match: R.Match, header: Header) -> Snapshot:
    s = match.state
    exp = match.expected()
    gp = s.points[-1]
    return Snapshot(
        game=s.game_index, board=s.board_index,
        to_act=None if exp is None else exp.kind, seat=None if exp is None else exp.seat.value,
        breaker=s.breaker.value, on_board=dict(s.on_board),
        owed=tuple((p.value, c) for p, c in s.owed), debts=s.board.debts,
        queen=_queen_words(s, header), queen_state=s.board.queen,
        colours={name: s.colour_of(seat(name)).value for name in header.players},
        game_points=(gp[0], gp[1]), games_won=(s.games_won[0], s.games_won[1]), over=s.over, winner=s.winner,
        broken_by=_broken_by(match), break_passed=s.board.break_passed, queen_side=s.board.queen_side,
        sits=sitting(s), rest=R.rest_due(s),
    )


def board_results(match: R.Match, header: Header) -> list[BoardResult]:
    """One row per decided board, as the scorecard of ICF XIX lists them."""
    return [BoardResult(r.game, r.number - 1, r.breaker.value, r.winner, r.queen, r.coins, r.law, r.text, r.extra)
            for r in match.state.results]
