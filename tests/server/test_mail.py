"""E-mail notices (docs/server.md, "Mail") sent to a real SMTP server on this machine
(aiosmtpd), from a server on a real SQLite file and on a real PostgreSQL database, and from a
real ``meeple serve`` process: an address given and confirmed through the link mailed to it
(the link's page changing nothing until its button is pressed), a notice when it becomes the
player's turn in a turn-based match and no socket of theirs is open (none in a live match,
none while a socket is open), at most one per match an hour, an unsubscribe (one-click, RFC
8058) stopping them, a Russian player's mail in Russian, and no token, key or hidden fact in
any mail; bad addresses, and too many confirmation mails, refused with nothing changed."""

from __future__ import annotations

import email
import email.policy
import json
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import text
from starlette.testclient import TestClient

from meeple.i18n import LANGS, texts
from meeple.server import Store, Tables
from meeple.server.addresses import ASKS_PER_ADDRESS, ASKS_PER_PLAYER, Addresses
from meeple.server.app import make_app
from meeple.server.mail import ADDRESS_RULE, MailSettings
from meeple.server.people import People
from tests.server.conftest import ROOMY
from tests.server.live import call, free_port, serving
from tests.server.test_players import me, player
from tests.test_leaks import hidden_facts, revealed

PUBLIC = "http://meeple.test"
SENDER = "turns@meeple.test"
#: What every request but a GET says of its body (docs/server.md, "Browser safety").
JSON = {"Content-Type": "application/json"}
#: Generous waits for a mail, never limits on how long a test takes.
WAIT = 20.0


class Inbox:
    """What the local SMTP server received: (recipients, the raw message), in order."""

    def __init__(self) -> None:
        self.got: list[tuple[list[str], bytes]] = []
        self.port = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.got.append((list(envelope.rcpt_tos), bytes(envelope.original_content)))
        return "250 OK"

    def wait(self, n: int) -> list[EmailMessage]:
        """The first ``n`` mails, once they came."""
        end = time.monotonic() + WAIT
        while len(self.got) < n and time.monotonic() < end:
            time.sleep(0.02)
        assert len(self.got) >= n, f"{len(self.got)} mails came, not {n}"
        return [parsed(raw) for _, raw in self.got[:n]]


def parsed(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def body_of(message: EmailMessage) -> str:
    content: str = message.get_content()
    return content


def link(message: EmailMessage, path: str) -> str:
    """The path and query of the link to ``path`` in the mail's body."""
    found = re.search(re.escape(PUBLIC + path) + r"\?code=[A-Za-z0-9_-]+", body_of(message))
    assert found, body_of(message)
    return found.group(0).removeprefix(PUBLIC)


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    box = Inbox()
    box.port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=box.port)
    controller.start()
    try:
        yield box
    finally:
        controller.stop()


def settings(inbox: Inbox) -> MailSettings:
    return MailSettings("127.0.0.1", inbox.port, False, SENDER, PUBLIC)


@pytest.fixture
def client(db: str, inbox: Inbox) -> Iterator[TestClient]:
    app = make_app(Tables(Store(db)), bot_delay=0, limits=ROOMY, mail=settings(inbox))
    with TestClient(app) as c:
        yield c


def settled(client: TestClient) -> None:
    """Wait until the server's mail threads have nothing left to do (a notice is given to
    them before the answer to the change that makes it goes out)."""
    mail = client.app.state.server.mail  # type: ignore[attr-defined]
    end = time.monotonic() + WAIT
    while mail.waiting and time.monotonic() < end:
        time.sleep(0.02)
    assert not mail.waiting


def confirmed_player(client: TestClient, inbox: Inbox, name: str = "Anna", lang: str = "en",
                     address: str = "anna@example.org") -> str:
    """A player whose address is confirmed through the link mailed to it; its key."""
    key = player(client, name, lang)
    before = len(inbox.got)
    r = client.put("/api/players/me/email", json={"address": address}, headers=me(key))
    assert r.status_code == 200, r.text
    assert r.json() == {"email": {"address": address, "confirmed": False}, "sent": True}
    mail = inbox.wait(before + 1)[-1]
    assert client.post(link(mail, "/mail/confirm")).status_code == 200
    assert client.get("/api/players/me", headers=me(key)).json()["email"]["confirmed"]
    return key


