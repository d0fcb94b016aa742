"""Several ``meeple serve`` processes on one database (docs/deploy.md).

On PostgreSQL two real server processes share the matches: a person on each plays one match
with a bot, and every change committed on one reaches the other's sockets; the server running
the bots is killed with SIGKILL mid-game and the other takes them over; the same move sent to
both at once is applied once; a player's name put on a seat, and changed, on one server reaches a
spectator's socket on the other. The same tests run on SQLite with one server, which is how
SQLite is served (the "other" server is a new process on the same file, started after the
kill).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from meeple.server import Store, Tables, sqlite_url
from tests.server.live import call, free_port, serve
from tests.server.test_leaks_http import Facts, Received, check, states_of
from tests.test_leaks import SEED

#: Generous waits for the servers, never limits on how long a test takes.
WAIT = 30.0


@dataclass
class Cluster:
    """The servers of one database: two on PostgreSQL, one on SQLite."""

    db: str
    folder: Path
    shared: bool
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start(self, *extra: str) -> str:
        """One more server on the database; its base URL."""
        port = free_port()
        log = self.folder / f"serve-{port}.log"
        self.procs.append(serve(self.db, port, "--bot-delay", "0.05", *extra, log=log))
        return f"http://127.0.0.1:{port}"

    def bases(self, *extra: str) -> list[str]:
        """Where the people connect: two servers on PostgreSQL, the one on SQLite."""
        first = self.start(*extra)
        return [first, self.start(*extra) if self.shared else first]

    def kill(self, index: int) -> None:
        self.procs[index].send_signal(signal.SIGKILL)
        self.procs[index].wait()

    def stop(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.kill()
                p.wait()


@pytest.fixture(params=["postgresql", "sqlite"])
def cluster(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Cluster]:
    if request.param == "postgresql":
        c = Cluster(request.getfixturevalue("postgres"), tmp_path, True)
    else:
        c = Cluster(sqlite_url(str(tmp_path / "serve.db")), tmp_path, False)
    try:
        yield c
    finally:
        c.stop()


class Ear:
    """A WebSocket of one seat (None: a spectator) on one server, every message kept."""

    def __init__(self, base: str, match: str, token: str | None, seat: int | None) -> None:
        q = f"?token={token}" if token else ""
        self.url = f"{base.replace('http', 'ws', 1)}/ws/matches/{match}{q}"
        self.got = Received(seat)
        self.newest = -1
        self.socket: ClientConnection | None = None
        self.open = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        assert self.open.wait(WAIT), f"no socket at {self.url}"

    def _read(self) -> None:
        try:
            with connect(self.url, open_timeout=WAIT) as ws:
                self.socket = ws
                self.open.set()
                for raw in ws:
                    msg = json.loads(raw)
                    if msg.get("snapshot"):
                        self.got.add(msg["snapshot"])
                        self.newest = max(self.newest, msg["snapshot"]["version"])
        except Exception:  # the server went away: the ear is deaf from now on
            return

    def reaches(self, version: int) -> bool:
        """Whether a push of ``version`` or later arrives within :data:`WAIT`."""
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            if self.newest >= version:
                return True
            time.sleep(0.01)
        return False

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()


def create(base: str, game: str, seats: list[str], seed: int) -> tuple[str, list[str]]:
    # A seed only where at most one person plays (the server deals the others).
    chosen = {"seed": seed} if seats.count("human") <= 1 else {}
    status, made = call(f"{base}/api/matches", {"game": game, "seats": seats, **chosen})
    assert status == 201, made
    return made["match"], [s.get("token", "") for s in made["seats"]]


def presence(base: str, match: str, token: str, seat: int, present: bool) -> bool:
    """Whether ``seat`` comes to be shown ``present`` (or not) in the snapshots of ``base``."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        status, snap = call(f"{base}/api/matches/{match}", token=token)
        assert status == 200, (status, snap)
        if snap["seats"][seat]["present"] == present:
            return True
        time.sleep(0.02)
    return False


def wait_turn(base: str, match: str, token: str) -> dict[str, Any]:
    """The seat's snapshot once it is to act or the game is over."""
    end = time.monotonic() + WAIT
    snap: dict[str, Any]
    while time.monotonic() < end:
        status, snap = call(f"{base}/api/matches/{match}", token=token)
        assert status == 200, snap
        if snap["over"] or snap["legal"]:
            return snap
        time.sleep(0.02)
    raise AssertionError(f"the seat's turn did not come: {snap['to_act']} is to act")


