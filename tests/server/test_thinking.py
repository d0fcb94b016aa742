"""Bots within bounds and off the event loop: a spec past the server's ceiling is refused with
the range allowed, bots think in worker processes fed first come first served, and people,
undo and health answer while every worker is busy."""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import meeple
from meeple.agents import info_set, make
from meeple.server import Store, Tables, sqlite_url, thinking
from meeple.server.app import make_app
from meeple.server.thinking import Decision, Thinking, decision_seed

from .live import call, free_port, serve

OVER = ["mcts@3600s", "mcts:999999999", "greedy:999999", "mcts:50000@1s"]
BAD = ["random:" + "x" * 40, "greedy:junk", "m" * 100, "myth:balance:extra"]
WITHIN = ["mcts@3s", "mcts:20000", "mcts", "greedy:4", "random", "myth:balance", "mcts-cheat:300"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(Tables(Store(sqlite_url(str(tmp_path / "t.db")))),
                             bot_delay=0)) as c:
        yield c


def host_match(c: TestClient) -> tuple[str, str]:
    """A myth match of two people, made by its host: its id and the host's token."""
    r = c.post("/api/matches", json={"game": "myth", "seats": ["human", "human"]})
    assert r.status_code == 201
    return r.json()["match"], r.json()["host"]


@pytest.mark.parametrize("spec", OVER)
def test_a_spec_past_the_ceiling_is_refused_naming_the_range_at_create_and_seat(
        client: TestClient, spec: str) -> None:
    r = client.post("/api/matches", json={"game": "myth", "seats": ["human", spec]})
    assert r.status_code == 422
    reason = r.json()["reason"]
    assert "at most 3 s and 20000 iterations" in reason and "try " in reason
    match, host = host_match(client)
    r = client.post(f"/api/matches/{match}/seats/1", json={"kind": spec},
                    headers={"Authorization": f"Bearer {host}"})
    assert r.status_code == 422 and r.json()["reason"] == reason
    assert client.get(f"/api/matches/{match}").json()["seats"][1]["kind"] == "human"


@pytest.mark.parametrize("spec", BAD)
def test_a_spec_whose_argument_the_bot_does_not_take_is_refused_echoing_a_short_prefix(
        client: TestClient, spec: str) -> None:
    r = client.post("/api/matches", json={"game": "myth", "seats": ["human", spec]})
    assert r.status_code == 422
    reason = r.json()["reason"]
    assert spec not in reason or len(spec) < 30
    if len(spec) > 64:
        assert "at most 64 characters" in reason
    match, host = host_match(client)
    r = client.post(f"/api/matches/{match}/seats/1", json={"kind": spec},
                    headers={"Authorization": f"Bearer {host}"})
    # The same sentence; a field's refusal names the field of each request (seats.1, kind).
    assert r.status_code == 422
    assert r.json()["reason"].split(": ", 1)[-1] == reason.split(": ", 1)[-1]
    assert client.get(f"/api/matches/{match}").json()["seats"][1]["kind"] == "human"


def test_specs_within_the_ceiling_are_seated(client: TestClient) -> None:
    for spec in WITHIN:
        r = client.post("/api/matches", json={"game": "myth", "seats": ["human", spec]})
        assert r.status_code == 201, (spec, r.json())
    match, host = host_match(client)
    for spec in WITHIN:
        r = client.post(f"/api/matches/{match}/seats/1", json={"kind": spec},
                        headers={"Authorization": f"Bearer {host}"})
        assert r.status_code == 200, (spec, r.json())


def test_a_match_of_pool_bots_ends_normally(client: TestClient) -> None:
    r = client.post("/api/matches", json={"game": "tictactoe", "seats": ["greedy", "mcts:200"],
                                          "seed": 4})
    match = r.json()["match"]
    for _ in range(600):
        snap = client.get(f"/api/matches/{match}").json()
        if snap["over"]:
            break
        time.sleep(0.05)
    assert snap["over"]
    assert client.get(f"/api/matches/{match}/record").status_code == 200


@pytest.mark.parametrize("spec", ["mcts:200", "greedy", "greedy:3", "mcts-cheat:100"])
def test_a_choice_made_in_the_pool_is_the_one_made_in_process(spec: str) -> None:
    st = meeple.load("myth", players=3).new_state(seed=11)
    walker = make("random", 5)
    for _ in range(12):
        assert st.to_act is not None
        st.apply(walker.choose(info_set(walker, st, st.to_act)))
    seat = st.to_act
    assert seat is not None
    seed = decision_seed(11, seat, 12)
    agent = make(spec, seed, "myth")
    here = agent.choose(info_set(agent, st, seat)).text

    async def in_pool() -> str | None:
        thinking = Thinking(1)
        try:
            chosen = await thinking.choose(
                Decision(spec, "myth", seed, st.to_json(), seat, 30.0, 20_000), lambda: True)
            return None if chosen is None else chosen.text
        finally:
            thinking.stop()

    # In a thread of its own: a browser test's driver may hold this thread's event loop.
    with concurrent.futures.ThreadPoolExecutor(1) as one:
        assert one.submit(asyncio.run, in_pool()).result() == here


def test_a_server_with_a_lower_ceiling_refuses_a_bot_above_it_and_seats_one_at_it(
        tmp_path: Path) -> None:
    port = free_port()
    proc = serve(tmp_path / "serve.db", port, "--bot-seconds", "0.5")
    try:
        new = f"http://127.0.0.1:{port}/api/matches"
        status, body = call(new, {"game": "tictactoe", "seats": ["human", "mcts@1s"]})
        assert status == 422
        assert "at most 0.5 s" in body["reason"] and "mcts@0.5s" in body["reason"]
        status, body = call(new, {"game": "tictactoe", "seats": ["human", "mcts@0.5s"]})
        assert status == 201
    finally:
        proc.terminate()
        proc.wait()


