"""Players with names (docs/server.md, "Players"), over HTTP and WebSocket on a real SQLite file
and a real PostgreSQL database: a player is made with a name and a language and known by its key
(kept only hashed); a seat's token holder attaches the seat to the player, and every snapshot
then names the player beside the seat, in the players, the story and the result; a device link
gives another device a key of its own, once. Every refusal says what is allowed and leaves
everything as it was, and no key nor its hash ever reaches a snapshot, a push or a record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient

from meeple.server import Store, Tables, sqlite_url
from meeple.server.app import make_app
from meeple.server.limits import Limits, Rate
from meeple.server.store import token_hash
from tests.server.conftest import ROOMY
from tests.server.test_api import new, token

RED, BLUE = "\u202e", "\u2066"  # a right-to-left override, a left-to-right isolate


def player(client: TestClient, name: str = "Anna", lang: str = "en") -> str:
    r = client.post("/api/players", json={"name": name, "lang": lang})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    assert body["player"] == {"name": name.strip(), "lang": lang}
    key: str = body["key"]
    return key


def me(key: str) -> dict[str, str]:
    return {"Authorization": f"Player {key}"}


def dump(db: str) -> str:
    """Every row of every table of the database, as text."""
    store = Store(db)
    out = []
    with store.engine.connect() as con:
        for table in ("players", "player_keys", "player_links", "matches", "seats", "actions",
                      "snapshots"):
            out += [repr(tuple(row)) for row in con.execute(text(f"SELECT * FROM {table}"))]
    store.engine.dispose()
    return "\n".join(out)


def count(db: str, table: str) -> int:
    store = Store(db)
    with store.engine.connect() as con:
        n = int(con.execute(text(f"SELECT count(*) FROM {table}")).scalar() or 0)
    store.engine.dispose()
    return n


def test_a_player_is_known_by_its_key_which_is_kept_only_hashed(client: TestClient,
                                                                db: str) -> None:
    key = player(client, "  Anna  ")
    assert len(key) >= 40
    r = client.get("/api/players/me", headers=me(key))
    assert r.status_code == 200 and r.json() == {"name": "Anna", "lang": "en", "seats": [],
                                                 "mail": False, "email": None}
    stored = dump(db)
    assert key not in stored and token_hash(key) in stored
    for headers in ({}, me("not-a-key"), {"Authorization": f"Bearer {key}"}, me("")):
        refused = client.get("/api/players/me", headers=headers)
        assert refused.status_code == 401, headers
        assert "Authorization: Player KEY" in refused.json()["reason"]
    changed = client.patch("/api/players/me", json={"name": "Анна", "lang": "ru"},
                           headers=me(key))
    assert changed.status_code == 200 and changed.json()["name"] == "Анна"
    assert client.get("/api/players/me", headers=me(key)).json()["lang"] == "ru"
    assert client.patch("/api/players/me", json={"name": "x"},
                        headers=me("wrong")).status_code == 401


@pytest.mark.parametrize("name", ["", "   ", "x" * 33, f"{RED}anna", f"an{BLUE}na",
                                  "an\u202ana", "an\u2069na", "an\nna", "an\x00na",
                                  "an\x1bna", "an\x7fna", "an\u2028na", "y" * 10_000])
def test_a_bad_name_is_refused_saying_what_is_allowed_and_nothing_changes(
        client: TestClient, db: str, name: str) -> None:
    key = player(client)
    before = (count(db, "players"), client.get("/api/players/me", headers=me(key)).json())
    made = client.post("/api/players", json={"name": name})
    changed = client.patch("/api/players/me", json={"name": name}, headers=me(key))
    for r in (made, changed):
        assert r.status_code == 422, r.text
        reason = r.json()["reason"]
        assert "1 to 32 characters" in reason and "direction" in reason
        assert name.strip()[:5] not in reason or not name.strip()  # never echoed
    assert (count(db, "players"), client.get("/api/players/me", headers=me(key)).json()) == before


def test_a_body_past_the_bound_is_413_and_other_bad_bodies_422(client: TestClient,
                                                               db: str) -> None:
    big = client.post("/api/players", json={"name": "z" * 100_000})
    assert big.status_code == 413 and "larger than" in big.json()["reason"]
    bodies: list[Any] = [{"name": "Anna", "lang": "fr"}, {"name": 5},
                         {"name": "Anna", "key": "x"}, {"lang": "en"}, []]
    for body in bodies:
        r = client.post("/api/players", json=body)
        assert r.status_code == 422, body
    assert "one of en, ru" in client.post("/api/players", json={"name": "A", "lang": "fr"}
                                          ).json()["reason"]
    assert count(db, "players") == 0


def test_markup_in_a_name_stays_text(client: TestClient) -> None:
    key = player(client, "<b>x</b>")
    assert client.get("/api/players/me", headers=me(key)).json()["name"] == "<b>x</b>"
    m = new(client, "tictactoe", ["human", "random"])
    client.post("/api/players/me/seats", json={"match": m["match"],
                                               "token": m["seats"][0]["token"]},
                headers=me(key))
    snap = client.get(f"/api/matches/{m['match']}").json()
    assert snap["seats"][0]["player"] == "<b>x</b>"


def test_new_players_are_bounded_per_client(tmp_path: Path) -> None:
    limits = Limits(new_players=Rate(2, 60))
    with TestClient(make_app(Tables(Store(sqlite_url(str(tmp_path / "s.db")))), bot_delay=0,
                             limits=limits)) as client:
        player(client, "A")
        player(client, "B")
        r = client.post("/api/players", json={"name": "C"})
        assert r.status_code == 429 and "at most 2 per 60 s" in r.json()["reason"]
        assert int(r.headers["retry-after"]) >= 1


def test_an_attached_seat_shows_its_player_to_everyone_in_players_story_and_result(
        client: TestClient, db: str) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    url = f"/api/matches/{m['match']}"
    anna = player(client, "Anna")
    r = client.post("/api/players/me/seats", json={"match": m["match"],
                                                   "token": m["seats"][1]["token"]},
                    headers=me(anna))
    assert r.status_code == 200 and r.json() == {"match": m["match"], "seat": 1,
                                                  "player": "Anna"}
    for headers in ({}, token(m, 0), token(m, 1)):
        snap = client.get(url, headers=headers).json()
        assert snap["seats"][1]["player"] == "Anna" and "player" not in snap["seats"][0]
        assert snap["names"][1] == snap["seats"][1]["name"]  # the seat's own name stays
    ru = client.get(f"{url}?lang=ru").json()
    assert ru["seats"][1]["player"] == "Anna" and ru["seats"][1]["name"] != snap["names"][1]
    # Seat 0 and 1 play until the game ends: the story and the result name Anna by her seat.
    for move in ("mark a1", "mark b1", "mark a2", "mark b2", "mark c3", "mark b3"):
        snap = client.get(url).json()
        seat = snap["to_act"]
        done = client.post(f"{url}/act", json={"action": move, "version": snap["version"]},
                           headers=token(m, seat))
        assert done.status_code == 200, done.text
    over = client.get(url).json()
    blue, red = over["names"][1], over["names"][0]
    assert over["events"][-1]["text"] == f"Anna — {blue}: Mark b3"
    assert over["events"][-2]["text"] == f"{red}: Mark c3"
    assert over["result"]["text"][0].startswith(f"Anna — {blue}")
    ru = client.get(f"{url}?lang=ru").json()
    assert ru["events"][-1]["text"].startswith(f"Anna — {ru['names'][1]}")
    assert ru["result"]["text"][0].startswith(f"Anna — {ru['names'][1]}")
    history = client.get(f"{url}/history").json()
    assert any(f"Anna — {blue}" in e["text"] for e in history["events"])
    seats = client.get("/api/players/me", headers=me(anna)).json()["seats"]
    assert [(s["match"], s["seat"], s["game"], s["over"]) for s in seats] == [
        (m["match"], 1, "tictactoe", True)]


def test_a_rename_reaches_the_table_and_its_sockets(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "random"])
    anna = player(client, "Anna")
    client.post("/api/players/me/seats", json={"match": m["match"],
                                               "token": m["seats"][0]["token"]},
                headers=me(anna))
    with client.websocket_connect(f"/ws/matches/{m['match']}") as ws:
        first = ws.receive_json()
        assert first["snapshot"]["seats"][0]["player"] == "Anna"
        client.patch("/api/players/me", json={"name": "Ann"}, headers=me(anna))
        for _ in range(10):
            pushed = ws.receive_json()
            if pushed["snapshot"]["seats"][0].get("player") == "Ann":
                break
        else:
            raise AssertionError("the rename was never pushed")
    assert client.get(f"/api/matches/{m['match']}").json()["seats"][0]["player"] == "Ann"


def test_attaching_is_refused_without_the_seats_own_token_and_nothing_changes(
        client: TestClient, db: str) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    other = new(client, "tictactoe", ["human", "human"])
    url = f"/api/matches/{m['match']}"
    anna = player(client, "Anna")
    before = client.get(url).json()
    seats_before = dump(db)
    tries = [
        ({"match": m["match"], "token": other["seats"][1]["token"]}, me(anna), 403, "no seat"),
        ({"match": m["match"], "token": m["host"]}, me(anna), 403, "no seat"),
        ({"match": m["match"], "token": "x" * 32}, me(anna), 403, "no seat"),
        ({"match": "nope", "token": m["seats"][0]["token"]}, me(anna), 404, "no match"),
        ({"match": m["match"], "token": m["seats"][0]["token"]}, me("bad"), 401, "Player"),
        ({"match": m["match"], "token": m["seats"][0]["token"]}, {}, 401, "Player"),
        ({"match": m["match"]}, me(anna), 422, "token"),
        ({"match": m["match"], "token": ""}, me(anna), 422, "token"),
    ]
    for body, headers, status, said in tries:
        r = client.post("/api/players/me/seats", json=body, headers=headers)
        assert r.status_code == status, (body, r.text)
        assert said in r.json()["reason"]
    assert client.get(url).json() == before
    assert dump(db) == seats_before


def test_a_device_link_gives_another_device_a_key_once(client: TestClient, db: str) -> None:
    anna = player(client, "Anna")
    made = client.post("/api/players/me/links", json={}, headers=me(anna))
    assert made.status_code == 201
    link = made.json()
    assert link["url"].endswith(f"/me/link/{link['code']}") and link["seconds"] == 86_400
    assert link["qr"].startswith("<svg") and "<script" not in link["qr"]
    assert link["code"] not in dump(db)
    page = client.get(f"/me/link/{link['code']}")
    assert page.status_code == 200 and "me.js" in page.text
    assert client.get("/api/players/me", headers=me(anna)).status_code == 200  # GET spends none
    used = client.post("/api/players/link", json={"code": link["code"]})
    assert used.status_code == 201 and used.json()["player"] == {"name": "Anna", "lang": "en"}
    second = used.json()["key"]
    assert second != anna
    assert client.get("/api/players/me", headers=me(second)).json()["name"] == "Anna"
    again = client.post("/api/players/link", json={"code": link["code"]})
    assert again.status_code == 404 and "used already" in again.json()["reason"]
    # Revoked links give nothing; the keys already given stay.
    kept = [client.post("/api/players/me/links", json={}, headers=me(anna)).json()["code"]
            for _ in range(2)]
    revoked = client.request("DELETE", "/api/players/me/links", headers={
        **me(anna), "Content-Type": "application/json"})
    assert revoked.status_code == 200 and revoked.json() == {"revoked": 2}
    for code in kept:
        assert client.post("/api/players/link", json={"code": code}).status_code == 404
    assert client.get("/api/players/me", headers=me(second)).status_code == 200
    assert client.post("/api/players/me/links", json={}).status_code == 401
    assert count(db, "player_keys") == 2


def test_no_key_nor_its_hash_reaches_a_snapshot_push_or_record(client: TestClient,
                                                               db: str) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    url = f"/api/matches/{m['match']}"
    keys = [player(client, "Anna"), player(client, "Boris", "ru")]
    for seat, key in enumerate(keys):
        assert client.post("/api/players/me/seats", json={"match": m["match"],
                                                          "token": m["seats"][seat]["token"]},
                           headers=me(key)).status_code == 200
    link = client.post("/api/players/me/links", json={}, headers=me(keys[0])).json()["code"]
    keys.append(client.post("/api/players/link", json={"code": link}).json()["key"])
    with Store(db).engine.connect() as con:
        ids: list[str] = [str(row[0]) for row in con.execute(text("SELECT id FROM players"))]
    secrets_ = [*keys, *map(token_hash, keys), link, token_hash(link), *ids]
    seen: list[Any] = []
    with client.websocket_connect(f"/ws/matches/{m['match']}?token={m['seats'][0]['token']}"
                                  ) as ws, client.websocket_connect(f"/ws/matches/{m['match']}"
                                                                    ) as watcher:
        seen += [ws.receive_json(), watcher.receive_json()]
        for move in ("mark a1", "mark b1", "mark a2", "mark b2", "mark a3"):
            snap = client.get(url).json()
            seat = snap["to_act"]
            seen.append(client.post(f"{url}/act?lang=ru",
                                    json={"action": move, "version": snap["version"]},
                                    headers=token(m, seat)).json())
            seen += [ws.receive_json(), watcher.receive_json()]
    for headers in ({}, token(m, 0), token(m, 1)):
        for lang in ("en", "ru"):
            seen.append(client.get(f"{url}?lang={lang}&board=text", headers=headers).json())
            seen.append(client.get(f"{url}/history?lang={lang}", headers=headers).json())
            seen.append(client.get(f"{url}/replay?step=3&lang={lang}", headers=headers).json())
    seen += [client.get(f"{url}/record").json(), client.get("/api/matches").json()]
    for key in keys:
        seen.append(client.get("/api/players/me", headers=me(key)).json())
    said = json.dumps(seen, ensure_ascii=False)
    assert "Anna" in said and "Boris" in said
    for secret in secrets_:
        assert secret not in said


def test_a_database_of_the_release_before_players_is_migrated(db: str) -> None:
    store = Store(db)
    with store.engine.begin() as con:  # as migration 5 left it
        for table in ("mail_notices", "mail_asks", "mail_stops", "mail", "player_links",
                      "player_keys", "players"):
            con.execute(text(f"DROP TABLE {table}"))
        con.execute(text("DROP INDEX ix_seats_player"))
        con.execute(text("ALTER TABLE seats DROP COLUMN player"))
        for column in ("rematch", "chat", "said"):
            con.execute(text(f"ALTER TABLE matches DROP COLUMN {column}"))
        con.execute(text("DROP TABLE chat"))
        con.execute(text("DELETE FROM schema_version WHERE version >= 6"))
    store.engine.dispose()
    with TestClient(make_app(Tables(Store(db)), bot_delay=0, limits=ROOMY)) as client:
        m = new(client, "tictactoe", ["human", "random"])
        anna = player(client)
        r = client.post("/api/players/me/seats", json={"match": m["match"],
                                                       "token": m["seats"][0]["token"]},
                        headers=me(anna))
        assert r.status_code == 200
        assert client.get(f"/api/matches/{m['match']}").json()["seats"][0]["player"] == "Anna"


def test_a_players_key_opens_the_seat_it_holds_on_any_device(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    url = f"/api/matches/{m['match']}"
    anna, boris = player(client, "Anna"), player(client, "Boris")
    assert client.get(url, headers=me(anna)).json()["seat"] is None  # before: a spectator
    client.post("/api/players/me/seats", json={"match": m["match"],
                                               "token": m["seats"][0]["token"]},
                headers=me(anna))
    link = client.post("/api/players/me/links", json={}, headers=me(anna)).json()["code"]
    phone = client.post("/api/players/link", json={"code": link}).json()["key"]
    snap = client.get(url, headers=me(phone)).json()
    assert snap["seat"] == 0 and snap["legal"]
    moved = client.post(f"{url}/act", json={"action": "mark a1", "version": 0},
                        headers=me(phone))
    assert moved.status_code == 200 and moved.json()["version"] == 1
    assert client.get(url, headers=me(boris)).json()["seat"] is None  # holds no seat here
    with client.websocket_connect(f"/ws/matches/{m['match']}?player={anna}") as ws:
        assert ws.receive_json()["snapshot"]["seat"] == 0
    with client.websocket_connect(f"/ws/matches/{m['match']}?player=unknown") as ws:
        assert ws.receive_json()["snapshot"]["seat"] is None
    refused = client.post(f"{url}/act", json={"action": "mark b1", "version": 1},
                          headers=me(boris))
    assert refused.status_code == 401


def test_an_attached_seat_of_a_public_match_is_no_longer_free_to_strangers(
        client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"], public=True)
    assert [r["free"] for r in client.get("/api/matches").json()] == [1]
    anna = player(client)
    assert client.post("/api/players/me/seats", json={"match": m["match"],
                                                      "token": m["seats"][1]["token"]},
                       headers=me(anna)).status_code == 200
    assert client.get("/api/matches").json() == []
    assert client.post(f"/api/matches/{m['match']}/join", json={}).status_code == 409
    assert client.get(f"/api/matches/{m['match']}", headers=me(anna)).json()["seat"] == 1
