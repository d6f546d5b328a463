"""Replaying a record through the referee: every ruling and score, reproduced.

A record stores only what happened; this is where the rest is derived. A fault the
referee finds is reported as a ``RecordError`` at the path of the offending action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from carrom.records import referee
from carrom.records.entries import Entry
from carrom.records.errors import RecordError
from carrom.records.header import Header


class Played(Protocol):
    """What a replay reads of a record (``carrom.records.record.Record``): described here, not imported, so that
    the record (whose ``replay`` method calls this module) and the replay do not import each other."""

    header: Header
    entries: Sequence[Entry]
    positions: Sequence[tuple[int, int]]

    def path_of(self, index: int) -> str: ...


@dataclass(frozen=True)
class Step:
    index: int  # position in the record's action list
    path: str  # JSON path of the action in the file
    entry: Entry
    game: int  # 0-based
    board: int  # 0-based
    ruling: Any  # carrom.rules.Ruling
    after: referee.Snapshot  # the state once the action was ruled on


@dataclass
class Replay:
    match: Any  # carrom.rules.Match after the last action
    steps: list[Step]


def replay(record: Played) -> Replay:
    """Play ``record`` from its first action; the first fault raises ``RecordError``."""
    from carrom.rules import RulesError

    try:
        match = referee.new_match(record.header)
    except RulesError as exc:
        raise RecordError.refused("", exc, f"the referee refuses this header: {exc}") from None
    steps: list[Step] = []
    for i, entry in enumerate(record.entries):
        path = record.path_of(i)
        where = referee.position(match, entry)
        if where != record.positions[i]:
            g, b = where
            raise RecordError(path, f"the referee has this action in games[{g}].boards[{b}]: "
                                    "actions must be grouped by the game and board they were played in")
        try:
            ruling = match.play(referee.to_action(entry))
        except RulesError as exc:
            raise RecordError.refused(path, exc) from None
        steps.append(Step(i, path, entry, where[0], where[1], ruling, referee.snapshot(match, record.header)))
    return Replay(match, steps)
