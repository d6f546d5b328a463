"""The one error a record can raise, so callers never see a raw KeyError or JSON traceback."""

from __future__ import annotations


class RecordError(ValueError):
    """A record that cannot be read, written or replayed.

    ``path`` is the JSON path of the first bad field (``games[0].boards[1].actions[3].seat``),
    empty when the whole document is at fault; ``str()`` gives ``path: problem`` on one line
    so a command can print it as is.
    """

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}" if path else problem)
