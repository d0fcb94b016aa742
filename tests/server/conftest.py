"""A server over a real database, its bots moving without a pause: every test that takes the
``db`` fixture runs on a real SQLite file and on a real PostgreSQL server (a fresh database
of the cluster ``MEEPLE_POSTGRES_URL`` names; ``.ci/run`` starts one with ``.ci/postgres``).
Without that variable the PostgreSQL runs are skipped, unless ``MEEPLE_REQUIRE_POSTGRES`` is
set (CI sets it), when they fail."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from meeple.server import Store, Tables, sqlite_url
from meeple.server.app import make_app
from meeple.server.limits import Limits, Rate

#: The bounds of a server whose tests are about something else than its rate bounds: a test
#: client acts far faster than a person (tests/server/test_limits.py checks the real ones).
ROOMY = Limits(new_matches=Rate(1_000_000, 60), new_players=Rate(1_000_000, 60),
               actions=Rate(1_000_000, 60),
               undos=Rate(1_000_000, 60), unfinished_per_client=1_000_000)
#: The same as ``meeple serve`` flags, for the tests that start a real process.
ROOMY_FLAGS = ("--rate-matches", "1000000/60", "--rate-players", "1000000/60",
               "--rate-actions", "1000000/60",
               "--rate-undos", "1000000/60", "--max-unfinished", "1000000")


def postgres_cluster() -> str:
    """The URL of the test cluster's maintenance database, or a skip (a failure in CI)."""
    url = os.environ.get("MEEPLE_POSTGRES_URL")
    if not url:
        if os.environ.get("MEEPLE_REQUIRE_POSTGRES"):
            pytest.fail("MEEPLE_POSTGRES_URL is not set (MEEPLE_REQUIRE_POSTGRES is)")
        pytest.skip("no PostgreSQL: set MEEPLE_POSTGRES_URL (.ci/postgres start DIR)")
    return url


@pytest.fixture
def postgres() -> Iterator[str]:
    """A fresh, empty database on the test cluster, dropped afterwards."""
    import psycopg

    base = postgres_cluster()
    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield base.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(str(tmp_path / "serve.db"))
    url: str = request.getfixturevalue("postgres")
    return url


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(make_app(Tables(Store(db)), bot_delay=0, limits=ROOMY)) as c:
        yield c
