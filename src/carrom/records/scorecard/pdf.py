"""The scorecard as an A4 PDF (fpdf2), laid out like the ICF form (XIX).

One page for a match of games of up to eight boards; the games of a quarter-final or later
can be longer (ICF 56 b), and every board is printed: the board table goes on over the next
page with its column headings again, and the closing lines and signatures are never split.

Uses DejaVu Sans when the system has it, so any player's name prints; otherwise the PDF
core font Helvetica, which knows only Latin-1, and other characters become "?".
Nothing overflows its box: a header value wraps onto up to three lines and then shrinks,
a table cell shrinks to its width, and what still does not fit ends in an ellipsis.
"""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from carrom.records.scorecard.model import GAMES_PER_MATCH, Card, board_lines

_FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/TTF"), Path("/Library/Fonts"))
SIZE = 8.5  # points, the card's body text
SMALLEST = 5.0  # points: below this, text is cut with an ellipsis instead of shrunk further
HEADER_LINES = 3  # a header value wraps onto at most this many lines
LINE = 3.8  # mm per wrapped line of a labelled value
ROW = 4.3  # mm per board line
CLOSING_LINES = 4  # a closing value (comments, result) wraps onto at most this many lines
NOTE_LINE = 3.6  # mm per line of the notes


def _font(pdf: FPDF) -> tuple[str, bool]:
    """(family, unicode?) — DejaVu Sans if found on disk, else Helvetica."""
    for d in _FONT_DIRS:
        regular, bold = d / "DejaVuSans.ttf", d / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            pdf.add_font("DejaVu", "", str(regular))
            pdf.add_font("DejaVu", "B", str(bold))
            return "DejaVu", True
    return "Helvetica", False


class _Page:
    """An A4 page with the card's font and cells that keep their text inside them."""

    def __init__(self, card: Card) -> None:
        pdf = FPDF(orientation="P", unit="mm", format="A4")
        pdf.set_title(card.title)
        pdf.set_creator("carrom")
        pdf.set_auto_page_break(auto=True, margin=10)
        pdf.set_margins(12, 10, 12)
        pdf.add_page()
        self.pdf = pdf
        self.family, self.unicode = _font(pdf)
        self.width = pdf.w - pdf.l_margin - pdf.r_margin

    def text(self, value: object) -> str:
        s = "" if value is None else str(value)
        return s if self.unicode else s.encode("latin-1", "replace").decode("latin-1")

    def font(self, size: float, bold: bool = False) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)

    def _room(self, w: float) -> float:
        return w - 2 * self.pdf.c_margin

    def fitted(self, text: str, w: float, size: float, bold: bool = False) -> tuple[str, float]:
        """(text, size) that fit one line of width ``w``: shrunk first, then cut with an ellipsis."""
        pdf, room = self.pdf, self._room(w)
        self.font(size, bold)
        width = pdf.get_string_width(text)
        if width <= room:
            return text, size
        size = max(SMALLEST, size * room / width)
        pdf.set_font_size(size)
        width = pdf.get_string_width(text)
        if width > room:  # cut near the right length at once, then a character at a time
            text = text[:max(1, int(len(text) * room / width))] + "…"
        while len(text) > 1 and pdf.get_string_width(text) > room:
            text = text[:-2] + "…"
        return text, size

    def cell(self, w: float, h: float, value: object, *, bold: bool = False, size: float = SIZE, **kw) -> None:
        text, fitted = self.fitted(self.text(value), w, size, bold)
        self.font(fitted, bold)
        self.pdf.cell(w, h, text, **kw)
        self.font(size, bold)

    def wrapped(self, value: object, w: float, most: int, size: float = SIZE) -> tuple[list[str], float]:
        """The value's lines in width ``w`` (at most ``most``) and the font size they need."""
        pdf, text = self.pdf, self.text(value)
        while True:
            self.font(size)
            lines = pdf.multi_cell(w, LINE, text, dry_run=True, output="LINES") if text else [""]
            if len(lines) <= most or size <= SMALLEST:
                break
            size = max(SMALLEST, size - 0.5)
        if len(lines) > most:
            lines = lines[:most - 1] + [self.fitted(" ".join(lines[most - 1:]), w, size)[0]]
        return lines, size


def _layout(page: _Page, pairs, columns: int, most: int) -> list[tuple[float, list]]:
    """``label: value`` pairs laid out ``columns`` to a line: each line's height and its cells, before drawing."""
    pdf = page.pdf
    span = page.width / columns
    page.font(SIZE, True)
    label_w = [min(max((pdf.get_string_width(page.text(label) + ":") for label, _ in pairs[k::columns]), default=0)
                   + 2 * pdf.c_margin, span * 0.45) for k in range(columns)]  # values line up below each other
    out = []
    for i in range(0, len(pairs), columns):
        laid = []
        for k, (label, value) in enumerate(pairs[i:i + columns]):
            lw = label_w[k]
            vw = span - lw - 3
            lines, size = page.wrapped(value, vw, most)
            laid.append((pdf.l_margin + k * span, lw, vw, label, lines, size))
        out.append((max(max(len(lines) for *_, lines, _ in laid) * LINE, 5.5), laid))
    return out


