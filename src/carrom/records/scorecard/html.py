"""The scorecard as one standalone, printable HTML page laid out like the ICF form (XIX).

Inline CSS only, A4 portrait, well-formed XML (every tag closed, no named entities) so the
same page can be checked by an XML parser. All eight board rows of each game are printed,
as on the paper card, so an unplayed board is a blank line an umpire can still fill in.
"""

from __future__ import annotations

from html import escape

from carrom.records.scorecard.model import BOARDS_PER_GAME, GAMES_PER_MATCH, Card, GameCard

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
table.head td.f { border-bottom: 0.2mm solid #000; }
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
    fields = list(card.fields)
    for i in range(0, len(fields), 2):
        cells = "".join(f'<td class="l">{_e(k)}:</td><td class="f">{_e(v)}</td>' for k, v in fields[i:i + 2])
        if len(fields[i:i + 2]) == 1:
            cells += '<td class="l"></td><td></td>'
        rows.append(f"<tr>{cells}</tr>")
    return f'<table class="head">{"".join(rows)}</table>'


def _players(card: Card) -> str:
    a, b = card.sides
    games = {g.number: g for g in card.games}
    rows = []
    for n in range(1, GAMES_PER_MATCH + 1):
        g = games.get(n)
        started = g.started if g else ""
        ended = g.ended if g else ""
        left = (f"Name: {a.name}", f"Team: {a.team}", "")[n - 1]
        right = (f"Name: {b.name}", f"Team: {b.team}", "")[n - 1]
        rows.append(f'<tr><td class="n">{n}</td><td class="v">{_e(started)}</td><td class="v">{_e(ended)}</td>'
                    f"<td>{_e(left)}</td><td>{_e(right)}</td></tr>")
    return ("<table><tr><th>Game no.</th><th>Start time</th><th>End time</th>"
            "<th>Player(s) (1)</th><th>Player(s)</th></tr>" + "".join(rows) + "</table>")


def _game_rows(n: int, game: GameCard | None) -> list[str]:
    rows = []
    boards = {b.number: b for b in game.boards} if game else {}
    for i in range(1, BOARDS_PER_GAME + 1):
        first = f'<td class="n" rowspan="{BOARDS_PER_GAME}">{n}</td>' if i == 1 else ""
        b = boards.get(i)
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
    head = (f'<tr><th rowspan="2">Game no.</th><th rowspan="2">Board no.</th><th rowspan="2">Break</th>'
            f'<th colspan="3">{_e(a.name)}</th><th colspan="3">{_e(b.name)}</th></tr>'
            "<tr><th>Queen (2)</th><th>Coins (3)</th><th>Grand total (4)</th>"
            "<th>Queen (5)</th><th>Coins (6)</th><th>Grand total (7)</th></tr>")
    body = []
    for n in range(1, max(GAMES_PER_MATCH, len(card.games)) + 1):
        body.extend(_game_rows(n, games.get(n)))
    return f"<table>{head}{''.join(body)}</table>"


def card_html(card: Card) -> str:
    """The whole page as text."""
    won = f"{card.games_won[0]} – {card.games_won[1]}"
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<title>{_e(card.title)}</title>
<style>{CSS}</style>
</head>
<body>
<h1>SCORECARD</h1>
<p class="sub">Official scorecard, International Carrom Federation laws, part XIX · rules: {_e(card.variant)}</p>
{_header(card)}
{_players(card)}
{_scores(card)}
<table class="head">
<tr><td class="l">Umpire's comments:</td><td class="f">{_e(card.comments)}</td></tr>
<tr><td class="l">Games won:</td><td class="f">{_e(card.sides[0].name)} {_e(won)} {_e(card.sides[1].name)}</td></tr>
<tr><td class="l">Match won by:</td><td class="f">{_e(card.winner_name)}</td></tr>
</table>
<div class="sig"><div>Signature of the loser{(' (' + _e(card.loser_name) + ')') if card.loser_name else ''}</div><div>Signature of the umpire</div></div>
<div class="notes">
<p>(1) The player(s) who broke first in the match are entered first.
(2) and (5) Three points to the side that covered the queen and won the board (ICF 52 b i, 53 b, 54), zero in the other column.
(3) and (6) The number of the opponent's coins left on the board at the end of the board (ICF 53 a), zero in the other column.
(4) and (7) The total points of the side in the game, entered at the end of each board (ICF 55, 56 a).</p>
</div>
</body>
</html>
"""
