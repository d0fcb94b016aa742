"""Bots by level in a real browser: the lobby offers easy, fair and strong (never random) with
how each plays and how strong it is, in the page's language, and the match names the seat by
its level."""

from __future__ import annotations

import random
from typing import Any

from meeple.agents.levels import entries
from meeple.tui.levels import level_words
from tests.browser.test_pages import click_action, my_turn, new_page


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


def test_the_table_shows_what_a_bot_weighed_in_the_pages_language(
        server: str, browser: Any, shot: Any) -> None:
    """After the bot's move the table lists the moves it weighed, with the chances it gave
    each, in Russian; the player's own move starts the list again."""
    page = new_page(browser, "ru")
    page.goto(f"{server}/?lang=ru")
    page.click("[data-game=grabhit]")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "fair")
    page.click("#create")
    page.wait_for_selector("#play")
    page.click("#play")
    my_turn(page)
    assert page.locator("#weighed").is_hidden()  # nobody has moved yet
    rng = random.Random(7)
    for _ in range(40):  # until the bot has weighed a real choice (not a lone spin)
        if page.locator("#weighed").is_visible():
            break
        click_action(page, rng)
        my_turn(page)
    assert page.locator("#h-weighed").inner_text() == "Что взвешивали боты"
    newest = page.locator("#weighed details[open]")
    assert newest.count() == 1
    rows = newest.locator("li").all_inner_texts()
    assert rows and all("воображаемых партий: " in r and "шансы" in r for r in rows)
    assert not any(word in " ".join(rows) for word in ("visits", "value", "None", "_"))
    shot(page, "weighed")
    # The player closes the newest fold; the table drawn again (in English, from a new
    # snapshot) keeps it closed.
    newest.locator("summary").click()
    assert page.locator("#weighed details[open]").count() == 0
    page.click("#langs button:has-text('English')")
    page.wait_for_function("() => document.querySelector('#weighed summary') && document"
                           ".querySelector('#weighed li').textContent.includes('imagined games')")
    assert page.locator("#h-weighed").inner_text() == "What the bots weighed"
    assert page.locator("#weighed details[open]").count() == 0
    assert page.errors == []
