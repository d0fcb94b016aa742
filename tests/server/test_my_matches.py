"""A player's matches (docs/server.md, "Players"), ``GET /api/players/me/matches`` on a real
SQLite file and a real PostgreSQL database: every match the player holds a seat in, whose turn
it is and since when, the player's turn first, finished ones with their result and replay; only
what every seat and spectator of the match may read; a damaged match harms only its own row."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from meeple.server import Store, Tables
from meeple.server.app import make_app
from tests.server.test_api import new, token
from tests.server.test_damage import damage_rows
from tests.server.test_players import me, player

#: What a row of the list may hold: nothing of any seat's view.
FIELDS = {"match", "game", "game_name", "seats", "seat_names", "to_act", "to_act_name",
          "my_turn", "over", "moved", "since", "clock", "url", "result", "replay", "damaged"}


def attach(client: TestClient, key: str, m: dict[str, Any], seat: int) -> None:
    r = client.post("/api/players/me/seats", json={"match": m["match"],
                                                   "token": m["seats"][seat]["token"]},
                    headers=me(key))
    assert r.status_code == 200, r.text


def act(client: TestClient, m: dict[str, Any], move: str) -> None:
    url = f"/api/matches/{m['match']}"
    snap = client.get(url).json()
    r = client.post(f"{url}/act", json={"action": move, "version": snap["version"]},
                    headers=token(m, snap["to_act"]))
    assert r.status_code == 200, r.text


def listed(client: TestClient, key: str, lang: str = "en") -> list[dict[str, Any]]:
    r = client.get(f"/api/players/me/matches?lang={lang}", headers=me(key))
    assert r.status_code == 200, r.text
    rows: list[dict[str, Any]] = r.json()["matches"]
    for row in rows:
        assert set(row) <= FIELDS, set(row) - FIELDS
    return rows


def test_my_turn_first_then_theirs_then_the_finished_with_result_and_replay(
        client: TestClient) -> None:
    anna, bob = player(client, "Anna"), player(client, "Bob")
    theirs = new(client, "tictactoe", ["human", "human"])  # Bob (seat 0) is to mark first
    attach(client, anna, theirs, 1)
    attach(client, bob, theirs, 0)
    done = new(client, "tictactoe", ["human", "human"])
    attach(client, anna, done, 0)
    for move in ("mark a1", "mark b1", "mark a2", "mark b2", "mark a3"):  # seat 0 wins
        act(client, done, move)
    mine = new(client, "tictactoe", ["human", "human"])
    attach(client, anna, mine, 0)
    rows = listed(client, anna)
    assert [r["match"] for r in rows] == [mine["match"], theirs["match"], done["match"]]
    first, second, third = rows
    assert first["my_turn"] and first["to_act"] == 0 and first["seats"] == [0]
    assert first["moved"] is None and first["since"] is None and first["clock"] is None
    assert not second["my_turn"] and second["to_act"] == 0
    assert second["to_act_name"].startswith("Bob — ")
    assert second["seat_names"][0].startswith("Anna — ")
    assert third["over"] and third["result"]["won"] and third["to_act"] is None
    assert third["result"]["text"][0].startswith("Anna — ")
    assert third["replay"] == f"/match/{done['match']}/replay"
    assert 0 <= third["since"] < 60 and third["moved"] > 0
    assert first["url"] == f"/match/{mine['match']}" and first["game"] == "tictactoe"
    assert [r["match"] for r in listed(client, bob)] == [theirs["match"]]
    assert listed(client, bob)[0]["my_turn"]


def test_the_list_speaks_the_language_asked_and_refuses_others(client: TestClient) -> None:
    anna = player(client, "Anna", "ru")
    m = new(client, "catacombs", ["human", "random"])
    attach(client, anna, m, 0)
    ru = client.get("/api/players/me/matches", headers=me(anna)).json()["matches"]
    en = listed(client, anna, "en")
    assert ru[0]["game_name"] != en[0]["game_name"]
    assert ru[0]["seat_names"] != en[0]["seat_names"]
    bad = client.get("/api/players/me/matches?lang=fr", headers=me(anna))
    assert bad.status_code == 422 and "one of en, ru" in bad.json()["reason"]
    for headers in ({}, me("nobody"), token(m, 0)):
        r = client.get("/api/players/me/matches", headers=headers)
        assert r.status_code == 401 and "Authorization: Player KEY" in r.json()["reason"]


def leaves(x: Any) -> set[str]:
    """Every string inside a view."""
    if isinstance(x, dict):
        return set().union(*map(leaves, x.values())) if x else set()
    if isinstance(x, list):
        return set().union(*map(leaves, x)) if x else set()
    return {x} if isinstance(x, str) else set()


def test_the_list_holds_nothing_a_spectator_may_not_read(client: TestClient) -> None:
    """A hidden-information game (Myth: each hero's hand): what the seat's view holds and the
    spectator's does not is nowhere in the row, which says whose turn it is as the spectator's
    snapshot does."""
    anna = player(client, "Anna")
    m = new(client, "myth", ["human", "human"])
    attach(client, anna, m, 0)
    [row] = listed(client, anna)
    seen = client.get(f"/api/matches/{m['match']}", headers=token(m, 0)).json()
    spectator = client.get(f"/api/matches/{m['match']}").json()
    hidden = {h for h in leaves(seen["view"]) - leaves(spectator["view"]) if len(h) >= 4}
    assert hidden, "the seat's view holds facts the spectator's lacks"
    text = repr(row)
    assert not [h for h in hidden if h in text]
    assert row["to_act"] == spectator["to_act"] and "token" not in text


def test_a_damaged_match_is_listed_as_such_and_the_others_as_ever(db: str) -> None:
    store = Store(db)
    with TestClient(make_app(Tables(store), bot_delay=0)) as client:
        anna = player(client, "Anna")
        good = new(client, "tictactoe", ["human", "human"])
        bad = new(client, "tictactoe", ["human", "human"])
        for m in (good, bad):
            attach(client, anna, m, 0)
            act(client, m, "mark a1")
    damage_rows(store, bad["match"], "UPDATE snapshots SET state = 'garbage{' WHERE match = :m")
    store.engine.dispose()
    with TestClient(make_app(Tables(Store(db)), bot_delay=0)) as client:
        rows = {r["match"]: r for r in listed(client, anna)}
    assert rows[bad["match"]]["damaged"] and "result" not in rows[bad["match"]]
    assert rows[good["match"]]["to_act"] == 1 and not rows[good["match"]].get("damaged")


def test_a_finished_match_read_for_the_list_is_not_kept_in_memory(db: str) -> None:
    with TestClient(make_app(Tables(Store(db)), bot_delay=0)) as client:
        anna = player(client, "Anna")
        m = new(client, "tictactoe", ["human", "human"])
        attach(client, anna, m, 0)
        for move in ("mark a1", "mark b1", "mark a2", "mark b2", "mark a3"):
            act(client, m, move)
    with TestClient(make_app(Tables(Store(db)), bot_delay=0)) as client:
        [row] = listed(client, anna)
        assert row["over"] and row["result"]["won"]
        assert m["match"] not in client.app.state.server.tables.live  # type: ignore[attr-defined]
