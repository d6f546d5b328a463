"""Records on disk: save → load gives the same record, and replay reproduces every ruling and score.

Complete matches for every variant and a doubles match are played through the real referee
(tests/records/records_play.py), written, read back and replayed.
"""

import json
import os
from pathlib import Path

import pytest

from carrom.records import RecordError, dumps, load_record, save_record
from carrom.records.referee import VARIANTS
from carrom.records.replay import replay
from records_play import header, play_match

DATA = Path(__file__).parent / "data"


def rulings(record):
    return [(s.path, [(d.law, d.text) for d in s.ruling.decisions]) for s in replay(record).steps]


def scores(record):
    snap = replay(record).match
    from carrom.records.referee import board_results, snapshot

    return board_results(snap, record.header), snapshot(snap, record.header)


@pytest.mark.parametrize("variant", VARIANTS)
def test_complete_match_round_trips_and_replays(tmp_path, variant):
    """ICF 52–57: boards won in turn to the end of the match; the file reproduces it all."""
    record = play_match(header(variant), [0, 1, 0], due=True)
    path = save_record(record, tmp_path / "m.json")
    back = load_record(path)
    assert back.to_dict() == record.to_dict()
    assert back.entries == record.entries and back.positions == record.positions
    assert rulings(back) == rulings(record)
    assert scores(back) == scores(record)
    assert scores(back)[1].over
    assert dumps(back) == path.read_text()


def test_doubles_match_round_trips(tmp_path):
    """ICF 28, 49 b, 78 b: four seats, the turn to the right, partners opposite."""
    record = play_match(header(kind="doubles"), [1, 0, 0], due=True)
    seats = {e.seat for e in record.entries}
    assert seats == {"south", "east", "north", "west"}
    back = load_record(save_record(record, tmp_path / "d.json"))
    assert back.to_dict() == record.to_dict()
    assert rulings(back) == rulings(record)
    results, final = scores(back)
    assert final.over and final.winner in (0, 1)


def test_every_ruling_names_a_law():
    """DESIGN: every ruling names its law (ICF 72 a for the due, ICF 78 a for its placing...)."""
    for _, decisions in rulings(play_match(header(), [0, 1], due=True)):
        assert decisions and all(law for law, _ in decisions)


def test_the_documented_example_loads_and_replays():
    """docs/record-format.md's example is this file, byte for byte."""
    path = DATA / "example.json"
    record = load_record(path)
    assert dumps(record) == path.read_text()
    doc = (Path(__file__).parents[2] / "docs" / "record-format.md").read_text()
    assert path.read_text().strip() in doc
    assert replay(record).steps


def test_text_source_and_path_source_agree(tmp_path):
    text = (DATA / "example.json").read_text()
    assert load_record(text).to_dict() == load_record(DATA / "example.json").to_dict()


def test_save_is_atomic(tmp_path, monkeypatch):
    """A failed write leaves the old file whole and no temporary file behind."""
    record = play_match(header(), [0])
    path = save_record(record, tmp_path / "m.json")
    before = path.read_bytes()

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    record.entries.pop()
    record.positions.pop()
    with pytest.raises(RecordError, match="No space left"):
        save_record(record, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]


def test_newer_version_refused_clearly():
    data = json.loads((DATA / "example.json").read_text())
    data["version"] = 2
    with pytest.raises(RecordError, match=r"^version: format version 2 is not supported.*upgrade carrom"):
        load_record(json.dumps(data))


def test_unsaved_directory_is_a_record_error(tmp_path):
    with pytest.raises(RecordError, match="cannot write"):
        save_record(play_match(header(), [0]), tmp_path / "missing" / "m.json")


def test_the_example_is_what_its_builder_builds():
    """tests/records/records_example.py regenerates the example; the two must not drift apart."""
    from records_example import build

    assert dumps(build()) == (DATA / "example.json").read_text()
