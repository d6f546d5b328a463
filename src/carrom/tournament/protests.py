"""Protests, ICF 144-151, as a small state machine: lodged, then upheld or rejected; never withdrawn.

The oral protest is announced to the umpire at the incident with the fee, or the written one is
not considered (ICF 145); the written protest comes within 15 minutes of the end of the game
concerned (146) and cannot be withdrawn once lodged (149); the match's result is not published
until the protest is heard (150): it stays out of the standings. Upheld, the match goes on from
the start of the game in which it was lodged, its later games void, the fee returned (151 a);
rejected, the result stands and the fee is lost (151 b). The decision is due within one hour of
the protest (151 c): a later one is still recorded, and says so. Each step keeps its time and law.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from carrom.rules.message import say
from carrom.tournament.event import DeskError, find
from carrom.tournament.model import Event

WRITTEN_WITHIN = 15 * 60  # seconds after the game's end (ICF 146)
DECIDED_WITHIN = 60 * 60  # seconds after the protest (ICF 151 c)


class State(str, Enum):
    LODGED = "lodged"
    UPHELD = "upheld"
    REJECTED = "rejected"


@dataclass(frozen=True)
class Step:
    at: float
    what: str
    law: str


@dataclass(frozen=True)
class Protest:
    round: int
    table: int
    by: int  # the competitor protesting
    game: int  # the game (1-based) in which it was lodged
    state: State
    steps: tuple[Step, ...]

    @property
    def lodged_at(self) -> float:
        return self.steps[0].at

    def time_left(self, now: float) -> float:
        """Seconds left for the decision (ICF 151 c); negative once late."""
        return self.lodged_at + DECIDED_WITHIN - now


def lodge(event: Event, round_number: int, table: int, by: int, game: int, *, oral_at: float | None,
          fee: bool, game_ended: float, now: float) -> tuple[Event, Protest]:
    """The written protest, lodged: the match is held out of the standings (ICF 150)."""
    m = find(event, round_number, table)
    if by not in m.sides or m.side2 is None:
        raise DeskError(say('competitor {by} does not play round {round}, table {table}', by=by, round=round_number, table=table))
    if oral_at is None or not fee:
        raise DeskError(say('a protest not announced orally to the umpire at the incident, with the fee, is not considered (ICF 145)'))
    if now - game_ended > WRITTEN_WITHIN:
        raise DeskError(say("the written protest came {value1} minutes after the game's end: it must come within 15 (ICF 146)", value1=int((now - game_ended) // 60)))
    if m.held:
        raise DeskError(say('round {round}, table {table} is already under protest', round=round_number, table=table))
    if game < 1 or game > 3:
        raise DeskError(say('a match has games 1 to 3, not {game} (ICF 57)', game=game))
    protest = Protest(round_number, table, by, game, State.LODGED,
                      (Step(oral_at, "announced orally to the umpire, fee noted", "ICF 145"),
                       Step(now, "written protest lodged; result held until decided", "ICF 146, 150")))
    return event.with_matches(replace(x, held=True) if x is m else x for x in event.matches), protest


def withdraw(protest: Protest) -> None:
    raise DeskError(say('a protest once lodged cannot be withdrawn (ICF 149)'))


def decide(event: Event, protest: Protest, upheld: bool, now: float) -> tuple[Event, Protest]:
    """Upheld: the match resumes from the start of the protested game, its later games void (ICF 151 a);
    rejected: the result stands (151 b). Either way the result is released from hold."""
    if protest.state is not State.LODGED:
        raise DeskError(say('this protest is already {state}', state=protest.state.value))
    m = find(event, protest.round, protest.table)
    late = now - protest.lodged_at > DECIDED_WITHIN
    note = " (later than the hour the laws allow, ICF 151 c)" if late else ""
    if upheld:
        # a team tie's rubbers are typed again whole; a match keeps the games before the protested one
        kept = m.result.games[: protest.game - 1] if m.result is not None and not m.result.rubbers else ()
        new = replace(m, held=False, result=None, kept=kept)
        step = Step(now, f"upheld: replay from the start of game {protest.game}, fee returned{note}", "ICF 151 a")
        state = State.UPHELD
    else:
        new = replace(m, held=False)
        step = Step(now, f"rejected: the result stands, fee lost{note}", "ICF 151 b")
        state = State.REJECTED
    decided = replace(protest, state=state, steps=protest.steps + (step,))
    return event.with_matches(new if x is m else x for x in event.matches), decided
