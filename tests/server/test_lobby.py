"""The public list, seats strangers may take, the server's seeds and idle matches, on SQLite
and PostgreSQL: the lobby is one statement whatever it holds, only the seats the creator opened
are listed or joinable, seeds use 63 bits, and a match nobody plays is closed."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import event, text, update
from starlette.testclient import TestClient

from meeple.agents import LEVELS, resolve
from meeple.core import game_class
from meeple.server import Store, Tables
from meeple.server.app import make_app
from meeple.server.store import matches
from tests.server.conftest import ROOMY


def new(c: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    r = c.post("/api/matches", json={"game": "catacombs", "seats": seats, **extra})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def test_the_lobby_is_one_statement_and_pages_newest_first(db: str) -> None:
    store = Store(db)
    statements: list[str] = []
    with TestClient(make_app(Tables(store), bot_delay=0, limits=ROOMY)) as c:
        made = [new(c, ["human", "human", "greedy"], public=True)["match"] for _ in range(12)]
        event.listen(store.engine, "before_cursor_execute",
                     lambda *a: statements.append(a[2]))
        first = c.get("/api/matches?limit=5").json()
        # Twelve matches, one statement (the bots and leases read other tables meanwhile).
        assert len([x for x in statements if "seats" in x and "SELECT" in x]) == 1
        rest = c.get("/api/matches?limit=5&offset=5").json()
        last = c.get("/api/matches?limit=5&offset=10").json()
        assert [x["match"] for x in first + rest + last] == made[::-1]
        top = dict(first[0])  # the bot may have moved first already if the dice chose it
        assert top.pop("version") <= c.get(f"/api/matches/{made[-1]}").json()["version"]
        assert 0 <= top.pop("age") < 60 and top.pop("created") > 0
        options = top.pop("options")
        assert options["health"] == 12  # the rulebook's start (CAT-7), as the match keeps it
        assert top == {"match": made[-1], "game": "catacombs", "players": 3,
                       "seats": ["human", "human", "greedy"], "free": 1,
                       "names": [None, None, None], "creator": None, "clock": None,
                       "pace": "live"}
        for bad in ("limit=0", "limit=101", "offset=-1", "limit=x"):
            r = c.get(f"/api/matches?{bad}")
            assert r.status_code == 422 and "whole number" in r.json()["reason"]


def test_only_the_seats_the_creator_opened_are_listed_and_joinable(db: str) -> None:
    with TestClient(make_app(Tables(Store(db)), bot_delay=0, limits=ROOMY)) as c:
        m = new(c, ["human", "human", "human"], public=True, open=[2])
        assert [s.get("open") for s in m["seats"]] == [False, False, True]
        listed = {x["match"]: x["free"] for x in c.get("/api/matches").json()}
        assert listed == {m["match"]: 1}
        joined = c.post(f"/api/matches/{m['match']}/join", json={}).json()
        assert joined["seat"] == 2  # never seat 1, kept for a friend, nor the creator's 0
        assert c.post(f"/api/matches/{m['match']}/join", json={}).status_code == 409
        assert c.get("/api/matches").json() == []
        mine = c.get(f"/api/matches/{m['match']}",
                     headers={"Authorization": f"Bearer {m['seats'][0]['token']}"})
        assert mine.json()["seat"] == 0  # the creator's link still opens the creator's seat
        friend = c.get(f"/api/matches/{m['match']}?token={m['seats'][1]['token']}")
        assert friend.json()["seat"] == 1


def test_the_server_deals_with_63_bit_seeds_and_keeps_them_sealed(db: str) -> None:
    store = Store(db)
    with TestClient(make_app(Tables(store), bot_delay=0, limits=ROOMY)) as c:
        made = [new(c, ["human", "human"]) for _ in range(16)]
        seeds = [store.match(m["match"]).seed for m in made]  # type: ignore[union-attr]
        assert all(0 <= s < 1 << 63 for s in seeds) and max(seeds) >= 1 << 32
        assert len(set(seeds)) == len(seeds)
        big = c.post("/api/matches", json={"game": "catacombs", "seats": ["human", "random"],
                                           "seed": (1 << 63) - 1})
        assert big.status_code == 201  # a solo game may choose, up to the column's bound
        snap = c.get(f"/api/matches/{made[0]['match']}").text
        assert str(seeds[0]) not in snap  # told only in the record, after the end
        r = c.get(f"/api/matches/{made[0]['match']}/record")
        assert r.status_code == 409


def test_a_match_nobody_plays_for_the_bound_is_closed_and_answers_410(db: str) -> None:
    store = Store(db)
    with TestClient(make_app(Tables(store), bot_delay=0, limits=ROOMY)) as c:
        idle = new(c, ["human", "human"], public=True)
        kept = new(c, ["human", "human"], public=True)
    month_ago = time.time() - 31 * 86_400
    with store.engine.begin() as conn:
        conn.execute(update(matches).where(matches.c.id == idle["match"])
                     .values(active=month_ago))
    with TestClient(make_app(Tables(store), bot_delay=0, limits=ROOMY)) as c:  # sweeps on start
        for _ in range(100):
            if store.match(idle["match"]).closed:  # type: ignore[union-attr]
                break
            time.sleep(0.02)
        r = c.get(f"/api/matches/{idle['match']}")
        assert r.status_code == 410 and "closed" in r.json()["reason"]
        act = c.post(f"/api/matches/{idle['match']}/act", json={"action": "x", "version": 0},
                     headers={"Authorization": f"Bearer {idle['seats'][0]['token']}"})
        assert act.status_code == 410
        assert [x["match"] for x in c.get("/api/matches").json()] == [kept["match"]]
        assert idle["match"] not in store.unfinished()
        assert c.get(f"/api/matches/{kept['match']}").status_code == 200


def test_a_person_acting_keeps_a_match_open(db: str) -> None:
    store = Store(db)
    with TestClient(make_app(Tables(store), bot_delay=0, limits=ROOMY)) as c:
        m = c.post("/api/matches", json={"game": "tictactoe", "seats": ["human", "human"]}
                   ).json()
        with store.engine.begin() as conn:
            conn.execute(update(matches).values(active=0.0))
        r = c.post(f"/api/matches/{m['match']}/act", json={"action": "mark b2", "version": 0},
                   headers={"Authorization": f"Bearer {m['seats'][0]['token']}"})
        assert r.status_code == 200
        with store.engine.connect() as conn:
            active = conn.execute(text("SELECT active FROM matches")).scalar()
        assert active is not None and active > time.time() - 60


def test_the_lobby_offers_levels_saying_how_each_plays_and_how_strong_not_random(
        client: TestClient) -> None:
    pages = {lang: {g["id"]: g for g in client.get(f"/api/games?lang={lang}").json()}
             for lang in ("en", "ru")}
    for game, info in pages["en"].items():
        bots, ru = info["bots"], pages["ru"][game]["bots"]
        assert [b["seat"] for b in bots] == [*LEVELS, *(f"{game}:{b}" for b in
                                                        sorted(game_class(game).bots))]
        assert [b["seat"] for b in ru] == [b["seat"] for b in bots]
        for b, r in zip(bots, ru, strict=True):
            assert b["about"] and b["strength"] and b["name"], (game, b)
            assert b["about"] != r["about"] and b["strength"] != r["strength"], (game, b)
            assert not b["spec"].startswith("random") and b["spec"] == resolve(b["seat"], game)
        assert [b["name"] for b in bots[:3]] == ["easy", "fair", "strong"]
        assert [b["name"] for b in ru[:3]] == ["лёгкий", "средний", "сильный"]
        # the page names a seat by its level: the agent a level is carries the level's name
        assert info["agents"][resolve("strong", game)] == "strong"


def test_the_lobby_levels_are_seat_names_the_api_keeps_as_their_specs(
        client: TestClient) -> None:
    made = c_new(client, "tictactoe", ["human", "strong"])
    strong = resolve("strong", "tictactoe")
    assert [s["kind"] for s in made["seats"]] == ["human", strong]
    seen = client.get(f"/api/matches/{made['match']}",
                      headers={"Authorization": f"Bearer {made['seats'][0]['token']}"}).json()
    assert [s["kind"] for s in seen["seats"]] == ["human", strong]
    given = client.post(f"/api/matches/{made['match']}/seats/1", json={"kind": "fair"},
                        headers={"Authorization": f"Bearer {made['host']}"})
    assert given.status_code == 200 and given.json()["kind"] == resolve("fair", "tictactoe")


def test_the_lobby_refuses_an_unknown_level_listing_the_levels(client: TestClient) -> None:
    r = client.post("/api/matches", json={"game": "myth", "seats": ["human", "hard"]})
    assert r.status_code == 422 and "levels are: easy, fair, strong" in r.json()["reason"]


def test_the_lobby_still_takes_every_spec_it_took(client: TestClient) -> None:
    for kind in ("random", "greedy", "greedy:2", "mcts:50", "mcts@1s", "catacombs:balance"):
        made = c_new(client, "catacombs", ["human", kind])
        assert made["seats"][1]["kind"] == kind
    r = client.post("/api/matches", json={"game": "catacombs", "seats": ["human", "mcts@9s"]})
    assert r.status_code == 422 and "allows at most" in r.json()["reason"]


def c_new(c: TestClient, game: str, seats: list[str]) -> dict[str, Any]:
    r = c.post("/api/matches", json={"game": game, "seats": seats})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def test_a_lobby_row_says_who_made_it_who_sits_where_and_with_which_settings(
        client: TestClient) -> None:
    anna = client.post("/api/players", json={"name": "Anna"}).json()["key"]
    m = new(client, ["human", "human", "greedy"], public=True,
            options={"health": 15})
    client.post("/api/players/me/seats", json={"match": m["match"],
                                               "token": m["seats"][0]["token"]},
                headers={"Authorization": f"Player {anna}"})
    [row] = client.get("/api/matches").json()
    assert row["creator"] == "Anna" and row["names"] == ["Anna", None, None]
    assert row["options"]["health"] == 15 and row["clock"] is None

