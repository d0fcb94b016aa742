"""A socket that never reads freezes nothing but itself, and malformed WebSocket messages get a
clear answer, against a real ``meeple serve`` process: a spectator's raw TCP socket with a 2 KiB
receive buffer opens ``/ws/matches/{id}`` by hand and then reads nothing while the test plays
hundreds of moves over HTTP."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import struct
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.live import call, free_port, serve

#: Two people in the catacombs with long lives and no round limit: with the last legal action
#: always taken, a game lasts well past 500 decisions whatever the deal (the server deals it).
GAME = {"game": "catacombs", "seats": ["human", "human"],
        "options": {"health": 40, "max_rounds": 10000}}


def until(check: Callable[[], bool], seconds: float = 60.0) -> bool:
    """Whether ``check()`` came true within ``seconds`` (asked every 0.1 s)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.1)
    return check()


@pytest.fixture
def launch(tmp_path: Path) -> Iterator[Callable[..., tuple[str, Path]]]:
    """Start ``meeple serve`` with the given flags: its host and port, and its log."""
    procs: list[subprocess.Popen[bytes]] = []

    def start(*flags: str) -> tuple[str, Path]:
        port, log = free_port(), tmp_path / "serve.log"
        procs.append(serve(tmp_path / "serve.db", port, *flags, log=log))
        return f"127.0.0.1:{port}", log

    yield start
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def stalled_socket(host: str, match: str) -> socket.socket:
    """A spectator's WebSocket opened by hand on a socket whose receive buffer is 2 KiB, read
    up to the end of the handshake's answer and then no more."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    addr, port = host.split(":")
    s.connect((addr, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(f"GET /ws/matches/{match} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
              f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
              f"Sec-WebSocket-Version: 13\r\n\r\n".encode())
    s.settimeout(60)
    head = b""
    while b"\r\n\r\n" not in head:  # one byte at a time: nothing past the answer is read
        byte = s.recv(1)
        assert byte, "the server closed the handshake"
        head += byte
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


def frames(s: socket.socket) -> Iterator[tuple[int, bytes]]:
    """The (opcode, payload) of each frame the server sends on ``s`` (unmasked, unfragmented),
    until the connection ends."""
    buf = b""

    def need(n: int) -> bytes:
        nonlocal buf
        while len(buf) < n:
            chunk = s.recv(65536)
            if not chunk:
                raise EOFError
            buf += chunk
        out, buf = buf[:n], buf[n:]
        return out

    while True:
        try:
            b0, b1 = need(2)
            size = b1 & 0x7F
            if size == 126:
                size = struct.unpack("!H", need(2))[0]
            elif size == 127:
                size = struct.unpack("!Q", need(8))[0]
            yield b0 & 0x0F, need(size)
        except (EOFError, ConnectionResetError):
            return


def sockets(host: str) -> int:
    count: int = call(f"http://{host}/api/health")[1]["sockets"]
    return count


def play(host: str, made: dict[str, Any], moves: int) -> int:
    """``moves`` moves of the catacombs match ``made``, each the last legal action of the seat
    to act, over HTTP; every one must be answered with its new version. The last version."""
    url = f"http://{host}/api/matches/{made['match']}"
    tokens = [s["token"] for s in made["seats"]]
    status, snap = call(url, token=tokens[0])
    assert status == 200
    for move in range(moves):
        assert not snap["over"], f"the match ended after {move} moves"
        seat = snap["to_act"]
        if snap["seat"] != seat:
            snap = call(url, token=tokens[seat])[1]
        version = snap["version"]
        status, snap = call(f"{url}/act", {"action": snap["legal"][-1]["text"],
                                           "version": version}, tokens[seat])
        assert status == 200 and snap["version"] > version, (status, snap)
    last: int = snap["version"]
    return last


@contextlib.contextmanager
def reading(url: str) -> Iterator[list[int]]:
    """A WebSocket that reads every message as it comes, in a thread of its own: the versions
    of the snapshots it got so far."""
    versions: list[int] = []
    with connect(url, max_size=None, open_timeout=10) as ws:

        def read() -> None:
            with contextlib.suppress(ConnectionClosed):
                for text in ws:
                    msg = json.loads(text)
                    if msg["type"] == "snapshot":
                        versions.append(msg["snapshot"]["version"])

        thread = threading.Thread(target=read, daemon=True)
        thread.start()
        yield versions
    thread.join(10)


def test_a_socket_that_never_reads_is_closed_and_delays_no_move_and_no_other_listener(
        launch: Callable[..., tuple[str, Path]]) -> None:
    host, log = launch()
    made = call(f"http://{host}/api/matches", GAME)[1]
    stalled = stalled_socket(host, made["match"])
    try:
        with reading(f"ws://{host}/ws/matches/{made['match']}") as versions:
            assert until(lambda: sockets(host) == 2)
            last = play(host, made, 500)
            # The reading listener got every version to the last, in order.
            assert until(lambda: bool(versions) and versions[-1] == last)
            assert versions == list(range(versions[0], last + 1))
            # The server gave up on the one that never reads (--listener-seconds: 10 s).
            assert until(lambda: sockets(host) == 1)
        # Read at last, it ends (EOF or reset) after what it was sent.
        stalled.settimeout(60)
        assert list(frames(stalled))
    finally:
        stalled.close()
    assert until(lambda: sockets(host) == 0)
    assert "Traceback" not in log.read_text(errors="replace")


def test_an_action_is_answered_while_a_listener_of_its_match_reads_nothing(
        launch: Callable[..., tuple[str, Path]]) -> None:
    host, log = launch("--listener-seconds", "600")
    made = call(f"http://{host}/api/matches", GAME)[1]
    stalled = stalled_socket(host, made["match"])
    try:
        assert until(lambda: sockets(host) == 1)
        last = play(host, made, 300)
        assert sockets(host) == 1  # still listening: nothing gave up on it meanwhile
        # Once it reads, it catches up: the snapshots that waited for it were folded into
        # the newest, so it gets fewer than there were versions, and the last one.
        stalled.settimeout(60)
        seen: list[int] = []
        for op, payload in frames(stalled):
            assert op == 1
            seen.append(json.loads(payload)["snapshot"]["version"])
            if seen[-1] == last:
                break
        assert seen[0] == 0 and seen[-1] == last and seen == sorted(set(seen))
        assert len(seen) < last + 1, "the socket never fell behind: the test tested nothing"
    finally:
        stalled.close()
    assert until(lambda: sockets(host) == 0)
    assert "Traceback" not in log.read_text(errors="replace")


#: Each malformed message, the status of its answer and a word the reason holds.
MALFORMED: list[tuple[str | bytes, int, str]] = [
    ("this is not JSON at all " * 50, 400, "not JSON"),
    (b"\x00\x01binary", 400, "binary"),
    ("[" * 100_000 + "]" * 100_000, 400, "deeper than 16"),
    ("[" * 17 + "]" * 17, 400, "deeper than 16"),
    ('{"type": "act", "action": "\\ud800", "version": 0}', 422, "surrogate"),
    (json.dumps({"type": "act", "action": "x" * 2001, "version": 0}), 422, "2000"),
    ('{"type": "act"', 400, "not JSON"),
]


def test_a_malformed_websocket_message_is_answered_and_the_socket_still_works(
        launch: Callable[..., tuple[str, Path]]) -> None:
    host, log = launch("--max-body", "262144")
    made = call(f"http://{host}/api/matches", {"game": "tictactoe",
                                               "seats": ["human", "human"]})[1]
    url = f"ws://{host}/ws/matches/{made['match']}?token={made['seats'][0]['token']}"
    with connect(url, max_size=None, open_timeout=10) as ws:
        assert json.loads(ws.recv(10))["snapshot"]["version"] == 0
        for message, status, word in MALFORMED:
            ws.send(message)
            answer = json.loads(ws.recv(10))
            assert answer["type"] == "error" and answer["status"] == status, answer
            assert word in answer["reason"] and len(answer["reason"]) < 160, answer
            # A well-formed message that follows is read and answered as ever.
            ws.send(json.dumps({"type": "act", "action": "mark a1", "version": 9}))
            assert json.loads(ws.recv(10))["type"] == "resync"
        ws.send(json.dumps({"type": "act", "action": "mark a1", "version": 0}))
        assert json.loads(ws.recv(10))["snapshot"]["version"] == 1
        # Past --max-body the protocol itself closes the socket: 1009, message too big.
        ws.send("x" * 300_000)
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(10)
        assert ws.protocol.close_rcvd is not None and ws.protocol.close_rcvd.code == 1009
    assert "Traceback" not in log.read_text(errors="replace")
