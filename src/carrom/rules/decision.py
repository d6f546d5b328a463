"""A ruling: the decisions the referee made on one action, each naming its law."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Decision:
    law: str  # e.g. "ICF 72 a"
    text: str  # plain words for players and umpires

    def __str__(self) -> str:
        return f"{self.text} ({self.law})" if self.law else self.text


@dataclass(frozen=True)
class Ruling:
    action: Any
    decisions: tuple[Decision, ...]

    @property
    def laws(self) -> tuple[str, ...]:
        return tuple(d.law for d in self.decisions if d.law)

    def summary(self) -> str:
        return " ".join(str(d) for d in self.decisions)
