"""The game: the one place where the referee and the physics meet.

A ``Game`` holds the referee's match, the discs on the board and the match record. A
strike is checked against the legal striker positions (ICF 130) and played by
``carrom.game.stroke.play_stroke`` (simulated, ruled, the ruling applied to the discs); the
game records it and keeps the discs it leaves. Due and penalty coins are placed where the
entitled player chooses, if the law allows it there (ICF 84–89). Every stroke and placement
is appended to the record. A refused action raises ``GameError`` and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from carrom import __version__
from carrom import rules as R
from carrom.equipment import (
    Disc, Layout, finite_number, has_legal_position, legal_intervals,
    opening_formation, placement_problems, why_illegal,
)
from carrom.game.outcome import KIND_OF_COIN
from carrom.game.seats import board_seat, rules_seat
from carrom.game.stroke import play_stroke
from carrom.physics import DEFAULT_PARAMS, PhysicsParams
from carrom.physics.model_file import model_name, named_or_inline
from carrom.physics.result import ShotResult
from carrom.records import Header, Player, Record
from carrom.records.header import SEATS, MadeWith
from carrom.records.entries import Choice, ClockEntry, ConcedeEntry, DeclareEntry, Outcome, PlaceEntry, StrokeEntry
from carrom.records.scorer import Scorer
from carrom.rules.errors import law_cited
from carrom.rules.message import Message, say


class GameError(ValueError):
    """An action the game refuses (out of turn, illegal position, absurd strike...); nothing changed.

    ``str(error)`` is the English sentence; ``error.message`` the same as a ``Message`` (the referee's own, passed
    on) for an adapter to word in its reader's language, as ``RulesError`` does; None for a record's own faults.
    ``error.kind`` (``rules.Refusal``) and ``error.law`` as the referee's, passed on (``GameError.of``).
    """

    def __init__(self, text: str | Message, kind: R.Refusal = R.Refusal.ILLEGAL, law: str | None = None) -> None:
        super().__init__(str(text))
        self.message = text if isinstance(text, Message) else None
        self.kind = kind
        self.law = law or law_cited(text)

    @classmethod
    def of(cls, exc: Exception) -> "GameError":
        """The referee's refusal (or another ``ValueError``) passed on with its words, kind and law."""
        return cls(getattr(exc, "message", None) or str(exc), getattr(exc, "kind", R.Refusal.MALFORMED),
                   getattr(exc, "law", None))


# Why the striker or a coin may not be put there (carrom.equipment's Problem codes), in words a reader's language
# has: the equipment's own English, with its measurements, stays its ``Problem.message``.
PROBLEMS = {
    "partly-covers-base-circle": say("the striker covers only part of a base circle: all of it or none"),
    "beyond-baseline": say("the striker is beyond the end of the baseline"),
    "not-touching-both-lines": say("the striker does not touch both lines of the baseline"),
    "touches-arrow": say("the striker touches an arrow (or its imaginary line)"),
    "overlaps-coin": say("the striker would overlap a coin"),
    "outside-outer-circle": say("the coin is not wholly within the outer centre circle"),
    "covers-inner-circle": say("the coin covers the inner centre circle"),
    "overlaps-piece": say("the coin overlaps another piece"),
    "cannon": say("the coin and another piece touch in a line towards a pocket (a cannon)"),
    "pair": say("the coin and another piece lie in a line towards a pocket (a pair)"),
}


def joined(messages: Any) -> Message:
    """Several messages as one, joined by semicolons (at least one)."""
    messages = list(messages)
    out = messages[0]
    for more in messages[1:]:
        out = say("{one}; {other}", one=out, other=more)
    return out


def reasons(problems: Any) -> Message:
    """The equipment's problems as one message: each reason with its law."""
    return joined(say("{reason} ({law})", reason=PROBLEMS.get(p.code, p.message), law=p.law) for p in problems)


# Out of turn, or not what the laws wait for: what they wait for, by its kind (``Match.expected``).
WAITED = {
    "stroke": lambda kind, waited: say("{kind}: not now, the laws wait for {waited} to strike",
                                       kind=kind, waited=waited),
    "place": lambda kind, waited: say("{kind}: not now, the laws wait for {waited} to place the coins owed",
                                      kind=kind, waited=waited),
    "claim": lambda kind, waited: say("{kind}: not now, the laws wait for {waited} to claim extra points",
                                      kind=kind, waited=waited),
    "toss": lambda kind, waited: say("{kind}: not now, the laws wait for {waited} to say who won the toss",
                                     kind=kind, waited=waited),
}


