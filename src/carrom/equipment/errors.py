"""Errors and findings of the equipment package.

``EquipmentError`` is raised for bad input (an unknown dimension name, a negative length,
an unknown specification). ``Problem`` is a finding about a legal question (a striker that
partly covers a base circle, a due coin outside the outer circle): a value, not an
exception, so a caller can list every problem at once. Every problem names its law.
"""

from __future__ import annotations

from dataclasses import dataclass


class EquipmentError(ValueError):
    """Bad input to the equipment package; the message says precisely what is wrong."""


@dataclass(frozen=True)
class Problem:
    """One reason why a position or a placement is not allowed.

    ``code`` is stable and machine-readable (e.g. ``"partly-covers-base-circle"``),
    ``message`` is a sentence for people, ``law`` cites the law ("ICF 130 b").
    """

    code: str
    message: str
    law: str

    def __str__(self) -> str:
        return f"{self.message} ({self.law})"
