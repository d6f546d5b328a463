"""The one error a record can raise, so callers never see a raw KeyError or JSON traceback."""

from __future__ import annotations

from carrom.rules.errors import Refusal, law_cited


class RecordError(ValueError):
    """A record that cannot be read, written or replayed.

    ``path`` is the JSON path of the first bad field (``games[0].boards[1].actions[3].seat``),
    empty when the whole document is at fault; ``str()`` gives ``path: problem`` on one line
    so a command can print it as is. ``kind`` and ``law`` as the referee's refusals carry them
    (``rules.Refusal``): a file or field that does not read as a record is malformed, with the law its words cite
    if any; an action the referee refuses on replay keeps the referee's kind and law (``RecordError.refused``).
    """

    def __init__(self, path: str, problem: str, kind: Refusal = Refusal.MALFORMED, law: str | None = None) -> None:
        self.path = path
        self.problem = problem
        self.kind = kind
        self.law = law or law_cited(problem)
        super().__init__(f"{path}: {problem}" if path else problem)

    @classmethod
    def refused(cls, path: str, exc: Exception, problem: str | None = None) -> "RecordError":
        """The referee's refusal (``RulesError``) of what stands at ``path``, with its kind and law passed on."""
        return cls(path, problem or str(exc), getattr(exc, "kind", Refusal.ILLEGAL), getattr(exc, "law", None))
