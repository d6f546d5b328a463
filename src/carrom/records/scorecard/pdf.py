"""The scorecard as a one-page A4 PDF (fpdf2), laid out like the ICF form (XIX).

Uses DejaVu Sans when the system has it, so any player's name prints; otherwise the PDF
core font Helvetica, which knows only Latin-1, and other characters become "?".
"""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from carrom.records.scorecard.model import BOARDS_PER_GAME, GAMES_PER_MATCH, Card

_FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/TTF"), Path("/Library/Fonts"))


def _font(pdf: FPDF) -> tuple[str, bool]:
    """(family, unicode?) — DejaVu Sans if found on disk, else Helvetica."""
    for d in _FONT_DIRS:
        regular, bold = d / "DejaVuSans.ttf", d / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            pdf.add_font("DejaVu", "", str(regular))
            pdf.add_font("DejaVu", "B", str(bold))
            return "DejaVu", True
    return "Helvetica", False


def card_pdf(card: Card) -> bytes:
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_title(card.title)
    pdf.set_creator("carrom")
    pdf.set_auto_page_break(auto=True, margin=10)
    pdf.set_margins(12, 10, 12)
    pdf.add_page()
    family, uni = _font(pdf)

    def t(value: object) -> str:
        s = "" if value is None else str(value)
        return s if uni else s.encode("latin-1", "replace").decode("latin-1")

    def font(size: float, bold: bool = False) -> None:
        pdf.set_font(family, "B" if bold else "", size)

    width = pdf.w - pdf.l_margin - pdf.r_margin
    font(15, True)
    pdf.cell(width, 8, "SCORECARD", align="C", new_x="LMARGIN", new_y="NEXT")
    font(8)
    pdf.cell(width, 5, t(f"Official scorecard, ICF laws part XIX - rules: {card.variant}"), align="C",
             new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)

    half = width / 2
    fields = list(card.fields)
    for i in range(0, len(fields), 2):
        for label, value in fields[i:i + 2]:
            font(8.5, True)
            lw = min(pdf.get_string_width(t(label) + ": ") + 2, half * 0.6)
            pdf.cell(lw, 5.5, t(label) + ":")
            font(8.5)
            pdf.cell(half - lw - 2, 5.5, t(value), border="B")
            pdf.cell(2, 5.5, "")
        pdf.ln(6.5)
    pdf.ln(2)

    a, b = card.sides
    games = {g.number: g for g in card.games}
    cols = (16, 22, 22, (width - 60) / 2, (width - 60) / 2)
    font(8, True)
    pdf.set_fill_color(235, 235, 235)
    for w, h in zip(cols, ("Game no.", "Start", "End", "Player(s) (1)", "Player(s)")):
        pdf.cell(w, 6, h, border=1, align="C", fill=True)
    pdf.ln()
    font(8.5)
    for n in range(1, GAMES_PER_MATCH + 1):
        g = games.get(n)
        left = (f"Name: {a.name}", f"Team: {a.team}", "")[n - 1]
        right = (f"Name: {b.name}", f"Team: {b.team}", "")[n - 1]
        for w, v, al in zip(cols, (n, g.started if g else "", g.ended if g else "", left, right),
                            ("C", "C", "C", "L", "L")):
            pdf.cell(w, 6, t(v), border=1, align=al)
        pdf.ln()
    pdf.ln(3)

    score_cols = (14, 14, width - 28 - 6 * 19) + (19,) * 6
    font(8, True)
    pdf.cell(score_cols[0] + score_cols[1] + score_cols[2], 6, "", border=0)
    pdf.cell(3 * 19, 6, t(a.name), border=1, align="C", fill=True)
    pdf.cell(3 * 19, 6, t(b.name), border=1, align="C", fill=True)
    pdf.ln()
    heads = ("Game", "Board", "Break", "Queen (2)", "Coins (3)", "Total (4)", "Queen (5)", "Coins (6)", "Total (7)")
    for w, h in zip(score_cols, heads):
        pdf.cell(w, 6, h, border=1, align="C", fill=True)
    pdf.ln()
    font(8.5)
    for n in range(1, max(GAMES_PER_MATCH, len(card.games)) + 1):
        g = games.get(n)
        rows = {r.number: r for r in g.boards} if g else {}
        for i in range(1, BOARDS_PER_GAME + 1):
            r = rows.get(i)
            values = [n if i == 1 else "", i]
            if r is None:
                values += [""] * 7
            else:
                values += [r.breaker, r.queen[0], r.coins[0], r.totals[0], r.queen[1], r.coins[1], r.totals[1]]
            border = "LR" + ("T" if i == 1 else "") + ("B" if i == BOARDS_PER_GAME else "")
            for k, (w, v) in enumerate(zip(score_cols, values)):
                pdf.cell(w, 5, t(v), border=border if k == 0 else 1, align="L" if k == 2 else "C")
            pdf.ln()
    pdf.ln(3)

    lines = (("Umpire's comments", card.comments),
             ("Games won", f"{a.name} {card.games_won[0]} - {card.games_won[1]} {b.name}"),
             ("Match won by", card.winner_name))
    for label, value in lines:
        font(8.5, True)
        pdf.cell(35, 6, label + ":")
        font(8.5)
        pdf.multi_cell(width - 35, 6, t(value) or " ", border="B", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(12)
    font(8)
    y = pdf.get_y()
    pdf.line(pdf.l_margin, y, pdf.l_margin + half - 8, y)
    pdf.line(pdf.l_margin + half + 8, y, pdf.l_margin + width, y)
    loser = f"Signature of the loser ({card.loser_name})" if card.loser_name else "Signature of the loser"
    pdf.cell(half + 8, 5, t(loser))
    pdf.cell(half - 8, 5, "Signature of the umpire", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    font(7)
    pdf.multi_cell(width, 3.6, t(
        "(1) The player(s) who broke first in the match are entered first. (2) and (5) Three points to the side that "
        "covered the queen and won the board (ICF 52 b i, 53 b, 54), zero in the other column. (3) and (6) The "
        "opponent's coins left on the board at its end (ICF 53 a), zero in the other column. (4) and (7) The side's "
        "total points in the game, entered at the end of each board (ICF 55, 56 a)."))
    return bytes(pdf.output())