def test_a_stored_match_whose_bots_ask_past_the_ceiling_resumes_at_the_ceiling(
        tmp_path: Path) -> None:
    db = tmp_path / "serve.db"
    store = Store(sqlite_url(str(db)))
    made = Tables(store).create("myth", ["mcts@3600s", "mcts:999999999"], seed=3)
    store.engine.dispose()
    port = free_port()
    proc = serve(db, port, "--bot-seconds", "0.5", "--bot-delay", "0")
    try:
        url = f"http://127.0.0.1:{port}/api/matches/{made.match}"
        for _ in range(600):  # an hour a decision would never get there
            snap = call(url)[1]
            if snap["version"] >= 3:
                break
            time.sleep(0.1)
        assert snap["version"] >= 3
        assert [s["kind"] for s in snap["seats"]] == ["mcts@3600s", "mcts:999999999"]
    finally:
        proc.terminate()
        proc.wait()


def test_people_undo_and_health_answer_while_one_worker_thinks_for_every_bot_match(
        tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve(tmp_path / "serve.db", port, "--bot-workers", "1", "--bot-seconds", "1",
                 "--bot-delay", "0")
    try:
        bots = [call(f"{base}/api/matches", {"game": "myth", "seats": ["mcts@1s"] * 3,
                                             "seed": i})[1]["match"] for i in range(4)]
        status, m = call(f"{base}/api/matches", {"game": "tictactoe",
                                                 "seats": ["human", "random"]})
        assert status == 201
        url, tok = f"{base}/api/matches/{m['match']}", m["seats"][0]["token"]

        def moves() -> list[int]:
            return [call(f"{base}/api/matches/{b}")[1]["version"] for b in bots]

        for _ in range(300):  # the worker is busy with the bots
            if sum(moves()) >= 2:
                break
            time.sleep(0.1)
        before = moves()
        status, health = call(f"{base}/api/health")
        assert status == 200 and health["ok"]
        snap = call(url, token=tok)[1]
        status, played = call(f"{url}/act", {"action": snap["legal"][0]["text"],
                                             "version": snap["version"]}, tok)
        assert status == 200 and played["version"] == snap["version"] + 1
        status, undone = call(f"{url}/undo", {"version": played["version"]}, tok)
        # 422 "turn": the bot is to reply, and a move is taken back on one's own turn; 200:
        # its reply came first, and the undo took both back; 409: it came in between.
        assert status in (200, 409, 422)
        if status == 422:
            assert undone["code"] == "turn"
        if status == 200:
            assert undone["to_act"] == 0 and undone["legal"]
        meanwhile = sum(moves()) - sum(before)
        # Each answer came before the single worker had made a move for every bot match.
        assert meanwhile < len(bots), (before, moves())
        for _ in range(1200):  # first come, first served: every bot match gets moves
            if all(now >= was + 2 for now, was in zip(moves(), before, strict=True)):
                break
            time.sleep(0.1)
        assert all(now >= was + 2 for now, was in zip(moves(), before, strict=True)), \
            (before, moves())
    finally:
        proc.terminate()
        proc.wait()


def test_a_seat_is_told_what_the_bot_weighed_since_its_last_move_in_its_language(
        client: TestClient) -> None:
    made = client.post("/api/matches", json={"game": "tictactoe", "seats": ["human", "greedy"],
                                             "seed": 4}).json()
    match, token = made["match"], made["seats"][0]["token"]
    me = {"Authorization": f"Bearer {token}"}

    def settled(version: int) -> dict[str, Any]:
        for _ in range(600):
            snap: dict[str, Any] = client.get(f"/api/matches/{match}?lang=ru",
                                              headers=me).json()
            if snap["version"] >= version:
                return snap
            time.sleep(0.05)
        raise AssertionError(f"the bot did not move to version {version}")

    assert "weighed" not in settled(0)  # nobody has moved
    client.post(f"/api/matches/{match}/act", json={"action": "mark b2", "version": 0},
                headers=me)
    snap = settled(2)
    [one] = snap["weighed"]
    assert one["seat"] == 1 and one["name"] == snap["names"][1] and one["version"] == 2
    assert one["played"] in [r["move"] for r in one["rows"]]
    assert all(r["why"].startswith("шансы на ход вперёд: ") for r in one["rows"])
    assert "weighed" not in client.get(f"/api/matches/{match}").json()  # no spectator's
    legal = snap["legal"][0]["text"]
    client.post(f"/api/matches/{match}/act", json={"action": legal, "version": 2}, headers=me)
    [again] = settled(4)["weighed"]  # the player's move started the list again
    assert again["played"] != one["played"]


def test_a_move_whose_reasons_cannot_be_told_is_played_without_them(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """What a bot weighed is told beside its move; a fault in telling it (here injected into
    the per-seat filter) must not stop the bot: the same move comes back, with no rows."""
    st = meeple.load("tictactoe").new_state(seed=1)
    d = Decision("greedy", "tictactoe", 7, st.to_json(), 0, 30.0, 20_000)
    told = thinking.decide(d)
    assert told.weighed and told.played

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a world that cannot be dealt")

    monkeypatch.setattr(thinking, "explain_for", broken)
    bare = thinking.decide(d)
    assert bare.text == told.text and bare.weighed == () and bare.played == ()
    assert "could not be told" in caplog.text
