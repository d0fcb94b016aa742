"""Two clients of a real ``meeple serve`` process send different actions for the same seat on
the same version at the same moment: exactly one is applied, the other is answered 409 with the
snapshot that already holds the winner's move, and the stored log gains exactly one row."""

from __future__ import annotations

import signal
import subprocess
import threading
from pathlib import Path
from typing import Any

from meeple.server import Store, sqlite_url
from tests.server.live import call, free_port, serve

#: How many races are run (over as many tic-tac-toe matches as they take).
ROUNDS = 20


def race(url: str, token: str, actions: list[str], version: int
         ) -> dict[str, tuple[int, Any]]:
    """POST each action on ``version`` from its own thread, all released together."""
    go = threading.Barrier(len(actions))
    answers: dict[str, tuple[int, Any]] = {}

    def send(action: str) -> None:
        go.wait()
        answers[action] = call(url, {"action": action, "version": version}, token)

    threads = [threading.Thread(target=send, args=(a,)) for a in actions]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return answers


def marks(snap: dict[str, Any]) -> int:
    return sum(row.count("X") + row.count("O") for row in snap["view"]["board"])


def play_races(base: str, seed: int, budget: int) -> tuple[str, list[tuple[int, str]]]:
    """A match of two human seats raced move by move (while two moves are legal and the
    budget lasts); the match and the (seat, action) that won each race."""
    status, m = call(f"{base}/api/matches",
                     {"game": "tictactoe", "seats": ["human", "human"]})
    assert status == 201, m
    url, tokens = f"{base}/api/matches/{m['match']}", [s["token"] for s in m["seats"]]
    won: list[tuple[int, str]] = []
    while len(won) < budget:
        seat = call(url)[1]["to_act"]
        if seat is None:
            break
        snap = call(url, token=tokens[seat])[1]
        if len(snap["legal"]) < 2:
            break
        v = snap["version"]
        assert v == len(won)
        moves = [snap["legal"][0]["text"], snap["legal"][-1]["text"]]
        answers = race(f"{url}/act", tokens[seat], moves, v)
        assert sorted(status for status, _ in answers.values()) == [200, 409], answers
        winner = next(a for a, (status, _) in answers.items() if status == 200)
        loser = next(a for a in moves if a != winner)
        applied, refused = answers[winner][1], answers[loser][1]
        assert applied["version"] == v + 1 and marks(applied) == marks(snap) + 1
        assert applied["events"][-1]["action"] == winner
        assert applied["events"][-1]["seat"] == seat
        assert refused == applied  # the 409 carries the new snapshot, the winner's move in it
        assert call(url, token=tokens[seat])[1]["version"] == v + 1
        won.append((seat, winner))
    final = call(url)[1]
    assert [(e["seat"], e["action"]) for e in final["events"] if e["type"] == "action"] == won
    return m["match"], won


def test_two_actions_on_one_version_at_once_apply_exactly_one(tmp_path: Path) -> None:
    db, port = tmp_path / "serve.db", free_port()
    proc = serve(db, port)
    played: dict[str, list[tuple[int, str]]] = {}
    try:
        while sum(map(len, played.values())) < ROUNDS:
            match, won = play_races(f"http://127.0.0.1:{port}", len(played),
                                    ROUNDS - sum(map(len, played.values())))
            played[match] = won
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert sum(map(len, played.values())) == ROUNDS and len(played) >= 3
    store = Store(sqlite_url(str(db)))
    for match, won in played.items():  # one stored row per race, the winner's
        assert [(r.seat, r.action) for r in store.log_after(match, 0)] == won
