"""The live side of ``meeple serve``: who listens to each match, the pushes that tell them of
each change, the bots that play in the matches, and — when several servers share one
PostgreSQL database — what the others committed, where their sockets are and which server
plays which match's bots (docs/server.md).

Bot seats are played here, each move chosen in a worker process (:mod:`.thinking`) from its
own InfoSet, with a short pause so people see the move. The open sockets say which seats have
someone connected.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from starlette.requests import HTTPConnection
from starlette.websockets import WebSocket

from . import clocks
from .limits import Limits
from .outbox import Outbox
from .people import People, key_of
from .quota import Quota
from .refusal import Refused
from .store import NotStored
from .tables import (
    HUMAN,
    DamagedMatch,
    MatchClosed,
    NotYourTurn,
    StaleVersion,
    Tables,
    UnknownMatch,
)
from .thinking import Decision, Thinking, decision_seed
from .weighed import Weighed

if TYPE_CHECKING:
    from .fanout import Fanout
    from .mail import Mailer

#: A server holds a match's bots this long unless it renews, which it does every LEASE_EVERY.
LEASE_SECONDS = 3.0
LEASE_EVERY = 1.0
T = TypeVar("T")
#: Worker threads for what waits on the database (bots think in processes: .thinking).
WORKERS = 32
#: How often clocks whose time ran out are looked for, in seconds.
CLOCK_EVERY = 0.5
#: How often idle matches are looked for and closed, in seconds.
SWEEP_EVERY = 3600.0
#: What is said of a match whose stored record cannot be restored, and the WebSocket close
#: code that says it (4000 + the HTTP status, 410: the match cannot be played here any more).
DAMAGED = "this match's record is damaged"
DAMAGED_CLOSE = 4410
#: What is said of a match closed after nobody played it for ``limits.abandoned_days``.
CLOSED = "this match was closed: nobody played it for a long time"
CLOSED_CLOSE = 4410
#: How long a write probe's verdict (:meth:`Server.writable`) is kept, in seconds.
PROBE_EVERY = 1.0



@dataclass(eq=False)
class Listener:
    """An open WebSocket: the seat it speaks for, its language and what waits to be sent to
    it (everything sent to the socket goes through its outbox)."""

    socket: WebSocket
    seat: int | None
    lang: str
    board: bool  # whether it shows the board as text (``?board=text``)
    outbox: Outbox


class Server:
    """The matches, who listens to each, and the bots that play in them."""

    def __init__(self, tables: Tables, bot_delay: float = 0.4,
                 limits: Limits | None = None) -> None:
        self.tables = tables
        self.limits = limits or Limits()
        self.quota = Quota(self.limits)
        self.bot_delay = bot_delay
        #: This server among the others on one database (its bots' leases name it).
        self.name = tables.store.name
        self.listeners: dict[str, set[Listener]] = {}
        self.thinking = Thinking(self.limits.bot_workers)
        self.running: dict[str, asyncio.Task[None]] = {}
        self.claimed: set[tuple[str, int]] = set()
        self.fanout: Fanout | None = None
        #: The matches being read after an announcement, with the newest version announced.
        self.reading: dict[str, int] = {}
        self.keeper: asyncio.Task[None] | None = None
        self.sweeper: asyncio.Task[None] | None = None
        self.clocks: asyncio.Task[None] | None = None
        #: Work started by a push or a socket that the loop must keep until it ends.
        self.chores: set[asyncio.Task[None]] = set()
        #: The seats with a socket open on each other server, by match (PostgreSQL only).
        self.remote: dict[str, dict[str, frozenset[int]]] = {}
        #: When the database was last asked to take a write, and whether it did.
        self.probed: tuple[float, bool] = (-PROBE_EVERY, True)
        #: The "your turn" mail, when the server was given --smtp (:mod:`.mail`).
        self.mail: Mailer | None = None
        tables.presence = self.present

    async def off(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` on the event loop for SQLite, whose statements are local
        reads and writes; in a worker thread on PostgreSQL, whose statements wait for the
        database server, so that other matches go on meanwhile."""
        if self.tables.store.shared:
            return await asyncio.to_thread(fn, *args, **kwargs)
        return fn(*args, **kwargs)

    async def start(self) -> None:
        """Hear the other servers on a shared database, resume the bots of every unfinished
        match and keep this server's bot leases."""
        store = self.tables.store
        # Moves, bots and reads of other servers' changes wait in worker threads.
        asyncio.get_running_loop().set_default_executor(
            ThreadPoolExecutor(WORKERS, thread_name_prefix="meeple"))
        if store.shared:
            from .fanout import Fanout

            self.fanout = Fanout(store.engine.url.render_as_string(hide_password=False),
                                 self.name, asyncio.get_running_loop(), heard=self.heard,
                                 seen=self.seen, hello=self.hello, lost=self.lost)
            self.fanout.start()
            store.beat(LEASE_SECONDS)
            store.announce(f"* hello {self.name}")
        for match in store.unfinished():
            self.wake(match)
        self.keeper = asyncio.get_running_loop().create_task(self.keep_leases())
        self.sweeper = asyncio.get_running_loop().create_task(self.close_idle())
        self.clocks = asyncio.get_running_loop().create_task(self.watch_clocks())

    async def writable(self) -> bool:
        """Whether the database takes a write (tried at most once per :data:`PROBE_EVERY`,
        so a health check polled often costs one small commit a second)."""
        at, ok = self.probed
        if time.monotonic() - at >= PROBE_EVERY:
            try:
                await asyncio.to_thread(self.tables.store.probe)
                ok = True
            except Exception:  # NotStored, or a database gone: either way no write
                ok = False
            self.probed = (time.monotonic(), ok)
        return ok

    def stop(self) -> None:
        for task in (self.keeper, self.sweeper, self.clocks):
            if task is not None:
                task.cancel()
        if self.fanout is not None:
            self.fanout.stop()
        self.thinking.stop()

    def forget_if_done(self, match: str) -> None:
        """Free what a finished match nobody watches holds in memory (its state, bots and
        listener set); it is read from the store again if anyone asks."""
        live = self.tables.live.get(match)
        if live is None or not live.over or self.listeners.get(match):
            return
        task = self.running.get(match)
        if task is not None and not task.done() and task is not asyncio.current_task():
            return
        self.listeners.pop(match, None)
        self.running.pop(match, None)
        self.tables.forget(match)

    def snapshot(self, match: str, seat: int | None, lang: str, board: bool) -> dict[str, Any]:
        """The seat's snapshot, with the board as text (``screen``) if ``board``."""
        snap = self.tables.snapshot(match, seat, lang)
        if board:
            text = self.tables.board(match, seat, lang)
            if text is not None:
                snap = {**snap, "screen": text}
        return snap

    def here(self, match: str) -> set[int]:
        """The seats of ``match`` with a socket open on this server (a worker thread may ask:
        the set is copied at once)."""
        ears = tuple(self.listeners.get(match, ()))
        return {ear.seat for ear in ears if ear.seat is not None}

    def present(self, match: str) -> set[int]:
        """The seats of ``match`` with at least one socket open now, here or on another
        server."""
        return self.here(match).union(*self.remote.get(match, {}).values())

    def listen(self, match: str, socket: WebSocket, seat: int | None, lang: str,
               board: bool) -> Listener:
        """Add an accepted socket to the listeners of ``match``, its snapshot on the way."""
        ear = Listener(socket, seat, lang, board, Outbox(
            socket, self.limits.listener_queue, self.limits.listener_seconds,
            build=lambda: self.snapshot(match, seat, lang, board),
            dropped=lambda: self.leave(match, ear)))
        self.listeners.setdefault(match, set()).add(ear)
        ear.outbox.start()
        ear.outbox.snapshot()
        return ear

    async def leave(self, match: str, ear: Listener) -> None:
        """Forget a socket that closed or was dropped (once), and tell the others if its seat
        is no longer present."""
        ear.outbox.stop()
        ears = self.listeners.get(match)
        if ears is None or ear not in ears:
            return
        before = self.here(match)
        ears.discard(ear)
        self.forget_if_done(match)  # before any wait: a closing socket's task may be ended
        await self.moved(match, before)

    async def moved(self, match: str, before: set[int], skip: Listener | None = None) -> None:
        """After a socket opened or closed: if the seats here changed, tell the other servers
        and this server's other listeners."""
        now = self.here(match)
        if now != before:
            self.push(match, skip=skip)
            if self.tables.store.shared:
                await asyncio.to_thread(self.tables.store.announce,
                                        f"{match} ~ {self.name} {','.join(map(str, sorted(now)))}")

    def seen(self, match: str, server: str, seats: set[int]) -> None:
        """Another server says which seats of ``match`` have a socket open on it."""
        there = self.remote.setdefault(match, {})
        if there.get(server, frozenset()) == seats:
            return
        if seats:
            there[server] = frozenset(seats)
        else:
            there.pop(server, None)
        if match in self.tables.live:
            self.push(match)

    def hello(self) -> None:
        """A server started: tell it where this server's sockets are."""
        for match in list(self.listeners):
            seats = self.here(match)
            if seats:
                self.tables.store.announce(
                    f"{match} ~ {self.name} {','.join(map(str, sorted(seats)))}")

    def forget_servers(self, alive: set[str]) -> None:
        """Drop the presence of servers no longer alive (stopped without saying so)."""
        for match, there in list(self.remote.items()):
            gone = [s for s in there if s not in alive]
            for s in gone:
                del there[s]
            if gone and match in self.tables.live:
                self.push(match)

    def seat(self, conn: HTTPConnection, match: str) -> int | None:
        """The seat the request's token opens, else the first seat of the match the player
        of its key holds (None: a spectator); 401 for a wrong token."""
        token = bearer(conn, "token")
        self.tables.get(match)  # 404 first
        if not token:
            key = key_of(conn)
            return None if key is None else People(self.tables.store).seat_in(match, key)
        seat = self.tables.store.seat_of(match, token)
        if seat is None:
            raise Refused(401, "this token opens no seat of this match")
        if (match, seat) not in self.claimed:  # its link was opened: the seat is not free
            # A database that takes no writes still shows the match; the mark waits.
            with contextlib.suppress(NotStored):
                self.tables.store.claim(match, seat)
                self.claimed.add((match, seat))
        return seat

    def changed(self, match: str) -> None:
        """Tell every listener of ``match`` its new snapshot; let the bots move. Nothing here
        waits: an answer to the change goes out at once."""
        self.push(match)
        self.wake(match)
        self.notify_turn(match)

    def notify_turn(self, match: str) -> None:
        """If the change made it an absent player's turn, have them mailed (:mod:`.mail`)."""
        if self.mail is not None:
            self.mail.turn(self, match)

    def push(self, match: str, skip: Listener | None = None) -> None:
        """Queue for every listener of ``match`` (but ``skip``) its own snapshot, built when
        its writer sends it (:mod:`.outbox`)."""
        for ear in list(self.listeners.get(match, ())):
            if ear is skip:
                continue
            try:
                ear.outbox.snapshot()
            except DamagedMatch:
                self.later(self.close_damaged(match))
                return

    def heard(self, match: str, version: int) -> None:
        """Another server committed a change to ``match``: read it, tell this server's
        listeners and let the bots move (one server among those that hear it plays them).
        Announcements that come while a match is being read are read together after it."""
        if match not in self.tables.live:
            return
        if match in self.reading:
            self.reading[match] = max(self.reading[match], version)
            return
        self.reading[match] = version
        asyncio.get_running_loop().create_task(self._caught_up(match))

    async def _caught_up(self, match: str) -> None:
        try:
            while True:
                version = self.reading[match]
                if await asyncio.to_thread(self.tables.catch_up, match, version):
                    self.changed(match)
                if self.reading[match] == version:
                    return
        except DamagedMatch:
            await self.close_damaged(match)
        finally:
            del self.reading[match]

    def later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the event loop, held until it ends (a task nobody holds may be
        collected before it does)."""
        task = asyncio.get_running_loop().create_task(work)
        self.chores.add(task)
        task.add_done_callback(self.chores.discard)

    @staticmethod
    async def shut(ear: Listener, code: int, reason: str) -> None:
        """Close a listener's socket with ``code`` and ``reason``, sending nothing more; a
        socket that does not take the close within a second is left to its outbox's cut."""
        ear.outbox.stop()
        with contextlib.suppress(Exception):  # closed already, or not reading
            await asyncio.wait_for(ear.socket.close(code=code, reason=reason), 1.0)

    async def close_damaged(self, match: str) -> None:
        """Close every socket of a match found damaged (it was logged once, by the tables),
        saying so, and let its bots go."""
        for ear in list(self.listeners.pop(match, ())):
            await self.shut(ear, DAMAGED_CLOSE, DAMAGED)
        with contextlib.suppress(Exception):  # the lease lapses on its own otherwise
            await asyncio.to_thread(self.tables.store.release, match, self.name)

    def lost(self) -> None:
        """Announcements may have been missed: read every match held here afresh."""
        for match, live in list(self.tables.live.items()):
            self.heard(match, live.version)

    async def keep_leases(self) -> None:
        """Every :data:`LEASE_EVERY` seconds, extend the leases of the bots this server plays
        and take over the bots of matches whose server stopped."""
        store = self.tables.store
        while True:
            await asyncio.sleep(LEASE_EVERY)
            with contextlib.suppress(Exception):  # a database hiccup: try again next time
                if store.shared:
                    self.forget_servers(await asyncio.to_thread(store.beat, LEASE_SECONDS))
                lapsed = await asyncio.to_thread(store.renew, self.name, LEASE_SECONDS)
                for match in lapsed:
                    with contextlib.suppress(UnknownMatch, DamagedMatch):
                        await asyncio.to_thread(self.tables.get, match)
                        await asyncio.to_thread(self.tables.catch_up, match)
                        self.wake(match)

    async def close_idle(self) -> None:
        """Now and every :data:`SWEEP_EVERY` seconds, close the matches no person has acted
        in for ``limits.abandoned_days`` and let go of what they hold here."""
        while True:
            with contextlib.suppress(Exception):  # a database hiccup: try again next time
                closed = await asyncio.to_thread(self.tables.close_idle,
                                                 self.limits.abandoned_days)
                for match in closed:
                    task = self.running.pop(match, None)
                    if task is not None:
                        task.cancel()
                    for ear in self.listeners.pop(match, set()):
                        await self.shut(ear, CLOSED_CLOSE, CLOSED)
            await asyncio.sleep(SWEEP_EVERY)

    async def watch_clocks(self) -> None:
        """Every :data:`CLOCK_EVERY` seconds, apply the rule of every clock whose time ran out
        (on whichever server sees it first: the store lets one of them do it) and tell the
        table."""
        while True:
            await asyncio.sleep(CLOCK_EVERY)
            with contextlib.suppress(Exception):  # a database hiccup: try again next time
                for one in await self.off(self.expired):
                    with contextlib.suppress(UnknownMatch, DamagedMatch, MatchClosed):
                        if await self.off(self.tables.time_out, one):
                            self.changed(one.match)

    def expired(self) -> list[clocks.Expired]:
        """The clocks whose time ran out now."""
        with self.tables.store.engine.connect() as db:
            return clocks.expired(db, time.time())

    async def back(self, match: str, seat: int | None) -> None:
        """A seat's player opened it: if a bot took it on time, it is theirs again."""
        if seat is None:
            return
        clock = self.tables.get(match).row.clock
        if (clock is not None and clock.away[seat]
                and await self.off(self.tables.come_back, match, seat)):
            self.changed(match)

    def wake(self, match: str) -> None:
        """Start the bots of ``match`` playing unless they already are."""
        task = self.running.get(match)
        if task is None or task.done():
            self.running[match] = asyncio.get_running_loop().create_task(self.play_bots(match))

    def current(self, match: str, version: int) -> bool:
        """Whether ``match`` is still at ``version`` here (a bot's move for it is wanted)."""
        live = self.tables.live.get(match)
        return live is not None and live.version == version

    async def play_bots(self, match: str) -> None:
        """While a bot seat is to act, let it choose (in a worker process) and apply its move.
        Only the server holding the match's lease plays its bots; it gives the lease up when
        a person is to act. A damaged match's bots stop (the tables logged it); so do bots
        whose move the database does not take: the next change or a restart wakes them."""
        try:
            await self._play_bots(match)
        except DamagedMatch:
            await self.close_damaged(match)
        except (NotStored, UnknownMatch):
            pass

    async def _play_bots(self, match: str) -> None:
        store, held = self.tables.store, False
        while True:
            live = self.tables.get(match)
            st, kinds = live.state, live.row.kinds
            seat, version = st.to_act, live.version
            if live.over or seat is None or kinds[seat] == HUMAN:
                if held:
                    await asyncio.to_thread(store.release, match, self.name)
                    held = False
                    if self.tables.get(match).version != version:
                        continue  # a change came in meanwhile: look again
                self.forget_if_done(match)
                return
            if not held:
                held = await asyncio.to_thread(store.lease, match, self.name, LEASE_SECONDS)
                if not held:
                    return  # another server plays them
            await asyncio.sleep(self.bot_delay)
            chosen = await self.thinking.choose(
                Decision(kinds[seat], live.row.game, decision_seed(live.row.seed, seat, version),
                         st.to_json(), seat, self.limits.bot_seconds, self.limits.bot_iterations),
                wanted=functools.partial(self.current, match, version))
            # An undo or a seat taken back while the bot thought: the move is dropped.
            with contextlib.suppress(StaleVersion, NotYourTurn):
                if chosen is not None:
                    self.tables.act(match, seat, chosen.text, version, bot=True,
                                    weighed=Weighed(seat, version + 1, chosen.played,
                                                    chosen.weighed))
            self.push(match)
            self.notify_turn(match)


def bearer(conn: HTTPConnection, param: str) -> str | None:
    """The secret of ``Authorization: Bearer …``, else of the query's ``param``."""
    auth = conn.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return conn.query_params.get(param)
