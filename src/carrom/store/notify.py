"""Several servers on one PostgreSQL: each write of a match is announced with NOTIFY, each server LISTENs.

The payload is ``"{match_id} {version} {origin}"``: the match written, its version now,
and which store wrote it (a server ignores its own). A listener keeps one connection of
its own in autocommit, outside the pool, and hands each notification to ``news`` from its
thread; if the connection is lost it connects again and calls ``news(None, 0)``, since a
notification may have been missed meanwhile.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable

from sqlalchemy import Engine

log = logging.getLogger("carrom.store")

CHANNEL = "carrom_matches"
WAIT = 0.5  # seconds between looks at whether to stop


class Listener:
    def __init__(self, engine: Engine, origin: str, news: Callable[[str | None, int], None],
                 channel: str = CHANNEL) -> None:
        self.engine, self.origin, self.news, self.channel = engine, origin, news, channel
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="carrom-listen", daemon=True)
        self.ready = threading.Event()  # set once listening (a write after it is heard)

    def start(self) -> None:
        self._thread.start()
        self.ready.wait(10)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _connect(self) -> Any:
        raw = self.engine.raw_connection()
        conn = raw.driver_connection
        raw.detach()  # its own connection: never handed back to the pool in autocommit
        conn.rollback()
        conn.autocommit = True
        conn.execute(f"LISTEN {self.channel}")
        return conn

    def _run(self) -> None:
        lost = False
        while not self._stop.is_set():
            try:
                conn = self._connect()
            except Exception as exc:  # the database is away: try again soon
                log.warning("cannot listen for the other servers' writes (%s: %s); trying again",
                            exc.__class__.__name__, exc)
                self._stop.wait(1.0)
                continue
            self.ready.set()
            if lost:
                self.news(None, 0)
            try:
                while not self._stop.is_set():
                    for n in conn.notifies(timeout=WAIT):
                        self._heard(n.payload)
            except Exception as exc:
                log.warning("lost the connection that hears the other servers (%s); connecting again",
                            exc.__class__.__name__)
                lost = True
                time.sleep(0.2)
            finally:
                try:
                    conn.close()
                except Exception:
                    pass

    def _heard(self, payload: str) -> None:
        try:
            match_id, version, origin = payload.split(" ")
            if origin != self.origin:
                self.news(match_id, int(version))
        except ValueError:
            log.warning("a notification not understood: %r", payload[:100])
        except Exception:
            log.exception("a notification could not be handled")
