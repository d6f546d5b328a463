"""The arena on Ray: a local Ray instance of two CPUs plays the same boards as this machine, to the byte."""

import json
import os
from pathlib import Path

import pytest
import ray
from typer.testing import CliRunner

from carrom.arena import ArenaError, entrant, rate, round_robin, run_local, run_ray, tasks
from carrom.cli.app import app

runner = CliRunner()
PLAYERS = ["beginner", "arena_players:Seeded"]


def test_no_cluster_running_is_one_clear_error():
    assert not ray.is_initialized()
    jobs = tasks(round_robin([entrant("random"), entrant("beginner")]), boards=4)
    with pytest.raises(ArenaError, match="cannot reach a Ray cluster at 'auto'.*ray start --head"):
        run_ray(jobs, address="auto")  # none runs here before the fixture below starts one


@pytest.fixture(scope="module")
def local_ray():
    # Ray's workers find carrom as this process does, and arena_players beside this file
    path = os.pathsep.join([str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")])
    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING",
             runtime_env={"env_vars": {"PYTHONPATH": path}})
    yield
    ray.shutdown()


def test_ray_gives_the_outcomes_and_ratings_of_a_local_run(local_ray):
    jobs = tasks(round_robin([entrant(p) for p in PLAYERS]), boards=4, seed=11)
    seen = []
    on_ray = run_ray(jobs, on_done=seen.append)
    here = run_local(jobs, processes=1)
    assert on_ray == here  # winners, points, strokes and every record's text
    assert sorted(o.index for o in seen) == list(range(len(jobs)))
    assert rate(on_ray, PLAYERS) == rate(here, PLAYERS)


def test_the_command_on_ray_writes_what_the_local_command_writes(local_ray, tmp_path):
    args = ["arena", *PLAYERS, "--seed", "6"]
    local = runner.invoke(app, args + ["--out", str(tmp_path / "local"), "--processes", "2", "--no-plot"])
    assert local.exit_code == 0, local.output
    on_ray = runner.invoke(app, args + ["--out", str(tmp_path / "ray"), "--ray", "auto", "--no-plot"])
    assert on_ray.exit_code == 0, on_ray.output
    assert "on Ray (auto)" in on_ray.output
    assert json.loads((tmp_path / "ray" / "results.json").read_text()) == \
        json.loads((tmp_path / "local" / "results.json").read_text())
    records = sorted(p.name for p in (tmp_path / "local" / "boards").iterdir())
    assert len(records) == 4
    for name in records:
        assert (tmp_path / "ray" / "boards" / name).read_text() == (tmp_path / "local" / "boards" / name).read_text()
