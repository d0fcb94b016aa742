"""The e-mail address on the player's page, in a real Chromium against a real ``meeple serve``
that mails a local SMTP server (aiosmtpd): the address given on ``/me`` waits for its
confirmation, the mailed link's page confirms it only when its button is pressed (a plain form
the browser posts with ``Origin: null``), ``/me`` then says it is confirmed in English and in
Russian, and the address is removed; nothing breaks the page's policy (docs/server.md,
"Mail")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from tests.browser.test_players import context
from tests.server.live import free_port, serve
from tests.server.test_mail import Inbox, body_of


@pytest.fixture
def mailing(tmp_path: Path) -> Iterator[tuple[str, Inbox]]:
    """A ``meeple serve`` whose mail goes to a local SMTP server, and what that server got."""
    inbox = Inbox()
    inbox.port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=inbox.port)
    controller.start()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve(tmp_path / "meeple.db", port, "--smtp", f"smtp://127.0.0.1:{inbox.port}",
                 "--mail-from", "turns@meeple.test", "--public-url", base)
    try:
        yield base, inbox
    finally:
        proc.kill()
        proc.wait()
        controller.stop()


def test_an_address_is_given_on_the_players_page_confirmed_by_its_link_and_removed(
        mailing: tuple[str, Inbox], browser: Any, shot: Any) -> None:
    base, inbox = mailing
    page = context(browser)
    page.goto(f"{base}/me?lang=en")
    page.fill("#name", "Anna")
    page.click("#new-player button[type=submit]")
    page.wait_for_selector("#email-form")
    page.fill("#address", "anna@example.org")
    page.click("#email-form button[type=submit]")
    page.wait_for_selector("#email-status")
    assert "Waiting for confirmation" in page.locator("#email-status").inner_text()
    assert "anna@example.org" in page.locator("#said").inner_text()
    (mail,) = inbox.wait(1)
    link = next(w for w in body_of(mail).split() if "/mail/confirm?code=" in w)
    assert link.startswith(f"{base}/mail/confirm?code=")
    confirm = context(browser)
    confirm.goto(link)
    assert confirm.locator("h1").inner_text() == "Confirm your address"
    shot(confirm, "confirm")
    confirm.click("form button[type=submit]")
    confirm.wait_for_selector("text=Address confirmed")
    assert confirm.evaluate("() => window.__csp") == []
    page.reload()
    page.wait_for_selector("#email-status")
    assert page.locator("#email-status").inner_text() == "Notices go to anna@example.org."
    page.click("#langs button[lang=ru]")
    page.wait_for_function("() => document.querySelector('#email-status').textContent"
                           ".startsWith('Уведомления приходят')")
    shot(page, "me-ru")
    page.click("#email-remove")
    page.wait_for_selector("#email-status", state="detached")
    assert page.locator("#address").input_value() == ""
    assert page.evaluate("() => window.__csp") == []
    assert page.errors == [] and confirm.errors == []