def test_two_people_on_two_servers_play_a_whole_match_with_a_bot(cluster: Cluster) -> None:
    bases = cluster.bases()
    match, tokens = create(bases[0], "grabhit", ["human", "human", "random"], seed=SEED)
    ears = [Ear(bases[s], match, tokens[s], s) for s in (0, 1)]
    watchers = [Ear(b, match, None, None) for b in bases]
    for s in (0, 1):  # each person is seen at the table from the other's server
        assert presence(bases[s], match, tokens[s], 1 - s, True)
    rnd = random.Random(4)
    for _ in range(400):
        snaps = [call(f"{bases[s]}/api/matches/{match}", token=tokens[s])[1] for s in (0, 1)]
        if snaps[0]["over"]:
            break
        mover = next((s for s in (0, 1) if snaps[s]["legal"]), None)
        if mover is None:  # the bot is to act
            time.sleep(0.02)
            continue
        snap = snaps[mover]
        status, after = call(f"{bases[mover]}/api/matches/{match}/act",
                             {"action": rnd.choice(snap["legal"])["text"],
                              "version": snap["version"]}, tokens[mover])
        assert status == 200, after
        for ear in (*ears, *watchers):  # the move reaches both servers' sockets
            assert ear.reaches(after["version"]), (ear.got.seat, after["version"])
    else:
        raise AssertionError("the match did not end")
    final = call(f"{bases[0]}/api/matches/{match}", token=tokens[0])[1]
    for ear in (*ears, *watchers):
        assert ear.reaches(final["version"])
        ear.close()
    assert presence(bases[0], match, tokens[0], 1, False)  # ... and seen leaving
    tables = Tables(Store(cluster.db))
    states = states_of(tables, match)
    assert states[-1].is_over and len(states) == final["version"] + 1
    memo: dict[int, dict[int | None, Facts]] = {}
    for ear in (*ears, *watchers):  # nothing hidden from a receiver reached it, on either
        check(ear.got, states, memo)


def test_the_bots_of_a_killed_server_are_taken_over_and_the_match_finishes(
        cluster: Cluster) -> None:
    # The first server waits long before each bot move, so it is surely mid-move when killed.
    slow = cluster.start("--bot-delay", "60")
    match, tokens = create(slow, "grabhit", ["human", "random"], seed=6)
    fast = cluster.start() if cluster.shared else None
    watcher = Ear(fast, match, None, None) if fast else None
    snap = wait_turn(slow, match, tokens[0])
    status, snap = call(f"{slow}/api/matches/{match}/act",
                        {"action": snap["legal"][0]["text"], "version": snap["version"]},
                        tokens[0])
    assert status == 200 and snap["to_act"] == 1, snap
    time.sleep(0.5)  # the slow server holds the bot's lease and waits
    cluster.kill(0)
    killed = time.monotonic()
    survivor = fast or cluster.start()
    ear = Ear(survivor, match, tokens[0], 0)  # the person's page reconnects to the survivor
    assert ear.reaches(snap["version"] + 1), "the bot's move never came"
    taken_over = time.monotonic() - killed
    for _ in range(2000):
        snap = wait_turn(survivor, match, tokens[0])
        if snap["over"]:
            break
        status, _ = call(f"{survivor}/api/matches/{match}/act",
                         {"action": snap["legal"][0]["text"], "version": snap["version"]},
                         tokens[0])
        assert status in (200, 409)
    assert snap["over"], "the match did not finish on the surviving server"
    assert ear.reaches(snap["version"])
    if watcher is not None:
        assert watcher.reaches(snap["version"])
    assert taken_over < 15, f"the bots were taken over only after {taken_over:.1f} s"


