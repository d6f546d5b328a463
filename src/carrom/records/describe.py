"""Plain words for people: rulings with their laws, whose turn, the coins, the score.

Shared by ``carrom replay`` and ``carrom umpire`` so both say the same thing the same way.
"""

from __future__ import annotations

import re
from typing import Any

from carrom.records import referee
from carrom.records.entries import (
    ClockEntry, ConcedeEntry, DeclareEntry, Entry, ForfeitEntry, PlaceEntry, StrokeEntry, TimeoutEntry,
)
from carrom.records.header import Header
from carrom.records.notation import COMMANDS, StrokeNote, format_stroke
from carrom.records.replay import Step


def who(header: Header, seat: str | None) -> str:
    if seat is None:
        return "nobody"
    return f"{seat.capitalize()} ({header.players[seat].name})"


_CITED = re.compile(r"\s*\(((?:ICF|\d{3}) [^()]*)\)$")  # a bracket ending the text that starts with a law
_LAWS_ONLY = re.compile(r"^[\w§.,;– -]*$")  # nothing in it but law numbers ("ICF 43", "ICF 65 b–d")


def cite(text: str, law: str) -> str:
    """``text (law)`` with one bracket of laws at the end: a text that already cites ``law``
    (or a part of it, "ICF 65 b–d" for "ICF 65") keeps its own; another law joins the bracket."""
    found = _CITED.search(text)
    if not law:
        return text
    if found is None:
        return f"{text} ({law})"
    inner = found.group(1)
    if inner == law or inner.startswith(law + " "):  # "ICF 65 b–d" already says "ICF 65"
        return text
    if law.startswith(inner + " "):  # the decision's law is the more precise
        return f"{text[:found.start()]} ({law})"
    both_icf = _LAWS_ONLY.match(inner) and inner.startswith("ICF ") and law.startswith("ICF ")
    joined = f"ICF {inner[4:]}, {law[4:]}" if both_icf else f"{inner}; {law}"
    return f"{text[:found.start()]} ({joined})"


def ruling_lines(ruling: Any) -> list[str]:
    """Each decision of the referee as ``text (law)``, each law cited once."""
    decisions = getattr(ruling, "decisions", None) or ()
    lines = [cite(d.text, d.law) for d in decisions]
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
        return "forfeit" + (f" {entry.law}" if entry.law else "")
    if isinstance(entry, ConcedeEntry):
        return f"concede {entry.what}"
    if isinstance(entry, DeclareEntry):
        return f"declare {entry.what}" + ("" if entry.value is None else f" {entry.value}")
    if isinstance(entry, ClockEntry):
        return f"clock {entry.what}"
    return entry.TYPE  # time


CLOCK_WORDS = {"break": "{actor} did not break within 15 seconds", "stroke": "{actor} ran out of time to strike",
               "place": "{actor} ran out of time to place"}


def entry_text(entry: Entry, header: Header) -> str:
    """An entry in the umpire's words, with the notation for a stroke."""
    actor = who(header, entry.seat)
    if isinstance(entry, StrokeEntry):
        return f"{actor} strikes: {entry_notation(entry)}"
    if isinstance(entry, PlaceEntry):
        if entry.waive:
            return f"{actor} waives placing the coin owed"
        return f"{actor} places {'a ' + entry.coin if entry.coin else 'the coin owed'}"
    if isinstance(entry, ForfeitEntry):
        return f"{actor} forfeits the board" + (f" ({entry.law})" if entry.law else "")
    if isinstance(entry, ConcedeEntry):
        return f"{actor} concedes the {entry.what}"
    if isinstance(entry, DeclareEntry):
        return f"{actor} declares {entry.what}" + ("" if entry.value is None else f" {entry.value}")
    if isinstance(entry, TimeoutEntry):
        return "the bell"
    if isinstance(entry, ClockEntry):
        return CLOCK_WORDS[entry.what].format(actor=actor)
    return f"{actor}: {entry.TYPE}"  # pragma: no cover


def score_text(snap: referee.Snapshot, header: Header) -> str:
    a, b = header.sides()
    return (f"game {snap.game + 1}: {header.side_name(a)} {snap.game_points[0]} – {snap.game_points[1]} "
            f"{header.side_name(b)}; games {snap.games_won[0]}–{snap.games_won[1]}")


