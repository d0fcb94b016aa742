"""E-mail (docs/server.md, "Mail"): with ``meeple serve --smtp smtp://host:port`` a player may
give an address, confirmed by a link mailed to it, and is then mailed a notice when it becomes
their turn in a turn-based match while no socket of theirs is open, at most one per match an
hour, in the player's language, each mail with an unsubscribe link (``List-Unsubscribe``,
one-click by RFC 8058).

A notice says only what every seat and spectator may read: the game's name, that it is the
player's turn, the seats' shown names, the match page's address (no token: the seat opens in a
browser that holds the player's key) and the unsubscribe link. Mails are built with
:class:`email.message.EmailMessage` and sent by :mod:`smtplib` in a small pool of threads of
their own, so a slow or failing mail server delays no match and no database work; a failure is
logged and harms nothing else. The login comes from the environment
(``MEEPLE_SMTP_USER``, ``MEEPLE_SMTP_PASSWORD``), never from the command line, and is sent
only over TLS (``smtps://``, or STARTTLS, used whenever the server offers it), unless the mail
server is this machine. Which server of several sends a notice is decided by the database
(:meth:`.addresses.Addresses.claim`).
"""

from __future__ import annotations

import concurrent.futures
import logging
import re
import smtplib
import ssl
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formataddr, formatdate, make_msgid
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import urlsplit

from meeple.content import localized
from meeple.core import MeepleError
from meeple.i18n import texts

from .addresses import Addresses, Holder
from .people import Player
from .snapshots import shown
from .store import Store
from .tables import HUMAN

if TYPE_CHECKING:
    from .hub import Server

log = logging.getLogger("meeple.server")

#: The pace of a turn-based match (``matches.pace``), the only one notices are sent for.
TURN = "turn"
#: The fewest seconds between two notices of one match to one player.
NOTICE_GAP = 3600.0
#: Threads sending mail, mails waiting for one at most (more are dropped, and logged), and how
#: long one conversation with the mail server may wait on it, in seconds.
MAIL_THREADS = 4
MAIL_QUEUE = 200
SMTP_SECONDS = 20.0
#: The environment variables holding the mail server's login.
USER_VAR, PASSWORD_VAR = "MEEPLE_SMTP_USER", "MEEPLE_SMTP_PASSWORD"
#: The longest address (RFC 5321's path, less its brackets) and its local part.
ADDRESS_CHARS, LOCAL_CHARS = 254, 64
#: An address as the server takes it: a dot-atom of RFC 5322's characters before the ``@``,
#: a domain of two or more labels of letters, digits and inner hyphens after it. Only ASCII:
#: an international domain is written in its ``xn--`` form.
ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
ADDRESS = re.compile(rf"{ATOM}(?:\.{ATOM})*@{LABEL}(?:\.{LABEL})*\.(?:[A-Za-z]{{2,63}}|"
                     r"xn--[A-Za-z0-9-]{1,59})")
ADDRESS_RULE = (f"an e-mail address of at most {ADDRESS_CHARS} characters, as "
                "name@example.org: letters, digits and .!#$%&'*+/=?^_`{|}~- before the @ "
                f"(at most {LOCAL_CHARS}, no dot first, last or twice in a row), a domain with "
                "a dot after it, in ASCII (an international domain in its xn-- form)")
#: The mail servers on this machine, to which a login may go without TLS.
LOCAL = ("localhost", "127.0.0.1", "::1")


class MailSetupError(MeepleError):
    """``--smtp``, ``--mail-from``, ``--public-url`` or the login's variables are not usable."""


def valid_address(address: str) -> bool:
    """Whether ``address`` is one the server mails (:data:`ADDRESS_RULE`).

    >>> valid_address("anna.k+meeple@example.org"), valid_address("a@b"), valid_address("a..b@c.de")
    (True, False, False)
    """
    local = address.rpartition("@")[0]
    return (len(address) <= ADDRESS_CHARS and len(local) <= LOCAL_CHARS
            and ADDRESS.fullmatch(address) is not None)


@dataclass(frozen=True)
class MailSettings:
    """Where mail goes and what it says it is from: the mail server, whether TLS starts at
    once (``smtps``) or by STARTTLS, the sender, the server's public address for links and
    the login (from the environment)."""

    host: str
    port: int
    tls: bool
    sender: str
    public: str
    user: str | None = None
    password: str | None = field(default=None, repr=False)

    @property
    def local(self) -> bool:
        """Whether the mail server is this machine (a login may reach it without TLS)."""
        return self.host in LOCAL or self.host.startswith("127.")


