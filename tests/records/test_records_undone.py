"""Undone entries leave a trace in the record: a protest (ICF 145-151) may need what the umpire entered and took
back, and when. Replay and the scorecard ignore the trace; records without one load as before."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from records_play import header  # noqa: E402

from carrom.records import RecordError, load_record  # noqa: E402
from carrom.records.scorecard.build import build_card  # noqa: E402
from carrom.records.session import Session  # noqa: E402

TIMES = iter(f"2026-11-22T14:{m:02d}:00+00:00" for m in range(60))


def test_an_undone_entry_is_kept_with_its_time_and_ignored_by_replay_and_scorecard(tmp_path):
    """ICF 145: a protest is lodged with the umpire at once and in writing after; the record keeps the stroke that
    was entered and undone (ws: a white with the striker, ICF 73), where it was played and when it was undone."""
    path = tmp_path / "m.json"
    s = Session.start(header(), path, clock=lambda: next(TIMES))
    for line in ("w", "ws", "undo", "b"):
        s.enter(line)
    data = json.loads(path.read_text())
    assert data["undone"] == [{"game": 1, "board": 1, "undone_at": "2026-11-22T14:02:00+00:00",
                               "action": {"type": "stroke", "seat": "south", "outcome": {"pocketed": ["white"],
                                          "striker": True}, "at": "2026-11-22T14:01:00+00:00"}}]
    loaded = load_record(path)
    assert [e.to_dict() for e in loaded.undone] == [e.to_dict() for e in s.record.undone]
    assert len(loaded.entries) == 2  # w, b: the undone stroke is not played
    plain = dict(data)
    del plain["undone"]
    assert build_card(loaded) == build_card(load_record(json.dumps(plain)))
    assert loaded.replay().match.state == load_record(json.dumps(plain)).replay().match.state


def test_a_bad_trace_is_refused_with_its_path(tmp_path):
    """The trace is checked as strictly as the entries: its action, its place and its time."""
    path = tmp_path / "m.json"
    s = Session.start(header(), path, clock=lambda: "2026-11-22T14:00:00+00:00")
    s.enter("w")
    s.enter("undo")
    data = json.loads(path.read_text())
    data["undone"][0]["undone_at"] = "yesterday"
    with pytest.raises(RecordError, match=r"undone\[0\]\.undone_at"):
        load_record(json.dumps(data))
