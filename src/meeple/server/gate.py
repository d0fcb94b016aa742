"""The door of ``meeple serve``: how many connections it keeps open, in all and per client
address, counted where uvicorn accepts them (docs/server.md, "Limits").

A connection is counted from the moment it is accepted until it closes, whether it carries HTTP
requests, waits idle or has become a WebSocket, so a client holding a thousand idle sockets is
refused as surely as one opening a thousand WebSockets. Past a bound the connection is answered
``503`` with a sentence and ``Retry-After`` and closed at once, and the refusal is logged once
per client address per minute, not once per socket. A connection that has not sent a whole
request within ``limits.first_request`` seconds is closed, so that idle sockets cannot pile
up.

The server also raises its own open-file limit to the most the system allows, and keeps the
total bound below it, so that accepting never fails for want of a file descriptor.
"""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import time
from collections import Counter
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from .limits import Limits

log = logging.getLogger("meeple.serve")
#: Seconds between two log lines about one client address's refused connections.
LOG_EVERY = 60.0
#: File descriptors kept free beyond the connections (the database, logs, bot workers).
SPARE_FILES = 64


class Gate:
    """The open connections, in all and by client address, and whether one more may open."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        #: The client address of each open connection, by ``id`` of its transport.
        self.open: dict[int, str] = {}
        self.by_client: Counter[str] = Counter()
        self.logged: dict[str, float] = {}
        self.refused: Counter[str] = Counter()

    def admit(self, key: int, client: str) -> str | None:
        """Count a new connection ``key`` from ``client``; or, past a bound, why it is
        refused."""
        if self.total >= self.limits.connections:
            why = (f"the server has its most open connections ({self.limits.connections}); "
                   "try again in a few seconds")
        elif self.by_client[client] >= self.limits.connections_per_client:
            why = (f"too many connections from your address (at most "
                   f"{self.limits.connections_per_client} at once); close some and try again")
        else:
            self.total += 1
            self.by_client[client] += 1
            self.open[key] = client
            return None
        self._note(client, why)
        return why

    def release(self, key: int) -> None:
        """Connection ``key`` closed (its HTTP and WebSocket sides may both say so)."""
        client = self.open.pop(key, None)
        if client is None:
            return
        self.total -= 1
        self.by_client[client] -= 1
        if self.by_client[client] <= 0:
            del self.by_client[client]

    def _note(self, client: str, why: str) -> None:
        """Log a refusal once per client address per :data:`LOG_EVERY` seconds."""
        self.refused[client] += 1
        now = time.monotonic()
        if now - self.logged.get(client, -LOG_EVERY) >= LOG_EVERY:
            if len(self.logged) > 10_000:
                self.logged.clear()
            self.logged[client] = now
            log.warning("refusing connections from %s: %s (%d refused so far)", client, why,
                        self.refused[client])


def refusal(why: str) -> bytes:
    """A whole HTTP answer: 503 with ``why`` as JSON, to be sent before closing."""
    body = json.dumps({"reason": why}).encode()
    return (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
            b"retry-after: 10\r\nconnection: close\r\ncontent-length: "
            + str(len(body)).encode() + b"\r\n\r\n" + body)


def protocols(gate: Gate) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's HTTP and WebSocket protocols, counting their connections at ``gate``."""

    class GatedHTTP(AutoHTTPProtocol):  # type: ignore[misc,valid-type]
        def connection_made(self, transport: Any) -> None:
            peer = transport.get_extra_info("peername")
            why = gate.admit(id(transport), str(peer[0]) if peer else "unknown")
            self._gate_open = why is None
            if why is not None:
                transport.write(refusal(why))
                transport.close()
                return
            super().connection_made(transport)
            asyncio.get_running_loop().call_later(gate.limits.first_request,
                                                    self._first_request_due)

        def _first_request_due(self) -> None:
            if self.cycle is None and self.transport.get_protocol() is self:
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            if not self._gate_open:
                return
            gate.release(id(self.transport))
            super().connection_lost(exc)

    assert AutoWebSocketsProtocol is not None

    class GatedSocket(AutoWebSocketsProtocol):  # type: ignore[misc,valid-type]
        def connection_lost(self, exc: Exception | None) -> None:
            gate.release(id(self.transport))
            super().connection_lost(exc)

    return GatedHTTP, GatedSocket


def open_files(limits: Limits) -> Limits:
    """Raise this process's open-file limit to the system's most and return ``limits`` with the
    total connections kept below it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    room = max(16, soft - SPARE_FILES) if soft != resource.RLIM_INFINITY else limits.connections
    if limits.connections <= room:
        return limits
    log.warning("at most %d connections: the open-file limit is %d", room, soft)
    from dataclasses import replace

    return replace(limits, connections=room)
