"""What the desk does to an event, each a pure step: a new value out, or a refusal with nothing changed.

``pair`` makes the next round for the event's system (Swiss, knockout, round robin, groups then
knockout; the finals after a Swiss once its rounds are played), ``record`` a typed result,
``walkover`` the desk's word that a side did not report in time, ``retire`` a withdrawal,
``swap`` two competitors of the unpublished round, ``undo`` the last round while no result is in.
Tables are numbered from 1 in the round's order, a bye last; in a Swiss each match goes, if it
can, to a table neither side has played at.
"""

from __future__ import annotations

from dataclasses import replace

from carrom.rules.errors import Refusal
from carrom.rules.message import say
from carrom.tournament import brackets, results, roundrobin, swiss
from carrom.tournament.model import Competitor, Event, FinalKind, Format, Match, Result, System
from carrom.tournament.standings import final_wins, finals_done, standings


class DeskError(ValueError):
    """The desk asked for something the event cannot do now; nothing changed.

    ``kind`` says what kind of refusal, as the referee's do (``carrom.rules.Refusal``): illegal by default (the
    event's state or the laws forbid it), out-of-turn (not what the event waits for now: a round paired twice),
    over (the event, or its stage, is over), malformed (not something the desk can read)."""

    def __init__(self, message, kind: Refusal = Refusal.ILLEGAL) -> None:
        super().__init__(message)
        self.kind = kind


def _matches(round_number: int, pairs, stage: str, earlier=()) -> list[Match]:
    """The round's matches on tables 1..n in ranking order, the bye last. With ``earlier`` matches (a Swiss),
    each match goes to a table neither side has played at, as SoL tries to: the lowest such free table in
    ranking order, then (a matching of matches to tables, by augmenting paths) moving others to make room;
    a match for which no arrangement finds one takes the lowest table left."""
    played = [p for p in pairs if p[1] is not None]
    byes = [p for p in pairs if p[1] is None]
    if not earlier:
        return [Match(round=round_number, table=t, side1=a, side2=b, stage=stage)
                for t, (a, b) in enumerate(played + byes, 1)]
    tables = _tables(played, earlier)
    out = sorted((Match(round=round_number, table=t, side1=a, side2=b, stage=stage)
                  for t, (a, b) in zip(tables, played)), key=lambda m: m.table)
    out.extend(Match(round=round_number, table=len(played) + i, side1=a, side2=None, stage=stage)
               for i, (a, _) in enumerate(byes, 1))
    return out


def _tables(played, earlier) -> list[int]:
    used: dict[int, set[int]] = {}
    for m in earlier:
        for side in m.sides:
            used.setdefault(side, set()).add(m.table)
    n = len(played)
    seen = [used.get(a, set()) | used.get(b, set()) for a, b in played]
    owner: dict[int, int] = {}
    table: list[int | None] = [None] * n
    free = set(range(1, n + 1))
    for i in range(n):  # the lowest new table, in ranking order
        t = next((t for t in range(1, n + 1) if t in free and t not in seen[i]), None)
        if t is not None:
            free.discard(t)
            owner[t], table[i] = i, t

    def augment(i: int, visited: set[int]) -> bool:
        for t in sorted(free - seen[i]) + [t for t in range(1, n + 1) if t in owner and t not in seen[i]]:
            if t in visited:
                continue
            visited.add(t)
            if t in free or augment(owner[t], visited):
                free.discard(t)
                owner[t], table[i] = i, t
                return True
        return False

    for i in range(n):
        if table[i] is None and not augment(i, set()):
            t = min(free)
            free.discard(t)
            owner[t], table[i] = i, t
    return table


def _round_open(event: Event) -> bool:
    last = event.round_matches(event.current_round)
    return any(m.side2 is not None and (m.result is None or m.held) for m in last)


