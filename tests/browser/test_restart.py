"""The page outlives its server: killed with SIGKILL mid-game and started again on the same
database and port, the page reconnects by itself and the game goes on from where it was."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.browser.conftest import start_server
from tests.browser.test_pages import click_action, create_from_lobby, my_turn, new_page, version
from tests.server.live import free_port


def test_the_page_reconnects_after_the_server_is_killed_and_restarted(
        browser: Any, shot: Any, tmp_path: Path) -> None:
    db, port = tmp_path / "meeple.db", free_port()
    proc = start_server(db, port)
    try:
        page = new_page(browser)
        create_from_lobby(page, f"http://127.0.0.1:{port}", "grabhit")
        page.click("#play")
        rng = random.Random(3)
        for _ in range(3):
            my_turn(page)
            click_action(page, rng)
        my_turn(page)
        before = (version(page), page.inner_text("#board"), page.inner_text("#actions"))
        proc.kill()
        proc.wait()
        page.wait_for_selector("#link[data-state='closed']")
        shot(page, "lost")
        proc = start_server(db, port)
        page.wait_for_selector("#link[data-state='open']", timeout=60_000)
        my_turn(page)
        assert (version(page), page.inner_text("#board"), page.inner_text("#actions")) == before
        click_action(page, rng)  # and the game goes on
        assert version(page) > before[0]
        shot(page, "back")
        assert page.errors == []
    finally:
        proc.kill()
        proc.wait()
