"""Clocks against real ``meeple serve`` processes (docs/server.md, "Clocks"): a deadline is
stored, not a timer, so a clock runs out on time across a ``kill -9`` and a restart; on
several servers sharing one PostgreSQL database the rule is applied once, wherever the
match's players are, and every server's sockets hear it."""

from __future__ import annotations

import time
from typing import Any

from tests.server.live import call
from tests.server.test_instances import WAIT, Cluster, Ear, cluster

__all__ = ["cluster"]  # the fixture: two servers on PostgreSQL, one on SQLite


def clocked(base: str, clock: dict[str, Any]) -> tuple[str, list[str]]:
    status, made = call(f"{base}/api/matches", {"game": "tictactoe", "seats": ["human", "human"],
                                                "pace": "turn", "clock": clock})
    assert status == 201, made
    return made["match"], [s["token"] for s in made["seats"]]


def until(base: str, match: str, test: Any) -> dict[str, Any]:
    end = time.monotonic() + WAIT
    snap: dict[str, Any] = {}
    while time.monotonic() < end:
        status, snap = call(f"{base}/api/matches/{match}")
        if status == 200 and test(snap):
            return snap
        time.sleep(0.05)
    raise AssertionError(f"never came: {snap.get('clock')}")


def test_the_bot_takes_the_seat_on_time_after_a_kill_9_and_a_restart(cluster: Cluster) -> None:
    base = cluster.start()
    match, tokens = clocked(base, {"per_move": 2, "on_timeout": "bot", "bot": "random"})
    status, snap = call(f"{base}/api/matches/{match}/act",
                        {"action": "mark a1", "version": 0}, tokens[0])
    assert status == 200 and snap["clock"]["running"] == 1, snap
    moved = time.monotonic()
    cluster.kill(0)  # seat 1's two seconds run while no server is up
    time.sleep(0.5)
    again = cluster.start()
    snap = until(again, match, lambda s: s["version"] >= 2)
    late = time.monotonic() - moved
    assert snap["clock"]["away"] == [False, True] and snap["seats"][1]["kind"] == "random"
    assert snap["to_act"] == 0 and snap["clock"]["running"] == 0
    assert 2.0 <= late < 2.0 + 8, f"the bot took the seat {late:.1f} s after the move"
    # Seat 1's player comes back on the restarted server: the seat is theirs again.
    status, mine = call(f"{again}/api/matches/{match}", token=tokens[1])
    assert status == 200 and mine["seats"][1]["kind"] == "human"


def test_a_seat_loses_on_time_once_while_its_players_are_on_the_other_server(
        cluster: Cluster) -> None:
    one, other = cluster.bases()
    match, tokens = clocked(one, {"per_move": 2, "on_timeout": "lose"})
    ears = [Ear(one, match, tokens[s], s) for s in (0, 1)]
    watcher = Ear(other, match, None, None)
    status, moved = call(f"{one}/api/matches/{match}/act",
                         {"action": "mark a1", "version": 0}, tokens[0])
    assert status == 200 and moved["clock"]["running"] == 1
    for base in (one, other):
        over = until(base, match, lambda s: s["over"])
        assert over["result"]["winners"] == [0] and over["clock"]["lost"] == 1
        assert over["version"] == 1  # the rule wrote no move: no second application either
    for ear in (*ears, watcher):
        end = time.monotonic() + WAIT
        while time.monotonic() < end and not any(p.get("over") for _, p in ear.got.got):
            time.sleep(0.05)
        assert any(p.get("over") for _, p in ear.got.got), "a socket never heard the end"
        ear.close()
