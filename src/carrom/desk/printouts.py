"""The desk's printouts as A4 PDFs (fpdf2, the scorecard's library), in the reader's language: a round's pairings
with their tables, the round's scorecards pre-filled (ICF XIX: tournament, event, round, match, table, umpire,
players; with a public URL, each table's QR code, carrom.desk.table_code), the standings, the knockout bracket and the
prize list. ``carrom tournament print`` and the web desk's Print button both call ``printout``.
"""

from __future__ import annotations

import io
from typing import Callable

from fpdf import FPDF
from pypdf import PdfReader, PdfWriter

from carrom.desk.service import prizes_method, scorecard_header
from carrom.desk.table_code import qr_png
from carrom.i18n import Translator
from carrom.records.record import Record
from carrom.records.scorecard.build import build_card
from carrom.records.scorecard.pdf import _font, card_pdf
from carrom.records.tablet import header_from_dict
from carrom.rules.message import say
from carrom.tournament import DeskError, Event, standings
from carrom.tournament.championship import Prizes, event_prizes

KINDS = ("pairings", "scorecards", "standings", "bracket", "prizes")
KNOCKOUT = ("knockout", "third", "final")


class _Sheet:
    """An A4 page in the scorecard's font, with a title and rows of cells."""

    def __init__(self, title: str, subtitle: str, landscape: bool = False) -> None:
        self.pdf = FPDF(orientation="L" if landscape else "P", unit="mm", format="A4")
        self.pdf.set_title(title)
        self.pdf.set_creator("carrom")
        self.pdf.set_auto_page_break(auto=True, margin=12)
        self.pdf.set_margins(14, 12, 14)
        self.pdf.add_page()
        self.family, self.unicode = _font(self.pdf)
        self.width = self.pdf.w - self.pdf.l_margin - self.pdf.r_margin
        self.font(16, True)
        self.pdf.cell(self.width, 9, self.text(title), new_x="LMARGIN", new_y="NEXT")
        self.font(10)
        self.pdf.cell(self.width, 6, self.text(subtitle), new_x="LMARGIN", new_y="NEXT")
        self.pdf.ln(3)

    def text(self, value: object) -> str:
        s = "" if value is None else str(value)
        return s if self.unicode else s.encode("latin-1", "replace").decode("latin-1")

    def font(self, size: float, bold: bool = False) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)

    def row(self, widths, values, *, bold: bool = False, fill: bool = False, height: float = 7,
            aligns: tuple[str, ...] = ()) -> None:
        self.font(10, bold)
        self.pdf.set_fill_color(235, 235, 235)
        for i, (w, v) in enumerate(zip(widths, values)):
            text = self.text(v)
            while self.pdf.get_string_width(text) > w - 2 and len(text) > 1:
                text = text[:-2] + "…" if self.unicode else text[:-1]
            self.pdf.cell(w, height, text, border=1, fill=fill, align=aligns[i] if i < len(aligns) else "L")
        self.pdf.ln()

    def bytes(self) -> bytes:
        return bytes(self.pdf.output())


def _names(event: Event, cid: int | None) -> str:
    return "" if cid is None else " & ".join(event.names(cid))


def _round(event: Event, number: int | None) -> int:
    number = number or event.current_round
    if not number or not event.round_matches(number):
        raise DeskError(say('no round {number_or_1} to print', number_or_1=number or 1))
    return number


def pairings(event: Event, tr: Translator, number: int | None = None, extra: dict | None = None) -> bytes:
    number = _round(event, number)
    sheet = _Sheet(event.name, tr.gettext("Pairings") + " · " + tr.gettext("Round {n}", n=number))
    w = sheet.width
    widths = (18, (w - 58) / 2, (w - 58) / 2, 40)
    sheet.row(widths, (tr.gettext("Table"), tr.gettext("Players"), "", tr.gettext("Result")), bold=True, fill=True)
    for m in event.round_matches(number):
        result = ""
        if m.result is not None:
            result = tr.gettext("walkover") if m.result.walkover else "  ".join(f"{a}-{b}" for a, b in m.result.games)
        second = tr.gettext("bye") if m.side2 is None else _names(event, m.side2)
        sheet.row(widths, (m.table, _names(event, m.side1), second, result), height=9, aligns=("C",))
    return sheet.bytes()


