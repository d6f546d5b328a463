"""Knockout brackets, round robin by the circle method, and groups then knockout.

Knockout: the bracket is the next power of two; seed 1 meets the last, and the seeds are placed
so that 1 and 2 can only meet in the final, 1-4 in the semi-finals, and so on (the standard
order, built by folding: 1 2 -> 1 4 2 3 -> 1 8 4 5 2 7 3 6). The missing places are byes, so
they fall to the top seeds. Each later round pairs the winners of neighbouring matches; an
optional match for third place between the semi-finals' losers, on the final's round.

Round robin: the circle method: the first competitor stays, the others turn one place each
round; with an odd number one sits out each round (a bye, scored as the Swiss one).

Groups: competitors dealt to the groups by seed in a snake (A B C D D C B A ...); each group a
round robin; then the first ``qualifiers`` of each group into a knockout, winners seeded first
(``cross_seed``), so that two of a group do not meet in its first round.
"""

from __future__ import annotations

from typing import Sequence


def seed_order(size: int) -> list[int]:
    """The bracket's lines for ``size`` (a power of two): seeds 1..size in playing order."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def first_round(seeded: Sequence[int]) -> list[tuple[int, int | None]]:
    """The knockout's first round of competitors in seed order (best first): byes to the top seeds."""
    size = 1
    while size < len(seeded):
        size *= 2
    lines = seed_order(size)
    pairs = []
    for i in range(0, size, 2):
        a, b = lines[i], lines[i + 1]
        one = seeded[a - 1] if a <= len(seeded) else None
        two = seeded[b - 1] if b <= len(seeded) else None
        if one is None:
            one, two = two, None
        pairs.append((one, two))
    return pairs


def next_round(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The winners of the last round, in bracket order, meeting their neighbours."""
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]


def circle(competitors: Sequence[int]) -> list[list[tuple[int, int | None]]]:
    """Every round of a round robin: n-1 rounds (n even) or n (odd, one bye a round)."""
    ring: list[int | None] = list(competitors)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None:
                a, b = b, a
            if r % 2 and b is not None and i == 0:
                a, b = b, a  # the fixed one alternates sides
            pairs.append((a, b))
        pairs.sort(key=lambda p: p[1] is None)  # the bye last
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def snake(seeded: Sequence[int], groups: int) -> list[list[int]]:
    """Deal competitors (best first) to ``groups`` groups: A B C D D C B A A B ..."""
    out: list[list[int]] = [[] for _ in range(groups)]
    for i, c in enumerate(seeded):
        lap, place = divmod(i, groups)
        out[place if lap % 2 == 0 else groups - 1 - place].append(c)
    return out


def cross_seed(places: list[list[int]]) -> list[int]:
    """Qualifiers (``places[g]``: group g's in its order) as knockout seeds.

    Winners first in group order, then the runners-up in group order, and so on: with two groups,
    seeds A1 B1 A2 B2, so A1 meets B2 and B1 meets A2, and A1 and A2 meet only in the final; two of a
    group never meet in the knockout's first round.
    """
    seeds: list[int] = []
    depth = max((len(p) for p in places), default=0)
    for k in range(depth):
        row = [p[k] for p in places if k < len(p)]
        seeds.extend(row)
    return seeds
