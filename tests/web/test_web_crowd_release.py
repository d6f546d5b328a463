"""A connection the server closes is let go by a deadline (issue 43, findings 2 and 6): real server, real sockets. A
room's watcher closed for falling behind whose client never reads the close is dropped, its handler returns and its
slot is counted back; a binary frame on a room is closed with 1003 as docs/web.md says, not 1006."""

import random
import time
from dataclasses import replace

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import carrom.web.fanout as fanout
from carrom.web.limits import Limits
from conftest import Server
from test_web_crowd import WAIT, Client, actions_of, new_room, play_until_one_is_closed, stalled
from test_web_umpire_fanout import per_address


def test_a_watcher_closed_for_falling_behind_is_let_go_by_the_deadline(sqlite_db, monkeypatch):
    """The close of a watcher behind waited for its client to read: ESTABLISHED for good, its handler never returned
    and its slot was never given back. Now, a second after the close, the socket is gone and the count is back."""
    monkeypatch.setattr(fanout.Outbox, "deadline", 1.0, raising=False)
    rng = random.Random(8)
    limits = replace(Limits.from_env(), rate=10_000, burst=10_000, stall=1.0)
    with Server(sqlite_db, limits=limits) as srv:
        counter = per_address(srv.app)
        a = new_room(srv.url)
        player = Client(srv.port, a["room"], a["token"])
        idle = stalled(srv.port, a["room"])
        live = srv.app.state.hub.live[a["room"]]
        try:
            play_until_one_is_closed(player, [], live, rng)
            until = time.monotonic() + 1.0 + WAIT / 3
            while (counter.total > 1 or len(live.connections) > 1) and time.monotonic() < until:
                time.sleep(0.05)
            assert counter.total == 1 and len(live.connections) == 1, "the stalled watcher is let go"
            player.send({"type": "concede", "what": "match"})
            while not player.state["over"]:
                player.answer()
            assert actions_of(player.state) > 0
        finally:
            player.close()
            idle.close_socket()


def test_a_binary_frame_on_a_room_closes_with_1003_on_a_real_server(sqlite_db):
    """The close task was left to run after the handler returned, and uvicorn closed the socket first (1006)."""
    with Server(sqlite_db) as srv:
        a = new_room(srv.url)
        with connect(f"ws://127.0.0.1:{srv.port}/ws/{a['room']}", open_timeout=WAIT) as ws:
            ws.recv(timeout=WAIT)
            ws.send(b"\x00\x01")
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=WAIT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003, closed.value
