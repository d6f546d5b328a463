"""The desk's steps on a stored event, one home for the command line and the web desk (docs/tournaments.md).

Each step reads the event, asks the pure core (``carrom.tournament``) for the change, and writes it
back in one transaction with the step in the event's record; a refusal is the core's ``DeskError``
(or ``ResultError``, ``SolError``, ``StoreError``) with nothing changed, so ``carrom tournament`` and
``/desk`` refuse in the same words. The only way an event changes, side effects included: a published
round's tablets reserved, a round taken back closing them, the toss opening a tablet's umpire's match,
the tablets' finished matches read into their own matches and ties (``carrom.desk.tablets``). The
desk's key (its hash) lives here too: the web gives the rights by link only.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass, replace
from typing import Any, Callable

from carrom.desk import tablets as tablet_rows
from carrom.desk.ratings import rate_event
from carrom.desk.roster import Entry, entry_named  # noqa: F401  (the players a step registers)
from carrom.desk.store import StoreError, TournamentStore, identified
from carrom.desk.tables import DeskKeyRow
from carrom.desk.tablets import Tablet, UmpireMatches, tablets  # noqa: F401  (the front ends' tablets)
from carrom.store.keys import key_hash
from carrom.records import RecordError, dumps
from carrom.records.record import Record
from carrom.records.tablet import header_from_dict
from carrom.rules import Refusal, Seat
from carrom.rules.message import Message, say
from carrom.tournament import (
    Competitor, DeskError, Event, FinalKind, Format, Pairing, Player, ResultError, Settings, System, assign_groups,
    close, enter, find, pair, publish, record, record_tie, undo, walkover,
)
from carrom.tournament.championship import Prizes
from carrom.tournament.event import from_quarter_final
from carrom.tournament.lineup import players_of, set_lineup
from carrom.tournament.protests import Protest, decide, lodge

SETTING_ENUMS = {"system": System, "pairing": Pairing, "format": Format, "final_kind": FinalKind}


def settings_of(**given: Any) -> Settings:
    """Settings from their fields as text and numbers (the CLI's options, the web's form), each checked."""
    values = {}
    for name, value in given.items():
        if name in SETTING_ENUMS:
            kind = SETTING_ENUMS[name]
            try:
                value = kind(value)
            except ValueError:
                raise DeskError(say('{name}: {value} is not one of {value3}', name=name, value=repr(value), value3=', '.join((k.value for k in kind)))) from None
        values[name] = value
    settings = Settings(**values)
    if settings.system is System.GROUPS and settings.groups < 1:
        raise DeskError(say('a groups-then-knockout event needs its number of groups'))
    return settings


def register(store: TournamentStore, name: str, settings: Settings, entries: list[Entry],
             date: str | None = None, championship: str | None = None,
             prizes: str | None = None, skip_worst: int | None = None) -> tuple[int, Event]:
    """A new event with its players, one competitor each (or one a team); one transaction. ``championship`` names
    the series it counts in (made when first named), ``prizes`` its prize-giving method and ``skip_worst`` how many
    of each competitor's worst results its ranking leaves out (``championship_fields``)."""
    if not name.strip():
        raise DeskError(say('an event needs a name'))
    if len(entries) < 2:
        raise DeskError(say('an event needs at least two players'))
    championship = championship.strip() if championship and championship.strip() else None
    fields = championship_fields(store, championship, prizes, skip_worst)
    with store.transaction("registering the players") as s:
        clubs: dict[str, int] = {}
        players: dict[int, Player] = {}
        competitors: list[tuple[int, ...]] = []
        teams: dict[str, list[int]] = {}
        for e in entries:  # each a person already known to the database when it is one (identity, not name)
            club = None
            if e.club:
                club = clubs.get(e.club) or store.club_named(e.club, e.country or None, session=s)
                clubs[e.club] = club
            pid, rating = store.person(e.first, e.last, club=club, country=e.country or None, rating=e.rating,
                                       taken=set(players), session=s)
            players[pid] = Player(pid, e.first, e.last, club, e.country or None, rating)
            if e.team:
                teams.setdefault(e.team, []).append(pid)
            else:
                competitors.append((pid,))
        singles = len(competitors)
        competitors.extend(tuple(ids) for ids in teams.values())
        team_names = {singles + i: {"team": name} for i, name in enumerate(teams, 1)}  # the scorecard's EQUIPO
        for ids in competitors:
            if len(ids) > 4:
                raise DeskError(say('a team is one to four players, not {n}', n=len(ids)))
        event = Event(name=name.strip(), settings=settings, players=players, date=date or dt.date.today().isoformat(),
                      competitors=tuple(Competitor(i, ids) for i, ids in enumerate(competitors, 1)))
        if settings.system is System.GROUPS:
            event = assign_groups(event)
        extra = {"championship": {"description": championship} | fields} if championship else None
        return store.create(event, extra, session=s, competitor_extra=team_names), event


