"""A real ``meeple serve`` process, killed with SIGKILL mid-game and started again on the same
database: the match goes on at the same version with the same view, and its bot resumes."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def call(url: str, body: dict[str, Any] | None = None, token: str | None = None
         ) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method="POST" if data else "GET",
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": f"Bearer {token}"}
                                             if token else {})})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def serve(db: Path, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "meeple.cli", "serve", "--port", str(port),
                             "--db", str(db)], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env={**os.environ})
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.1):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError(proc.stdout.read().decode() if proc.stdout else "no output")


def test_a_match_survives_kill_9_at_the_same_version_and_its_bot_resumes(tmp_path: Path
                                                                         ) -> None:
    db, port = tmp_path / "serve.db", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve(db, port)
    try:
        status, m = call(f"{base}/api/matches",
                         {"game": "catacombs", "seats": ["human", "random"], "seed": 5})
        assert status == 201
        url, tok = f"{base}/api/matches/{m['match']}", m["seats"][0]["token"]
        for _ in range(400):
            _, snap = call(url, token=tok)
            if snap["version"] >= 10 and snap["to_act"] == 1:
                break
            if snap["to_act"] == 0 and snap["legal"]:
                call(f"{url}/act", {"action": snap["legal"][0]["text"],
                                    "version": snap["version"]}, tok)
            else:
                time.sleep(0.05)
        before = call(url, token=tok)[1]
        assert before["version"] >= 10
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    proc = serve(db, port)
    try:
        after = call(url, token=tok)[1]
        assert after["version"] >= before["version"]
        if after["version"] == before["version"]:
            assert after["view"] == before["view"]
        for _ in range(200):  # the bot was to act: it resumes on its own
            if call(url, token=tok)[1]["version"] > before["version"]:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the bot did not resume after the restart")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
