"""Issue 43.3: SIGTERM stops ``carrom serve`` within its graceful deadline even with a stalled websocket attached
(a client that opened a room's socket, sent a burst and never reads what the server answers): the connections
still open at the deadline are dropped, and the process exits, so a restart on the same port can follow."""

import base64
import os
import signal
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import httpx

from carrom.web.app import SERVER_OPTIONS

from conftest import free_port


def frame(text: bytes) -> bytes:
    """A client's masked text frame (the mask of zeros: the payload as it is)."""
    assert len(text) < 126
    return struct.pack("!BB", 0x81, 0x80 | len(text)) + b"\0\0\0\0" + text


def test_sigterm_stops_the_server_within_its_deadline_with_a_stalled_client(tmp_path):
    deadline = SERVER_OPTIONS["timeout_graceful_shutdown"]
    port = free_port()
    env = os.environ | {"CARROM_LIMITS": "messages_per_address=100000/second"}
    server = subprocess.Popen([str(Path(sys.executable).with_name("carrom")), "serve", "--host", "127.0.0.1", "--port", str(port),
                               "--db", f"sqlite:///{tmp_path / 'x.db'}"], env=env, cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stalled = socket.socket()
    try:
        for _ in range(600):
            try:
                room = httpx.post(f"http://127.0.0.1:{port}/api/rooms", json={"players": {"south": {"type": "me", "name": "Asha"}, "north": {"type": "open"}}},
                                  timeout=5).json()["room"]
                break
            except httpx.TransportError:
                time.sleep(0.2)
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        stalled.sendall(f"GET /ws/{room} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        assert b" 101 " in stalled.recv(1024)
        stalled.setblocking(False)
        for i in range(80_000):  # each one answered with an error the client never reads
            try:
                stalled.send(frame(b'{"seq": %d, "type": "nonsense-nonsense-nonsense-nonsense-nonsense-nonsense-nonsense-x"}' % (i + 1)))
            except BlockingIOError:
                time.sleep(0.001)
        start = time.monotonic()
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(deadline + 10)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still running {deadline + 10} s after SIGTERM") from None
        took = time.monotonic() - start
        assert took < deadline + 10, f"{took:.1f} s"  # the deadline, then the app's own stop, on a loaded machine
        log = server.stderr.read().decode()
        assert "Traceback" not in log, log
    finally:
        stalled.close()
        if server.poll() is None:
            server.kill()
            server.wait()
