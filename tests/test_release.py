"""A release anyone can cite: the licence, one version everywhere, and a wheel that installs clean.

docs/releasing.md describes the release step (scripts/release); these tests hold what it relies
on without the network: the wheel is built here from the checkout (into tmp_path) and installed,
without its dependencies, in a fresh virtual environment.
"""

import email
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

import carrom
from carrom.cli.app import app

ROOT = Path(__file__).resolve().parents[1]


def test_the_licence_is_apache_2_and_every_place_says_so():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "END OF TERMS AND CONDITIONS" in text  # the whole licence, not a line pointing at it
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "Apache-2.0"
    assert project["license-files"] == ["LICENSE"]
    assert "Apache License 2.0" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_version_has_one_home_that_every_front_door_reads():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["dynamic"] == ["version"] and "version" not in project["project"]
    assert project["tool"]["hatch"]["version"]["path"] == "src/carrom/__init__.py"
    assert CliRunner().invoke(app, ["--version"]).output.strip() == carrom.__version__
    assert CliRunner().invoke(app, ["version"]).output.strip() == carrom.__version__
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert citation["cff-version"] == "1.2.0"
    assert citation["version"] == carrom.__version__
    assert citation["license"] == "Apache-2.0"
    assert f"## {carrom.__version__}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(ROOT)],
                   check=True, capture_output=True, timeout=300)
    (built,) = out.glob("carrom-*.whl")
    return built


def test_the_wheel_carries_the_version_the_licence_the_command_and_its_data(wheel):
    assert wheel.name == f"carrom-{carrom.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = f"carrom-{carrom.__version__}.dist-info"
        metadata = email.message_from_bytes(archive.read(f"{info}/METADATA"))
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    assert metadata["Version"] == carrom.__version__
    assert metadata["License-Expression"] == "Apache-2.0"
    assert f"{info}/licenses/LICENSE" in names
    assert "carrom = carrom.cli.app:main" in entry_points
    for lang in ("es", "fr", "en", "it", "sl"):  # the catalogs the pages and the CLI speak from
        assert f"carrom/locale/{lang}/LC_MESSAGES/carrom.po" in names
    assert any(n.startswith("carrom/web/static/") and n.endswith(".js") for n in names)
    assert not any(n.startswith("tests/") for n in names)


def test_the_wheel_installs_in_a_clean_environment_and_says_its_version(wheel, tmp_path):
    env = tmp_path / "venv"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
                   check=True, capture_output=True, timeout=300)
    said = subprocess.run([str(python), "-c", "import importlib.metadata as m, carrom; "
                           "print(m.version('carrom'), carrom.__version__, carrom.__file__)"],
                          check=True, capture_output=True, text=True, cwd=tmp_path, timeout=60).stdout.split()
    assert said[:2] == [carrom.__version__, carrom.__version__]
    assert str(env) in said[2]  # the installed copy, not the checkout
