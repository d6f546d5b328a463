"""README.md stays true: its library example runs, and the commands it names exist."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_python_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", README, re.S)
    assert blocks, "README.md has no python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_the_two_commands_exist_and_are_executable():
    for script in ("scripts/play", "scripts/test"):
        assert f"{script} " in README
        assert (ROOT / script).stat().st_mode & 0o111, f"{script} is not executable"
    assert "exec scripts/test" in (ROOT / ".ci" / "run").read_text()


def test_the_carrom_commands_it_names_exist():
    from typer.testing import CliRunner

    from carrom.cli.app import app

    named = set(re.findall(r"carrom (board|umpire|replay|scorecard|check-board|play|serve)\b", README))
    assert named >= {"umpire", "replay", "scorecard", "board"}
    help_text = CliRunner().invoke(app, ["--help"]).output
    for command in named:
        assert command in help_text, f"README names `carrom {command}`, which the CLI does not have"