def enter_players(store: TournamentStore, event_id: int, entries: list[Entry], club: str | None = None,
                  country: str | None = None, rating: float | None = None) -> tuple[Event, int]:
    """One more competitor of one to four players; the event and its number."""
    if not 1 <= len(entries) <= 4:
        raise DeskError(say('a competitor is one to four players, not {n}', n=len(entries)))
    event = store.load(event_id)
    with store.transaction("entering a competitor") as s:
        club_id = store.club_named(club, country, session=s) if club else None
        players = dict(event.players)
        ids = []
        for i, e in enumerate(entries):
            pid, known = store.person(e.first, e.last, club=club_id, country=country,
                                      rating=rating if i == 0 else None, taken=set(players), session=s)
            players[pid] = Player(pid, e.first, e.last, club_id, country, known)
            ids.append(pid)
        changed = enter(replace(event, players=players), ids)
    store.save(event_id, changed, "entered: " + " & ".join(f"{e.first} {e.last}" for e in entries))
    return changed, changed.competitors[-1].id


def step(store: TournamentStore, event_id: int, change: Callable[[Event], Event],
         what: str | Callable[[Event, Event], str], law: str | Callable[[Event], str] = "") -> Event:
    """Load, change (a pure function of the event), save with the step in the record (``what`` and its ``law``, or
    what they say of the event before and after); a refusal changes nothing. The store's save refuses an event
    another writer changed since this load (``ConflictError``), so a check made in ``change`` holds for the write."""
    event = store.load(event_id)
    new = identified(change(event))  # a new round's matches get their ids (``desk.store.identified``)
    store.save(event_id, new, what if isinstance(what, str) else what(event, new),
               law if isinstance(law, str) else law(event))
    return new


class ResultConflict(DeskError):
    """A result typed on a page that showed another result than the one stored (another desk, or a tablet, wrote
    since): refused, both results kept (``yours``, ``stored``: games as lists, None for none) to be shown, and the
    line the event's log keeps of it (``line``)."""

    def __init__(self, message, yours: list[list[int]], stored: list[list[int]] | None, line: str = "") -> None:
        super().__init__(message, Refusal.OUT_OF_TURN)
        self.yours, self.stored, self.line = yours, stored, line


def games_text(games) -> str:
    """Games as the record and the command line write them: "25-3 25-9" ("no result" for none)."""
    return " ".join(f"{a}-{b}" for a, b in games) if games else "no result"


def _games_of(event: Event, round_number: int, table: int) -> list[list[int]] | None:
    m = find(event, round_number, table)
    return None if m.result is None else [list(g) for g in m.result.games]


def _as_shown(change: Callable[[Event], Event], round_number: int, table: int,
              replacing: list[list[int]] | None) -> Callable[[Event], Event]:
    """``change`` (the law's refusals first), made only on the match as the desk showed it (``replacing``); else
    ``ResultConflict`` with both results. Inside ``step``, so the check and the write see one event."""
    def checked(event: Event) -> Event:
        changed = change(event)
        stored, yours = _games_of(event, round_number, table), _games_of(changed, round_number, table)
        if stored != replacing:
            raise ResultConflict(
                say("round {round}, table {table}: another result was stored since this page showed the match: "
                    "{stored} stands, yours ({yours}) is not saved", round=round_number, table=table,
                    stored=games_text(stored), yours=games_text(yours)), yours, stored,
                f"result refused: round {round_number}, table {table}: {games_text(yours)} typed on a page showing "
                f"{games_text(replacing)}; {games_text(stored)} stands")
        return changed
    return checked


def _logged(store: TournamentStore, event_id: int, do: Callable[[], Event]) -> Event:
    """``do``; a result conflict is kept as a line in the event's log (every desk sees it), then raised."""
    try:
        return do()
    except ResultConflict as conflict:
        store.save(event_id, store.load(event_id), conflict.line)
        raise


def type_result(store: TournamentStore, event_id: int, round_number: int, table: int, games: tuple, *,
                players: tuple[int, int] | None = None, replacing: list[list[int]] | None = None,
                logged: bool = True) -> Event:
    """A result typed at the desk, made on the match as the desk saw it: ``replacing`` is the result it showed
    (None: none). Another result stored since is a conflict: nothing changes but a line in the event's log (every
    desk sees it; not with ``logged`` False, the command line's, whose typist is the one told), and the typist is
    told both. The law's checks (``record``, ``players=``) come first; over the
    result shown it is a correction, with a log line saying what it replaced."""
    where = f"round {round_number}, table {table}"

    def what(before: Event, after: Event) -> str:
        stored, yours = _games_of(before, round_number, table), _games_of(after, round_number, table)
        return (f"result typed: {where}: {games_text(yours)}" if stored is None
                else f"result corrected: {where}: {games_text(stored)} replaced by {games_text(yours)}")
    change = _as_shown(lambda e: record(e, round_number, table, games, players=players), round_number, table,
                       replacing)
    typed = lambda: step(store, event_id, change, what, "ICF 57")  # noqa: E731
    return _logged(store, event_id, typed) if logged else typed()


