"""A match's past in a real browser: the replay viewer steps through a finished match, the story
loads its earlier events, the lobby's links keep the page's language, and its form comes into
view with every choice named in the page's language. Screenshots at desktop and phone size, in
English and Russian, go to ``build/screenshots/``."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from meeple.server.lobby import lobby_info
from tests.browser.conftest import SHOTS
from tests.browser.test_csp import violations, watched_page
from tests.server.live import call

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
TTT = ["mark a1", "mark b1", "mark a2", "mark b2", "mark a3"]  # seat 1 wins down column a


def sized(page: Any, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})


def drawn(page: Any, step: int) -> None:
    """Wait until the replay viewer shows ``step`` with its board drawn."""
    page.wait_for_function(
        f"() => document.body.dataset.step === '{step}' && "
        f"document.querySelector('#board').dataset.drawn === '{step}'", timeout=30_000)


def finished_tictactoe(server: str) -> tuple[str, list[str]]:
    status, made = call(f"{server}/api/matches", {"game": "tictactoe",
                                                  "seats": ["human", "human"]})
    assert status == 201, made
    tokens = [s["token"] for s in made["seats"]]
    for i, move in enumerate(TTT):
        status, _ = call(f"{server}/api/matches/{made['match']}/act",
                         {"action": move, "version": i}, tokens[i % 2])
        assert status == 200
    return made["match"], tokens


def test_the_replay_viewer_steps_through_a_finished_match(server: str, browser: Any,
                                                           shot: Any) -> None:
    match, tokens = finished_tictactoe(server)
    page = watched_page(browser)
    page.goto(f"{server}/match/{match}/replay?token={tokens[0]}&lang=en")
    drawn(page, 5)
    assert "token" not in page.url  # the link's secret leaves the address bar
    assert page.locator("#result").is_visible()
    last_board = page.inner_html("#board")
    page.click("#first")
    drawn(page, 0)
    assert page.inner_html("#board") != last_board
    assert page.inner_text("#where") == "The deal, before the first move"
    assert page.locator("#first").is_disabled() and page.locator("#result").is_hidden()
    page.click("#forward")
    drawn(page, 1)
    assert page.inner_text("#where") == "Step 1 of 5"
    page.click("#last")
    drawn(page, 5)
    page.locator("#slider").fill("2")
    drawn(page, 2)
    page.keyboard.press("ArrowRight")
    drawn(page, 3)
    # Every seat's view and the referee's, once the game is over.
    options = page.locator("#view option").all_inner_texts()
    assert len(options) == 4 and any("(you)" in o for o in options)
    page.select_option("#view", "referee")
    page.wait_for_function("() => document.body.dataset.view === 'referee'")
    story = page.inner_text("#log")
    assert all(m.split()[1] in story for m in TTT[:3]), story
    for size in SIZES:
        sized(page, size)
        shot(page, f"replay-en-{size}")
    page.click("[lang=ru]")
    page.wait_for_function("() => document.documentElement.lang === 'ru' && "
                           "document.querySelector('#where').textContent.startsWith('Шаг')")
    for size in SIZES:
        sized(page, size)
        shot(page, f"replay-ru-{size}")
    text = page.inner_text("body")
    for internal in ("None", "undefined", "null", "{", "[object", "web."):
        assert internal not in text, internal
    assert violations(page) == []


def test_a_replay_of_a_game_going_on_shows_only_the_seats_own_view(server: str, browser: Any,
                                                                   shot: Any) -> None:
    status, made = call(f"{server}/api/matches", {"game": "myth", "seed": 5,
                                                  "seats": ["human", "random", "random"]})
    assert status == 201, made
    match, token = made["match"], made["seats"][0]["token"]
    rnd = random.Random(5)
    snap: dict[str, Any] = {}
    for _ in range(2000):  # to seat 0's turn after 30 versions: the bots wait for it then
        status, snap = call(f"{server}/api/matches/{match}", token=token)
        if snap["over"] or (snap["to_act"] == 0 and snap["version"] >= 30):
            break
        if snap["to_act"] == 0 and snap["legal"]:
            call(f"{server}/api/matches/{match}/act",
                 {"action": rnd.choice(snap["legal"])["text"], "version": snap["version"]},
                 token)
        else:
            time.sleep(0.02)
    assert not snap["over"] and snap["to_act"] == 0
    page = watched_page(browser)
    page.goto(f"{server}/match/{match}/replay?token={token}&lang=ru")
    page.wait_for_function("() => Number(document.body.dataset.steps) > 0 && "
                           "document.querySelector('#board').dataset.drawn === "
                           "document.body.dataset.step")
    assert page.locator("#view option").count() == 2  # its own seat and a spectator's
    assert page.locator("#note").is_visible()
    page.click("#back")
    page.wait_for_function("() => document.querySelector('#board').dataset.drawn === "
                           "String(Number(document.body.dataset.steps) - 1)")
    for size in SIZES:
        sized(page, size)
        shot(page, f"myth-ru-{size}")
    page.click("[lang=en]")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_function("() => document.querySelector('#where').textContent.startsWith('Step')")
    for size in SIZES:
        sized(page, size)
        shot(page, f"myth-en-{size}")
    assert violations(page) == []


def test_the_story_loads_its_earlier_events(server: str, browser: Any, shot: Any) -> None:
    # A fixed deal, played by seat 0 from a fixed generator, that tells well over 200 events
    # before its end; the loop waits on time, not on a count, so a slow machine only waits.
    status, made = call(f"{server}/api/matches", {"game": "myth", "seed": 11,
                                                  "seats": ["human", "random", "random"]})
    assert status == 201, made
    match, token = made["match"], made["seats"][0]["token"]
    rnd = random.Random(2)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:  # to seat 0's turn, with more told than a snapshot holds
        status, snap = call(f"{server}/api/matches/{match}", token=token)
        if snap["over"] or (snap["to_act"] == 0 and snap["events_from"] > 210):
            break
        if snap["to_act"] == 0 and snap["legal"]:
            call(f"{server}/api/matches/{match}/act",
                 {"action": rnd.choice(snap["legal"])["text"], "version": snap["version"]},
                 token)
        else:
            time.sleep(0.02)
    assert snap["events_from"] > 0, (
        f"the match never told more than a snapshot holds (over: {snap['over']})")
    status, whole = call(f"{server}/api/matches/{match}/history?limit=200", token=token)
    assert status == 200, whole
    page = watched_page(browser)
    page.goto(f"{server}/match/{match}?token={token}&lang=en")
    page.wait_for_selector("#earlier")
    page.wait_for_selector("#board[data-drawn]")
    shot(page, "before")
    first = int(page.get_attribute("#log", "data-first") or "0")
    assert first > 0 and page.locator("#log li").count() == 201  # the button and 200 events
    page.click("#earlier")
    page.wait_for_function(f"() => Number(document.querySelector('#log').dataset.first) "
                           f"< {first}")
    shot(page, "earlier")
    while page.locator("#earlier").count():
        now = int(page.get_attribute("#log", "data-first") or "0")
        page.click("#earlier")
        page.wait_for_function(f"() => Number(document.querySelector('#log').dataset.first) "
                               f"< {now}")
    texts = page.locator("#log li").all_inner_texts()
    assert texts[:200] == [e["text"] for e in whole["events"]]
    assert violations(page) == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_form_comes_into_view_with_named_choices(server: str, browser: Any,
                                                           shot: Any, lang: str) -> None:
    heroes_option = next(o for o in lobby_info("andor", lang)["options"]
                         if o["name"] == "heroes")
    named = heroes_option["item_names"]
    page = watched_page(browser)
    for size in SIZES:
        sized(page, size)
        page.goto(f"{server}/?lang={lang}")
        page.click("[data-game=andor]")
        # Scrolled until the form is at the top, or the page can scroll no further.
        where: list[float] = []
        for _ in range(100):
            where = page.evaluate("() => [document.querySelector('#setup')"
                                  ".getBoundingClientRect().top, scrollY + innerHeight, "
                                  "document.documentElement.scrollHeight, innerHeight]")
            top, seen, height, tall = where
            # (a scroll to a fractional layout may leave the top a fraction of a pixel above)
            if top >= -1 and (top < 40 or (top < tall / 2 and seen >= height - 2)):
                break
            time.sleep(0.1)
        else:
            raise AssertionError(f"the form is not in view: {where}")
        page.screenshot(path=str(SHOTS / f"lobby-{lang}-{size}-tapped.png"))  # the viewport
        page.click("#setup details.options summary")
        heroes = page.locator("[data-items=heroes] select")
        assert heroes.count() == 4
        names = heroes.first.locator("option").all_inner_texts()
        assert names == [named[h] for h in ("warrior", "archer", "dwarf", "wizard")], names
        assert "Воин Торн" in names if lang == "ru" else "warrior" not in names
        shot(page, f"lobby-{lang}-{size}")
    # Choosing a hero another seat holds swaps the two: the list stays distinct.
    heroes.nth(0).select_option("wizard")
    assert [heroes.nth(i).input_value() for i in range(4)] == ["wizard", "archer", "dwarf",
                                                               "warrior"]
    page.select_option("#players", "2")
    page.select_option("#seat-1", "human")
    page.click("#create")
    page.wait_for_selector("#play")
    assert page.inner_text("#create-error") == ""
    invite = page.locator(".invites input").input_value()
    assert f"lang={lang}" in invite and f"lang={lang}" in page.get_attribute("#play", "href")
    # The invited person's fresh browser reads the match in the language it was made in.
    other = browser.new_context(viewport={"width": 390, "height": 844},
                                locale="ru" if lang == "en" else "en").new_page()
    other.goto(invite)
    other.wait_for_function("() => document.body.dataset.version !== undefined")
    assert other.evaluate("document.documentElement.lang") == lang
    assert "lang" not in other.url and "token" not in other.url
    assert other.inner_text("#h-players") == ("Players" if lang == "en" else "Игроки")
    status, snap = call(other.url.replace("/match/", "/api/matches/"))
    assert status == 200, snap
    assert snap["view"]["heroes"][0]["hero"] == "wizard", snap["view"]["heroes"]
    assert violations(page) == []
