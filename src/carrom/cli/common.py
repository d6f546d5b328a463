"""What every command shares: failing with one clear line, writing an output file, readable help."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from typer.core import TyperArgument, TyperGroup

from carrom.i18n import N_, Translator, negotiate, translator

LANG_HELP = N_("Language of the output: es, fr, en, it or sl (default: the record's, then LANG/LC_*, then English).")
_chosen: dict[str, str | None] = {"lang": None}  # `carrom --lang X`, for every command of this run


def choose_language(lang: str | None) -> str | None:
    """Remember ``carrom --lang X`` for this run (an eager option, so --help after it is in that language too);
    called with None when absent, which forgets an earlier run's choice."""
    try:
        _chosen["lang"] = None if lang is None else negotiate(lang)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    return lang


def words(lang: str | None = None, preferred: str | None = None) -> Translator:
    """The language to speak: the command's --lang, else ``carrom --lang``, else ``preferred`` (a record's), else
    LANG/LC_*; a language carrom does not speak is a user error."""
    try:
        if lang is not None:
            _chosen["lang"] = negotiate(lang)
        return translator(_chosen["lang"] or preferred or negotiate())
    except ValueError as exc:
        fail(str(exc))
        raise  # pragma: no cover


def fail(message: str, code: int = 2) -> None:
    """Print ``error: message`` on stderr and exit with ``code``: a user error, never a traceback."""
    tr = translator(_chosen["lang"] or negotiate())
    typer.echo(tr.gettext("error: {message}", message=message), err=True)
    raise typer.Exit(code)


def write_file(path: Path, data: bytes, what: str) -> None:
    """Write a file the user asked for, and say so: a command that wrote files is not silent."""
    try:
        path.write_bytes(data)
    except OSError as exc:
        fail(f"cannot write the {what} to {path}: {exc.strerror or exc}")
    typer.echo(f"wrote the {what} to {path} ({len(data):,} bytes)", err=True)  # stdout stays the command's output


def _value_name(param: Any) -> str:
    """What an option takes, in capitals as manual pages write it: FILE, NUMBER, south|east|north|west."""
    desc = param.type_descriptor
    if desc.is_choice:
        return "|".join(str(getattr(c, "value", c)) for c in desc.choices or ())
    if desc.is_path:
        return "FILE"
    return {int: "N", float: "NUMBER"}.get(desc.annotation, param.name.upper())


def _help_words() -> Translator:
    return translator(_chosen["lang"] or negotiate())


def _translate(obj: Any, attr: str) -> None:
    """``obj.attr`` in the language of this run, from its English kept aside (the objects outlive a run)."""
    kept = f"_english_{attr}"
    if not hasattr(obj, kept):
        setattr(obj, kept, getattr(obj, attr, None))
    english = getattr(obj, kept)
    if english:
        setattr(obj, attr, _help_words().gettext(english))


def _tidy_param(param: Any) -> None:
    """Help that reads naturally: ``RECORD`` (not ``{record}``), ``--svg FILE``, nothing after a flag; in the
    language chosen (``carrom --lang X --help`` or LANG/LC_*)."""
    _translate(param, "help")
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
    for attr in ("help", "short_help"):
        _translate(command, attr)
    for param in command.get_params(ctx):
        _tidy_param(param)
    if isinstance(command, TyperGroup):
        for name in command.list_commands(ctx):
            _tidy(command.get_command(ctx, name), ctx)


class ReadableGroup(TyperGroup):
    """The ``carrom`` group: every command's ``--help`` tidied by ``_tidy_param`` before it is shown."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        _chosen["lang"] = None  # each run chooses afresh (--lang, else LANG/LC_*)
        return super().main(*args, **kwargs)

    def get_params(self, ctx: Any) -> list[Any]:
        _translate(self, "help")
        params = super().get_params(ctx)
        for param in params:
            _tidy_param(param)
        return params

    def get_command(self, ctx: Any, name: str) -> Any:
        command = super().get_command(ctx, name)
        if command is not None:
            _tidy(command, ctx)
        return command
