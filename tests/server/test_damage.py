"""Damage stays contained: a match whose stored record cannot be restored is refused with 410
on every request and socket while the others play on; a database another program made is
refused before anything is changed in it; a database that takes no writes (a full disk) makes
/api/health and every move answer 503, with nothing half-applied and the server alive."""

from __future__ import annotations

import hashlib
import os
import resource
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from meeple.server import Store, Tables
from meeple.server.app import make_app
from tests.server.conftest import ROOMY_FLAGS
from tests.server.live import call, free_port, serve

DAMAGED = "this match's record is damaged"
#: Ways a match's rows can be damaged: SQL run with :m the match's id (SQLite's syntax).
DAMAGE = {
    "snapshot-garbage": "UPDATE snapshots SET state = 'garbage{' WHERE match = :m",
    "snapshot-wrong-type": "UPDATE snapshots SET state = '42' WHERE match = :m",
    "options-garbage": "UPDATE matches SET options = 'garbage{' WHERE id = :m",
    "log-illegal": "UPDATE actions SET action = 'fly to the moon' WHERE match = :m "
                   "AND version = 1",
}


def play_to(url: str, tokens: dict[int, str], version: int) -> dict[str, Any]:
    """Play the person's seats (first legal action) until the match reaches ``version``;
    its snapshot then (a bot's seats move on their own meanwhile)."""
    for _ in range(400):
        snap: dict[str, Any] = call(url)[1]
        if snap["version"] >= version:
            return snap
        tok = tokens.get(snap["to_act"])
        mine = call(url, token=tok)[1] if tok else None
        if mine and mine["legal"]:
            call(f"{url}/act", {"action": mine["legal"][0]["text"],
                                "version": mine["version"]}, tok)
        else:
            time.sleep(0.05)
    raise AssertionError(f"{url} did not reach version {version}")


def tokens_of(made: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in made["seats"] if "token" in s}


def ws_closed(base: str, match: str, token: str) -> tuple[int, str]:
    """The close code and reason of the match's WebSocket, opened with the seat's token."""
    with (connect(f"ws{base[4:]}/ws/matches/{match}?token={token}", open_timeout=10) as ws,
          pytest.raises(ConnectionClosed) as closed):
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code, closed.value.rcvd.reason


