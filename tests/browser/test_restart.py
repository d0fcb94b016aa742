"""The page outlives its server: killed with SIGKILL mid-game and started again on the same
database and port, the page reconnects by itself and the game goes on from where it was."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.browser.conftest import start_server
from tests.browser.test_pages import click_action, my_turn, new_page, version
from tests.server.live import call, free_port

#: A deal on which the bot's adventurer does not kill the person's before its fifth turn
#: (on a deal the server chose, Twin Blades once ended the match in the bot's first turn).
SEED = 7


def test_the_page_reconnects_after_the_server_is_killed_and_restarted(
        browser: Any, shot: Any, tmp_path: Path) -> None:
    db, port = tmp_path / "meeple.db", free_port()
    proc = start_server(db, port)
    try:
        status, made = call(f"http://127.0.0.1:{port}/api/matches",
                            {"game": "grabhit", "seats": ["human", "greedy"], "seed": SEED})
        assert status == 201, made
        page = new_page(browser)
        page.goto(made["seats"][0]["join_url"])
        rng = random.Random(3)
        for _ in range(3):
            my_turn(page)
            assert page.evaluate("document.body.dataset.over") == "false", "the deal ended early"
            click_action(page, rng)
        my_turn(page)
        assert page.evaluate("document.body.dataset.over") == "false", "the deal ended early"
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
