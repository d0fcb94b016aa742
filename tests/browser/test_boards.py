"""Every game's drawn board in a real browser (docs/boards.md): a match against random bots is
shown on a laptop and on a phone, a click on a board place sends exactly the action whose place
it is, and whole games are played from the first action to the last by clicking the board, with
the action buttons used only for actions that have no place."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.server.live import call

#: Each game as its board tests play it: the number of players, and options that keep a whole
#: game short enough to play by clicking in a test.
GAMES: dict[str, dict[str, Any]] = {
    "tictactoe": {"players": 2},
    "myth": {"players": 2, "options": {"max_turns": 10}},
    "catacombs": {"players": 2, "options": {"max_rounds": 6, "veins_to_end": 2,
                                            "trade_offers_per_turn": 1, "free_action_limit": 4}},
    "heavens": {"players": 2, "options": {"base_health": 5, "max_rounds": 3}},
    "grabhit": {"players": 2, "options": {"gold_target": 60, "round_limit": 20}},
    "andor": {"players": 2},
}
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: The most of its own actions a seat takes in the whole-game test before it gives up.
MOST = 600
#: The view schemas, one per game (tests/games/test_views.py writes them).
VIEWS = Path(__file__).resolve().parents[2] / "docs" / "views"


def start(server: str, game: str, seed: int) -> tuple[str, str]:
    """A match of ``game``: seat 1 a person, the others random bots; its id and seat 1's token."""
    cfg = GAMES[game]
    seats = ["human"] + ["random"] * (cfg["players"] - 1)
    status, made = call(f"{server}/api/matches", {"game": game, "seats": seats, "seed": seed,
                                                  "options": cfg.get("options", {})})
    assert status == 201, made
    return made["match"], made["seats"][0]["token"]


def open_page(browser: Any, server: str, match: str, token: str, lang: str = "en",
              viewport: dict[str, int] = LAPTOP) -> Any:
    ctx = browser.new_context(viewport=viewport, locale=lang, reduced_motion="reduce")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    pushed: list[str | bytes] = []  # every WebSocket frame the server pushed to the page
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: pushed.append(f)))
    page.pushed = pushed
    page.goto(f"{server}/match/{match}?token={token}&lang={lang}")
    return page


def settle(page: Any) -> None:
    """Wait until it is the seat's turn with the board drawn for that version, or the end."""
    page.wait_for_function(  # a function, not a bare expression: the page's CSP forbids eval
        "() => (document.body.dataset.over === 'true' || document.body.dataset.turn === 'mine'"
        " && document.body.dataset.waiting === 'false')"
        " && document.getElementById('board').dataset.drawn === document.body.dataset.version",
        timeout=90_000)


def snapshot(server: str, match: str, token: str, lang: str = "en") -> dict[str, Any]:
    snap: dict[str, Any]
    status, snap = call(f"{server}/api/matches/{match}?lang={lang}", token=token)
    assert status == 200, snap
    return snap


def quoted(text: str) -> str:
    """``text`` as a CSS string (an action may hold a quote: ``attack Bre'Unor``)."""
    return json.dumps(text)


def take(page: Any, action: dict[str, Any]) -> str:
    """Do ``action`` as a person would: click its place on the board (and pick it from the
    chooser when the place has several, or on the map when the board lights the spots it may
    go to, as a summon's hexes), else its button; say which was used."""
    before = int(page.evaluate("document.body.dataset.version"))
    if action["where"]:
        spot = page.locator(f"#board [data-place={quoted(action['where'])}]").first
        assert spot.count() == 1, f"no place {action['where']} for {action['text']}"
        assert action["label"] in (spot.get_attribute("aria-label") or "")
        spot.scroll_into_view_if_needed()
        spot.click()
        chooser = page.locator(f".chooser [data-action={quoted(action['text'])}], "
                               f"#board .lit[data-action={quoted(action['text'])}]")
        if chooser.count():
            chooser.first.click()
        used = "board"
    else:
        button = page.locator(f"#actions button[data-action={quoted(action['text'])}]")
        if not button.is_visible() and page.locator("#dock").is_visible():
            page.locator("#dock [data-tab=actions]").click()  # a phone: the actions' sheet
        button.click()
        used = "button"
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}",
                           timeout=60_000)
    return used


def mine_after(snap: dict[str, Any], told: int) -> list[str]:
    """The seat's own actions among its events from the ``told``-th on."""
    start_at = snap["events_from"]
    return [e["action"] for i, e in enumerate(snap["events"], start_at)
            if i >= told and e["type"] == "action" and e.get("seat") == snap["seat"]]


@pytest.mark.parametrize("game", GAMES)
def test_a_click_on_the_board_plays_exactly_that_places_action(server: str, browser: Any,
                                                              shot: Any, game: str) -> None:
    match, token = start(server, game, seed=3)
    page = open_page(browser, server, match, token)
    settle(page)
    shot(page, "laptop")
    snap = snapshot(server, match, token)
    placed = [a for a in snap["legal"] if a["where"]]
    assert placed, f"{game}: no legal action has a place at the start"
    for a in placed:
        spot = page.locator(f"#board [data-place={quoted(a['where'])}].place")
        assert spot.count() >= 1, f"{game}: {a['text']} has no place drawn at {a['where']}"
    chosen = random.Random(game).choice(placed)
    told = snap["events_from"] + len(snap["events"])
    assert take(page, chosen) == "board"
    after = snapshot(server, match, token)
    assert mine_after(after, told)[:1] == [chosen["text"]]
    text = page.inner_text("#board")
    for internal in ("None", "undefined", "null", "NaN", "[object", "{", "_"):
        assert internal not in text, f"{game}: {internal!r} on the board"
    page.close()
    phone = open_page(browser, server, match, token, lang="ru", viewport=PHONE)
    settle(phone)
    shot(phone, "phone-ru")
    assert phone.errors == [] and page.errors == []


@pytest.mark.parametrize("device", ["laptop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_is_played_by_clicking_the_board(server: str, browser: Any, shot: Any,
                                                     game: str, device: str) -> None:
    """On a laptop in English and on a phone in Russian."""
    lang = "en" if device == "laptop" else "ru"
    match, token = start(server, game, seed=11 if device == "laptop" else 12)
    page = open_page(browser, server, match, token, lang=lang,
                     viewport=LAPTOP if device == "laptop" else PHONE)
    rng = random.Random(f"{game}-whole")
    used = {"board": 0, "button": 0}
    for _ in range(MOST):
        settle(page)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        legal = snapshot(server, match, token, lang)["legal"]
        used[take(page, rng.choice(legal))] += 1
    else:
        pytest.fail(f"{game}: not over after {MOST} of the seat's actions")
    shot(page, "over")
    assert page.locator("#result").is_visible()
    assert used["board"] > 0, used
    assert page.errors == []
    fits_the_view_schema(game, page.pushed)


def fits_the_view_schema(game: str, frames: list[str | bytes]) -> None:
    """Every view the server pushed fits the game's schema (docs/views/<id>.json) exactly."""
    check = Draft202012Validator(json.loads((VIEWS / f"{game}.json").read_text("utf-8")))
    views = [m["snapshot"]["view"] for m in map(json.loads, frames) if m.get("snapshot")]
    assert views, "the server pushed no snapshot"
    for n, view in enumerate(views):
        error = next(iter(check.iter_errors(view)), None)
        assert error is None, f"pushed view {n}: {error.message} at {list(error.path)}"
