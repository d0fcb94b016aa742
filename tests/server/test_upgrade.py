"""A match in progress survives an upgrade of its game (docs/server.md, "Upgrades").

A new version of a game may rename its state's fields, so a snapshot stored by the old version
cannot be restored by the new one. Migration 5 deletes such snapshots, and the loader never
restores one: the match is replayed from its log of action texts, which versions keep. Tested on
a real ``meeple serve`` process, killed with ``kill -9`` and started again on the same file.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from tests.server.live import call, free_port, serve

SNAPSHOT_AFTER = 24  # moves: past the first stored snapshot (every 20 versions)


def play(base: str, moves: int) -> tuple[str, dict[int, str]]:
    """A two-person catacombs match after ``moves`` first legal actions; its id and tokens."""
    status, made = call(f"{base}/api/matches", {"game": "catacombs", "seats": ["human", "human"]})
    assert status == 201, made
    match, tokens = made["match"], {s["seat"]: s["token"] for s in made["seats"] if "token" in s}
    for _ in range(moves):
        seat = call(f"{base}/api/matches/{match}")[1]["to_act"]
        snap = call(f"{base}/api/matches/{match}", token=tokens[seat])[1]
        status, body = call(f"{base}/api/matches/{match}/act",
                            {"action": snap["legal"][0]["text"], "version": snap["version"]},
                            tokens[seat])
        assert status == 200, body
    return match, tokens


def age_snapshots(db: Path, schema: int | None) -> int:
    """Make every stored snapshot look made by version 0 of its game, with a field renamed (as
    an older release would have written it); with ``schema``, set the schema's version back."""
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT match, version, state FROM snapshots").fetchall()
        for match, version, state in rows:
            data: dict[str, Any] = json.loads(state)
            data["version"] = "0"
            fields = data["fields"]["@d"]
            fields["renamed_" + next(iter(fields))] = fields.pop(next(iter(fields)))
            con.execute("UPDATE snapshots SET state = ? WHERE match = ? AND version = ?",
                        (json.dumps(data), match, version))
        if schema is not None:
            con.execute("DELETE FROM schema_version WHERE version > ?", (schema,))
    con.close()
    return len(rows)


def snapshots(db: Path) -> int:
    with sqlite3.connect(db) as con:
        n: int = con.execute("SELECT count(*) FROM snapshots").fetchone()[0]
    con.close()
    return n


def survives(tmp_path: Path, schema: int | None) -> None:
    db, port = tmp_path / "serve.db", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve(db, port)
    try:
        match, tokens = play(base, SNAPSHOT_AFTER)
        before = {s: call(f"{base}/api/matches/{match}", token=t)[1] for s, t in tokens.items()}
    finally:
        proc.kill()  # kill -9: the snapshot and the log are what the file holds
        proc.wait()
    assert age_snapshots(db, schema) >= 1
    proc = serve(db, port)
    try:
        for seat, token in tokens.items():
            status, after = call(f"{base}/api/matches/{match}", token=token)
            assert status == 200, after
            assert after["view"] == before[seat]["view"]
            assert after["version"] == before[seat]["version"] == SNAPSHOT_AFTER
        mover = before[0]["to_act"]
        status, body = call(f"{base}/api/matches/{match}/act",
                            {"action": before[mover]["legal"][0]["text"],
                             "version": SNAPSHOT_AFTER}, tokens[mover])
        assert status == 200, body
    finally:
        proc.kill()
        proc.wait()
    if schema is not None:
        assert snapshots(db) == 0, "migration 5 deletes the snapshots of older versions"


def test_migration_5_deletes_old_snapshots_and_the_match_replays_from_its_log(
        tmp_path: Path) -> None:
    survives(tmp_path, schema=4)


def test_a_snapshot_of_another_version_is_never_restored(tmp_path: Path) -> None:
    survives(tmp_path, schema=None)
