"""Seats changing hands and who is at the table, over HTTP and WebSocket on a real SQLite file:
the host gives a person's seat to a bot (which moves at once on its turn) and back (the same
token plays again), gives a bot's seat to a person (a fresh token that works), every refusal is
answered, and each seat sees who else is connected."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeple.server import NotYourTurn, Store, Tables, sqlite_url
from meeple.server.app import make_app
from tests.server.test_api import new, token, wait_for


def host(match: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {match['host']}"}


def act(client: TestClient, m: dict[str, Any], seat: int, action: str, version: int) -> Any:
    return client.post(f"/api/matches/{m['match']}/act",
                       json={"action": action, "version": version}, headers=token(m, seat))


def test_a_person_seat_given_to_a_bot_moves_and_comes_back_with_its_token(client: TestClient,
                                                                          db: str) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    url = f"/api/matches/{m['match']}"
    assert act(client, m, 0, "mark b2", 0).status_code == 200
    given = client.post(f"{url}/seats/1", json={"kind": "greedy"}, headers=host(m))
    assert given.status_code == 200 and given.json() == {"seat": 1, "kind": "greedy"}
    moved = wait_for(client, url, 2)  # seat 1's turn: the bot played it
    assert moved["seats"][1] == {"seat": 1, "name": moved["names"][1], "kind": "greedy",
                                 "invited": True, "present": False}
    assert Store(db).match(m["match"]).kinds == ("human", "greedy")  # type: ignore[union-attr]
    mine = client.get(url, headers=token(m, 1)).json()
    assert mine["seat"] == 1 and mine["legal"] == []  # the token still opens the view
    # The greedy bot's cell depends on the deal's seed, which the server chose: play a free one.
    first = client.get(url, headers=token(m, 0)).json()["legal"][0]["text"]
    assert act(client, m, 0, first, 2).status_code == 200
    wait_for(client, url, 4)
    refused = act(client, m, 1, "mark c1", 4)
    assert refused.status_code == 403 and "bot" in refused.json()["reason"]
    taken = client.post(f"{url}/seats/1?host={m['host']}", json={"kind": "human"})
    assert taken.status_code == 200 and taken.json() == {"seat": 1, "kind": "human"}
    snap = client.get(url, headers=token(m, 0)).json()
    assert snap["version"] == 4 and snap["to_act"] == 0
    free = [a["text"] for a in snap["legal"]]
    assert act(client, m, 0, free[0], 4).status_code == 200
    theirs = client.get(url, headers=token(m, 1)).json()
    assert theirs["to_act"] == 1 and theirs["legal"]
    back = act(client, m, 1, theirs["legal"][0]["text"], 5)
    assert back.status_code == 200 and back.json()["version"] == 6


def test_a_bot_seat_given_to_a_person_gets_a_fresh_token_that_plays(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "random"])
    url = f"/api/matches/{m['match']}"
    given = client.post(f"{url}/seats/1", json={"kind": "human"}, headers=host(m))
    assert given.status_code == 200
    body = given.json()
    assert body["seat"] == 1 and body["kind"] == "human"
    assert body["join_url"].endswith(f"/match/{m['match']}?token={body['token']}")
    assert act(client, m, 0, "mark b2", 0).status_code == 200
    theirs = client.post(f"{url}/act", json={"action": "mark a1", "version": 1},
                         headers={"Authorization": f"Bearer {body['token']}"})
    assert theirs.status_code == 200 and theirs.json()["seat"] == 1
    snap = client.get(url, headers=token(m, 0)).json()
    assert snap["seats"][1]["kind"] == "human" and snap["seats"][1]["invited"]
    assert not snap["undo"]  # a person plays the other seat now
    again = client.post(f"{url}/seats/1", json={"kind": "random"}, headers=host(m))
    assert again.json() == {"seat": 1, "kind": "random"}
    kept = client.post(f"{url}/seats/1", json={"kind": "human"}, headers=host(m))
    assert kept.json() == {"seat": 1, "kind": "human"}  # the token given before is kept


@pytest.mark.parametrize(("body", "says"), [
    ({"kind": "genius"}, "genius"),
    ({"kind": "myth:balance"}, "myth"),
    ({"kind": 3}, "kind"),
    ({}, "kind"),
])
def test_a_bad_kind_is_refused_and_changes_nothing(client: TestClient, body: dict[str, Any],
                                                   says: str) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    r = client.post(f"/api/matches/{m['match']}/seats/1", json=body, headers=host(m))
    assert r.status_code == 422 and says in r.json()["reason"], r.text
    seats = client.get(f"/api/matches/{m['match']}").json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "human"]


def test_a_seat_changes_only_with_the_host_token_of_a_running_match(client: TestClient
                                                                    ) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    url = f"/api/matches/{m['match']}/seats"
    assert client.post(f"{url}/1", json={"kind": "greedy"}).status_code == 401
    wrong = client.post(f"{url}/1", json={"kind": "greedy"}, headers=token(m, 0))
    assert wrong.status_code == 401 and "host" in wrong.json()["reason"]
    assert client.post(f"{url}/1?host=nope", json={"kind": "greedy"}).status_code == 401
    other = new(client, "tictactoe", ["human", "human"])
    assert client.post(f"{url}/1", json={"kind": "greedy"},
                       headers=host(other)).status_code == 401
    assert client.post(f"{url}/2", json={"kind": "greedy"}, headers=host(m)).status_code == 404
    assert client.post("/api/matches/nope/seats/1", json={"kind": "greedy"},
                       headers=host(m)).status_code == 404
    for v, (seat, cell) in enumerate([(0, "a1"), (1, "b1"), (0, "a2"), (1, "b2"), (0, "a3")]):
        act(client, m, seat, f"mark {cell}", v)
    over = client.post(f"{url}/1", json={"kind": "greedy"}, headers=host(m))
    assert over.status_code == 409 and "over" in over.json()["reason"]
    assert [s["kind"] for s in client.get(f"/api/matches/{m['match']}").json()["seats"]] == [
        "human", "human"]


def test_each_seat_sees_who_is_connected(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    url, ws_url = f"/api/matches/{m['match']}", f"/ws/matches/{m['match']}"

    def present() -> list[bool]:
        return [s["present"] for s in client.get(url, headers=token(m, 0)).json()["seats"]]

    assert present() == [False, False]
    with client.websocket_connect(f"{ws_url}?token={m['seats'][0]['token']}") as ws0:
        first = ws0.receive_json()["snapshot"]
        assert [s["present"] for s in first["seats"]] == [True, False]
        with client.websocket_connect(ws_url) as watcher:  # a spectator is no seat
            watcher.receive_json()
            with client.websocket_connect(f"{ws_url}?token={m['seats'][1]['token']}") as ws1:
                ws1.receive_json()
                came = ws0.receive_json()["snapshot"]
                assert [s["present"] for s in came["seats"]] == [True, True]
                # The watcher may first get the push of seat 0's arrival, sent as it came in.
                for _ in range(2):
                    if watcher.receive_json()["snapshot"]["seats"][1]["present"]:
                        break
                else:
                    raise AssertionError("the watcher never saw seat 2 come in")
                assert present() == [True, True]
                ws1.close()  # as a browser tab does; the server tells the others
                gone = ws0.receive_json()["snapshot"]
                assert [s["present"] for s in gone["seats"]] == [True, False]
                assert present() == [True, False]
    assert present() == [False, False]


def test_the_referee_drops_a_bot_move_for_a_seat_taken_back(tmp_path: Path) -> None:
    path = sqlite_url(str(tmp_path / "m.db"))
    t = Tables(Store(path))
    match = t.create("tictactoe", ["human", "random"], seed=1).match
    t.act(match, 0, "mark b2", 0)
    fresh = t.set_seat(match, 1, "human")
    assert fresh is not None and t.store.seat_of(match, fresh) == 1
    with pytest.raises(NotYourTurn):
        t.act(match, 1, "mark a1", 1, bot=True)
    assert t.act(match, 1, "mark a1", 1)["version"] == 2
    again = Tables(Store(path))
    assert again.get(match).row.kinds == ("human", "human")
    assert again.get(match).row.invited == (True, True)


def test_a_public_match_lists_its_unopened_seats_and_a_stranger_takes_one(db: str) -> None:
    with TestClient(make_app(Tables(Store(db)), bot_delay=0)) as c:
        m = new(c, "catacombs", ["human", "human", "greedy"], public=True)
        private = new(c, "tictactoe", ["human", "human"])
        listed = {x["match"]: x for x in c.get("/api/matches").json()}
        # The creator's seat (0) is bound at creation: only seat 1 is free.
        assert listed[m["match"]]["free"] == 1 and private["match"] not in listed
        assert c.get(f"/api/matches/{m['match']}", headers=token(m, 0)).status_code == 200
        assert {x["match"]: x for x in c.get("/api/matches").json()}[m["match"]]["free"] == 1
        r = c.post(f"/api/matches/{m['match']}/join", json={})
        assert r.status_code == 200 and r.json()["seat"] == 1
        fresh = r.json()["token"]
        assert r.json()["join_url"].endswith(f"/match/{m['match']}?token={fresh}")
        mine = c.get(f"/api/matches/{m['match']}", headers={"Authorization": f"Bearer {fresh}"})
        assert mine.json()["seat"] == 1
        old = c.get(f"/api/matches/{m['match']}", headers=token(m, 1))
        assert old.status_code == 401  # the seat's first link no longer opens it
        assert m["match"] not in {x["match"] for x in c.get("/api/matches").json()}
        full = c.post(f"/api/matches/{m['match']}/join", json={})
        assert full.status_code == 409 and "free" in full.json()["reason"]
        closed = c.post(f"/api/matches/{private['match']}/join", json={})
        assert closed.status_code == 403 and "link" in closed.json()["reason"]
        assert c.post("/api/matches/nope/join", json={}).status_code == 404
    with TestClient(make_app(Tables(Store(db)), bot_delay=0)) as c:  # restarted: still taken
        assert c.post(f"/api/matches/{m['match']}/join", json={}).status_code == 409
        mine = c.get(f"/api/matches/{m['match']}", headers={"Authorization": f"Bearer {fresh}"})
        assert mine.json()["seat"] == 1
