"""What waits to be sent to one WebSocket (docs/server.md, "Pushes and slow sockets").

Every message for a socket — its first snapshot, the pushes, the answers to its refused
actions — is put in its outbox, which never waits; the outbox's own writer task sends them in
order. So a socket that reads slowly, or never, delays nobody but itself. A socket that keeps
up gets every version; one whose outbox fills has its waiting snapshots folded into the
newest (a snapshot is whole); one whose single send has not gone out within its time, or
whose outbox is full of answers it does not read, is closed with :data:`BEHIND` and
forgotten.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

#: The close code and reason for a socket that fell too far behind its pushes; the page
#: reconnects and gets a fresh snapshot (4401, no seat, is the one code it does not retry).
BEHIND = 4008
BEHIND_REASON = "too far behind; reconnect to catch up"
#: The scope key under which :class:`Abortable` leaves a way to cut the connection.
ABORT = "meeple.abort"


class Outbox:
    """The messages waiting for one socket, and the task that sends them."""

    def __init__(self, socket: WebSocket, size: int, seconds: float,
                 build: Callable[[], dict[str, Any]],
                 dropped: Callable[[], Awaitable[None]]) -> None:
        self.socket, self.size, self.seconds = socket, size, seconds
        #: The seat's snapshot as the match is now.
        self.build = build
        #: What the server does once the socket is dropped (forget it, tell the others).
        self.dropped = dropped
        self.waiting: deque[dict[str, Any]] = deque()
        self.ready = asyncio.Event()
        self.closed = False
        self.writer: asyncio.Task[None] | None = None
        self.closer: asyncio.Task[None] | None = None  # held: a task nobody holds may vanish

    def start(self) -> None:
        """Start sending what is put here."""
        self.writer = asyncio.get_running_loop().create_task(self.write())

    def snapshot(self) -> None:
        """Queue the seat's snapshot as the match is now."""
        self.put({"type": "snapshot", "snapshot": self.build()})

    def put(self, message: dict[str, Any]) -> None:
        """Queue ``message``. A full outbox first folds its snapshots into the newest; if it
        is still full (answers nobody reads), the socket is dropped instead."""
        if self.closed:
            return
        if len(self.waiting) >= self.size:
            self.fold()
        if len(self.waiting) >= self.size:
            self.drop(stalled=False)
            return
        self.waiting.append(message)
        self.ready.set()

    def fold(self) -> None:
        """Keep only the newest waiting snapshot, after every other message: a snapshot is
        whole, so it tells all the older ones did."""
        snaps = [m for m in self.waiting if m["type"] == "snapshot"]
        rest = [m for m in self.waiting if m["type"] != "snapshot"]
        self.waiting = deque(rest + snaps[-1:])

    async def write(self) -> None:
        """Send the waiting messages in order, each within :attr:`seconds`."""
        while not self.closed:
            if not self.waiting:
                self.ready.clear()
                await self.ready.wait()
                continue
            message = self.waiting.popleft()
            try:
                await asyncio.wait_for(self.socket.send_json(message), self.seconds)
            except TimeoutError:
                self.drop(stalled=True)
                return
            except Exception:  # the socket closed: its own task forgets it
                self.closed = True
                return

    def stop(self) -> None:
        """The socket is gone: send nothing more."""
        self.closed = True
        if self.writer is not None and self.writer is not asyncio.current_task():
            self.writer.cancel()

    def drop(self, stalled: bool) -> None:
        """Close a socket that fell behind (``stalled``: its last send never went out)."""
        if self.closed:
            return
        self.stop()
        self.waiting.clear()
        self.closer = asyncio.get_running_loop().create_task(self._close(stalled))

    async def _close(self, stalled: bool) -> None:
        await self.dropped()
        # The close frame waits behind whatever the peer has not read; if it cannot go out in
        # time, or the peer never answers it, the connection is cut so it holds nothing more.
        abort: Callable[[], None] | None = self.socket.scope.get(ABORT)
        try:
            await asyncio.wait_for(self.socket.close(BEHIND, BEHIND_REASON),
                                   min(self.seconds, 1.0) if stalled else self.seconds)
        except Exception:
            stalled = True
        if abort is not None:
            asyncio.get_running_loop().call_later(0 if stalled else self.seconds, abort)


class Abortable:
    """ASGI middleware that leaves in each WebSocket's scope (under :data:`ABORT`) a way to
    cut its connection at once, where the server offers one (uvicorn's protocols keep their
    transport). A client that never reads would otherwise hold the connection, and the
    unsent bytes, as long as it likes: a graceful close waits for them to be read."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            transport = getattr(getattr(send, "__self__", None), "transport", None)
            if transport is not None and callable(getattr(transport, "abort", None)):
                scope[ABORT] = transport.abort
        await self.app(scope, receive, send)