def kill(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    proc.wait(timeout=20)


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_match_answers_410_everywhere_once_logged_while_another_plays_on(
        tmp_path: Path, damage: str) -> None:
    db, port = tmp_path / "serve.db", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve(db, port, "--bot-delay", "0")
    try:
        made = [call(f"{base}/api/matches", {"game": "catacombs", "seats": ["human", "random"],
                                             "seed": seed})[1] for seed in (3, 4)]
        bad, good = (m["match"] for m in made)
        for m in made:
            play_to(f"{base}/api/matches/{m['match']}", tokens_of(m), 2)
    finally:
        kill(proc)
    with sqlite3.connect(db) as con:
        assert con.execute(DAMAGE[damage].replace(":m", "?"), (bad,)).rowcount >= 1
    con.close()
    log = db.with_suffix(".log")
    log.write_bytes(b"")
    proc = serve(db, port, "--bot-delay", "0")
    try:
        tok = made[0]["seats"][0]["token"]
        for _ in range(3):
            status, body = call(f"{base}/api/matches/{bad}", token=tok)
            assert status == 410 and body["reason"] == DAMAGED and body["match"] == bad
            assert call(f"{base}/api/matches/{bad}")[0] == 410
        status, body = call(f"{base}/api/matches/{bad}/act", {"action": "x", "version": 2}, tok)
        assert (status, body["reason"]) == (410, DAMAGED)
        assert call(f"{base}/api/matches/{bad}/record")[0] == 410
        assert ws_closed(base, bad, tok) == (4410, DAMAGED)
        url = f"{base}/api/matches/{good}"
        before = call(url)[1]["version"]
        after = play_to(url, tokens_of(made[1]), before + 4)  # its person and its bot move
        assert after["version"] >= before + 4
        assert call(f"{base}/api/health")[0] == 200
        assert call(f"{base}/api/matches")[0] == 200
    finally:
        kill(proc)
    said = log.read_text(errors="replace")
    assert "Traceback" not in said
    lines = [line for line in said.splitlines() if bad in line]
    assert len(lines) == 1, said
    assert "damaged" in lines[0] and good not in said


def damage_rows(store: Store, match: str, sql: str) -> None:
    """Run a DAMAGE statement on the store's database (PostgreSQL casts the text to json)."""
    if store.shared:
        sql = sql.replace("'garbage{'", "'\"garbage\"'::json").replace("'42'", "'42'::json")
    with store.engine.begin() as con:
        assert con.execute(text(sql), {"m": match}).rowcount >= 1


@pytest.mark.parametrize("damage", [*DAMAGE, "log-gap"])
def test_a_damaged_match_is_refused_with_410_on_http_and_its_socket(db: str, damage: str
                                                                     ) -> None:
    store = Store(db)
    tables = Tables(store)
    bad = tables.create("catacombs", ["human", "human"], seed=3)
    good = tables.create("catacombs", ["human", "human"], seed=4)
    for m in (bad, good):
        for _ in range(3):
            live = tables.get(m.match)
            seat = live.state.to_act
            assert seat is not None
            tables.act(m.match, seat, live.state.legal_actions()[0].text, live.version)
    sql = DAMAGE.get(damage, "DELETE FROM actions WHERE match = :m AND version = 2")
    damage_rows(store, bad.match, sql)
    store.engine.dispose()
    with TestClient(make_app(Tables(Store(db)), bot_delay=0)) as client:
        tok = bad.tokens[0]
        for _ in range(2):
            r = client.get(f"/api/matches/{bad.match}?token={tok}")
            assert (r.status_code, r.json()["reason"]) == (410, DAMAGED)
        r = client.post(f"/api/matches/{bad.match}/act?token={tok}",
                        json={"action": "x", "version": 3})
        assert r.status_code == 410
        with (pytest.raises(WebSocketDisconnect) as closed,
              client.websocket_connect(f"/ws/matches/{bad.match}?token={tok}") as ws):
            ws.receive_json()
        assert (closed.value.code, closed.value.reason) == (4410, DAMAGED)
        snap = client.get(f"/api/matches/{good.match}").json()
        seat = snap["to_act"]
        mine = client.get(f"/api/matches/{good.match}?token={good.tokens[seat]}").json()
        r = client.post(f"/api/matches/{good.match}/act?token={good.tokens[seat]}",
                        json={"action": mine["legal"][0]["text"], "version": 3})
        assert r.status_code == 200 and r.json()["version"] == 4


def tables_of(path: Path) -> list[str]:
    with sqlite3.connect(path) as con:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    con.close()
    return sorted(names)


def run_serve(db: str, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "meeple.cli", "serve", "--port",
                           str(free_port()), "--db", db, *extra], capture_output=True,
                          text=True, timeout=60, env={**os.environ})