def pair(event: Event) -> Event:
    """The event with its next round paired."""
    if event.closed:
        raise DeskError(say("{event} is closed (its prizes are given): no round can be paired any more",
                            event=repr(event.name)), Refusal.OVER)
    if len(event.competitors) < 2:
        raise DeskError(say('an event needs two competitors before a round is paired'))
    if event.matches and _round_open(event):
        raise DeskError(say('round {round} is paired and not all its results are in: a round is paired once',
                            round=event.current_round), Refusal.OUT_OF_TURN)
    system = event.settings.system
    number = event.current_round + 1
    try:
        if system is System.SWISS:
            planned = event.settings.rounds
            swiss_rounds = len({m.round for m in event.matches if m.stage == "main"})
            if planned and swiss_rounds >= planned:
                return _finals(event, number)
            pairs = swiss.pair_round(event)
            return event.with_matches(event.matches + tuple(_matches(number, pairs, "main", event.matches)))
        if system is System.ROUNDROBIN:
            return _round_robin(event, number)
        if system is System.KNOCKOUT:
            return _knockout(event, number, [c.id for c in _seeded(event)])
        return _groups(event, number)
    except swiss.PairingError as exc:
        raise DeskError(exc.args[0]) from None


def _seeded(event: Event) -> list[Competitor]:
    """Competitors best first: by seed, then rating, then as registered."""
    def key(c: Competitor):
        ratings = [event.players[p].rating for p in c.players if event.players[p].rating is not None]
        return (c.seed or 10**9, -sum(ratings) if ratings else 0.0, c.id)
    return sorted(event.competitors, key=key)


def _finals(event: Event, number: int) -> Event:
    s = event.settings
    if not s.finals:
        raise DeskError(say('the {rounds} Swiss rounds are played and the event has no finals', rounds=s.rounds))
    if finals_done(event):
        raise DeskError(say('the finals are over'), Refusal.OVER)
    rounds, wins = final_wins(event)
    if s.final_kind is FinalKind.SIMPLE and rounds:
        raise DeskError(say('the final is paired already'))
    ranked = [r.competitor for r in standings(event)]
    pairs = []
    for k in range(s.finals):
        a, b = ranked[2 * k], ranked[2 * k + 1]
        if wins.get(a, 0) < 2 and wins.get(b, 0) < 2:
            pairs.append((a, b))
    return event.with_matches(event.matches + tuple(_matches(number, pairs, "final")))


def _round_robin(event: Event, number: int) -> Event:
    pairs = roundrobin.next_round(event, number, [c.id for c in _seeded(event)])  # no rematch, imported or not
    if pairs is None:
        raise DeskError(say("the round robin's {len_rounds} rounds are all paired", len_rounds=number - 1),
                        Refusal.OVER)
    return event.with_matches(event.matches + tuple(_matches(number, pairs, "main")))


def _knockout_winners(event: Event, stage_rounds: list[int]) -> list[int]:
    last = sorted((m for m in event.matches if m.round == stage_rounds[-1] and m.stage == "knockout"),
                  key=lambda m: m.table)  # the tables keep the bracket's order
    winners = []
    for m in last:
        w = m.winner()
        if w is None:
            raise DeskError(say('round {round}, table {table} has no winner yet', round=m.round, table=m.table))
        winners.append(w)
    return winners


def _knockout(event: Event, number: int, seeded: list[int]) -> Event:
    ko_rounds = sorted({m.round for m in event.matches if m.stage == "knockout"})
    if not ko_rounds:
        pairs = brackets.first_round(seeded)
        # keep bracket order on the tables: a bye keeps its line so the next round pairs neighbours
        matches = [Match(round=number, table=t, side1=a, side2=b, stage="knockout")
                   for t, (a, b) in enumerate(pairs, 1)]
        return event.with_matches(event.matches + tuple(matches))
    winners = _knockout_winners(event, ko_rounds)
    if len(winners) == 1:
        raise DeskError(say('the knockout is over'), Refusal.OVER)
    pairs = brackets.next_round(winners)
    matches = [Match(round=number, table=t, side1=a, side2=b, stage="knockout") for t, (a, b) in enumerate(pairs, 1)]
    if len(pairs) == 1 and event.settings.third_place:
        semis = [m for m in event.matches if m.round == ko_rounds[-1] and m.stage == "knockout"]
        losers = [m.loser() for m in sorted(semis, key=lambda m: m.table) if m.loser() is not None]
        if len(losers) == 2:
            matches.append(Match(round=number, table=2, side1=losers[0], side2=losers[1], stage="third"))
    return event.with_matches(event.matches + tuple(matches))


