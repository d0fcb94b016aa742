"""The page in a real browser: the lobby creates matches, seats are played by clicking, two
people play one match from two browsers, and a reload shows the same table."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.live import call

SEED_GAMES = ["catacombs", "myth", "heavens", "grabhit", "andor"]


def new_page(browser: Any, lang: str = "en", width: int = 1280) -> Any:
    ctx = browser.new_context(viewport={"width": width, "height": 900}, locale=lang)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def create_from_lobby(page: Any, base: str, game: str, seats: list[str] | None = None) -> None:
    """Choose ``game`` in the lobby, set the seats' players, create, and open seat 1."""
    page.goto(f"{base}/?lang=en")
    page.click(f"[data-game={game}]")
    if seats is not None:
        page.select_option("#players", str(len(seats)))
        for i, kind in enumerate(seats):
            page.select_option(f"#seat-{i}", kind)
    page.click("#create")
    page.wait_for_selector("#play")


def my_turn(page: Any) -> None:
    """Wait until it is this seat's turn (buttons live) or the game is over."""
    # Waits are functions, not bare expressions, which the page's CSP would refuse to eval.
    # The body is missing while a navigation (a reload, the Play button) loads the next page.
    page.wait_for_function("() => { const d = document.body && document.body.dataset; "
                           "return !!d && (d.turn === 'mine' && d.waiting === 'false' || "
                           "d.over === 'true'); }",
                           timeout=60_000)


def version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def click_action(page: Any, rng: random.Random) -> None:
    """Click one of the seat's action buttons and wait for the table to move on."""
    before = version(page)
    page.wait_for_selector("#actions button.action")  # drawn with the turn, or say which
    buttons = page.locator("#actions button.action")
    buttons.nth(rng.randrange(buttons.count())).click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}",
                           timeout=60_000)


def test_a_tictactoe_match_against_the_easy_bot_is_created_in_the_lobby_and_played_to_the_end(
        server: str, browser: Any, shot: Any) -> None:
    page = new_page(browser)
    create_from_lobby(page, server, "tictactoe", ["human", "easy"])
    shot(page, "created")
    page.click("#play")
    rng = random.Random(1)
    while True:
        my_turn(page)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        # The drawn board comes with its module, which the first snapshot may wait for.
        page.wait_for_selector("svg.ttt .place")
        cells = page.locator("svg.ttt .place")
        before = version(page)
        cells.nth(rng.randrange(cells.count())).click()
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    result = page.locator("#result")
    assert result.is_visible()
    assert any(w in result.inner_text() for w in ("three in a row", "draw"))
    assert "Play another game" in result.inner_text()
    shot(page, "over")
    assert page.errors == []


@pytest.mark.parametrize("game", SEED_GAMES)
def test_each_seed_game_is_played_for_ten_actions_by_clicking(server: str, browser: Any,
                                                               shot: Any, game: str) -> None:
    page = new_page(browser)
    create_from_lobby(page, server, game)
    page.click("#play")
    rng = random.Random(game)
    for _ in range(10):
        my_turn(page)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        click_action(page, rng)
    my_turn(page)
    text = page.inner_text("body")
    for internal in ("None", "undefined", "null", "{", "[object"):
        assert internal not in text, internal
    assert page.locator("#log li").count() > 0
    shot(page, "after-ten")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "phone")
    assert page.errors == []


def test_two_people_play_one_tictactoe_match_from_two_browsers(server: str, browser: Any,
                                                              shot: Any) -> None:
    status, match = call(f"{server}/api/matches",
                         {"game": "tictactoe", "seats": ["human", "human"]})
    assert status == 201, match
    pages = [new_page(browser), new_page(browser, lang="ru")]
    for page, seat in zip(pages, match["seats"], strict=True):
        page.goto(seat["join_url"])
    moves = ["mark a1", "mark b1", "mark a2", "mark b2", "mark a3"]  # seat 1 wins down column a
    for i, move in enumerate(moves):
        page, other = pages[i % 2], pages[1 - i % 2]
        my_turn(page)
        page.click(f"svg.ttt [data-place='cell:{move.split()[1]}']")
        other.wait_for_function(f"() => Number(document.body.dataset.version) === {i + 1}")
    for page in pages:
        page.wait_for_selector("#result:not([hidden])")
    assert "X" in pages[0].inner_text("#result") or "three" in pages[0].inner_text("#result")
    shot(pages[0], "seat1")
    shot(pages[1], "seat2")
    assert pages[0].errors == [] and pages[1].errors == []


