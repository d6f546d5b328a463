"""``carrom umpire new|resume RECORD``: score a real match at the board, keystroke by keystroke.

The session (``carrom.records.session``) does the work; this module only asks and prints,
reading stdin line by line so a script can drive it. docs/umpire.md has the notation.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import typer

from carrom.cli.common import LANG_HELP, fail as _fail, words
from carrom.i18n import N_, Translator
from rich.console import Console
from rich.markup import escape

umpire_app = typer.Typer(help=N_("Score a real match: the umpire types what happened, the referee rules."),
                         no_args_is_help=True)


class _Asker:
    """Prompts on the console, answers from stdin; end of input is a clean stop, not a traceback."""

    def __init__(self, console: Console, tr: Translator) -> None:
        self.console = console
        self.tr = tr

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

        tr = self.tr
        hint = f" ({'/'.join(choices)})" if choices else ""
        shown = f" [{default}]" if default else ""
        while True:
            answer = self.line(escape(f"{tr.gettext(question)}{hint}{shown}: ")).strip() or default
            if choices and answer.lower() not in choices:
                self.console.print("[red]✗[/red] " + escape(tr.gettext("{answer}: choose one of {choices}",
                                   answer=answer or tr.gettext("nothing"), choices=", ".join(choices))))
                continue
            if required and not answer:
                self.console.print("[red]✗[/red] " + escape(tr.gettext("this one is needed")))
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
            self.console.print("[red]✗[/red] " + escape(self.tr.gettext("{answer}: answer yes or no",
                                                                        answer=answer or self.tr.gettext("nothing"))))


class _EndOfInput(Exception):
    pass


def _blank(now: datetime) -> str:
    return ""


# The scorecard's header fields (ICF XIX) in the order asked: (Event field, question, default)
EVENT_QUESTIONS = (
    ("tournament", N_("Championship/tournament"), _blank), ("event", N_("Event"), _blank), ("round", N_("Round"), _blank),
    ("match", N_("Match no."), _blank), ("date", N_("Date (YYYY-MM-DD)"), lambda now: now.strftime("%Y-%m-%d")),
    ("time", N_("Time (HH:MM)"), lambda now: now.strftime("%H:%M")), ("venue", N_("Venue"), _blank),
    ("table", N_("Table (board) no."), _blank), ("umpire", N_("Umpire"), _blank),
    ("chief_umpire", N_("Chief umpire"), _blank),
)


def _choices(ask: _Asker, rows: list[tuple[str, Any, str]]) -> None:
    """The choices of a question from their table: each key to type, its name in the reader's words, its law."""
    for key, title, law in rows:
        ask.console.print(escape(f"  {key:<14} {ask.tr.message(title)} ({law})"))


def _ask_header(ask: _Asker, language: str | None = None):
    """Everything the scorecard's header needs (ICF XIX), then the toss (ICF 39) and the breaker (ICF 42)."""
    from carrom.records.header import KIND_SEATS, KINDS, OPPOSITE, SEATS, Event, Header, Player, Toss
    from carrom.rules import RULESETS

    tr = ask.tr
    _choices(ask, [(r.name, r.title, r.law) for r in RULESETS.values()])  # the referee's one table of rulesets
    variant = ask.ask(N_("Rules"), "icf", tuple(RULESETS))
    stages = RULESETS[variant].stage_choices  # a ruleset whose rounds are all alike asks for no stage
    kind = ask.ask(N_("Singles or doubles"), "singles", KINDS)
    seats = KIND_SEATS[kind]
    players = {}
    for seat in seats:
        name = ask.ask(tr.gettext("{seat} player's name", seat=tr.seat(seat)), required=True, field="name")
        team = ask.ask(tr.gettext("{seat} player's team or club (Enter for none)", seat=tr.seat(seat)), field="team")
        players[seat] = Player(name, team or None)
    ask.console.print(escape(tr.gettext("The scorecard's header (Enter leaves a field blank):")))
    now = datetime.now()
    answers: dict[str, str | None] = {}
    stage = "early"
    for name, question, default in EVENT_QUESTIONS:
        answers[name] = ask.ask(question, default(now), field=name) or None
        if name == "round" and len(stages) > 1:  # no 8-board limit, side change at 13 (ICF 56 b, 60 b)
            _choices(ask, [(s.value, s.title, s.law) for s in stages])
            stage = ask.ask(N_("Stage: early round, or quarter-final or later"), "early", tuple(s.value for s in stages))
    event = Event(**answers)
    winner = ask.ask(N_("Toss won by (seat)"), seats[0], tuple(seats))
    choice = ask.ask(N_("The toss winner chose"), "break", ("break", "side"))
    pair = (winner,) if kind == "singles" else (winner, OPPOSITE[winner])
    # ICF 39 a, c: the winner's choice is theirs; the other party has the other one (docs/texts.md §2)
    options = tuple(s for s in seats if (s in pair) == (choice == "break"))
    first = options[0] if len(options) == 1 else ask.ask(N_("Who breaks first"), options[0], options)
    return Header(variant=variant, kind=kind, players=players, first_breaker=first, toss=Toss(winner, choice),
                  event=event, language=language, stage=stage)


