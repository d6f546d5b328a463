"""``carrom arena PLAYER...``: boards between players, locally or on Ray, with ratings, records and a plot."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import typer
from typer.core import TyperCommand
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from carrom.cli.common import fail

PLAYERS_HELP = ("Players: {built_in}, or module:Class (a carrom.players Player). All against all; leave out with "
                "--schedule.")
"""The help of the players: the names the arena knows (``{built_in}``: the random player and the bots' levels, from
their one table, ``carrom.players.levels.TABLE``) filled in when the help is shown (``ArenaCommand``)."""


class ArenaCommand(TyperCommand):
    """``carrom arena``, whose help names the built-in players from the bots' table. The bots bring the physics
    with them, a second to import: only ``carrom arena --help`` (or a run) pays for it, not every command."""

    def format_help(self, ctx: typer.Context, formatter) -> None:
        from carrom.arena.entrants import BUILT_IN

        for param in self.params:
            if param.name == "players":
                param.help = PLAYERS_HELP.format(built_in=", ".join(BUILT_IN))
        super().format_help(ctx, formatter)


def arena(
    players: Optional[list[str]] = typer.Argument(None, help=PLAYERS_HELP),
    boards: int = typer.Option(4, "--boards", help="Boards per pairing, a multiple of 4: each player sits south and "
                                                   "north and breaks on each side."),
    seed: int = typer.Option(0, "--seed", help="The arena's seed; each board is seeded from it and its number."),
    schedule: Optional[Path] = typer.Option(None, "--schedule", help="Pairings from a file, one per line: two "
                                                                     "players separated by spaces; # comments."),
    processes: int = typer.Option(os.cpu_count() or 1, "--processes", help="Local worker processes (default: all "
                                                                           "cores)."),
    ray_address: Optional[str] = typer.Option(None, "--ray", help="Play on Ray: 'auto' for the cluster running "
                                                                  "here, or its address."),
    out: Path = typer.Option(Path("arena"), "--out", metavar="DIR",
                             help="A directory (made if missing) for the records, results.json and the plot."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Reuse a directory that is not empty."),
    plot: bool = typer.Option(True, "--plot/--no-plot", help="Draw ratings.png and ratings.svg (needs matplotlib)."),
) -> None:
    """Play boards between players, rate them (OpenSkill) and keep every board's record."""
    from carrom.arena import ArenaError, entrant, rate, read_schedule, round_robin, run_local, run_ray, standings, tasks
    from carrom.arena import files

    console = Console(highlight=False)
    try:
        if schedule is not None and players:
            raise ArenaError("give players or --schedule, not both")
        pairings = read_schedule(schedule) if schedule is not None else round_robin([entrant(p) for p in players or []])
        jobs = tasks(pairings, boards, seed)
        files.prepare(out, overwrite)
        where = f"Ray ({ray_address})" if ray_address else f"{processes} process{'es' * (processes != 1)}"
        progress = Progress(TextColumn("[bold]boards"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            console=Console(stderr=True))
        with progress:
            bar = progress.add_task("boards", total=len(jobs))

            def done(outcome) -> None:
                progress.advance(bar)

            if ray_address:
                outcomes = run_ray(jobs, ray_address, done)
            else:
                outcomes = run_local(jobs, processes, done)
        specs = list(dict.fromkeys(s for pair in pairings for s in (pair[0].spec, pair[1].spec)))
        lines = standings(outcomes, rate(outcomes, specs))
        written = files.write(out, outcomes, lines, seed, plot)
    except ArenaError as exc:
        fail(str(exc))
    undecided = any(line.draws for line in lines)
    table = Table(title=f"carrom arena: {len(jobs)} boards on {where}, seed {seed}", box=box.SIMPLE_HEAD)
    for name in ("#", "player", "μ±σ", "μ−3σ", "boards", "won", "lost") + ("undecided",) * undecided + ("points",):
        table.add_column(name, justify="left" if name == "player" else "right", min_width=len(name),
                         no_wrap=name in ("player", "μ±σ"))
    for rank, line in enumerate(lines, 1):
        r = line.rating
        table.add_row(str(rank), escape(line.spec), f"{r.mu:.1f}±{r.sigma:.1f}", f"{r.ordinal:.1f}",
                      str(line.boards), str(line.wins), str(line.losses), *[str(line.draws)] * undecided,
                      str(line.points_for))
    console.print(table)
    for path in written:
        console.print(f"wrote {escape(str(path))}")


def register(app: typer.Typer) -> None:
    app.command("arena", cls=ArenaCommand)(arena)
