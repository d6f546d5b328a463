"""The optional parts of the install a command needs, told before it starts.

The base install is lean (docs/research.md: the game, the referee, the physics, the bots, the arena, the
command line); the web app, the tournament desk and the lobby come with the ``web`` extra, the film tracker
with ``calibrate`` (pyproject.toml). A command whose part is missing says which extra installs it, instead of
an ImportError's traceback halfway through.
"""

from __future__ import annotations

import importlib.util

EXTRAS: dict[str, tuple[str, ...]] = {
    "web": ("fastapi", "uvicorn", "sqlalchemy", "websockets", "orjson", "glicko2", "limits", "segno", "pypdf",
            "argon2", "sse_starlette"),
    "calibrate": ("cv2",),
}
"""Each extra, by the modules it installs (import names, not distribution names)."""

COMMANDS: dict[str, str] = {"play": "web", "serve": "web", "tournament": "web", "track": "calibrate"}
"""The top-level commands that need an extra."""


def missing(extra: str) -> list[str]:
    """The modules of ``extra`` this environment cannot import."""
    return [name for name in EXTRAS[extra] if importlib.util.find_spec(name) is None]


def lacking(command: str | None) -> tuple[str, list[str]] | None:
    """The extra ``command`` needs and its missing modules, or None when it has what it needs."""
    extra = COMMANDS.get(command or "")
    if extra is None:
        return None
    gone = missing(extra)
    return (extra, gone) if gone else None
