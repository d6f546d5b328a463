"""``carrom play`` and ``carrom serve``: the web app on this machine, or hosted for others (docs/web.md).

``carrom serve --workers N`` runs N server processes on one port (uvicorn's workers), all on
one PostgreSQL database: any of them serves any room, the database holds every match, and
each hears the others' writes (docs/web.md, Several servers). An SQLite file serves one
process only, so it refuses more.
"""

from __future__ import annotations

import errno
import os
import socket
import threading
import time
import webbrowser
from pathlib import Path

import typer

from carrom.cli.common import fail
from carrom.i18n import N_


def _check_address(host: str, port: int) -> None:
    """Fail with one line unless the server can listen at host:port.

    SO_REUSEADDR, as uvicorn's own socket: the connections of a server just stopped (even
    by kill -9) wait in TIME-WAIT for a minute, and must not keep its successor off the port.
    """
    if not 0 <= port < 65536:
        fail(f"--port must be a port number from 0 (any free port) to 65535, not {port}")
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                fail(f"port {port} on {host} is in use: choose another with --port")
            fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")


def _open_when_up(server, url: str) -> None:  # noqa: ANN001
    """Open the browser once the server answers (not before: the page would fail to load).

    A machine with no browser (a server, a container) gets a sentence, not silence.
    """
    for _ in range(200):
        if server.started:
            try:
                opened = webbrowser.open(url)
            except webbrowser.Error:
                opened = False
            if not opened:
                typer.echo(f"no browser could be opened on this machine: open {url} in one")
            return
        time.sleep(0.05)


def _warm_with_progress() -> float:
    """Make the physics ready, saying each step: after an install numba compiles for a minute or more."""
    from carrom.web.warm import WARM_STEPS, warm

    typer.echo("preparing the physics (after an install or an update numba compiles it once: "
               "up to a few minutes; then about a second)")

    def step(i: int, what: str) -> None:
        typer.echo(f"  {i}/{WARM_STEPS} {what}…")

    seconds = warm(step)
    typer.echo(f"physics ready in {seconds:.1f} s")
    return seconds


WORKER_DB, WORKER_IDLE, WORKER_GRACE = "CARROM_WORKER_DB", "CARROM_WORKER_MATCH_IDLE", "CARROM_WORKER_GRACE"  # what each worker process is told
WORKER_PHYSICS = "CARROM_WORKER_PHYSICS"  # the board's physics, inline (carrom.physics.model_file.model_name)
WORKER_HOSTS, WORKER_PUBLIC = "CARROM_WORKER_HOSTS", "CARROM_WORKER_PUBLIC_URL"  # the names answered, the QR codes' URL


def _options(adjourn_after: float | None, absence_grace: float | None = None) -> dict[str, float]:
    """create_app's options from the command's: hours to seconds, absent ones left to the app's defaults."""
    return ({"match_idle": adjourn_after * 3600} if adjourn_after else {}) | \
        ({"absence_grace": absence_grace} if absence_grace is not None else {})


def worker_app():  # noqa: ANN201
    """The app of one of ``--workers`` processes (uvicorn calls it in each): physics ready before it listens."""
    from carrom.web import create_app
    from carrom.web.warm import settle, warm

    from carrom.physics.model_file import named_or_inline

    warm()
    idle, grace = os.environ.get(WORKER_IDLE), os.environ.get(WORKER_GRACE)
    physics = os.environ.get(WORKER_PHYSICS)  # the parent's model, inline (read and checked once, by the parent)
    from carrom.web.hosts import AllowedHosts

    app = create_app(os.environ[WORKER_DB], **({"match_idle": float(idle)} if idle else {}),
                     **({"absence_grace": float(grace)} if grace else {}),
                     physics=named_or_inline(physics) if physics else None,
                     allowed_hosts=AllowedHosts(tuple(filter(None, os.environ[WORKER_HOSTS].split(","))),
                                                addresses=True)  # no name given: addresses by number only
                     if WORKER_HOSTS in os.environ else None,
                     public_url=os.environ.get(WORKER_PUBLIC) or None)
    settle()
    return app


