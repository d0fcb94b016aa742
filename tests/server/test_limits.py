"""A real ``meeple serve`` process under a hostile visitor: every bound (body size, JSON depth,
strings, connections, rates, unfinished matches) answers with a status and a sentence, changes
nothing, and leaves other clients alone (src/meeple/server/limits.py, docs/server.md)."""

from __future__ import annotations

import http.client
import json
import select
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import free_port, serve

SOLO = {"game": "tictactoe", "seats": ["human", "random"]}


def ask(port: int, method: str, path: str, body: bytes | dict[str, Any] | None = None, *,
        token: str | None = None, source: str = "127.0.0.1",
        headers: dict[str, str] | None = None) -> tuple[int, Any, http.client.HTTPResponse]:
    """One request from the client address ``source``: the status, the JSON body and the
    response (for its headers)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20,
                                      source_address=(source, 0))
    raw = json.dumps(body).encode() if isinstance(body, dict) else body
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    conn.request(method, path, body=raw, headers=sent)
    r = conn.getresponse()
    data = r.read()
    conn.close()
    return r.status, json.loads(data) if data else None, r


@pytest.fixture
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[int, Path]]:
    """A ``meeple serve`` with the flags of the test's ``flags`` mark; its port and log."""
    mark = request.node.get_closest_marker("flags")
    port, db = free_port(), tmp_path / "limits.db"
    proc = serve(db, port, "--bot-delay", "0", *(mark.args if mark else ()))
    try:
        yield port, db.with_suffix(".log")
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.flags("--max-body", "4096")
def test_a_body_past_the_bound_is_refused_with_413_and_reads_nothing(
        server: tuple[int, Path]) -> None:
    port, _ = server
    status, made, _ = ask(port, "POST", "/api/matches", SOLO)
    assert status == 201
    big = b'{"action": "' + b"x" * 50_000 + b'", "version": 0}'
    url = f"/api/matches/{made['match']}"
    for path in ("/api/matches", f"{url}/act"):
        status, body, _ = ask(port, "POST", path, big, token=made["seats"][0]["token"])
        assert status == 413 and "4096 bytes" in body["reason"]
    assert ask(port, "GET", url)[1]["version"] == 0  # nothing was applied


