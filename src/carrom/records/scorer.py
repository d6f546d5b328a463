"""A record growing action by action under the referee: play, append, undo, nothing else.

The umpire session adds saving and notation on top; a simulated game or a test can use it
bare. An action the laws refuse raises ``carrom.rules.RulesError`` and changes nothing.
"""

from __future__ import annotations

from typing import Any

from carrom.records import referee
from carrom.records.entries import Entry
from carrom.records.header import Header
from carrom.records.record import Record, Undone
from carrom.records.replay import replay


class Scorer:
    def __init__(self, record: Record) -> None:
        self.record = record
        self.match = replay(record).match

    @classmethod
    def new(cls, header: Header) -> "Scorer":
        header.validate()
        return cls(Record(header))

    @property
    def header(self) -> Header:
        return self.record.header

    def snapshot(self) -> referee.Snapshot:
        return referee.snapshot(self.match, self.record.header)

    def play(self, entry: Entry, ruled: tuple[Any, Any, Any] | None = None) -> Any:
        """The referee's ruling on ``entry``, which is then appended to the record. ``ruled``: the referee's answer
        on it already asked for (``rules.Match.play``: the game's ``play_stroke`` rules a stroke before its record
        takes it)."""
        where = referee.position(self.match, entry)
        ruling = self.match.play(referee.to_action(entry), ruled)
        self.record.entries.append(entry)
        self.record.positions.append(where)
        return ruling

    def undo(self, at: str | None = None) -> Entry:
        """Take back the last entry (the referee first, so a refusal changes nothing); the record keeps it among
        its undone entries, with ``at``, the time it was taken back (a protest may need it)."""
        where = self.record.positions[-1] if self.record.positions else None
        entry = self.take_back()
        self.record.undone.append(Undone(entry, where, at))
        return entry

    def take_back(self) -> Entry:
        """Take back the last entry leaving no trace: one that was never kept (its save failed)."""
        if not self.record.entries:
            raise IndexError("nothing to undo")
        self.match.undo()
        self.record.positions.pop()
        return self.record.entries.pop()

    def redo(self, entry: Entry) -> Any:
        """Play back the entry just undone (a save that failed): its trace goes with it."""
        ruling = self.play(entry)
        if self.record.undone and self.record.undone[-1].entry is entry:
            self.record.undone.pop()
        return ruling