def _code_stamp(width: float, height: float, link: str, caption: str) -> PdfReader:
    """A page of ``width`` x ``height`` points with only the QR code of ``link`` in its top right corner and
    ``caption`` under it, to lay over a scorecard's first page."""
    pdf = FPDF(unit="pt", format=(width, height))
    pdf.set_auto_page_break(False)
    pdf.add_page()
    family, unicode = _font(pdf)
    side = 62  # points: 22 mm, read by a phone from a metre
    x, y = width - side - 14, 8
    pdf.image(io.BytesIO(qr_png(link)), x=x, y=y, w=side, h=side)
    pdf.set_font(family, "", 6)
    pdf.set_xy(x - 20, y + side)
    pdf.cell(side + 20, 8, caption if unicode else caption.encode("latin-1", "replace").decode("latin-1"), align="C")
    return PdfReader(io.BytesIO(bytes(pdf.output())))


def scorecards(event: Event, tr: Translator, number: int | None = None, extra: dict | None = None,
               codes: Callable[[int], str] | None = None) -> bytes:
    """One scorecard a table of the round, its header filled in as the tablet's is; with ``codes`` (a table's
    number to its page's address, carrom.desk.table_code.table_link), the table's QR code in its top right corner."""
    number = _round(event, number)
    out = PdfWriter()
    for m in event.round_matches(number):
        if m.side2 is None:
            continue
        record = Record(header_from_dict(scorecard_header(event, extra or {}, m)))
        first = len(out.pages)
        out.append(io.BytesIO(card_pdf(build_card(record, tr))))
        if codes is not None:
            page = out.pages[first]
            stamp = _code_stamp(float(page.mediabox.width), float(page.mediabox.height), codes(m.table),
                                tr.gettext("Table {table}: scan to follow", table=m.table))
            page.merge_page(stamp.pages[0])
    if not len(out.pages):
        raise DeskError(say('round {number} has no match to score', number=number))
    buffer = io.BytesIO()
    out.write(buffer)
    return buffer.getvalue()


def standings_sheet(event: Event, tr: Translator, number: int | None = None, extra: dict | None = None) -> bytes:
    sheet = _Sheet(event.name, tr.gettext("Standings") + (f" · {tr.gettext('Round {n}', n=event.current_round)}"
                                                          if event.current_round else ""))
    w = sheet.width
    widths = (12, w - 12 - 4 * 24, 24, 24, 24, 24)
    sheet.row(widths, ("#", tr.gettext("Players"), tr.gettext("Points"), tr.gettext("Buchholz"),
                       tr.gettext("Net score"), tr.gettext("Total score")), bold=True, fill=True)
    for r in standings(event):
        name = _names(event, r.competitor) + (f" ({tr.gettext('withdrawn')})" if r.retired else "")
        sheet.row(widths, (r.rank, name, r.points, r.buchholz, r.net_score, r.total_score),
                  aligns=("R", "L", "R", "R", "R", "R"))
    return sheet.bytes()


