"""What a client may send, checked field by field before any room or match is touched.

A websocket message is parsed into an ``Intent`` (its type, the seat it names, and each
field as a checked Python value) or refused with ``MessageError`` naming the field and
what is wrong. The checks are cheap — no match is read or rebuilt for a bad message —
and complete: every field of every type is known here, and anything else is refused.
Room creation (``POST /api/rooms``) and names are checked here too.
"""

from __future__ import annotations

import json
import math
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable

from carrom.i18n.said import RECORDER as SAID
from carrom.i18n.said import Said, sent
from carrom.physics import BOARD_SPEED_PRESETS, PhysicsParams
from carrom.players import LEVELS
from carrom.rules import RULESETS, Refusal, Seat
from carrom.rules.pieces import ORDER
from carrom.store import ConflictError, StoreError

SEATS = tuple(seat.value for seat in ORDER)  # the referee's seats, in the order the turn passes (ICF 49 b)
SINGLES = (Seat.SOUTH.value, Seat.SOUTH.opposite.value)  # opposite each other (ICF 27)
VARIANTS = tuple(RULESETS)  # the referee's one table of rulesets
PLAYER_TYPES = ("me", "open", "bot")
MAX_NAME = 40  # characters in a player's name
NAME_PUNCTUATION = " .'-_&()"
MAX_KEY = 64  # characters in a browser key or an invitation


# What kind of refusal (sent as ``kind``): the referee's kinds (``carrom.rules.Refusal``: malformed, illegal,
# out-of-turn, over) and the web's own, each with the ``code`` it comes under.
WEB_KINDS = {"forbidden": "refused",  # not this client's seat, match or key
             "repeated": "duplicate",  # the same message or entry twice (a double tap, a resent request)
             "stale": "refused",  # made on a state that has moved on since
             "too-many": "too_many",  # over the rate limit
             "not-found": "refused",  # nothing at that address: no such page, match, event or championship
             "failed": "server"}  # the server or its database failed: nothing was changed
KINDS = (*(k.value for k in Refusal), *WEB_KINDS)
_KIND_OF_CODE = {"bad_message": "malformed", "refused": "forbidden", "duplicate": "repeated", "too_many": "too-many"}
_KIND_OF_STATUS = {401: "forbidden", 403: "forbidden", 404: "not-found", 409: "stale", 429: "too-many"}


def kind_of_status(status: int) -> str:
    """The kind of an HTTP refusal that says none but its status (Starlette's own 404 and 405, a route's
    ``HTTPException``): the status's, else malformed for a 4xx and failed for a 5xx."""
    return _KIND_OF_STATUS.get(status, "failed" if status >= 500 else "malformed")


