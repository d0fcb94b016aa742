"""What the table teaches at a glance, in a real Chromium against a real ``meeple serve``: what
the bots did since the person's turn, the places they changed marked on the board, the undo
button shown exactly when the referee would take the undo, and a phone layout where the actions
and the newest story are one tap from the board and no tooltip stays over it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.test_boards import PHONE, open_page, settle, snapshot, start, take
from tests.server.live import call


@pytest.mark.parametrize("game", ["heavens", "catacombs"])
def test_after_the_bots_move_the_page_says_what_they_did_and_marks_where(
        server: str, browser: Any, shot: Any, game: str) -> None:
    match, token = start(server, game, 5)
    page = open_page(browser, server, match, token)
    rng, seen = random.Random(5), 0
    for _ in range(12):
        settle(page)
        snap = snapshot(server, match, token)
        if snap["over"]:
            break
        lines = snap["since"]["lines"]
        shown = page.locator("#since-lines li").all_inner_texts()
        assert shown[-len(lines):] == lines if lines else page.locator("#since").is_hidden()
        marked = page.locator("#board .changed")
        keys = {marked.nth(i).get_attribute("data-place") for i in range(marked.count())}
        assert keys <= set(snap["since"]["places"])
        if lines and keys:
            seen += 1
            if seen == 1:
                shot(page, "since")
        take(page, rng.choice(snap["legal"]))
    assert seen, "the bots' turns were never told or marked"
    assert page.errors == []


def test_the_undo_button_is_there_exactly_when_the_undo_works(server: str, browser: Any) -> None:
    match, token = start(server, "myth", 2)
    page = open_page(browser, server, match, token)
    rng, shown = random.Random(2), 0
    for _ in range(20):
        settle(page)
        snap = snapshot(server, match, token)
        if snap["over"]:
            break
        assert page.locator("#undo").count() == int(snap["undo"])
        if snap["undo"]:
            shown += 1
            before = snap["version"]
            page.click("#undo")
            page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
            assert page.locator("#banner").is_hidden()  # it worked: no "cannot undo"
            continue
        take(page, rng.choice(snap["legal"]))
    assert shown, "no undo was ever offered"
    assert page.errors == []


def test_on_a_phone_the_actions_and_the_story_are_one_tap_away(server: str, browser: Any,
                                                              shot: Any) -> None:
    match, token = start(server, "catacombs", 4)
    page = open_page(browser, server, match, token, viewport=PHONE)
    settle(page)
    dock = page.locator("#dock")
    assert dock.is_visible() and page.locator("#actions").is_hidden()
    top = dock.bounding_box()
    assert top is not None and top["y"] + top["height"] <= PHONE["height"]  # on screen, docked
    page.locator("#dock [data-tab=actions]").click()
    assert page.locator("#actions button.action").first.is_visible()
    shot(page, "actions")
    page.locator("#dock [data-tab=log]").click()
    assert page.locator("#log li").last.is_visible()
    page.locator("#dock [data-tab=log]").click()  # closed again: the board is whole
    assert page.locator("#log").is_hidden()
    tipped = page.locator("#board .has-tip").first
    tipped.dispatch_event("pointerdown", {"pointerType": "touch"})
    page.mouse.click(5, 5)  # the next tap elsewhere closes it
    assert page.locator(".tip").count() == 0 or page.locator(".tip").is_hidden()
    snap = snapshot(server, match, token)
    page.locator("#dock [data-tab=actions]").click()
    take(page, snap["legal"][0])
    settle(page)
    assert page.locator(".tip").count() == 0 or page.locator(".tip").is_hidden()
    assert page.errors == []


def test_snapshots_that_come_while_the_game_loads_are_shown_in_the_order_they_came(
        server: str, browser: Any) -> None:
    """The first snapshot waits for the game's texts; the person's move and the bot's answer
    are pushed meanwhile. The page ends on the newest snapshot, not on whichever finished
    loading last (the page used to stay on an older turn with no push left to correct it)."""
    match, token = start(server, "tictactoe", 7)
    held: list[Any] = []

    def hold_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)
    ctx = browser.new_context(viewport=PHONE, locale="en", reduced_motion="reduce")
    page = ctx.new_page()
    page.route("**/api/games?*", hold_first)
    frames: list[Any] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
    page.goto(f"{server}/match/{match}?token={token}&lang=en")
    while not (held and frames):
        page.wait_for_timeout(50)
    first = snapshot(server, match, token)
    status, _ = call(f"{server}/api/matches/{match}/act",
                     {"action": first["legal"][0]["text"], "version": first["version"]}, token)
    assert status == 200
    newest = first
    while newest["version"] < first["version"] + 2:  # the person's move and the bot's answer
        page.wait_for_timeout(50)
        newest = snapshot(server, match, token)
    while len(frames) < 3:
        page.wait_for_timeout(50)
    page.wait_for_timeout(500)  # the later snapshots' own loading is done
    held[0].continue_()
    page.wait_for_function(f"() => document.body.dataset.version === '{newest['version']}'"
                           " && document.body.dataset.turn === 'mine'"
                           f" && document.getElementById('board').dataset.drawn === "
                           f"'{newest['version']}'", timeout=20_000)
    ctx.close()
