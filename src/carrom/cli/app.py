"""The ``carrom`` command: one typer app; each sub-command lives in its own module.

A sub-command module defines ``register(app)``; add it to ``COMMAND_MODULES``.
"""

from __future__ import annotations

import importlib
import sys

from typing import Optional

import typer

from carrom.cli.common import LANG_HELP, ReadableGroup, choose_language, fail, words
from carrom.cli.extras import lacking
from carrom.i18n import N_

app = typer.Typer(
    name="carrom",
    cls=ReadableGroup,
    help=N_("Carrom as the ICF plays it: the board, its physics, the laws."),
    no_args_is_help=True,
    add_completion=False,
)

COMMAND_MODULES: tuple[str, ...] = (
    "carrom.cli.board",
    "carrom.cli.replay",
    "carrom.cli.umpire",
    "carrom.cli.scorecard",
    "carrom.cli.web",
    "carrom.cli.arena",
    "carrom.cli.tournament",
    "carrom.cli.calibrate",
)


def _print_version(asked: bool) -> None:
    """``carrom --version``: the package's version (``carrom.__version__``, the one home), then exit."""
    if asked:
        from carrom import __version__

        typer.echo(__version__)
        raise typer.Exit()


@app.callback()
def _root(ctx: typer.Context,
          lang: Optional[str] = typer.Option(None, "--lang", is_eager=True, callback=choose_language,
                                             help=LANG_HELP),
          show_version: bool = typer.Option(False, "--version", is_eager=True, callback=_print_version,
                                            help=N_("Print the installed version."))) -> None:
    """Carrom as the ICF plays it."""
    need = lacking(ctx.invoked_subcommand)
    if need is not None and not {"--help", "-h"} & set(sys.argv[1:]):  # its help needs nothing more
        extra, gone = need
        fail(words().gettext("carrom {command} needs the '{extra}' part of carrom, which is not installed (missing: "
                             "{modules}): pip install 'carrom[{extra}]'",
                             command=ctx.invoked_subcommand, extra=extra, modules=", ".join(gone)))


@app.command(help=N_("Print the installed version."))
def version() -> None:
    from carrom import __version__

    typer.echo(__version__)


def _register_all() -> None:
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(app)


_register_all()


def main() -> None:
    app()
