"""``carrom replay RECORD``: the match stroke by stroke, each ruling with its law, and the score."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from carrom.cli.common import LANG_HELP, fail as _fail, words
from carrom.i18n import N_
from rich.console import Console
from rich.markup import escape


def replay(
    record: Path = typer.Argument(..., help=N_("The match record (JSON, docs/record-format.md).")),
    as_json: bool = typer.Option(False, "--json", help=N_("One JSON document of every step, for machines.")),
    lang: str = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    from carrom.records import RecordError, load_record
    from carrom.records.describe import entry_text, final_lines, named_ruling, ruling_lines, score_text, step_json

    try:
        rec = load_record(record, replay=False)
        result = rec.replay()
    except RecordError as exc:
        _fail(f"{record}: {exc}" if exc.path else str(exc))
    header = rec.header
    tr = words(lang, header.language)
    if as_json:
        doc = {"record": str(record), "steps": [step_json(s) for s in result.steps],
               "final": final_lines(result.match, header, as_data=True), "comments": header.comments}
        typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))
        return
    console = Console(highlight=False)
    players = ", ".join(f"{s} {p.name}" for s, p in header.players.items())
    console.print(f"[bold]{escape(header.event.tournament or tr.gettext('Match'))}[/bold] · "
                  + escape(tr.gettext("rules {variant} · {kind} · {players}", variant=header.variant, kind=header.kind,
                                      players=players)))
    current, sits = None, None  # where the players sit before each step (ICF 58-60): the record's seats at first
    for step in result.steps:
        if (step.game, step.board) != current:
            current = (step.game, step.board)
            console.rule(escape(tr.gettext("game {game}, board {board}", game=step.game + 1, board=step.board + 1)))
        console.print(f"[bold]{step.index + 1:>3}[/bold] {escape(entry_text(step.entry, header, tr, sits))}")
        for text in ruling_lines(named_ruling(step.ruling, header, sits, step.after.sits), tr):  # players named
            console.print(f"      {escape(text)}")
        sits = step.after.sits
        if step.entry.note:
            console.print(f"      [italic]{escape(tr.gettext('note: {note}', note=step.entry.note))}[/italic]")
        console.print(f"      [dim]{escape(score_text(step.after, header, tr))}[/dim]")
    console.rule(escape(tr.gettext("result")))
    for text in final_lines(result.match, header, tr=tr):
        console.print(escape(text))
    if header.comments:
        console.print(escape(tr.gettext("umpire's comments: {comments}", comments=header.comments)))


def register(app: typer.Typer) -> None:
    app.command("replay",
                help=N_("Replay a match record through the referee and print every ruling and the running score."))(replay)
