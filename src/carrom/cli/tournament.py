"""``carrom tournament ...``: the event desk on the command line (docs/tournaments.md).

Only parses and prints: each command is one of ``carrom.desk.service``'s steps, the same the web desk
calls, side effects included (a published round's tablets, an undo closing them, the tablets'
finished matches read in first); a refusal prints one sentence and changes nothing. ``--db``
defaults to the embedded SQLite file ``carrom play`` uses.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import time
from pathlib import Path
from typing import Optional

import typer

from carrom.cli.common import LANG_HELP, fail, words
from carrom.rules.message import Message, say

tournament_app = typer.Typer(help="Run a tournament: players, rounds on tables, results, standings; SoL files in and "
                                  "out.", no_args_is_help=True)

DB_HELP = "Database URL (default: the SQLite file carrom.db that `carrom play` uses; postgresql+psycopg://... too)."


def _refuse(said) -> None:
    """Refuse in the user's language (``carrom --lang X``, else LANG/LC_*; docs/i18n.md): a refusal of the desk
    (its message, the same the web desk translates) or a sentence of this command; exit 2, nothing changed."""
    if isinstance(said, Exception):
        said = said.args[0] if said.args else str(said)
    fail(words().message(said) if isinstance(said, Message) else str(said))


def _store(db: Optional[str]):
    from carrom.desk import DEFAULT_DB, StoreError, TournamentStore

    try:
        return TournamentStore(db or DEFAULT_DB)
    except StoreError as exc:
        _refuse(exc)


def _query(db: Optional[str], ask):
    """What ``ask(store)`` reads, for a command that only reads; a refusal is one line."""
    store = _store(db)
    try:
        return ask(store)
    except _errors() as exc:
        _refuse(exc)
    finally:
        store.close()


def _with_tablets(db: Optional[str], do):
    """What ``do(store, umpires)`` gives: a ``desk.service`` call with the event's tables and the umpire's store of
    the same database (the tablets' matches); a refusal is one line, nothing changed."""
    from carrom.desk import DEFAULT_DB
    from carrom.store import Store, StoreError
    from carrom.store.umpire import UmpireStore

    store = _store(db)
    web = None
    try:
        web = Store(db or DEFAULT_DB)
        return do(store, UmpireStore(web))
    except (*_errors(), StoreError) as exc:
        _refuse(exc)
    finally:
        store.close()
        if web is not None:
            web.close()


def _read(db: Optional[str], event_id: int):
    """An event as stored, with what its tablets finished read in (``service.read_tablets``)."""
    from carrom.desk.service import read_tablets

    return _with_tablets(db, lambda store, umpires: read_tablets(store, umpires, event_id))


def _errors():
    from carrom.desk import SolError, StoreError
    from carrom.tournament import DeskError, ResultError

    return (SolError, StoreError, DeskError, ResultError)


def _emit(data, as_json: bool, text: str) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False) if as_json else text)


def _when(text: Optional[str]) -> float:
    """A time given as ISO 8601 (the venue's, this machine's local time, unless it says; a time of day is today's) or
    seconds since the epoch; now when not given. The web desk reads a time typed the same way, in the browser's."""
    if text is None:
        return time.time()
    try:
        return float(text)
    except ValueError:
        pass
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        try:  # a time of day: today's, at the venue
            moment = dt.datetime.combine(dt.datetime.now().date(), dt.time.fromisoformat(text))
        except ValueError:
            _refuse(say("{text} is not a time: give ISO 8601 (2026-05-01T10:30, or 10:30 today) or seconds since the "
                        "epoch", text=repr(text)))
    if moment.tzinfo is None:
        moment = moment.astimezone()  # the local time it says
    return moment.timestamp()


def _clock(moment: float) -> str:
    """A time of day as the venue's clock shows it, with its zone: "14:30 CET" (the pages show the browser's so)."""
    return f"{dt.datetime.fromtimestamp(moment).astimezone():%H:%M %Z}"


def _step(db: Optional[str], event_id: int, change, what: str, law: str = ""):
    """``desk.service.step`` (the tablets' finished matches read in first, as the web desk has them); refusals
    change nothing."""
    from carrom.desk.service import read_tablets, step

    def do(store, umpires):
        read_tablets(store, umpires, event_id)
        return step(store, event_id, change, what, law)
    return _with_tablets(db, do)


