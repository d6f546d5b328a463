"""Every figure the docs show, and the one command that makes each again (issue 41).

Run: scripts/figures DIR [FIGURE...]   (or .venv/bin/python benchmarks/figures.py DIR ...)

Each figure is written under DIR at the path the docs use (``DIR/docs/img/replay.png``), so
``scripts/figures .`` from the checkout refreshes the docs and ``scripts/figures /tmp/f`` leaves
them alone; FIGURE names (``docs/img/replay.png``, or just ``replay.png``) pick some. Every file
carries the commit and the date it was made from (PNG text chunks ``carrom-commit`` and
``carrom-date``, a JPEG comment). Screenshots are the browser tests' own (they write into
``$CARROM_ARTIFACTS``); plots come from the benchmark that measures what they show.
tests/test_figures.py fails when the docs link a figure this table does not make, or when a
source named here is gone.
"""

from __future__ import annotations

import argparse
import datetime
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Figure:
    """One picture in the docs: ``doc`` its path from the checkout; ``command`` what makes it, where
    ``{out}`` is the file to write (a plot) — or, for a screenshot, the test that takes it and the name
    ``shot`` it gives the file in ``$CARROM_ARTIFACTS``."""

    doc: str
    command: tuple[str, ...]
    shot: str | None = None


def _test(node: str, shot: str, doc: str) -> Figure:
    return Figure(doc, ("-m", "pytest", "-q", "-p", "no:cacheprovider", "-n0", node), shot)


def _screens() -> list[Figure]:
    node = "tests/web/test_web_screen.py::test_the_screens_at_every_size"
    return [_test(node, f"screen-{what}-{size}.jpg", f"docs/img/screen-{what}-{size}.jpg")
            for what in ("match", "aiming", "board-end", "replay", "practice", "umpire")
            for size in ("1366x768", "390x844", "844x390", "768x1024")]


_DESK = "tests/web/test_web_desk_browser.py::test_the_desk_runs_a_round_and_the_public_page_reads_it_in_two_languages"
_TIE = "tests/web/test_web_desk_browser.py::test_a_ties_line_up_on_the_desk"
_BOARD = "tests/web/test_web_board.py::test_the_board_per_layout_and_theme_and_the_theme_is_remembered"

FIGURES: tuple[Figure, ...] = (
    Figure("docs/research-cem.png", ("-m", "carrom.envs.cem", "--plot", "{out}")),
    Figure("docs/research-ppo.png", ("benchmarks/baseline_ppo.py", "clearboard", "--steps", "200000", "--every",
                                     "20000", "--seeds", "0", "1", "2", "--plot", "{out}")),
    Figure("docs/research-ppo-singles.png", ("benchmarks/baseline_ppo.py", "singles", "--opponent", "beginner",
                                             "--steps", "60000", "--every", "20000", "--seeds", "0", "1", "2",
                                             "--plot", "{out}")),
    Figure("docs/capture-map.png", ("benchmarks/capture_map.py", "--out", "{out}")),
    Figure("docs/throw.png", ("benchmarks/physics_friction.py", "--out", "{out}")),
    Figure("docs/img/throw-v4.png", ("benchmarks/physics_v4.py", "--plot", "{out}")),
    Figure("docs/img/calibration-film.png", ("benchmarks/calibration_figures.py", "--film", "{out}",
                                             "--preview", "{out}.preview.png")),
    Figure("docs/img/calibration-preview.png", ("benchmarks/calibration_figures.py", "--film", "{out}.film.png",
                                                "--preview", "{out}")),
    _test(_BOARD, "board-wood-desktop.png", "docs/img/board-wood.png"),
    _test(_BOARD, "board-contrast-desktop.png", "docs/img/board-contrast.png"),
    _test("tests/web/test_web_table.py::test_the_end_of_a_game_and_of_the_match_are_shown_over_the_board_with_the_scorecard",
          "match-end-desktop.png", "docs/img/match-end.png"),
    _test("tests/web/test_web_replay.py::test_a_stored_match_replayed_stroke_by_stroke_with_its_motion",
          "replay-motion-desktop.png", "docs/img/replay.png"),
    _test("tests/web/test_web_replay.py::test_an_umpires_record_is_replayed_as_the_referee_knows_it",
          "replay-umpire-phone.png", "docs/img/replay-umpire-phone.png"),
    _test("tests/web/test_web_practice_browser.py::test_set_up_by_dragging_predict_strike_as_predicted_undo_redo",
          "practice-predicted.png", "docs/img/practice.png"),
    _test("tests/web/test_web_practice_browser.py::test_layouts", "practice-phone.png", "docs/img/practice-phone.png"),
    *[_test(_DESK, name, f"docs/img/{name}") for name in (
        "desk-round-1366x768.png", "desk-round-390x844.png", "desk-toss-en-1366x768.png",
        "desk-toss-es-390x844.png", "tournament-pairings-es-1366x768.png",
        "tournament-standings-es-390x844.png", "ratings-sl-1366x768.png", "ratings-sl-390x844.png",
        "championship-it-1366x768.png", "championship-it-390x844.png")],
    *[_test(_TIE, name, f"docs/img/{name}") for name in ("desk-lineup-1366x768.png", "desk-lineup-390x844.png")],
    *_screens(),
)


