"""The scorecard as one standalone, printable HTML page laid out like the ICF form (XIX).

Inline CSS only, A4 portrait, well-formed XML (every tag closed, no named entities) so the
same page can be checked by an XML parser. Each game prints the board lines of
``model.board_lines``: eight as on the paper card, an unplayed board a blank line an umpire
can still fill in, and every board played beyond them (ICF 56 b).
"""

from __future__ import annotations

from html import escape

from carrom.records.scorecard.model import GAMES_PER_MATCH, Card, GameCard, board_lines

CSS = """
@page { size: A4 portrait; margin: 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 10pt; color: #000;
       background: #fff; margin: 0 auto; max-width: 190mm; }
h1 { font-size: 15pt; text-align: center; letter-spacing: 0.08em; margin: 0 0 2mm; }
p.sub { text-align: center; margin: 0 0 4mm; font-size: 8.5pt; }
table { border-collapse: collapse; width: 100%; margin: 0 0 4mm; page-break-inside: avoid; }
th, td { border: 0.3mm solid #000; padding: 1mm 1.5mm; vertical-align: middle; }
th { background: #eee; font-weight: bold; font-size: 8.5pt; }
td.n { text-align: center; width: 9mm; }
td.v { text-align: center; }
table.head td { border: none; padding: 0.8mm 1mm; }
table.head td.l { font-weight: bold; white-space: nowrap; width: 1%; }
table.head td.f { border-bottom: 0.2mm solid #000; overflow-wrap: anywhere; }
table.two td.f { width: 32%; }
td.win { font-weight: bold; }
.sig { display: flex; gap: 10mm; margin-top: 8mm; }
.sig div { flex: 1; border-top: 0.3mm solid #000; padding-top: 1mm; font-size: 8.5pt; }
.notes { font-size: 7.5pt; margin-top: 5mm; }
@media print { th { background: #eee !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
"""


def _e(value: object) -> str:
    return escape("" if value is None else str(value), quote=True)


def _header(card: Card) -> str:
    rows = []
    fields = list(card.header)
    for i in range(0, len(fields), 2):
        cells = "".join(f'<td class="l">{_e(k)}:</td><td class="f">{_e(v)}</td>' for k, v in fields[i:i + 2])
        if len(fields[i:i + 2]) == 1:
            cells += '<td class="l"></td><td></td>'
        rows.append(f"<tr>{cells}</tr>")
    return f'<table class="head two">{"".join(rows)}</table>'


def _th(labels) -> str:
    return "".join(f"<th>{_e(label)}</th>" for label in labels)


def _players(card: Card) -> str:
    games = {g.number: g for g in card.games}
    lines = (card.side_lines(0) + ("",), card.side_lines(1) + ("",))
    rows = []
    for n in range(1, max(GAMES_PER_MATCH, len(card.games)) + 1):
        g = games.get(n)
        started = g.started if g else ""
        ended = g.ended if g else ""
        left, right = (lines[0][n - 1], lines[1][n - 1]) if n <= GAMES_PER_MATCH else ("", "")
        rows.append(f'<tr><td class="n">{n}</td><td class="v">{_e(started)}</td><td class="v">{_e(ended)}</td>'
                    f"<td>{_e(left)}</td><td>{_e(right)}</td></tr>")
    w = card.words
    return f"<table><tr>{_th(w.game_columns + w.sides)}</tr>" + "".join(rows) + "</table>"


def _game_rows(n: int, game: GameCard | None) -> list[str]:
    rows = []
    lines = board_lines(game)
    for i, b in lines:
        first = f'<td class="n" rowspan="{len(lines)}">{n}</td>' if i == 1 else ""
        if b is None:
            cells = "<td></td>" * 7
        else:
            def side(k: int) -> str:
                win = ' win' if b.winner == k else ""
                return (f'<td class="v">{b.queen[k]}</td><td class="v">{b.coins[k]}</td>'
                        f'<td class="v{win}">{b.totals[k]}</td>')

            cells = f"<td>{_e(b.breaker)}</td>{side(0)}{side(1)}"
        rows.append(f'<tr>{first}<td class="n">{i}</td>{cells}</tr>')
    return rows


def _scores(card: Card) -> str:
    a, b = card.sides
    games = {g.number: g for g in card.games}
    w = card.words
    head = ("<tr>" + "".join(f'<th rowspan="2">{_e(label)}</th>' for label in w.board_columns)
            + f'<th colspan="3">{_e(w.sides[0])}: {_e(a.name)}</th><th colspan="3">{_e(w.sides[1])}: {_e(b.name)}</th></tr>'
            f"<tr>{_th(w.side_columns[0] + w.side_columns[1])}</tr>")
    body = []
    for n in range(1, max(GAMES_PER_MATCH, len(card.games)) + 1):
        body.extend(_game_rows(n, games.get(n)))
    return f"<table>{head}{''.join(body)}</table>"


def _closing(card: Card) -> str:
    rows = "".join(f'<tr><td class="l">{_e(label)}:</td><td class="f">{_e(value)}</td></tr>'
                   for label, value in card.closing())
    return f'<table class="head">{rows}</table>'


def card_html(card: Card) -> str:
    """The whole page as text."""
    w = card.words
    loser = f"{w.loser_signature} ({card.loser_name})" if card.loser_name else w.loser_signature
    return f"""<!DOCTYPE html>
<html lang="{w.lang}">
<head>
<meta charset="utf-8" />
<title>{_e(card.title)}</title>
<style>{CSS}</style>
</head>
<body>
<h1>{_e(w.title)}</h1>
<p class="sub">{_e(w.subtitle)} · {_e(w.rules.format(variant=card.variant))}</p>
{_header(card)}
{_players(card)}
{_scores(card)}
{_closing(card)}
<div class="sig"><div>{_e(loser)}</div><div>{_e(w.umpire_signature)}</div></div>
<div class="notes"><p>{_e(w.notes)}</p></div>
</body>
</html>
"""