def _groups(event: Event, number: int) -> Event:
    s = event.settings
    if s.groups < 1:
        raise DeskError(say('a groups-then-knockout event needs its number of groups'))
    groups = _group_members(event)
    group_rounds = [brackets.circle(g) for g in groups]
    played = len({m.round for m in event.matches if m.stage == "group"})
    needed = max(len(r) for r in group_rounds)
    if played < needed:
        pairs = []
        for rounds in group_rounds:
            if played < len(rounds):
                pairs.extend(rounds[played])
        return event.with_matches(event.matches + tuple(_matches(number, pairs, "group")))
    places = [[row.competitor for row in group_standings(event, g)][: s.qualifiers] for g in range(len(groups))]
    return _knockout(event, number, brackets.cross_seed(places))


def _group_members(event: Event) -> list[list[int]]:
    s = event.settings
    if all(c.group is not None for c in event.competitors):
        out: list[list[int]] = [[] for _ in range(s.groups)]
        for c in event.competitors:
            out[c.group].append(c.id)
        return out
    return brackets.snake([c.id for c in _seeded(event)], s.groups)


def assign_groups(event: Event) -> Event:
    """Deal the competitors to the groups (snake by seed), once, before the first round."""
    members = brackets.snake([c.id for c in _seeded(event)], event.settings.groups)
    where = {cid: g for g, ids in enumerate(members) for cid in ids}
    return replace(event, competitors=tuple(replace(c, group=where[c.id]) for c in event.competitors))


def group_standings(event: Event, group: int):
    """One group's standings: its members and its own matches only."""
    members = set(_group_members(event)[group])
    sub = replace(event, competitors=tuple(c for c in event.competitors if c.id in members),
                  matches=tuple(m for m in event.matches if m.stage == "group" and m.side1 in members),
                  settings=replace(event.settings, system=System.ROUNDROBIN))
    return standings(sub)


def enter(event: Event, players) -> Event:
    """Register one more competitor (its players already in ``event.players``): any time in a Swiss (a late
    entry starts on no points), before the first round otherwise."""
    if event.closed:
        raise DeskError(say('the event is closed'), Refusal.OVER)
    if event.matches and event.settings.system is not System.SWISS:
        raise DeskError(say('a {system} event takes no entries once it has begun', system=event.settings.system.value))
    ids = tuple(players)
    taken = {p for c in event.competitors for p in c.players}
    if taken & set(ids):
        raise DeskError(say('a player is entered once'))
    number = max((c.id for c in event.competitors), default=0) + 1
    group = None
    if event.settings.system is System.GROUPS and any(c.group is not None for c in event.competitors):
        sizes = [sum(1 for c in event.competitors if c.group == g) for g in range(event.settings.groups)]
        group = sizes.index(min(sizes))
    return replace(event, competitors=event.competitors + (Competitor(number, ids, group=group),))


def _open(event: Event) -> None:
    if event.closed:
        raise DeskError(say('the event is closed: nothing in it changes any more'), Refusal.OVER)


def find(event: Event, round_number: int, table: int) -> Match:
    for m in event.matches:
        if m.round == round_number and m.table == table:
            return m
    raise DeskError(say('no match at table {table} in round {round}', table=table, round=round_number))


def _put(event: Event, old: Match, new: Match) -> Event:
    return event.with_matches(new if m is old else m for m in event.matches)


def _typable(m: Match, round_number: int, table: int, players: tuple[int, int] | None) -> None:
    """Refuse a result for a bye, for other competitors than the match's, or held by a protest (ICF 150)."""
    if m.side2 is None:
        raise DeskError(say('round {round}, table {table} is a bye: it has no result to type', round=round_number, table=table))
    if players is not None and set(players) != {m.side1, m.side2}:
        raise DeskError(say('round {round}, table {table} is not between those competitors', round=round_number, table=table))
    if m.held:
        raise DeskError(say('round {round}, table {table} is under protest: its result waits for the decision (ICF 150)', round=round_number, table=table))


