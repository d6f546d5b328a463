"""The fan-out's cost (issue 24): a room's state is worked out and made into JSON once per version of the match,
however many clients connect, and one update is the same text for every connection (real server, real sockets)."""

import json
import random

import httpx
from starlette.websockets import WebSocket
from websockets.sync.client import connect

import carrom.web.rooms as rooms
from web_helpers import legal

HOT_SEAT = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "me", "name": "Bela"}}
WAIT = 30.0


def opened(port: int, room: str, token: str | None = None):
    ws = connect(f"ws://127.0.0.1:{port}/ws/{room}" + (f"?token={token}" if token else ""), max_size=2**24,
                 open_timeout=WAIT).__enter__()
    return ws, json.loads(ws.recv(timeout=WAIT))


def test_a_crowd_connecting_costs_one_state_and_an_update_is_one_text_for_every_connection(server, monkeypatch):
    """Each connection's first state was worked out again (``state_view``, the log's words, the JSON) on the event
    loop: a thousand watchers arriving, or reconnecting after a 4008, cost a thousand. Now it is worked out once per
    version of the match; a stroke's update is worked out once and the same text object goes to every connection;
    each client still gets the seats it plays and the server's time of its own."""
    views, sent = [], []
    state_view = rooms.state_view
    monkeypatch.setattr(rooms, "state_view", lambda *a: views.append(1) or state_view(*a))
    send_text = WebSocket.send_text

    async def recorded(self, text):
        sent.append((id(self), text))
        return await send_text(self, text)

    monkeypatch.setattr(WebSocket, "send_text", recorded)
    made = httpx.post(f"{server.url}api/rooms", json={"players": HOT_SEAT}).json()
    room, token = made["room"], made["token"]
    player, first = opened(server.port, room, token)
    watchers = [opened(server.port, room) for _ in range(12)]
    assert len(views) == 1, "twelve watchers and a player connected: the state was worked out once"
    assert first["you"] == ["south", "north"] and first["links"]["watch"] == f"/room/{room}"
    for _, state in watchers:
        assert state["you"] == [] and "links" not in state and isinstance(state["now"], float)
        assert {k: v for k, v in state.items() if k not in ("you", "now")} == \
            {k: v for k, v in first.items() if k not in ("you", "now", "links")}

    sent.clear()
    player.send(json.dumps(legal(first, random.Random(3)) | {"seq": 1}))
    answer = json.loads(player.recv(timeout=WAIT))
    assert answer["type"] == "state" and answer["log"], answer
    seen = [json.loads(ws.recv(timeout=WAIT)) for ws, _ in watchers]
    assert all(s == answer for s in seen), "every watcher sees the player's update"
    updates = [text for _, text in sent if json.loads(text).get("type") == "state"]
    assert len(updates) == 13 and len({id(t) for t in updates}) == 1, "one text object for all thirteen connections"
    assert len(views) == 2, "the stroke's state was worked out once"

    late = [opened(server.port, room) for _ in range(3)]
    assert len(views) == 3, "three late watchers: the new version's state once"
    assert all(s["log"] == answer["log"] and s["expected"] == answer["expected"] for _, s in late)
    for ws, _ in [(player, None), *watchers, *late]:
        ws.close()
