"""Bots by level in a real browser: the lobby offers easy, fair and strong (never random) with
how each plays and how strong it is, in the page's language, and the match names the seat by
its level."""

from __future__ import annotations

from typing import Any

from meeple.agents.levels import entries
from meeple.tui.levels import level_words
from tests.browser.test_pages import new_page


def about(game: str, name: str, lang: str) -> str:
    """What the lobby says under a seat given the bot ``name``: how it plays, how strong."""
    words = level_words(next(e for e in entries(game) if e.name == name), lang)
    return f"{words['about']} {words['strength']}"


def test_the_lobby_offers_strong_saying_how_it_plays_and_the_match_names_it(
        server: str, browser: Any, shot: Any) -> None:
    page = new_page(browser)
    page.goto(f"{server}/?lang=en")
    page.click("[data-game=myth]")
    values = page.locator("#seat-1 option").evaluate_all("os => os.map(o => o.value)")
    assert values == ["human", "easy", "fair", "strong", "myth:balance"]  # no random
    assert page.locator("#about-1").inner_text() == about("myth", "easy", "en")
    assert page.locator("#about-0").is_hidden()  # a person's seat says nothing
    page.select_option("#seat-1", "strong")
    assert page.locator("#about-1").inner_text() == about("myth", "strong", "en")
    assert "plays out up to a thousand possible futures" in page.locator("#about-1").inner_text()
    shot(page, "strong")

    ru = new_page(browser, "ru")
    ru.goto(f"{server}/?lang=ru")
    ru.click("[data-game=myth]")
    ru.select_option("#seat-1", "strong")
    assert ru.locator("#seat-1 option:checked").inner_text() == "Бот: сильный"
    assert ru.locator("#about-1").inner_text() == about("myth", "strong", "ru")

    # A match made with the strong bot names its seat by the level.
    page.click("[data-game=tictactoe]")
    page.select_option("#seat-1", "strong")
    page.click("#create")
    page.wait_for_selector("#play")
    page.click("#play")
    page.wait_for_selector("#players li[data-seat='1']")
    page.wait_for_function("() => document.querySelector(\"#players li[data-seat='1'] small\")"
                           ".textContent.includes('strong')")
    assert page.locator("#players li[data-seat='1'] small").inner_text() == "Bot: strong"
    assert page.errors == [] and ru.errors == []
