"""The page teaches at the table, in a real Chromium against a real ``meeple serve``: an action
the rules forbid is shown with the game's own reason, beside the actions and on its place; and
a tile's rotation is chosen by clicking its picture."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tests.browser.test_boards import open_page, quoted, settle, snapshot, start, take


def until(server: str, page: Any, match: str, token: str, rng: random.Random, want: Any,
          moves: int = 150) -> dict[str, Any]:
    """Play random moves through the page until ``want(snapshot)`` holds; that snapshot."""
    for _ in range(moves):
        settle(page)
        snap = snapshot(server, match, token, page.lang)
        assert not snap["over"], "the game ended first"
        if want(snap):
            return snap
        take(page, rng.choice(snap["legal"]))
    raise AssertionError("never reached")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", ["heavens", "grabhit"])
def test_a_forbidden_action_is_shown_with_the_games_reason(server: str, browser: Any,
                                                           shot: Any, game: str,
                                                           lang: str) -> None:
    match, token = start(server, game, 11)
    page = open_page(browser, server, match, token, lang)
    page.lang = lang
    snap = until(server, page, match, token, random.Random(11), lambda s: s["blocked"])
    settle(page)
    rows = page.locator("#actions .blocked-action").all_inner_texts()
    for b in snap["blocked"]:
        assert any(b["reason"] in row for row in rows), (b, rows)
        if b["where"]:
            node = page.locator(f"#board [data-place={quoted(b['where'])}]").first
            assert b["reason"] in (node.get_attribute("data-blocked") or ""), b
    shot(page, "why-not")
    assert page.errors == []


def test_a_tile_is_laid_by_clicking_the_picture_of_its_rotation(server: str, browser: Any,
                                                                shot: Any) -> None:
    match, token = start(server, "catacombs", 7)
    page = open_page(browser, server, match, token)
    page.lang = "en"

    def shared_rotations(s: dict[str, Any]) -> bool:
        spots = Counter(a["where"] for a in s["legal"] if a["verb"] == "Place" and a["where"])
        return any(n > 1 for n in spots.values())

    snap = until(server, page, match, token, random.Random(7), shared_rotations)
    spots = Counter(a["where"] for a in snap["legal"] if a["verb"] == "Place" and a["where"])
    where = next(k for k, n in spots.items() if n > 1)
    choices = [a for a in snap["legal"] if a["where"] == where]
    page.locator(f"#board [data-place={quoted(where)}]").first.click()
    pictures = page.locator(".chooser .choice-picture")
    assert pictures.count() == len(choices)
    shot(page, "rotations")
    chosen = choices[-1]
    before = snap["version"]
    page.locator(f".chooser [data-action={quoted(chosen['text'])}] .choice-picture").click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    after = snapshot(server, match, token)
    mine = [e["action"] for e in after["events"] if e["type"] == "action" and e["seat"] == 0]
    assert mine[-1] == chosen["text"]
    assert page.errors == []
