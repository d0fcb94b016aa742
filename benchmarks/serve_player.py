"""The player of ``benchmarks/serve.py --attack``: a person's moves on ``meeple serve`` over
HTTP, timed, in a process of its own on 127.0.0.1 so that the attacker's work in the other
process does not delay them (serve_attack.py says what is measured).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

HUMAN = "human"

class Player:
    """Plays matches of ``game`` through both human seats over one keep-alive connection."""

    def __init__(self, port: int, game: str, seed: int, timeout: float) -> None:
        self.port, self.game, self.timeout = port, game, timeout
        self.rng = random.Random(seed)
        self.conn: http.client.HTTPConnection | None = None
        self.match = ""
        self.tokens: list[str] = []
        self.snap: dict[str, Any] | None = None

    def request(self, method: str, path: str, body: Any = None,
                token: str | None = None) -> tuple[str, Any, float]:
        """Status (or ``timeout``/an error's name), JSON answer and seconds of one request."""
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout,
                                                   source_address=("127.0.0.1", 0))
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        t0 = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=headers)
            answer = self.conn.getresponse()
            raw = answer.read()
        except (OSError, http.client.HTTPException) as e:
            self.conn.close()
            self.conn = None
            return outcome(e), None, time.perf_counter() - t0
        seconds = time.perf_counter() - t0
        with contextlib.suppress(ValueError):
            return str(answer.status), json.loads(raw), seconds
        return str(answer.status), None, seconds

    def new_match(self) -> bool:
        """Create a match of two human seats and say so on stdout (the attacker follows)."""
        status, made, _ = self.request("POST", "/api/matches",
                                       {"game": self.game, "seats": [HUMAN, HUMAN]})
        if status != "201":
            return False
        self.match, self.tokens = made["match"], [s["token"] for s in made["seats"]]
        self.snap = None
        print(json.dumps({"match": self.match, "tokens": self.tokens}), flush=True)
        return True

    def turn(self) -> tuple[int, dict[str, Any]] | None:
        """The seat to move and its snapshot (asking the server for it when the last answer
        was another seat's); None when the match is over or the server did not answer."""
        hint = self.snap.get("to_act") if self.snap else None
        order = sorted(range(len(self.tokens)), key=lambda s: s != hint)
        if self.snap and isinstance(hint, int) and self.snap.get("seat") == hint \
                and self.snap.get("legal"):
            return hint, self.snap
        for seat in order:
            status, snap, _ = self.request("GET", f"/api/matches/{self.match}",
                                           token=self.tokens[seat])
            if status != "200" or snap["over"]:
                return None
            if snap["legal"]:
                return seat, snap
        return None

    def play(self, moves: int, seconds: float, pace: float) -> dict[str, Any]:
        """Time ``moves`` act round trips (fewer if ``seconds`` run out)."""
        times: list[float] = []
        refused: Counter[str] = Counter()
        if self.conn is not None:  # the server may have closed it while idle between rows
            self.conn.close()
            self.conn = None
        end = time.perf_counter() + seconds
        while len(times) < moves and time.perf_counter() < end:
            if not self.match or (self.snap and self.snap["over"]):
                if not self.new_match():
                    refused["create"] += 1
                    time.sleep(1.0)
                continue
            got = self.turn()
            if got is None:
                self.match = ""
                continue
            seat, snap = got
            time.sleep(pace)
            action = self.rng.choice(snap["legal"])["text"]
            status, answer, took = self.request(
                "POST", f"/api/matches/{self.match}/act",
                {"action": action, "version": snap["version"]}, token=self.tokens[seat])
            times.append(took)
            self.snap = answer if status == "200" else None
            if status != "200":
                refused[status] += 1
        return {"times": times, "refused": dict(refused)}


def player_main(port: int, game: str, seed: int, timeout: float) -> None:
    """Each line on stdin (``{"moves", "seconds", "pace"}``): play and print the result."""
    player = Player(port, game, seed, timeout)
    for line in sys.stdin:
        order = json.loads(line)
        print(json.dumps({"done": player.play(order["moves"], order["seconds"],
                                              order["pace"])}), flush=True)



def outcome(e: BaseException) -> str:
    """A failed connection or request in a word."""
    if isinstance(e, TimeoutError | socket.timeout):
        return "timeout"
    if isinstance(e, ConnectionRefusedError):
        return "refused"
    if isinstance(e, ConnectionResetError | BrokenPipeError | ConnectionAbortedError):
        return "reset"
    if isinstance(e, asyncio.IncompleteReadError | http.client.RemoteDisconnected):
        return "closed"
    return type(e).__name__


class PlayerProcess:
    """The player's process: one phase of moves at a time; its new matches go to ``on_match``."""

    def __init__(self, port: int, args: argparse.Namespace) -> None:
        code = ("import serve_player; serve_player.player_main("
                f"{port}, {args.game!r}, {args.seed}, {args.timeout})")
        self.args = args
        self.proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1,
                                     env={**os.environ, "PYTHONPATH": os.pathsep.join(
                                         [str(Path(__file__).parent),
                                          os.environ.get("PYTHONPATH", "")])})
        self.match = ""
        self.tokens: list[str] = []
        self.on_match: Callable[[str, list[str]], None] | None = None

    async def play(self, moves: int) -> dict[str, Any]:
        """Play ``moves`` moves (at most --phase-seconds): the round trips and refusals."""
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps({"moves": moves, "seconds": self.args.phase_seconds,
                                          "pace": self.args.pace}) + "\n")
        self.proc.stdin.flush()
        while True:
            line = await asyncio.to_thread(self.proc.stdout.readline)
            if not line:
                raise RuntimeError("the player's process ended")
            said = json.loads(line)
            if "done" in said:
                done: dict[str, Any] = said["done"]
                return done
            self.match, self.tokens = said["match"], said["tokens"]
            if self.on_match:
                self.on_match(self.match, self.tokens)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
