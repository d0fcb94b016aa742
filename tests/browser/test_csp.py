"""The pages work under the server's Content-Security-Policy: the lobby and a match of every
game, played for a few actions in a real Chromium, without one violation reported."""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.core import game_ids
from meeple.server.guard import CSP
from tests.browser.test_pages import click_action, create_from_lobby, my_turn

#: Recorded in the page before any of its scripts runs: every violation Chromium reports.
LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:` +
  `${e.lineNumber}`));
"""


def watched_page(browser: Any) -> Any:
    """A page whose CSP violations (events and console refusals) and errors are kept."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.add_init_script(LISTEN)
    page.refusals = []
    page.on("console", lambda m: page.refusals.append(m.text)
            if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: page.refusals.append(str(e)))
    return page


def violations(page: Any) -> list[str]:
    return [*page.evaluate("window.__csp"), *page.refusals]


def test_the_lobby_carries_the_policy_and_breaks_none_of_it(server: str, browser: Any) -> None:
    page = watched_page(browser)
    answer = page.goto(f"{server}/?lang=en")
    assert answer is not None and answer.headers["content-security-policy"] == CSP
    page.wait_for_selector("[data-game=tictactoe]")
    assert violations(page) == []


@pytest.mark.parametrize("game", game_ids())
def test_a_match_of_each_game_is_drawn_and_played_without_a_violation(
        server: str, browser: Any, shot: Any, game: str) -> None:
    page = watched_page(browser)
    create_from_lobby(page, server, game)
    page.click("#play")
    rng = random.Random(game)
    for _ in range(4):
        my_turn(page)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        click_action(page, rng)
    my_turn(page)
    page.hover("#board [data-place]", timeout=30_000) if page.locator(
        "#board [data-place]").count() else None  # a place's card under the pointer
    shot(page, "under-csp")
    assert page.evaluate("document.querySelector('#board').children.length") > 0
    assert violations(page) == []


def test_a_violation_would_be_seen(server: str, browser: Any) -> None:
    """The watch above is not blind: an inline style attribute set by a script is reported."""
    page = watched_page(browser)
    page.goto(f"{server}/?lang=en")
    page.evaluate("document.body.setAttribute('style', 'color: red')")
    page.wait_for_function("() => window.__csp.length > 0")
    assert any("style-src" in v for v in violations(page))
