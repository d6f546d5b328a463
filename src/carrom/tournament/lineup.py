"""A team tie's line-up: which players of each team play which rubber.

Without one, the rubbers of a tie of ``count`` go by a fixed rule (``default_players``): the last
rubber of a tie of three or more is a doubles between each team's first two players (when both
teams have two), the others are singles, each team's players in the order they were entered, in
turn. The desk may enter the line-up by hand before the tie has a result (``set_lineup``); it is
checked: each rubber's side names players of its own team, none twice, one player for a singles
and two for a doubles (partners, ICF 28). The tablets' scorecard headers and the pages take the
rubber's players from ``players_of``.
"""

from __future__ import annotations

from dataclasses import replace

from carrom.rules.errors import Refusal
from carrom.rules.message import say
from carrom.tournament.event import DeskError, find
from carrom.tournament.model import Event, Match

Side = tuple[int, ...]


def is_doubles(one: Side, two: Side, rubber: int, count: int) -> bool:
    """Whether rubber ``rubber`` (1 up) of a tie of ``count`` between these teams is a doubles."""
    return count >= 3 and rubber == count and len(one) >= 2 and len(two) >= 2


def default_players(one: Side, two: Side, rubber: int, count: int) -> tuple[Side, Side]:
    """Who plays rubber ``rubber`` of a tie of ``count`` when the desk entered no line-up."""
    if is_doubles(one, two, rubber, count):
        return one[:2], two[:2]
    return (one[(rubber - 1) % len(one)],), (two[(rubber - 1) % len(two)],)


def players_of(event: Event, match: Match, rubber: int) -> tuple[Side, Side]:
    """Who plays rubber ``rubber`` of this tie: its line-up's when the desk entered one, else the fixed rule's."""
    if match.lineup:
        return match.lineup[rubber - 1]
    one, two = event.competitor(match.side1).players, event.competitor(match.side2).players
    return default_players(one, two, rubber, event.settings.rubbers)


def set_lineup(event: Event, round_number: int, table: int, rubbers) -> Event:
    """The tie's line-up entered by hand: ``rubbers`` in order, each (side 1's player ids, side 2's), checked."""
    if event.closed:
        raise DeskError(say('the event is closed: nothing in it changes any more'), Refusal.OVER)
    count = event.settings.rubbers
    if not count:
        raise DeskError(say("this event's matches are single matches, not ties of rubbers"))
    m = find(event, round_number, table)
    if m.side2 is None:
        raise DeskError(say('round {round}, table {table} is a bye', round=round_number, table=table))
    if m.result is not None:
        raise DeskError(say("round {round}, table {table} has its result: its line-up cannot change any more",
                            round=round_number, table=table), Refusal.OVER)
    rubbers = tuple(tuple(tuple(side) for side in r) for r in rubbers)
    if len(rubbers) != count or any(len(r) != 2 for r in rubbers):
        raise DeskError(say("a line-up names both sides' players of each of the {count} rubbers, in order",
                            count=count), Refusal.MALFORMED)
    teams = (event.competitor(m.side1).players, event.competitor(m.side2).players)
    for k, sides in enumerate(rubbers, 1):
        doubles = is_doubles(*teams, k, count)
        for team, side, cid in zip(teams, sides, m.sides):
            for pid in side:
                if pid not in team:
                    who = event.players[pid].name if pid in event.players else str(pid)
                    raise DeskError(say("rubber {rubber}: {player} is not a player of {team}", rubber=k,
                                        player=who, team=" & ".join(event.names(cid))))
            if len(set(side)) != len(side):
                raise DeskError(say("rubber {rubber}: a player is named twice on one side", rubber=k))
            if doubles and len(side) != 2:
                raise DeskError(say("rubber {rubber} is a doubles: each side names two players, partners (ICF 28)",
                                    rubber=k))
            if not doubles and len(side) != 1:
                raise DeskError(say("rubber {rubber} is a singles: each side names one player", rubber=k))
    return event.with_matches(replace(x, lineup=rubbers) if x is m else x for x in event.matches)
