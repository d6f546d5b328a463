"""The arena on this machine: the schedule, players by spec, seeded boards, ratings, the command."""

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

import carrom
from carrom.arena import (
    ArenaError, BoardOutcome, entrant, play_board, rate, read_schedule, round_robin, run_local, standings, tasks,
)
from carrom.cli.app import app
from carrom.physics import DEFAULT_PARAMS
from carrom.records import load_record

runner = CliRunner()
HERE = Path(__file__).parent


def outcome(index, south, north, winner):
    return BoardOutcome(index, south, north, "south", winner, (0, 0), 1, "ICF 52 a", "{}")


def test_each_pairing_plays_both_seats_and_both_breaks():
    jobs = tasks(round_robin([entrant("random"), entrant("beginner")]), boards=8, seed=3)
    assert [t.index for t in jobs] == list(range(8))
    assert Counter(t.south for t in jobs) == {"random": 4, "beginner": 4}
    breakers = Counter(t.south if t.breaker == "south" else t.north for t in jobs)
    assert breakers == {"random": 4, "beginner": 4}  # the breaker has the whites (ICF 43): colours alternate too
    assert len({(t.south, t.breaker) for t in jobs[:4]}) == 4  # every seat and break within one block


def test_a_boards_seeds_come_from_the_arena_seed_and_its_index_only():
    a, b, c = entrant("random"), entrant("beginner"), entrant("intermediate")
    one = tasks([(a, b), (a, c)], boards=4, seed=7)
    other = tasks([(b, c), (a, b)], boards=4, seed=7)
    assert [t.seeds for t in one] == [t.seeds for t in other]
    assert [t.seeds for t in tasks([(a, b)], boards=4, seed=8)] != [t.seeds for t in one[:4]]
    assert len({s for t in one for s in t.seeds}) == 16


@pytest.mark.parametrize("boards", [0, 2, 6, -4, True])
def test_boards_per_pairing_is_a_multiple_of_four(boards):
    with pytest.raises(ArenaError, match="multiple of 4"):
        tasks(round_robin([entrant("random"), entrant("beginner")]), boards)


@pytest.mark.parametrize("spec, words", [
    ("nobody", "neither a built-in player"),
    ("no_such_module_xyz:Player", "cannot import module 'no_such_module_xyz'"),
    ("arena_players:Nobody", "module 'arena_players' has no 'Nobody'"),
    ("arena_players:NOT_A_CLASS", "'NOT_A_CLASS' is not a class"),
    ("arena_players:Mute", "is not a player: it lacks choose_placement, choose_claim"),
    (":Straight", "neither a built-in player"),
])
def test_a_bad_player_spec_is_named_with_what_is_wrong(spec, words):
    with pytest.raises(ArenaError, match=words.replace("(", r"\(")):
        entrant(spec)


def test_a_player_enters_once_and_an_arena_needs_two():
    with pytest.raises(ArenaError, match="more than once: random"):
        round_robin([entrant("random"), entrant("random"), entrant("beginner")])
    with pytest.raises(ArenaError, match="at least two"):
        round_robin([entrant("random")])


def test_a_board_is_the_same_every_time_and_its_record_replays():
    job = tasks(round_robin([entrant("random"), entrant("arena_players:Seeded")]), 4, seed=2)[1]
    first, again = play_board(job), play_board(job)
    assert first == again
    record = load_record(first.record)  # replayed by the referee on the way in
    assert {s: p.name for s, p in record.header.players.items()} == {"south": job.south, "north": job.north}
    assert record.header.first_breaker == job.breaker == "north"
    assert first.winner in (job.south, job.north)
    assert max(first.points) > 0 and min(first.points) == 0


def test_one_process_and_two_give_the_same_boards():
    jobs = tasks(round_robin([entrant("random"), entrant("beginner")]), 4, seed=5)
    seen = []
    alone = run_local(jobs, processes=1)
    assert run_local(jobs, processes=2, on_done=seen.append) == alone
    assert sorted(o.index for o in seen) == list(range(4))


