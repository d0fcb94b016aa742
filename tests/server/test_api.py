"""The HTTP and WebSocket API of meeple serve, through Starlette's TestClient over a real SQLite
file: every endpoint, every refusal, bots that move on their own."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect


def new(client: TestClient, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    # A seed only where at most one person plays (the server deals the others).
    seed = {"seed": 3} if seats.count("human") <= 1 else {}
    r = client.post("/api/matches", json={"game": game, "seats": seats, **seed, **extra})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def token(match: dict[str, Any], seat: int) -> dict[str, str]:
    return {"Authorization": f"Bearer {match['seats'][seat]['token']}"}


def wait_for(client: TestClient, url: str, version: int) -> dict[str, Any]:
    for _ in range(200):
        snap: dict[str, Any] = client.get(url).json()
        if snap["version"] >= version:
            return snap
        time.sleep(0.01)
    raise AssertionError(f"{url} never reached version {version}")


def test_games_are_listed_with_their_catalogue_in_the_asked_language(client: TestClient
                                                                      ) -> None:
    games = {g["id"]: g for g in client.get("/api/games?lang=ru").json()}
    assert {"catacombs", "myth", "heavens", "grabhit", "andor"} <= set(games)
    assert games["catacombs"]["catalogue"]["dagger"]["name"] == "Кинжал"
    assert client.get("/api/games?lang=fr").status_code == 422


@pytest.mark.parametrize(("body", "says"), [
    ({"game": "chess", "seats": ["human", "random"]}, "chess"),
    ({"game": "tictactoe", "seats": ["human", "genius"]}, "genius"),
    ({"game": "tictactoe", "seats": "human,random"}, "seats: should be a valid array"),
    ({"game": "tictactoe", "seats": ["human", "random"], "players": 3}, "players is 3"),
    ({"game": "catacombs", "seats": ["human", "random"], "options": {"nope": 1}}, "nope"),
    ({"game": "tictactoe", "seats": ["human", "random"], "seed": "x"}, "seed"),
    ({"seats": ["human"]}, "game: Field required"),
])
def test_a_bad_match_request_is_refused_with_what_was_wrong(client: TestClient,
                                                            body: dict[str, Any],
                                                            says: str) -> None:
    r = client.post("/api/matches", json=body)
    assert r.status_code == 422 and says in r.json()["reason"], r.text
    assert client.post("/api/matches", content=b"{not json",
                       headers={"Content-Type": "application/json"}).status_code == 422


def test_a_match_gives_its_creator_every_human_seats_link(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"], public=True)
    assert [s["kind"] for s in m["seats"]] == ["human", "human"]
    assert all(s["join_url"].endswith(s["token"]) for s in m["seats"])
    first = m["seats"][0]["token"]
    assert m["host_url"] == f"{m['watch_url']}?token={first}&host={m['host']}"
    assert m["host"] not in {s["token"] for s in m["seats"]}
    bots_only = new(client, "tictactoe", ["random", "random"])
    assert bots_only["host_url"] == f"{bots_only['watch_url']}?host={bots_only['host']}"
    listed = client.get("/api/matches").json()
    # The creator's own seat is bound at creation: only the other one is free.
    assert [(x["match"], x["free"]) for x in listed] == [(m["match"], 1)]
    assert "token" not in str(listed) and m["host"] not in str(listed)


def test_the_public_list_counts_free_seats_and_drops_a_full_table(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"], public=True)
    new(client, "tictactoe", ["human", "random"])  # not public: never listed
    base = f"/ws/matches/{m['match']}"

    def free() -> list[int]:
        return [x["free"] for x in client.get("/api/matches").json()]

    assert free() == [1]  # the creator's seat never was
    with client.websocket_connect(f"{base}?token={m['seats'][0]['token']}") as ws0:
        ws0.receive_json()
        assert free() == [1]
        with client.websocket_connect(f"{base}?token={m['seats'][1]['token']}") as ws1:
            ws1.receive_json()
            assert free() == []
    assert free() == []  # both links were opened: the seats stay taken when their sockets close


def test_each_seat_reads_its_own_snapshot_and_a_spectator_the_public_one(client: TestClient
                                                                         ) -> None:
    m = new(client, "_template", ["human", "human"])
    url = f"/api/matches/{m['match']}"
    mine = client.get(url, headers=token(m, 0)).json()
    theirs = client.get(f"{url}?token={m['seats'][1]['token']}").json()
    watcher = client.get(url).json()
    assert mine["seat"] == 0 and theirs["seat"] == 1 and watcher["seat"] is None
    state = client.app.state.server.tables.get(m["match"]).state  # type: ignore[attr-defined]
    assert mine["view"]["hand"] == state.view(0)["hand"]
    assert theirs["view"]["hand"] == state.view(1)["hand"] and watcher["view"].get("hand") is None
    assert mine["legal"] and not theirs["legal"] and not watcher["legal"]
    assert client.get(url, headers={"Authorization": "Bearer nope"}).status_code == 401
    assert client.get("/api/matches/nope").status_code == 404


def test_acting_answers_every_refusal_with_its_status(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    url = f"/api/matches/{m['match']}/act"
    ok = client.post(url, json={"action": "mark b2", "version": 0}, headers=token(m, 0))
    assert ok.status_code == 200 and ok.json()["version"] == 1
    stale = client.post(url, json={"action": "mark a1", "version": 0}, headers=token(m, 1))
    assert stale.status_code == 409 and stale.json()["version"] == 1
    wrong = client.post(url, json={"action": "mark a1", "version": 1}, headers=token(m, 0))
    assert wrong.status_code == 403 and wrong.json() == {"reason": "not your turn"}
    bad = client.post(url, json={"action": "mark b2", "version": 1}, headers=token(m, 1))
    assert bad.status_code == 422 and "mark b2" in bad.json()["reason"]
    assert client.post(url, json={"action": "mark a1", "version": 1}).status_code == 401
    assert client.post(url, json={"action": 3}, headers=token(m, 1)).status_code == 422


def test_a_bot_seat_moves_on_its_own(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "random"])
    url = f"/api/matches/{m['match']}"
    client.post(f"{url}/act", json={"action": "mark b2", "version": 0}, headers=token(m, 0))
    snap = wait_for(client, url, 2)
    assert snap["version"] == 2 and [e["seat"] for e in snap["events"]] == [0, 1]
    assert all(e["text"] for e in snap["events"])


def test_the_record_is_given_only_once_the_game_is_over(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    url = f"/api/matches/{m['match']}"
    assert client.get(f"{url}/record").status_code == 409
    for v, (seat, cell) in enumerate([(0, "a1"), (1, "b1"), (0, "a2"), (1, "b2"), (0, "a3")]):
        client.post(f"{url}/act", json={"action": f"mark {cell}", "version": v},
                    headers=token(m, seat))
    done = client.get(url).json()
    assert done["over"] and done["result"]["winners"] == [0] and done["result"]["text"]
    assert client.get(f"{url}/record").json()["actions"][0] == "mark a1"


def test_the_websocket_pushes_snapshots_and_resyncs_a_stale_action(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    base = f"/ws/matches/{m['match']}"
    with client.websocket_connect(f"{base}?token={m['seats'][0]['token']}") as ws0, \
            client.websocket_connect(f"{base}?token={m['seats'][1]['token']}&lang=ru") as ws1:
        assert ws0.receive_json()["snapshot"]["version"] == 0
        assert ws1.receive_json()["snapshot"]["seat"] == 1
        arrived = ws0.receive_json()["snapshot"]  # seat 1 came in
        assert [s["present"] for s in arrived["seats"]] == [True, True]
        ws0.send_json({"type": "act", "action": "mark b2", "version": 0})
        assert ws0.receive_json()["snapshot"]["version"] == 1
        pushed = ws1.receive_json()["snapshot"]
        assert pushed["version"] == 1 and pushed["legal"][0]["label"].startswith("Поставить")
        ws1.send_json({"type": "act", "action": "mark a1", "version": 0})
        resync = ws1.receive_json()
        assert resync["type"] == "resync" and resync["snapshot"]["version"] == 1
        ws1.send_json({"hello": 1})
        assert ws1.receive_json()["status"] == 422
        ws1.send_json({"type": "act", "action": "mark a1", "version": "one"})
        assert ws1.receive_json()["status"] == 422
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(f"{base}?token=nope"):
        pass
    assert closed.value.code == 4401


def test_a_finished_match_nobody_watches_leaves_memory_and_is_read_again_when_asked(
        client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    url = f"/api/matches/{m['match']}"
    server = client.app.state.server  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/matches/{m['match']}?token={m['seats'][0]['token']}"
                                  ) as ws:
        ws.receive_json()
        for i, move in enumerate(["mark a1", "mark b1", "mark a2", "mark b2", "mark a3"]):
            r = client.post(f"{url}/act", json={"action": move, "version": i},
                            headers=token(m, i % 2))
            assert r.status_code == 200
        assert r.json()["over"] and m["match"] in server.tables.live  # watched: kept
        ws.close()
    for _ in range(200):
        if m["match"] not in server.tables.live:
            break
        time.sleep(0.01)
    assert m["match"] not in server.tables.live and m["match"] not in server.listeners
    again = client.get(url, headers=token(m, 0)).json()
    assert again["over"] and again["version"] == 5 and again["view"]["board"][0] == "XO."


def test_the_board_as_text_comes_only_to_who_asks_and_never_for_a_board_the_page_draws(
        client: TestClient) -> None:
    # The template game has no drawn board (a game from another package is the same).
    m = new(client, "_template", ["human", "human"])
    url = f"/api/matches/{m['match']}"
    plain = client.get(url, headers=token(m, 0)).json()
    text = client.get(f"{url}?board=text&lang=ru", headers=token(m, 0)).json()
    assert "screen" not in plain and "Ваша рука" in text["screen"]
    with client.websocket_connect(f"/ws/matches/{m['match']}?board=text") as ws:
        assert "screen" in ws.receive_json()["snapshot"]
    for game in ("tictactoe", "catacombs", "myth", "heavens", "grabhit", "andor"):
        t = new(client, game, ["human", "human"])
        assert "screen" not in client.get(f"/api/matches/{t['match']}?board=text").json()


def test_health_answers_with_what_the_server_holds(client: TestClient, db: str) -> None:
    client.post("/api/matches", json={"game": "tictactoe", "seats": ["human", "human"]})
    r = client.get("/api/health")
    assert r.status_code == 200
    body = r.json()
    assert body["ok"] and body["database"] == db.split(":")[0].split("+")[0]
    assert body["matches"] == 1 and body["leases"] == 0