def _limits(trusted_proxies: list[str]):  # noqa: ANN202
    """The server's limits (``CARROM_LIMITS``, docs/web.md) with the proxies whose X-Forwarded-For is believed: those
    of ``--trusted-proxy`` and of ``CARROM_TRUSTED_PROXIES``; a wrong address or limit ends the command, named."""
    import ipaddress
    from dataclasses import replace

    from carrom.web.limits import Limits

    for address in trusted_proxies:
        try:
            ipaddress.ip_address(address)
        except ValueError:
            fail(f"--trusted-proxy must be an IP address (a proxy in front of this server), not {address!r}")
    try:
        limits = Limits.from_env()
    except ValueError as exc:
        fail(str(exc))
    return replace(limits, trusted_proxies=tuple(dict.fromkeys(limits.trusted_proxies + tuple(trusted_proxies))))


def _physics(name: str | None):  # noqa: ANN202
    """``--physics``: a model's name or a model file (``carrom calibrate``'s), read and checked before the server
    starts; a bad one ends the command with the file's problem named."""
    if name is None:
        return None
    from carrom.physics.model_file import load_physics

    try:
        return load_physics(name)
    except ValueError as exc:
        fail(f"--physics: {exc}")


def _hosts(allowed: list[str], public_url: str | None):  # noqa: ANN202
    """``carrom serve``'s names answered and public URL (carrom.web.hosts): this machine's names, any address by its
    number, the public URL's host and each ``--allowed-host``; a wrong one ends the command, named."""
    from carrom.web.hosts import LOCAL_NAMES, AllowedHosts, check_public_url, host_name

    names = list(LOCAL_NAMES)
    for name in allowed:
        if name != "*" and (not name or any(c in name for c in "/ @?#")):
            fail(f"--allowed-host must be a host name as a browser sends it (carrom.example.org, "
                 f"192.168.1.5, or * for any), not {name!r}")
        names.append(host_name(name))
    if public_url is not None:
        try:
            public_url = check_public_url(public_url)
        except ValueError as exc:
            fail(str(exc))
        from urllib.parse import urlsplit

        names.append(host_name(urlsplit(public_url).netloc))
    return AllowedHosts(tuple(dict.fromkeys(names)), addresses=True), public_url


def _run(host: str, port: int, db: str, open_browser: bool, adjourn_after: float | None = None,
         absence_grace: float | None = None, workers: int = 1, trusted_proxies: list[str] = (),
         physics: str | None = None, allowed_hosts=None, public_url: str | None = None) -> None:  # noqa: ANN001
    import uvicorn

    from carrom.store import Store, StoreError, shareable
    from carrom.web import create_app
    from carrom.web.app import SERVER_OPTIONS
    from carrom.web.warm import gc_log_threshold, settle

    try:
        gc_log_threshold()  # checked before anything starts, as the options are
    except ValueError as exc:
        fail(str(exc))
    if workers > 1 and not shareable(db):
        fail(f"--workers {workers} needs PostgreSQL (--db postgresql+psycopg://...): the processes share the "
             f"matches through the database, and an SQLite file serves one process only")
    _check_address(host, port)
    if absence_grace is not None and not absence_grace >= 0:
        fail(f"--absence-grace must be 0 seconds or more, not {absence_grace}")
    limits = _limits(list(trusted_proxies))
    params = _physics(physics)
    try:
        if workers > 1:  # the parent only checks the database; each worker opens its own
            store = Store(db)
            unfinished = store.count(unfinished=True)
            store.close()
        else:
            app = create_app(db, limits=limits, physics=params, allowed_hosts=allowed_hosts, public_url=public_url,
                             **_options(adjourn_after, absence_grace))
            unfinished = app.state.hub.unfinished
    except StoreError as exc:
        fail(str(exc))
    _warm_with_progress()  # before listening: the first stroke is answered at once
    settle()
    shown = "localhost" if host in ("0.0.0.0", "127.0.0.1", "::") else host
    url = f"http://{shown}:{port}/"
    typer.echo(f"carrom is at {url}  (database: {db}"
               + (f"; {workers} server processes" if workers > 1 else "")
               + (f"; {unfinished} unfinished match{'es' if unfinished != 1 else ''} to resume when opened"
                  if unfinished else "")
               + (f"; the board's physics: {physics}" if params is not None else "")
               + "; Ctrl+C stops it)")
    if workers > 1:
        os.environ[WORKER_DB] = db
        os.environ[WORKER_IDLE] = str(_options(adjourn_after).get("match_idle", ""))
        os.environ[WORKER_GRACE] = "" if absence_grace is None else str(absence_grace)
        if params is not None:
            from carrom.physics.model_file import model_name

            os.environ[WORKER_PHYSICS] = model_name(params)
        os.environ["CARROM_TRUSTED_PROXIES"] = ",".join(limits.trusted_proxies)  # each worker's Limits.from_env
        os.environ[WORKER_HOSTS] = ",".join(allowed_hosts.names)
        os.environ[WORKER_PUBLIC] = public_url or ""
        uvicorn.run("carrom.cli.web:worker_app", factory=True, host=host, port=port, workers=workers,
                    log_level="warning", **SERVER_OPTIONS)
        return
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", **SERVER_OPTIONS))
    if open_browser:
        threading.Thread(target=_open_when_up, args=(server, url), daemon=True).start()
    server.run()


