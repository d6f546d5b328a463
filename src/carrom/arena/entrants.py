"""Who may enter the arena: a built-in bot by its level, or any player class as ``module:Class``."""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass
from typing import Callable

from carrom.players import LEVELS, Player, RandomPlayer, make_bot
from carrom.rules import Refusal

PLAYER_METHODS = ("choose_strike", "choose_placement", "choose_claim")  # carrom.players.base.Player


class ArenaError(ValueError):
    """An arena that cannot be played as asked (a bad player spec, schedule or option); nothing was played.

    ``kind`` and ``law`` as the referee's refusals carry them (``rules.Refusal``): what was asked does not make an
    arena, so it is malformed, and no law is involved."""

    kind = Refusal.MALFORMED
    law: str | None = None


def _level(level: str) -> Callable[[int], Player]:
    return lambda seed: make_bot(level, seed)


# name -> factory of a seeded player: the random player and every level of carrom.players.levels
BUILT_IN: dict[str, Callable[[int], Player]] = {"random": lambda seed: RandomPlayer(seed)} | {
    level: _level(level) for level in LEVELS
}


@dataclass(frozen=True)
class Entrant:
    """A player as the arena names it: ``spec`` is a built-in name or ``module:Class``."""

    spec: str

    def make(self, seed: int) -> Player:
        """A fresh player for one board, seeded (a class that takes no ``seed`` is built without it)."""
        if self.spec in BUILT_IN:
            return BUILT_IN[self.spec](seed)
        cls = player_class(self.spec)
        takes_seed = "seed" in inspect.signature(cls).parameters
        return cls(seed=seed) if takes_seed else cls()


def player_class(spec: str) -> type:
    """The class named by ``module:Class``, checked to offer the players' three choices."""
    module_name, sep, class_name = spec.partition(":")
    if not sep or not module_name or not class_name:
        raise ArenaError(f"{spec!r} is neither a built-in player ({', '.join(BUILT_IN)}) nor module:Class")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ArenaError(f"{spec!r}: cannot import module {module_name!r} ({exc})") from None
    cls = getattr(module, class_name, None)
    if cls is None:
        raise ArenaError(f"{spec!r}: module {module_name!r} has no {class_name!r}")
    if not inspect.isclass(cls):
        raise ArenaError(f"{spec!r}: {class_name!r} is not a class")
    missing = [m for m in PLAYER_METHODS if not callable(getattr(cls, m, None))]
    if missing:
        raise ArenaError(f"{spec!r} is not a player: it lacks {', '.join(missing)} (carrom.players.Player)")
    return cls


def entrant(spec: str) -> Entrant:
    """The entrant for ``spec``, checked now so a bad spec fails before any board is played."""
    spec = spec.strip()
    if spec not in BUILT_IN:
        player_class(spec)
    return Entrant(spec)
