"""The one test of "a number the caller can mean", shared by every layer that checks its input.

Python's ``math.isfinite`` is not enough alone: it accepts ``True`` (JSON's ``true`` is a
number to Python) and raises ``OverflowError`` on an integer too large for a float, such
as ``10**400``, which would reach a user as a traceback instead of a refusal.
"""

from __future__ import annotations

import math


def finite_number(value: object) -> bool:
    """An ``int`` or ``float``, not a ``bool``, that is a real number representable as a float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an int beyond the floats
        return False
