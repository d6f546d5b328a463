"""``carrom arena --help`` names the players the arena knows from the bots' one table (``carrom.players.levels.TABLE``),
not from a list typed beside it; and the table is read only when the help is shown, so the other commands do not pay
for importing the bots (and the physics they bring)."""

import re
import subprocess
import sys

from typer.testing import CliRunner

from carrom.arena import entrants
from carrom.cli.app import app
from carrom.players.levels import TABLE


def arena_help() -> str:
    output = CliRunner().invoke(app, ["arena", "--help"], terminal_width=200).output
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", output).split())


def test_the_help_lists_every_level_of_the_bots_table():
    assert list(entrants.BUILT_IN) == ["random", *(level.key for level in TABLE)]
    assert f"Players: random, {', '.join(level.key for level in TABLE)}, or module:Class" in arena_help()


def test_a_player_the_arena_learns_is_in_its_help(monkeypatch):
    """Change-detector: a new built-in player shows in the help with nothing else changed (on main the help typed
    its list, and a level added to the table was missing from it)."""
    monkeypatch.setitem(entrants.BUILT_IN, "grandmaster", entrants.BUILT_IN["master"])
    assert "expert, master, grandmaster, or module:Class" in arena_help()


def test_the_command_loads_without_the_bots():
    """The help's names are read when it is shown: loading ``carrom``'s commands imports neither the bots nor the
    physics."""
    code = "import sys, carrom.cli.app; print(sorted(m for m in ('carrom.players', 'carrom.physics') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
