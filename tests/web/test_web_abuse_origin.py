"""Issue 43.8 (Origin): on a real server, a page of another site cannot change anything: its ``text/plain`` POST
that would create a room, an event or an umpire's match, and its websocket's opening, are answered 403 and
nothing is made; the same requests from the server's own pages, or from a client that is not a browser (no
``Origin``), are served."""

import base64
import os
import socket

import httpx
import pytest

ROOM = '{"players": {"south": {"type": "me", "name": "Asha"}, "north": {"type": "open"}}}'
EVENT = '{"name": "Open", "players": ["Asha Rao", "Ravi Kumar"]}'
UMPIRE = ('{"variant": "icf", "kind": "singles", "first_breaker": "south", "players": {"south": {"name": "Asha"}, '
          '"north": {"name": "Ravi"}}}')
CREATIONS = {"a room": ("/api/rooms", ROOM), "an event": ("/api/desk", EVENT), "an umpire's match": ("/api/umpire",
                                                                                                     UMPIRE)}


@pytest.mark.parametrize("what", CREATIONS)
def test_a_page_of_another_site_creates_nothing(server, what):
    path, body = CREATIONS[what]
    own = server.url.rstrip("/")
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for origin, sites in (("http://evil.example", {}), ("null", {}), (None, {"Sec-Fetch-Site": "cross-site"})):
            headers = {"Content-Type": "text/plain"} | ({"Origin": origin} if origin else {}) | sites
            r = client.post(path, content=body, headers=headers)
            assert r.status_code == 403, r.text
            assert "another site" in r.json()["error"]
        assert client.get("/api/t/1").status_code == 404  # no event was made
        assert client.post(path, content=body, headers={"Origin": own, "Sec-Fetch-Site": "same-origin"}).status_code == 200
        assert client.post(path, content=body).status_code == 200  # not a browser
        assert client.get("/", headers={"Origin": "http://evil.example"}).status_code == 200  # reading is not a change


def test_a_websocket_opened_by_another_site_is_refused(server):
    def opening(origin: str) -> bytes:
        with socket.create_connection(("127.0.0.1", server.port)) as s:
            key = base64.b64encode(os.urandom(16)).decode()
            s.sendall(f"GET /ws/nothing HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: {origin}\r\n"
                      f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                      f"Sec-WebSocket-Version: 13\r\n\r\n".encode())
            s.settimeout(5)
            return s.recv(200).split(b"\r\n")[0]

    assert b" 403 " in opening("http://evil.example")
    assert b" 101 " in opening(f"http://127.0.0.1:{server.port}")
