"""Rematch (docs/server.md, "Rematch"), on a real SQLite file and a real PostgreSQL database:
any person's seat of a finished match asks for it; the first ask makes it (same game, options
and seat kinds, a fresh seed, every seat moved on by one) and every ask answers the asking
seat's seat in it with a fresh token; the finished match's snapshot names it for every seat and
spectator; players keep their names there; bots take their seats at once; a refusal says why
and changes nothing."""

from __future__ import annotations

import threading
from typing import Any

from starlette.testclient import TestClient

from tests.server.test_api import new, token, wait_for
from tests.server.test_players import me, player

WIN = ("mark a1", "mark b1", "mark a2", "mark b2", "mark a3")  # seat 0 wins


def finish(client: TestClient, m: dict[str, Any], moves: tuple[str, ...] = WIN) -> None:
    url = f"/api/matches/{m['match']}"
    for move in moves:
        snap = client.get(url).json()
        r = client.post(f"{url}/act", json={"action": move, "version": snap["version"]},
                        headers=token(m, snap["to_act"]))
        assert r.status_code == 200, r.text


def ask(client: TestClient, match: str, headers: dict[str, str]) -> Any:
    return client.post(f"/api/matches/{match}/rematch", json={}, headers=headers)


def bearer(tok: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {tok}"}


def test_the_first_ask_makes_it_every_ask_joins_it_with_seats_moved_on(
        client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    early = ask(client, m["match"], token(m, 0))
    assert early.status_code == 409 and "once the game is over" in early.json()["reason"]
    finish(client, m)
    watcher = ask(client, m["match"], {})
    assert watcher.status_code == 403 and "seat's token" in watcher.json()["reason"]
    first = ask(client, m["match"], token(m, 0))
    assert first.status_code == 200, first.text
    again = first.json()
    rematch = again["match"]
    assert again["seat"] == 1 and again["url"].endswith(f"/match/{rematch}?token={again['token']}")
    for headers in ({}, token(m, 0), token(m, 1)):
        assert client.get(f"/api/matches/{m['match']}", headers=headers).json()["rematch"] == \
            rematch
    second = ask(client, m["match"], token(m, 1)).json()
    assert second["match"] == rematch and second["seat"] == 0
    url = f"/api/matches/{rematch}"
    snap = client.get(url, headers=bearer(second["token"])).json()
    assert snap["seat"] == 0 and snap["to_act"] == 0 and snap["version"] == 0
    assert client.get(url, headers=bearer(again["token"])).json()["seat"] == 1
    assert client.get(url, headers=token(m, 0)).status_code == 401  # the old token opens nothing
    moved = client.post(f"{url}/act", json={"action": "mark b2", "version": 0},
                        headers=bearer(second["token"]))
    assert moved.status_code == 200
    # Asked again from the same seat: the same rematch, a fresh token; the old one stops.
    third = ask(client, m["match"], token(m, 0)).json()
    assert third["match"] == rematch and third["token"] != again["token"]
    assert client.get(url, headers=bearer(again["token"])).status_code == 401
    assert client.get(url, headers=bearer(third["token"])).json()["seat"] == 1


def test_players_keep_their_names_and_open_the_rematch_with_their_key(
        client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    anna = player(client, "Anna")
    client.post("/api/players/me/seats", json={"match": m["match"],
                                               "token": m["seats"][0]["token"]},
                headers=me(anna))
    finish(client, m)
    made = ask(client, m["match"], me(anna))  # the key opens her seat, so it asks too
    assert made.status_code == 200 and made.json()["seat"] == 1
    url = f"/api/matches/{made.json()['match']}"
    snap = client.get(url, headers=me(anna)).json()
    assert snap["seat"] == 1 and snap["seats"][1]["player"] == "Anna"
    assert "player" not in snap["seats"][0]
    mine = client.get("/api/players/me/matches", headers=me(anna)).json()["matches"]
    assert mine[0]["match"] == made.json()["match"]


def test_bots_keep_their_seats_and_move_at_once(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "random"])
    url = f"/api/matches/{m['match']}"
    while not (snap := client.get(url).json())["over"]:
        if snap["to_act"] == 0:
            move = snap_legal(client, url, m)
            client.post(f"{url}/act", json={"action": move, "version": snap["version"]},
                        headers=token(m, 0))
        else:
            wait_for(client, url, snap["version"] + 1)
    r = ask(client, m["match"], token(m, 0))
    assert r.status_code == 200 and r.json()["seat"] == 1
    new_url = f"/api/matches/{r.json()['match']}"
    snap = wait_for(client, new_url, 1)  # the bot, now seat 0, starts at once
    assert [s["kind"] for s in snap["seats"]] == ["random", "human"]
    assert snap["to_act"] == 1


def snap_legal(client: TestClient, url: str, m: dict[str, Any]) -> str:
    snap = client.get(url, headers=token(m, 0)).json()
    text: str = snap["legal"][0]["text"]
    return text


def test_two_seats_asking_at_once_make_one_rematch(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    finish(client, m)
    got: dict[int, Any] = {}
    go = threading.Barrier(2)

    def asking(seat: int) -> None:
        go.wait()
        got[seat] = ask(client, m["match"], token(m, seat)).json()

    threads = [threading.Thread(target=asking, args=(s,)) for s in (0, 1)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert got[0]["match"] == got[1]["match"]
    assert {got[0]["seat"], got[1]["seat"]} == {0, 1}
    snap = client.get(f"/api/matches/{m['match']}").json()
    assert snap["rematch"] == got[0]["match"]
