"""The event desk's adapters over ``carrom.tournament``: its tables in the web app's database, and SoL's
portable file (docs/tournaments.md). The core never imports them."""

from carrom.desk.interchange import export_sol, import_sol
from carrom.desk.sol import SolError, compress
from carrom.desk.store import DEFAULT_DB, ConflictError, EventMissing, StoreError, TournamentStore

__all__ = ["ConflictError", "DEFAULT_DB", "SolError", "StoreError", "TournamentStore", "compress", "export_sol",
           "import_sol"]
