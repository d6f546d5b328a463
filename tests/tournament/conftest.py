"""The tournament tests' databases: a fresh SQLite file, and a fresh PostgreSQL database of the throwaway
cluster (``CARROM_TEST_POSTGRES``, as tests/web do), dropped afterwards."""

import os
import secrets

import pytest

POSTGRES = "CARROM_TEST_POSTGRES"


@pytest.fixture
def sqlite_db(tmp_path):
    return f"sqlite:///{tmp_path / 'tournament.db'}"


@pytest.fixture
def postgresql_db():
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin_url = os.environ.get(POSTGRES)
    if not admin_url:
        pytest.fail(f"{POSTGRES} is not set: run scripts/test, which starts a throwaway PostgreSQL cluster "
                    f"(or set it to the SQLAlchemy URL of a PostgreSQL server's admin database)")
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
    return request.getfixturevalue(f"{request.param}_db")
