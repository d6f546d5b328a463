"""Where boards are played: in local processes, or as Ray tasks on a cluster.

Both take the same tasks and give back the outcomes in the order of their index, so the
place where a board was played never shows in the results. ``on_done`` is called once per
board as it finishes (for a progress bar).
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable

from carrom.arena.board import BoardOutcome, BoardTask, play_board
from carrom.arena.entrants import ArenaError

Done = Callable[[BoardOutcome], None]


def _ignore(outcome: BoardOutcome) -> None:
    pass


def run_local(tasks: list[BoardTask], processes: int = 1, on_done: Done = _ignore) -> list[BoardOutcome]:
    """Play the boards on ``processes`` worker processes (1: in this process)."""
    if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
        raise ArenaError(f"processes must be a whole number of at least 1, got {processes!r}")
    out = []
    if processes == 1:
        for task in tasks:
            out.append(play_board(task))
            on_done(out[-1])
        return out
    with ProcessPoolExecutor(max_workers=processes) as pool:
        for future in as_completed([pool.submit(play_board, task) for task in tasks]):
            out.append(future.result())
            on_done(out[-1])
    return sorted(out, key=lambda o: o.index)


def run_ray(tasks: list[BoardTask], address: str = "auto", on_done: Done = _ignore) -> list[BoardOutcome]:
    """Play the boards as Ray tasks, one CPU each, on the cluster at ``address`` ("auto": the one running here).

    A Ray session already open in this process is used as it is (and left open).
    """
    try:
        import ray
    except ImportError:
        raise ArenaError("running on Ray needs ray: pip install 'carrom[cluster]'") from None
    opened = not ray.is_initialized()
    if opened:
        try:
            ray.init(address=address, include_dashboard=False, logging_level="WARNING")
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise ArenaError(f"cannot reach a Ray cluster at {address!r}: {exc} (start one with `ray start --head`)") \
                from None
    try:
        remote = ray.remote(num_cpus=1)(play_board)
        pending = [remote.remote(task) for task in tasks]
        out = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            try:
                finished = ray.get(done)
            except ray.exceptions.RayTaskError as exc:  # e.g. a player's module not importable on a node
                raise ArenaError(f"a board failed on Ray: {exc.cause}") from None
            for outcome in finished:
                out.append(outcome)
                on_done(outcome)
    finally:
        if opened:
            ray.shutdown()
    return sorted(out, key=lambda o: o.index)