def bracket(event: Event, tr: Translator, number: int | None = None, extra: dict | None = None) -> bytes:
    """The knockout's rounds side by side, each match a box with its winner in bold."""
    rounds = sorted({m.round for m in event.matches if m.stage in KNOCKOUT})
    if not rounds:
        raise DeskError(say('this event has no knockout to print'))
    sheet = _Sheet(event.name, tr.gettext("Bracket"), landscape=True)
    pdf = sheet.pdf
    col = min(70.0, (sheet.width - 6 * (len(rounds) - 1)) / len(rounds))
    top = pdf.get_y()
    height = pdf.h - top - 16
    for k, number in enumerate(rounds):
        x = pdf.l_margin + k * (col + 6)
        matches = sorted((m for m in event.round_matches(number) if m.stage in KNOCKOUT), key=lambda m: m.table)
        sheet.font(10, True)
        pdf.set_xy(x, top)
        pdf.cell(col, 6, sheet.text(tr.gettext("Round {n}", n=number)))
        step = (height - 8) / max(1, len(matches))
        for i, m in enumerate(matches):
            y = top + 8 + i * step + max(0.0, (step - 14) / 2)
            winner = m.winner()
            if m.stage == "third":  # beside the final: says what it is
                sheet.font(8)
                pdf.set_xy(x, y - 5)
                pdf.cell(col, 5, sheet.text(tr.gettext("A match for third place")))
            for j, cid in enumerate((m.side1, m.side2)):
                name = tr.gettext("bye") if cid is None else _names(event, cid)
                if m.result is not None and cid is not None:
                    won = sum(1 for g in m.result.games if (g[0] > g[1]) == (j == 0) and g[0] != g[1])
                    name = f"{name}  {won}"
                sheet.font(9, cid is not None and cid == winner)
                pdf.set_xy(x, y + j * 7)
                text = sheet.text(name)
                while pdf.get_string_width(text) > col - 2 and len(text) > 1:
                    text = text[:-2] + "…" if sheet.unicode else text[:-1]
                pdf.cell(col, 7, text, border=1)
    return sheet.bytes()


def prizes(event: Event, tr: Translator, number: int | None = None, extra: dict | None = None) -> bytes:
    """The final places: the standings' order (the finals and the knockout decide the first places); for a closed
    event of a championship, each place's prize by the championship's method (none shown for SoL's ``asis``, whose
    prizes are the places themselves)."""
    sheet = _Sheet(event.name, tr.gettext("Prize list"))
    w = sheet.width
    fields = (extra or {}).get("championship")
    method = prizes_method(fields) if fields else None
    given = event_prizes(event, method) if method not in (None, Prizes.ASIS) and event.closed \
        and not (extra or {}).get("prized") else {}  # (a tourney SoL prized: SoL's own list has its prizes)
    if given:
        widths = (20, w - 20 - 80, 40, 40)
        sheet.row(widths, ("#", tr.gettext("Players"), tr.gettext("Points"), tr.gettext("Prize")), bold=True,
                  fill=True)
    else:
        widths = (20, w - 20 - 50, 50)
        sheet.row(widths, ("#", tr.gettext("Players"), tr.gettext("Points")), bold=True, fill=True)
    for r in standings(event):
        row = (r.rank, _names(event, r.competitor), r.points)
        if given:
            row += (tr.number(given[r.competitor]),)
        sheet.row(widths, row, height=9, aligns=("C", "L", "R", "R"))
    return sheet.bytes()


PRINTOUTS: dict[str, Callable[..., bytes]] = {"pairings": pairings, "scorecards": scorecards,
                                               "standings": standings_sheet, "bracket": bracket, "prizes": prizes}


def printout(event: Event, what: str, tr: Translator, number: int | None = None, extra: dict | None = None,
             codes: Callable[[int], str] | None = None) -> bytes:
    """The printout ``what`` (one of ``KINDS``) of the event, as PDF bytes in ``tr``'s language; ``codes``: a table's
    number to the address its QR code on the scorecards leads to (none: no codes)."""
    if what not in PRINTOUTS:
        raise DeskError(say('a printout is one of {join_KINDS}, not {what}', join_KINDS=', '.join(KINDS), what=repr(what)))
    if what == "scorecards":
        return scorecards(event, tr, number, extra, codes)
    return PRINTOUTS[what](event, tr, number, extra)
