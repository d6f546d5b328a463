"""Persistence for the web app: matches, their players and every action (docs/web.md).

SQLite at a file by default, or any SQLAlchemy URL (PostgreSQL...). Each accepted action
is committed before the server tells anybody about it, so a restart loses nothing:
unfinished matches are read back and resumed from their records.
"""

from carrom.store.store import (
    Action, ConflictError, MatchRow, SeatRow, SeatTakenError, Store, StoreError, shareable, sqlite_url,
)

__all__ = ["Action", "ConflictError", "MatchRow", "SeatRow", "SeatTakenError", "Store", "StoreError", "shareable", "sqlite_url"]