def mail_settings(smtp: str, sender: str | None, public: str,
                  environ: Mapping[str, str]) -> MailSettings:
    """The settings from ``--smtp``, ``--mail-from``, ``--public-url`` and the environment's
    login, or a :class:`MailSetupError` saying what is wrong (never echoing a password)."""
    parts = urlsplit(smtp)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise MailSetupError("--smtp: give smtp://host:port (STARTTLS whenever the mail "
                             "server offers it) or smtps://host:port (TLS from the start)")
    if parts.username is not None or parts.password is not None:
        raise MailSetupError(f"--smtp: put the login in {USER_VAR} and {PASSWORD_VAR}, not in "
                             "the address, where other users of this machine could read it")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise MailSetupError("--smtp: only smtp://host:port, without a path or a query")
    try:
        port = parts.port or (465 if parts.scheme == "smtps" else 587)
    except ValueError:
        raise MailSetupError("--smtp: the port is a number from 1 to 65535") from None
    if sender is None or not valid_address(sender):
        raise MailSetupError(f"--mail-from: the mails' sender, {ADDRESS_RULE}")
    user, password = environ.get(USER_VAR) or None, environ.get(PASSWORD_VAR) or None
    if (user is None) != (password is None):
        raise MailSetupError(f"set both {USER_VAR} and {PASSWORD_VAR} for a login, or neither")
    return MailSettings(parts.hostname, port, parts.scheme == "smtps", sender,
                        public_url(public), user, password)


