"""Persistence for the web app: matches and every action, in SQLite by default or any SQLAlchemy URL.

Each accepted action is committed before the server tells anybody about it, so a restart
loses nothing: unfinished matches are read back and resumed from their records.
"""

from carrom.store.store import MatchRow, Store, StoreError

__all__ = ["MatchRow", "Store", "StoreError"]
