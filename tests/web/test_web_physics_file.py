"""``carrom serve --physics FILE`` and ``carrom play --physics FILE`` (issue 20): the board a club calibrated
(``carrom calibrate``'s model file) is the one its server's new matches and practice play, named in each match's
record; a bad file stops the command before it listens, with the file's problem named."""

import json

import pytest
import uvicorn
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from carrom.cli.app import app
from carrom.physics import board_speed
from carrom.physics.model_file import load_model_file, model_file_dict, model_name
from carrom.practice import Aim, Position, predict
from carrom.web.practice import prediction_view
from carrom.web.stored import record_of

runner = CliRunner()
HOT_SEAT = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "me", "name": "Bela"}}
AIM = {"along": 0.0, "angle": 0.0, "speed": 6.0}


@pytest.fixture(autouse=True)
def settled(monkeypatch):
    """The server is not started (its run recorded instead) and does not freeze this process's objects."""
    monkeypatch.setattr("carrom.web.warm.settle", lambda: None)
    monkeypatch.setattr("carrom.cli.web._warm_with_progress", lambda: 0.0)
    calls = []

    def run(self):
        calls.append(self.config)
        self.started = True
    monkeypatch.setattr(uvicorn.Server, "run", run)
    return calls


def test_a_served_model_file_is_the_board_of_new_matches_and_practice(tmp_path, settled):
    """Before, the web app played the presets only: a club's calibrated board could not be played online."""
    model = tmp_path / "club.json"
    model.write_text(json.dumps(model_file_dict("v4", {"mu": 0.14, "restitution_cushion": 0.7}), indent=2))
    params = load_model_file(model)
    db = f"sqlite:///{tmp_path / 'club.db'}"
    result = runner.invoke(app, ["serve", "--port", "8771", "--db", db, "--physics", str(model)])
    assert result.exit_code == 0, result.output
    assert str(model) in result.output
    # a name `serve` answers (web/hosts.py: another Host is refused 400)
    with TestClient(settled[0].app, base_url="http://127.0.0.1:8771") as client:
        made = client.post("/api/rooms", json={"players": HOT_SEAT}).json()
        fast = client.post("/api/rooms", json={"players": HOT_SEAT, "board_speed": "fast"}).json()
        with client.websocket_connect(f"ws://127.0.0.1:8771/ws/{made['room']}?token={made['token']}") as ws:
            state = ws.receive_json()
            assert state["physics"] == model_name(params) and state["board_speed"] is None
            lo, hi = state["legal"][0]
            ws.send_json({"type": "strike", "along": (lo + hi) / 2, "angle": 0.0, "speed": 5.0, "seq": 1})
            after = ws.receive_json()
            assert after["type"] == "state" and after["shot"]["duration"] > 0
        hub = settled[0].app.state.hub
        assert hub.live[made["room"]].room.game.params == params
        assert hub.live[fast["room"]].room.game.params == board_speed("fast"), "a board speed asked for is kept"
        stored = record_of(hub.store.get(made["room"]))  # the record as stored: it replays without the file
        assert stored.header.physics == model_name(params) and json.loads(model_name(params))["parameters"]
        position = client.get("/api/practice/opening").json()["position"]
        served = client.post("/api/practice/predict", json={"position": position, "aim": AIM}).json()
        assert served == prediction_view(predict(Position.from_dict(position), Aim(**AIM), params))
        assert served != prediction_view(predict(Position.from_dict(position), Aim(**AIM)))


@pytest.mark.parametrize("command", ["serve", "play"])
@pytest.mark.parametrize("content, named", [
    ('{"carrom_physics_model": 1, "base": "v4", "parameters": {"mu": "fast"}}', "parameters.mu"),
    ('{"carrom_physics_model": 1, "base": "v9"}', "base"),
    ("{not json", "not JSON"),
    (None, "does not exist"),
])
def test_a_bad_model_file_stops_the_command_before_it_listens(tmp_path, settled, command, content, named):
    model = tmp_path / "club.json"
    if content is not None:
        model.write_text(content)
    result = runner.invoke(app, [command, "--port", "8772", "--db", str(tmp_path / "x.db") if command == "play"
                                 else f"sqlite:///{tmp_path / 'x.db'}", "--physics", str(model), "--no-browser"][
                                     : None if command == "play" else -1])
    assert result.exit_code != 0 and not settled
    assert "--physics" in result.output and named in result.output and "Traceback" not in result.output
