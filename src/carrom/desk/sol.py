"""SoL's portable file (``.sol``, ``.sol.gz``): read into events, and written back so SoL loads it.

The file is YAML, several documents in one stream, gzip-compressed for ``.sol.gz``. The first
document holds ``clubs``, ``players`` (``firstname``, ``lastname``, ``nationality``, ``club`` by its
1-based index in ``clubs``), ``ratings``, ``rates`` (``rating`` and ``player`` by index, ``rate``,
``date``) and ``championships`` (``description``, ``club``); every following one a tourney
(``description``, ``date``, ``championship`` by index, ``system``, ``couplings``, ``phantomscore``,
``finals``, ``finalkind``, ``retirements``...) with its ``competitors`` (``players`` by index in
``players``, and the stored ``points``, ``bucholz``, ``netscore``, ``totscore``, ``retired``) and
``matches`` (``competitor1``/``competitor2`` by index in ``competitors``, the second empty for a bye
against the phantom; ``turn``, ``board``, ``score1``, ``score2``, ``final``). Older dumps lack
some fields. A tourney's ``matcheskind`` (SoL 5) is ``simple``, one game a match (``score1``-``score2``:
the single game format), or ``bestof3``, each game's scores (``score1``-``score2``, ``score1_2``-``score2_2``,
``score1_3``-``score2_3``: ICF 57's best of three), written back the same way; a match of a round SoL
had not ranked yet (``turn`` > ``rankedturn``), still 0-0, or of best of three with nobody on two games has
no result. A round robin keeps its ``couplings`` (``circle`` or ``seeds``); the desk's own is ``circle``. A malformed or truncated file is refused with the line and the field; nothing is stored.
"""

from __future__ import annotations

import datetime as dt
import gzip
import io
from dataclasses import dataclass, field
from typing import Any

import yaml

from carrom.desk.bounded_yaml import BoundedLoader, BoundsError, InflateError, inflate
from carrom.rules.message import Message, say
from carrom.tournament.championship import Prizes, event_prizes
from carrom.tournament.model import (
    Competitor, Event, FinalKind, Format, Match, Pairing, Player, Result, Settings, System,
)

PRIZES = tuple(p.value for p in Prizes)  # SoL's prize-giving methods, a championship's ``prizes``

SOL_FIELDS_KEPT = ("guid", "location", "socialurl", "duration", "prealarm", "currentturn", "rankedturn", "prized",
                   "finalturns", "modified", "hosting_club")


MATCHES_KINDS = ("simple", "bestof3")  # SoL 5's ``matcheskind``: one game a match, or best of three
GAME_SCORES = ("score1", "score2", "score1_2", "score2_2", "score1_3", "score2_3")  # a match's games, in order


class SolError(ValueError):
    """The file is not a SoL dump carrom can read: the message names the line and the field."""


# -- reading ------------------------------------------------------------------------------------


class _Map(dict):
    """A YAML mapping that remembers the line of each key (1-based) and its own."""

    line: int = 0
    lines: dict


def _plain(node: yaml.Node, loader: yaml.SafeLoader) -> Any:
    if isinstance(node, yaml.MappingNode):
        out = _Map()
        out.line = node.start_mark.line + 1
        out.lines = {}
        for k, v in node.value:
            key = loader.construct_object(k, deep=True)
            out[key] = _plain(v, loader)
            out.lines[key] = k.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_plain(v, loader) for v in node.value]
    return loader.construct_object(node, deep=True)


