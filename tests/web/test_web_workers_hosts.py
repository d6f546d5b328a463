"""Each of `carrom serve --workers N`'s processes answers the names the parent was given and no other (issue 42: the
host list the workers are passed had no test): a worker is made as uvicorn makes it (``worker_app``, from the
environment the parent sets), and a request naming another host is refused 400 as by a single server."""

import pytest
from fastapi.testclient import TestClient

from carrom.cli import web


@pytest.mark.parametrize("names, answered, refused", [
    ("", ["127.0.0.1", "[::1]", "192.0.2.10"], ["evil.example", "localhost.evil.example"]),
    ("carrom.example.org", ["carrom.example.org", "127.0.0.1"], ["evil.example"]),
], ids=["addresses only", "a name given"])
def test_a_worker_answers_the_parents_names_only(sqlite_db, monkeypatch, names, answered, refused):
    """On main, a serve with no --allowed-host passed its workers an empty list, which they took for 'any name'."""
    monkeypatch.setenv(web.WORKER_DB, sqlite_db)
    monkeypatch.setenv(web.WORKER_HOSTS, names)
    monkeypatch.setenv(web.WORKER_PUBLIC, "")
    with TestClient(web.worker_app()) as client:
        for host in answered:
            assert client.get("/api/umpire/options", headers={"Host": host}).status_code == 200, host
        for host in refused:
            r = client.get("/api/umpire/options", headers={"Host": host})
            assert r.status_code == 400 and "Host" in r.json()["error"], host
