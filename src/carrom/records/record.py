"""A match record: the header and every action in order, grouped by game and board.

The grouping is for people reading the file; the referee decides it. Loading checks
that each action sits in the game and board where the referee, replaying, finds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from carrom.records import schema
from carrom.records.entries import Entry, at_time, parse_entry
from carrom.records.errors import RecordError
from carrom.i18n import LANGUAGES
from carrom.records.header import KINDS, SEATS, STAGES, Event, Header, MadeWith, Player, Toss, check
from carrom.records.referee import FOUL_CODES, VARIANTS
from carrom.records.replay import Replay, replay

FORMAT = "carrom-record"
VERSION = 1
SUPPORTED_VERSIONS = (1,)
TOP_FIELDS = ("format", "version", "variant", "kind", "stage", "event", "players", "toss", "first_breaker", "comments",
              "physics", "made_with", "language", "games", "undone")


@dataclass(frozen=True)
class Undone:
    """An entry the umpire took back: kept for a protest (ICF 145-151), never replayed or scored.

    ``position`` is the game and board (0-based) it had been played in; ``at`` when it was undone."""

    entry: Entry
    position: tuple[int, int]
    at: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.position[0] + 1, "board": self.position[1] + 1}
        if self.at is not None:
            out["undone_at"] = self.at
        return out | {"action": self.entry.to_dict()}

    @classmethod
    def from_dict(cls, data: Any, path: str) -> "Undone":
        data = schema.obj(data, path, required=("game", "board", "action"), optional=("undone_at",))
        game = schema.integer(data["game"], schema.child(path, "game"), minimum=1)
        board = schema.integer(data["board"], schema.child(path, "board"), minimum=1)
        at = at_time(data, "undone_at", path)
        return cls(parse_entry(data["action"], schema.child(path, "action"), FOUL_CODES), (game - 1, board - 1), at)


@dataclass
class Record:
    """``entries[i]`` was played in game ``positions[i][0]``, board ``positions[i][1]`` (0-based)."""

    header: Header
    entries: list[Entry] = field(default_factory=list)
    positions: list[tuple[int, int]] = field(default_factory=list)
    undone: list[Undone] = field(default_factory=list)  # entries taken back, oldest first: a trace, not played

    def path_of(self, index: int) -> str:
        """The JSON path of entry ``index`` as ``to_dict`` lays it out."""
        g, b = self.positions[index]
        k = sum(1 for p in self.positions[:index] if p == (g, b))
        return f"games[{g}].boards[{b}].actions[{k}]"

    def to_dict(self) -> dict[str, Any]:
        h = self.header
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "variant": h.variant, "kind": h.kind}
        if h.stage is not None:
            out["stage"] = h.stage
        event = h.event.to_dict()
        if event:
            out["event"] = event
        out["players"] = {s: h.players[s].to_dict() for s in SEATS if s in h.players}
        if h.toss is not None:
            out["toss"] = h.toss.to_dict()
        out["first_breaker"] = h.first_breaker
        if h.comments:
            out["comments"] = h.comments
        if h.physics:
            out["physics"] = h.physics
        if h.made_with is not None:
            out["made_with"] = h.made_with.to_dict()
        if h.language:
            out["language"] = h.language
        games: list[dict[str, Any]] = []
        for entry, (g, b) in zip(self.entries, self.positions):
            while len(games) <= g:
                games.append({"boards": []})
            boards = games[g]["boards"]
            while len(boards) <= b:
                boards.append({"actions": []})
            boards[b]["actions"].append(entry.to_dict())
        out["games"] = games
        if self.undone:
            out["undone"] = [u.to_dict() for u in self.undone]
        return out

    @classmethod
    def from_dict(cls, data: Any) -> "Record":
        """Check the structure field by field; the first fault raises ``RecordError`` with its path."""
        if not isinstance(data, dict):
            raise RecordError("", f"a record is a JSON object, found {schema.describe(data)}")
        if data.get("format") != FORMAT:
            raise RecordError("format", f"{schema.describe(data.get('format'))} is not {FORMAT!r}: not a carrom match record")
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise RecordError("version", f"expected a whole number, found {schema.describe(version)}")
        if version not in SUPPORTED_VERSIONS:
            newer = version > max(SUPPORTED_VERSIONS)
            raise RecordError("version", f"format version {version} is not supported (this carrom reads version"
                              f" {', '.join(map(str, SUPPORTED_VERSIONS))})" + ("; upgrade carrom to read it" if newer else ""))
        schema.obj(data, "", required=("format", "version", "variant", "kind", "players", "first_breaker", "games"),
                   optional=TOP_FIELDS)
        variant = schema.choice(data["variant"], "variant", VARIANTS)
        kind = schema.choice(data["kind"], "kind", KINDS)
        stage = None if data.get("stage") is None else schema.choice(data["stage"], "stage", STAGES)
        event = Event.from_dict(data.get("event", {}), "event")
        raw_players = schema.obj(data["players"], "players", optional=SEATS)
        players = {s: Player.from_dict(raw_players[s], f"players.{s}") for s in SEATS if s in raw_players}
        toss = None if data.get("toss") is None else Toss.from_dict(data["toss"], "toss")
        first = schema.choice(data["first_breaker"], "first_breaker", SEATS)
        comments = None if data.get("comments") is None else check("comments", data["comments"])
        physics = schema.opt_text(data, "physics", "")
        made_with = None if data.get("made_with") is None else MadeWith.from_dict(data["made_with"], "made_with")
        language = None if data.get("language") is None else schema.choice(data["language"], "language", LANGUAGES)
        header = Header(variant=variant, kind=kind, players=players, first_breaker=first, toss=toss, event=event,
                        comments=comments, physics=physics, made_with=made_with, language=language,
                        stage=stage)
        header.validate()
        record = cls(header)
        for g, (gpath, game) in enumerate(schema.items(data["games"], "games")):
            game = schema.obj(game, gpath, required=("boards",))
            for b, (bpath, board) in enumerate(schema.items(game["boards"], f"{gpath}.boards", min_len=1)):
                board = schema.obj(board, bpath, required=("actions",))
                for apath, action in schema.items(board["actions"], f"{bpath}.actions", min_len=1):
                    record.entries.append(parse_entry(action, apath, FOUL_CODES))
                    record.positions.append((g, b))
        for upath, undone in schema.items(data.get("undone", []), "undone"):
            record.undone.append(Undone.from_dict(undone, upath))
        return record

    def replay(self) -> Replay:
        """Play every entry through the referee; returns the steps (``carrom.records.replay.replay``)."""
        return replay(self)
