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