def walkover_given(store: TournamentStore, event_id: int, round_number: int, table: int, present: int, now: float,
                   *, replacing: list[list[int]] | None = None) -> Event:
    """The desk's walkover (side ``3 - present`` absent), made on the match as the desk saw it (``replacing``, as
    ``type_result``): over a result stored since, refused with both. Its law: 004 laws 18 and 126 in a timed event,
    else ICF 143 i."""
    change = _as_shown(lambda e: walkover(e, round_number, table, present, now),  # the law's refusals first
                       round_number, table, replacing)

    def law(event: Event) -> str:
        return "004 laws 18 and 126" if event.settings.timed else "ICF 143 i"
    return _logged(store, event_id, lambda: step(
        store, event_id, change, f"walkover: round {round_number}, table {table}, side {3 - present} absent", law))


def pairing(store: TournamentStore, event_id: int) -> Callable[[Event], Event]:
    """The core's ``pair`` for this stored event, refusing a knockout imported from SoL (carrom does not continue
    SoL's bracket)."""
    sol = bool(store.load_with_extras(event_id)[1].get("sol"))

    def change(event: Event) -> Event:
        if event.settings.system is System.KNOCKOUT and event.matches and sol:
            raise DeskError(say('this knockout was imported from SoL, whose bracket carrom does not continue: pair its next round in SoL'))
        return pair(event)
    return change


def competitor_named(event: Event, name: str) -> int:
    """A competitor named by a player's "First Last" (or its number)."""
    name = str(name).strip()
    if name.isdigit():
        cid = int(name)
        if any(c.id == cid for c in event.competitors):
            return cid
        raise DeskError(say('no competitor {cid} in this event', cid=cid))
    wanted = " ".join(name.split()).casefold()
    found = [c.id for c in event.competitors if any(event.players[p].name.casefold() == wanted for p in c.players)]
    if not found:
        raise DeskError(say('no player {name} in this event', name=repr(name)))
    if len(found) > 1:  # namesakes: never one of them picked silently
        raise DeskError(say('{n} competitors have a player named {name}: give the number instead, one of {numbers}',
                            n=len(found), name=repr(name), numbers=", ".join(map(str, found))))
    return found[0]


def close_event(store: TournamentStore, event_id: int, rating_list: str | None = None) -> dict[int, tuple]:
    """Close the event (core ``close``); with ``rating_list``, its matches update that list (Glicko-2)."""
    step(store, event_id, close, "event closed" + (f"; rating list {rating_list!r} updated" if rating_list else ""))
    return rate_event(store, event_id, rating_list) if rating_list else {}


def lodge_protest(store: TournamentStore, event_id: int, round_number: int, table: int, by: str, game: int, *,
                  oral_at: float | None, fee: bool, game_ended: float, now: float) -> tuple[int, Protest]:
    """The written protest (ICF 146, 150): the match's result held until decided."""
    event = store.load(event_id)
    changed, protest = lodge(event, round_number, table, competitor_named(event, by), game, oral_at=oral_at, fee=fee,
                             game_ended=game_ended, now=now)
    pid = store.save(event_id, changed, f"protest lodged: round {round_number}, table {table}", "ICF 146, 150",
                     protest=protest)
    return pid, protest


def decide_protest(store: TournamentStore, event_id: int, protest_id: int, upheld: bool, now: float) -> Protest:
    """Upheld (replay from the protested game, ICF 151 a) or rejected (the result stands, 151 b)."""
    event = store.load(event_id)
    known = dict(store.protests(event_id))
    if protest_id not in known:
        raise DeskError(say('no protest {protest_id} in event {event_id}', protest_id=protest_id, event_id=event_id))
    changed, protest = decide(event, known[protest_id], upheld, now)
    store.save(event_id, changed, f"protest {protest_id} {protest.state.value}", protest.steps[-1].law,
               protest=protest, protest_id=protest_id)
    return protest


def stage_of(event: Event, match) -> str:
    """The laws' stage of a match (ICF 56 b, 60 b): a knockout's last eight on are "quarter-final", else "early"."""
    return "quarter-final" if from_quarter_final(event, match) else "early"


