"""A `carrom serve` of this checkout in a subprocess, on a free port and a fresh SQLite file, or a database and
several workers given (for the web benchmarks), and the CPU time its processes have used."""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator

SRC = Path(__file__).resolve().parents[1] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) used so far by process ``pid`` and its children alive (``--workers``), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if entry.name == str(pid) or fields[1] == str(pid):  # fields[1]: the parent's pid
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def resident_bytes(pid: int) -> int:
    """The resident memory of process ``pid`` and its children alive (``--workers``), from /proc."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if entry.name == str(pid) or fields.get("PPid", "").strip() == str(pid):
            total += int(fields.get("VmRSS", "0 kB").split()[0]) * 1024
    return total


# a benchmark's clients all come from 127.0.0.1: the limits per address (docs/web.md) lifted, as for a crowd of
# addresses
ONE_ADDRESS = {"CARROM_LIMITS": "connections_per_address=20000,connections=20000,http_per_address=100000/second,"
                                "messages_per_address=100000/second,http_connections_per_address=20000,"
                                "openings_per_address=100000/second"}


@contextlib.contextmanager
def served(env: dict[str, str] | None = None, db: str | None = None,
           workers: int = 1) -> Iterator[tuple[int, float, Callable[[], float]]]:
    """The port of a server started now, the seconds it took to listen, and a function giving the CPU seconds its
    processes have used so far (a ``functools.partial`` of ``cpu_seconds``: ``.args[0]`` is the server's pid);
    stopped on leaving."""
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        start = time.perf_counter()
        log = open(f"{tmp}/server.log", "w+")  # a file, not a pipe nobody reads: a full pipe would stop the server
        server = subprocess.Popen([sys.executable, "-c", "from carrom.cli.app import main; main()", "serve",
                                   "--host", "127.0.0.1", "--port", str(port), "--db", db or f"sqlite:///{tmp}/b.db",
                                   "--workers", str(workers)],
                                  env=os.environ | {"PYTHONPATH": str(SRC)} | ONE_ADDRESS | (env or {}),
                                  stdout=log, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        try:
            while not listening(port):
                if server.poll() is not None:
                    log.seek(0)
                    sys.exit(f"the server stopped: {log.read()}")
                time.sleep(0.05)
            yield port, time.perf_counter() - start, functools.partial(cpu_seconds, server.pid)
        finally:
            os.killpg(server.pid, signal.SIGTERM)  # the server and its workers
            server.wait(30)
            log.close()