@pytest.mark.parametrize(("body", "says"), [
    (b'{"game": ' + b"[" * 30_000 + b"]" * 30_000 + b"}", "not JSON"),
    (b'{"game": "tictactoe", "seats": ["\\ud800"]}', "not JSON"),
    ({**SOLO, "public": "no"}, "public: should be a valid boolean"),
    ({**SOLO, "seed": 1 << 63}, "seed: should be less than"),
    ({**SOLO, "seed": -1}, "seed: should be greater than or equal to 0"),
    ({**SOLO, "seed": 2.5}, "seed: should be a valid integer"),
    ({**SOLO, "seats": ["human", "x" * 60_000]}, "at most 64 characters"),
    ({**SOLO, "colour": "red"}, "colour: not a field"),
    ({"game": "tictactoe", "seats": ["human", "human"], "seed": 7}, "at most one person"),
    ({**SOLO, "open": [1]}, "public"),
    ({"game": "tictactoe", "seats": ["human", "human"], "public": True, "open": [0]},
     "other than the creator's"),
    ([1, 2], "a JSON object"),
])
def test_a_malformed_new_match_is_refused_saying_what_and_never_echoing_it(
        client: Any, body: Any, says: str) -> None:
    raw = json.dumps(body).encode() if not isinstance(body, bytes) else body
    r = client.post("/api/matches", content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and says in r.json()["reason"], r.text
    assert len(r.text) < 400  # a short sentence, whatever was sent
    assert client.get("/api/matches").json() == []


def test_an_action_or_undo_of_the_wrong_type_is_refused_and_changes_nothing(client: Any
                                                                            ) -> None:
    made = client.post("/api/matches", json=SOLO).json()
    url, auth = f"/api/matches/{made['match']}", {
        "Authorization": f"Bearer {made['seats'][0]['token']}"}
    for body, says in [({"action": "mark b2", "version": True}, "version"),
                       ({"action": "mark b2", "version": "0"}, "version"),
                       ({"action": 5, "version": 0}, "action"),
                       ({"action": "mark b2"}, "version: Field required")]:
        r = client.post(f"{url}/act", json=body, headers=auth)
        assert r.status_code == 422 and says in r.json()["reason"], r.text
    r = client.post(f"{url}/undo", json={"version": -1}, headers=auth)
    assert r.status_code == 422 and "version" in r.json()["reason"]
    assert client.get(url).json()["version"] == 0


@pytest.mark.flags("--max-connections-per-client", "5")
def test_connections_past_the_bound_per_address_are_refused_and_logged_once(
        server: tuple[int, Path]) -> None:
    port, log = server
    # An address of their own: the fixture's readiness probe came from 127.0.0.1, and the
    # server may not yet have counted its connection closed (it then admitted only four).
    here = "127.0.0.3"
    opened = [socket.create_connection(("127.0.0.1", port), source_address=(here, 0))
              for _ in range(25)]
    try:
        # Which five the server admits is its accept order's affair: exactly five wait for a
        # request, silent, and each of the other twenty is answered 503 and closed.
        answers: dict[socket.socket, str] = {}
        deadline = time.monotonic() + 20
        while len(answers) < 20 and time.monotonic() < deadline:
            ready, _, _ = select.select([s for s in opened if s not in answers], [], [], 1)
            for s in ready:
                answers[s] = s.recv(1000).decode()
        time.sleep(0.5)  # a sixth admitted connection would stay silent: none may answer late
        assert not select.select([s for s in opened if s not in answers], [], [], 0)[0]
        assert len(answers) == 20
        for answer in answers.values():
            assert answer.startswith("HTTP/1.1 503") and "at most 5 at once" in answer
        # Another address is not held back by this one.
        assert ask(port, "GET", "/api/health", source="127.0.0.2")[0] == 200
    finally:
        for s in opened:
            s.close()
    for _ in range(100):  # the held ones closed: this address may connect again
        if ask(port, "GET", "/api/health", source=here)[0] == 200:
            break
        time.sleep(0.05)
    lines = [x for x in log.read_text().splitlines() if "refusing connections" in x]
    assert len(lines) == 1 and "Traceback" not in log.read_text()


@pytest.mark.flags("--max-connections", "4")
def test_the_total_bound_holds_whichever_address_connects(server: tuple[int, Path]) -> None:
    port, _ = server
    held = [socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.0.{i}", 0))
            for i in range(2, 6)]
    try:
        late = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.9", 0))
        late.settimeout(10)
        assert "most open connections (4)" in late.recv(1000).decode()
        late.close()
    finally:
        for s in held:
            s.close()


@pytest.mark.flags("--first-request-seconds", "1")
def test_a_connection_that_never_sends_a_request_is_closed(server: tuple[int, Path]) -> None:
    port, _ = server
    idle = socket.create_connection(("127.0.0.1", port))
    idle.settimeout(20)
    assert idle.recv(100) == b""  # closed by the server, without an answer
    idle.close()


@pytest.mark.flags("--rate-matches", "3/60", "--rate-actions", "4/60", "--rate-undos", "1/60")
def test_rates_per_address_answer_429_with_retry_after_and_change_nothing(
        server: tuple[int, Path]) -> None:
    port, _ = server
    made = [ask(port, "POST", "/api/matches", {**SOLO, "seed": 1}) for _ in range(4)]
    assert [m[0] for m in made] == [201, 201, 201, 429]
    _, body, r = made[3]
    assert "at most 3 per 60 s" in body["reason"] and 0 < int(r.headers["Retry-After"]) <= 60
    assert ask(port, "POST", "/api/matches", SOLO, source="127.0.0.2")[0] == 201
    match, tok = made[0][1]["match"], made[0][1]["seats"][0]["token"]
    url = f"/api/matches/{match}"
    statuses = []
    for _ in range(6):
        v = ask(port, "GET", url, token=tok)[1]
        for _ in range(200):  # the bot replies between two of the person's moves
            if v["to_act"] == 0 or v["over"]:
                break
            time.sleep(0.02)
            v = ask(port, "GET", url, token=tok)[1]
        if v["over"]:
            break
        statuses.append(ask(port, "POST", f"{url}/act", {"action": v["legal"][0]["text"],
                                                         "version": v["version"]}, token=tok))
    assert [s[0] for s in statuses][:5] == [200, 200, 200, 200, 429][:len(statuses)]
    if len(statuses) == 5:
        assert ask(port, "GET", url, token=tok)[1]["version"] == statuses[3][1]["version"]


@pytest.mark.flags("--max-unfinished", "2")
def test_unfinished_matches_per_address_are_bounded(server: tuple[int, Path]) -> None:
    port, _ = server
    two = [ask(port, "POST", "/api/matches", SOLO)[0] for _ in range(3)]
    assert two == [201, 201, 429]
    assert "2 unfinished" in ask(port, "POST", "/api/matches", SOLO)[1]["reason"]
    assert ask(port, "POST", "/api/matches", SOLO, source="127.0.0.3")[0] == 201


@pytest.mark.flags("--any-seed")
def test_a_test_server_may_let_a_table_of_people_choose_its_seed(
        server: tuple[int, Path]) -> None:
    port, _ = server
    two = {"game": "tictactoe", "seats": ["human", "human"], "seed": 7}
    assert ask(port, "POST", "/api/matches", two)[0] == 201