def test_ratings_follow_the_boards_and_say_how_sure_they_are():
    boards = [outcome(i, "a", "b", "a") for i in range(6)] + [outcome(6, "a", "b", None)]
    ratings = rate(boards, ["a", "b", "c"])
    assert ratings["a"].mu > 25 > ratings["b"].mu
    assert ratings["c"].mu == 25 and ratings["a"].sigma < ratings["c"].sigma  # never played: the prior
    assert ratings == rate(list(reversed(boards)), ["a", "b", "c"])  # rated by index, not by arrival
    lines = standings(boards, ratings)
    assert [(s.spec, s.wins, s.losses, s.draws, s.boards) for s in lines] == [
        ("a", 6, 0, 1, 7), ("c", 0, 0, 0, 0), ("b", 0, 6, 1, 7)]


def test_a_schedule_file_gives_its_pairings_and_names_a_bad_line(tmp_path):
    path = tmp_path / "schedule.txt"
    path.write_text("# the ladder\nrandom beginner\n\nbeginner intermediate  # next rung\n")
    assert [(a.spec, b.spec) for a, b in read_schedule(path)] == [("random", "beginner"), ("beginner", "intermediate")]
    path.write_text("random beginner\nrandom\n")
    with pytest.raises(ArenaError, match="line 2: a pairing is two players, got 1 words"):
        read_schedule(path)
    path.write_text("random random\n")
    with pytest.raises(ArenaError, match="line 1: random cannot play itself"):
        read_schedule(path)
    path.write_text("random nobody\n")
    with pytest.raises(ArenaError, match="line 1: 'nobody' is neither"):
        read_schedule(path)
    with pytest.raises(ArenaError, match="cannot read the schedule"):
        read_schedule(tmp_path / "missing.txt")


def test_the_command_plays_rates_and_keeps_every_board(tmp_path):
    out = tmp_path / "arena"
    result = runner.invoke(app, ["arena", "random", "arena_players:Straight", "--out", str(out),
                                 "--processes", "1", "--seed", "4"], terminal_width=120)
    assert result.exit_code == 0, result.output
    doc = json.loads((out / "results.json").read_text())
    assert len(doc["boards"]) == 4 and doc["seed"] == 4
    # issue 41 item 2: the results name the package's version and the physics (its fingerprint) they came from
    assert (doc["version"], doc["physics"]) == (carrom.__version__, DEFAULT_PARAMS.model)
    assert doc["fingerprint"] == DEFAULT_PARAMS.fingerprint
    assert sum(s["boards"] for s in doc["standings"]) == 8
    assert sum(s["wins"] + s["draws"] / 2 for s in doc["standings"]) == 4
    assert [s["player"] for s in doc["standings"]][0] in result.output
    for board in doc["boards"]:
        shown = runner.invoke(app, ["replay", str(out / board["record"])], terminal_width=200)
        assert shown.exit_code == 0, shown.output
    assert (out / "ratings.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<svg" in (out / "ratings.svg").read_text()
    again = runner.invoke(app, ["arena", "random", "arena_players:Straight", "--out", str(out),
                                "--processes", "2", "--seed", "4", "--overwrite"], terminal_width=120)
    assert again.exit_code == 0, again.output
    assert json.loads((out / "results.json").read_text()) == doc


@pytest.mark.parametrize("args, words", [
    (["random", "arena_players:Mute"], "'arena_players:Mute' is not a player"),
    (["random", "nosuch:Player"], "cannot import module 'nosuch'"),
    (["random", "beginner", "--boards", "3"], "multiple of 4"),
    (["random"], "at least two players"),
    (["random", "beginner", "--processes", "0"], "processes must be a whole number of at least 1"),
    (["random", "beginner", "--schedule", "ladder.txt"], "give players or --schedule, not both"),
    (["--schedule", "no-such-ladder.txt"], "cannot read the schedule no-such-ladder.txt"),
])
def test_the_command_refuses_bad_input_in_one_line_and_writes_nothing(tmp_path, args, words):
    out = tmp_path / "arena"
    result = runner.invoke(app, ["arena", *args, "--out", str(out)])
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output
    assert not (out / "results.json").exists()