def test_the_same_move_sent_to_both_servers_at_once_is_applied_once(cluster: Cluster) -> None:
    bases = cluster.bases()
    match, tokens = create(bases[0], "tictactoe", ["human", "human"], seed=1)
    pool = ThreadPoolExecutor(2)
    for version, cells in enumerate([("a1", "b1"), ("a2", "b2"), ("c1", "c2")]):
        seat = version % 2
        wait_turn(bases[seat], match, tokens[seat])
        sends = [(f"{bases[i]}/api/matches/{match}/act",
                  {"action": f"mark {cells[i]}", "version": version}, tokens[seat])
                 for i in (0, 1)]
        answers = list(pool.map(lambda send: call(*send), sends))
        statuses = sorted(status for status, _ in answers)
        assert statuses == [200, 409], answers
        won = next(body for status, body in answers if status == 200)
        for base in bases:  # both servers agree on the one move applied
            now = call(f"{base}/api/matches/{match}", token=tokens[seat])[1]
            for _ in range(100):
                if now["version"] == version + 1:
                    break
                time.sleep(0.02)
                now = call(f"{base}/api/matches/{match}", token=tokens[seat])[1]
            assert now["view"] == won["view"]
    log = Tables(Store(cluster.db)).store.log_after(match, 0)
    assert [r.version for r in log] == [1, 2, 3]


def test_health_says_whether_the_database_answers(postgres: str, tmp_path: Path) -> None:
    import psycopg

    cluster = Cluster(postgres, tmp_path, True)
    try:
        base = cluster.start()
        create(base, "tictactoe", ["human", "random"], seed=1)
        status, body = call(f"{base}/api/health")
        assert status == 200 and body["ok"] and body["database"] == "postgresql"
        assert body["matches"] == 1 and body["sockets"] == 0
        name = postgres.rsplit("/", 1)[1]
        with psycopg.connect(os.environ["MEEPLE_POSTGRES_URL"], autocommit=True) as conn:
            conn.execute(f"DROP DATABASE {name} WITH (FORCE)")
            status, body = call(f"{base}/api/health")
            conn.execute(f"CREATE DATABASE {name}")  # for the fixture to drop
        assert status == 503 and body == {"ok": False, "reason": "the database does not answer"}
    finally:
        cluster.stop()


def as_player(url: str, key: str, body: dict[str, Any], method: str = "POST"
              ) -> tuple[int, Any]:
    """``body`` sent to ``url`` with ``Authorization: Player KEY``; the status and answer."""
    import urllib.error
    import urllib.request

    req = urllib.request.Request(url, data=json.dumps(body).encode(), method=method,
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Player {key}"})
    try:
        with urllib.request.urlopen(req, timeout=WAIT) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_a_players_name_put_on_a_seat_on_one_server_reaches_the_others_sockets(
        cluster: Cluster) -> None:
    one, other = cluster.bases()
    match, tokens = create(one, "tictactoe", ["human", "human"], 1)
    status, made = call(f"{one}/api/players", {"name": "Anna"})
    assert status == 201, made
    url = f"{other.replace('http', 'ws', 1)}/ws/matches/{match}"
    with connect(url, open_timeout=WAIT) as ws:
        assert "player" not in json.loads(ws.recv(timeout=WAIT))["snapshot"]["seats"][1]

        def shown(name: str) -> bool:
            """Whether a push naming seat 1's player ``name`` arrives within the wait."""
            end = time.monotonic() + WAIT
            while time.monotonic() < end:
                snap = json.loads(ws.recv(timeout=WAIT))["snapshot"]
                if snap["seats"][1].get("player") == name:
                    return True
            return False

        status, body = as_player(f"{one}/api/players/me/seats", made["key"],
                                 {"match": match, "token": tokens[1]})
        assert status == 200, body
        assert shown("Anna")
        status, body = as_player(f"{one}/api/players/me", made["key"], {"name": "Ann"},
                                 "PATCH")
        assert status == 200, body
        assert shown("Ann")
    assert call(f"{other}/api/matches/{match}")[1]["seats"][1]["player"] == "Ann"


def test_a_chat_message_sent_to_one_server_is_pushed_from_the_other(cluster: Cluster) -> None:
    one, other = cluster.bases()
    match, tokens = create(one, "tictactoe", ["human", "human"], 1)
    url = f"{other.replace('http', 'ws', 1)}/ws/matches/{match}"
    with connect(url, open_timeout=WAIT) as ws:
        assert json.loads(ws.recv(timeout=WAIT))["snapshot"]["chat"]["said"] == 0
        status, body = call(f"{one}/api/matches/{match}/chat", {"text": "hello"},
                            token=tokens[0])
        assert status == 201, body
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            snap = json.loads(ws.recv(timeout=WAIT))["snapshot"]
            if snap["chat"]["said"] == 1:
                break
        else:
            raise AssertionError("the other server pushed no snapshot counting the message")
    status, read = call(f"{other}/api/matches/{match}/chat")
    assert status == 200 and [m["text"] for m in read["messages"]] == ["hello"]
