"""``carrom board`` and ``carrom check-board``."""

import json
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

from carrom.cli.app import app

runner = CliRunner()


def classes(path, cls):
    root = ET.parse(path).getroot()
    return [e for e in root.iter() if cls in e.get("class", "").split()]


def test_writes_the_icf_board_with_the_opening(tmp_path):
    out = tmp_path / "board.svg"
    result = runner.invoke(app, ["board", "--svg", str(out)])
    assert result.exit_code == 0, result.output
    assert len(classes(out, "piece")) == 19
    assert len(classes(out, "pocket")) == 4
    assert len(classes(out, "base-circle")) == 8


def test_no_pieces_and_rotation(tmp_path):
    empty, turned, plain = tmp_path / "e.svg", tmp_path / "t.svg", tmp_path / "p.svg"
    assert runner.invoke(app, ["board", "--svg", str(empty), "--no-pieces"]).exit_code == 0
    assert classes(empty, "piece") == []
    assert runner.invoke(app, ["board", "--svg", str(turned), "--rotation", "30"]).exit_code == 0
    assert runner.invoke(app, ["board", "--svg", str(plain)]).exit_code == 0
    a = [(e.get("cx"), e.get("cy")) for e in classes(turned, "piece")]
    b = [(e.get("cx"), e.get("cy")) for e in classes(plain, "piece")]
    assert a[0] == b[0] and a[1:] != b[1:]  # the queen stays on the centre


def test_svg_to_stdout():
    result = runner.invoke(app, ["board", "--no-pieces", "--size", "100"])
    assert result.exit_code == 0
    root = ET.fromstring(result.stdout)
    assert root.get("width") == "100"


def test_png(tmp_path):
    out = tmp_path / "board.png"
    result = runner.invoke(app, ["board", "--png", str(out), "--size", "120", "--legal"])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_unwritable_path_is_a_clear_error(tmp_path):
    out = tmp_path / "missing-dir" / "board.svg"
    result = runner.invoke(app, ["board", "--svg", str(out)])
    assert result.exit_code == 2
    assert "cannot write the SVG" in result.output and "missing-dir" in result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)


def test_check_board_lists_every_problem(tmp_path):
    dims = tmp_path / "dims.json"
    dims.write_text(json.dumps({"A": 75, "E": 0.7, "F": 10.15}))
    result = runner.invoke(app, ["check-board", str(dims)])
    assert result.exit_code == 1
    assert "playing_side (letter A) is 75.00 cm" in result.output
    assert "baseline_thickness (letter E) is 0.70 cm" in result.output
    assert "baseline_from_frame" not in result.output


def test_check_board_ok_and_french(tmp_path):
    dims = tmp_path / "dims.json"
    dims.write_text(json.dumps({"A": 73.6, "frame_height": 2.0}))
    ok = runner.invoke(app, ["check-board", str(dims)])
    assert ok.exit_code == 0 and "within the icf tolerances" in ok.output
    fr = runner.invoke(app, ["check-board", str(dims), "--spec", "fr-official"])
    assert fr.exit_code == 0 and "not checked: frame_height" in fr.output


@pytest.mark.parametrize(
    "content,needle",
    [("{not json", "not valid JSON"), ("[1, 2]", "JSON object"), ('{"Q": 1}', "unknown board dimension 'Q'")],
)
def test_check_board_bad_files(tmp_path, content, needle):
    dims = tmp_path / "dims.json"
    dims.write_text(content)
    result = runner.invoke(app, ["check-board", str(dims)])
    assert result.exit_code == 2
    assert needle in result.output


def test_draw_a_measured_board(tmp_path):
    dims, out = tmp_path / "dims.json", tmp_path / "b.svg"
    dims.write_text(json.dumps({"A": 73.5, "B": 6.5}))
    result = runner.invoke(app, ["board", "--dimensions", str(dims), "--svg", str(out)])
    assert result.exit_code == 0, result.output
    assert ET.parse(out).getroot().get("viewBox") == "0 0 865 865"
