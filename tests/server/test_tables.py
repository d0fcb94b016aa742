"""The referee and its store, on a real SQLite file: per-seat snapshots, the version check, whose
turn it is, illegal actions, a restart on the same file, and two writers of one version."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import text

import meeple
from meeple.core import IllegalAction
from meeple.server import NotYourTurn, StaleVersion, Store, Tables, UnknownMatch, sqlite_url
from meeple.server.store import token_hash


def tables(path: Path) -> Tables:
    return Tables(Store(sqlite_url(str(path))))


def test_a_match_is_created_with_hashed_tokens_for_its_human_seats(tmp_path: Path) -> None:
    t = tables(tmp_path / "m.db")
    match, tokens, host = t.create("tictactoe", ["human", "random"], seed=3)
    assert set(tokens) == {0}
    assert t.store.is_host(match, host) and not t.store.is_host(match, tokens[0])
    assert t.store.seat_of(match, tokens[0]) == 0
    assert t.store.seat_of(match, "not a token") is None
    raw = (tmp_path / "m.db").read_bytes() + (tmp_path / "m.db-wal").read_bytes()
    assert tokens[0].encode() not in raw and token_hash(tokens[0]).encode() in raw
    assert host.encode() not in raw and token_hash(host).encode() in raw


def test_a_snapshot_is_built_for_its_seat_from_the_contract(tmp_path: Path) -> None:
    t = tables(tmp_path / "m.db")
    match, _, _ = t.create("_template", ["human", "human"], seed=4)
    state = meeple.load("_template", players=2).new_state(seed=4)
    mine, other, watcher = (t.snapshot(match, s, "ru") for s in (0, 1, None))
    assert mine["view"] == state.view(0) and other["view"] == state.view(1)
    assert watcher["view"] == state.view(None) and watcher["legal"] == []
    assert mine["legal"][0]["label"].startswith("Сыграть карту")
    assert other["legal"] == []  # not seat 1's turn
    assert mine["version"] == 0 and mine["to_act"] == 0
    assert mine["seats"] == [{"seat": s, "name": mine["names"][s], "kind": "human",
                              "invited": True, "present": False} for s in (0, 1)]
    assert not mine["undo"] and not watcher["undo"]  # another person plays at this table


def test_acting_applies_commits_and_refuses_stale_wrong_seat_and_illegal(tmp_path: Path
                                                                         ) -> None:
    t = tables(tmp_path / "m.db")
    match, _, _ = t.create("tictactoe", ["human", "human"], seed=1)
    snap = t.act(match, 0, "mark b2", 0)
    assert snap["version"] == 1 and snap["view"]["board"][1] == ".X."
    with pytest.raises(StaleVersion) as stale:
        t.act(match, 1, "mark a1", 0)
    assert stale.value.snapshot["version"] == 1 and stale.value.snapshot["seat"] == 1
    with pytest.raises(NotYourTurn):
        t.act(match, 0, "mark a1", 1)
    with pytest.raises(IllegalAction):
        t.act(match, 1, "mark b2", 1)
    with pytest.raises(UnknownMatch):
        t.snapshot("nope", None)
    assert t.version(match) == 1
    assert t.store.log_after(match, 0) == [(1, 0, "act", "mark b2")]


def test_a_restarted_server_restores_every_match_at_the_same_version(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    first = tables(path)
    match, _, _ = first.create("catacombs", ["human", "human", "human"], seed=7)
    for _ in range(45):  # past two snapshots
        st = first.get(match).state
        seat = st.to_act
        assert seat is not None
        first.act(match, seat, st.legal_actions()[0].text, first.version(match))
    before = [first.snapshot(match, s) for s in (0, 1, 2, None)]
    again = tables(path)
    assert again.store.unfinished() == [match]
    assert [again.snapshot(match, s) for s in (0, 1, 2, None)] == before


def test_two_servers_writing_the_same_version_apply_exactly_one(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    a, b = tables(path), tables(path)
    match, _, _ = a.create("tictactoe", ["human", "human"], seed=1)
    b.get(match)  # both hold the match at version 0
    outcomes: dict[str, object] = {}
    go = threading.Barrier(2)

    def play(name: str, t: Tables, move: str) -> None:
        go.wait()
        try:
            outcomes[name] = t.act(match, 0, move, 0)["version"]
        except StaleVersion as e:
            outcomes[name] = ("stale", e.snapshot["version"])

    threads = [threading.Thread(target=play, args=("a", a, "mark a1")),
               threading.Thread(target=play, args=("b", b, "mark c3"))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(map(str, outcomes.values())) == ["('stale', 1)", "1"]
    assert tables(path).store.log_size(match) == 1


def test_a_database_of_the_first_release_gains_the_new_columns(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    old = tables(path)
    match, _, _ = old.create("tictactoe", ["human", "human"], seed=1)
    old.act(match, 0, "mark b2", 0)
    with old.store.engine.begin() as db:  # as the first release made it
        db.execute(text("ALTER TABLE actions DROP COLUMN kind"))
        db.execute(text("ALTER TABLE matches DROP COLUMN host_hash"))
        db.execute(text("DROP INDEX ix_matches_lobby"))
        db.execute(text("DROP INDEX ix_matches_creator"))
        for table, column in (("matches", "creator"), ("matches", "active"),
                              ("matches", "closed"), ("seats", "open"),
                              ("matches", "rematch"), ("matches", "chat"),
                              ("matches", "said")):
            db.execute(text(f"ALTER TABLE {table} DROP COLUMN {column}"))
        db.execute(text("DROP TABLE leases"))
        db.execute(text("DROP TABLE servers"))
        db.execute(text("DROP INDEX ix_seats_player"))
        db.execute(text("ALTER TABLE seats DROP COLUMN player"))
        for table in ("mail_notices", "mail_asks", "mail_stops", "mail", "player_links",
                      "player_keys", "players", "chat"):
            db.execute(text(f"DROP TABLE {table}"))
        db.execute(text("DROP TABLE schema_version"))
    again = tables(path)
    assert again.snapshot(match, 1)["view"]["board"][1] == ".X."
    again.act(match, 1, "mark a1", 1)
    assert [r.kind for r in again.store.log_after(match, 0)] == ["act", "act"]
    assert tables(path).version(match) == 2
    with again.store.engine.connect() as db:
        assert db.execute(text("SELECT version FROM schema_version ORDER BY version")
                          ).scalars().all() == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def test_a_long_match_sends_its_newest_events_told_as_a_fresh_telling_would(tmp_path: Path
                                                                            ) -> None:
    from meeple.server.snapshots import EVENTS_SENT, build_snapshot

    t = tables(tmp_path / "m.db")
    match, _, _ = t.create("heavens", ["human", "human"], seed=2)
    for _ in range(400):
        live = t.get(match)
        if live.state.is_over:
            break
        seat = live.state.to_act
        assert seat is not None
        t.snapshot(match, seat, "ru")  # told bit by bit, as pushes go out
        t.act(match, seat, live.state.legal_actions()[0].text, live.version)
    live = t.get(match)
    for seat in (0, 1, None):
        snap = t.snapshot(match, seat, "ru")
        fresh = build_snapshot(match, live.game, live.state, seat, "ru", version=live.version)
        total = len(live.state.events(seat))
        assert total > EVENTS_SENT
        assert len(snap["events"]) == EVENTS_SENT and snap["events_from"] == total - EVENTS_SENT
        assert snap["events"] == fresh["events"]
