"""A server over a real SQLite file, its bots moving without a pause."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from meeple.server import Store, Tables, sqlite_url
from meeple.server.app import make_app


@pytest.fixture
def db(tmp_path: Path) -> str:
    return sqlite_url(str(tmp_path / "serve.db"))


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(make_app(Tables(Store(db)), bot_delay=0)) as c:
        yield c
