"""Every ``carrom ... --help`` reads naturally: no ``--help <bool>``, no ``{record}``, no ``<path>``."""

import re

import pytest
import typer
from typer.testing import CliRunner

from carrom.cli.app import app

runner = CliRunner()


def command_paths():
    """Every command and sub-command of ``carrom``, as argument lists."""
    root = typer.main.get_command(app)
    ctx = typer.Context(root)
    paths, todo = [[]], [([], root)]
    while todo:
        path, group = todo.pop()
        for name in getattr(group, "list_commands", lambda ctx: [])(ctx):
            paths.append(path + [name])
            todo.append((path + [name], group.get_command(ctx, name)))
    return paths


PATHS = command_paths()


def test_every_command_is_listed():
    assert {"replay", "scorecard", "board"} <= {p[0] for p in PATHS if p}
    assert ["umpire", "new"] in PATHS and ["umpire", "resume"] in PATHS


@pytest.mark.parametrize("path", PATHS, ids=[" ".join(p) or "carrom" for p in PATHS])
def test_help_reads_naturally(path):
    result = runner.invoke(app, path + ["--help"], terminal_width=120)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Usage: carrom" in out and "Show this message and exit." in out
    assert re.search(r"<[a-z ]+>", out) is None, out  # <bool>, <path>, <int range>...
    assert re.search(r"\{[a-z_]+\}", out) is None, out  # {record} in the usage line
    assert re.search(r"--help +Show this message", out), out  # nothing between --help and its help


def test_umpire_new_usage_names_the_record():
    out = runner.invoke(app, ["umpire", "new", "--help"], terminal_width=120).output
    assert "Usage: carrom umpire new [OPTIONS] RECORD" in out
    out = runner.invoke(app, ["scorecard", "--help"], terminal_width=120).output
    assert re.search(r"--pdf +FILE +Write an A4 PDF here", out), out
