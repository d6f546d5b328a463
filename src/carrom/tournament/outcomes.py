"""What a closed event gives a rating list: each player's played matches, as (opponent, score) pairs.

A match played to its end counts for every player of each side against every player of the other:
1 a win, 0.5 a draw, 0 a loss. Byes, walkovers (nobody played: ICF 143 i) and matches without a
result or under protest (ICF 150) count for nothing. The finals after a Swiss count: they are played.
The rating system itself (Glicko-2) is the adapter's (``carrom.desk.ratings``).
"""

from __future__ import annotations

from carrom.tournament.model import Event


def outcomes(event: Event) -> dict[int, list[tuple[int, float]]]:
    out: dict[int, list[tuple[int, float]]] = {}
    for m in event.matches:
        r = m.result
        if m.side2 is None or r is None or r.walkover or m.held:
            continue
        one, two = event.competitor(m.side1).players, event.competitor(m.side2).players
        score = 0.5 if r.winner == 0 else (1.0 if r.winner == 1 else 0.0)
        for a in one:
            for b in two:
                out.setdefault(a, []).append((b, score))
                out.setdefault(b, []).append((a, 1.0 - score))
    return out
