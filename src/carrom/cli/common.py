"""What every command shares: failing with one clear line, writing an output file, readable help."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from typer.core import TyperArgument, TyperGroup


def fail(message: str, code: int = 2) -> None:
    """Print ``error: message`` on stderr and exit with ``code``: a user error, never a traceback."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def write_file(path: Path, data: bytes, what: str) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        fail(f"cannot write the {what} to {path}: {exc.strerror or exc}")


def _value_name(param: Any) -> str:
    """What an option takes, in capitals as manual pages write it: FILE, NUMBER, south|east|north|west."""
    desc = param.type_descriptor
    if desc.is_choice:
        return "|".join(str(getattr(c, "value", c)) for c in desc.choices or ())
    if desc.is_path:
        return "FILE"
    return {int: "N", float: "NUMBER"}.get(desc.annotation, param.name.upper())


def _tidy_param(param: Any) -> None:
    """Help that reads naturally: ``RECORD`` (not ``{record}``), ``--svg FILE``, nothing after a flag."""
    if isinstance(param, TyperArgument):
        name = param.metavar or param.name.upper()
        param.metavar = name
        piece = name if param.required else f"[{name}]"
        piece += "..." if param.nargs != 1 else ""
        param.get_usage_pieces = lambda ctx: [piece]
        param.display_type_rich = lambda ctx: None  # the name says it; the help line says what it is
    elif param.metavar is None:
        param.metavar = "" if getattr(param, "is_flag", False) else _value_name(param)


def _tidy(command: Any, ctx: Any) -> None:
    for param in command.get_params(ctx):
        _tidy_param(param)
    if isinstance(command, TyperGroup):
        for name in command.list_commands(ctx):
            _tidy(command.get_command(ctx, name), ctx)


class ReadableGroup(TyperGroup):
    """The ``carrom`` group: every command's ``--help`` tidied by ``_tidy_param`` before it is shown."""

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        for param in params:
            _tidy_param(param)
        return params

    def get_command(self, ctx: Any, name: str) -> Any:
        command = super().get_command(ctx, name)
        if command is not None:
            _tidy(command, ctx)
        return command
