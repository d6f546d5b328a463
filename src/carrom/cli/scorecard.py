"""``carrom scorecard RECORD``: the official scorecard (ICF XIX) as text, HTML, PDF or CSV."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from carrom.cli.common import LANG_HELP, fail as _fail, words, write_file as _write
from carrom.i18n import N_


def _print(card, card_tr) -> None:
    """The card on the terminal, with the same labels as the HTML, PDF and CSV outputs."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from carrom.records.scorecard.model import Card

    assert isinstance(card, Card)
    w = card.words
    console = Console(highlight=False)
    console.print(f"[bold]{escape(w.title)}[/bold] · {escape(w.subtitle)} · {escape(w.rules.format(variant=card.variant))}")
    for label, value in card.header:
        if value:
            console.print(f"  {label}: {escape(value)}")
    for k, side in enumerate(card.sides):
        console.print(f"  {w.sides[k]}: " + escape(" · ".join(line for line in card.side_lines(k) if not line.endswith(": "))))
    for game in card.games:
        times = " · ".join(f"{label} {value}" for label, value in zip(w.game_columns[1:], (game.started, game.ended))
                           if value)
        table = Table(title=f"{w.game_columns[0]} {game.number}" + (f" · {times}" if times else ""))
        for label in w.board_columns[1:]:
            table.add_column(label, justify="right" if label != w.board_columns[2] else "left")
        for k, side in enumerate(card.sides):
            for n, label in enumerate(w.side_columns[k]):
                table.add_column((f"{w.sides[k]}: {escape(side.name)}\n" if n == 0 else "\n") + label, justify="right")
        for row in game.boards:
            table.add_row(str(row.number), escape(row.breaker), str(row.queen[0]), str(row.coins[0]),
                          str(row.totals[0]), str(row.queen[1]), str(row.coins[1]), str(row.totals[1]))
        console.print(table)
        if game.winner is not None:
            console.print("  " + escape(card_tr.gettext("game {game} won by {side}", game=game.number,
                                                        side=card.sides[game.winner].name)))
    for label, value in card.closing():
        if value:
            console.print(f"{label}: {escape(value)}")


def scorecard(
    record: Path = typer.Argument(..., help=N_("The match record (JSON, docs/record-format.md).")),
    html: Optional[Path] = typer.Option(None, "--html", help=N_("Write a printable HTML page here.")),
    pdf: Optional[Path] = typer.Option(None, "--pdf", help=N_("Write an A4 PDF here.")),
    csv: Optional[Path] = typer.Option(None, "--csv", help=N_("Write one CSV row per board here.")),
    lang: Optional[str] = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    from carrom.records import RecordError, load_record
    from carrom.records.scorecard.build import build_card

    words(lang)  # a language carrom does not speak is refused first
    try:
        loaded = load_record(record)
    except RecordError as exc:
        _fail(f"{record}: {exc}" if exc.path else str(exc))
    card = build_card(loaded, words(lang, loaded.header.language))
    if html is None and pdf is None and csv is None:
        _print(card, words(lang, loaded.header.language))
        return
    if html is not None:
        from carrom.records.scorecard.html import card_html

        _write(html, card_html(card).encode("utf-8"), "HTML scorecard")
    if pdf is not None:
        from carrom.records.scorecard.pdf import card_pdf

        _write(pdf, card_pdf(card), "PDF scorecard")
    if csv is not None:
        from carrom.records.scorecard.csv import card_csv

        _write(csv, card_csv(card).encode("utf-8"), "CSV scorecard")


def register(app: typer.Typer) -> None:
    app.command("scorecard",
                help=N_("The official scorecard (ICF XIX) of a match record; printed unless --html/--pdf/--csv."))(scorecard)
