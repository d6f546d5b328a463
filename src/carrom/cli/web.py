"""``carrom play`` and ``carrom serve``: the web app on this machine, or hosted for others."""

from __future__ import annotations

import socket
import threading
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
    url = f"http://{'localhost' if host in ('0.0.0.0', '127.0.0.1') else host}:{port}/"
    typer.echo(f"carrom is at {url}  (database: {db}; Ctrl+C stops it)")
    if open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning")


def register(app: typer.Typer) -> None:
    @app.command()
    def play(
        port: int = typer.Option(8000, help="Port of the local server."),
        db: Path = typer.Option(Path("carrom.db"), help="The SQLite file that keeps every match."),
        browser: bool = typer.Option(True, help="Open the browser."),
    ) -> None:
        """Play in the browser: against the computer, with people on this device, or online."""
        _run("127.0.0.1", port, f"sqlite:///{db}", browser)

    @app.command()
    def serve(
        host: str = typer.Option("0.0.0.0", help="Address to listen on."),
        port: int = typer.Option(8000, help="Port."),
        db: str = typer.Option("sqlite:///carrom.db", help="Database URL (SQLite file or postgresql://...)."),
    ) -> None:
        """Host the web app for others (rooms are shared by link)."""
        _run(host, port, db, False)