def _side_names(event, cid: Optional[int]) -> list[str]:
    return [] if cid is None else event.names(cid)


def _match_json(event, m) -> dict:
    from carrom.tournament.results import report_by

    sides = [_side_names(event, m.side1)] + ([_side_names(event, m.side2)] if m.side2 is not None else [])
    out = {"round": m.round, "table": m.table, "stage": m.stage, "competitors": list(m.sides), "players": sides}
    if m.result is not None:
        out["games"] = [list(g) for g in m.result.games]
        if m.result.rubbers:
            out["rubbers"] = [[list(g) for g in r.games] for r in m.result.rubbers]
        out["winner"] = m.result.winner
        out["walkover"] = m.result.walkover
        if m.result.unusual:
            out["unusual"] = list(m.result.unusual)
    if m.held:
        out["under_protest"] = True
    if m.announced is not None:  # the time it was announced for, and when the time to report ends (ICF 143 i)
        out["announced"] = m.announced
        out["report_by"] = report_by(m.announced, event.settings.timed)
    return out


def _match_line(event, m) -> str:
    one = " & ".join(_side_names(event, m.side1))
    if m.side2 is None:
        return f"table {m.table:>3}  {one}  (bye)"
    two = " & ".join(_side_names(event, m.side2))
    score = ""
    if m.result is not None:
        score = "  " + (" | ".join(" ".join(f"{a}-{b}" for a, b in r.games) for r in m.result.rubbers)
                        if m.result.rubbers else " ".join(f"{a}-{b}" for a, b in m.result.games))
        score += "  walkover" if m.result.walkover else ""
    return f"table {m.table:>3}  {one}  v  {two}{score}{'  (under protest)' if m.held else ''}"


def _competitor_by_name(event, name: str) -> int:
    from carrom.desk.service import competitor_named

    return competitor_named(event, name)


def _desk_error(message: Message):
    from carrom.tournament import DeskError

    return DeskError(message)