def record(event: Event, round_number: int, table: int, games, *, players: tuple[int, int] | None = None) -> Event:
    """Record the games typed for a match; ``players``: the competitors the desk names, checked against the match.

    After an upheld protest the games typed are those from the replayed one on; the games before it stand.
    """
    _open(event)
    m = find(event, round_number, table)
    _typable(m, round_number, table, players)
    if event.settings.rubbers:
        raise DeskError(say("this event's matches are ties of {rubbers} rubbers: give each rubber's games", rubbers=event.settings.rubbers))
    result = results.check(m.kept + tuple(games), event.settings.format)
    _knockout_needs_winner(event, m, result)
    _no_eighth_board_end(event, m, result)
    return _put(event, m, replace(m, result=result))


def record_tie(event: Event, round_number: int, table: int, rubbers, *,
               players: tuple[int, int] | None = None) -> Event:
    """Record a team tie: each rubber's games, in order (``results.tie``)."""
    _open(event)
    m = find(event, round_number, table)
    if not event.settings.rubbers:
        raise DeskError(say("this event's matches are single matches, not ties of rubbers"))
    _typable(m, round_number, table, players)
    result = results.tie(tuple(tuple(g) for g in rubbers), event.settings.rubbers, event.settings.format)
    _knockout_needs_winner(event, m, result)
    _no_eighth_board_end(event, m, result)
    return _put(event, m, replace(m, result=result))


QUARTER_FINAL = 4  # matches: a knockout round of four matches or fewer is a quarter-final or later (ICF 56 b)


def from_quarter_final(event: Event, m: Match) -> bool:
    """Whether ``m`` is a quarter-final or later (ICF 56 b, 60 b): a knockout round of at most four matches, the
    match for third place, a Swiss's finals; the rounds up to the last sixteen are early rounds."""
    if m.stage in ("final", "third"):
        return True
    return m.stage == "knockout" and len(event.round_matches(m.round)) <= QUARTER_FINAL


def _no_eighth_board_end(event: Event, m: Match, result: Result) -> None:
    """ICF 56 b: only the rounds up to the last sixteen end a game after the 8th board; from the quarter-finals on a
    game goes on until a side reaches 25, so a game below 25 there is no game's end. The timed rules end a game by
    the bell in any round (004 law 40), and SoL's single game by the round's time."""
    if event.settings.timed or event.settings.format is Format.SINGLE or not from_quarter_final(event, m):
        return
    for rubber in result.rubbers or (result,):
        for number, (a, b) in enumerate(rubber.games, 1):
            if max(a, b) < results.GAME_POINTS:
                raise results.ResultError(say(
                    "game {number}: {a}-{b} is below {points}, and from the quarter-finals on a game does not end "
                    "after the 8th board: it goes on until a side reaches {points}", number=number, a=a, b=b,
                    points=results.GAME_POINTS), "ICF 56 b")


def _knockout_needs_winner(event: Event, m: Match, result: Result) -> None:
    if m.stage in ("knockout", "third", "final") and result.winner == 0:
        raise DeskError(say('a knockout match needs a winner: a level game is decided by one more board (ICF 56 b)'))


def walkover(event: Event, round_number: int, table: int, present: int, now: float) -> Event:
    """The desk's word that side ``3 - present`` did not report within the laws' time of the announcement."""
    _open(event)
    m = find(event, round_number, table)
    if m.side2 is None:
        raise DeskError(say('round {round}, table {table} is a bye', round=round_number, table=table))
    if m.announced is None:
        raise DeskError(say('round {round}, table {table} was not announced: the time to report runs from the announcement (ICF 143 i)', round=round_number, table=table))
    result = results.walkover(present, event.settings.format, waited_minutes=(now - m.announced) / 60,
                              timed=event.settings.timed, rubbers=event.settings.rubbers)
    return _put(event, m, replace(m, result=result))