def script_of(figure: Figure) -> str:
    """The file that holds the figure's source: the benchmark, the module or the test file."""
    head = figure.command[1] if figure.command[0] == "-m" else figure.command[0]
    if head == "pytest":
        return figure.command[-1].split("::")[0]
    if figure.command[0] == "-m":
        return "src/" + head.replace(".", "/") + ".py"
    return head


def stamp(path: Path, commit: str, date: str) -> None:
    """Write the commit and the date into the picture itself (PNG text chunks, a JPEG comment)."""
    from PIL import Image, PngImagePlugin

    with Image.open(path) as img:
        img.load()
        kind = img.format
        picture = img.copy()
    if kind == "PNG":
        info = PngImagePlugin.PngInfo()
        info.add_text("carrom-commit", commit)
        info.add_text("carrom-date", date)
        picture.save(path, "PNG", pnginfo=info)
    elif kind == "JPEG":
        picture.save(path, "JPEG", quality=72, comment=f"carrom {commit} {date}".encode())
    else:
        raise ValueError(f"{path}: a {kind} picture, not PNG or JPEG")


def commit_of() -> str:
    """The commit the figures come from, ``+changes`` when the tree differs from it."""
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    if head.returncode:
        return "unknown"
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    return head.stdout.strip() + ("+changes" if dirty else "")


def chosen(names: list[str]) -> list[Figure]:
    if not names:
        return list(FIGURES)
    picked = [f for f in FIGURES if f.doc in names or Path(f.doc).name in names]
    unknown = sorted(set(names) - {f.doc for f in picked} - {Path(f.doc).name for f in picked})
    if unknown:
        raise SystemExit(f"figures: no figure named {', '.join(unknown)} (the names are FIGURES' docs paths)")
    return picked


def make(figures: list[Figure], into: Path, python: str = sys.executable) -> list[Path]:
    """Run each figure's command once (a test that takes several screenshots runs once for all of
    them) and put every figure at its docs path under ``into``, stamped."""
    from rich.progress import Progress

    commit, date = commit_of(), datetime.date.today().isoformat()
    made: list[Path] = []
    with tempfile.TemporaryDirectory() as scratch, Progress() as progress:
        artifacts = Path(scratch) / "artifacts"
        artifacts.mkdir()
        env = {**os.environ, "CARROM_ARTIFACTS": str(artifacts)}
        runs: dict[tuple[str, ...], list[Figure]] = {}
        for figure in figures:
            runs.setdefault(figure.command if figure.shot else figure.command + (figure.doc,), []).append(figure)
        task = progress.add_task("figures", total=len(runs))
        for key, group in runs.items():
            target = into / group[0].doc
            target.parent.mkdir(parents=True, exist_ok=True)
            argv = [a.replace("{out}", str(Path(scratch) / Path(group[0].doc).name)) for a in group[0].command]
            progress.update(task, description=Path(group[0].doc).name if len(group) == 1 else script_of(group[0]))
            done = subprocess.run([python, *argv], cwd=ROOT, env=env, capture_output=True, text=True)
            if done.returncode:
                raise SystemExit(f"figures: {' '.join(argv)} failed ({done.returncode}):\n{done.stdout[-2000:]}"
                                 f"{done.stderr[-2000:]}")
            for figure in group:
                source = artifacts / figure.shot if figure.shot else Path(scratch) / Path(figure.doc).name
                if not source.exists():
                    raise SystemExit(f"figures: {' '.join(argv)} did not make {source.name}")
                shutil.copyfile(source, into / figure.doc)
                stamp(into / figure.doc, commit, date)
                made.append(into / figure.doc)
            progress.advance(task)
    return made


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("into", type=Path, help="the folder the docs' paths are made under ('.' refreshes the docs)")
    ap.add_argument("figures", nargs="*", help="only these (docs paths or file names)")
    args = ap.parse_args(argv)
    if not args.into.is_dir():
        ap.error(f"into: no folder {args.into}")
    for path in make(chosen(args.figures), args.into.resolve()):
        print(path)


if __name__ == "__main__":
    main()