def public_url(url: str) -> str:
    """``--public-url`` without its trailing slash, or a :class:`MailSetupError`."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
            or parts.fragment or parts.username is not None:
        raise MailSetupError("--public-url: the address people open the server at, as "
                             "https://meeple.example.org (no query, no login)")
    return url.rstrip("/")


def deliver(settings: MailSettings, message: EmailMessage) -> None:
    """Send ``message`` (a worker thread's job: it waits on the mail server). STARTTLS is
    used whenever offered; a login is refused over a link without TLS to another machine."""
    context = ssl.create_default_context()
    smtp = (smtplib.SMTP_SSL(settings.host, settings.port, timeout=SMTP_SECONDS,
                             context=context) if settings.tls
            else smtplib.SMTP(settings.host, settings.port, timeout=SMTP_SECONDS))
    with smtp:
        smtp.ehlo()
        secure = settings.tls
        if not secure and smtp.has_extn("starttls"):
            smtp.starttls(context=context)
            smtp.ehlo()
            secure = True
        if settings.user is not None:
            if not secure and not settings.local:
                raise MailSetupError(f"{settings.host} offers no TLS: the login is not sent "
                                     "over a link anyone on the way could read")
            smtp.login(settings.user, settings.password or "")
        smtp.send_message(message)


def letter(settings: MailSettings, to: str, lang: str, subject: str, body: str,
           stop: str) -> EmailMessage:
    """A mail to ``to`` in ``lang``, with its unsubscribe link (the code ``stop``) in the
    body and as ``List-Unsubscribe``, one-click (RFC 8058)."""
    msg = EmailMessage()
    msg["From"] = formataddr(("meeple", settings.sender))
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = formatdate(usegmt=True)
    msg["Message-ID"] = make_msgid(domain=settings.sender.rpartition("@")[2])
    msg["Auto-Submitted"] = "auto-generated"
    msg["List-Unsubscribe"] = f"<{stop_url(settings, stop)}>"
    msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg.set_content(body)
    msg["Content-Language"] = lang  # after the content, which sets the Content-* headers
    return msg


def stop_url(settings: MailSettings, code: str) -> str:
    return f"{settings.public}/mail/unsubscribe?code={code}"


def site(settings: MailSettings) -> str:
    """The server as a mail names it: its public address's host (and port)."""
    return urlsplit(settings.public).netloc


def confirmation(settings: MailSettings, player: Player, to: str, code: str,
                 stop: str) -> EmailMessage:
    """The mail asking the owner of ``to`` to confirm it for ``player``."""
    words = texts(__package__, player.lang)
    body = (words("mail.confirm.body", name=player.name, site=site(settings),
                  link=f"{settings.public}/mail/confirm?code={code}")
            + "\n\n-- \n" + words("mail.confirm.footer", link=stop_url(settings, stop)) + "\n")
    return letter(settings, to, player.lang, words("mail.confirm.subject"), body, stop)


class Turn(NamedTuple):
    """What a notice of a seat's turn says, taken from the match when it became that seat's
    turn: only what every seat and spectator may read (the spectator's view names the
    seats)."""

    match: str
    seat: int
    game: Any  # the match's Game, which names the game and the seats in each language
    view: dict[str, Any]  # the spectator's view
    named: tuple[str | None, ...]  # the players holding the seats
    present: frozenset[int]  # the seats with a socket open, on any server


def notice(settings: MailSettings, holder: Holder, turn: Turn, stop: str) -> EmailMessage:
    """The mail telling ``holder`` it is their turn in ``turn``'s match."""
    player = holder.player
    words = texts(__package__, player.lang)
    game = localized(type(turn.game), "name", player.lang)
    names = shown(turn.game.seat_names(turn.view, player.lang), turn.named)
    names[turn.seat] = words("mail.notice.to_act", seat=names[turn.seat])
    link = f"{settings.public}/match/{turn.match}?lang={player.lang}"
    body = (words("mail.notice.body", name=player.name, game=game, seats=", ".join(names),
                  link=link)
            + "\n\n-- \n" + words("mail.footer", name=player.name, site=site(settings),
                                  link=stop_url(settings, stop)) + "\n")
    return letter(settings, holder.address, player.lang,
                  words("mail.notice.subject", game=game), body, stop)


class Mailer:
    """The mail of one server: its settings, the threads that send, and what each match's
    last change made of whose turn it is (a notice goes when that changes)."""

    def __init__(self, settings: MailSettings, store: Store) -> None:
        self.settings = settings
        self.addresses = Addresses(store)
        self.pool = ThreadPoolExecutor(MAIL_THREADS, thread_name_prefix="meeple-mail")
        #: Mails given to the threads and not yet done (counted under ``counting``).
        self.waiting = 0
        self.counting = threading.Lock()
        #: The seat each match was last seen waiting for (None: none, or over).
        self.turns: dict[str, int | None] = {}

    def stop(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    def later(self, work: Callable[[], None], what: str) -> concurrent.futures.Future[None]:
        """Run ``work`` in a mail thread; a failure is logged (``what`` failed) and kept in
        the future answered, which only a caller waiting for it reads. Past
        :data:`MAIL_QUEUE` waiting mails, ``work`` is dropped (and logged)."""
        with self.counting:
            full = self.waiting >= MAIL_QUEUE
            self.waiting += not full
        if full:
            log.warning("%s was dropped: %d mails wait for the mail server already", what,
                        MAIL_QUEUE)
            done: concurrent.futures.Future[None] = concurrent.futures.Future()
            done.set_exception(OSError("too many mails wait for the mail server"))
            return done

        def run() -> None:
            try:
                work()
            except Exception as e:
                log.warning("%s failed: %s: %s", what, type(e).__name__, e)
                raise
            finally:
                with self.counting:
                    self.waiting -= 1

        return self.pool.submit(run)

    def send(self, message: EmailMessage, what: str) -> concurrent.futures.Future[None]:
        """Send ``message`` in a mail thread."""
        return self.later(lambda: deliver(self.settings, message), what)

    def turn(self, server: Server, match: str) -> None:
        """After a change of ``match`` (on the event loop): if it made it the turn of a seat
        a player holds, in a turn-based match, and no socket of that seat is open on any
        server, tell that player by mail (in a mail thread, if their address is confirmed
        and no notice of the match reached them within the hour)."""
        live = server.tables.live.get(match)
        if live is None:
            return
        seat = None if live.over else live.state.to_act
        if len(self.turns) > 100_000:  # forget the matches no longer held here
            self.turns = {m: s for m, s in self.turns.items() if m in server.tables.live}
        if self.turns.get(match, -1) == seat:
            return
        self.turns[match] = seat
        row = live.row
        present = frozenset(server.present(match))
        if (seat is None or row.pace != TURN or row.kinds[seat] != HUMAN
                or seat >= len(row.named) or not row.named[seat] or seat in present):
            return
        turn = Turn(match, seat, live.game, live.state.view(None), row.named, present)
        self.later(lambda: self.tell(turn), f"the notice of match {match}, seat {seat}")

    def tell(self, turn: Turn) -> None:
        """Mail the player holding the seat to act its notice, if it has a confirmed address,
        no socket open on another of its seats of the match (a player at the table sees it),
        and this server is the one to send it (a mail thread's job)."""
        holder = self.addresses.holder(turn.match, turn.seat)
        if (holder is None or holder.seats & turn.present
                or not self.addresses.claim(turn.match, holder.player, NOTICE_GAP)):
            return
        stop = self.addresses.new_stop(holder.player)
        deliver(self.settings, notice(self.settings, holder, turn, stop))
