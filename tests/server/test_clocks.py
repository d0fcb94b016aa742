"""Clocks (docs/server.md, "Clocks"), on a real SQLite file and a real PostgreSQL database: a
bank per seat plus an increment per turn or a fixed time per turn; every snapshot carries each
seat's time; a turn of many actions is one move; when a seat's time runs out a bot plays it
until its player opens it again, or the seat loses and the match ends; a bad clock is refused
with what a clock may be, and nothing is made."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from meeple.server.clocks import Clock, Rule, start, ticked
from tests.server.test_api import new, token
from tests.server.test_rematch import ask


def snap_of(client: TestClient, m: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    headers = {} if seat is None else token(m, seat)
    got: dict[str, Any] = client.get(f"/api/matches/{m['match']}", headers=headers).json()
    return got


def play(client: TestClient, m: dict[str, Any], move: str) -> dict[str, Any]:
    snap = snap_of(client, m)
    r = client.post(f"/api/matches/{m['match']}/act",
                    json={"action": move, "version": snap["version"]},
                    headers=token(m, snap["to_act"]))
    assert r.status_code == 200, r.text
    got: dict[str, Any] = r.json()
    return got


def until(client: TestClient, m: dict[str, Any], test: Any, seconds: float = 10.0
          ) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        snap = snap_of(client, m)
        if test(snap):
            return snap
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {snap.get('clock')}")


@pytest.mark.parametrize(("clock", "said"), [
    ({"bank": 600, "per_move": 60}, "not both"),
    ({"increment": 10}, "not both"),
    ({"per_move": 60, "increment": 5}, "an increment goes with a bank"),
    ({"bank": -1}, "greater than 0"),
    ({"bank": 10**9}, "less than or equal"),
    ({"per_move": 60, "on_timeout": "pause"}, "'bot' or 'lose'"),
    ({"per_move": 60, "bot": "human"}, "names the bot"),
    ({"per_move": 60, "bot": "wizard"}, "wizard"),
    ({"per_move": 60, "hours": 3}, "hours"),
])
def test_a_bad_clock_is_refused_with_what_a_clock_may_be(client: TestClient,
                                                         clock: dict[str, Any],
                                                         said: str) -> None:
    before = client.get("/api/matches").json()
    r = client.post("/api/matches", json={"game": "tictactoe", "seats": ["human", "human"],
                                          "clock": clock, "public": True})
    assert r.status_code == 422 and said in r.text, r.text
    assert client.get("/api/matches").json() == before


def test_a_bank_runs_for_the_seat_to_act_and_a_turn_adds_the_increment(
        client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"], pace="turn",
            clock={"bank": 600, "increment": 10})
    first = snap_of(client, m, 0)
    assert first["pace"] == "turn"
    clock = first["clock"]
    assert clock["running"] == 0 and clock["on_timeout"] == "bot" and clock["bot"] == "greedy"
    assert 599 <= clock["left"][0] <= 600 and clock["left"][1] == 600
    time.sleep(0.3)
    after = play(client, m, "mark a1")["clock"]
    assert after["running"] == 1
    assert 609 < after["left"][0] < 609.9  # 600, less the 0.3 s it thought, plus 10
    assert 599 <= after["left"][1] <= 600
    # Every seat and a spectator read the same clock: it is public.
    assert snap_of(client, m)["clock"]["running"] == 1


def test_a_seat_out_of_time_is_played_by_a_bot_until_its_player_comes_back(
        client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"],
            clock={"per_move": 1, "on_timeout": "bot", "bot": "random"})
    play(client, m, "mark a1")
    # Seat 1 does not answer: a second later a bot plays it, and the turn comes back to 0.
    snap = until(client, m, lambda s: s["clock"]["away"][1] and s["to_act"] == 0)
    assert snap["seats"][1]["kind"] == "random" and snap["version"] == 2
    assert snap["clock"]["running"] == 0
    # Seat 0 keeps its own time: a fixed time per turn starts again each turn.
    assert 0.5 < snap["clock"]["left"][0] <= 1
    # Seat 1's player opens the seat: it is theirs again; its time runs on its next turn.
    back = snap_of(client, m, 1)
    assert back["seats"][1]["kind"] == "human" and back["clock"]["away"] == [False, False]
    play(client, m, snap_of(client, m, 0)["legal"][0]["text"])  # whatever the bot left
    turn = snap_of(client, m, 1)
    assert turn["to_act"] == 1 and turn["clock"]["running"] == 1 and turn["legal"]


def test_lose_ends_the_match_and_the_rematch_keeps_the_clock(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"], pace="turn",
            clock={"per_move": 1, "on_timeout": "lose"})
    play(client, m, "mark a1")
    over = until(client, m, lambda s: s["over"])
    assert over["result"]["winners"] == [0] and over["clock"]["lost"] == 1
    assert over["clock"]["running"] is None and over["legal"] == []
    loser = snap_of(client, m, 1)
    assert loser["legal"] == [] and "ran out of time" in loser["result"]["text"][0]
    ru = client.get(f"/api/matches/{m['match']}?lang=ru").json()["result"]["text"]
    assert "кончилось время" in ru[0] and "Победа" in ru[1]
    r = client.post(f"/api/matches/{m['match']}/act", json={"action": "mark b1",
                                                            "version": over["version"]},
                    headers=token(m, 1))
    assert r.status_code == 409 and snap_of(client, m)["version"] == over["version"]
    assert client.get(f"/api/matches/{m['match']}/record").status_code == 200
    made = ask(client, m["match"], token(m, 0)).json()
    again = client.get(f"/api/matches/{made['match']}",
                       headers={"Authorization": f"Bearer {made['token']}"}).json()
    assert again["pace"] == "turn" and again["clock"]["per_move"] == 1
    assert again["clock"]["lost"] is None and again["clock"]["running"] == 0


def test_a_bot_seat_stops_every_clock_and_a_seat_handed_to_a_bot_stops_its_own(
        client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"], clock={"bank": 30})
    assert snap_of(client, m)["clock"]["running"] == 0
    r = client.post(f"/api/matches/{m['match']}/seats/0", json={"kind": "greedy"},
                    headers={"Authorization": f"Bearer {m['host']}"})
    assert r.status_code == 200
    snap = until(client, m, lambda s: s["to_act"] == 1)
    assert snap["clock"]["running"] == 1 and snap["clock"]["left"][0] <= 30


TURNS = st.lists(st.tuples(st.sampled_from([0, 1, None]), st.floats(0, 100)), max_size=30)


@given(TURNS, st.sampled_from([0.0, 5.0]))
def test_a_bank_is_charged_exactly_the_time_its_seat_held_the_turn(
        turns: list[tuple[int | None, float]], increment: float) -> None:
    """Whatever the order of turns (None: a bot's or nobody's), each seat's bank is its start,
    less the seconds it held the turn, plus an increment per turn it ended — never below 0
    before the increment."""
    rule = Rule(100.0, increment, None, "bot", "greedy")
    now = 0.0
    clock: Clock = start(rule, 0, ["human", "human"], now)
    held, ended, expect = [0.0, 0.0], [0, 0], [100.0, 100.0]
    for to_act, spent in turns:
        now += spent
        if clock.turn is not None:
            held[clock.turn] += spent
        tick = ticked(clock, to_act, ["human", "human"], False, now)
        if tick is not None and tick.settled is not None:
            seat = tick.settled[0]
            expect[seat] = max(0.0, expect[seat] - held[seat]) + increment
            held[seat], ended[seat] = 0.0, ended[seat] + 1
            assert tick.settled[1] == pytest.approx(expect[seat])
        clock = clock if tick is None else clock.after(tick)
        assert clock.turn == to_act
        if to_act is not None:
            assert clock.since is not None
            assert clock.deadline == pytest.approx(clock.since + (clock.left[to_act] or 0.0))
