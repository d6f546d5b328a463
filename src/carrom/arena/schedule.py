"""Which boards are played: a round robin or a schedule file, each pairing in blocks of four boards.

A block gives each player of a pairing both seats and both breaks; the breaker takes the
whites (ICF 43), so colours alternate with the break. Every board carries its own seeds,
drawn from the arena's seed and the board's index alone, so the results never depend on
the order in which boards finish.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

from carrom.arena.board import BoardTask
from carrom.arena.entrants import ArenaError, Entrant, entrant
from carrom.rules import Seat

BLOCK = 4  # (a south breaking, a south with b breaking, b south breaking, b south with a breaking)


def round_robin(entrants: list[Entrant]) -> list[tuple[Entrant, Entrant]]:
    """Every pairing once, in the order the entrants were given."""
    specs = [e.spec for e in entrants]
    twice = sorted({s for s in specs if specs.count(s) > 1})
    if twice:
        raise ArenaError(f"each player may enter once; given more than once: {', '.join(twice)}")
    if len(entrants) < 2:
        raise ArenaError("an arena needs at least two players")
    return list(combinations(entrants, 2))


def read_schedule(path: Path) -> list[tuple[Entrant, Entrant]]:
    """Pairings from a text file: one per line, two players separated by spaces; ``#`` starts a comment."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ArenaError(f"cannot read the schedule {path}: {getattr(exc, 'strerror', None) or exc}") from None
    pairings = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) != 2:
            raise ArenaError(f"{path}, line {number}: a pairing is two players, got {len(words)} words: {line.strip()!r}")
        if words[0] == words[1]:
            raise ArenaError(f"{path}, line {number}: {words[0]} cannot play itself")
        try:
            pairings.append((entrant(words[0]), entrant(words[1])))
        except ArenaError as exc:
            raise ArenaError(f"{path}, line {number}: {exc}") from None
    if not pairings:
        raise ArenaError(f"the schedule {path} has no pairing")
    return pairings


def board_seeds(seed: int, index: int) -> tuple[int, int]:
    """The south and north players' seeds for board ``index``: from the arena's seed and the index only."""
    rng = random.Random(f"carrom arena {seed} board {index}")  # str seeds hash by SHA-512: stable everywhere
    return rng.getrandbits(63), rng.getrandbits(63)


def tasks(pairings: list[tuple[Entrant, Entrant]], boards: int, seed: int = 0) -> list[BoardTask]:
    """``boards`` boards per pairing (a multiple of four), numbered from 0 in schedule order."""
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < BLOCK or boards % BLOCK:
        raise ArenaError(f"boards per pairing must be a positive multiple of {BLOCK} (both seats, both breaks), "
                         f"got {boards!r}")
    out = []
    for a, b in pairings:
        for k in range(boards):
            south, north = (a, b) if k % BLOCK < 2 else (b, a)
            breaker = Seat.SOUTH if k % 2 == 0 else Seat.NORTH
            index = len(out)
            out.append(BoardTask(index, south.spec, north.spec, breaker, board_seeds(seed, index)))
    return out