def _loop(session, console: Console, ask: _Asker) -> None:
    from carrom.records.describe import help_text, ruling_lines, status_lines, turn_prompt
    from carrom.records.errors import RecordError
    from carrom.records.session import SessionError

    tr = session.words
    for line in status_lines(session.match, session.record.header, tr):
        console.print(line)
    while True:
        try:
            typed = ask.line(turn_prompt(session.match, session.record.header, tr))
        except _EndOfInput:
            console.print()
            break
        try:
            question = session.confirm_question(typed)
            if question is not None and not ask.confirm(question):
                console.print("  " + escape(tr.gettext("not entered")))
                continue
            reply = session.enter(typed)
        except _EndOfInput:
            console.print()
            break
        except SessionError as exc:
            console.print(f"[red]✗[/red] {escape(str(exc))}")
            continue
        except RecordError as exc:
            console.print(f"[red]✗ {escape(tr.gettext('not saved, so not played:'))}[/red] {escape(str(exc))}")
            continue
        if reply.quit:
            break
        if reply.help:
            console.print(escape(help_text(tr)))
        elif reply.message:
            console.print(f"  {escape(reply.message)}")
        if reply.ruling is not None:
            for text in ruling_lines(reply.ruling, tr):
                console.print(f"  {escape(text)}")
        if reply.ruling is not None or reply.undone or reply.show_status:
            for text in status_lines(session.match, session.record.header, tr):
                console.print(text)
    n = len(session.record.entries)
    console.print(escape(tr.ngettext("saved {path} ({n} entry)", "saved {path} ({n} entries)", n, path=str(session.path))))


@umpire_app.command("new", help=N_("Start a match: asks for the rules, players, header and toss, then scores stroke by stroke."))
def new(record: Path = typer.Argument(..., help=N_("The record file to create (JSON).")),
        lang: str = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from carrom.records.errors import RecordError
    from carrom.records.session import Session

    tr = words(lang)
    try:
        Session.check_new_path(record)
    except RecordError as exc:
        _fail(str(exc))
    console = Console(highlight=False)
    ask = _Asker(console, tr)
    try:
        header = _ask_header(ask, tr.lang if lang is not None else None)
    except _EndOfInput:
        _fail(tr.gettext("input ended before the match was set up; nothing saved"))
    try:
        session = Session.start(header, record, words=tr)
    except RecordError as exc:
        _fail(str(exc))
    console.print(escape(tr.gettext("saved {path}; play", path=str(record))))
    _loop(session, console, ask)


@umpire_app.command("resume", help=N_("Carry on a saved match from its last entry."))
def resume(record: Path = typer.Argument(..., help=N_("The record file to carry on (JSON).")),
           lang: str = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from carrom.records.errors import RecordError
    from carrom.records.session import Session

    words(lang)  # a language carrom does not speak is refused before the record is read
    try:
        session = Session.resume(record)
    except RecordError as exc:
        _fail(f"{record}: {exc}" if exc.path else str(exc))
    session.words = tr = words(lang, session.record.header.language)
    console = Console(highlight=False)
    _loop(session, console, _Asker(console, tr))


def register(app: typer.Typer) -> None:
    app.add_typer(umpire_app, name="umpire")
