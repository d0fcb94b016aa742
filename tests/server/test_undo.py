"""Undo at a table of one person and bots, over HTTP and WebSocket on a real SQLite file: the
timeline goes back while the version goes on, the log only grows, a restart finds the rewound
state, and every refusal (another person, chance, nothing to undo, a stale version, a finished
game) is answered with its status and, for the policy's, a code and a sentence in the asked
language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete
from starlette.testclient import TestClient

from meeple.server import Store, Tables, sqlite_url
from meeple.server.store import snapshots
from meeple.server.tables import OtherPeople, UndoRefused
from tests.server.test_api import new, token, wait_for


def human_turn(client: TestClient, m: dict[str, Any]) -> dict[str, Any]:
    """Seat 0's snapshot once the bots have moved and it is seat 0's turn (or the game over)."""
    url = f"/api/matches/{m['match']}"
    for _ in range(500):
        snap: dict[str, Any] = client.get(url, headers=token(m, 0)).json()
        if snap["over"] or snap["legal"]:
            return snap
        wait_for(client, url, snap["version"] + 1)
    raise AssertionError("seat 0 never got the turn")


def test_undo_against_a_bot_takes_the_board_back_and_the_version_on(client: TestClient,
                                                                    db: str) -> None:
    m = new(client, "tictactoe", ["human", "random"])
    url = f"/api/matches/{m['match']}"
    assert not client.get(url, headers=token(m, 0)).json()["undo"]  # nothing played yet
    client.post(f"{url}/act", json={"action": "mark b2", "version": 0}, headers=token(m, 0))
    played = wait_for(client, url, 2)
    mine = client.get(url, headers=token(m, 0)).json()
    assert mine["undo"] and not played["undo"]  # a spectator never may
    assert sum(row != "..." for row in mine["view"]["board"]) >= 1
    back = client.post(f"{url}/undo", json={"version": 2}, headers=token(m, 0))
    assert back.status_code == 200, back.text
    snap = back.json()
    assert snap["version"] == 3 and snap["to_act"] == 0 and snap["legal"]
    assert snap["view"]["board"] == ["...", "...", "..."] and snap["events"] == []
    assert not snap["undo"]  # the seat has no action left in this timeline
    assert Store(db).log_size(m["match"]) == 3  # two actions and the undo: nothing erased
    again = client.post(f"{url}/act", json={"action": "mark a1", "version": 3},
                        headers=token(m, 0))
    assert again.status_code == 200 and again.json()["version"] == 4
    assert wait_for(client, url, 5)["view"]["board"][0][0] == "X"
    record = Tables(Store(db)).get(m["match"]).state.record()["actions"]
    assert record[0] == "mark a1" and len(record) == 2


def test_after_an_undo_a_restart_finds_the_rewound_state_at_the_same_version(
        client: TestClient, db: str) -> None:
    m = new(client, "tictactoe", ["human", "random"])
    url = f"/api/matches/{m['match']}"
    client.post(f"{url}/act", json={"action": "mark c3", "version": 0}, headers=token(m, 0))
    wait_for(client, url, 2)
    undone = client.post(f"{url}/undo", json={"version": 2}, headers=token(m, 0)).json()
    again = Tables(Store(db))
    assert again.version(m["match"]) == 3
    assert again.snapshot(m["match"], 0) == undone


def test_a_log_with_an_undo_but_no_snapshot_there_is_replayed(tmp_path: Path) -> None:
    path = sqlite_url(str(tmp_path / "m.db"))
    t = Tables(Store(path))
    match = t.create("tictactoe", ["human", "random"], seed=2).match
    for v, (seat, cell) in enumerate([(0, "b2"), (1, "a1"), (0, "c3"), (1, "a3")]):
        t.act(match, seat, f"mark {cell}", v, bot=seat == 1)
    undone = t.undo(match, 0, 4)
    t.act(match, 0, "mark c1", 5)
    with t.store.engine.begin() as conn:  # only the first snapshot is left
        conn.execute(delete(snapshots).where(snapshots.c.version > 0))
    again = Tables(Store(path))
    assert again.version(match) == 6
    assert [a.text for a in again.get(match).state.actions_taken()] == [
        "mark b2", "mark a1", "mark c1"]
    assert undone["view"]["board"] == ["O..", ".X.", "..."]
    assert again.snapshot(match, 0) == t.snapshot(match, 0)


def test_undo_is_refused_where_another_person_plays(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    url = f"/api/matches/{m['match']}"
    snap = client.post(f"{url}/act", json={"action": "mark b2", "version": 0},
                       headers=token(m, 0)).json()
    assert not snap["undo"]
    r = client.post(f"{url}/undo", json={"version": 1}, headers=token(m, 0))
    assert r.status_code == 403 and "another person" in r.json()["reason"]
    assert client.get(url).json()["version"] == 1


def test_nothing_to_undo_a_stale_version_and_a_bad_request_are_refused(client: TestClient
                                                                       ) -> None:
    m = new(client, "tictactoe", ["human", "random"])
    url = f"/api/matches/{m['match']}"
    none = client.post(f"{url}/undo?lang=ru", json={"version": 0}, headers=token(m, 0))
    assert none.status_code == 422
    assert none.json() == {"reason": "Нечего отменять.", "code": "none"}
    client.post(f"{url}/act", json={"action": "mark b2", "version": 0}, headers=token(m, 0))
    wait_for(client, url, 2)
    stale = client.post(f"{url}/undo", json={"version": 1}, headers=token(m, 0))
    assert stale.status_code == 409 and stale.json()["version"] == 2
    assert stale.json()["seat"] == 0
    assert client.post(f"{url}/undo", json={"version": 2}).status_code == 401
    assert client.post(f"{url}/undo", json={"version": "2"},
                       headers=token(m, 0)).status_code == 422
    assert client.post(f"{url}/undo?lang=fr", json={"version": 2},
                       headers=token(m, 0)).status_code == 422
    assert client.get(url).json()["version"] == 2


def test_undo_across_a_drawn_tile_is_refused_as_chance(client: TestClient) -> None:
    m = new(client, "catacombs", ["human", "random"], seed=3)
    url = f"/api/matches/{m['match']}"
    for _ in range(100):
        snap = human_turn(client, m)
        explore = [a["text"] for a in snap["legal"] if a["text"].startswith("explore")]
        action = explore[0] if explore else snap["legal"][0]["text"]
        client.post(f"{url}/act", json={"action": action, "version": snap["version"]},
                    headers=token(m, 0))
        if explore:
            break
    else:
        raise AssertionError("seat 0 never could explore")
    snap = human_turn(client, m)
    r = client.post(f"{url}/undo", json={"version": snap["version"]}, headers=token(m, 0))
    assert r.status_code == 422 and r.json()["code"] == "chance"
    assert r.json()["reason"].startswith("Cannot undo: dice were rolled")
    assert client.get(url).json()["version"] == snap["version"]


def test_undo_is_refused_once_the_game_is_over(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "random"])
    url = f"/api/matches/{m['match']}"
    snap = human_turn(client, m)
    while not snap["over"]:
        client.post(f"{url}/act", json={"action": snap["legal"][0]["text"],
                                        "version": snap["version"]}, headers=token(m, 0))
        snap = human_turn(client, m)
    assert not snap["undo"]
    r = client.post(f"{url}/undo", json={"version": snap["version"]}, headers=token(m, 0))
    assert r.status_code == 422 and r.json()["code"] == "over"


def test_undo_over_the_websocket_pushes_and_answers_refusals(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "random"])
    ws_url = f"/ws/matches/{m['match']}"
    with client.websocket_connect(f"{ws_url}?token={m['seats'][0]['token']}&lang=ru") as ws:
        assert ws.receive_json()["snapshot"]["version"] == 0
        ws.send_json({"type": "undo", "version": 0})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["status"] == 422
        assert refused["code"] == "none" and refused["reason"] == "Нечего отменять."
        ws.send_json({"type": "act", "action": "mark b2", "version": 0})
        versions = [ws.receive_json()["snapshot"]["version"] for _ in range(2)]
        assert versions == [1, 2]  # the answer, then the bot's move
        ws.send_json({"type": "undo", "version": 1})
        assert ws.receive_json()["type"] == "resync"
        ws.send_json({"type": "undo", "version": 2})
        back = ws.receive_json()["snapshot"]
        assert back["version"] == 3 and back["view"]["board"] == ["...", "...", "..."]


def test_the_referee_refuses_undo_with_another_person_or_across_chance(tmp_path: Path
                                                                       ) -> None:
    t = Tables(Store(sqlite_url(str(tmp_path / "m.db"))))
    two = t.create("tictactoe", ["human", "human"], seed=1).match
    t.act(two, 0, "mark a1", 0)
    with pytest.raises(OtherPeople):
        t.undo(two, 0, 1)
    solo = t.create("catacombs", ["human", "random"], seed=3).match
    while True:
        live = t.get(solo)
        st, seat = live.state, live.state.to_act
        assert seat is not None
        explore = [a.text for a in st.legal_actions() if a.text.startswith("explore")]
        text = explore[0] if explore and seat == 0 else st.legal_actions()[0].text
        t.act(solo, seat, text, live.version, bot=seat == 1)
        if explore and seat == 0:
            break
    with pytest.raises(UndoRefused) as refused:
        t.undo(solo, 0, t.version(solo))
    assert refused.value.code == "chance"
