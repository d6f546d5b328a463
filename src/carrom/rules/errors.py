"""The one error the referee raises: an action the laws do not allow now.

Raised before anything changes, so the caller's state is exactly what it was.
"""

from __future__ import annotations

from carrom.rules.message import Message


class RulesError(ValueError):
    """An action refused by the laws; the message names what is wrong and, where one applies, the law.

    ``str(error)`` is the English sentence; ``error.message`` the same as a ``Message`` an adapter
    can put in another language (None for a refusal not yet worded as one).
    """

    def __init__(self, text: str | Message) -> None:
        super().__init__(str(text))
        self.message = text if isinstance(text, Message) else None
