"""``carrom track VIDEO``: tracks from an overhead film; ``carrom calibrate TRACKS.csv``: a model file fitted to
them (docs/calibration.md). Only asks and prints; ``carrom.calibrate`` does the work."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from carrom.cli.common import fail, write_file


def calibrate(
    tracks: Path = typer.Argument(..., metavar="TRACKS.csv",
                                  help="Measured tracks: CSV with columns time, disc, x, y (seconds, metres on the "
                                       "board; carrom track writes one)."),
    base: str = typer.Option("v4", "--base", metavar="MODEL",
                             help="The named model whose other parameters the file keeps (v1 ... v4, v4-slow, v4-fast)."),
    out: Path = typer.Option(Path("board.json"), "--out", metavar="FILE",
                             help="Where to write the model file (--physics FILE loads it)."),
) -> None:
    """Fit the physics to a board's measured tracks: board friction, cushion restitution, disc-disc
    restitution and friction, each with its uncertainty; writes a model file."""
    import numpy as np

    from carrom.calibrate.errors import CalibrateError
    from carrom.calibrate.fit import FILM_AGAIN, PARAMETERS, STRAGGLER, calibrate as fit
    from carrom.calibrate.tracks import read_tracks, shots
    from carrom.physics import physics_model
    from carrom.physics.model_file import model_file_dict

    try:
        params = physics_model(base)
    except ValueError as exc:
        fail(f"--base: {exc}")
    try:
        found = shots(read_tracks(tracks), str(tracks))
        result = fit(found, params)
    except CalibrateError as exc:
        fail(str(exc))
    console = Console()
    table = Table(title=f"{escape(str(tracks))}: {len(found)} shots, {result.samples} samples, "
                        f"rms {result.rms * 1e3:.2f} mm", box=box.SIMPLE_HEAVY)
    for column in ("parameter", f"{base}", "fitted", "±", "±%"):
        table.add_column(column, justify="left" if column == "parameter" else "right")
    for f in result.fitted:
        before = 1.0 if f.name == "disc_friction" else PARAMETERS[f.name].get(params)
        table.add_row(escape(PARAMETERS[f.name].label), f"{before:.4f}", f"{f.value:.4f}", f"{f.sigma:.2g}",
                      f"{100 * f.relative:.2f}")
    console.print(table)
    for name in result.unmeasured:
        console.print(f"[bold red]WARNING[/]: {escape(PARAMETERS[name].label)} ({name}) was not measured by this film "
                      f"and stays {base}'s; to measure it, film {escape(FILM_AGAIN[name])}", soft_wrap=True)
    shots_table = Table(box=box.SIMPLE)
    for column in ("shot", "t0 (s)", "kind", "samples", "rms (mm)"):
        shots_table.add_column(column, justify="right")
    fitted_shots = {shot.number: shot for shot in found}
    for number, kind, rms in zip(result.shot_numbers, result.shot_kinds, result.shot_rms):
        shot = fitted_shots[number]
        shots_table.add_row(str(number), f"{shot.t0:.3f}", kind, str(shot.n_samples), f"{rms * 1e3:.2f}")
    console.print(shots_table)
    typical = float(np.median(result.shot_rms))
    for number, rms in zip(result.shot_numbers, result.shot_rms):
        if rms > STRAGGLER * typical:
            console.print(f"[bold yellow]check[/]: shot {number} is matched {rms / typical:.1f} times worse than the "
                          f"median shot ({rms * 1e3:.1f} mm against {typical * 1e3:.1f}): look at it in the preview; "
                          "a hand or a pushed disc: delete its rows, else film it again", soft_wrap=True)
    for refused in result.refused:
        console.print(f"[bold red]left out[/]: {escape(refused.text())}; film it again", soft_wrap=True)
    parameters, uncertainty = result.overrides()
    data = model_file_dict(base, parameters, uncertainty,
                           note=f"fitted by carrom calibrate to {tracks.name}; uncertainties are one standard deviation",
                           shots=list(result.shot_kinds), samples=result.samples, rms_m=round(result.rms, 6))
    write_file(out, (json.dumps(data, indent=2) + "\n").encode("utf-8"), "model file")


def track(
    video: Path = typer.Argument(..., metavar="VIDEO", help="An overhead film of the board, south at the bottom, "
                                                             "starting on the empty board."),
    corners: Optional[str] = typer.Option(None, "--corners", metavar="x1,y1,...,x4,y4",
                                          help="The playing surface's corners in pixels: south-west, south-east, "
                                               "north-east, north-west (default: found in the first frame)."),
    out: Path = typer.Option(Path("tracks.csv"), "--out", metavar="FILE", help="Where to write the tracks (CSV)."),
    preview: Optional[Path] = typer.Option(None, "--preview", metavar="FILE",
                                           help="Also draw the tracks on the rectified board (PNG)."),
    fps: Optional[float] = typer.Option(None, "--fps", min=1.0, metavar="NUMBER",
                                        help="The film's true frame rate, when the file's is wrong (slow motion)."),
    empty: float = typer.Option(0.5, "--empty", min=0.0, metavar="SECONDS",
                                help="Seconds at the start that show the empty board."),
) -> None:
    """Follow the discs in an overhead film of the board: tracks in metres on the board, for carrom calibrate."""
    from carrom.calibrate.tracks import TracksError, shots, write_tracks
    from carrom.calibrate.video import TrackingError, parse_corners, preview as draw_preview, track_video

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(TextColumn("[bold]frames"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=Console(stderr=True))
    try:
        given = parse_corners(corners) if corners is not None else None
        with bar:
            task = bar.add_task("frames", total=None)
            result = track_video(video, given, fps=fps, empty=empty,
                                 progress=lambda done, total: bar.update(task, completed=done, total=total or None))
    except TrackingError as exc:
        fail(str(exc))
    if not result.tracks:
        fail(f"{video}: no disc followed (nothing of a disc's size moved on the board)")
    try:
        write_tracks(out, result.tracks)
    except OSError as exc:
        fail(f"cannot write the tracks to {out}: {exc.strerror or exc}")
    typer.echo(f"wrote the tracks to {out}", err=True)
    if preview is not None:
        try:
            draw_preview(result, preview)
        except TrackingError as exc:
            fail(str(exc))
        typer.echo(f"wrote the preview to {preview}", err=True)
    corners_text = ", ".join(f"({x:.1f}, {y:.1f})" for x, y in result.corners)
    try:
        found = len(shots(result.tracks))
    except TracksError:
        found = 0
    samples = sum(len(t.t) for t in result.tracks.values())
    typer.echo(f"{result.frames} frames at {result.fps:g} fps; corners {corners_text}; "
               f"{len(result.tracks)} tracks, {samples} samples, {found} shots")


def register(app: typer.Typer) -> None:
    app.command("calibrate")(calibrate)
    app.command("track")(track)