def test_serve_refuses_an_sqlite_file_of_another_program_and_leaves_it_unchanged(
        tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        con.execute("INSERT INTO customers (name) VALUES ('Ada')")
    con.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    done = run_serve(str(path))
    assert done.returncode != 0
    assert "customers" in done.stderr and "--db" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert tables_of(path) == ["customers"]
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shop.db"]  # no -wal, no -shm


def test_serve_refuses_a_postgresql_database_of_another_program_and_adds_no_table(
        postgres: str) -> None:
    import psycopg

    with psycopg.connect(postgres, autocommit=True) as con:
        con.execute("CREATE TABLE customers (id serial PRIMARY KEY, name text)")
    done = run_serve(postgres)
    assert done.returncode != 0
    assert "customers" in done.stderr and "Traceback" not in done.stderr
    with psycopg.connect(postgres) as con:
        names = [r[0] for r in con.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
    assert names == ["customers"]


def test_an_empty_database_and_an_older_meeple_database_are_still_opened(tmp_path: Path
                                                                         ) -> None:
    Store(f"sqlite:///{tmp_path / 'empty.db'}")
    old = tmp_path / "old.db"
    with sqlite3.connect(old) as con:  # the first release's tables, before any migration
        con.executescript(
            "CREATE TABLE matches (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL, "
            "players INTEGER NOT NULL, options JSON NOT NULL, seed INTEGER NOT NULL, "
            "public BOOLEAN NOT NULL, created FLOAT NOT NULL, version INTEGER NOT NULL, "
            "over BOOLEAN NOT NULL);"
            "CREATE TABLE seats (match VARCHAR(32), seat INTEGER, kind VARCHAR(64) NOT NULL, "
            "token_hash VARCHAR(64), PRIMARY KEY (match, seat));")
    con.close()
    Store(f"sqlite:///{old}")
    assert {"leases", "servers", "schema_version", "snapshots"} <= set(tables_of(old))


def limited(size: int) -> Callable[[], None]:
    """A child's set-up: no file it writes may grow past ``size`` bytes (as on a full disk)."""
    def preexec() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return preexec


def test_a_full_disk_makes_health_and_moves_answer_503_and_changes_nothing(tmp_path: Path
                                                                          ) -> None:
    db, port, log = tmp_path / "serve.db", free_port(), tmp_path / "serve.log"
    base = f"http://127.0.0.1:{port}"
    # Room for the schema's first write-ahead log (about 200 KB) and a few matches.
    with log.open("ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "meeple.cli", "serve", "--port",
                                 str(port), "--db", str(db), *ROOMY_FLAGS], stdout=out,
                                stderr=subprocess.STDOUT, env={**os.environ},
                                preexec_fn=limited(384 * 1024))
    try:
        for _ in range(300):
            if proc.poll() is None and call_ok(f"{base}/api/health"):
                break
            time.sleep(0.05)
        assert call(f"{base}/api/health")[0] == 200
        made = call(f"{base}/api/matches", {"game": "catacombs", "seats": ["human", "human"]})[1]
        url, toks = f"{base}/api/matches/{made['match']}", tokens_of(made)
        for _ in range(2000):  # new matches until the database takes no more of them
            status, body = call(f"{base}/api/matches", {"game": "catacombs",
                                                         "seats": ["human", "human"]})
            if status != 201:
                break
        assert status == 503 and "does not take writes" in body["reason"], body
        for _ in range(2000):  # then moves, smaller, until it takes none of them either
            seat = call(url)[1]["to_act"]
            mine = call(url, token=toks[seat])[1]
            status, body = call(f"{url}/act", {"action": mine["legal"][0]["text"],
                                               "version": mine["version"]}, toks[seat])
            if status != 200:
                break
        assert status == 503 and "not stored" in body["reason"], body
        assert call(url, token=toks[seat])[1] == mine  # at its version, as it was
        for _ in range(20):  # each health check that still fits a write takes some room
            status, body = call(f"{base}/api/health")
            if status != 200:
                break
            time.sleep(1.05)  # past the kept verdict
        assert (status, body) == (503, {"ok": False,
                                        "reason": "the database does not take writes"})
        status, body = call(f"{url}/act", {"action": mine["legal"][0]["text"],
                                           "version": mine["version"]}, toks[seat])
        assert status == 503 and call(url, token=toks[seat])[1] == mine
        assert call(f"{base}/api/matches")[0] == 200  # reading goes on
        assert proc.poll() is None
    finally:
        kill(proc)
    said = log.read_text(errors="replace")
    assert "Traceback" not in said, said


def call_ok(url: str) -> bool:
    try:
        return call(url)[0] == 200
    except OSError:
        return False