def test_a_reload_mid_game_shows_the_same_table(server: str, browser: Any, shot: Any) -> None:
    page = new_page(browser)
    create_from_lobby(page, server, "catacombs")
    page.click("#play")
    rng = random.Random(7)
    for _ in range(4):
        my_turn(page)
        click_action(page, rng)
    my_turn(page)
    before = (version(page), page.inner_text("#board"), page.inner_text("#actions"),
              page.inner_text("#log"))
    page.reload()
    page.wait_for_function(f"() => !!document.body && "
                           f"Number(document.body.dataset.version) === {before[0]}")
    my_turn(page)
    after = (version(page), page.inner_text("#board"), page.inner_text("#actions"),
             page.inner_text("#log"))
    assert after == before
    shot(page, "reloaded")


def test_a_player_alone_with_bots_takes_a_move_back_and_the_host_hands_a_seat_over(
        server: str, browser: Any, shot: Any) -> None:
    page = new_page(browser)
    create_from_lobby(page, server, "tictactoe", ["human", "easy"])
    page.click("#play")
    my_turn(page)
    page.click("svg.ttt [data-place='cell:b2']")
    page.wait_for_function("() => Number(document.body.dataset.version) >= 2")
    my_turn(page)
    assert page.locator("svg.ttt [data-place='cell:b2'] path.x").count() == 1
    page.click("#undo")
    page.wait_for_function("() => Number(document.body.dataset.version) >= 3")
    my_turn(page)
    assert page.locator("svg.ttt [data-place='cell:b2'] path.x").count() == 0
    assert page.locator("svg.ttt path.x").count() == 0  # back before the first move
    # The creator gives their own seat to a bot, which plays it; then takes it back.
    me = page.locator("#players li[data-seat='0']")
    assert "at the table" in me.inner_text()
    me.locator("select").select_option("easy")
    me.locator("button").click()
    page.wait_for_function("() => Number(document.body.dataset.version) >= 4")
    assert page.locator("svg.ttt path.x").count() >= 1  # the bot marked for the seat it was given
    shot(page, "handed")
    assert page.errors == []


def test_a_seats_link_with_a_language_opens_the_table_in_that_language(server: str,
                                                                     browser: Any) -> None:
    """``?lang=ru`` beside the token is honoured even though the browser speaks English and
    the page takes both out of the address bar."""
    status, match = call(f"{server}/api/matches",
                         {"game": "catacombs", "seats": ["human", "random"]})
    assert status == 201, match
    page = new_page(browser, lang="en")
    page.goto(f"{match['seats'][0]['join_url']}&lang=ru")
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert "token" not in page.url and "Игроки" in page.inner_text("#h-players")


def test_the_creator_of_a_public_match_chooses_which_seats_strangers_may_take(
        server: str, browser: Any, shot: Any) -> None:
    """Each person's seat but the creator's has a box, shown once the match is public; only
    the boxes left ticked are listed in the lobby and joinable."""
    page = new_page(browser, lang="ru")
    page.goto(f"{server}/?lang=ru")
    page.click("[data-game=catacombs]")
    page.select_option("#players", "3")
    for i in range(3):
        page.select_option(f"#seat-{i}", "human")
    assert not page.is_visible("#open-1")  # a private match opens nothing
    page.check("#public")
    assert not page.is_visible("#open-0") and page.is_visible("#open-1")
    assert page.is_visible("#open-2") and "может занять кто угодно" in page.inner_text("#seats")
    page.uncheck("#open-2")
    shot(page, "lobby-open-seats-ru")
    page.click("#create")
    page.wait_for_selector("#play")
    status, listed = call(f"{server}/api/matches")
    mine = [m for m in listed if m["seats"] == ["human", "human", "human"]]
    assert status == 200 and len(mine) == 1 and mine[0]["free"] == 1
    status, joined = call(f"{server}/api/matches/{mine[0]['match']}/join", {})
    assert status == 200 and joined["seat"] == 1
    assert page.errors == []
