"""The one error the referee raises: an action the laws do not allow now.

Raised before anything changes, so the caller's state is exactly what it was.
"""


class RulesError(ValueError):
    """An action refused by the laws; the message names what is wrong and, where one applies, the law."""
