"""Match records: one versioned JSON format for saving, loading, replay and the scorecard.

A record holds the header and what happened at the board, action by action; the referee
(``carrom.rules``) derives every ruling and score by replaying it. See docs/record-format.md.
"""

from carrom.records.entries import (
    Choice, ConcedeEntry, DeclareEntry, Entry, ForfeitEntry, Outcome, PlaceEntry, StrokeEntry, TimeoutEntry,
)
from carrom.records.errors import RecordError
from carrom.records.header import Event, Header, Player, Toss
from carrom.records.io import dumps, load_record, save_record
from carrom.records.record import FORMAT, VERSION, Record

__all__ = [
    "FORMAT", "VERSION", "Choice", "ConcedeEntry", "DeclareEntry", "Entry", "Event", "ForfeitEntry", "Header",
    "Outcome", "PlaceEntry", "Player", "Record", "RecordError", "StrokeEntry", "TimeoutEntry", "Toss",
    "dumps", "load_record", "save_record",
]