def announce(event: Event, round_number: int, table: int, now: float) -> Event:
    """The desk announces the match for ``now`` (seconds since the epoch; a time still to come is allowed): the
    laws' time to report counts from it (ICF 143 i; 004 laws 18 and 126)."""
    _open(event)
    m = find(event, round_number, table)
    return _put(event, m, replace(m, announced=now))


def retire(event: Event, cid: int, from_round: int | None = None) -> Event:
    """Withdraw a competitor from ``from_round`` on (default: the next round); it keeps its results."""
    _open(event)
    start = from_round if from_round is not None else event.current_round + 1
    try:
        c = event.competitor(cid)
    except KeyError:
        raise DeskError(say('no competitor {cid} in this event', cid=cid)) from None
    return replace(event, competitors=tuple(replace(x, retired_from=start) if x is c else x
                                            for x in event.competitors))


def reinstate(event: Event, cid: int) -> Event:
    """Undo a withdrawal (``retire``) while no round from it on is paired: the competitor is paired again as before.
    Once such a round is paired without it, the desk takes that round back first (``undo``)."""
    _open(event)
    try:
        c = event.competitor(cid)
    except KeyError:
        raise DeskError(say('no competitor {cid} in this event', cid=cid)) from None
    if c.retired_from is None:
        raise DeskError(say('competitor {cid} is not withdrawn', cid=cid))
    if event.current_round >= c.retired_from:
        raise DeskError(say('round {round} is paired without competitor {cid}: take that round back first, then '
                            'undo the withdrawal', round=event.current_round, cid=cid))
    return replace(event, competitors=tuple(replace(x, retired_from=None) if x is c else x for x in event.competitors))


def close(event: Event) -> Event:
    """Close the event: no more rounds or results; refused while a protest waits for its decision (ICF 151 c)."""
    if event.closed:
        raise DeskError(say('the event is closed already'), Refusal.OVER)
    if any(m.held for m in event.matches):
        raise DeskError(say('a protest is waiting for its decision (ICF 151 c)'))
    return replace(event, closed=True)


def publish(event: Event) -> Event:
    """Publish the last round: from now on it is the players' (no more swaps by hand)."""
    _open(event)
    number = event.current_round
    if not number:
        raise DeskError(say('no round to publish'))
    if event.published >= number:
        raise DeskError(say('round {number} is published already', number=number), Refusal.OUT_OF_TURN)
    return replace(event, published=number)


def undo(event: Event) -> Event:
    """Take back the last round while none of its results is in (published or not)."""
    _open(event)
    number = event.current_round
    if not number:
        raise DeskError(say('no round to take back'))
    last = event.round_matches(number)
    if any(m.result is not None for m in last):
        raise DeskError(say('round {number} has results: it cannot be taken back', number=number))
    return replace(event.with_matches(m for m in event.matches if m.round != number),
                   published=min(event.published, number - 1))


def swap(event: Event, a: int, b: int) -> Event:
    """Exchange two competitors between the matches of the last round, before any of its results."""
    _open(event)
    number = event.current_round
    last = event.round_matches(number)
    if not last or any(m.result is not None for m in last):
        raise DeskError(say('only a round without results can be changed by hand'))
    if event.published >= number:
        raise DeskError(say('round {number} is published: pairings are changed by hand before publishing', number=number))
    where = {s: m for m in last for s in m.sides}
    if a not in where or b not in where:
        raise DeskError(say('competitors {a} and {b} are not both in round {number}', a=a, b=b, number=number))

    def moved(m: Match) -> Match:
        def s(x):
            return b if x == a else a if x == b else x
        if not {a, b} & set(m.sides):
            return m
        return replace(m, side1=s(m.side1), side2=None if m.side2 is None else s(m.side2), lineup=())  # new teams

    return event.with_matches(moved(m) if m.round == number else m for m in event.matches)


__all__ = ["DeskError", "announce", "assign_groups", "close", "enter", "find", "group_standings", "pair", "publish", "record",
           "record_tie", "retire", "swap", "undo", "walkover"]
