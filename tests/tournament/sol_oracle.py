"""Run under the oracle's venv (.venv-sol, SoL 5.26 from the package registry): never imported by the tests.

Reads a JSON list of SoL files (text) on stdin; for each, loads it into a fresh in-memory SQLite
database with SoL's own loader, ranks it and pairs its next round with SoL's own methods, and
prints one JSON line per file: ``ranking`` (competitor numbers, 1-based in the file's order, with
points, Buchholz, net and total score, in SoL's order) and ``pairs`` (the next round, ``null`` for
the phantom), or ``error`` with SoL's refusal.
"""

import io
import json
import logging
import sys

from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from sol.models import Base
from sol.models.bio import load_sol

logging.disable(logging.WARNING)


def _one(text: str) -> dict:
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with Session(engine) as session:
        tourney = load_sol(session, content=io.BytesIO(text.encode()))[0][0]
        session.flush()
        number = {id(c): i for i, c in enumerate(tourney.competitors, 1)}  # the file's order
        if tourney.rankedturn:
            tourney.updateRanking()
        ranking = [[number[id(c)], c.points, c.bucholz, c.netscore, c.totscore] for c in tourney.ranking]
        turn = tourney.currentturn
        try:
            tourney.makeNextTurn()
        except Exception as exc:  # SoL's refusal is the answer
            return {"ranking": ranking, "error": str(exc)}
        pairs = [[number[id(m.competitor1)], None if m.competitor2 is None else number[id(m.competitor2)]]
                 for m in tourney.matches if m.turn == turn + 1]
        return {"ranking": ranking, "pairs": pairs}


def main() -> None:
    for text in json.load(sys.stdin):
        print(json.dumps(_one(text)), flush=True)


if __name__ == "__main__":
    main()
