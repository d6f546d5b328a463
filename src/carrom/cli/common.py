"""What every command shares: failing with one clear line, writing an output file."""

from __future__ import annotations

from pathlib import Path

import typer


def fail(message: str, code: int = 2) -> None:
    """Print ``error: message`` on stderr and exit with ``code``: a user error, never a traceback."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def write_file(path: Path, data: bytes, what: str) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        fail(f"cannot write the {what} to {path}: {exc.strerror or exc}")
