"""Several servers, one table: every server hears the changes the others commit.

A change is announced inside the transaction that commits it (``pg_notify``, delivered only on
commit, so nobody hears of a change that is not stored); the announcement carries the match
and its version only — PostgreSQL keeps no history of them and caps their size — and each
server that holds the match reads the new log rows from the store and pushes every seat its
own snapshot. :class:`Fanout` listens on one connection of its own, in a thread, and hands
each announcement to the event loop. After its connection drops it connects again and asks
for every match to be read afresh (announcements sent meanwhile are lost). Presence travels
the same way: a server announces which seats of a match have a socket open on it whenever
that changes, and again for a server that says hello when it starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable

import psycopg
from sqlalchemy.engine import make_url

from .store import CHANNEL

#: How long the listening thread waits for announcements before it checks whether to stop.
POLL = 0.5


def conninfo(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as psycopg connects to it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Fanout:
    """Hears every announcement on :data:`CHANNEL` but those of the server ``me``;
    ``heard(match, version)`` runs on ``loop`` for each, and ``lost()`` after a
    reconnection."""

    def __init__(self, url: str, me: str, loop: asyncio.AbstractEventLoop, *,
                 heard: Callable[[str, int], None], seen: Callable[[str, str, set[int]], None],
                 hello: Callable[[], None], lost: Callable[[], None]) -> None:
        self.info, self.me, self.loop = conninfo(url), me, loop
        self.heard, self.seen, self.hello, self.lost = heard, seen, hello, lost
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="meeple-fanout", daemon=True)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(10)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(5)

    def _run(self) -> None:
        first = True
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.info, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if not first:
                        self.loop.call_soon_threadsafe(self.lost)
                    first = False
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=POLL):
                            self._hand(note.payload)
            except psycopg.Error:
                self.stopping.wait(1.0)

    def _hand(self, payload: str) -> None:
        """Hand on another server's announcement (this server's own are already applied):
        ``<match> <version> <server>`` a change; ``<match> ~ <server> <seats>`` the seats
        with a socket open on that server; ``* hello <server>`` a server that just started
        and wants to know who is where."""
        match, version, sender, *rest = [*payload.split(" "), "", ""]
        if sender == self.me:
            return
        with contextlib.suppress(ValueError, RuntimeError):  # a stray payload; a closed loop
            if match == "*":
                self.loop.call_soon_threadsafe(self.hello)
            elif version == "~":
                seats = {int(x) for x in rest[0].split(",") if x}
                self.loop.call_soon_threadsafe(self.seen, match, sender, seats)
            else:
                self.loop.call_soon_threadsafe(self.heard, match, int(version))
