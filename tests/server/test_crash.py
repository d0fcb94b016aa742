"""A real ``meeple serve`` process, killed with SIGKILL mid-game and started again on the same
database: the match goes on at the same version with the same view, and its bot resumes."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from tests.server.live import call, free_port, serve


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
