"""``carrom play`` and ``carrom serve``: the web app on this machine, or hosted for others (docs/web.md)."""

from __future__ import annotations

import socket
import threading
import time
import webbrowser
from pathlib import Path

import typer

from carrom.cli.common import fail


def _free(host: str, port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind((host, port))
            return True
        except OSError:
            return False


def _open_when_up(server, url: str) -> None:  # noqa: ANN001
    """Open the browser once the server answers (not before: the page would fail to load)."""
    for _ in range(200):
        if server.started:
            webbrowser.open(url)
            return
        time.sleep(0.05)


def _run(host: str, port: int, db: str, open_browser: bool) -> None:
    import uvicorn

    from carrom.store import StoreError
    from carrom.web import create_app

    if not _free(host, port):
        fail(f"port {port} on {host} is in use: choose another with --port")
    try:
        app = create_app(db)
    except StoreError as exc:
        fail(str(exc))
    shown = "localhost" if host in ("0.0.0.0", "127.0.0.1", "::") else host
    url = f"http://{shown}:{port}/"
    resumed = len(app.state.hub.resumed)
    typer.echo(f"carrom is at {url}  (database: {db}"
               + (f"; {resumed} unfinished match{'es' if resumed != 1 else ''} resumed" if resumed else "")
               + "; Ctrl+C stops it)")
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning"))
    if open_browser:
        threading.Thread(target=_open_when_up, args=(server, url), daemon=True).start()
    server.run()


def register(app: typer.Typer) -> None:
    @app.command()
    def play(
        port: int = typer.Option(8000, help="Port of the local server."),
        db: Path = typer.Option(Path("carrom.db"), help="The SQLite file that keeps every match."),
        browser: bool = typer.Option(True, help="Open the browser."),
    ) -> None:
        """Play in the browser: against the computer, with people on this device, or online."""
        from carrom.store import sqlite_url

        _run("127.0.0.1", port, sqlite_url(str(db)), browser)

    @app.command()
    def serve(
        host: str = typer.Option("0.0.0.0", help="Address to listen on."),
        port: int = typer.Option(8000, help="Port."),
        db: str = typer.Option("sqlite:///carrom.db", help="Database URL: an SQLite file or postgresql+psycopg://..."),
    ) -> None:
        """Host the web app for others: rooms are shared by link; every stroke is stored in the database."""
        _run(host, port, db, False)
