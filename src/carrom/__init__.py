"""carrom: the sport of carrom as the International Carrom Federation plays it.

Layers (docs/architecture.md): ``equipment`` (pure data), ``physics`` and ``rules``
(pure, independent of each other) at the core; ``render``, ``records``, ``cli`` and
later ``game``, ``players``, ``web`` on top. Nothing in the core imports an adapter.
"""

__version__ = "0.1.0"