def turn_match(client: TestClient, key: str, game: str = "tictactoe",
               pace: str = "turn") -> dict[str, Any]:
    """A match of two people, seat 1 held by the player of ``key``."""
    r = client.post("/api/matches", json={"game": game, "seats": ["human", "human"],
                                          "pace": pace})
    assert r.status_code == 201, r.text
    m: dict[str, Any] = r.json()
    r = client.post("/api/players/me/seats", json={"match": m["match"],
                                                   "token": m["seats"][1]["token"]},
                    headers=me(key))
    assert r.status_code == 200, r.text
    return m


def move(client: TestClient, m: dict[str, Any], seat: int, headers: dict[str, str] | None = None
         ) -> dict[str, Any]:
    """Seat ``seat`` takes its first legal action (with its token, or ``headers``)."""
    auth = headers or {"Authorization": f"Bearer {m['seats'][seat]['token']}"}
    snap = client.get(f"/api/matches/{m['match']}", headers=auth).json()
    assert snap["to_act"] == seat, snap["to_act"]
    r = client.post(f"/api/matches/{m['match']}/act", headers=auth,
                    json={"action": snap["legal"][0]["text"], "version": snap["version"]})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_an_address_is_confirmed_by_the_link_mailed_to_it_and_its_page_asks_first(
        client: TestClient, inbox: Inbox) -> None:
    key = player(client, "Anna <b>")
    assert client.get("/api/players/me", headers=me(key)).json()["email"] is None
    r = client.put("/api/players/me/email", json={"address": " anna@example.org "},
                   headers=me(key))
    assert r.status_code == 200 and r.json()["email"] == {"address": "anna@example.org",
                                                         "confirmed": False}
    (mail,) = inbox.wait(1)
    assert inbox.got[0][0] == ["anna@example.org"] and mail["To"] == "anna@example.org"
    assert SENDER in mail["From"] and mail["Subject"] == "Confirm your address for meeple"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert mail["List-Unsubscribe"].strip().startswith(f"<{PUBLIC}/mail/unsubscribe?code=")
    confirm = link(mail, "/mail/confirm")
    for _ in range(2):  # a mail scanner opening the link confirms nothing
        asked = client.get(confirm)
        assert asked.status_code == 200 and 'method="post"' in asked.text
        assert "Anna &lt;b&gt;" in asked.text and "<b>" not in asked.text
        assert asked.headers["cache-control"] == "no-store"
    me_now = client.get("/api/players/me", headers=me(key)).json()
    assert me_now["mail"] is True and me_now["email"]["confirmed"] is False
    done = client.post(confirm, headers={"Origin": "null",
                                         "Content-Type": "application/x-www-form-urlencoded"})
    assert done.status_code == 200 and "Address confirmed" in done.text
    assert client.get("/api/players/me", headers=me(key)).json()["email"] == {
        "address": "anna@example.org", "confirmed": True}
    again = client.put("/api/players/me/email", json={"address": "anna@example.org"},
                       headers=me(key))
    assert again.status_code == 200 and again.json()["sent"] is False
    settled(client)
    assert len(inbox.got) == 1  # the same confirmed address again: no mail
    bad = client.post("/mail/confirm?code=nothing-like-it")
    assert bad.status_code == 404 and "does not work" in bad.text


def test_a_notice_comes_when_it_becomes_the_absent_players_turn_at_most_once_an_hour(
        client: TestClient, inbox: Inbox, db: str) -> None:
    key = confirmed_player(client, inbox)
    m = turn_match(client, key)
    move(client, m, 0)
    (_, notice) = inbox.wait(2)
    assert notice["Subject"] == "Your turn in Tic-tac-toe" and notice["To"] == "anna@example.org"
    said = body_of(notice)
    assert "Anna, it is your turn in Tic-tac-toe." in said
    assert f"{PUBLIC}/match/{m['match']}?lang=en" in said and "(your turn)" in said
    assert notice["List-Unsubscribe"].strip() == f"<{PUBLIC}{link(notice, '/mail/unsubscribe')}>"
    move(client, m, 1, me(key))  # Anna plays with her key, no socket open
    move(client, m, 0)  # her turn again within the hour: no second notice
    settled(client)
    assert len(inbox.got) == 2
    with Store(db).engine.begin() as con:  # an hour later...
        con.execute(text("UPDATE mail_notices SET at = at - 3601"))
    move(client, m, 1, me(key))
    move(client, m, 0)
    inbox.wait(3)
    settled(client)
    assert len(inbox.got) == 3