class MessageError(ValueError):
    """A message or request refused: malformed, not your seat, not your turn, against the laws. Nothing changed.

    ``code`` says which: ``bad_message`` (malformed), ``refused`` (well formed but not allowed now),
    ``duplicate`` (a ``seq`` already used), ``too_many`` (over the rate limit).
    ``kind`` says what kind of refusal (one of ``KINDS``; by default the code's), ``law`` the law that forbids it
    (None: no law does); both are sent with it (``fields``). ``status``: its HTTP status in an HTTP answer.
    The message is worded with ``SAID`` (carrom.i18n.said): English that remembers its message id, sent beside
    the English as ``refusal`` for each page to word in its reader's language (docs/i18n.md).
    """

    def __init__(self, message: str, code: str = "bad_message", kind: str | None = None, law: str | None = None,
                 status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.kind = Refusal(kind).value if isinstance(kind, Refusal) else (kind or _KIND_OF_CODE.get(code, "malformed"))
        assert self.kind in KINDS, self.kind
        self.law = law
        self.status = status

    @classmethod
    def refused(cls, exc: Exception, code: str = "refused") -> "MessageError":
        """The game's or the referee's refusal (``GameError``, ``RulesError``) in its words, with its kind and law."""
        return cls(worded(exc), code, getattr(exc, "kind", None), getattr(exc, "law", None))

    def fields(self) -> dict[str, Any]:
        """What an answer carries beside the words: the kind, and the law when one forbids it."""
        return {"kind": self.kind} | ({"law": self.law} if self.law else {})


def worded(exc: Exception) -> str:
    """A refusal of the referee or the game (``RulesError``, ``GameError``) in English that remembers its message."""
    message = getattr(exc, "message", None)
    return SAID.message(message) if message is not None else str(exc)


def refusal_of(message: Any) -> dict[str, Any]:
    """A refusal's message as sent beside its English (``refusal``; a successful answer's words are its ``said``:
    docs/i18n.md); nothing for text that is not a worded message."""
    return {"refusal": sent(message)} if isinstance(message, Said) else {}


def store_refusal(exc: StoreError) -> str:
    """A store failure in words a page shows in its reader's language; the store's own English goes to the logs."""
    if isinstance(exc, ConflictError):
        return SAID.gettext("another server changed this match meanwhile: nothing was changed; try again")
    return SAID.gettext("the database is not available now: nothing was changed; try again later")


@dataclass(frozen=True)
class Intent:
    type: str
    seat: str | None  # None: the server takes the seat it waits for, if this client plays it
    args: dict[str, Any] = field(default_factory=dict)
    seq: int = 0


# -- single fields --------------------------------------------------------------------------------


def _shown(value: Any) -> str:
    """A value as an error shows it, short (a 400-digit number is not echoed back)."""
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "…"


def flag(msg: dict, key: str, default: bool | None) -> bool | None:
    """``msg[key]``, true or false; ``default`` when absent (null is taken only where the default is null)."""
    value = msg.get(key, default)
    if value is not default and not isinstance(value, bool):
        raise MessageError(SAID.gettext("{key} must be true or false, not {value}", key=key, value=_shown(value)))
    return value


def number(msg: dict, key: str, lo: float, hi: float, *, low_open: bool = False, kind: str = "") -> float:
    """``msg[key]``, a finite number in [lo, hi] (or (lo, hi] when ``low_open``)."""
    if key not in msg:
        raise MessageError(SAID.gettext("{kind} needs {key}", kind=kind or str(msg.get("type")), key=key))
    value = msg[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (isinstance(value, float)
                                                                          and not math.isfinite(value)):
        raise MessageError(SAID.gettext("{key} must be a number, got {value}", key=key, value=_shown(value)))
    if value < lo or value > hi or (low_open and value == lo):  # exact for any int, however long
        bounds = {"key": key, "value": _shown(value), "lo": f"{lo:g}", "hi": f"{hi:g}"}
        raise MessageError(SAID.gettext("{key} {value} is out of range: above {lo} and at most {hi}", **bounds)
                           if low_open else
                           SAID.gettext("{key} {value} is out of range: at least {lo} and at most {hi}", **bounds))
    return float(value)


def whole(msg: dict, key: str, lo: int, hi: int) -> int:
    value = msg.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise MessageError(SAID.gettext("{key} must be a whole number from {lo} to {hi}, got {value}", key=key, lo=lo,
                                        hi=hi, value=_shown(value)))
    return value


def choice(msg: dict, key: str, allowed: tuple[str, ...], default: str | None = None) -> str | None:
    value = msg.get(key, default)
    if value is None and default is None:
        return None
    if not isinstance(value, str) or value not in allowed:
        raise MessageError(SAID.gettext("{key} must be one of {allowed}, not {value}", key=key,
                                        allowed=", ".join(allowed), value=_shown(value)))
    return value


def seat_of(msg: dict, key: str = "seat") -> str | None:
    value = msg.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or value not in SEATS:
        raise MessageError(SAID.gettext("{key} must be south, east, north or west, not {value}", key=key,
                                        value=_shown(value)))
    return value


def name(value: Any, default: str, where: str = "name") -> str:
    """A player's name: text, at most ``MAX_NAME`` characters, letters, digits, spaces and a little punctuation."""
    if value is None:
        return default
    if not isinstance(value, str):
        raise MessageError(SAID.gettext("{key} must be text, not {value}", key=where, value=_shown(value)))
    value = " ".join(value.split())
    if len(value) > MAX_NAME:
        raise MessageError(SAID.gettext("{key} is {length} characters long: at most {most}", key=where,
                                        length=len(value), most=MAX_NAME))
    for ch in value:
        if not (unicodedata.category(ch)[0] in "LMN" or ch in NAME_PUNCTUATION):
            raise MessageError(SAID.gettext("{key} may hold letters, digits, spaces and {marks}; not {char}", key=where,
                                            marks=NAME_PUNCTUATION.strip(), char=repr(ch)))
    return value or default


def key_of(msg: dict, key: str) -> str | None:
    """An opaque key (an invitation, a browser's key): short URL-safe text, or absent."""
    value = msg.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= MAX_KEY or \
            not all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in value):
        raise MessageError(SAID.gettext("{key} must be the key given in a link (letters, digits, - and _), not {value}",
                                        key=key, value=_shown(value)))
    return value


# -- one checker per intent -----------------------------------------------------------------------

MAX_SPEED = PhysicsParams().max_speed


def _strike(msg: dict) -> dict[str, Any]:
    along = number(msg, "along", -0.5, 0.5)
    angle = number(msg, "angle", -math.pi, math.pi)
    if "power" in msg and "speed" in msg:
        raise MessageError(SAID.gettext("strike takes power or speed, not both"))
    if "power" in msg:
        speed = number(msg, "power", 0.0, 1.0, low_open=True) * MAX_SPEED
    elif "speed" in msg:
        speed = number(msg, "speed", 0.0, MAX_SPEED, low_open=True)
    else:
        raise MessageError(SAID.gettext("strike needs power (0 to 1) or speed (m/s)"))
    return {"along": along, "angle": angle, "speed": speed}


def _place(msg: dict) -> dict[str, Any]:
    return {"x": number(msg, "x", -0.5, 0.5), "y": number(msg, "y", -0.5, 0.5),
            "coin": choice(msg, "coin", ("white", "black", "queen"))}


def _claim(msg: dict) -> dict[str, Any]:
    points = msg.get("points")
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 1000:
        raise MessageError(SAID.gettext("{key} must be a whole number, 0 or more, got {value}", key="points",
                                        value=_shown(points)))
    return {"points": points}


def _join(msg: dict) -> dict[str, Any]:
    watch = flag(msg, "watch", False)
    return {"watch": watch, "name": name(msg.get("name"), ""), "invite": key_of(msg, "invite"),
            "browser": key_of(msg, "browser")}


# The quick messages a player may send the others instead of free text (docs/web.md, "Quick messages"): sent and
# shown by their ids, which each page words in its reader's language (static/lobby-room.js), never as text.
QUICK = ("hello", "good_luck", "good_shot", "well_played", "thanks", "sorry", "sorry_connection", "one_moment")


def _say(msg: dict) -> dict[str, Any]:
    if "quick" not in msg:
        raise MessageError(SAID.gettext("{kind} needs {key}", kind="say", key="quick"))
    return {"quick": choice(msg, "quick", QUICK)}


def _aim(msg: dict) -> dict[str, Any]:
    """Where the player holds the striker and aims, as they move it (shown to the others, never played)."""
    return {"along": number(msg, "along", -0.5, 0.5), "angle": number(msg, "angle", -math.pi, math.pi),
            "power": number(msg, "power", 0.0, 1.0)}


CHECKS: dict[str, tuple[Callable[[dict], dict[str, Any]], tuple[str, ...]]] = {
    # type: (the checker of its fields, the fields it may have besides type, seq and seat)
    "join": (_join, ("watch", "name", "invite", "browser")),
    "strike": (_strike, ("along", "angle", "power", "speed")),
    "place": (_place, ("x", "y", "coin")),
    "waive": (lambda m: {}, ()),
    "wait": (lambda m: {}, ()),
    "claim": (_claim, ("points",)),
    "toss": (lambda m: {"winner": seat_of(m, "winner")}, ("winner",)),
    "concede": (lambda m: {"what": choice(m, "what", ("board", "game", "match"), "board")}, ("what",)),
    "auto": (lambda m: {"until": choice(m, "until", ("board",))}, ("until",)),
    "ready": (lambda m: {}, ()),
    # not the match's: answered by the live match alone, nothing stored (carrom.web.live.LiveMatch.aside)
    "say": (_say, ("quick",)),
    "aim": (_aim, ("along", "angle", "power")),
}
INTENTS = tuple(CHECKS)
ASIDES = ("say", "aim")  # the intents that are not the match's: no action, no clock, nothing stored


MAX_DEPTH = 32  # levels of nesting any JSON the server reads may have (a record: 7)


def json_of(text: str | bytes, not_json: str) -> Any:
    """JSON from a client: ``MessageError`` with ``not_json`` if it is not JSON (not UTF-8, a number of 5,000
    digits, a nesting deeper than Python's parser goes), or a precise one if nested deeper than ``MAX_DEPTH``."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError, as are the too-long numbers
        raise MessageError(not_json) from None
    if _depth_over(value, MAX_DEPTH):
        raise MessageError(SAID.gettext("the JSON is nested deeper than {most} levels", most=MAX_DEPTH))
    return value


def _depth_over(value: Any, most: int) -> bool:
    """Is ``value`` nested deeper than ``most`` levels? (a walk without recursion: a hostile nesting is cheap)"""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        for child in children:
            if isinstance(child, (dict, list)):
                if depth + 1 > most:
                    return True
                stack.append((child, depth + 1))
    return False


def decode(text: str, limit: int) -> Any:
    """A message's JSON, refused when too long, not JSON or nested too deep (``json_of``)."""
    if len(text) > limit:
        raise MessageError(SAID.gettext("a message is at most {most} characters", most=limit))
    return json_of(text, SAID.gettext("not JSON: a message is a JSON object with a type"))


def sequence(msg: Any) -> int:
    """The message's ``seq``: a whole number above 0 (each connection's are strictly increasing)."""
    if not isinstance(msg, dict):
        raise MessageError(SAID.gettext("a message is a JSON object with a type"))
    seq = msg.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 < seq < 2**53:
        raise MessageError(SAID.gettext("{key} must be a whole number above 0, one more each message, got {value}",
                                        key="seq", value=_shown(seq)))
    return seq


def parse(msg: Any) -> Intent:
    """A message checked field by field, or ``MessageError`` naming the first thing wrong."""
    seq = sequence(msg)
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in CHECKS:
        raise MessageError(SAID.gettext("unknown message type {value}; the types are {types}",
                                        value=_shown(kind) if kind is not None else "None", types=", ".join(INTENTS)))
    check, allowed = CHECKS[kind]
    extra = sorted(set(msg) - {"type", "seq", "seat", *allowed})
    if extra:
        raise MessageError(SAID.gettext("{kind} has no field {value}; its fields are {fields}", kind=kind,
                                        value=_shown(extra[0]), fields=", ".join(("seat",) + allowed)))
    return Intent(kind, seat_of(msg), check(msg), seq)


def join_request(body: Any) -> Intent:
    """``POST /api/rooms/{room}/join``'s body: ``join``'s fields, no ``seq`` (one request, one answer)."""
    if not isinstance(body, dict):
        raise MessageError(SAID.gettext("join with {body}", body='{"seat": ..., "name": ...}'))
    return parse({"type": "join", "seq": 1} | {k: v for k, v in body.items() if k not in ("type", "seq")})


# -- a new room -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatChoice:
    type: str  # me, open or bot
    name: str | None
    level: str | None


@dataclass(frozen=True)
class RoomRequest:
    variant: str
    first_breaker: str
    players: dict[str, SeatChoice]
    public: bool
    browser: str | None
    clocks: bool = False  # the server runs the clocks of the laws (ICF 46, 50, 88 a): docs/web.md
    board_speed: str = "medium"  # slow, medium or fast: the physics v4-slow, v4, v4-fast (docs/physics.md)


BOARD_SPEEDS = tuple(BOARD_SPEED_PRESETS)
ROOM_FIELDS = ("variant", "first_breaker", "players", "public", "browser", "clocks", "board_speed")


def room_request(body: Any) -> RoomRequest:
    """``POST /api/rooms``'s body, checked field by field."""
    if not isinstance(body, dict):
        raise MessageError(SAID.gettext("a new match is a JSON object with variant and players"))
    extra = sorted(set(body) - set(ROOM_FIELDS))
    if extra:
        raise MessageError(SAID.gettext("a new match has no field {value}; its fields are {fields}",
                                        value=_shown(extra[0]), fields=", ".join(ROOM_FIELDS)))
    variant = choice(body, "variant", VARIANTS, "icf")
    speed = choice(body, "board_speed", BOARD_SPEEDS, "medium")
    players = body.get("players")
    if not isinstance(players, dict) or not players:
        raise MessageError(SAID.gettext("players: give south and north (singles) or all four seats (doubles)"))
    unknown = sorted(set(players) - set(SEATS))
    if unknown:
        raise MessageError(SAID.gettext("players: {value} is not a seat (south, east, north, west)",
                                        value=repr(unknown[0])))
    if set(players) not in (set(SINGLES), set(SEATS)):
        raise MessageError(SAID.gettext("players: give south and north (singles) or all four seats (doubles)"))
    first = body.get("first_breaker", Seat.SOUTH.value)
    if not isinstance(first, str) or first not in players:
        raise MessageError(SAID.gettext("{key} must be one of the seats played: {seats}, not {value}",
                                        key="first_breaker", seats=", ".join(players), value=_shown(first)))
    public = flag(body, "public", False)
    seats = {}
    for seat in SEATS:
        if seat not in players:
            continue
        p = players[seat]
        if not isinstance(p, dict):
            raise MessageError(SAID.gettext("{key} must be an object with a type: me, open or bot",
                                            key=f"players.{seat}"))
        extra = sorted(set(p) - {"type", "name", "level"})
        if extra:
            raise MessageError(SAID.gettext("{key} has no field {value}: type, name, level", key=f"players.{seat}",
                                            value=_shown(extra[0])))
        kind = p.get("type", "me")
        if not isinstance(kind, str) or kind not in PLAYER_TYPES:
            raise MessageError(SAID.gettext("{key} must be me, open or bot, not {value}", key=f"players.{seat}.type",
                                            value=_shown(kind)))
        level = None
        if kind == "bot":
            level = p.get("level", "intermediate")
            if not isinstance(level, str) or level not in LEVELS:
                raise MessageError(SAID.gettext("{key} must be one of {allowed}, not {value}",
                                                key=f"players.{seat}.level", allowed=", ".join(LEVELS),
                                                value=_shown(level)))
        given = name(p.get("name"), "", f"players.{seat}.name") or None
        seats[seat] = SeatChoice(kind, given, level)
    return RoomRequest(variant, first, seats, public, key_of(body, "browser"), _clocks(body, seats), speed)


def _clocks(body: dict, seats: dict[str, SeatChoice]) -> bool:
    """On by default online (a seat open for someone), off against the computer; hot-seat: as chosen, off by default."""
    value = flag(body, "clocks", None)
    online = any(p.type == "open" for p in seats.values())
    if not online and any(p.type == "bot" for p in seats.values()):
        if value:
            raise MessageError(SAID.gettext("clocks: against the computer the clocks are off (nobody else waits for "
                                            "you)"))
        return False
    return online if value is None else value
