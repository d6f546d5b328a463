"""``carrom play`` / ``carrom serve`` as a user starts them: help, and a clear error for a busy port."""

import socket

from typer.testing import CliRunner

from carrom.cli.app import app

runner = CliRunner()


def test_play_and_serve_are_commands():
    assert runner.invoke(app, ["play", "--help"]).exit_code == 0
    out = runner.invoke(app, ["serve", "--help"]).output
    assert "--db" in out and "--host" in out


def test_a_busy_port_is_one_clear_line(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        result = runner.invoke(app, ["play", "--port", str(port), "--no-browser", "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 2
    assert f"port {port}" in result.output and "in use" in result.output


def test_a_bad_database_url_is_one_clear_line():
    result = runner.invoke(app, ["serve", "--port", "0", "--db", "nosuchdb://x"])
    assert result.exit_code == 2 and "cannot open the database" in result.output


def test_scripts_play_passes_options_alone_to_play(tmp_path):
    """`scripts/play --port N` is `carrom play --port N` (issue 21: it failed as an unknown option)."""
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        done = subprocess.run([str(root / "scripts" / "play"), "--port", str(port), "--no-browser",
                               "--db", str(tmp_path / "x.db")], capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"port {port}" in done.stdout + done.stderr and "in use" in done.stdout + done.stderr


def test_the_first_start_says_each_step_of_preparing_the_physics(monkeypatch):
    """A first start compiles for minutes: each step is announced, then the time it took."""
    from carrom.cli import web as cli_web
    from carrom.web import warm as warm_module

    said = []
    monkeypatch.setattr(cli_web.typer, "echo", lambda text="", **_: said.append(text))
    seconds = cli_web._warm_with_progress()
    steps = [line for line in said if f"/{warm_module.WARM_STEPS} " in line]
    assert len(steps) == warm_module.WARM_STEPS and steps[0].strip().startswith("1/")
    assert said[-1] == f"physics ready in {seconds:.1f} s"


def test_no_browser_is_said_not_silent(monkeypatch):
    """On a machine without a browser, `carrom play` says where the app is instead of opening nothing."""
    from types import SimpleNamespace

    from carrom.cli import web as cli_web

    said = []
    monkeypatch.setattr(cli_web.webbrowser, "open", lambda url: False)
    monkeypatch.setattr(cli_web.typer, "echo", lambda text="", **_: said.append(text))
    cli_web._open_when_up(SimpleNamespace(started=True), "http://localhost:8123/")
    assert said == ["no browser could be opened on this machine: open http://localhost:8123/ in one"]
