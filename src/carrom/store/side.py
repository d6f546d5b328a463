"""Tables beside the web app's own, in the same database (the umpire's matches, the rooms' clocks).

Each is made when first opened; every error of the database becomes a ``StoreError`` saying
what was being done.
"""

from __future__ import annotations

from typing import Any, Callable

from sqlalchemy import MetaData
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from carrom.store.store import Store, StoreError, failures_named, prepare


class SideTable:
    def __init__(self, store: Store, metadata: MetaData, what: str) -> None:
        try:
            prepare(store.engine, metadata)  # one server at a time (PostgreSQL: an advisory lock)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot prepare {what}: {exc.__class__.__name__}") from None
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    def _run(self, what: str, fn: Callable[[Session], Any], write: bool = True) -> Any:
        with failures_named(what), (self._session.begin() if write else self._session()) as s:
            return fn(s)
