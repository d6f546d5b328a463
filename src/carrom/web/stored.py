"""A stored match as a record again, and recorded actions played on a live game.

The store keeps a match as the record written when it was made (or a seat was taken) and
the actions logged since, each with the game and board the referee put it in
(``MatchRow.tail``); ``record_of`` joins them. ``apply_entry`` plays one recorded action
through the game's public actions: the replay steps through a match with it, and a server
catching up with another server's actions plays them on its own copy of the match.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from carrom.game import Game, GameError, StrokeReport
from carrom.records import Record, dumps, load_record
from carrom.records.entries import parse_entry
from carrom.records.referee import FOUL_CODES
from carrom.store import Action, MatchRow


def record_of(row: MatchRow) -> Record:
    """The match's whole record (checked by the referee): the stored record and the actions logged after it."""
    if not row.tail:
        return load_record(row.record)
    data = json.loads(row.record)
    games = data.setdefault("games", [])
    for action in row.tail:
        while len(games) <= action.game:
            games.append({"boards": []})
        boards = games[action.game]["boards"]
        while len(boards) <= action.board:
            boards.append({"actions": []})
        boards[action.board]["actions"].append(dict(action.entry))
    return load_record(json.dumps(data))


def record_text(row: MatchRow) -> str:
    """The whole record as its file spells it (docs/record-format.md)."""
    return row.record if not row.tail else dumps(record_of(row))


def apply_entry(game: Game, entry: Any) -> StrokeReport | None:
    """One recorded entry played on ``game`` as ``Game.resume`` plays it, whatever its kind (a stroke simulated again,
    a placement put on the board, a clock ruling, an absence or any declaration ruled by the referee); a stroke's
    report (its motion), else None. ``GameError`` if the laws refuse it at this point of the match."""
    return game.replay_entry(entry)


def caught_up(game: Game, actions: Sequence[Action]) -> StrokeReport | None:
    """``actions`` (the next ones of the match, as another server stored them) played on ``game``.

    Returns the last stroke's report (its motion, for the clients to see it), or None. The
    physics is deterministic, so the game makes the same entries; ``GameError`` if it does
    not (another machine's arithmetic, a record it cannot replay): read the match again then.
    """
    start = len(game.record.entries)
    report = None
    for action in actions:
        if action.number < len(game.record.entries):
            continue  # the game made it itself (ICF 142: no room to strike)
        if action.number != len(game.record.entries):
            raise GameError(f"action {action.number} is not the next one ({len(game.record.entries)})")
        entry = parse_entry(dict(action.entry), f"actions[{action.number}]", FOUL_CODES)
        report = apply_entry(game, entry) or report
    made = [json.loads(json.dumps(e.to_dict())) for e in game.record.entries[start:]]
    if made != [json.loads(json.dumps(dict(a.entry))) for a in actions if a.number >= start]:
        raise GameError("the actions played here are not those stored")
    return report
