"""Group commit: the writes of many threads waiting at once, committed in one transaction.

Each commit of a durable database costs a flush to disk (SQLite: an fsync of its log),
a few milliseconds whatever it holds. A thread that appends an action hands its write to
the committer and waits; the committer takes every write waiting, runs them in one
transaction and commits once, then answers each. A write that refuses (``StoreError``,
raised before it wrote anything) is answered its refusal and the others still commit; if
anything else fails, the transaction is undone and each write is run again alone, so one
bad write never takes the others with it. Every write is committed before its caller
hears of it.
"""

from __future__ import annotations

import queue
import threading
from concurrent.futures import Future
from typing import Any, Callable

from sqlalchemy import Connection, Engine

MOST = 256  # writes in one transaction at most


class GroupCommit:
    """``run(fn)``: ``fn(connection)`` committed, maybe with others, in one transaction; its result or its error."""

    def __init__(self, engine: Engine, refusals: tuple[type[Exception], ...] = ()) -> None:
        self.engine = engine
        self.refusals = refusals or (RuntimeError,)
        self._queue: queue.SimpleQueue[tuple[Callable[[Connection], Any], Future] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()

    def run(self, fn: Callable[[Connection], Any]) -> Any:
        done: Future = Future()
        with self._start:
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="carrom-group-commit", daemon=True)
                self._thread.start()
        self._queue.put((fn, done))
        return done.result()

    def stop(self) -> None:
        with self._start:
            if self._thread is not None:
                self._queue.put(None)
                self._thread.join(10)
                self._thread = None

    def _loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < MOST:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._queue.put(None)  # stop after this batch
                    break
                batch.append(item)
            if len(batch) == 1 or not self._together(batch):
                for item in batch:
                    self._together([item])

    def _together(self, batch: list[tuple[Callable[[Connection], Any], Future]]) -> bool:
        """One transaction for the batch; False (nothing answered, nothing written) if it must be run write by write."""
        answers: list[tuple[Future, Any, BaseException | None]] = []
        try:
            with self.engine.begin() as conn:
                for fn, done in batch:
                    try:
                        answers.append((done, fn(conn), None))
                    except self.refusals as exc:  # refused before writing anything: the others go on
                        answers.append((done, None, exc))
        except Exception as exc:
            if len(batch) > 1:
                return False
            batch[0][1].set_exception(exc)
            return True
        for done, result, exc in answers:
            if exc is None:
                done.set_result(result)
            else:
                done.set_exception(exc)
        return True
