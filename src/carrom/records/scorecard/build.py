"""From a record to the scorecard of ICF XIX: the header from the record, the numbers from the referee."""

from __future__ import annotations

from datetime import datetime

from carrom.i18n import N_, Translator, translator
from carrom.records import referee
from carrom.records.entries import ConcedeEntry, ForfeitEntry
from carrom.records.record import Record
from carrom.records.scorecard.model import HEADER, BoardRow, Card, GameCard, SideCard, labels
from carrom.rules import RuleSet, ruleset

CHOICE_WORDS = {"break": N_("break (shootout)"), "side": N_("side")}
CONCEDE_LAW = "ICF 139"


def _clock(at: str | None) -> str | None:
    if at is None:
        return None
    try:
        return datetime.fromisoformat(at).strftime("%H:%M")
    except ValueError:
        return None


def _what(ending: referee.Ending, tr: Translator) -> str:
    if ending.what == "match":
        return tr.gettext("the match in game {game}", game=ending.game + 1)
    if ending.what == "game":
        return tr.gettext("game {game}", game=ending.game + 1)
    return tr.gettext("board {board} of game {game}", board=(ending.board or 0) + 1, game=ending.game + 1)


def _ending_words(record: Record, ending: referee.Ending, results: list[referee.BoardResult],
                  tr: Translator) -> str | None:
    """A forfeit or a concession in words with its law; None for a board, game or match won at the board."""
    header = record.header
    entry = record.entries[ending.index]
    if isinstance(entry, ForfeitEntry) and ending.what == "board":
        law = next((r.law for r in results if (r.game, r.board) == (ending.game, ending.board)), entry.law)
        return tr.gettext("{name} forfeited {what} ({law})", name=header.players[entry.who].name,
                          what=_what(ending, tr), law=law or "ICF 51")
    if isinstance(entry, ConcedeEntry) and entry.what == ending.what:
        return tr.gettext("{name} conceded {what} ({law})", name=header.side_name(header.side(entry.seat)),
                          what=_what(ending, tr), law=CONCEDE_LAW)
    return None


def _queen_column(queen: tuple[int, int], rules: RuleSet) -> tuple[int, int]:
    """XIX's queen column, (2) and (5): the queen's points for the side that covered her, else 0. The point of the
    end-of-board special cases from 22 points (ICF 107 a and its kin, ICF 102–112: "loses by 1 point") is no queen
    cover: it counts in the side's total, (4) or (7), and the queen column stays 0."""
    late = rules.late_queen_points
    return (0 if queen[0] == late != rules.queen_points else queen[0],
            0 if queen[1] == late != rules.queen_points else queen[1])


def _coins_column(result: referee.BoardResult) -> tuple[int, int]:
    """XIX's coins column, (3) and (6): the opponent's coins left on the board at its end (ICF 53 a). A point for a
    due or a penalty (claimed, ICF 87 b; counted automatically, 001 §3.7 n, and the penalty coin more of 001 §3.11 f)
    is no coin left: it counts in the side's total, (4) or (7), only."""
    return (result.coins[0] - result.extra[0], result.coins[1] - result.extra[1])


def build_card(record: Record, tr: Translator | None = None) -> Card:
    """The card of ``record`` in ``tr``'s language (English by default)."""
    tr = tr or translator()
    header = record.header
    rules = ruleset(header.variant)
    match = record.replay().match
    a, b = header.sides()
    names = (header.side_name(a), header.side_name(b))
    ev = header.event
    values = {
        "tournament": ev.tournament, "event": ev.event, "round": ev.round, "date": ev.date, "time": ev.time,
        "match": ev.match, "umpire": ev.umpire, "table": ev.table, "venue": ev.venue,
        "chief_umpire": ev.chief_umpire,
        # ICF 39 b: in doubles the toss is won by the pair, so the card names the winner's side
        "toss": header.side_name(next(s for s in (a, b) if header.toss.winner in s)) if header.toss else None,
        "choice": tr.gettext(CHOICE_WORDS[header.toss.choice]) if header.toss else None,
    }
    times: dict[int, list[str]] = {}
    for entry, (g, _) in zip(record.entries, record.positions):
        t = _clock(entry.at)
        if t is not None:
            times.setdefault(g, []).append(t)
    results = referee.board_results(match, header)
    endings = referee.endings(match)
    snap = referee.snapshot(match, header)
    game_winner = {e.game: e.winner for e in endings if e.what == "game"}
    played = {g for g, _ in record.positions} | {r.game for r in results} | ({snap.game} if not snap.over else set())
    games: list[GameCard] = []
    for g in sorted(played):
        rows, totals = [], [0, 0]
        for r in (r for r in results if r.game == g):
            totals = [totals[k] + r.queen[k] + r.coins[k] for k in (0, 1)]
            rows.append(BoardRow(r.board + 1, header.players[r.breaker].name, _queen_column(r.queen, rules),
                                 _coins_column(r), (totals[0], totals[1]), r.winner))
        finished = g < snap.game or snap.over
        t = times.get(g, [])
        games.append(GameCard(g + 1, t[0] if t else None, t[-1] if t and finished else None, tuple(rows),
                              (totals[0], totals[1]), game_winner.get(g)))
    words = [w for e in endings if e.what != "match" and (w := _ending_words(record, e, results, tr)) is not None]
    winner = snap.winner if snap.over else None
    card_words = labels(tr)
    if winner is None:
        result = card_words.not_finished
    else:
        last = next((e for e in reversed(endings) if e.what == "match"), None)
        won = tr.gettext("{side} won {a}–{b} in games (ICF 57)", side=names[winner], a=snap.games_won[winner],
                         b=snap.games_won[1 - winner])
        result = (last and _ending_words(record, last, results, tr)) or won
    return Card(
        title=tr.gettext("Scorecard {first} v {second}", first=names[0], second=names[1]),
        fields=tuple((key, values[key] or "") for key, _ in HEADER),
        sides=(SideCard(tuple(header.players[s].name for s in a), tuple(header.players[s].team or "" for s in a)),
               SideCard(tuple(header.players[s].name for s in b), tuple(header.players[s].team or "" for s in b))),
        games=tuple(games),
        games_won=snap.games_won,
        winner=winner,
        comments=header.comments or "",
        variant=header.variant,
        result=result,
        endings=tuple(words),
        words=card_words,
    )
