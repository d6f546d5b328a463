"""``carrom umpire new|resume RECORD``: score a real match at the board, keystroke by keystroke.

The session (``carrom.records.session``) does the work; this module only asks and prints,
reading stdin line by line so a script can drive it. docs/umpire.md has the notation.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import typer

from carrom.cli.common import fail as _fail
from rich.console import Console
from rich.markup import escape

umpire_app = typer.Typer(help="Score a real match: the umpire types what happened, the referee rules.",
                         no_args_is_help=True)


class _Asker:
    """Prompts on the console, answers from stdin; end of input is a clean stop, not a traceback."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def line(self, prompt: str) -> str:
        try:
            return self.console.input(prompt)
        except EOFError:
            raise _EndOfInput from None
        except KeyboardInterrupt:
            raise _EndOfInput from None

    def ask(self, question: str, default: str = "", choices: tuple[str, ...] = (), required: bool = False) -> str:
        hint = f" ({'/'.join(choices)})" if choices else ""
        shown = f" [{default}]" if default else ""
        while True:
            answer = self.line(escape(f"{question}{hint}{shown}: ")).strip() or default
            if choices and answer.lower() not in choices:
                self.console.print(f"[red]✗[/red] {escape(answer or 'nothing')}: choose one of {', '.join(choices)}")
                continue
            if required and not answer:
                self.console.print("[red]✗[/red] this one is needed")
                continue
            return answer.lower() if choices else answer


class _EndOfInput(Exception):
    pass


def _ask_header(ask: _Asker):
    """Everything the scorecard's header needs (ICF XIX), then the toss (ICF 39) and the breaker (ICF 42)."""
    from carrom.records.header import OPPOSITE, SEATS, Event, Header, Player, Toss
    from carrom.records.referee import VARIANTS

    variant = ask.ask("Rules", "icf", VARIANTS)
    kind = ask.ask("Singles or doubles", "singles", ("singles", "doubles"))
    seats = ("south", "north") if kind == "singles" else SEATS
    players = {}
    for seat in seats:
        name = ask.ask(f"{seat.capitalize()} player's name", required=True)
        team = ask.ask(f"{seat.capitalize()} player's team or club (Enter for none)")
        players[seat] = Player(name, team or None)
    ask.console.print("The scorecard's header (Enter leaves a field blank):")
    now = datetime.now()
    event = Event(
        tournament=ask.ask("Championship/tournament") or None,
        event=ask.ask("Event") or None,
        round=ask.ask("Round") or None,
        match=ask.ask("Match no.") or None,
        date=ask.ask("Date (YYYY-MM-DD)", now.strftime("%Y-%m-%d")) or None,
        time=ask.ask("Time (HH:MM)", now.strftime("%H:%M")) or None,
        venue=ask.ask("Venue") or None,
        table=ask.ask("Table (board) no.") or None,
        umpire=ask.ask("Umpire") or None,
    )
    winner = ask.ask("Toss won by (seat)", seats[0], tuple(seats))
    choice = ask.ask("The toss winner chose", "break", ("break", "side"))
    pair = (winner,) if kind == "singles" else (winner, OPPOSITE[winner])
    if choice == "break":
        options = tuple(s for s in seats if s in pair)
        first = winner if len(options) == 1 else ask.ask("Who breaks first", winner, options)
    else:
        first = ask.ask("Who breaks first", next(s for s in seats if s not in pair), tuple(seats))
    return Header(variant=variant, kind=kind, players=players, first_breaker=first, toss=Toss(winner, choice),
                  event=event)


def _loop(session, console: Console, ask: _Asker) -> None:
    from carrom.records.describe import help_text, ruling_lines, status_lines, turn_prompt
    from carrom.records.errors import RecordError
    from carrom.records.session import SessionError

    for line in status_lines(session.match, session.record.header):
        console.print(line)
    while True:
        try:
            typed = ask.line(turn_prompt(session.match, session.record.header))
        except _EndOfInput:
            console.print()
            break
        try:
            reply = session.enter(typed)
        except SessionError as exc:
            console.print(f"[red]✗[/red] {escape(str(exc))}")
            continue
        except RecordError as exc:
            console.print(f"[red]✗ not saved, so not played:[/red] {escape(str(exc))}")
            continue
        if reply.quit:
            break
        if reply.help:
            console.print(escape(help_text()))
        elif reply.undone:
            console.print(f"  undone: {escape(reply.entry.TYPE)} by {reply.entry.seat}")
        elif reply.message:
            console.print(f"  {escape(reply.message)}")
        if reply.ruling is not None:
            for text in ruling_lines(reply.ruling):
                console.print(f"  {escape(text)}")
        if reply.ruling is not None or reply.undone or reply.show_status:
            for text in status_lines(session.match, session.record.header):
                console.print(text)
    n = len(session.record.entries)
    console.print(f"saved {escape(str(session.path))} ({n} entr{'y' if n == 1 else 'ies'})")


@umpire_app.command("new")
def new(record: Path = typer.Argument(..., help="The record file to create (JSON).")) -> None:
    """Start a match: asks for the rules, players, header and toss, then scores stroke by stroke."""
    from carrom.records.errors import RecordError
    from carrom.records.session import Session

    if record.exists():
        _fail(f"{record} already exists; carry it on with `carrom umpire resume {record}` or choose another name")
    console = Console(highlight=False)
    ask = _Asker(console)
    try:
        header = _ask_header(ask)
    except _EndOfInput:
        _fail("input ended before the match was set up; nothing saved")
    try:
        session = Session.start(header, record)
    except RecordError as exc:
        _fail(str(exc))
    console.print(f"saved {escape(str(record))}; play")
    _loop(session, console, ask)


@umpire_app.command("resume")
def resume(record: Path = typer.Argument(..., help="The record file to carry on (JSON).")) -> None:
    """Carry on a saved match from its last entry."""
    from carrom.records.errors import RecordError
    from carrom.records.session import Session

    try:
        session = Session.resume(record)
    except RecordError as exc:
        _fail(f"{record}: {exc}" if exc.path else str(exc))
    console = Console(highlight=False)
    _loop(session, console, _Asker(console))


def register(app: typer.Typer) -> None:
    app.add_typer(umpire_app, name="umpire")
