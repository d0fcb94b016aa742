"""A real ``meeple serve`` process and a real headless Chromium driven by Playwright.

Chromium is Debian's (``/usr/bin/chromium``, installed by ``.ci/run``); Playwright only drives
it. Without it the browser tests are skipped, unless ``MEEPLE_REQUIRE_BROWSER`` is set (CI sets
it), when its absence fails them. Screenshots are kept in ``$MEEPLE_SHOTS`` (default
``build/screenshots``) to be looked at.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import free_port, serve

CHROMIUM = os.environ.get("MEEPLE_CHROMIUM", "/usr/bin/chromium")
#: Flags for a headless Chromium on a machine with a closed network and no sandbox support.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(os.environ.get("MEEPLE_SHOTS", Path(__file__).resolve().parents[2] / "build" /
                            "screenshots"))


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    """``meeple serve`` on ``port`` over the SQLite file ``db``, bots quick; its matches may
    choose their seeds (the drawing tests reach chosen positions of all-person tables)."""
    return serve(db, port, "--bot-delay", "0.05", "--any-seed")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a ``meeple serve`` process on a fresh SQLite file."""
    port = free_port()
    proc = start_server(tmp_path_factory.mktemp("serve") / "meeple.db", port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        if os.environ.get("MEEPLE_REQUIRE_BROWSER"):
            pytest.fail(f"no Chromium at {CHROMIUM} (MEEPLE_REQUIRE_BROWSER is set)")
        pytest.skip(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Any:
    """``shot(page, "name")`` saves a full-page screenshot named after the test."""
    SHOTS.mkdir(parents=True, exist_ok=True)

    def take(page: Any, name: str) -> Path:
        path = SHOTS / f"{request.node.name}-{name}.png".replace("[", "-").replace("]", "")
        page.screenshot(path=str(path), full_page=True)
        return path
    return take
