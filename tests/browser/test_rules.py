"""The how-to in a real browser: the rules page draws each example with the game's own board,
the lobby links to it, and a match opens it in a panel beside the table at the paragraph of an
action or of the phase, in the page's language, under the server's CSP."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_csp import violations, watched_page
from tests.browser.test_pages import my_turn
from tests.server.live import call

SIZES = {"wide": (1280, 800), "phone": (390, 844)}
HEADING = {"en": "How to play Tic-tac-toe", "ru": "Как играть в крестики-нолики"}
RULES = {"en": "Rules", "ru": "Правила"}


def drawn(page: Any) -> None:
    page.wait_for_function("() => document.body.dataset.drawn === 'true'", timeout=30_000)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rules_page_draws_each_example_with_the_games_board(
        server: str, browser: Any, shot: Any, lang: str) -> None:
    page = watched_page(browser)
    answer = page.goto(f"{server}/rules/tictactoe?lang={lang}")
    assert answer is not None and answer.status == 200
    drawn(page)
    assert page.inner_text("h1") == HEADING[lang]
    assert page.evaluate("document.documentElement.lang") == lang
    figures = page.locator("figure.example")
    assert figures.count() >= 1
    for i in range(figures.count()):
        assert figures.nth(i).locator("svg.ttt").count() == 1, f"example {i + 1} is not drawn"
    # The example is seen by noughts, to play: its free cells are the places it could mark.
    assert figures.first.locator("svg.ttt .place").count() == 6
    for name, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        shot(page, name)
    assert violations(page) == []


def test_the_rules_page_lights_the_paragraph_the_address_names(server: str,
                                                               browser: Any) -> None:
    page = watched_page(browser)
    page.goto(f"{server}/rules/tictactoe?lang=en#verb-Mark")
    drawn(page)
    lit = page.locator("main .lit")
    assert lit.first.inner_text() == "Mark a square"
    assert "only thing you can do" in page.inner_text("main")
    assert page.locator("main .lit figure, main figure.lit").count() == 1  # its example is in it
    assert page.locator("main h2.lit").count() == 0  # "The end" is not
    assert violations(page) == []


def test_the_lobby_links_each_game_with_a_how_to_to_it(server: str, browser: Any) -> None:
    page = watched_page(browser)
    page.goto(f"{server}/?lang=ru")
    link = page.locator("[data-howto=tictactoe]")
    assert link.inner_text() == "Как играть"
    link.click()
    page.wait_for_url("**/rules/tictactoe?lang=ru")
    drawn(page)
    assert page.inner_text("h1") == HEADING["ru"]
    assert violations(page) == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_match_opens_the_rules_beside_the_table_at_an_actions_paragraph(
        server: str, browser: Any, shot: Any, lang: str) -> None:
    status, match = call(f"{server}/api/matches",
                         {"game": "tictactoe", "seats": ["human", "human"]})
    assert status == 201, match
    page = watched_page(browser)
    page.goto(f"{match['seats'][0]['join_url']}&lang={lang}")
    my_turn(page)
    # The board's module loads once, after the first snapshot is shown: wait for its drawing.
    page.locator("#board svg.ttt").wait_for()
    control = page.locator("#rules-open")
    assert control.inner_text() == RULES[lang] and page.is_hidden("#rules-panel")
    control.click()
    assert page.is_visible("#rules-panel") and page.is_visible("#board svg.ttt")
    frame = page.frame_locator("#rules-frame")
    assert frame.locator("h1").inner_text() == HEADING[lang]
    assert frame.locator("header.top").count() == 0  # the page's header is left out
    frame.locator("figure.example svg.ttt").first.wait_for()
    page.click("#rules-close")
    assert page.is_hidden("#rules-panel")
    # The phase's "?" on the status line opens the panel at the phase's paragraph.
    page.click("#status .help[data-anchor='phase-play']")
    assert page.is_visible("#rules-panel")
    inner = page.locator("#rules-frame").element_handle().content_frame()
    inner.wait_for_function("() => document.body.dataset.lit === 'phase-play'")
    # An action's "?" moves it to its verb's paragraph.
    page.click("#actions .help[data-anchor='verb-Mark']")
    inner.wait_for_function("() => document.body.dataset.lit === 'verb-Mark'")
    assert inner.locator("main .lit").first.inner_text() == (
        "Mark a square" if lang == "en" else "Поставить знак")
    for name, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(200)
        shot(page, name)
    # The table is still there and still played, beside the open rules.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("svg.ttt [data-place='cell:b2']")
    page.wait_for_function("() => Number(document.body.dataset.version) === 1")
    assert page.is_visible("#rules-panel")
    assert violations(page) == []


def test_the_open_rules_follow_the_match_pages_language(server: str, browser: Any) -> None:
    status, match = call(f"{server}/api/matches",
                         {"game": "tictactoe", "seats": ["human", "human"]})
    assert status == 201, match
    page = watched_page(browser)
    page.goto(f"{match['seats'][0]['join_url']}&lang=en")
    my_turn(page)
    page.click("#actions .help[data-anchor='verb-Mark']")
    frame = page.frame_locator("#rules-frame")
    assert frame.locator("h1").inner_text() == HEADING["en"]
    page.click("#langs button[lang=ru]")
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    frame.locator(f"h1:text-is('{HEADING['ru']}')").wait_for()
    assert page.inner_text("#rules-open") == RULES["ru"] and page.is_visible("#rules-panel")
    inner = page.locator("#rules-frame").element_handle().content_frame()
    inner.wait_for_function("() => document.body.dataset.lit === 'verb-Mark'")
    page.keyboard.press("Escape")
    assert page.is_hidden("#rules-panel")
    assert violations(page) == []
