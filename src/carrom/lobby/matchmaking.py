"""Which seekers play each other: the same settings, and ratings as close as the wait allows.

A seek is paired with the compatible seek nearest in rating whose difference both sides accept; each side's
window starts at ``WINDOW_START`` rating points and widens by ``WINDOW_GROWTH`` a second of waiting, up to
``WINDOW_MOST`` (lichess's pool widens the same way). The longest waiting are served first, so nobody waits behind
newcomers. Doubles pools need four seekers; they are split into the two pairs whose summed ratings are closest.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

WINDOW_START = 100.0
WINDOW_GROWTH = 50.0  # rating points a second of waiting
WINDOW_MOST = 700.0


@dataclass(frozen=True)
class Want:
    """What a seeker wants to play: the rules (a key of ``carrom.rules.RULESETS``), singles (2) or doubles (4)
    players, with clocks or not, rated or casual."""

    ruleset: str = "icf"
    players: int = 2
    clocks: bool = True
    rated: bool = True


@dataclass(frozen=True)
class Seek:
    """One seeker in the pool: who (an account's id), their rating in the wanted ruleset, since when (seconds)."""

    id: int
    account: int
    rating: float
    since: float
    want: Want = Want()


def window(seek: Seek, now: float) -> float:
    """How far in rating this seeker accepts an opponent, after waiting ``now - since`` seconds."""
    return min(WINDOW_MOST, WINDOW_START + WINDOW_GROWTH * max(0.0, now - seek.since))


def acceptable(a: Seek, b: Seek, now: float, apart: frozenset[frozenset[int]] = frozenset()) -> bool:
    """Two seeks can meet: different accounts that have not blocked each other (``apart``: pairs of accounts), the
    same wants, and each within the other's window."""
    gap = abs(a.rating - b.rating)
    return (a.account != b.account and frozenset((a.account, b.account)) not in apart and a.want == b.want
            and gap <= window(a, now) and gap <= window(b, now))


def pairings(seeks: list[Seek], now: float, apart: frozenset[frozenset[int]] = frozenset()) -> list[tuple[Seek, ...]]:
    """The matches to make now: tuples of two seeks (singles) or four (doubles: the first two partners against
    the last two); each seek in one at most, the longest waiting served first; accounts in ``apart`` never meet."""
    waiting = sorted(seeks, key=lambda s: (s.since, s.id))
    taken: set[int] = set()
    made: list[tuple[Seek, ...]] = []
    for seek in waiting:
        if seek.id in taken:
            continue
        others = [o for o in waiting if o.id not in taken and o.id != seek.id and acceptable(seek, o, now, apart)]
        if seek.want.players == 2:
            if others:
                best = min(others, key=lambda o: (abs(o.rating - seek.rating), o.since, o.id))
                made.append((seek, best))
                taken.update((seek.id, best.id))
            continue
        table = _table_of_four(seek, others, now, apart)
        if table is not None:
            made.append(table)
            taken.update(s.id for s in table)
    return made


def _table_of_four(seek: Seek, others: list[Seek], now: float, apart: frozenset[frozenset[int]]) -> tuple[Seek, ...] | None:
    """Three others, all acceptable to each other and from different accounts, nearest in rating to ``seek``; the
    two sides the pair of pairs with the closest summed ratings."""
    near = sorted(others, key=lambda o: (abs(o.rating - seek.rating), o.since, o.id))[:12]
    for trio in combinations(near, 3):
        four = (seek, *trio)
        if len({s.account for s in four}) == 4 and all(acceptable(a, b, now, apart) for a, b in combinations(four, 2)):
            splits = [((seek, p), tuple(s for s in trio if s is not p)) for p in trio]
            (a1, a2), (b1, b2) = min(splits, key=lambda s: abs(s[0][0].rating + s[0][1].rating
                                                              - s[1][0].rating - s[1][1].rating))
            return (a1, a2, b1, b2)
    return None