def _text(data: bytes, name: str) -> str:
    if name.lower().endswith(".gz") and data[:2] != b"\x1f\x8b":  # SoL 5.26 refuses it too
        raise SolError(say("{file}: named .gz but not compressed: rename it .sol, or compress it with gzip",
                           file=name))
    if data[:2] == b"\x1f\x8b":
        try:
            data = inflate(data)  # a bound before the work: 60 kB of gzip may inflate to gigabytes
        except InflateError as exc:
            if exc.bound:
                raise SolError(say("{file}: {problem}", file=name, problem=exc)) from None
            raise SolError(say("{file}: the compressed file is damaged or truncated ({reason})", file=name,
                                   reason=exc)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SolError(say("{file}: not UTF-8 text (byte {n})", file=name, n=exc.start)) from None


def documents(data: bytes, name: str = "the file") -> list[Any]:
    text = _text(data, name)
    loader = BoundedLoader(text)  # aliases counted as copies, depth limited: refused while composing
    docs = []
    try:
        while loader.check_node():
            docs.append(_plain(loader.get_node(), loader))
    except BoundsError as exc:
        raise SolError(say("{file}, line {line}: {problem}", file=name, line=exc.problem_mark.line + 1,
                           problem=exc.problem)) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context
        if mark:
            raise SolError(say("{file}, line {line}: not valid YAML ({reason})", file=name, line=mark.line + 1,
                               reason=problem)) from None
        raise SolError(say("{file}: not valid YAML ({reason})", file=name, reason=problem)) from None
    except yaml.YAMLError as exc:
        raise SolError(say("{file}: not valid YAML ({reason})", file=name, reason=exc)) from None
    finally:
        loader.dispose()
    if not docs:
        raise SolError(say("{file}: empty, no SoL document in it", file=name))
    return docs


@dataclass
class Imported:
    """What a SoL file holds, as carrom values, ready to be stored."""

    clubs: list[dict] = field(default_factory=list)  # {name, country, extra}
    players: list[dict] = field(default_factory=list)  # {first, last, club (index or None), country, rating, extra}
    events: list[tuple[Event, dict, dict[int, dict], dict[tuple, dict]]] = field(default_factory=list)


class _Reader:
    def __init__(self, name: str) -> None:
        self.name = name

    def fail(self, where: Any, key: str | None, problem: Message) -> None:
        """Refuse the file, naming the line and the field (a message, so the desk says it in the user's language)."""
        line = None
        if isinstance(where, _Map):
            line = where.lines.get(key, where.line) if key is not None else where.line
        if line and key is not None:
            raise SolError(say("{file}, line {line}, field {field}: {problem}", file=self.name, line=line,
                               field=repr(key), problem=problem))
        if line:
            raise SolError(say("{file}, line {line}: {problem}", file=self.name, line=line, problem=problem))
        if key is not None:
            raise SolError(say("{file}, field {field}: {problem}", file=self.name, field=repr(key), problem=problem))
        raise SolError(say("{file}: {problem}", file=self.name, problem=problem))

    def get(self, m: Any, key: str, kind: type | tuple, *, required: bool = True, default: Any = None) -> Any:
        if not isinstance(m, dict):
            self.fail(m, None, say("expected a mapping"))
        if key not in m or m[key] is None:
            if required:
                self.fail(m, None, say("the field {field} is missing", field=repr(key)))
            return default
        value = m[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            self.fail(m, key, say("expected {kind}, found {value}", kind=names, value=repr(value)))
        return value

    def index(self, m: Any, key: str, size: int, *, required: bool = True) -> int | None:
        value = self.get(m, key, int, required=required)
        if value is None:
            return None
        if not 1 <= value <= size:
            self.fail(m, key, say("refers to number {value}, but there are {size}", value=value, size=size))
        return value - 1

    def seq(self, m: Any, key: str, *, required: bool = True) -> list:
        return self.get(m, key, list, required=required, default=[])


def read(data: bytes, name: str = "the file") -> Imported:
    docs = documents(data, name)
    r = _Reader(name)
    head = docs[0]
    if not isinstance(head, dict) or "players" not in head and "clubs" not in head:
        r.fail(head, None, say("the first document should hold the clubs and players (is this a SoL file?)"))
    out = Imported()
    clubs = r.seq(head, "clubs", required=False)
    for c in clubs:
        out.clubs.append({"name": str(r.get(c, "description", (str, int))), "country": c.get("nationality"),
                          "extra": _extra(c, ("description", "nationality"))})
    players = r.seq(head, "players")
    for p in players:
        club = r.index(p, "club", len(clubs), required=False)
        out.players.append({"first": str(r.get(p, "firstname", (str, int))),
                            "last": str(r.get(p, "lastname", (str, int))),
                            "club": club, "country": p.get("nationality"), "rating": None,
                            "extra": _extra(p, ("firstname", "lastname", "nationality", "club"))})
    ratings = r.seq(head, "ratings", required=False)
    for rate in r.seq(head, "rates", required=False):
        pi = r.index(rate, "player", len(players))
        ri = r.index(rate, "rating", len(ratings))
        value = r.get(rate, "rate", (int, float))
        extra = out.players[pi]["extra"].setdefault("rates", [])
        extra.append({k: _jsonable(v) for k, v in rate.items() if k not in ("player", "rating")}
                     | {"rating": _jsonable(ratings[ri])})
        out.players[pi]["rating"] = float(value)  # the latest read is kept; files list rates by date
    championships = r.seq(head, "championships", required=False) or r.seq(head, "seasons", required=False)
    for c in championships:
        method = r.get(c, "prizes", str, required=False)
        if method is not None and method not in PRIZES:
            r.fail(c, "prizes", say("{value} is not one of {choices}", value=repr(method), choices=", ".join(PRIZES)))
    for tourney in docs[1:]:
        out.events.append(_tourney(r, tourney, players, championships, ratings, clubs))
    return out


def _jsonable(v: Any) -> Any:
    if isinstance(v, (dt.date, dt.datetime)):
        return v.isoformat()
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_jsonable(x) for x in v]
    return v


def _extra(m: dict, used: tuple[str, ...]) -> dict:
    return {k: _jsonable(v) for k, v in m.items() if k not in used}


def _tourney(r: _Reader, tourney: Any, players: list, championships: list, ratings: list, clubs: list):
    if not isinstance(tourney, dict):
        r.fail(tourney, None, say("a tourney document should be a mapping"))
    description = str(r.get(tourney, "description", (str, int)))
    date = r.get(tourney, "date", (dt.date, str))
    key = "season" if "season" in tourney else "championship"  # SoL 3 called a championship a season
    ci = r.index(tourney, key, len(championships), required=False) if not isinstance(tourney.get(key), dict) else None
    system = r.get(tourney, "system", str, required=False, default="swiss")
    couplings = r.get(tourney, "couplings", str, required=False, default="serial")
    kind = r.get(tourney, "matcheskind", str, required=False, default="simple")
    if kind not in MATCHES_KINDS:
        r.fail(tourney, "matcheskind", say("{value} is not one of {choices}", value=repr(kind),
                                            choices=", ".join(MATCHES_KINDS)))
    try:
        settings = Settings(
            system={"swiss": System.SWISS, "knockout": System.KNOCKOUT, "roundrobin": System.ROUNDROBIN}[system],
            pairing=Pairing(couplings) if couplings in ("serial", "dazed", "staggered") else Pairing.SERIAL,
            format=Format.BEST_OF_THREE if kind == "bestof3" else Format.SINGLE,
            phantom_score=r.get(tourney, "phantomscore", int, required=False, default=25),
            delay_top=r.get(tourney, "delaytoppairing", int, required=False, default=1),  # SoL's default
            delay_compatriots=int(r.get(tourney, "delaycompatriotpairing", (bool, int), required=False,
                                        default=0)),  # SoL 5: rounds (SoL 4's flag: true is 1)
            finals=r.get(tourney, "finals", int, required=False, default=0) or 0,
            final_kind=FinalKind(r.get(tourney, "finalkind", str, required=False, default="simple")),
            retirements=r.get(tourney, "retirements", str, required=False, default="none"))
    except KeyError:
        r.fail(tourney, "system", say("unknown system {value} (swiss, knockout or roundrobin)", value=repr(system)))
    except ValueError as exc:
        r.fail(tourney, "finalkind", say("{value} is not one of {choices}", value=repr(tourney.get("finalkind")),
                                      choices="simple, bestof3"))
    ranked = r.get(tourney, "rankedturn", int, required=False, default=None)
    comps_in = r.seq(tourney, "competitors")
    competitors = []
    c_extra: dict[int, dict] = {}
    retired_idx = []
    for number, c in enumerate(comps_in, 1):
        ids = r.get(c, "players", list)
        if not 1 <= len(ids) <= 4:
            r.fail(c, "players", say("a competitor is one to four players, not {n}", n=len(ids)))
        for p in ids:
            if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= len(players):
                r.fail(c, "players", say("refers to player {value}, but there are {size}", value=repr(p),
                                          size=len(players)))
        retired = bool(c.get("retired", False))
        if retired:
            retired_idx.append(number)
        competitors.append((number, tuple(p - 1 for p in ids), int(c.get("position", 0) or 0)))
        c_extra[number] = {k: _jsonable(v) for k, v in c.items() if k != "players"}
        for key in ("points", "bucholz", "netscore", "totscore"):
            if key in c and (isinstance(c[key], bool) or not isinstance(c[key], (int, float))):
                r.fail(c, key, say("expected a number, found {value}", value=repr(c[key])))
    matches = []
    m_extra: dict[tuple, dict] = {}
    last_turn = 0
    for m in r.seq(tourney, "matches"):
        one = r.index(m, "competitor1", len(comps_in))
        two = r.index(m, "competitor2", len(comps_in), required=False)
        turn = r.get(m, "turn", int)
        board = r.get(m, "board", int, required=False, default=len([x for x in matches if x.round == turn]) + 1)
        if (turn, board) in m_extra:
            r.fail(m, "board", say("two matches at board {board} in turn {turn}", board=board, turn=turn))
        games = _games(r, m, kind)
        s1, s2 = games[0]
        final = bool(m.get("final", False))
        result = None
        unscored = (ranked is not None and turn > ranked and not final) or (s1 == 0 and s2 == 0)
        if two is not None and not unscored:
            result = _result(games)
        matches.append(Match(round=turn, table=board, side1=one + 1, side2=None if two is None else two + 1,
                             result=result, stage="final" if final else "main"))
        m_extra[(turn, board)] = {k: _jsonable(v) for k, v in m.items()
                                  if k not in ("competitor1", "competitor2", "turn", "board", *GAME_SCORES, "final")}
        last_turn = max(last_turn, turn)
    extra = {k: _jsonable(tourney[k]) for k in tourney if k in SOL_FIELDS_KEPT}
    extra["sol"] = True
    if system == "roundrobin":
        extra["couplings"] = couplings  # circle or seeds: written back as it came
    if ci is not None:
        extra["championship"] = _jsonable(dict(championships[ci]))
        cl = championships[ci].get("club")
        if isinstance(cl, int) and not isinstance(cl, bool) and 1 <= cl <= len(clubs):
            extra["championship_club_name"] = str(clubs[cl - 1].get("description"))
    elif isinstance(tourney.get("championship"), dict):
        extra["championship"] = _jsonable(dict(tourney["championship"]))
    if "rating" in tourney and isinstance(tourney["rating"], int) and 1 <= tourney["rating"] <= len(ratings):
        extra["rating"] = _jsonable(dict(ratings[tourney["rating"] - 1]))
    current = (ranked + 1) if ranked is not None else last_turn + 1
    comps = tuple(Competitor(n, ps, retired_from=(current if n in retired_idx else None), seed=pos)
                  for n, ps, pos in competitors)  # player ids: indexes into the file's players, mapped when stored
    event = Event(name=description, settings=settings, competitors=comps, matches=tuple(matches),
                  date=date.isoformat() if isinstance(date, dt.date) else str(date),
                  closed=bool(tourney.get("prized", False)))
    return event, extra, c_extra, m_extra


def _games(r: _Reader, m: Any, kind: str) -> list[tuple[int, int]]:
    """A match's games: SoL's one (``score1``-``score2``), or for ``bestof3`` up to three (``score1_2`` ...)."""
    games = []
    for n, (one, two) in enumerate(zip(GAME_SCORES[::2], GAME_SCORES[1::2])):
        if n and (kind != "bestof3" or m.get(one) is None or m.get(two) is None):
            break
        game = (r.get(m, one, int, required=False, default=0), r.get(m, two, int, required=False, default=0))
        for key, v in zip((one, two), game):
            if v < 0:
                r.fail(m, key, say("a score cannot be negative ({value})", value=v))
        games.append(game)
    return games


def _result(games: list[tuple[int, int]]) -> Result | None:
    """One game: its winner, or a draw; best of three: the first to win two games (none yet: no result)."""
    if len(games) == 1:
        s1, s2 = games[0]
        return Result(games=tuple(games), winner=0 if s1 == s2 else (1 if s1 > s2 else 2))
    won1, won2 = sum(a > b for a, b in games), sum(b > a for a, b in games)
    if max(won1, won2) < 2:
        return None
    return Result(games=tuple(games), winner=1 if won1 > won2 else 2)


# -- writing ------------------------------------------------------------------------------------


def write(events: list[tuple[Event, dict, dict[int, dict], dict[tuple, dict]]], clubs: dict, standings_of) -> bytes:
    """A SoL dump of these events (YAML documents): players and clubs first, then one tourney each.

    ``events``: (event, its extra, competitors' extras, matches' extras, players' extras by id);
    ``clubs``: club id -> (name, country, extra); ``standings_of(event)``: the rows to store as the
    competitors' points, as SoL stores its ranking.
    """
    club_index: dict[int, int] = {}
    sclubs: list[dict] = []
    player_index: dict[int, int] = {}
    splayers: list[dict] = []
    championships: list[dict] = []
    champ_index: dict[str, int] = {}
    ratings: list[dict] = []
    rates: list[dict] = []

    def add_club(cid: int | None) -> int | None:
        if cid is None or cid not in clubs:
            return None
        if cid not in club_index:
            name, country, extra = clubs[cid]
            d = {k: v for k, v in extra.items() if k not in ("description", "nationality", "rating", "owner", "users")}
            d["description"] = name
            if country:
                d["nationality"] = country
            sclubs.append(d)
            club_index[cid] = len(sclubs)
        return club_index[cid]

    def add_player(p: Player, extra: dict) -> int:
        if p.id not in player_index:
            d = {k: v for k, v in extra.items() if k not in ("rates", "owner", "club", "federation", "merged")}
            d["firstname"], d["lastname"] = p.first, p.last
            if p.country:
                d["nationality"] = p.country
            ci = add_club(p.club)
            if ci:
                d["club"] = ci
            splayers.append(d)
            player_index[p.id] = len(splayers)
            for rate in extra.get("rates", []):
                rating = {k: v for k, v in rate["rating"].items() if k not in ("owner", "club")}
                key = rating.get("description")
                for i, known in enumerate(ratings, 1):
                    if known.get("description") == key:
                        ri = i
                        break
                else:
                    ratings.append(rating)
                    ri = len(ratings)
                rates.append({k: v for k, v in rate.items() if k != "rating"} | {"rating": ri,
                                                                                  "player": player_index[p.id]})
        return player_index[p.id]

    docs = []
    for event, extra, c_extra, m_extra, p_extra in events:
        bestof3 = event.settings.format is Format.BEST_OF_THREE and not event.settings.rubbers  # a tie: its sums
        champ = dict(extra.get("championship") or {"description": event.name, "prizes": "fixed",
                                                   "playersperteam": max(len(c.players) for c in event.competitors)
                                                   if event.competitors else 1})
        champ.pop("owner", None)
        champ.pop("previous", None)
        champ.pop("rating", None)
        club_name = extra.get("championship_club_name") or "carrom"
        club_ref_idx = next((i for i, c in enumerate(sclubs, 1) if c.get("description") == club_name), None)
        if club_ref_idx is None:
            sclubs.append({"description": club_name})
            club_ref_idx = len(sclubs)
        champ["club"] = club_ref_idx
        key = f"{champ.get('description')}|{club_ref_idx}"
        if key not in champ_index:
            championships.append(champ)
            champ_index[key] = len(championships)
        rows = {row.competitor: row for row in standings_of(event)}
        given = event_prizes(event, champ.get("prizes") if champ.get("prizes") in PRIZES else Prizes.FIXED) \
            if event.closed else {}  # SoL's prize-giving, done when the event closed
        competitors = []
        order = sorted(event.competitors, key=lambda c: c.id)
        cmap = {c.id: i for i, c in enumerate(order, 1)}
        for c in order:
            d = {k: v for k, v in c_extra.get(c.id, {}).items()
                 if k not in ("players", "points", "bucholz", "netscore", "totscore", "retired")}
            d["players"] = [add_player(event.players[p], p_extra.get(p, {})) for p in c.players]
            row = rows[c.id]
            d.update(points=row.points, bucholz=row.buchholz, netscore=row.net_score, totscore=row.total_score)
            if c.retired_from is not None:
                d["retired"] = True
            if c.seed:
                d["position"] = c.seed
            if not extra.get("prized"):  # SoL's prize stands where SoL gave it; carrom gives it when it closes
                d.pop("prize", None)
                if c.id in given:
                    d["prize"] = given[c.id]
            competitors.append(d)
        matches = []
        for m in event.matches:
            d = dict(m_extra.get((m.round, m.table), {}))
            d["competitor1"] = cmap[m.side1]
            d["competitor2"] = None if m.side2 is None else cmap[m.side2]
            d["turn"], d["board"] = m.round, m.table
            if m.stage == "final":
                d["final"] = True
            d.update(_scores(m, event.settings.phantom_score, bestof3))
            matches.append(d)
        s = event.settings
        tourney = {k: v for k, v in extra.items() if k in SOL_FIELDS_KEPT and k != "hosting_club"}
        played = max((m.round for m in event.matches if m.result is not None or m.side2 is None), default=0)
        tourney.update({
            "championship": champ_index[key], "description": event.name, "date": _date(event.date),
            "system": {System.GROUPS: "knockout"}.get(s.system, s.system.value),
            "couplings": _couplings(s, extra), "matcheskind": "bestof3" if bestof3 else "simple",
            "delaytoppairing": s.delay_top, "delaycompatriotpairing": int(s.delay_compatriots),
            "phantomscore": s.phantom_score, "retirements": s.retirements, "finals": min(s.finals, 2),
            "finalkind": s.final_kind.value, "currentturn": event.current_round, "rankedturn": played,
            "prized": event.closed, "competitors": competitors, "matches": matches})
        tourney.setdefault("duration", 45)
        tourney.setdefault("prealarm", 5)
        docs.append(tourney)
    head = {"clubs": [_restore(c) for c in sclubs], "players": [_restore(p) for p in splayers],
            "ratings": [_restore(r) for r in ratings], "rates": [_restore(r) for r in rates],
            "championships": [_restore(c) for c in championships]}
    docs = [_restore(d) for d in docs]
    return yaml.safe_dump_all([head, *docs], allow_unicode=True, sort_keys=False, default_flow_style=False).encode()


def _couplings(s: Settings, extra: dict) -> str:
    """SoL's pairing method: a Swiss's own; a round robin's ``circle`` (the desk's order is SoL's circle), or
    ``seeds`` as an imported one came; a knockout's ``seeds``."""
    if s.system is System.SWISS:
        return s.pairing.value
    if s.system is System.ROUNDROBIN:
        return extra.get("couplings") if extra.get("couplings") in ("circle", "seeds") else "circle"
    return "seeds"


def _scores(m: Match, phantom: int, bestof3: bool) -> dict:
    """A match's scores as SoL keeps them: one game, or for best of three each game played (a bye wins two
    by the phantom score, as SoL scores it; an unplayed match is 0-0)."""
    if m.side2 is None:
        games = [(phantom, 0)] * (2 if bestof3 else 1)
    elif m.result is None:
        games = [(0, 0)]
    elif bestof3:
        games = list(m.result.games)
    else:
        games = [(m.result.score1, m.result.score2)]
    return {key: v for game, keys in zip(games, zip(GAME_SCORES[::2], GAME_SCORES[1::2])) for key, v in zip(keys, game)}


_DATETIMES = ("modified",)
_DATES = ("birthdate", "date")


def _restore(d: dict) -> dict:
    """Extras kept as JSON text back to YAML's dates and times, as SoL wrote them (its loader compares them)."""
    out = {}
    for k, v in d.items():
        if isinstance(v, str) and (k in _DATETIMES or k in _DATES):
            try:
                v = dt.datetime.fromisoformat(v) if k in _DATETIMES else dt.date.fromisoformat(v)
            except ValueError:
                pass
        elif isinstance(v, list):
            v = [_restore(x) if isinstance(x, dict) else x for x in v]
        out[k] = v
    return out


def _date(text: str) -> Any:
    try:
        return dt.date.fromisoformat(text[:10])
    except ValueError:
        return dt.date.today()


def compress(data: bytes) -> bytes:
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as f:
        f.write(data)
    return buf.getvalue()