def test_no_notice_in_a_live_match_nor_while_a_socket_of_the_seat_is_open(
        client: TestClient, inbox: Inbox) -> None:
    key = confirmed_player(client, inbox)
    live = turn_match(client, key, pace="live")
    move(client, live, 0)
    settled(client)
    assert len(inbox.got) == 1
    watched = turn_match(client, key)
    with client.websocket_connect(f"/ws/matches/{watched['match']}?player={key}") as ws:
        assert ws.receive_json()["snapshot"]["seat"] == 1
        move(client, watched, 0)
        settled(client)
        assert len(inbox.got) == 1
    # The socket closed on Anna's turn: it did not become her turn again, nothing is sent.
    settled(client)
    assert len(inbox.got) == 1
    third = turn_match(client, key)
    move(client, third, 0)  # the control: the same move with no socket sends one
    inbox.wait(2)


def test_no_notice_while_the_player_sits_at_another_of_its_seats(client: TestClient,
                                                                  inbox: Inbox) -> None:
    key = confirmed_player(client, inbox)
    m = turn_match(client, key)  # Anna holds seat 1, and seat 0 too
    r = client.post("/api/players/me/seats", json={"match": m["match"],
                                                   "token": m["seats"][0]["token"]},
                    headers=me(key))
    assert r.status_code == 200
    seat0 = m["seats"][0]["token"]
    with client.websocket_connect(f"/ws/matches/{m['match']}?token={seat0}") as ws:
        assert ws.receive_json()["snapshot"]["seat"] == 0
        move(client, m, 0)  # seat 1's turn: Anna is at the table on seat 0
        settled(client)
        assert len(inbox.got) == 1
    move(client, m, 1)
    move(client, m, 0)  # and with no socket open, the notice comes
    inbox.wait(2)


