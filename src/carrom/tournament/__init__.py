"""Tournaments: the event around the matches (docs/tournaments.md).

A pure core, standard library only: players, clubs and competitors (one to four players), events
of the systems SoL offers (Swiss with its pairing methods, knockout, round robin) and groups then
knockout, rounds on tables, results checked against the laws (ICF 55-57, 143 i), standings with
SoL's tie-breaks, and protests (ICF 144-151). Storage, files and the command line are adapters
above it (``carrom.desk``, ``carrom.cli.tournament``); nothing here imports them.
"""

from carrom.tournament.event import (
    DeskError, announce, assign_groups, close, enter, find, group_standings, pair, publish, record, record_tie,
    reinstate, retire, swap, undo, walkover,
)
from carrom.tournament.model import (
    Club, Competitor, Event, FinalKind, Format, Match, Pairing, Player, Result, Settings, System,
)
from carrom.tournament.results import ResultError, check, parse_games, tie
from carrom.tournament.standings import Row, standings
from carrom.tournament.swiss import PairingError

__all__ = [
    "Club", "Competitor", "DeskError", "Event", "FinalKind", "Format", "Match", "Pairing", "PairingError", "Player",
    "Result", "ResultError", "Row", "Settings", "System", "announce", "assign_groups", "check", "close", "enter", "find",
    "group_standings", "pair", "parse_games", "publish", "record", "record_tie", "reinstate", "retire", "standings",
    "swap", "tie", "undo", "walkover",
]