GRACE_HELP = "Seconds a player of a room with clocks may be gone; then the match is lost (ICF 143 a)."
PHYSICS_HELP = ("The board's physics: a model file written by carrom calibrate (or a model's name, v4-slow ...); "
                "new matches and practice play it when they ask for the medium board speed, the default.")
HOST_HELP = ("A name this server answers to (repeat for several; * for any): besides localhost and any address "
               "by its number, a request asking another Host is refused (docs/web.md, Running behind a proxy).")
PUBLIC_HELP = ("The address spectators open, e.g. https://carrom.example.org: the tables' QR codes and printed "
                 "sheets lead there (default: the address each request reached).")
PROXY_HELP = ("The address of a proxy in front of this server (repeat for several): only its X-Forwarded-For "
              "names the client for the limits per address (docs/web.md); without it, never believed.")


def register(app: typer.Typer) -> None:
    @app.command(help=N_("Play in the browser: against the computer, with people on this device, or online."))
    def play(
        port: int = typer.Option(8000, help=N_("Port of the local server.")),
        db: Path = typer.Option(Path("carrom.db"), help=N_("The SQLite file that keeps every match.")),
        browser: bool = typer.Option(True, help=N_("Open the browser.")),
        absence_grace: float = typer.Option(120.0, metavar="SECONDS", help=GRACE_HELP),
        physics: str = typer.Option(None, metavar="FILE", help=PHYSICS_HELP),
    ) -> None:
        from carrom.store import sqlite_url
        from carrom.web.hosts import AllowedHosts

        # this machine's names only: a page of another site cannot reach it under a name of its own (DNS rebinding)
        _run("127.0.0.1", port, sqlite_url(str(db)), browser, absence_grace=absence_grace, physics=physics,
             allowed_hosts=AllowedHosts())

    @app.command(help=N_("Host the web app for others: rooms are shared by link; every stroke is stored in the database."))
    def serve(
        host: str = typer.Option("0.0.0.0", help=N_("Address to listen on.")),
        port: int = typer.Option(8000, help=N_("Port.")),
        db: str = typer.Option("sqlite:///carrom.db", help=N_("Database URL: an SQLite file or postgresql+psycopg://...")),
        adjourn_after: float = typer.Option(168.0, min=0.01, help=N_("Hours without an action before an unfinished "
                                                                 "match is adjourned (any action resumes it).")),
        absence_grace: float = typer.Option(120.0, metavar="SECONDS", help=GRACE_HELP),
        workers: int = typer.Option(1, min=1, max=64, help=N_("Server processes on this port, sharing one PostgreSQL "
                                                              "database (--db postgresql+psycopg://...).")),
        trusted_proxy: list[str] = typer.Option([], metavar="ADDRESS", help=PROXY_HELP),
        physics: str = typer.Option(None, metavar="FILE", help=PHYSICS_HELP),
        allowed_host: list[str] = typer.Option([], metavar="NAME", help=HOST_HELP),
        public_url: str = typer.Option(None, metavar="URL", help=PUBLIC_HELP),
    ) -> None:
        hosts, public = _hosts(allowed_host, public_url)
        _run(host, port, db, False, adjourn_after, absence_grace, workers, trusted_proxy, physics, hosts, public)
