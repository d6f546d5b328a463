"""A command that writes files says which, with their sizes (issue 21: the CLI printed nothing after writing)."""

import sys
from pathlib import Path

from typer.testing import CliRunner

from carrom.cli.app import app

sys.path.insert(0, str(Path(__file__).parents[1] / "records"))
from records_play import header, play_match  # noqa: E402

from carrom.records import save_record  # noqa: E402

runner = CliRunner()


def test_the_board_drawing_names_its_files(tmp_path):
    svg, png = tmp_path / "board.svg", tmp_path / "board.png"
    result = runner.invoke(app, ["board", "--svg", str(svg), "--png", str(png), "--size", "64"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"wrote the SVG to {svg} ({svg.stat().st_size:,} bytes)",
                                          f"wrote the PNG to {png} ({png.stat().st_size:,} bytes)"]


def test_the_scorecard_names_each_file(tmp_path):
    path = save_record(play_match(header(), [0, 1, 0]), tmp_path / "m.json")
    outs = {kind: tmp_path / f"card.{kind}" for kind in ("html", "pdf", "csv")}
    result = runner.invoke(app, ["scorecard", str(path)] + [arg for kind, out in outs.items()
                                                            for arg in (f"--{kind}", str(out))])
    assert result.exit_code == 0, result.output
    for kind, out in outs.items():
        assert f"wrote the {kind.upper()} scorecard to {out} ({out.stat().st_size:,} bytes)" in result.output