def lineup_named(event: Event, round_number: int, table: int, rubbers: Any) -> Event:
    """The tie's line-up entered by hand (``carrom.tournament.lineup.set_lineup``), its players given by name
    ("First Last") or number: ``rubbers`` in order, each a pair of sides, each side a list of players."""
    if not isinstance(rubbers, (list, tuple)) or not all(
            isinstance(r, (list, tuple)) and len(r) == 2 and all(isinstance(side, (list, tuple)) for side in r)
            for r in rubbers):
        raise DeskError(say("a line-up names both sides' players of each of the {count} rubbers, in order",
                            count=event.settings.rubbers), Refusal.MALFORMED)
    return set_lineup(event, round_number, table, [[[player_named(event, p) for p in side] for side in r]
                                                   for r in rubbers])


def lineup_shown(event: Event, m) -> list[list[list[str]]]:
    """A tie's line-up as the desk shows it: each rubber's two sides, by the players' names (the fixed rule's
    until one is entered by hand)."""
    return [[[event.players[p].name for p in side] for side in players_of(event, m, k)]
            for k in range(1, event.settings.rubbers + 1)]


def lineup_by_hand(store: TournamentStore, umpires: UmpireMatches, event_id: int, round_number: int, table: int,
                   rubbers: Any, replacing: Any = None) -> Event:
    """A tie's line-up by hand (``lineup_named``), before any of its rubbers' tosses (their players are on their
    scorecards then); made on the line-up the desk's page showed (``replacing``, as ``lineup_shown``; None: not
    checked, the command line's), so a line-up another desk entered since is refused, not replaced."""
    opened = umpires.started([t.umpire_match for t in tablets(store, event_id)
                              if (t.round, t.table) == (round_number, table) and t.rubber])
    if opened:
        raise DeskError(say("round {round}, table {table}: a rubber's toss is in, its players are on its "
                            "scorecard: the line-up cannot change any more", round=round_number, table=table),
                        Refusal.OVER)

    def change(event: Event) -> Event:
        if replacing is not None and lineup_shown(event, find(event, round_number, table)) != replacing:
            raise DeskError(say("round {round}, table {table}: another line-up was entered since this page showed "
                                "the tie: look at it again; yours is not saved", round=round_number, table=table),
                            Refusal.OUT_OF_TURN)
        return lineup_named(event, round_number, table, rubbers)
    return step(store, event_id, change, lambda before, after: f"line-up of round {round_number}, table {table}: "
                f"{json.dumps(lineup_shown(after, find(after, round_number, table)), ensure_ascii=False)}")


def player_named(event: Event, name: Any) -> int:
    """A player of the event by "First Last" (or the id the desk shows)."""
    text = " ".join(str(name).split())
    if text.isdigit() and int(text) in event.players:
        return int(text)
    wanted = text.casefold()
    found = [pid for pid, p in event.players.items() if p.name.casefold() == wanted]
    if len(found) > 1:  # namesakes: never one of them picked silently
        raise DeskError(say('{n} players are named {name}: give the number instead, one of {numbers}',
                            n=len(found), name=repr(text), numbers=", ".join(map(str, found))))
    if not found:
        raise DeskError(say('no player {name} in this event', name=repr(text)))
    return found[0]


def scorecard_header(event: Event, extra: dict, match, rubber: int = 0,
                     competitor_extra: dict[int, dict] | None = None) -> dict[str, Any]:
    """The scorecard's header of a match (ICF XIX), as the tablet's form would send it; of a team tie's rubber
    (1 up), its players (its line-up's, ``carrom.tournament.lineup``) with their team's name as the scorecard's
    EQUIPO."""
    one, two = event.competitor(match.side1).players, event.competitor(match.side2).players
    teams: tuple[str | None, str | None] = (None, None)
    if rubber:
        named = competitor_extra or {}
        teams = tuple((named.get(c) or {}).get("team") or " & ".join(event.names(c))  # type: ignore[assignment]
                      for c in (match.side1, match.side2))
        one, two = players_of(event, match, rubber)
    doubles = len(one) == 2 and len(two) == 2
    first = Seat.SOUTH  # side A sits south (and north, partners opposite: ICF 28); side B on their right
    seats = (((first, first.opposite), (first.right, first.right.opposite)) if doubles
             else ((first,), (first.opposite,)))

    def player(pid: int, team: str | None) -> dict[str, str]:
        p = event.players[pid]
        team = team or p.country
        return {"name": p.name} | ({"team": team} if team else {})

    players = {seat.value: player(pid, team) for side, ids, team in zip(seats, (one, two), teams)
               for seat, pid in zip(side, ids)}
    championship = (extra.get("championship") or {}).get("description")
    fields = {"tournament": championship or event.name, "event": event.name, "round": str(match.round),
              "match": f"{match.round}.{match.table}" + (f".{rubber}" if rubber else ""), "table": str(match.table),
              "date": dt.date.today().isoformat()}
    if match.umpire:
        fields["umpire"] = match.umpire
    return {"variant": "icf", "kind": "doubles" if doubles else "singles", "players": players,
            "first_breaker": first.value, "event": fields, "stage": stage_of(event, match)}


