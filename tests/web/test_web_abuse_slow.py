"""Issue 43.4: slowloris on a real ``carrom serve``: a request whose headers do not end within
``Limits.header_seconds`` is dropped, and one address holds at most ``Limits.http_connections_per_address``
HTTP connections at once; a websocket leaves that count, and the server keeps answering others; websockets
opened a second per address are counted too (``Limits.openings_per_address``)."""

import base64
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from conftest import free_port


@pytest.fixture
def served(tmp_path):
    port = free_port()
    env = os.environ | {"CARROM_LIMITS": "http_connections_per_address=5,header_seconds=1,"
                                         "http_per_address=100000/second,openings_per_address=3/5seconds"}
    server = subprocess.Popen([str(Path(sys.executable).with_name("carrom")), "serve", "--host", "127.0.0.1",
                               "--port", str(port), "--db", f"sqlite:///{tmp_path / 'x.db'}"], env=env, cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/umpire/options", timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.2)
        yield port
    finally:
        server.terminate()
        server.wait(20)


def half_sent(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET /api/umpire/options HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return s


def dropped(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        return s.recv(100) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_headers_that_do_not_end_in_time_are_dropped(served):
    slow = half_sent(served)
    start = time.monotonic()
    assert dropped(slow, 5.0)
    assert 0.8 < time.monotonic() - start < 3.0
    with httpx.Client(base_url=f"http://127.0.0.1:{served}", timeout=5) as client:  # kept alive past the second
        assert client.get("/api/umpire/options").status_code == 200
        time.sleep(1.5)
        assert client.get("/api/umpire/options").status_code == 200


def test_one_address_holds_at_most_its_connections(served):
    held = [half_sent(served) for _ in range(5)]
    time.sleep(0.2)
    over = half_sent(served)
    assert dropped(over, 0.5)  # the sixth at once is dropped at once
    for s in held:
        s.close()
    time.sleep(0.3)
    assert httpx.get(f"http://127.0.0.1:{served}/api/umpire/options", timeout=5).status_code == 200


def opening(port: int) -> bytes:
    """The answer's status line to a websocket's opening (a room that does not exist: the socket opens, then 4404)."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall(f"GET /ws/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        s.settimeout(5)
        return s.recv(200).split(b"\r\n")[0]


def test_websockets_opened_a_second_per_address_are_counted(served):
    """Three openings in five seconds (a window wide enough for a loaded machine to open four inside it)."""
    start = time.monotonic()
    answers = [opening(served) for _ in range(4)]
    assert time.monotonic() - start < 5, "the four openings took longer than the window"
    assert [b" 101 " in a for a in answers] == [True, True, True, False], answers
    assert b" 429 " in answers[3]
    time.sleep(max(0.0, start + 5.1 - time.monotonic()))
    assert b" 101 " in opening(served)