def break_text(snap: referee.Snapshot, header: Header) -> str:
    """Whose break, and who made it: after three missed attempts it passes on (ICF 45 b)."""
    passed = f"the break passed from {who(header, snap.breaker)} (ICF 45 b)" if snap.break_passed else ""
    if snap.broken_by is None:
        return passed or "not broken yet"
    return f"broken by {who(header, snap.broken_by)}" + (f" after {passed}" if passed else "")


def status_lines(match: Any, header: Header) -> list[str]:
    """After each entry: turn, coins, dues, queen, score (rich markup allowed, user text escaped)."""
    from rich.markup import escape

    snap = referee.snapshot(match, header)
    lines = []
    if snap.over:
        winner = header.side_name(header.sides()[snap.winner]) if snap.winner is not None else "nobody"
        lines.append(f"[bold]Match over[/bold]: won by {escape(winner)}")
    else:
        act = {"place": "to place the coin owed", "claim": "may claim extra points (ICF 87 b)",
               "toss": "calls the toss for the tie-break board (ICF 56 b)"}.get(snap.to_act or "", "to play")
        lines.append(f"[bold]{escape(who(header, snap.seat))}[/bold] {act} · game {snap.game + 1}, "
                     f"board {snap.board + 1}, {escape(break_text(snap, header))}")
    ob = snap.on_board
    lines.append(f"  on the board: {ob.get('white', 0)} white, {ob.get('black', 0)} black; queen {escape(snap.queen)}")
    if snap.owed:
        owed = ", ".join(f"{c} by {who(header, p)}" for p, c in snap.owed)
        lines.append(f"  to place: {escape(owed)}")
    for side, n in enumerate(snap.debts):
        if n:
            lines.append(f"  outstanding: {n} due from {escape(header.side_name(header.sides()[side]))} (ICF 72 c)")
    lines.append(f"  score {escape(score_text(snap, header))}")
    return lines


def turn_prompt(match: Any, header: Header) -> str:
    from rich.markup import escape

    snap = referee.snapshot(match, header)
    if snap.over:
        return "match over (undo, comment, status, quit) › "
    actor = escape(who(header, snap.seat))
    if snap.to_act == "place":
        return f"{actor} to place › "
    if snap.to_act == "claim":
        return f"{actor} may claim extra points (declare extra N) › "
    if snap.to_act == "toss":
        return "tie-break board: who won the toss? (declare toss SEAT) › "
    return f"{actor} to play {escape('[' + snap.colours.get(snap.seat, '') + ']')} › "


def help_text() -> str:
    from carrom.records.notation import __doc__ as notation_doc

    body = notation_doc.split("\n\n", 2)[2].rstrip() if notation_doc else ""
    commands = "\n".join(f"    {line}" for line in COMMANDS.values())
    fouls = ", ".join(referee.FOUL_CODES)
    return f"Strokes (docs/umpire.md):\n{body}\n    foul codes: {fouls}\nCommands:\n{commands}"


def step_json(step: Step) -> dict[str, Any]:
    ruling = step.ruling
    return {
        "index": step.index, "path": step.path, "game": step.game + 1, "board": step.board + 1,
        "action": step.entry.to_dict(),
        "decisions": [{"law": d.law, "text": d.text} for d in getattr(ruling, "decisions", ())],
        "summary": ruling.summary(),
    }


def final_lines(match: Any, header: Header, as_data: bool = False) -> Any:
    snap = referee.snapshot(match, header)
    a, b = header.sides()
    names = (header.side_name(a), header.side_name(b))
    if as_data:
        return {"sides": list(names), "games_won": list(snap.games_won), "game_points": list(snap.game_points),
                "over": snap.over, "winner": None if snap.winner is None else names[snap.winner]}
    lines = [f"games won: {names[0]} {snap.games_won[0]} – {snap.games_won[1]} {names[1]}",
             f"current game {snap.game + 1}: {names[0]} {snap.game_points[0]} – {snap.game_points[1]} {names[1]}"]
    lines.append(f"match won by {names[snap.winner]}" if snap.over and snap.winner is not None else "match not finished")
    return lines
