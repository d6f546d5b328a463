"""The operator's side: a server killed with kill -9 is restarted on the same port at once and has lost nothing
(on SQLite and on PostgreSQL); scripts/play installs once."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from conftest import free_port
from test_web_umpire import MATCH, enter, new_match

ROOT = Path(__file__).resolve().parents[2]
SERVE = "from carrom.cli.app import main; main()"


def start(port: int, db: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", db], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=os.environ | {"PYTHONPATH": str(ROOT / "src")})


def wait_until_it_answers(proc: subprocess.Popen, port: int, limit: float = 90.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server stopped: {proc.stdout.read()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the server never answered")


def get(sock: socket.socket) -> bytes:
    sock.sendall(b"GET /api/geometry HTTP/1.1\r\nHost: localhost\r\n\r\n")
    return sock.recv(65536)


def test_a_server_killed_with_kill_9_is_restarted_on_the_same_port_at_once_and_lost_nothing(db_url):
    port, db = free_port(), db_url
    first = start(port, db)
    try:
        wait_until_it_answers(first, port)
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
            m = new_match(http, MATCH)
            assert enter(http, m, "w").status_code == 200  # answered: committed
        client = socket.create_connection(("127.0.0.1", port))
        assert get(client).startswith(b"HTTP/1.1 200")  # a kept-alive connection, as a page holds
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        client.close()  # the server's end of it now waits in TIME-WAIT
    finally:
        first.kill()
    second = start(port, db)
    try:
        wait_until_it_answers(second, port)
        with socket.create_connection(("127.0.0.1", port)) as again:
            assert get(again).startswith(b"HTTP/1.1 200")
        saved = httpx.get(f"http://127.0.0.1:{port}/api/umpire/{m['id']}").json()
        assert saved["entries"] == 1 and saved["log"][0]["entry"].endswith("strikes: w")
    finally:
        second.kill()
        output = second.communicate(timeout=10)[0]
    assert "in use" not in output and "carrom is at" in output


def test_scripts_play_runs_pip_only_when_pyproject_changed(tmp_path):
    """ensure_venv with a stand-in venv whose python logs each call: pip runs once per pyproject.toml."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    log = tmp_path / "calls"
    (bin_dir / "python").write_text(f'#!/bin/sh\necho "$*" >> {log}\n')
    (bin_dir / "python").chmod(0o755)
    run = f"cd {tmp_path} && source {ROOT / 'scripts/lib/setup.sh'} && ensure_venv"

    def pip_calls() -> int:
        subprocess.run(["bash", "-c", run], check=True)
        return sum("pip install" in line for line in log.read_text().splitlines()) if log.exists() else 0

    assert pip_calls() == 1
    assert pip_calls() == 1  # nothing changed: no pip
    with open(tmp_path / "pyproject.toml", "a") as f:
        f.write("\n# a new dependency\n")
    assert pip_calls() == 2