def _not_finite(name: str, value: Any) -> Message:
    return say("{key} must be a finite number, got {value}", key=name, value=repr(value))


def strike_refusal(seat: R.Seat, along: Any, angle: Any, speed: Any, layout: Layout,
                   params: PhysicsParams) -> Message | None:
    """Why a strike from ``seat`` cannot be played on ``layout`` (a value not a number, the speed out of range, the
    striker where it may not be put, ICF 130), or None; the game and practice refuse with it alike."""
    for name, value in (("along", along), ("angle", angle), ("speed", speed)):
        if not finite_number(value):
            return _not_finite(name, value)
    if not 0 < speed <= params.max_speed:
        return say("speed {speed} m/s is out of range: above 0 and at most {most} m/s", speed=speed,
                   most=params.max_speed)
    why = why_illegal(board_seat(seat), along, layout)
    if why:
        return say("the striker may not be put at {along} m: {reasons} (ICF 130)", along=f"{along:+.4f}",
                   reasons=reasons(why))
    return None


@dataclass(frozen=True)
class StrokeReport:
    """What one strike did: the shot (for animation), the ruling, and whether it counted."""

    seat: R.Seat
    shot: ShotResult
    ruling: R.Ruling | None  # None when the stroke was not completed (ICF 127 b)
    completed: bool
    rulings: tuple[R.Ruling, ...] = ()  # further rulings the game made on its own (ICF 142)


