"""Plain words for people: rulings with their laws, whose turn, the coins, the score.

Shared by ``carrom replay`` and ``carrom umpire`` so both say the same thing the same way.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from carrom.i18n import Translator, translator
from carrom.i18n.names import N_
from carrom.records import referee
from carrom.records.entries import (
    ClockEntry, ConcedeEntry, DeclareEntry, Entry, ForfeitEntry, PlaceEntry, StrokeEntry, TimeoutEntry,
)
from carrom.records.header import SEATS as SEAT_ORDER, Header
from carrom.rules import QueenState, RulesError, Seat, ruleset
from carrom.rules.decision import Decision, cite  # the one citation, re-exported for the records' readers
from carrom.rules.match import in_chairs
from carrom.rules.places import CHANGE_OF_PLACES
from carrom.records.notation import COMMAND_HELP, NOTATION, StrokeNote, format_stroke
from carrom.records.replay import Step


def who(header: Header, seat: str | None, tr: Translator | None = None, sits: dict[str, str] | None = None) -> str:
    """"South (Asha)": where the player sits (``sits``: the record's seat -> the chair now, ICF 58-60; the
    record's seat when not given) in the reader's language, and the player's name."""
    tr = tr or translator()
    if seat is None:
        return tr.gettext("nobody")
    return tr.gettext("{seat} ({name})", seat=tr.seat((sits or {}).get(seat, seat)), name=header.players[seat].name)


def _names(header: Header, sits: dict[str, str] | None) -> dict[Seat, str]:
    """The chair each player sits in (``sits``: the record's seat -> the chair; None: the record's seats) -> his
    name."""
    return {Seat.named((sits or {}).get(seat, seat)): player.name for seat, player in header.players.items()}


def named_ruling(ruling: Any, header: Header, before: dict[str, str] | None = None,
                 after: dict[str, str] | None = None) -> Any:
    """``ruling`` naming players, not chairs: "Camille & Léa win the match" whether they sit where they started or
    have moved (ICF 58-60). The referee names each player by the chair he sits in when it decides, the chairs
    ``before`` the action up to a change of places, ``after`` it from then on (``rules.match.seated``); the change
    itself says who moves to which chair and stays as it is."""
    moving = {ruleset(header.variant).cite(law) for law in CHANGE_OF_PLACES}
    names, out = _names(header, before), []
    for d in getattr(ruling, "decisions", None) or ():
        if d.law in moving:
            out.append(d)
            names = _names(header, after)
        else:
            out.append(d if d.message is None else Decision(d.law, in_chairs(d.message, names)))
    return replace(ruling, decisions=tuple(out)) if out else ruling


def refusal_text(error: RulesError, header: Header, tr: Translator | None = None) -> str:
    """A refusal of the referee in the reader's language, naming players: the referee refuses by the record's seats,
    which are no chairs once the players have moved (ICF 58-60)."""
    tr = tr or translator()
    return tr.message(in_chairs(error.message, _names(header, None))) if error.message is not None else tr.error(error)


def ruling_lines(ruling: Any, tr: Translator | None = None) -> list[str]:
    """Each decision of the referee as ``text (law)`` in the reader's language, each law cited once."""
    tr = tr or translator()
    decisions = getattr(ruling, "decisions", None) or ()
    lines = [cite(tr.words(d), d.law) for d in decisions]
    return lines or [ruling.summary()]


def entry_notation(entry: Entry) -> str:
    """The entry as the umpire types it (docs/umpire.md): ``ws``, ``place white``, ``concede match``."""
    if isinstance(entry, StrokeEntry):
        o = entry.outcome
        fouls = tuple("" if code == referee.DEFAULT_FOUL else code for code in entry.fouls)  # `f` as typed
        return format_stroke(StrokeNote(o.pocketed, o.striker, o.off_board, o.touched, fouls))
    if isinstance(entry, PlaceEntry):
        return " ".join(["place"] + ([entry.coin] if entry.coin else []) + (["waive"] if entry.waive else []))
    if isinstance(entry, ForfeitEntry):
        return " ".join(["forfeit"] + ([entry.offender] if entry.offender else []) + ([entry.law] if entry.law else []))
    if isinstance(entry, ConcedeEntry):
        return f"concede {entry.what}"
    if isinstance(entry, DeclareEntry):
        return " ".join(["declare", entry.what] + ([str(entry.value)] if entry.value is not None else [])
                        + ([entry.offender] if entry.offender else []))
    if isinstance(entry, ClockEntry):
        return f"clock {entry.what}"
    return entry.TYPE  # time


CLOCK_WORDS = {"break": N_("{actor} did not break within 15 seconds"), "stroke": N_("{actor} ran out of time to strike"),
               "place": N_("{actor} ran out of time to place")}


def entry_text(entry: Entry, header: Header, tr: Translator | None = None, sits: dict[str, str] | None = None) -> str:
    """An entry in the umpire's words, with the notation for a stroke; players named where they sat (``sits``)."""
    tr = tr or translator()
    actor = who(header, entry.seat, tr, sits)
    if isinstance(entry, StrokeEntry):
        return tr.gettext("{actor} strikes: {notation}", actor=actor, notation=entry_notation(entry))
    if isinstance(entry, PlaceEntry):
        if entry.waive:
            return tr.gettext("{actor} waives placing the coin owed", actor=actor)
        if entry.coin:
            return tr.gettext("{actor} places a {coin}", actor=actor, coin=tr.coin(entry.coin))
        return tr.gettext("{actor} places the coin owed", actor=actor)
    if isinstance(entry, ForfeitEntry):
        offender = who(header, entry.who, tr, sits)
        if entry.law:
            return tr.gettext("{actor} forfeits the board ({law})", actor=offender, law=entry.law)
        return tr.gettext("{actor} forfeits the board", actor=offender)
    if isinstance(entry, ConcedeEntry):
        return {"board": tr.gettext("{actor} concedes the board", actor=actor),
                "game": tr.gettext("{actor} concedes the game", actor=actor),
                "match": tr.gettext("{actor} concedes the match", actor=actor)}.get(
            entry.what, f"{actor}: concede {entry.what}")
    if isinstance(entry, DeclareEntry):  # a breach's offender named as the actor is, where he sat and who he is
        words = [who(header, w, tr, sits) if w in header.players else w for w in entry.what.split()]  # toss SEAT
        what = " ".join(words + ([str(entry.value)] if entry.value is not None else [])
                        + ([who(header, entry.offender, tr, sits)] if entry.offender else []))
        return tr.gettext("{actor} declares {what}", actor=actor, what=what)
    if isinstance(entry, TimeoutEntry):
        return tr.gettext("the bell")
    if isinstance(entry, ClockEntry):
        return tr.gettext(CLOCK_WORDS[entry.what], actor=actor)
    return f"{actor}: {entry.TYPE}"  # pragma: no cover


def listed(items: list[str], tr: Translator) -> str:
    """Several things in one sentence, "2 white, the queen", each still a message of its own (for the web)."""
    if len(items) == 1:
        return items[0]
    return tr.gettext("{first}, {rest}", first=items[0], rest=listed(items[1:], tr))


def pieces_text(pieces: tuple[str, ...], tr: Translator, striker: bool = False) -> list[str]:
    """Pieces counted in plain words, in the order white, black, queen, then the striker."""
    out = [tr.ngettext("{n} white", "{n} white", pieces.count("white")) if "white" in pieces else None,
           tr.ngettext("{n} black", "{n} black", pieces.count("black")) if "black" in pieces else None,
           tr.gettext("the queen") if "queen" in pieces else None, tr.gettext("the striker") if striker else None]
    return [p for p in out if p is not None]


def stroke_words(entry: StrokeEntry, header: Header, tr: Translator | None = None,
                 sits: dict[str, str] | None = None) -> str:
    """A stroke in plain words, for spectators (no umpire's notation): "South (Asha) pockets 2 white, the queen"."""
    tr = tr or translator()
    actor, o = who(header, entry.seat, tr, sits), entry.outcome
    went_in = pieces_text(o.pocketed, tr, o.striker)
    if went_in:
        text = tr.gettext("{actor} pockets {pieces}", actor=actor, pieces=listed(went_in, tr))
    elif not o.touched:
        text = tr.gettext("{actor}'s striker touches nothing", actor=actor)
    else:
        text = tr.gettext("{actor} pockets nothing", actor=actor)
    if o.off_board:
        text = tr.gettext("{stroke}; {pieces} off the board", stroke=text, pieces=listed(pieces_text(o.off_board, tr), tr))
    if entry.fouls:
        text = tr.gettext("{stroke}; a foul", stroke=text)
    return text


def spectator_text(entry: Entry, header: Header, tr: Translator | None = None,
                   sits: dict[str, str] | None = None) -> str:
    """An entry as spectators read it: a stroke in plain words, anything else as the umpire's words say it."""
    if isinstance(entry, StrokeEntry):
        return stroke_words(entry, header, tr, sits)
    return entry_text(entry, header, tr, sits)


def score_text(snap: referee.Snapshot, header: Header, tr: Translator | None = None) -> str:
    tr = tr or translator()
    a, b = header.sides()
    return tr.gettext("game {game}: {first} {a} – {b} {second}; games {won_a}–{won_b}", game=snap.game + 1,
                      first=header.side_name(a), a=snap.game_points[0], b=snap.game_points[1],
                      second=header.side_name(b), won_a=snap.games_won[0], won_b=snap.games_won[1])


def break_text(snap: referee.Snapshot, header: Header, tr: Translator | None = None) -> str:
    """Whose break, and who made it: after three missed attempts it passes on (ICF 45 b)."""
    tr = tr or translator()
    if snap.broken_by is None:
        if snap.break_passed:
            return tr.gettext("the break passed from {seat} (ICF 45 b)", seat=who(header, snap.breaker, tr, snap.sits))
        return tr.gettext("not broken yet")
    if snap.break_passed:
        return tr.gettext("broken by {seat} after the break passed from {first} (ICF 45 b)",
                          seat=who(header, snap.broken_by, tr, snap.sits),
                          first=who(header, snap.breaker, tr, snap.sits))
    return tr.gettext("broken by {seat}", seat=who(header, snap.broken_by, tr, snap.sits))


def queen_text(snap: referee.Snapshot, header: Header, tr: Translator | None = None) -> str:
    tr = tr or translator()
    if snap.queen_state is QueenState.BOARD or snap.queen_side is None:
        return tr.gettext("on the board")
    side = header.side_name(header.sides()[snap.queen_side])
    if snap.queen_state is QueenState.PENDING:
        return tr.gettext("pocketed by {side}, to be covered", side=side)
    return tr.gettext("covered by {side}", side=side)


def status_lines(match: Any, header: Header, tr: Translator | None = None) -> list[str]:
    """After each entry: turn, coins, dues, queen, score (rich markup allowed, user text escaped)."""
    from rich.markup import escape

    tr = tr or translator()
    snap = referee.snapshot(match, header)
    lines = []
    if snap.over:
        winner = header.side_name(header.sides()[snap.winner]) if snap.winner is not None else tr.gettext("nobody")
        lines.append(tr.gettext("[bold]Match over[/bold]: won by {winner}", winner=escape(winner)))
    else:
        actor = f"[bold]{escape(who(header, snap.seat, tr, snap.sits))}[/bold]"
        act = {"place": N_("{actor} to place the coin owed · game {game}, board {board}, {broken}"),
               "claim": N_("{actor} may claim extra points (ICF 87 b) · game {game}, board {board}, {broken}"),
               "toss": N_("{actor} calls the toss for the tie-break board (ICF 56 b) · game {game}, board {board}, "
                          "{broken}")}.get(snap.to_act or "", N_("{actor} to play · game {game}, board {board}, {broken}"))
        lines.append(tr.gettext(act, actor=actor, game=snap.game + 1, board=snap.board + 1,
                                broken=escape(break_text(snap, header, tr))))
    ob = snap.on_board
    white = tr.ngettext("{n} white", "{n} white", ob.get("white", 0))
    black = tr.ngettext("{n} black", "{n} black", ob.get("black", 0))
    lines.append("  " + tr.gettext("on the board: {white}, {black}; queen {queen}", white=white, black=black,
                                   queen=escape(queen_text(snap, header, tr))))
    if snap.owed:
        owed = ", ".join(tr.gettext("{coin} by {seat}", coin=tr.coin(c), seat=who(header, p, tr, snap.sits))
                          for p, c in snap.owed)
        lines.append("  " + tr.gettext("to place: {owed}", owed=escape(owed)))
    for side, n in enumerate(snap.debts):
        if n:
            lines.append("  " + tr.ngettext("outstanding: {n} due from {side} (ICF 72 c)",
                                            "outstanding: {n} dues from {side} (ICF 72 c)", n,
                                            side=escape(header.side_name(header.sides()[side]))))
    lines.append("  " + tr.gettext("score {score}", score=escape(score_text(snap, header, tr))))
    moved = sits_text(snap, header, tr)
    if moved:
        lines.append("  " + escape(moved))
    if snap.rest is not None:
        lines.append("  " + cite(tr.gettext("a rest of {minutes} minutes before game {game}", minutes=snap.rest,
                                            game=snap.game + 1), "ICF 138"))
    return lines


def sits_text(snap: referee.Snapshot, header: Header, tr: Translator | None = None) -> str:
    """Where the players sit now, once they have changed places (ICF 58-60): "seats: North Asha, South Ravi";
    "" while each sits where the record names him."""
    tr = tr or translator()
    sits = snap.sits or {}
    if all(seat == chair for seat, chair in sits.items()):
        return ""
    order = sorted(sits, key=lambda s: SEAT_ORDER.index(sits[s]))
    return tr.gettext("seats now: {places}", places=", ".join(
        tr.gettext("{seat} {name}", seat=tr.seat(sits[s]), name=header.players[s].name) for s in order))


def turn_prompt(match: Any, header: Header, tr: Translator | None = None) -> str:
    from rich.markup import escape

    tr = tr or translator()
    snap = referee.snapshot(match, header)
    if snap.over:
        return tr.gettext("match over (undo, comment, status, quit)") + " › "
    actor = escape(who(header, snap.seat, tr, snap.sits))
    if snap.to_act == "place":
        return tr.gettext("{actor} to place", actor=actor) + " › "
    if snap.to_act == "claim":
        return tr.gettext("{actor} may claim extra points (declare extra N)", actor=actor) + " › "
    if snap.to_act == "toss":
        return tr.gettext("tie-break board: who won the toss? (declare toss SEAT)") + " › "
    colour = escape("[" + tr.coin(snap.colours.get(snap.seat, "")) + "]")
    return tr.gettext("{actor} to play {colour}", actor=actor, colour=colour) + " › "


def help_text(tr: Translator | None = None) -> str:
    """The notation and the commands in the reader's language; the keys are the same in every language."""
    tr = tr or translator()
    keys = "\n".join(f"    {key:<8} {tr.gettext(meaning)}" for key, meaning in NOTATION)
    commands = "\n".join(f"    {usage}{tr.gettext(meaning)}" for usage, meaning in COMMAND_HELP.values())
    fouls = ", ".join(referee.FOUL_CODES)
    return tr.gettext("Strokes (docs/umpire.md):\n{keys}\n    foul codes: {fouls}\nCommands:\n{commands}",
                      keys=keys, fouls=fouls, commands=commands)


def step_json(step: Step) -> dict[str, Any]:
    ruling = step.ruling
    return {
        "index": step.index, "path": step.path, "game": step.game + 1, "board": step.board + 1,
        "action": step.entry.to_dict(),
        "decisions": [{"law": d.law, "text": d.text} for d in getattr(ruling, "decisions", ())],
        "summary": ruling.summary(),
    }


def final_lines(match: Any, header: Header, as_data: bool = False, tr: Translator | None = None) -> Any:
    tr = tr or translator()
    snap = referee.snapshot(match, header)
    a, b = header.sides()
    names = (header.side_name(a), header.side_name(b))
    if as_data:
        return {"sides": list(names), "games_won": list(snap.games_won), "game_points": list(snap.game_points),
                "over": snap.over, "winner": None if snap.winner is None else names[snap.winner]}
    lines = [tr.gettext("games won: {first} {a} – {b} {second}", first=names[0], a=snap.games_won[0],
                        b=snap.games_won[1], second=names[1]),
             tr.gettext("current game {game}: {first} {a} – {b} {second}", game=snap.game + 1, first=names[0],
                        a=snap.game_points[0], b=snap.game_points[1], second=names[1])]
    lines.append(tr.gettext("match won by {side}", side=names[snap.winner]) if snap.over and snap.winner is not None
                 else tr.gettext("match not finished"))
    return lines