def test_unsubscribing_stops_the_notices_and_forgets_the_address(
        client: TestClient, inbox: Inbox) -> None:
    key = confirmed_player(client, inbox)
    m = turn_match(client, key)
    move(client, m, 0)
    notice = inbox.wait(2)[1]
    stop = link(notice, "/mail/unsubscribe")
    page = client.get(stop)
    assert page.status_code == 200 and 'method="post"' in page.text
    assert client.get("/api/players/me", headers=me(key)).json()["email"]["confirmed"]
    # A mail program's one-click unsubscribe: form data, no Origin (RFC 8058).
    r = client.post(stop, content=b"List-Unsubscribe=One-Click",
                    headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 200 and "No more mail" in r.text
    assert client.get("/api/players/me", headers=me(key)).json()["email"] is None
    assert client.post(stop).status_code == 404  # spent with the address
    other = turn_match(client, key)
    move(client, other, 0)
    settled(client)
    assert len(inbox.got) == 2
    # The confirmation mail's own link removes a pending address too.
    r = client.put("/api/players/me/email", json={"address": "a@example.org"}, headers=me(key))
    assert r.status_code == 200
    pending = inbox.wait(3)[2]
    assert client.post(link(pending, "/mail/unsubscribe")).status_code == 200
    assert client.get("/api/players/me", headers=me(key)).json()["email"] is None
    assert client.post(link(pending, "/mail/confirm")).status_code == 404


def test_a_russian_player_is_mailed_in_russian(client: TestClient, inbox: Inbox) -> None:
    key = confirmed_player(client, inbox, "Аня", "ru", "anya@example.org")
    (confirm,) = [mail for mail in inbox.wait(1)]
    assert confirm["Subject"] == "Подтвердите адрес для meeple"
    assert confirm["Content-Language"] == "ru"
    page = client.get(link(confirm, "/mail/confirm"))
    assert "Адрес подтверждён" in page.text and '<html lang="ru">' in page.text
    m = turn_match(client, key)
    move(client, m, 0)
    notice = inbox.wait(2)[1]
    assert notice["Subject"] == "Ваш ход: Крестики-нолики"
    said = body_of(notice)
    assert "Аня, ваш ход в игре «Крестики-нолики»." in said and "Отписаться" in said
    assert f"/match/{m['match']}?lang=ru" in said
    stop = client.get(link(notice, "/mail/unsubscribe"))
    assert "Отписаться от писем" in stop.text


def test_every_word_of_the_mails_and_their_pages_is_in_both_languages() -> None:
    import meeple.server.mail
    import meeple.server.subscribe

    used = {key for module in (meeple.server.mail, meeple.server.subscribe)
            for key in re.findall(r'"((?:mail|web)\.[\w.]+)"',
                                  Path(str(module.__file__)).read_text("utf-8"))}
    assert len(used) > 15
    for lang in LANGS:
        words = texts("meeple.server", lang)
        assert not [k for k in used if not words.has(k)], lang


def test_a_notice_holds_no_token_no_key_and_nothing_hidden_from_the_seat(
        client: TestClient, inbox: Inbox) -> None:
    key = confirmed_player(client, inbox)
    m = turn_match(client, key, game="heavens")
    to_act = client.get(f"/api/matches/{m['match']}").json()["to_act"]
    while to_act == 1:  # Anna starts: she plays (with her key, no socket) until seat 0 does
        to_act = move(client, m, 1, me(key))["to_act"]
    while to_act == 0:  # seat 0 plays until it becomes Anna's turn: the notice
        to_act = move(client, m, 0)["to_act"]
    assert to_act == 1
    inbox.wait(2)
    raw = inbox.got[1][1]
    live = client.app.state.server.tables.get(m["match"])  # type: ignore[attr-defined]
    state = live.state
    assert state.to_act == 1
    facts = hidden_facts(state, 1, [state.determinize(1, j) for j in (1, 2)])
    assert facts  # seat 0's hand, the deck: there is something to hide
    told = body_of(parsed(raw)) + raw.decode("ascii", "replace")
    assert revealed(told, facts) == []
    secrets = [s["token"] for s in m["seats"]] + [m["host"], key]
    assert not [s for s in secrets if s in told]
    assert "token" not in told.lower()


@pytest.mark.parametrize("address", [
    "", "   ", "anna", "anna@", "@example.org", "anna@example", "anna@@example.org",
    "an na@example.org", "anna@exa mple.org", ".anna@example.org", "anna.@example.org",
    "an..na@example.org", "anna@-example.org", "anna@example.org\r\nBcc: x@y.org",
    "anna@example.org>", "<anna@example.org>", "Anna <anna@example.org>", "аня@example.org",
    "anna@пример.рф", "a" * 65 + "@example.org", "a@" + "b" * 250 + ".org",
    "a@" + ".".join(["b" * 60] * 5) + ".org", "x" * 10_000, "anna@example.org\u202e"])
def test_a_bad_address_is_refused_saying_what_is_allowed_and_nothing_changes(
        client: TestClient, inbox: Inbox, address: str) -> None:
    key = player(client)
    r = client.put("/api/players/me/email", json={"address": address}, headers=me(key))
    assert r.status_code == 422, r.text
    assert r.json()["reason"] == (f"address: {ADDRESS_RULE}; this one has "
                                  f"{len(address.strip())} characters and is not one")
    assert client.get("/api/players/me", headers=me(key)).json()["email"] is None
    settled(client)
    assert inbox.got == []


@pytest.mark.parametrize("body", [{}, {"address": 5}, {"address": ["a@b.org"]},
                                  {"address": "a@b.org", "more": 1}])
def test_a_malformed_body_is_refused(client: TestClient, inbox: Inbox,
                                     body: dict[str, Any]) -> None:
    key = player(client)
    r = client.put("/api/players/me/email", json=body, headers=me(key))
    assert r.status_code == 422 and r.json()["reason"]
    assert client.get("/api/players/me", headers=me(key)).json()["email"] is None


def test_confirmation_mails_are_bounded_per_player_and_per_address(
        client: TestClient, inbox: Inbox) -> None:
    key = player(client)
    for n in range(ASKS_PER_PLAYER):
        r = client.put("/api/players/me/email", json={"address": f"a{n}@example.org"},
                       headers=me(key))
        assert r.status_code == 200, r.text
    r = client.put("/api/players/me/email", json={"address": "last@example.org"},
                   headers=me(key))
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 3600
    assert "5 confirmation mails within a day" in r.json()["reason"]
    assert client.get("/api/players/me", headers=me(key)).json()["email"]["address"] == \
        f"a{ASKS_PER_PLAYER - 1}@example.org"
    for n in range(ASKS_PER_ADDRESS):  # many players, one victim's address
        r = client.put("/api/players/me/email", json={"address": "Victim@example.org"},
                       headers=me(player(client, f"P{n}")))
        assert r.status_code == 200, r.text
    r = client.put("/api/players/me/email", json={"address": "victim@EXAMPLE.org"},
                   headers=me(player(client, "Mallory")))
    assert r.status_code == 429 and "this address was sent" in r.json()["reason"]
    settled(client)
    assert len(inbox.got) == ASKS_PER_PLAYER + ASKS_PER_ADDRESS


def test_a_player_removes_the_address(client: TestClient, inbox: Inbox) -> None:
    key = confirmed_player(client, inbox)
    r = client.delete("/api/players/me/email", headers={**me(key), **JSON})
    assert r.status_code == 200 and r.json() == {"email": None, "removed": True}
    assert client.get("/api/players/me", headers=me(key)).json()["email"] is None
    m = turn_match(client, key)
    move(client, m, 0)
    settled(client)
    assert len(inbox.got) == 1
    assert client.delete("/api/players/me/email", headers=JSON).status_code == 401


def test_two_servers_claiming_one_notice_at_once_send_it_once(db: str) -> None:
    store = Store(db)
    tables = Tables(store)
    made = tables.create("tictactoe", ["human", "human"], pace="turn")
    anna, _ = People(store).create("Anna", "en")
    books = [Addresses(Store(db)) for _ in range(8)]
    start = threading.Barrier(len(books))
    won: list[bool] = []

    def claim(book: Addresses) -> None:
        start.wait()
        won.append(book.claim(made.match, anna, 3600))

    threads = [threading.Thread(target=claim, args=(b,)) for b in books]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(won) == [False] * 7 + [True]
    assert Addresses(store).claim(made.match, anna, 0.0)  # past the gap, it goes again


def test_a_mail_server_that_fails_harms_no_match(db: str, caplog: pytest.LogCaptureFixture
                                                 ) -> None:
    gone = MailSettings("127.0.0.1", free_port(), False, SENDER, PUBLIC)  # nobody listens
    app = make_app(Tables(Store(db)), bot_delay=0, limits=ROOMY, mail=gone)
    with TestClient(app) as client:
        key = player(client)
        r = client.put("/api/players/me/email", json={"address": "anna@example.org"},
                       headers=me(key))
        assert r.status_code == 502 and "kept unconfirmed" in r.json()["reason"]
        assert client.get("/api/players/me", headers=me(key)).json()["email"] == {
            "address": "anna@example.org", "confirmed": False}
        book = Addresses(Store(db))
        anna = People(book.store).by_key(key)
        assert anna is not None
        codes = book.give(anna, "anna@example.net")
        assert codes is not None and book.confirm(codes[0]) is not None
        m = turn_match(client, key)
        move(client, m, 0)  # the notice fails...
        settled(client)
        assert "the notice of match" in caplog.text and "ConnectionRefusedError" in caplog.text
        move(client, m, 1, me(key))  # ... and the match goes on
        move(client, m, 0)


def test_a_login_goes_without_tls_to_a_mail_server_on_this_machine_only() -> None:
    from aiosmtpd.smtp import AuthResult

    from meeple.cli.serve import lan_address
    from meeple.server.mail import MailSetupError, deliver, letter

    logins: list[tuple[bytes, bytes]] = []

    def authenticator(server: Any, session: Any, envelope: Any, mechanism: str,
                      data: Any) -> AuthResult:
        logins.append((data.login, data.password))
        return AuthResult(success=True)

    box = Inbox()
    box.port = free_port()
    controller = Controller(box, hostname="0.0.0.0", port=box.port, auth_require_tls=False,
                            authenticator=authenticator)
    controller.start()
    try:
        here = MailSettings("127.0.0.1", box.port, False, SENDER, PUBLIC, "anna", "s3cret")
        deliver(here, letter(here, "anna@example.org", "en", "hello", "body", "code"))
        assert logins == [(b"anna", b"s3cret")] and len(box.got) == 1
        lan = lan_address()
        if lan is None:
            pytest.skip("this machine has no network address to reach the mail server by")
        away = MailSettings(lan, box.port, False, SENDER, PUBLIC, "anna", "s3cret")
        with pytest.raises(MailSetupError, match="offers no TLS"):
            deliver(away, letter(away, "anna@example.org", "en", "hello", "body", "code"))
        assert logins == [(b"anna", b"s3cret")] and len(box.got) == 1
    finally:
        controller.stop()


def test_a_server_without_smtp_keeps_no_address(tmp_path: Path) -> None:
    from meeple.server import sqlite_url

    with TestClient(make_app(Tables(Store(sqlite_url(str(tmp_path / "n.db")))))) as c:
        key = player(c)
        r = c.put("/api/players/me/email", json={"address": "anna@example.org"},
                  headers=me(key))
        assert r.status_code == 501 and "started without --smtp" in r.json()["reason"]
        assert c.get("/api/players/me", headers=me(key)).json()["mail"] is False
        assert c.delete("/api/players/me/email", headers={**me(key), **JSON}).status_code == 200


def ask(url: str, method: str, body: dict[str, Any] | None = None,
        key: str | None = None) -> tuple[int, Any]:
    """A request to a real server: its status and its body (JSON, else text)."""
    req = urllib.request.Request(url, method=method,
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": f"Player {key}"} if key else {})})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            status, raw = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, raw = e.code, e.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode()


def test_a_real_meeple_serve_confirms_and_sends_one_notice(tmp_path: Path, inbox: Inbox
                                                           ) -> None:
    with serving(tmp_path, "--smtp", f"smtp://127.0.0.1:{inbox.port}", "--mail-from", SENDER,
                 "--public-url", PUBLIC + "/") as base:
        status, made = ask(f"{base}/api/players", "POST", {"name": "Anna", "lang": "en"})
        assert status == 201, made
        key = made["key"]
        status, _ = ask(f"{base}/api/players/me/email", "PUT", {"address": "anna@example.org"},
                        key)
        assert status == 200
        (confirm,) = inbox.wait(1)
        assert ask(base + link(confirm, "/mail/confirm"), "POST")[0] == 200
        status, m = call(f"{base}/api/matches", {"game": "tictactoe",
                                                 "seats": ["human", "human"], "pace": "turn"})
        assert status == 201, m
        status, _ = ask(f"{base}/api/players/me/seats", "POST",
                        {"match": m["match"], "token": m["seats"][1]["token"]}, key)
        assert status == 200
        snap = call(f"{base}/api/matches/{m['match']}", token=m["seats"][0]["token"])[1]
        status, _ = call(f"{base}/api/matches/{m['match']}/act",
                         {"action": snap["legal"][0]["text"], "version": snap["version"]},
                         m["seats"][0]["token"])
        assert status == 200
        notice = inbox.wait(2)[1]
        assert notice["Subject"] == "Your turn in Tic-tac-toe"
        assert urlsplit(link(notice, "/mail/unsubscribe")).path == "/mail/unsubscribe"
        assert f"{PUBLIC}/match/{m['match']}?lang=en" in body_of(notice)
        assert m["seats"][1]["token"] not in inbox.got[1][1].decode()