# -- rights by link: the desk's key, the tablets' -----------------------------------------------------------


def set_desk_key(store: TournamentStore, event_id: int, key: str) -> None:
    with store.transaction("keeping the desk's key") as s:
        s.merge(DeskKeyRow(event_id=event_id, key_hash=key_hash(key)))


def desk_key_fits(store: TournamentStore, event_id: int, key: str | None) -> bool:
    """Whether ``key`` is the event's desk key (an event without one, made on the command line, has no web desk)."""
    if not key:
        return False
    with store.transaction("reading the desk's key") as s:
        row = s.get(DeskKeyRow, event_id)
        return row is not None and hmac.compare_digest(row.key_hash, key_hash(key))


def tablet_key(desk_key: str, umpire_match: str) -> str:
    """A tablet's umpire key, derived from the desk's: the desk can show the umpire's link again, and the database
    keeps only the key's hash (as it keeps the desk's), so a copy of it opens no tablet."""
    mac = hmac.new(desk_key.encode("utf-8"), b"tablet " + umpire_match.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode("ascii")


def umpire_link(umpire_match: str, key: str) -> str:
    return f"/umpire/{umpire_match}#key={key}"


def key_tablets(store: TournamentStore, umpires: UmpireMatches, event_id: int, desk_key: str) -> None:
    """Key the event's tablets from the desk's key: those made without it (a round published on the command line)
    and, before their toss, those of an older database (their plain key is kept nowhere, so it is replaced); a
    tablet whose match is open keeps the key its umpire holds. One read of the tablets' rows (a desk's every view
    calls it), no event."""
    wrong = {}
    for t in tablet_rows.all_tablets(store, event_id):
        derived = key_hash(tablet_key(desk_key, t.umpire_match))
        if t.key_hash != derived:
            wrong[t.umpire_match] = (t, derived)
    if not wrong:
        return
    opened = umpires.started([m for m, (t, _) in wrong.items() if t.key_hash is not None])
    for umpire_match, (_, derived) in wrong.items():
        if umpire_match not in opened:
            tablet_rows.set_fields(store, event_id, umpire_match, key_hash=derived)


def tablet_link_key(desk_key: str, tablet: Tablet) -> str | None:
    """The umpire's key of a tablet as the desk shows it, or None for one whose umpire holds a key of before."""
    key = tablet_key(desk_key, tablet.umpire_match)
    return key if tablet.key_hash is not None and hmac.compare_digest(tablet.key_hash, key_hash(key)) else None


# -- the tablets: reserved on publish, closed by an undo, their finished matches read in ---------------------------------


def publish_round(store: TournamentStore, event_id: int, desk_key: str | None = None) -> tuple[Event, int]:
    """Publish the last round and reserve a tablet for each of its tables (``open_tablets``, keyed from the desk's
    key when it is given): the event, and how many tablets were made."""
    event = step(store, event_id, publish, "round published")
    return event, open_tablets(store, event_id, desk_key)


def undo_round(store: TournamentStore, event_id: int) -> Event:
    """Take the last round back: its tablets are bound to matches that no longer exist, so they are closed."""
    return step(store, event_id, undo, "last round taken back")


def open_tablets(store: TournamentStore, event_id: int, desk_key: str | None = None) -> int:
    """A tablet for each played match of the published rounds that has none yet, bound to the match by its id and
    its competitors, keyed from the desk's key (without it, unkeyed until the web desk opens: ``key_tablets``); the
    umpire's match itself is made when the toss is in (``toss``). How many were made."""
    event, extra, c_extra, _ = store.load_with_extras(event_id)
    have = set()
    for t in tablet_rows.all_tablets(store, event_id):
        m = tablet_rows.match_of(event, t)  # a tablet from before the ids: its table's match
        have.add((t.match_id or (m.id if m is not None else ""), t.rubber))
    made = 0
    for m in event.matches:
        if m.round > event.published or m.side2 is None or m.result is not None:
            continue
        count = event.settings.rubbers
        if not count and len(event.competitor(m.side1).players) > 2:
            continue  # a team's match that is not a tie of rubbers: typed by the desk
        for rubber in range(1, count + 1) if count else (0,):  # a team tie: a tablet each rubber
            if (m.id, rubber) in have:
                continue
            try:
                header_from_dict(scorecard_header(event, extra, m, rubber, c_extra))
            except RecordError:
                continue  # a match the tablet cannot score: typed by the desk
            umpire_match = secrets.token_urlsafe(16)
            hashed = key_hash(tablet_key(desk_key, umpire_match)) if desk_key else None
            tablet_rows.add_tablet(store, event_id, tablet_rows.Tablet(
                m.round, m.table, umpire_match, hashed, rubber, m.id, (m.side1, m.side2)))
            made += 1
    return made


def tablet_of(store: TournamentStore, event_id: int, round_number: int, table: int, rubber: int = 0,
              key: str | None = None) -> tablet_rows.Tablet | None:
    """The open tablet of a table (of a tie's rubber); with ``key``, the one of that umpire's key (None if none is),
    refused saying why when its match was taken back."""
    event = store.load(event_id)
    closed = None
    for t in tablet_rows.all_tablets(store, event_id):
        if (t.round, t.table, t.rubber) != (round_number, table, rubber):
            continue
        if key is not None and (t.key_hash is None or not hmac.compare_digest(t.key_hash, key_hash(key))):
            continue
        if tablet_rows.match_of(event, t) is not None:
            return t
        closed = t
    if closed is not None:
        raise DeskError(tablet_rows.closed_why(closed), Refusal.OVER)
    if key is not None:
        return None
    raise DeskError(say("round {round}, table {table} has no tablet", round=round_number, table=table))


def tablet_closed(store: TournamentStore, umpire_match: str) -> Message | None:
    """Why an umpire's match takes no more entries: it was opened on a desk's tablet whose match was taken back
    (``undo_round``); None while its match stands, and for a match of no event."""
    found = tablet_rows.by_umpire_match(store, umpire_match)
    if found is None:
        return None
    event_id, tablet = found
    try:
        event = store.load(event_id)
    except StoreError:  # the event is gone: so is the match
        return tablet_rows.closed_why(tablet)
    return tablet_rows.closed_why(tablet) if tablet_rows.match_of(event, tablet) is None else None


def toss(store: TournamentStore, umpires: UmpireMatches, event_id: int, round_number: int, table: int, winner: int,
         choice: str, rubber: int = 0) -> str:
    """The toss (ICF 39: which side won it, and whether it took the break or a side), then the umpire's match with
    the scorecard's header and that toss; the first break is the toss's (ICF 42). The umpire's match's id."""
    t = tablet_of(store, event_id, round_number, table, rubber)
    if t.key_hash is None:
        raise DeskError(say("round {round}, table {table}: the tablet has no key yet; open the event's web desk "
                            "first", round=round_number, table=table))
    if umpires.get(t.umpire_match) is not None:
        raise DeskError(say("the toss of round {round}, table {table} is in already: the tablet is open",
                            round=round_number, table=table))
    if winner not in (1, 2) or choice not in ("break", "side"):
        raise DeskError(say("the toss: the side that won it is 1 or 2, and it chose the break or a side (ICF 39)"))
    event, extra, c_extra, _ = store.load_with_extras(event_id)
    header = scorecard_header(event, extra, tablet_rows.match_of(event, t), rubber, c_extra)
    seats = list(header["players"])  # side 1's seats first, then side 2's
    sides = (seats[:len(seats) // 2], seats[len(seats) // 2:])
    won = sides[winner - 1][0]
    header["toss"] = {"winner": won, "choice": choice}
    header["first_breaker"] = won if choice == "break" else sides[2 - winner][0]
    try:
        rec = Record(header_from_dict(header))
    except RecordError as exc:
        raise DeskError(say("the toss: {error}", error=str(exc))) from None
    a, b = rec.header.sides()
    title = f"{rec.header.side_name(a)} v {rec.header.side_name(b)} · {rec.header.event.tournament}"
    umpires.create(t.umpire_match, t.key_hash, title, dumps(rec), 0, False)
    names = " & ".join(header["players"][seat]["name"] for seat in sides[winner - 1])
    step(store, event_id, lambda e: e, f"toss of round {round_number}, table {table}"
         f"{f', rubber {rubber}' if rubber else ''}: won by {names}, who chose "
         f"{'the break' if choice == 'break' else 'a side'}", "ICF 39")
    return t.umpire_match


def finished_games(umpires: UmpireMatches, event: Event, tablet: tablet_rows.Tablet, over: set[str]):
    """A finished tablet's games for its match (side 1 first, as the event's match has its sides), a conceded match
    scored as the games finished and each game its winner still needed at 25-0, as a walkover's (ICF 139 gives no
    score); with the law of the concession ("" when played out). None while not over."""
    row = umpires.get(tablet.umpire_match) if tablet.umpire_match in over else None
    if row is None or not row.over:
        return None
    found = tablet_rows.tablet_result(row.record)
    if found is None:
        return None
    games, winner = list(found.games), found.winner
    if found.conceded:
        needed = 1 if event.settings.format is Format.SINGLE else 2
        games = [g for g in games if g[0] != g[1]]
        while sum((a > b) == (winner == 1) for a, b in games) < needed:
            games.append((25, 0) if winner == 1 else (0, 25))
    return tuple(games), found.conceded


def _flipped(tablet: tablet_rows.Tablet, m, games):
    """The games as the match has its sides (a tablet from before the binding has the match's own)."""
    if tablet.sides is not None and tablet.sides == (m.side2, m.side1):
        return tuple((b, a) for a, b in games)
    return games


def read_tablets(store: TournamentStore, umpires: UmpireMatches, event_id: int) -> Event:
    """The event, with every result its tablets finished since read into it, each into the match the tablet was made
    for and checked to be between its competitors (``players=``); a team tie once its rubbers decide it."""
    event = store.load(event_id)
    if event.closed:
        return event
    waiting, typed = [], []
    for t in tablet_rows.all_tablets(store, event_id):
        m = tablet_rows.match_of(event, t)
        if m is not None and m.result is None and not m.held:
            waiting.append(t)
        elif m is not None and m.result is not None and not t.rubber and t.typed_first is None and t.key_hash:
            typed.append(t)  # the desk typed its result first: what the tablet finishes is compared with it
    over = umpires.finished([t.umpire_match for t in waiting + typed])
    for t in typed:
        event = _typed_first(store, umpires, event_id, event, t, over)
    ties: dict[str, list[tablet_rows.Tablet]] = {}
    for t in waiting:
        if t.rubber:
            ties.setdefault(t.match_id or f"{t.round}.{t.table}", []).append(t)
            continue
        try:
            found = finished_games(umpires, event, t, over)
            if found is None:
                continue
            event = _tablet_step(store, event_id, event, t, [found])
        except (RecordError, DeskError, ResultError):  # the desk types it instead; the tablet's scorecard stays
            continue
        except StoreError:  # another server took it meanwhile
            event = store.load(event_id)
    for rubbers in ties.values():
        event = _read_tie(store, umpires, event_id, event, sorted(rubbers, key=lambda t: t.rubber), over)
    return event


def _typed_first(store, umpires, event_id, event, t, over) -> Event:
    """A tablet that finished after the desk typed its match's result: the typed result stands (the desk's word is
    the event's), the tablet's games are kept on it, and when they differ the event's record says so, which the desk
    sees in the match's row (``tablet_result``) with the choice to take the tablet's."""
    try:
        found = finished_games(umpires, event, t, over)
    except RecordError:
        found = None
    if found is None:
        return event
    m = tablet_rows.match_of(event, t)
    games = [list(g) for g in _flipped(t, m, found[0])]
    tablet_rows.set_fields(store, event_id, t.umpire_match, typed_first=games)
    stored = [list(g) for g in m.result.games]
    if games == stored:
        return event
    return step(store, event_id, lambda e: e, f"the umpire's tablet finished round {m.round}, table {m.table} at "
                f"{games_text(games)}; the result typed at the desk, {games_text(stored)}, stands", "ICF 57")


def _read_tie(store, umpires, event_id, event, rubbers, over) -> Event:
    """A team tie's result, once the rubbers finished on their tablets (1, 2, ... in order) decide it."""
    played = []
    for t in rubbers:
        try:
            found = finished_games(umpires, event, t, over)
        except RecordError:
            found = None
        if found is None:
            break
        played.append(found)
    if not played:
        return event
    try:
        return _tablet_step(store, event_id, event, rubbers[0], played)
    except (DeskError, ResultError):  # not decided yet: the next rubber is still being played
        return event
    except StoreError:  # another server took it meanwhile
        return store.load(event_id)


def _tablet_step(store, event_id, event, t, played) -> Event:
    """Record what the tablets finished (one match, or a tie's rubbers) into the tablet's match, by the core's checks
    with the tablet's competitors; a concession noted with its law."""
    m = tablet_rows.match_of(event, t)
    sides = t.sides or (m.side1, m.side2)
    games = [_flipped(t, m, g) for g, _ in played]
    laws = sorted({law for _, law in played if law})
    if t.rubber:
        change = lambda e: record_tie(e, m.round, m.table, games, players=sides)  # noqa: E731
        said = " | ".join(" ".join(f"{a}-{b}" for a, b in g) for g in games)
        what = f"result from the umpires' tablets: round {m.round}, table {m.table}: {said}"
    else:
        change = lambda e: record(e, m.round, m.table, games[0], players=sides)  # noqa: E731
        what = (f"result from the umpire's tablet: round {m.round}, table {m.table}: "
                + " ".join(f"{a}-{b}" for a, b in games[0]))
    if laws:
        note = f"conceded on the tablet ({', '.join(laws)})"
        inner = change

        def change(e: Event) -> Event:
            out = inner(e)
            done = find(out, m.round, m.table)
            noted = replace(done, result=replace(done.result, unusual=done.result.unusual + (note,)))
            return out.with_matches(noted if x is done else x for x in out.matches)
        what += f"; {note}"
    return step(store, event_id, change, what, ", ".join(["ICF 57"] + laws))


# -- championships: a series of events with its own ranking (SoL's) --------------------------------------------


def championships(store: TournamentStore) -> dict[str, list[tuple[int, Event, dict, dict[int, float]]]]:
    """Every championship named by an event (made here or imported from SoL): its events by date, each with its
    championship fields and the prizes SoL gave its competitors (a tourney imported prized; else none)."""
    found: dict[str, list[tuple[int, Event, dict, dict[int, float]]]] = {}
    for event_id, _, _, _ in store.events():
        event, extra, c_extra, _ = store.load_with_extras(event_id)
        name = (extra.get("championship") or {}).get("description")
        if name:
            given = {cid: float(fields["prize"]) for cid, fields in c_extra.items()
                     if extra.get("prized") and isinstance(fields.get("prize"), (int, float))}
            found.setdefault(str(name), []).append((event_id, event, extra["championship"], given))
    for events in found.values():
        events.sort(key=lambda e: (e[1].date, e[0]))
    return found


class ChampionshipMissing(DeskError):
    """No event names this championship (the web answers 404)."""


def prizes_method(fields: dict) -> Prizes:
    """A championship's prize-giving method as its stored fields name it (SoL's ``prizes``; fixed when unsaid)."""
    try:
        return Prizes(fields.get("prizes") or Prizes.FIXED)
    except ValueError:
        return Prizes.FIXED


def championship_fields(store: TournamentStore, name: str | None, prizes: str | None,
                        skip_worst: int | None) -> dict[str, Any]:
    """A new event's championship fields, SoL's: its prize-giving method (``prizes``) and how many worst results it
    skips (``skipworstprizes``). They are the championship's, the same for all its events: a championship already
    named keeps its own (another one given is refused); a new one takes those given (fixed prizes, none skipped)."""
    method = None
    if prizes is not None and prizes != "":
        try:
            method = Prizes(prizes)
        except ValueError:
            raise DeskError(say('{name}: {value} is not one of {value3}', name="prizes", value=repr(prizes),
                                value3=", ".join(p.value for p in Prizes)), Refusal.MALFORMED) from None
    if skip_worst is not None and (isinstance(skip_worst, bool) or not isinstance(skip_worst, int) or skip_worst < 0):
        raise DeskError(say("{key} must be a whole number, 0 or more", key="skip_worst"), Refusal.MALFORMED)
    if name is None:
        if method is not None or skip_worst:
            raise DeskError(say("a prize-giving method is a championship's: name the championship too"))
        return {}
    known = championships(store).get(name)
    if not known:
        return {"prizes": (method or Prizes.FIXED).value, "skipworstprizes": skip_worst or 0}
    fields = known[-1][2]
    kept, skipped = prizes_method(fields), int(fields.get("skipworstprizes") or 0)
    if method is not None and method is not kept:
        raise DeskError(say("championship {name} gives its prizes by the {kept} method, as all its events do: not "
                            "{given}", name=repr(name), kept=kept.value, given=method.value))
    if skip_worst is not None and skip_worst != skipped:
        raise DeskError(say("championship {name} leaves out each competitor's {kept} worst results, as all its events "
                            "do: not {given}", name=repr(name), kept=skipped, given=skip_worst))
    return {"prizes": kept.value, "skipworstprizes": skipped}


def championship_ranking(store: TournamentStore,
                         name: str) -> tuple[list[tuple[int, Event]], list[Any], Prizes, int]:
    """A championship's closed events (by date), its ranking (``carrom.tournament.championship``: each event's prize
    by final place and the championship's method, SoL's stored prize for a tourney imported from SoL), its method
    and how many worst results it leaves out."""
    from carrom.tournament.championship import event_prizes, ranking

    events = championships(store).get(name)
    if events is None:
        raise ChampionshipMissing(say("there is no championship {name}", name=repr(name)))
    counted, results, skip, method = [], [], 0, Prizes.FIXED
    names: dict[tuple[int, ...], tuple[str, ...]] = {}
    for event_id, event, fields, sols in events:
        skip = int(fields.get("skipworstprizes") or 0)
        method = prizes_method(fields)
        if not event.closed:
            continue
        prizes = {}
        for cid, prize in event_prizes(event, method).items():
            who = tuple(sorted(event.competitor(cid).players))  # the players' identities: namesakes stay apart
            names[who] = tuple(event.names(cid))
            prizes[who] = sols.get(cid, prize)
        counted.append((event_id, event))
        results.append(prizes)
    return counted, ranking(results, skip, names), method, skip