@tournament_app.command("new", help="Make an event and register its players (--player, or --players FILE.csv).")
def new(
    name: str = typer.Argument(..., help="The event's name."),
    system: str = typer.Option("swiss", help="swiss, knockout, roundrobin or groups (then knockout)."),
    pairing: str = typer.Option("serial", help="Swiss pairing: serial (ranking order), dazed (cross ranking order) "
                                               "or staggered."),
    match_format: str = typer.Option("bestof3", "--format", help="bestof3 (ICF 57) or single (one game, as SoL)."),
    rounds: int = typer.Option(0, help="Swiss rounds before the finals (0: as many as the desk pairs)."),
    finals: int = typer.Option(0, min=0, max=2, help="Finals after the Swiss: 1 (first v second) or 2 (and third v "
                                                     "fourth)."),
    final_kind: str = typer.Option("simple", help="simple (one final match) or bestof3 (up to three)."),
    phantom_score: int = typer.Option(25, min=1, max=25, help="What a bye scores (SoL's phantom score)."),
    delay_top: int = typer.Option(0, min=0, help="Rounds, from the first, whose pairing orders equal points by rating "
                                                 "(SoL's delaytoppairing)."),
    delay_compatriots: int = typer.Option(0, min=0, help="Rounds, from the first, in which compatriots meet only at "
                                                         "the end of their points group (SoL's delaycompatriotpairing)."),
    third_place: bool = typer.Option(False, "--third-place", help="A knockout's match for third place."),
    groups: int = typer.Option(0, min=0, help="Groups of a groups-then-knockout event."),
    qualifiers: int = typer.Option(2, min=1, help="How many of each group go on to the knockout."),
    seed: int = typer.Option(0, help="The draw of a first round without ratings."),
    rubbers: int = typer.Option(0, min=0, help="A team event: each tie is this many rubbers (0: one match)."),
    timed: bool = typer.Option(False, "--timed", help="The timed rules (004): 7 minutes to report, not 15."),
    championship: Optional[str] = typer.Option(None, "--championship", help="The championship (a series of events "
                                               "with its own ranking) it counts in; made when first named."),
    prizes: Optional[str] = typer.Option(None, "--prizes", help="A new championship's prize-giving method, as SoL's: "
                                         "fixed (18, 16, 14, 13... to the 16th), fixed40 (1000, 900, 800, 750... to "
                                         "the 40th), millesimal (1000 down in equal whole steps), centesimal (100 "
                                         "to the winner, 1 to the last) or asis (the places: the number of "
                                         "competitors down to 1). Default: the championship's own, else fixed."),
    skip_worst: Optional[int] = typer.Option(None, "--skip-worst", min=0, help="A new championship's number of worst "
                                             "results left out of each competitor's total (SoL's skipworstprizes). "
                                             "Default: the championship's own, else 0."),
    player: Optional[list[str]] = typer.Option(None, "--player", help="A player, \"First Last\"; repeat it."),
    players_file: Optional[Path] = typer.Option(None, "--players", help="A CSV file with the columns first, last and "
                                                "optionally club, country, rating, team (one team, one competitor)."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from carrom.desk.service import register, settings_of

    try:
        settings = settings_of(system=system, pairing=pairing, format=match_format, rounds=rounds, finals=finals,
                               final_kind=final_kind, phantom_score=phantom_score, delay_top=delay_top,
                               delay_compatriots=delay_compatriots, third_place=third_place, groups=groups,
                               qualifiers=qualifiers, seed=seed, timed=timed, rubbers=rubbers)
    except _errors() as exc:
        _refuse(exc)
    entries = _entries(player or [], players_file)
    store = _store(db)
    try:
        event_id, event = register(store, name, settings, entries, championship=championship, prizes=prizes,
                                   skip_worst=skip_worst)
    except _errors() as exc:
        _refuse(exc)
    finally:
        store.close()
    _emit({"id": event_id, "competitors": len(event.competitors)}, as_json,
          f"event {event_id}: {name}, {len(event.competitors)} competitors")


def _entries(names: list[str], path: Optional[Path], least: int = 2) -> list:
    from carrom.desk.service import entry_named

    out = []
    for n in names:
        try:
            out.append(entry_named(n))
        except _errors() as exc:
            _refuse(exc)
    if path is not None:
        from carrom.desk.roster import read_roster_file

        try:
            out.extend(read_roster_file(path))
        except OSError as exc:
            _refuse(say("cannot read {file}: {reason}", file=str(path), reason=exc.strerror or exc))
        except _errors() as exc:
            _refuse(exc)
    if len(out) < least:
        _refuse(say("an event needs at least two players"))
    return out


@tournament_app.command("add", help="Enter one more competitor: any time in a Swiss (a late entry starts on no "
                                     "points), before the first round otherwise.")
def add_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    names: list[str] = typer.Argument(..., metavar="PLAYER...", help="Its players, \"First Last\" each (one to four)."),
    club: Optional[str] = typer.Option(None, "--club", help="Their club."),
    country: Optional[str] = typer.Option(None, "--country", help="Their country."),
    rating: Optional[float] = typer.Option(None, "--rating", help="Their rating (the first player's)."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from carrom.desk.service import enter_players

    entries = _entries(names, None, least=1)
    store = _store(db)
    try:
        _, number = enter_players(store, event_id, entries, club, country, rating)
    except _errors() as exc:
        _refuse(exc)
    finally:
        store.close()
    _emit({"competitor": number}, as_json, f"competitor {number}: {' & '.join(names)}")


@tournament_app.command("import", help="Read a SoL file (.sol or .sol.gz): every tourney becomes an event.")
def import_(
    file: Path = typer.Argument(..., metavar="FILE", help="The SoL file."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from carrom.desk import import_sol

    try:
        data = file.read_bytes()
    except OSError as exc:
        _refuse(say("cannot read {file}: {reason}", file=str(file), reason=exc.strerror or exc))
    store = _store(db)
    try:
        ids = import_sol(store, data, str(file))
    except _errors() as exc:
        _refuse(exc)
    finally:
        store.close()
    _emit({"tournaments": ids}, as_json, "imported: " + ", ".join(f"event {i}" for i in ids))


@tournament_app.command("export", help="Write events as a SoL file (.sol, or .sol.gz compressed).")
def export(
    event_ids: list[int] = typer.Argument(..., metavar="ID...", help="The events."),
    out: Path = typer.Option(..., "--out", help="The file to write."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    from carrom.cli.common import write_file
    from carrom.desk import compress, export_sol

    store = _store(db)
    try:
        data = export_sol(store, list(event_ids))
    except _errors() as exc:
        _refuse(exc)
    finally:
        store.close()
    write_file(out, compress(data) if out.name.endswith(".gz") else data, "SoL file")
    typer.echo(f"wrote {out}")


@tournament_app.command("list", help="The events in the database.")
def list_(db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
          as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    store = _store(db)
    try:
        rows = store.events()
    except _errors() as exc:
        _refuse(exc)
    finally:
        store.close()
    _emit([{"id": i, "name": n, "date": d, "closed": c} for i, n, d, c in rows], as_json,
          "\n".join(f"{i:>4}  {d}  {n}{'  (closed)' if c else ''}" for i, n, d, c in rows) or "no events")


STANDINGS_FIELDS = ("rank", "competitor", "players", "points", "buchholz", "net_score", "total_score", "retired")
RESULTS_FIELDS = ("round", "table", "stage", "side1", "side2", "games", "winner", "walkover", "under_protest")


def _write_csv(path: Path, header: tuple[str, ...], rows: list[list]) -> None:
    import io

    from carrom.cli.common import write_file

    buf = io.StringIO()
    out = csv.writer(buf)
    out.writerow(header)
    out.writerows(rows)
    write_file(path, buf.getvalue().encode("utf-8"), "CSV file")


@tournament_app.command("standings", help="The standings in rank order (points, Buchholz, net score, total score).")
def standings_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    csv_out: Optional[Path] = typer.Option(None, "--csv", metavar="FILE", help="Also write them to a CSV file."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from carrom.tournament import standings

    event = _read(db, event_id)
    rows = standings(event)
    data = [{"rank": r.rank, "competitor": r.competitor, "players": event.names(r.competitor), "points": r.points,
             "buchholz": r.buchholz, "net_score": r.net_score, "total_score": r.total_score, "retired": r.retired}
            for r in rows]
    if csv_out is not None:
        _write_csv(csv_out, STANDINGS_FIELDS,
                   [[" & ".join(d[k]) if k == "players" else d[k] for k in STANDINGS_FIELDS] for d in data])
    text = "\n".join(f"{r['rank']:>4}  {' & '.join(r['players']):<40} {r['points']:>4} {r['buchholz']:>5} "
                     f"{r['net_score']:>5} {r['total_score']:>5}{'  retired' if r['retired'] else ''}" for r in data)
    _emit(data, as_json, f"{'rank':>4}  {'players':<40} {'pts':>4} {'buch':>5} {'net':>5} {'tot':>5}\n{text}")


@tournament_app.command("results", help="Every match of the event with its result (JSON, or a CSV file).")
def results_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    csv_out: Optional[Path] = typer.Option(None, "--csv", metavar="FILE", help="Also write them to a CSV file."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    event = _read(db, event_id)
    data = [_match_json(event, m) for m in event.matches]
    if csv_out is not None:
        rows = []
        for m, d in zip(event.matches, data):
            r = m.result
            games = "" if r is None else (" | ".join(" ".join(f"{a}-{b}" for a, b in x.games) for x in r.rubbers)
                                          if r.rubbers else " ".join(f"{a}-{b}" for a, b in r.games))
            rows.append([m.round, m.table, m.stage, " & ".join(d["players"][0]),
                         " & ".join(d["players"][1]) if len(d["players"]) > 1 else "", games,
                         "" if r is None else r.winner, bool(r and r.walkover), m.held])
        _write_csv(csv_out, RESULTS_FIELDS, rows)
    _emit(data, as_json, "\n".join(f"round {m.round:>2}  " + _match_line(event, m) for m in event.matches))


@tournament_app.command("pair", help="Make the next round (or the finals, or the knockout after the groups).")
def pair_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from carrom.desk.service import pairing

    probe = _store(db)
    try:
        change = pairing(probe, event_id)
    except _errors() as exc:
        _refuse(exc)
    finally:
        probe.close()
    event = _step(db, event_id, change, "round paired")
    number = event.current_round
    matches = event.round_matches(number)
    _emit([_match_json(event, m) for m in matches], as_json,
          f"round {number}\n" + "\n".join(_match_line(event, m) for m in matches))


@tournament_app.command("round", help="A round's matches (default: the last).")
def round_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    number: Optional[int] = typer.Argument(None, metavar="ROUND", help="The round."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    event = _read(db, event_id)
    number = number or event.current_round
    matches = event.round_matches(number)
    if not matches:
        _refuse(say("event {event} has no round {round}", event=event_id, round=number))
    _emit([_match_json(event, m) for m in matches], as_json,
          f"round {number}\n" + "\n".join(_match_line(event, m) for m in matches))


@tournament_app.command("result", help="Type a match's games, e.g. `result 1 3 5 25-10 12-25 25-3` (event, round, "
                                       "table, games); a team tie's with one --rubber each.")
def result_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    number: int = typer.Argument(..., metavar="ROUND", help="The round."),
    table: int = typer.Argument(..., metavar="TABLE", help="The table."),
    games: Optional[list[str]] = typer.Argument(None, metavar="GAMES...", help="Each game's score, side 1 first: "
                                                                                "25-13."),
    rubber: Optional[list[str]] = typer.Option(None, "--rubber", help="A team tie's rubber, its games: "
                                                                       "\"25-13 25-20\"; repeat it, in order."),
    player: Optional[list[str]] = typer.Option(None, "--player", help="A player of the match, \"First Last\", "
                                               "checked against the pairing; one of each side."),
    replacing: Optional[str] = typer.Option(None, "--replacing", metavar="GAMES", help="The result this one "
                                            "corrects, as stored (\"25-13 25-20\"): a match with a result takes a "
                                            "new one only with it."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from carrom.desk.service import ResultConflict, games_text, read_tablets, type_result
    from carrom.tournament import find, parse_games, record_tie

    if bool(games) == bool(rubber):
        _refuse(say("give the match's games, or a team tie's rubbers with --rubber (not both)"))
    if replacing is not None and rubber:
        _refuse(say("--replacing corrects a match's games; a team tie's result is typed again after an upheld "
                    "protest"))

    def named(event):
        if not player:
            return None
        if len(player) != 2:
            raise _desk_error(say("name one player of each side (two --player)"))
        return tuple(_competitor_by_name(event, p) for p in player)

    if rubber:
        event = _step(db, event_id, lambda e: record_tie(e, number, table, [parse_games(r) for r in rubber],
                                                         players=named(e)),
                      f"result typed: round {number}, table {table}: {' | '.join(rubber)}", "ICF 57")
    else:
        def typed(store, umpires):  # desk.service's, as the web desk's: over a result, only as its correction
            read_tablets(store, umpires, event_id)
            shown = None if replacing is None else [list(g) for g in parse_games(replacing)]
            try:
                return type_result(store, event_id, number, table, parse_games(" ".join(games)),
                                   players=named(store.load(event_id)), replacing=shown, logged=False)
            except ResultConflict as conflict:
                stored = games_text(conflict.stored)
                raise _desk_error(say("round {round}, table {table} has the result {stored}: to correct it, give "
                                      "--replacing \"{stored}\"", round=number, table=table, stored=stored)
                                  if conflict.stored else
                                  say("round {round}, table {table} has no result to replace", round=number,
                                      table=table)) from None
        event = _with_tablets(db, typed)
    m = find(event, number, table)
    if not as_json:  # the JSON says it under "unusual"
        for note in m.result.unusual:
            typer.echo(f"note: {note}", err=True)
    _emit(_match_json(event, m), as_json, _match_line(event, m))


@tournament_app.command("lineup", help="A team tie's line-up by hand: who plays each rubber, e.g. `lineup 1 1 2 "
                                       "--rubber \"Asha Rao v Ana Novak\" --rubber ... --rubber \"Asha Rao & Ravi "
                                       "Kumar v Ana Novak & Ivo Bele\"` (side 1's team first, one --rubber each, "
                                       "in order).")
def lineup_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    number: int = typer.Argument(..., metavar="ROUND", help="The round."),
    table: int = typer.Argument(..., metavar="TABLE", help="The table."),
    rubber: list[str] = typer.Option(..., "--rubber", help="A rubber's players: \"First Last v First Last\", a "
                                                           "doubles \"A & B v C & D\"; repeat it, in order."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from carrom.desk.service import lineup_named
    from carrom.tournament.lineup import players_of

    rubbers = []
    for text in rubber:
        sides = text.split(" v ")
        if len(sides) != 2 or not all(s.strip() for s in sides):
            _refuse(say("a rubber's line-up is \"First Last v First Last\" (a doubles \"A & B v C & D\"), not "
                        "{text}", text=repr(text)))
        rubbers.append([[p.strip() for p in side.split("&")] for side in sides])
    event = _step(db, event_id, lambda e: lineup_named(e, number, table, rubbers),
                  f"line-up of round {number}, table {table}: {' | '.join(rubber)}")
    from carrom.tournament import find

    m = find(event, number, table)
    data = [{"rubber": k, "players": [[event.players[p].name for p in side] for side in players_of(event, m, k)]}
            for k in range(1, event.settings.rubbers + 1)]
    _emit(data, as_json, "\n".join(f"rubber {d['rubber']}: " + " v ".join(" & ".join(side) for side in d["players"])
                                   for d in data))


@tournament_app.command("announce", help="Announce a match for a time (default: now): the time to report runs from "
                                         "it (ICF 143 i; 7 minutes in the timed rules).")
def announce_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    number: int = typer.Argument(..., metavar="ROUND", help="The round."),
    table: int = typer.Argument(..., metavar="TABLE", help="The table."),
    at: Optional[str] = typer.Option(None, "--at", help="The time it is announced for (default: now)."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from carrom.tournament import announce, find

    moment = _when(at)
    event = _step(db, event_id, lambda e: announce(e, number, table, moment),
                  f"announced round {number}, table {table} for "
                  f"{dt.datetime.fromtimestamp(moment, dt.timezone.utc):%Y-%m-%d %H:%M} UTC", "ICF 143 i")
    m = _match_json(event, find(event, number, table))
    _emit(m, as_json, f"round {number}, table {table} announced for {_clock(moment)}; to report by "
                      f"{_clock(m['report_by'])}")


@tournament_app.command("walkover", help="The desk's word: a side did not report in time and loses by walkover.")
def walkover_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    number: int = typer.Argument(..., metavar="ROUND", help="The round."),
    table: int = typer.Argument(..., metavar="TABLE", help="The table."),
    present: int = typer.Option(..., "--present", min=1, max=2, help="The side that reported: 1 or 2."),
    at: Optional[str] = typer.Option(None, "--at", help="When (default: now)."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from carrom.tournament import find, walkover

    moment = _when(at)

    def change(event):
        return walkover(event, number, table, present, moment)

    probe = _store(db)
    try:
        timed = probe.load(event_id).settings.timed
    except _errors() as exc:
        _refuse(exc)
    finally:
        probe.close()
    law = "004 laws 18 and 126" if timed else "ICF 143 i"
    event = _step(db, event_id, change, f"walkover: round {number}, table {table}, side {3 - present} absent", law)
    _emit(_match_json(event, find(event, number, table)), as_json, _match_line(event, find(event, number, table)))


@tournament_app.command("retire", help="Withdraw a competitor (number or a player's \"First Last\") from the next "
                                       "round on; it keeps its results.")
def retire_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    who: str = typer.Argument(..., metavar="COMPETITOR", help="Its number or a player's name."),
    from_round: Optional[int] = typer.Option(None, "--from-round", min=1, help="The first round it is not paired "
                                                                                 "in (default: the next)."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    from carrom.tournament import retire

    _step(db, event_id, lambda e: retire(e, _competitor_by_name(e, who), from_round), f"withdrawn: {who}")
    typer.echo(f"{who} withdrawn")


@tournament_app.command("reinstate", help="Undo a withdrawal (number or a player's \"First Last\") while no round "
                                          "from it on is paired.")
def reinstate_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    who: str = typer.Argument(..., metavar="COMPETITOR", help="Its number or a player's name."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    from carrom.tournament import reinstate

    _step(db, event_id, lambda e: reinstate(e, _competitor_by_name(e, who)), f"withdrawal undone: {who}")
    typer.echo(f"{who} reinstated")


@tournament_app.command("swap", help="Exchange two competitors in the last round, before it is published.")
def swap_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    first: str = typer.Argument(..., metavar="A", help="A competitor (number or name)."),
    second: str = typer.Argument(..., metavar="B", help="Another."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    from carrom.tournament import swap

    _step(db, event_id, lambda e: swap(e, _competitor_by_name(e, first), _competitor_by_name(e, second)),
          f"swapped by hand: {first} and {second}")
    typer.echo(f"{first} and {second} swapped")


@tournament_app.command("publish", help="Publish the last round: the players' from now on (no more swaps by hand).")
def publish_(event_id: int = typer.Argument(..., metavar="ID", help="The event."),
             db: Optional[str] = typer.Option(None, "--db", help=DB_HELP)) -> None:
    from carrom.desk.service import publish_round

    event, made = _with_tablets(db, lambda store, _: publish_round(store, event_id))
    typer.echo(f"round {event.published} published" + (f"; {made} tablets ready" if made else ""))


@tournament_app.command("undo", help="Take back the last round while none of its results is in.")
def undo_(event_id: int = typer.Argument(..., metavar="ID", help="The event."),
          db: Optional[str] = typer.Option(None, "--db", help=DB_HELP)) -> None:
    from carrom.desk.service import undo_round

    _with_tablets(db, lambda store, _: undo_round(store, event_id))
    typer.echo("last round taken back (its tablets closed)")


@tournament_app.command("close", help="Close the event: no more rounds; with --rating, its matches update that "
                                      "rating list (Glicko-2).")
def close_(event_id: int = typer.Argument(..., metavar="ID", help="The event."),
           rating: Optional[str] = typer.Option(None, "--rating", help="The rating list to update (made if new)."),
           db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
           as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    from carrom.desk.service import close_event

    store = _store(db)
    try:
        rated = close_event(store, event_id, rating)
    except _errors() as exc:
        _refuse(exc)
    finally:
        store.close()
    _emit({"id": event_id, "closed": True, "rated": len(rated)}, as_json,
          f"event {event_id} closed" + (f"; {len(rated)} players rated in {rating!r}" if rating else ""))


@tournament_app.command("ratings", help="A rating list, best first (Glicko-2: rating, deviation, volatility).")
def ratings_(name: str = typer.Argument(..., metavar="LIST", help="The rating list."),
             db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
             as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    from carrom.desk.ratings import rating_list

    store = _store(db)
    try:
        rows = rating_list(store, name)
    except _errors() as exc:
        _refuse(exc)
    finally:
        store.close()
    _emit([{"player": pid, "name": n, "rating": r, "deviation": rd, "volatility": v} for pid, n, r, rd, v in rows],
          as_json, "\n".join(f"{n:<40} {r:7.1f} ±{rd:5.1f}" for _, n, r, rd, v in rows) or f"no list {name!r}")


@tournament_app.command("championship", help="A championship's ranking: each closed event's prize by final place "
                                             "(by the championship's method, SoL's: fixed 18, 16, 14, 13..., "
                                             "fixed40, millesimal, centesimal or asis), the total.")
def championship_(name: str = typer.Argument(..., metavar="NAME", help="The championship."),
                  db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                  as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    from carrom.desk.service import championship_ranking

    events, rows, method, skip = _query(db, lambda store: championship_ranking(store, name))
    data = [{"rank": k, "players": list(r.players), "prizes": list(r.prizes), "total": r.total, "played": r.played}
            for k, r in enumerate(rows, 1)]
    if as_json:
        _emit(data, True, "")
        return
    lines = "\n".join(f"{d['rank']:>4}  {' & '.join(d['players']):<40} {d['total']:>7g}  "
                      + " ".join(f"{p:g}" for p in d["prizes"]) for d in data)
    typer.echo(f"prizes: {method.value}" + (f", the {skip} worst left out" if skip else "") + f"\n{lines}" if lines
               else f"no closed event in {name!r}")


protest_app = typer.Typer(help="Protests (ICF 144-151): lodge, decide; never withdrawn.", no_args_is_help=True)


@protest_app.command("lodge", help="The written protest of a match, its result held until decided (ICF 146, 150).")
def lodge_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    number: int = typer.Argument(..., metavar="ROUND", help="The round."),
    table: int = typer.Argument(..., metavar="TABLE", help="The table."),
    by: str = typer.Option(..., "--by", help="Who protests: competitor number or a player's name."),
    game: int = typer.Option(..., "--game", help="The game (1-3) in which it was lodged."),
    game_ended: Optional[str] = typer.Option(None, "--game-ended", help="When that game ended (default: now)."),
    oral: Optional[str] = typer.Option(None, "--oral", help="When it was announced orally to the umpire, with the "
                                                            "fee (ICF 145); without it the protest is not considered."),
    fee: bool = typer.Option(True, "--fee/--no-fee", help="The fee was paid (ICF 145)."),
    at: Optional[str] = typer.Option(None, "--at", help="When (default: now)."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from carrom.desk.service import lodge_protest

    now = _when(at)
    ended = _when(game_ended) if game_ended else now
    oral_at = _when(oral) if oral else None
    store = _store(db)
    try:
        pid, protest = lodge_protest(store, event_id, number, table, by, game, oral_at=oral_at, fee=fee,
                                     game_ended=ended, now=now)
    except _errors() as exc:
        _refuse(exc)
    finally:
        store.close()
    _emit({"protest": pid, "state": protest.state.value}, as_json,
          f"protest {pid} lodged: the result of round {number}, table {table} is held until decided (ICF 150)")


@protest_app.command("decide", help="Uphold (replay from the protested game, ICF 151 a) or reject (the result stands, "
                                    "151 b).")
def decide_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    protest_id: int = typer.Argument(..., metavar="PROTEST", help="The protest."),
    upheld: bool = typer.Option(..., "--upheld/--rejected", help="The decision."),
    at: Optional[str] = typer.Option(None, "--at", help="When (default: now)."),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from carrom.desk.service import decide_protest

    now = _when(at)
    store = _store(db)
    try:
        protest = decide_protest(store, event_id, protest_id, upheld, now)
    except _errors() as exc:
        _refuse(exc)
    finally:
        store.close()
    _emit({"protest": protest_id, "state": protest.state.value, "law": protest.steps[-1].law}, as_json,
          protest.steps[-1].what)


@protest_app.command("withdraw", help="Refused: a protest once lodged cannot be withdrawn (ICF 149).")
def withdraw_(event_id: int = typer.Argument(..., metavar="ID", help="The event."),
              protest_id: int = typer.Argument(..., metavar="PROTEST", help="The protest."),
              db: Optional[str] = typer.Option(None, "--db", help=DB_HELP)) -> None:
    _refuse(say("a protest once lodged cannot be withdrawn (ICF 149)"))


@protest_app.command("list", help="The event's protests with every step's time and law.")
def protests_(event_id: int = typer.Argument(..., metavar="ID", help="The event."),
              db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
              as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    rows = _query(db, lambda store: store.protests(event_id))
    data = [{"protest": pid, "round": p.round, "table": p.table, "by": p.by, "game": p.game, "state": p.state.value,
             "steps": [{"at": s.at, "what": s.what, "law": s.law} for s in p.steps]} for pid, p in rows]
    _emit(data, as_json, "\n".join(f"{d['protest']}: round {d['round']}, table {d['table']}, {d['state']}"
                                   for d in data) or "no protests")


@tournament_app.command("log", help="The event's record: every step with its time and law.")
def log_(event_id: int = typer.Argument(..., metavar="ID", help="The event."),
         db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
         as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    rows = _query(db, lambda store: store.log(event_id))
    _emit([{"at": a, "what": w, "law": l} for a, w, l in rows], as_json,
          "\n".join(f"{dt.datetime.fromtimestamp(a, dt.timezone.utc):%Y-%m-%d %H:%M:%S}  {w}{f'  ({l})' if l else ''}"
                    for a, w, l in rows))


@tournament_app.command("print", help="A printout as PDF, in the chosen language: pairings, scorecards (pre-filled, one "
                                      "a table), standings, bracket or prizes.")
def print_(
    event_id: int = typer.Argument(..., metavar="ID", help="The event."),
    what: str = typer.Argument(..., metavar="WHAT", help="pairings, scorecards, standings, bracket or prizes."),
    pdf: Path = typer.Option(..., "--pdf", metavar="FILE", help="The PDF file to write."),
    number: Optional[int] = typer.Option(None, "--round", min=1, help="The round (default: the last)."),
    lang: Optional[str] = typer.Option(None, "--lang", help=LANG_HELP),
    db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
    public_url: Optional[str] = typer.Option(None, "--public-url", metavar="URL",
                                             help="The server's address for spectators (carrom serve --public-url): "
                                                  "each scorecard carries its table's QR code."),
) -> None:
    from carrom.cli.common import words, write_file
    from carrom.desk.printouts import printout
    from carrom.desk.table_code import table_link

    tr = words(lang)
    if public_url is not None:
        from carrom.web.hosts import check_public_url

        try:
            public_url = check_public_url(public_url)
        except ValueError as exc:
            fail(str(exc))

    def ask(store):
        event, extra, _, _ = store.load_with_extras(event_id)
        codes = None if public_url is None else (lambda table: table_link(public_url, event_id, table))
        return printout(event, what, tr, number, extra, codes)

    write_file(pdf, _query(db, ask), "PDF file")


tournament_app.add_typer(protest_app, name="protest")


def register(app: typer.Typer) -> None:
    app.add_typer(tournament_app, name="tournament")
