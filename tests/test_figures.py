"""Every figure the docs show has a command that makes it again, and no command writes into the docs
unless told to (issue 41: figures went stale; `python -m carrom.envs.cem` overwrote the committed curve).

benchmarks/figures.py holds the table (FIGURES) and the runner behind scripts/figures."""

import ast
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("figures", ROOT / "benchmarks" / "figures.py")
figures = importlib.util.module_from_spec(spec)
sys.modules["figures"] = figures  # dataclasses look their module up by name
spec.loader.exec_module(figures)

LINK = re.compile(r"!\[[^\]]*\]\(([^)\s]+\.(?:png|jpg|jpeg|svg|gif))\)")


def linked_figures() -> set[str]:
    """Every picture a doc links, as a path from the checkout."""
    found = set()
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in LINK.findall(doc.read_text(encoding="utf-8")):
            if "://" not in target:
                found.add(str((doc.parent / target).resolve().relative_to(ROOT)))
    return found


def test_every_figure_the_docs_link_has_a_command_and_every_command_a_figure():
    made = {f.doc for f in figures.FIGURES}
    linked = linked_figures()
    assert linked, "no figure found in the docs: the link pattern is wrong"
    assert linked - made == set(), "figures the docs show that no command makes again"
    assert made - linked == set(), "figures made that no doc shows"
    for doc in linked:
        assert (ROOT / doc).is_file(), f"{doc} is linked but not in the checkout"
    kept = {str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*") if p.suffix in {".png", ".jpg"}}
    assert kept - linked == set(), "pictures in docs/ that no doc shows (stale copies)"


@pytest.mark.parametrize("figure", figures.FIGURES, ids=lambda f: f.doc)
def test_each_figures_source_exists(figure):
    source = ROOT / figures.script_of(figure)
    assert source.is_file(), f"{figure.doc}: its source {source.relative_to(ROOT)} is gone"
    if figure.shot:  # the test named must exist in that file, and take the screenshot named
        test = figure.command[-1].split("::")[1]
        tree = ast.parse(source.read_text(encoding="utf-8"))
        assert test in {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}, figure.command[-1]
        stem = re.sub(r"-(desktop|phone|tablet|\d+x\d+|en|es|sl|it)(?=-|$)", "", Path(figure.shot).stem)
        assert stem.split("-")[0] in source.read_text(encoding="utf-8")
    else:
        assert "{out}" in figure.command, f"{figure.doc}: the command is not told where to write"


def test_no_figure_command_writes_into_the_docs_by_default():
    """A default output inside docs/ overwrites a committed figure from a checkout (and fails elsewhere)."""
    offenders = []
    for path in [*(ROOT / "benchmarks").glob("*.py"), *(ROOT / "src" / "carrom").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        if re.search(r"default=[\"']docs/|[\"']docs[\"']\s*/\s*[\"']img[\"']", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_cem_refuses_a_plot_it_could_not_write_before_it_runs(tmp_path):
    done = subprocess.run([sys.executable, "-m", "carrom.envs.cem", "--plot", str(tmp_path / "no" / "curve.png")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "--plot: no folder" in done.stderr and "Traceback" not in done.stderr
    assert "iteration" not in done.stdout  # refused before the run, not after it


def test_the_stamp_carries_the_commit_and_the_date(tmp_path):
    png, jpg = tmp_path / "a.png", tmp_path / "a.jpg"
    Image.new("RGB", (8, 8), "white").save(png)
    Image.new("RGB", (8, 8), "white").save(jpg)
    figures.stamp(png, "abc1234", "2026-12-07")
    figures.stamp(jpg, "abc1234", "2026-12-07")
    with Image.open(png) as img:
        assert img.text == {"carrom-commit": "abc1234", "carrom-date": "2026-12-07"}
    with Image.open(jpg) as img:
        assert img.info["comment"] == b"carrom abc1234 2026-12-07"


def test_the_runner_makes_a_figure_where_it_is_told_and_leaves_the_docs_alone(tmp_path):
    before = (ROOT / "docs" / "capture-map.png").read_bytes()
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "figures.py"), str(tmp_path), "capture-map.png"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    made = tmp_path / "docs" / "capture-map.png"
    with Image.open(made) as img:
        assert img.size[0] > 1000 and img.text["carrom-commit"] != "unknown"
    assert (ROOT / "docs" / "capture-map.png").read_bytes() == before


def test_the_runner_refuses_an_unknown_figure_in_a_line(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "figures.py"), str(tmp_path), "nothing.png"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "no figure named nothing.png" in done.stderr
    assert "Traceback" not in done.stderr
