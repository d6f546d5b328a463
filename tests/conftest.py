"""The whole suite speaks English unless a test chooses a language: the tester's LANG/LC_* must not
change what the CLI prints (docs/i18n.md: the CLI follows them). And the databases of the tests that
store (the web app, the tournament desk): a fresh SQLite file, or a fresh PostgreSQL database of the
throwaway cluster scripts/test starts (``CARROM_TEST_POSTGRES``), dropped afterwards."""

import os
import secrets

import pytest


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


POSTGRES = "CARROM_TEST_POSTGRES"


@pytest.fixture
def sqlite_db(tmp_path):
    return f"sqlite:///{tmp_path / 'test.db'}"


@pytest.fixture
def postgresql_db():
    """A fresh database in the cluster of scripts/test, dropped afterwards (with whatever still holds it open)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin_url = os.environ.get(POSTGRES)
    if not admin_url:
        pytest.fail(f"{POSTGRES} is not set: run scripts/test, which starts a throwaway PostgreSQL cluster "
                    f"for these tests (or set it to the SQLAlchemy URL of a PostgreSQL server's admin database)")
    name = f"carrom_test_{secrets.token_hex(6)}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f"CREATE DATABASE {name}"))
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    finally:
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request):
    """The store and durability tests' database: each test once on SQLite, once on PostgreSQL."""
    return request.getfixturevalue(f"{request.param}_db")
