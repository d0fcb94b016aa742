"""What ``meeple serve`` reads from its command line and does around it: request-rate and
limit options, the hosts it answers to, the machine's network address, the browser opened once
the server is up, and the default database file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click


class RateType(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.3 on
    """``COUNT/SECONDS``: at most COUNT requests per SECONDS from one client address."""

    name = "COUNT/SECONDS"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        from meeple.server.limits import Rate

        if isinstance(value, Rate):
            return value
        count, _, seconds = str(value).partition("/")
        try:
            rate = Rate(int(count), float(seconds))
        except ValueError:
            self.fail(f"{value!r} is not COUNT/SECONDS, such as 20/60", param, ctx)
        if rate.count < 1 or not 0 < rate.seconds <= 86_400:
            self.fail(f"{value!r}: COUNT is at least 1 and SECONDS between 0 and 86400",
                      param, ctx)
        return rate


#: ``meeple serve``'s bounds: (flag, Limits field, click type, help). Defaults are Limits'.
LIMIT_FLAGS: tuple[tuple[str, str, Any, str], ...] = (
    ("--allowed-host", "allowed_hosts", str,
     "A host name the server answers to and writes into links; repeat for several "
     "(default: the address served, localhost and 127.0.0.1)."),
    ("--bot-seconds", "bot_seconds", click.FloatRange(0.05, 600),
     "The longest a bot may think per decision; bots asking for more are refused."),
    ("--bot-iterations", "bot_iterations", click.IntRange(1, 10_000_000),
     "The most search iterations a bot may spend per decision."),
    ("--bot-workers", "bot_workers", click.IntRange(1, 256),
     "Worker processes for the bots' thinking (default: one fewer than the cores)."),
    ("--max-body", "body_bytes", click.IntRange(1024, 1 << 30),
     "The largest request body and WebSocket message, in bytes."),
    ("--max-connections", "connections", click.IntRange(1, 1_000_000),
     "Open connections in all."),
    ("--max-connections-per-client", "connections_per_client", click.IntRange(1, 1_000_000),
     "Open connections from one client address."),
    ("--first-request-seconds", "first_request", click.FloatRange(0.1, 3600),
     "Close a connection that has not sent a whole request within this time."),
    ("--rate-matches", "new_matches", RateType(), "New matches from one client address."),
    ("--rate-players", "new_players", RateType(), "New players from one client address."),
    ("--rate-actions", "actions", RateType(), "Actions from one client address."),
    ("--rate-undos", "undos", RateType(), "Undos from one client address."),
    ("--max-unfinished", "unfinished_per_client", click.IntRange(1, 1_000_000),
     "Unfinished matches created from one client address."),
    ("--listener-queue", "listener_queue", click.IntRange(1, 100_000),
     "Messages waiting for one WebSocket before it is closed as too far behind."),
    ("--listener-seconds", "listener_seconds", click.FloatRange(0.1, 3600),
     "The longest a message to one WebSocket may wait to go out before it is closed."),
    ("--abandon-days", "abandoned_days", click.FloatRange(0.001, 36_500),
     "Close a match no person has acted in for this many days."),
)


def limit_options(fn: Any) -> Any:
    """Add every :data:`LIMIT_FLAGS` option to ``meeple serve``, with Limits' default."""
    from meeple.server.limits import Limits

    fn = click.option("--any-seed", "any_seed", is_flag=True,
                      help="Let a new match choose its seed whatever its seats (for tests and "
                           "demonstrations: whoever knows a seed knows every hidden card).")(fn)
    base = Limits()
    for flag, name, kind, text in reversed(LIMIT_FLAGS):
        default = getattr(base, name)
        many = isinstance(default, tuple)
        fn = click.option(flag, name, type=kind, multiple=many, default=None if many else
                          default, show_default=not many and name != "bot_workers",
                          help=text)(fn)
    return fn


def limits_from(host: str, bounds: dict[str, Any]) -> Any:
    """The server's Limits from the flags (the WebSocket message bound follows the body's)."""
    from meeple.server.limits import Limits

    bounds = dict(bounds)
    bounds["allowed_hosts"] = tuple(bounds.get("allowed_hosts") or ()) or default_hosts(host)
    bounds["frame_bytes"] = bounds["body_bytes"]
    return Limits(**bounds)


def default_hosts(host: str) -> tuple[str, ...]:
    """The host names a server listening on ``host`` answers to by default: that address (and
    this machine's address on the network when it listens on every one), localhost, 127.0.0.1
    and ::1."""
    names = ["localhost", "127.0.0.1", "[::1]", "::1"]
    if host in ("0.0.0.0", "::"):
        lan = lan_address()
        names += [lan] if lan else []
    elif host not in names:
        names.append(host)
    return tuple(names)


def lan_address() -> str | None:
    """This machine's address on its local network (no packet is sent), or None."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.168.0.1", 9))
            addr: str = s.getsockname()[0]
        except OSError:
            return None
    return None if addr.startswith("127.") else addr


def open_when_up(host: str, port: int, page: str) -> None:
    """Open ``page`` in the web browser as soon as the server accepts connections."""
    import socket
    import threading
    import time
    import webbrowser

    def wait_and_open() -> None:
        for _ in range(200):
            try:
                with socket.create_connection((host, port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.05)
        webbrowser.open(page)

    threading.Thread(target=wait_and_open, daemon=True).start()


def default_db() -> Path:
    """``meeple.db`` in the user's data folder (``$MEEPLE_DATA_DIR`` when set)."""
    import os

    import platformdirs

    base = Path(os.environ.get("MEEPLE_DATA_DIR") or platformdirs.user_data_dir("meeple"))
    base.mkdir(parents=True, exist_ok=True)
    return base / "meeple.db"


def mail_options(fn: Any) -> Any:
    """Add ``--smtp``, ``--mail-from`` and ``--public-url`` to ``meeple serve``."""
    fn = click.option(
        "--public-url", default=None, metavar="URL",
        help="The address people open the server at, for the links in mails "
             "(default: the address served, this machine's network address when it listens "
             "on every network).")(fn)
    fn = click.option("--mail-from", default=None, metavar="ADDRESS",
                      help="The sender of the mails (with --smtp).")(fn)
    return click.option(
        "--smtp", default=None, metavar="URL",
        help="Mail players their turn in turn-based matches through this mail server: "
             "smtp://host:port (STARTTLS whenever offered) or smtps://host:port; the login, if "
             "any, from $MEEPLE_SMTP_USER and $MEEPLE_SMTP_PASSWORD, sent only over TLS unless "
             "the server is this machine (docs/server.md, \"Mail\").")(fn)


def mail_from_flags(smtp: str | None, sender: str | None, public: str | None, host: str,
                    port: int) -> Any:
    """The server's mail settings from its flags and the environment (None without --smtp),
    or a click error saying what is wrong."""
    import os

    from meeple.server.mail import MailSetupError, mail_settings

    if smtp is None:
        if sender is not None or public is not None:
            raise click.UsageError("--mail-from and --public-url go with --smtp")
        return None
    if public is None:
        shown = (lan_address() or "127.0.0.1") if host in ("0.0.0.0", "::") else host
        public = f"http://{f'[{shown}]' if ':' in shown else shown}:{port}"
    try:
        return mail_settings(smtp, sender, public, os.environ)
    except MailSetupError as e:
        raise click.UsageError(str(e)) from None