class Game:
    def __init__(self, record: Record, params: PhysicsParams | None = None) -> None:
        if params is None:
            # The model the record names (docs/physics.md); a record without one is v1.
            try:
                params = named_or_inline(record.header.physics or "v1")
            except ValueError as exc:
                raise GameError(str(exc), R.Refusal.MALFORMED) from None
        self.params = params
        self.scorer = Scorer(record)
        self.layout = opening_formation()
        self._legal: tuple | None = None  # (layout, seat, its legal intervals): see _intervals
        self._position = self._where()

    # -- starting ---------------------------------------------------------------------

    @classmethod
    def new(cls, players: Mapping[str, str], variant: str = "icf", first_breaker: str = R.Seat.SOUTH.value,
            params: PhysicsParams | None = None, **header: Any) -> "Game":
        """A match between ``players`` (seat -> name): two opposite seats, or four (ICF 27, 28)."""
        kind = "doubles" if len(players) == 4 else "singles"
        model = model_name(params or DEFAULT_PARAMS)  # a model file's parameters inline (docs/calibration.md)
        if model not in (None, "v1"):
            header.setdefault("physics", model)  # v1, the first model, goes unnamed
        # the code whose outcomes the record holds: this carrom and its physics' fingerprint (docs/record-format.md)
        header.setdefault("made_with", MadeWith(__version__, (params or DEFAULT_PARAMS).fingerprint))
        try:
            h = Header(variant=variant, kind=kind, players={s: Player(n) for s, n in players.items()},
                       first_breaker=first_breaker, **header)
            scorer = Scorer.new(h)
        except (ValueError, TypeError) as exc:
            raise GameError.of(exc) from None
        return cls(scorer.record, params)

    @classmethod
    def resume(cls, record: Record, params: PhysicsParams | None = None) -> "Game":
        """Rebuild a game from its record: every stroke re-simulated from the player's choice."""
        game = cls(Record(record.header), params)
        for entry in record.entries:
            game._replay_entry(entry)
        return game

    @classmethod
    def restore(cls, record: Record, layout: Layout, params: PhysicsParams | None = None) -> "Game":
        """A game from its record and the discs on the board now (a snapshot kept with the record).

        The referee plays the record's entries again (their outcomes are in the record); the
        physics simulates nothing, so a long match is back in milliseconds, not seconds.
        """
        game = cls(Record(record.header), params)
        for entry in record.entries:
            game._play(entry)
        game._position = game._where()
        game.layout = layout
        return game

    # -- what the laws wait for ------------------------------------------------------

    @property
    def match(self) -> R.Match:
        return self.scorer.match

    @property
    def record(self) -> Record:
        return self.scorer.record

    @property
    def state(self) -> R.MatchState:
        return self.match.state

    def expected(self) -> R.Expected | None:
        """What the laws wait for: its kind (stroke, place, claim, toss) and seat, None once the match is over."""
        return self.match.expected()

    @property
    def over(self) -> bool:
        return self.state.over

    def legal_intervals(self, seat: R.Seat) -> tuple[tuple[float, float], ...]:
        """Where ``seat`` may put the striker on its baseline now (ICF 130), as ``along`` intervals."""
        return self._intervals(seat)

    def _intervals(self, seat: R.Seat) -> tuple[tuple[float, float], ...]:
        """``legal_intervals`` on the discs now, kept until the discs change: the server asks for them after a
        stroke (ICF 142's test, then the state it sends) on the same layout."""
        kept = self._legal
        if kept is not None and kept[0] is self.layout and kept[1] == seat:
            return kept[2]
        intervals = tuple(legal_intervals(board_seat(seat), self.layout))
        self._legal = (self.layout, seat, intervals)
        return intervals

    # -- actions --------------------------------------------------------------------------

    def strike(self, seat: R.Seat, along: float, angle: float, speed: float) -> StrokeReport:
        """The player at ``seat`` strikes from ``along`` on the baseline, at ``angle`` and ``speed`` (m/s)."""
        seat = self._expect("stroke", seat)
        refusal = strike_refusal(seat, along, angle, speed, self.layout, self.params)
        if refusal is not None:  # the striker where the laws forbid it (ICF 130), or not a strike at all
            raise GameError(refusal, R.Refusal.ILLEGAL if law_cited(refusal) else R.Refusal.MALFORMED)
        before = self.state
        try:
            play = play_stroke(before, self.layout, seat, along, angle, speed, self.params)
        except R.RulesError as exc:
            raise GameError.of(exc) from None
        if not play.completed:
            return StrokeReport(seat, play.shot, None, False)  # ICF 127 b: not a completed stroke
        outcome = play.outcome
        facts = Outcome(tuple(c.value for c in outcome.pocketed), outcome.striker_pocketed,
                        tuple(c.value for c in outcome.off_board), outcome.touched)
        # the record takes the stroke with the ruling play_stroke made on this state: the referee rules it once
        ruling = self._play(StrokeEntry(seat, outcome=facts, choice=Choice(along, angle, speed)),
                            (before, play.state, play.ruling))
        self.layout = play.layout
        self._position = self._where()
        return StrokeReport(seat, play.shot, ruling, True, self.replay_if_no_room())

    def place(self, seat: R.Seat, x: float, y: float, coin: str | None = None) -> R.Ruling:
        """Place the due or penalty coin owed at (x, y), board frame (ICF 78, 84–89)."""
        seat = self._expect("place", seat)
        owed = [o for o in self.state.board.owed if o.placer is seat and not o.waiting]
        pick = next((o for o in owed if coin is None or o.coin.value == coin), None)
        if pick is None:
            raise GameError(say("{seat} owes no {coin} to place", seat=seat,
                                coin=R.Coin(coin) if coin in ("white", "black", "queen") else str(coin)))
        for name, value in (("x", x), ("y", y)):
            if not finite_number(value):
                raise GameError(_not_finite(name, value), R.Refusal.MALFORMED)
        problems = placement_problems(self.layout, x, y)
        if problems:
            raise GameError(say("the coin may not be placed there: {reasons}", reasons=reasons(problems)),
                            law=problems[0].law)
        ruling = self._play(PlaceEntry(seat, coin=pick.coin.value, position=(float(x), float(y))))
        self.layout = self.layout.with_disc(Disc(KIND_OF_COIN[pick.coin], float(x), float(y)))
        return ruling

    def waive(self, seat: R.Seat) -> R.Ruling:
        """Give up placing the coins owed (ICF 80, 87 a)."""
        seat = self._expect("place", seat)
        return self._play(PlaceEntry(seat, waive=True))

    def wait(self, seat: R.Seat) -> R.Ruling:
        """No room to place the coins owed: they wait and are offered again after the next stroke (ICF 79 a, 81)."""
        seat = self._expect("place", seat)
        return self._play(DeclareEntry(seat, what="wait"))

    def claim(self, seat: R.Seat, points: int) -> R.Ruling:
        """Claim extra points at a board's end (ICF 87 b); 0 declines."""
        seat = self._expect("claim", seat)
        ruling = self._play(DeclareEntry(seat, what="extra", value=int(points)))
        self._sync_board()
        return ruling

    def toss(self, seat: R.Seat, winner: str) -> R.Ruling:
        """Who won the toss for the tie-break board's break (ICF 56 b)."""
        seat = self._expect("toss", seat)
        ruling = self._play(DeclareEntry(seat, what="toss", value=winner))
        self._sync_board()
        return ruling

    def concede(self, seat: R.Seat, what: str = "board") -> R.Ruling:
        """The seat's side gives up the board, the game or the match (ICF 139)."""
        if self.over:
            raise GameError(say("the match is over"), R.Refusal.OVER)
        ruling = self._play(ConcedeEntry(seat, what=what))
        self._sync_board()
        return ruling

    def clock(self) -> R.Clock | None:
        """The clock of the laws running now (the break, a stroke or a placing: ICF 46, 50, 88 a), or None."""
        return R.running(self.state)

    def out_of_time(self, seat: R.Seat, what: str) -> R.Ruling:
        """The 15 seconds of ``what`` ran out for ``seat``: the referee rules the time foul (``carrom.rules.clock``)."""
        ruling = self._play(ClockEntry(seat, what=what))
        self._sync_board()
        return ruling

    def stopped(self, seat: R.Seat) -> R.Ruling:
        """The seat's player stops the match without the umpire's leave (will not play): the side loses the match
        (ICF 143 g)."""
        return self._play(DeclareEntry(seat, what="stopped"))

    def absent(self, seat: R.Seat) -> R.Ruling:
        """The seat's player left the board (online: gone past the grace period): the side loses the match (ICF 143 a)."""
        return self._play(DeclareEntry(seat, what="absent"))

    # -- inside -----------------------------------------------------------------------------

    def _expect(self, kind: str, seat: R.Seat) -> R.Seat:
        """``seat`` (a ``Seat``; its name from a record's entry) if the laws wait for its ``kind`` of action now."""
        exp = self.expected()
        if exp is None:
            raise GameError(say("the match is over"), R.Refusal.OVER)
        if seat not in SEATS:
            raise GameError(say("{value} is not a seat (south, east, north, west)", value=repr(seat)), R.Refusal.MALFORMED)
        seat = rules_seat(seat)
        if (exp.kind, exp.seat) != (kind, seat):
            raise GameError(WAITED[exp.kind](kind, exp.seat), R.Refusal.OUT_OF_TURN)
        return seat

    def _play(self, entry, ruled: tuple[R.MatchState, R.MatchState, R.Ruling] | None = None) -> R.Ruling:
        try:
            return self.scorer.play(entry, ruled)
        except R.RulesError as exc:
            raise GameError.of(exc) from None

    def _where(self) -> tuple[int, int]:
        return self.state.game_index, self.state.board_index

    def _sync_board(self) -> None:
        """A new board (or game) started: lay out the opening again (ICF 41)."""
        where = self._where()
        if where != self._position:
            self._position = where
            self.layout = opening_formation()

    def replay_if_no_room(self) -> tuple[R.Ruling, ...]:
        """ICF 142: when the player to strike has no legal striker position, the board is replayed."""
        out = []
        exp = self.expected()
        # Room on the axis (the intervals the state shows next) settles it; else has_legal_position searches on.
        while exp is not None and exp.kind is R.Expect.STROKE and not (
                self._intervals(exp.seat) or has_legal_position(board_seat(exp.seat), self.layout)):
            out.append(self._play(DeclareEntry(exp.seat, what="no-room")))
            self._sync_board()
            exp = self.expected()
        return tuple(out)

    def replay_entry(self, entry) -> StrokeReport | None:
        """One entry of a record played as ``resume`` plays it: a stroke simulated again from its choice (its report
        comes back), a placement put on the board, any other kind of entry ruled by the referee; None but for strokes.
        ``GameError`` if the laws refuse it here, or a stroke has no choice to simulate."""
        return self._replay_entry(entry)

    def _replay_entry(self, entry) -> StrokeReport | None:
        if isinstance(entry, StrokeEntry):
            c = entry.choice
            if c is None or None in (c.along, c.angle, c.speed):
                raise GameError("this record has strokes without the player's choice: it can be replayed by the "
                                "referee (carrom replay) but not re-simulated")
            return self.strike(entry.seat, c.along, c.angle, c.speed)
        if isinstance(entry, PlaceEntry) and entry.position is not None:
            self.place(entry.seat, entry.position[0], entry.position[1], entry.coin)
        else:
            if isinstance(entry, DeclareEntry) and entry.what == "no-room":
                return  # the game declares it itself after the stroke before
            self._play(entry)
            self._sync_board()
        return None
