"""A lean install (issue 41 item 5: "the `research` extra installs the whole web and tournament stack (make a
lean extra)"): the base install is the game, the referee, the physics, the bots, the arena and the command
line; the web app, the desk and the lobby are the ``web`` extra, the film tracker ``calibrate``
(pyproject.toml, docs/research.md). On main every install carried fastapi, uvicorn, sqlalchemy, opencv, ….

Checked in a fresh interpreter that cannot import any module of those extras (a finder refuses them): the
environments and the arena still run, and a command that needs an extra says which one, with no traceback.
"""

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from carrom.cli.extras import COMMANDS, EXTRAS

ROOT = Path(__file__).resolve().parents[2]
BLOCKED = sorted({m for mods in EXTRAS.values() for m in mods})

# a fresh interpreter in which the extras' modules cannot be imported, as after `pip install carrom`
PRELUDE = f"""
import sys
for name in {BLOCKED!r}:
    sys.modules[name] = None  # an import of it fails as a module not installed does; find_spec says None
"""


def run(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", PRELUDE + code, *args], capture_output=True, text=True,
                          timeout=600, cwd=ROOT, env={"PATH": "/usr/bin:/bin", "LANG": "en_US.UTF-8",
                                                      "HOME": str(Path.home())})


def test_the_base_install_needs_none_of_the_extras():
    base = " ".join(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]).lower()
    for name in ("fastapi", "uvicorn", "sqlalchemy", "opencv", "argon2", "segno", "pypdf", "websockets"):
        assert name not in base, name
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert {"web", "calibrate", "research", "all"} <= set(extras)


def test_the_environments_and_the_arena_run_without_the_extras():
    out = run("""
import gymnasium as gym, carrom.envs, carrom.envs.aec, carrom.envs.vector, carrom.arena
env = gym.make("carrom/Singles-v0", opponent="beginner", render_mode="rgb_array")
env.reset(seed=0)
env.step(env.action_space.sample())
assert env.render().shape[2] == 3
clear = gym.make("carrom/ClearBoard-v1")
clear.reset(seed=1)
clear.step(clear.action_space.sample())
import carrom.cli.app
print("ran", sorted(m for m, v in sys.modules.items() if v is not None and m.split(".")[0] in %r))
""" % (BLOCKED,))
    assert out.returncode == 0, out.stderr[-2000:]
    assert "ran []" in out.stdout


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_command_that_needs_an_extra_says_which(command):
    out = run("from carrom.cli.app import main; sys.argv = ['carrom', sys.argv[1]]; main()", command)
    extra = COMMANDS[command]
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert f"pip install 'carrom[{extra}]'" in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert f"carrom {command} needs the '{extra}' part" in out.stderr


def test_a_command_without_an_extra_still_runs_and_help_is_read_without_it():
    out = run("from carrom.cli.app import main; sys.argv = ['carrom', '--version']; main()")
    assert out.returncode == 0 and out.stdout.strip(), out.stderr
    out = run("from carrom.cli.app import main; sys.argv = ['carrom', 'serve', '--help']; main()")
    assert out.returncode == 0 and "Usage" in out.stdout, out.stderr
