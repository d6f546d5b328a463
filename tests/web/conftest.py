"""A real server on a free port, in a thread, on a fresh SQLite file; and Debian's chromium through Playwright.

``db_url``: the store and durability tests run twice, on a fresh SQLite file and on a fresh
PostgreSQL database of the throwaway cluster scripts/test starts (``CARROM_TEST_POSTGRES``).
"""

import os
import socket
import threading
import time
from pathlib import Path

import pytest
import uvicorn

from carrom.web import create_app
from carrom.web.app import SERVER_OPTIONS

CHROMIUM = "/usr/bin/chromium"
# every test's clients come from one address (127.0.0.1, or TestClient's): the limits per address lifted for the
# servers these tests start, as for clients from many addresses; the tests of those limits give their own Limits
os.environ.setdefault("CARROM_LIMITS", "http_per_address=100000/second,messages_per_address=100000/second,"
                                       "connections_per_address=20000,http_connections_per_address=20000,"
                                       "openings_per_address=100000/second")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """uvicorn serving the app in a background thread."""

    def __init__(self, db_url: str, bot_pause: float = 0.0, port: int | None = None, **options) -> None:
        self.port = port or free_port()
        self.app = create_app(db_url, bot_pause=bot_pause, **options)
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                                   **SERVER_OPTIONS))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def __enter__(self) -> "Server":
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return self
            time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)


# sqlite_db, postgresql_db, db_url: tests/conftest.py (shared with the tournament desk's tests)


@pytest.fixture
def server(sqlite_db):
    with Server(sqlite_db, bot_pause=0.05) as s:
        yield s


@pytest.fixture
def make_server():
    """Start servers at will (a restart: a second one on the first one's port and database)."""
    return Server


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: scripts/test installs Debian's chromium (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def artifacts(tmp_path):
    """Where screenshots go: $CARROM_ARTIFACTS (scripts/figures sets it), else test-artifacts/ in the checkout
    (gitignored)."""
    out = Path(os.environ.get("CARROM_ARTIFACTS") or Path(__file__).resolve().parents[2] / "test-artifacts")
    out.mkdir(parents=True, exist_ok=True)
    return out