def _labelled_rows(page: _Page, pairs, columns: int, most: int = HEADER_LINES) -> None:
    """``label: value`` pairs, ``columns`` to a line; a long value wraps under its own label."""
    pdf = page.pdf
    for height, laid in _layout(page, pairs, columns, most):
        top = pdf.get_y()
        for x, lw, vw, label, lines, size in laid:
            pdf.set_xy(x, top)
            page.cell(lw, LINE, page.text(label) + ":", bold=True)
            page.font(size)
            for n, line in enumerate(lines):
                pdf.set_xy(x + lw, top + n * LINE)
                pdf.cell(vw, LINE, line)
            pdf.line(x + lw, top + height, x + lw + vw, top + height)
        pdf.set_xy(pdf.l_margin, top + height + 1.2)


def card_pdf(card: Card) -> bytes:
    page = _Page(card)
    pdf, width, w = page.pdf, page.width, card.words
    page.cell(width, 8, w.title, bold=True, size=15, align="C", new_x="LMARGIN", new_y="NEXT")
    page.cell(width, 5, f"{w.subtitle} - {w.rules.format(variant=card.variant)}", size=8, align="C", new_x="LMARGIN",
              new_y="NEXT")
    pdf.ln(2)
    _labelled_rows(page, list(card.header), 2)
    pdf.ln(2)

    games = {g.number: g for g in card.games}
    n_games = max(GAMES_PER_MATCH, len(card.games))
    cols = (18, 20, 20, (width - 58) / 2, (width - 58) / 2)
    pdf.set_fill_color(235, 235, 235)
    for cw, h in zip(cols, w.game_columns + w.sides):
        page.cell(cw, 6, h, bold=True, size=8, border=1, align="C", fill=True)
    pdf.ln()
    lines = (card.side_lines(0) + ("",), card.side_lines(1) + ("",))
    for n in range(1, n_games + 1):
        g = games.get(n)
        left, right = (lines[0][n - 1], lines[1][n - 1]) if n <= GAMES_PER_MATCH else ("", "")
        for cw, v, al in zip(cols, (n, g.started if g else "", g.ended if g else "", left, right),
                             ("C", "C", "C", "L", "L")):
            page.cell(cw, 5.5, v, border=1, align=al)
        pdf.ln()
    pdf.ln(2)

    side_w = 19
    score_cols = (18, 18, width - 36 - 6 * side_w) + (side_w,) * 6
    a, b = card.sides

    def headings() -> None:
        pdf.cell(sum(score_cols[:3]), 6, "", border=0)
        for label, side in zip(w.sides, (a, b)):
            page.cell(3 * side_w, 6, f"{label}: {side.name}", bold=True, size=8, border=1, align="C", fill=True)
        pdf.ln()
        for cw, h in zip(score_cols, w.board_columns + w.side_columns[0] + w.side_columns[1]):
            page.cell(cw, 6, h, bold=True, size=8, border=1, align="C", fill=True)
        pdf.ln()

    headings()
    for n in range(1, n_games + 1):
        lines = board_lines(games.get(n))
        for k, (i, r) in enumerate(lines):
            top = k == 0
            if pdf.get_y() + ROW > pdf.page_break_trigger:  # the game goes on over the page, headings again
                pdf.add_page()
                headings()
                top = True
            values = [n if top else "", i]
            if r is None:
                values += [""] * 7
            else:
                values += [r.breaker, r.queen[0], r.coins[0], r.totals[0], r.queen[1], r.coins[1], r.totals[1]]
            last = k == len(lines) - 1 or pdf.get_y() + 2 * ROW > pdf.page_break_trigger
            border = "LR" + ("T" if top else "") + ("B" if last else "")
            won = None if r is None or r.winner is None else (5, 8)[r.winner]  # the board's winner's total, bold
            for col, (cw, v) in enumerate(zip(score_cols, values)):  # as the HTML page marks it
                page.cell(cw, ROW, v, border=border if col == 0 else 1, align="L" if col == 2 else "C", bold=col == won)
            pdf.ln()
    pdf.ln(2)
    closing = list(card.closing())
    page.font(7)
    notes = len(pdf.multi_cell(width, NOTE_LINE, page.text(w.notes), dry_run=True, output="LINES")) * NOTE_LINE
    tail = sum(h + 1.2 for h, _ in _layout(page, closing, 1, CLOSING_LINES)) + 6 + 5 + 2 + notes
    if pdf.get_y() + tail > pdf.page_break_trigger:  # the closing lines, signatures and notes stay together
        pdf.add_page()

    _labelled_rows(page, closing, 1, most=CLOSING_LINES)
    pdf.ln(6)
    half = width / 2
    y = pdf.get_y()
    pdf.line(pdf.l_margin, y, pdf.l_margin + half - 8, y)
    pdf.line(pdf.l_margin + half + 8, y, pdf.l_margin + width, y)
    loser = f"{w.loser_signature} ({card.loser_name})" if card.loser_name else w.loser_signature
    page.cell(half - 8, 5, loser, size=8)
    pdf.set_x(pdf.l_margin + half + 8)
    page.cell(half - 8, 5, w.umpire_signature, size=8, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    page.font(7)
    pdf.multi_cell(width, NOTE_LINE, page.text(w.notes))
    return bytes(pdf.output())
