"""The standings as SoL ranks a tourney, so an imported one shows SoL's table to the last digit.

Points: 2 a win, 1 a draw (a single game ended level). A bye (a match against SoL's "phantom")
is a win by the tourney's phantom score: 2 points, that score as net and total score. Buchholz:
the sum of the points of every opponent met (the phantom has none). Net score: points scored
minus points conceded (the games' points summed: in a best of three the winner's may be below
zero); total score: points scored. A match under protest counts for nothing until decided
(ICF 150); unplayed ones neither.
Order: points, Buchholz (not in a round robin, as SoL 5.26), net score, total score, then the
given position, the rating (the best first), then last and first name; after the finals, each pair of finalists ordered by the finals they won. SoL's
``retirements`` policy (``trend``, ``trend70``) adds to a withdrawn competitor's points, for his
opponents' Buchholz only, his average points a match for the rounds he missed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from carrom.tournament.model import Event, Match, System


@dataclass(frozen=True)
class Row:
    rank: int
    competitor: int
    points: int
    buchholz: int
    net_score: int
    total_score: int
    retired: bool
    played: int


class _Tally:
    __slots__ = ("points", "net", "total", "buchholz", "real_points", "played", "virtual")

    def __init__(self) -> None:
        self.points = self.net = self.total = self.buchholz = self.real_points = self.played = self.virtual = 0


def counted(m: Match) -> bool:
    """Does the match count in the standings: played (or a bye), not under protest, not one of the finals after a
    Swiss (they decide between the finalists only)."""
    return not m.held and m.stage != "final" and (m.side2 is None or m.result is not None)


def tallies(event: Event, up_to_round: int | None = None) -> dict[int, _Tally]:
    phantom = event.settings.phantom_score
    table = {c.id: _Tally() for c in event.competitors}
    matches = [m for m in event.matches if counted(m) and (up_to_round is None or m.round <= up_to_round)]
    for m in matches:
        one = table[m.side1]
        if m.side2 is None:
            if m.stage == "knockout":  # a knockout's bye lets a seed through; it scores nothing
                continue
            one.played += 1
            one.points += 2
            one.net += phantom
            one.total += phantom
            continue
        two = table[m.side2]
        r = m.result
        s1, s2 = r.score1, r.score2
        one.total += s1
        two.total += s2
        one.played += 1
        two.played += 1
        if r.winner == 0:
            one.points += 1
            two.points += 1
            one.real_points += 1
            two.real_points += 1
        else:
            win = one if r.winner == 1 else two
            win.points += 2
            win.real_points += 2
            one.net += s1 - s2  # a best of three's winner may have scored fewer points than the loser
            two.net += s2 - s1
    policy = event.settings.retirements
    if policy in ("trend", "trend70"):
        factor = Fraction(1) if policy == "trend" else Fraction(70, 100)
        current = event.current_round if up_to_round is None else up_to_round
        for c in event.competitors:  # a withdrawn competitor only, as SoL: a late entry's missed rounds add nothing
            t = table[c.id]
            if c.retired_from is not None and t.played < current and t.real_points:
                t.virtual = int(Fraction(t.real_points, t.played) * factor * (current - t.played))
    for m in matches:
        if m.side2 is None:
            continue  # the phantom's points are none
        one, two = table[m.side1], table[m.side2]
        one.buchholz += two.points + two.virtual
        two.buchholz += one.points + one.virtual
    return table


def _knockout_depth(event: Event) -> dict[int, tuple[int, int, int]]:
    """How far each competitor went in a knockout: the last round played, whether it won it (only the
    champion, once the final is played), whether it won the match for third place."""
    depth: dict[int, tuple[int, int, int]] = {}
    for m in sorted(event.matches, key=lambda m: m.round):
        if m.stage == "knockout":
            for side in m.sides:
                third = depth.get(side, (0, 0, 0))[2]
                depth[side] = (m.round, int(m.winner() == side), third)
        elif m.stage == "third" and m.winner() is not None:
            w = m.winner()
            depth[w] = (depth[w][0], depth[w][1], 1)
    return depth


def standings(event: Event, up_to_round: int | None = None) -> list[Row]:
    """Every competitor's row, in rank order."""
    table = tallies(event, up_to_round)
    current = event.current_round + 1
    players = event.players
    comps = sorted(event.competitors, key=lambda c: (players[c.players[0]].last, players[c.players[0]].first))
    t = table
    robin = event.settings.system is System.ROUNDROBIN  # SoL ranks a round robin without Buchholz

    def key(c):
        r = t[c.id]
        rating = sum(players[p].rating or 0.0 for p in c.players)
        return (r.points, 0 if robin else r.buchholz, r.net, r.total, -c.seed, rating)

    ranked = sorted(comps, key=key, reverse=True)
    if event.settings.system in (System.KNOCKOUT, System.GROUPS) and any(m.stage == "knockout" for m in event.matches):
        depth = _knockout_depth(event)
        ranked = sorted(ranked, key=lambda c: depth.get(c.id, (0, 0, 0)), reverse=True)
    ranked = _after_finals(event, ranked)
    return [Row(rank=i, competitor=c.id, points=t[c.id].points, buchholz=t[c.id].buchholz, net_score=t[c.id].net,
                total_score=t[c.id].total, retired=c.retired(current), played=t[c.id].played)
            for i, c in enumerate(ranked, 1)]


def final_wins(event: Event) -> tuple[int, dict[int, int]]:
    finals = [m for m in event.matches if m.stage == "final"]
    wins: dict[int, int] = {}
    for m in finals:
        w = m.winner()
        if w is not None and not m.held:
            wins[w] = wins.get(w, 0) + 1
    return len({m.round for m in finals}), wins


def finals_done(event: Event) -> bool:
    rounds, wins = final_wins(event)
    if not event.settings.finals or not rounds:
        return False
    if event.settings.final_kind.value == "simple":
        return rounds >= 1 and all(m.result is not None for m in event.matches if m.stage == "final")
    return rounds == 3 or (bool(wins) and sum(1 for w in wins.values() if w >= 2) >= event.settings.finals)


def _after_finals(event: Event, ranked: list) -> list:
    if not event.settings.finals or not any(m.stage == "final" for m in event.matches):
        return ranked
    _, wins = final_wins(event)
    ranked = list(ranked)
    for k in range(event.settings.finals):
        i, j = 2 * k, 2 * k + 1
        if j < len(ranked) and wins.get(ranked[i].id, 0) < wins.get(ranked[j].id, 0):
            ranked[i], ranked[j] = ranked[j], ranked[i]
    return ranked
