"""A real ``meeple serve`` process for the tests that need one: a free port on 127.0.0.1, the
process started on a database file, and plain HTTP calls to it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.server.conftest import ROOMY_FLAGS


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def call(url: str, body: dict[str, Any] | None = None, token: str | None = None
         ) -> tuple[int, Any]:
    """GET ``url`` (POST ``body`` if given) with the seat's token; the status and JSON body."""
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


def serve(db: Path | str, port: int, *extra: str, log: Path | None = None
          ) -> subprocess.Popen[bytes]:
    """``meeple serve`` on ``port`` over ``db`` (a file, or a database URL; ``extra``: more
    options, after :data:`ROOMY_FLAGS`, which they may override), once it accepts connections;
    its output goes to ``log`` (default: ``db`` with the suffix ``.log``; a pipe nobody
    reads could fill and stall it)."""
    if log is None:
        assert isinstance(db, Path), "give a log file for a database URL"
        log = db.with_suffix(".log")
    with log.open("ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "meeple.cli", "serve", "--port",
                                 str(port), "--db", str(db), *ROOMY_FLAGS, *extra], stdout=out,
                                stderr=subprocess.STDOUT, env={**os.environ})
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.1):
                return proc
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.05)
    proc.kill()
    proc.wait()
    raise AssertionError(f"meeple serve did not start:\n{log.read_text(errors='replace')}")


@contextmanager
def serving(folder: Path, *extra: str) -> Iterator[str]:
    """The base URL of a ``meeple serve`` on a fresh database file in ``folder`` (bots without
    a pause, ``extra`` options), killed afterwards."""
    port = free_port()
    proc = serve(folder / "meeple.db", port, "--bot-delay", "0", *extra)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.kill()
        proc.wait()

