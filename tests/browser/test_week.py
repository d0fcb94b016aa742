"""Two friends play a turn-based match over days, in a real Chromium against a real ``meeple
serve`` that mails a local SMTP server (aiosmtpd): they never have the match open at the same
time; each comes back when the server mails "your turn" (or finds it first on the player's
page), opens the seat from the mail's link without a token (the browser's player key opens
it), reads the clock and the chat, moves and leaves; at the end one click makes the rematch
and the other joins it from their own page (docs/server.md: "Players", "Clocks", "Mail",
"Chat", "Rematch").

The days are not simulated by a faster clock: each "day" is a fresh page opened after the
other closed theirs. A clock of a day a turn runs through the match; the mail bound (one notice
per match an hour) shows in the count of mails."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.browser.test_mail import mailing
from tests.browser.test_players import context
from tests.server.live import call
from tests.server.test_mail import Inbox, body_of

__all__ = ["mailing"]  # the fixture


def player_page(browser: Any, base: str, inbox: Inbox, name: str, address: str,
                lang: str) -> Any:
    """A browser (its own context: another person's device) whose player has a confirmed
    address; its page, left on ``/me``."""
    page = context(browser, lang)
    page.goto(f"{base}/me?lang={lang}")
    page.fill("#name", name)
    page.click("#new-player button[type=submit]")
    page.wait_for_selector("#email-form")
    page.fill("#address", address)
    before = len(inbox.got)
    page.click("#email-form button[type=submit]")
    mail = inbox.wait(before + 1)[-1]
    link = next(w for w in body_of(mail).split() if "/mail/confirm?code=" in w)
    page.goto(link)
    page.click("form button[type=submit]")
    page.goto(f"{base}/me?lang={lang}")
    page.wait_for_selector("#email-status")
    return page


def move(page: Any) -> str:
    """The seat's first legal move, made by clicking its button; the move's text."""
    button = page.locator("#actions button.action").first
    button.wait_for()
    text: str = button.get_attribute("data-action")
    version = page.evaluate("() => document.body.dataset.version")
    button.click()
    page.wait_for_function(f"() => document.body.dataset.version !== {json.dumps(version)}")
    return text


def open_from_mail(page: Any, inbox: Inbox, n: int, who: str) -> None:
    """Open the match from the ``n``-th mail (its link, with no token), sent to ``who``."""
    mail = inbox.wait(n)[n - 1]
    assert inbox.got[n - 1][0] == [who]
    body = body_of(mail)
    link = re.search(r"http://\S+/match/[A-Za-z0-9_-]+", body)
    assert link and "token" not in body, body
    page.goto(link.group(0))
    page.wait_for_function("() => document.body.dataset.turn === 'mine'")


def test_two_friends_finish_a_turn_based_match_over_days_and_start_a_rematch_in_one_click(
        mailing: tuple[str, Inbox], browser: Any, shot: Any) -> None:
    base, inbox = mailing
    anna = player_page(browser, base, inbox, "Anna", "anna@example.org", "en")
    bo = player_page(browser, base, inbox, "Бо", "bo@example.org", "ru")
    confirmations = len(inbox.got)
    # Day 1: Anna makes a turn-based match with a day a turn, invites Bo, moves, leaves.
    anna.goto(f"{base}/?lang=en")
    anna.click("[data-game=tictactoe]")
    anna.select_option("#pace", "turn")
    anna.select_option("#clock", "day")
    anna.select_option("#seat-1", "human")
    anna.click("#create")
    invite = anna.locator(".invites input").input_value()
    anna.click("#play")
    anna.click(".sit-as")
    anna.wait_for_function("() => document.querySelector('#players li .name')"
                           ".textContent.startsWith('Anna — ')")
    assert "1 day" in anna.inner_text("#clock-rule")
    move(anna)
    anna.goto(f"{base}/me?lang=en")  # the match page is closed
    # Day 2: Bo opens the invitation, sits as himself, moves, says so, leaves.
    bo.goto(invite)
    bo.click(".sit-as")
    bo.wait_for_function("() => [...document.querySelectorAll('#players li .name')]"
                         ".some((n) => n.textContent.startsWith('Бо — '))")
    move(bo)
    bo.click("#chat-phrases button >> nth=0")  # "Ваш ход!"
    bo.wait_for_selector("#chat-lines li")
    shot(bo, "day2-bo-ru")
    bo.goto(f"{base}/me?lang=ru")
    # Day 3: the server mailed Anna (no page of hers was open); the link opens her seat.
    open_from_mail(anna, inbox, confirmations + 1, "anna@example.org")
    anna.wait_for_selector("#chat-lines li")
    assert "Your turn!" in anna.inner_text("#chat-lines")  # the phrase in her language
    assert anna.locator(".seat-clock.running").inner_text().startswith(("23:59", "1 day"))
    shot(anna, "day3-anna-from-mail")
    move(anna)
    anna.goto(f"{base}/me?lang=en")
    # Day 4: Bo gets his notice, comes back from it, moves.
    open_from_mail(bo, inbox, confirmations + 2, "bo@example.org")
    move(bo)
    bo.goto(f"{base}/me?lang=ru")
    # Then they go on in turns until the game is over. Within the hour no second notice goes
    # to the same match (the bound), so each finds the turn first on their own page.
    pages = [anna, bo]
    while True:
        over = call(f"{base}/api/matches/{match_of(invite)}")[1]["over"]
        if over:
            break
        who = pages[call(f"{base}/api/matches/{match_of(invite)}")[1]["to_act"]]
        lang = "en" if who is anna else "ru"
        who.goto(f"{base}/me?lang={lang}")
        row = who.locator(".my-matches li.my-turn a").first
        row.click()
        who.wait_for_function("() => document.body.dataset.turn === 'mine'")
        move(who)
        who.goto(f"{base}/me?lang={lang}")
    assert len(inbox.got) == confirmations + 2
    # The end: Anna opens the finished match and makes the rematch in one click.
    anna.goto(f"{base}/me?lang=en")
    anna.locator(".my-matches li.over a").first.click()
    anna.wait_for_selector("#rematch")
    shot(anna, "over-anna")
    anna.click("#rematch")
    anna.wait_for_function("() => /\\/match\\/(?!" + match_of(invite) + ")/.test(location.href)")
    rematch = match_of(anna.url)
    snap = call(f"{base}/api/matches/{rematch}")[1]
    assert snap["pace"] == "turn" and snap["clock"]["per_move"] == 86400
    # Bo sees the rematch offered on the old match and joins it.
    bo.goto(f"{base}/me?lang=ru")
    bo.locator(".my-matches li.over a").first.click()
    bo.wait_for_selector("#rematch")
    assert bo.inner_text("#rematch") == "Сыграть в реванше"
    bo.click("#rematch")
    bo.wait_for_function(f"() => location.href.includes({json.dumps(rematch)})")
    names = [p["player"] for p in call(f"{base}/api/matches/{rematch}")[1]["seats"]]
    assert sorted(names) == ["Anna", "Бо"]
    shot(bo, "rematch-bo-ru")
    assert anna.errors == [] and bo.errors == []


def match_of(url: str) -> str:
    found = re.search(r"/match/([A-Za-z0-9_-]+)", url)
    assert found, url
    return found.group(1)
