"""``carrom replay``: every action, its ruling with the law, the running and final score."""

import json
import sys
from pathlib import Path

from typer.testing import CliRunner

from carrom.cli.app import app

sys.path.insert(0, str(Path(__file__).parents[1] / "records"))
from records_play import header, play_match  # noqa: E402

from carrom.records import save_record  # noqa: E402
from carrom.records.describe import final_lines  # noqa: E402
from carrom.records.replay import replay  # noqa: E402

runner = CliRunner()
EXAMPLE = Path(__file__).parents[1] / "records" / "data" / "example.json"


def test_replay_prints_rulings_with_laws_and_the_final_score(tmp_path):
    """ICF 52–57 over a whole match: each decision is printed with its law."""
    record = play_match(header(), [0, 1, 0], due=True)
    path = save_record(record, tmp_path / "m.json")
    result = runner.invoke(app, ["replay", str(path)], terminal_width=200)
    assert result.exit_code == 0, result.output
    steps = replay(record).steps
    for step in steps:
        for d in step.ruling.decisions:
            assert d.law in result.output
    for line in final_lines(replay(record).match, record.header):
        assert line in result.output
    assert "match won by" in result.output


def test_replay_json(tmp_path):
    record = play_match(header(kind="doubles"), [1], due=True)
    path = save_record(record, tmp_path / "m.json")
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert len(doc["steps"]) == len(record.entries)
    assert all(step["decisions"] and all(d["law"] for d in step["decisions"]) for step in doc["steps"])
    assert doc["final"]["over"] is True


def test_replay_of_the_example():
    result = runner.invoke(app, ["replay", str(EXAMPLE)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "game 1, board 1" in result.output


def test_bad_file_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    data = json.loads(EXAMPLE.read_text())
    data["games"][0]["boards"][0]["actions"][0]["outcome"] = {"pocketed": ["blu"]}
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert lines[0] == (f"error: {bad}: games[0].boards[0].actions[0].outcome.pocketed[0]: "
                        "'blu' is not one of white, black, queen")


def test_missing_and_non_json_files(tmp_path):
    result = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "no such file" in result.output
    (tmp_path / "x.json").write_text("not json")
    result = runner.invoke(app, ["replay", str(tmp_path / "x.json")])
    assert result.exit_code == 2 and "not valid JSON" in result.output
