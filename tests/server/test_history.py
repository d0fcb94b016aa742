"""A match's past over the API: the story a page at a time and the replay step by step, each
telling a seat exactly what it was told while playing and nothing of another seat's hidden
facts; the record once the game is over."""

from __future__ import annotations

import random
import time
from typing import Any

from starlette.testclient import TestClient

from meeple.core import State
from meeple.server import Tables, build_snapshot
from meeple.server.history import HISTORY_PAGE, MARK_EVERY
from tests.server.test_leaks_http import Facts, facts_of, leaks


def tables_of(client: TestClient) -> Tables:
    tables: Tables = client.app.state.server.tables  # type: ignore[attr-defined]
    return tables


def people(client: TestClient, game: str, players: int) -> tuple[str, list[str]]:
    """A match of ``game`` whose every seat is a person's: its id and the seats' tokens."""
    r = client.post("/api/matches", json={"game": game, "seats": ["human"] * players})
    assert r.status_code == 201, r.text
    made = r.json()
    return made["match"], [s["token"] for s in made["seats"]]


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def play(client: TestClient, match: str, tokens: list[str], moves: int, seed: int = 7) -> int:
    """Up to ``moves`` random legal actions, each by the seat to act; how many were taken."""
    rnd = random.Random(seed)
    for done in range(moves):
        snap = client.get(f"/api/matches/{match}").json()
        if snap["over"]:
            return done
        seat = snap["to_act"]
        mine = client.get(f"/api/matches/{match}", headers=auth(tokens[seat])).json()
        action = rnd.choice(mine["legal"])["text"]
        r = client.post(f"/api/matches/{match}/act",
                        json={"action": action, "version": mine["version"]},
                        headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text
    return moves


def pages(client: TestClient, match: str, token: str | None, limit: int,
          lang: str = "en") -> list[dict[str, Any]]:
    """The whole story of the seat of ``token`` read ``limit`` events at a time."""
    out: list[dict[str, Any]] = []
    while True:
        r = client.get(f"/api/matches/{match}/history?from={len(out)}&limit={limit}"
                       f"&lang={lang}", headers=auth(token))
        assert r.status_code == 200, r.text
        page = r.json()
        assert page["from"] == len(out) and len(page["events"]) <= limit
        out += page["events"]
        if not page["events"]:
            assert len(out) == page["total"]
            return out


def states(tables: Tables, match: str) -> list[State]:
    """The match after each action of its timeline, from its deal."""
    live = tables.get(match)
    s = live.game.new_state(seed=live.row.seed)
    out = [s.clone()]
    for a in live.state.actions_taken():
        s.apply(a)
        out.append(s.clone())
    return out


def test_paging_the_history_gives_each_seat_exactly_its_own_story(client: TestClient
                                                                  ) -> None:
    match, tokens = people(client, "myth", 3)
    play(client, match, tokens, 40)  # the server deals: a random game may end sooner
    st = tables_of(client).get(match).state
    assert st.n_actions > 0
    for seat, token in [*enumerate(tokens), (None, None)]:
        for limit, lang in ((7, "en"), (HISTORY_PAGE, "ru")):
            told = pages(client, match, token, limit, lang)
            assert [{k: v for k, v in e.items() if k != "text"} for e in told] == \
                st.events(seat)
            assert all(isinstance(e["text"], str) and e["text"] for e in told)
    snap = client.get(f"/api/matches/{match}", headers=auth(tokens[1])).json()
    told = pages(client, match, tokens[1], 50)
    assert snap["events"] == told[snap["events_from"]:]  # the snapshot's tail, word for word


def test_a_bad_history_page_is_refused_with_what_is_allowed(client: TestClient) -> None:
    match, tokens = people(client, "tictactoe", 2)
    url = f"/api/matches/{match}/history"
    for query, says in (("limit=201", "limit must be a whole number from 1 to 200"),
                        ("limit=0", "from 1 to 200"), ("limit=-3", "from 1 to 200"),
                        ("limit=ten", "from 1 to 200"), ("limit=²", "from 1 to 200"),
                        ("from=-1", "from must be a whole number from 0"),
                        ("from=" + "9" * 5000, "from must be a whole number"),
                        ("lang=xx", "unknown language")):
        r = client.get(f"{url}?{query}", headers=auth(tokens[0]))
        assert r.status_code == 422 and says in r.json()["reason"], (query, r.text)
    assert client.get(url, headers=auth("nobody")).status_code == 401
    assert client.get("/api/matches/nope/history").status_code == 404
    page = client.get(f"{url}?from=1000").json()
    assert page == {"from": 1000, "events": [], "total": 0, "version": 0}


def test_a_replay_during_the_game_shows_each_seat_only_what_it_saw(client: TestClient) -> None:
    # the server deals each match a fresh seed, and a rare deal ends in fewer random actions
    # than this needs: such a match is set aside for another (the game must still be going)
    for _ in range(8):
        match, tokens = people(client, "myth", 3)
        moves = play(client, match, tokens, MARK_EVERY + 12, seed=3)
        past = states(tables_of(client), match)
        if not past[-1].is_over:
            break
    assert len(past) == moves + 1 and not past[-1].is_over
    url = f"/api/matches/{match}/replay"
    memo: dict[int, dict[int | None, Facts]] = {}
    caught = 0
    for step in range(len(past)):
        facts = {seat: facts_of(past[step], seat, memo.setdefault(step, {}))
                 for seat in (0, 1, 2, None)}
        for seat, token in [*enumerate(tokens), (None, None)]:
            r = client.get(f"{url}?step={step}&lang={'ru' if step % 2 else 'en'}",
                           headers=auth(token))
            assert r.status_code == 200, r.text
            snap = r.json()
            assert (snap["step"], snap["steps"], snap["seat"]) == (step, moves, seat)
            assert snap["view"] == past[step].view(seat) and snap["legal"] == []
            assert leaks(snap, facts[seat]) == [], (seat, step)
        # The check can fail: seat 1's snapshot then gives its hand away to seat 0.
        caught += bool(leaks(build_snapshot(match, past[step].game, past[step], 1, "en"),
                             facts[0]))
    assert caught
    # While the game goes on a seat may not look through another's eyes, nor the referee's.
    assert client.get(f"{url}?seat=1", headers=auth(tokens[0])).status_code == 403
    assert client.get(f"{url}?seat=0").status_code == 403
    r = client.get(f"{url}?seat=referee", headers=auth(tokens[0]))
    assert r.status_code == 409 and "once the game is over" in r.json()["reason"]
    assert client.get(f"{url}?seat=spectator", headers=auth(tokens[0])).json()["seat"] is None
    assert client.get(f"{url}?seat=0", headers=auth(tokens[0])).json()["seat"] == 0
    for query in (f"step={moves + 1}", "step=-1", "step=x", "seat=3", "seat=god"):
        r = client.get(f"{url}?{query}", headers=auth(tokens[0]))
        assert r.status_code == 422, query
    r = client.get(f"/api/matches/{match}/record", headers=auth(tokens[0]))
    assert r.status_code == 409


def test_a_finished_match_is_replayed_by_anyone_through_any_eyes(client: TestClient) -> None:
    match, tokens = people(client, "tictactoe", 2)
    for i, move in enumerate(["mark a1", "mark b1", "mark a2", "mark b2", "mark a3"]):
        r = client.post(f"/api/matches/{match}/act", json={"action": move, "version": i},
                        headers=auth(tokens[i % 2]))
        assert r.status_code == 200
    url = f"/api/matches/{match}/replay"
    last = client.get(f"{url}?seat=referee").json()
    assert last["over"] and last["result"] and (last["step"], last["steps"]) == (5, 5)
    assert [e["action"] for e in last["events"] if e["type"] == "action"] == \
        client.get(f"/api/matches/{match}/record").json()["actions"]
    first = client.get(f"{url}?seat=1&step=0").json()
    assert first["step"] == 0 and not first["over"] and first["finished"] and first["view_of"] == 1
    assert client.get(f"{url}?step=3", headers=auth(tokens[0])).json()["version"] == 3
    assert client.get(f"{url}?seat=1&step=2", headers=auth(tokens[0])).status_code == 200


def test_a_replay_follows_the_timeline_after_an_undo(client: TestClient) -> None:
    r = client.post("/api/matches", json={"game": "tictactoe", "seats": ["human", "random"]})
    made = r.json()
    match, token = made["match"], made["seats"][0]["token"]
    client.post(f"/api/matches/{match}/act", json={"action": "mark a1", "version": 0},
                headers=auth(token))
    deadline = time.monotonic() + 10  # the random seat answers in the server's own time
    snap = client.get(f"/api/matches/{match}", headers=auth(token)).json()
    while snap["to_act"] != 0 and time.monotonic() < deadline:
        time.sleep(0.01)
        snap = client.get(f"/api/matches/{match}", headers=auth(token)).json()
    assert snap["to_act"] == 0, "the random seat never answered"
    url = f"/api/matches/{match}/replay"
    assert client.get(url, headers=auth(token)).json()["steps"] == 2
    r = client.post(f"/api/matches/{match}/undo", json={"version": snap["version"]},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    after = client.get(url, headers=auth(token)).json()
    assert after["steps"] == 0 and after["view"] == r.json()["view"]
