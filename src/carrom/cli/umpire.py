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

    def ask(self, question: str, default: str = "", choices: tuple[str, ...] = (), required: bool = False,
            field: str | None = None) -> str:
        """One answer, asked again until valid; ``field`` names the header check the loader applies too."""
        from carrom.records.errors import RecordError
        from carrom.records.header import check

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
            if field is not None and answer:
                try:
                    check(field, answer)
                except RecordError as exc:
                    self.console.print(f"[red]✗[/red] {escape(exc.problem)}")
                    continue
            return answer.lower() if choices else answer

    def confirm(self, question: str) -> bool:
        """Yes or no (y, n), asked again until it is one of them."""
        while True:
            answer = self.line(escape(f"{question} (yes/no): ")).strip().lower()
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            self.console.print(f"[red]✗[/red] {escape(answer or 'nothing')}: answer yes or no")


class _EndOfInput(Exception):
    pass


def _blank(now: datetime) -> str:
    return ""


# The scorecard's header fields (ICF XIX) in the order asked: (Event field, question, default)
EVENT_QUESTIONS = (
    ("tournament", "Championship/tournament", _blank), ("event", "Event", _blank), ("round", "Round", _blank),
    ("match", "Match no.", _blank), ("date", "Date (YYYY-MM-DD)", lambda now: now.strftime("%Y-%m-%d")),
    ("time", "Time (HH:MM)", lambda now: now.strftime("%H:%M")), ("venue", "Venue", _blank),
    ("table", "Table (board) no.", _blank), ("umpire", "Umpire", _blank), ("chief_umpire", "Chief umpire", _blank),
)


def _ask_header(ask: _Asker):
    """Everything the scorecard's header needs (ICF XIX), then the toss (ICF 39) and the breaker (ICF 42)."""
    from carrom.records.header import OPPOSITE, SEATS, Event, Header, Player, Toss
    from carrom.records.referee import VARIANTS

    variant = ask.ask("Rules", "icf", VARIANTS)
    kind = ask.ask("Singles or doubles", "singles", ("singles", "doubles"))
    seats = ("south", "north") if kind == "singles" else SEATS
    players = {}
    for seat in seats:
        name = ask.ask(f"{seat.capitalize()} player's name", required=True, field="name")
        team = ask.ask(f"{seat.capitalize()} player's team or club (Enter for none)", field="team")
        players[seat] = Player(name, team or None)
    ask.console.print("The scorecard's header (Enter leaves a field blank):")
    now = datetime.now()
    event = Event(**{name: ask.ask(question, default(now), field=name) or None
                     for name, question, default in EVENT_QUESTIONS})
    winner = ask.ask("Toss won by (seat)", seats[0], tuple(seats))
    choice = ask.ask("The toss winner chose", "break", ("break", "side"))
    pair = (winner,) if kind == "singles" else (winner, OPPOSITE[winner])
    # ICF 39 a, c: the winner's choice is theirs; the other party has the other one (docs/texts.md §2)
    options = tuple(s for s in seats if (s in pair) == (choice == "break"))
    first = options[0] if len(options) == 1 else ask.ask("Who breaks first", options[0], options)
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
            question = session.confirm_question(typed)
            if question is not None and not ask.confirm(question):
                console.print("  not entered")
                continue
            reply = session.enter(typed)
        except _EndOfInput:
            console.print()
            break
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

    try:
        Session.check_new_path(record)
    except RecordError as exc:
        _fail(str(exc))
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
