"""What ``meeple serve`` allows one client, one match and the whole server (docs/server.md,
"Limits"; SECURITY.md). Each bound has a ``meeple serve`` flag; past it a request gets a clear
refusal (a status and a sentence saying what was wrong and what is allowed), never a 500 and
never a slower answer for anyone else.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rate:
    """At most ``count`` requests per ``seconds`` from one client address."""

    count: int
    seconds: float

    def __str__(self) -> str:
        """As the flag takes it: ``20/60``."""
        return f"{self.count}/{self.seconds:g}"

    def words(self) -> str:
        """As a refusal says it: ``20 per 60 s``."""
        return f"{self.count} per {self.seconds:g} s"


def default_workers() -> int:
    """Bot worker processes: one fewer than the cores, at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True)
class Limits:
    """Every bound the server keeps. The defaults suit a public site on a small machine."""

    #: The largest request body, in bytes (413 past it).
    body_bytes: int = 64 * 1024
    #: The largest WebSocket message a client may send, in bytes (closed with 1009 past it).
    frame_bytes: int = 64 * 1024
    #: How deeply a request's JSON may nest (400 past it).
    json_depth: int = 16
    #: The longest string in a request, in characters (422 past it).
    string_chars: int = 2000
    #: Open connections (HTTP requests in flight and WebSockets) in all (503 past it).
    connections: int = 2000
    #: Open connections from one client address (503 or a close code past it).
    connections_per_client: int = 64
    #: Seconds a new connection has to send its first whole request before it is closed.
    first_request: float = 10.0
    #: New matches from one client address.
    new_matches: Rate = Rate(10, 60)
    #: New players from one client address.
    new_players: Rate = Rate(10, 60)
    #: Actions (HTTP or WebSocket) from one client address.
    actions: Rate = Rate(600, 60)
    #: Undos from one client address.
    undos: Rate = Rate(60, 60)
    #: Unfinished matches created from one client address (409 past it).
    unfinished_per_client: int = 50
    #: A match no person has acted in for this many days is closed and unloaded.
    abandoned_days: float = 30.0
    #: The longest a bot may think per decision, in seconds.
    bot_seconds: float = 3.0
    #: The most search iterations a bot may spend per decision.
    bot_iterations: int = 20_000
    #: Worker processes that run the bots' thinking.
    bot_workers: int = field(default_factory=default_workers)
    #: Messages waiting for one listener before it is closed as too slow.
    listener_queue: int = 64
    #: The longest one message to a listener may wait to go out before it is closed as too
    #: slow, in seconds.
    listener_seconds: float = 10.0
    #: Whether a create request may choose the seed whatever its seats: for a test or a
    #: reproducible demonstration only, never on a server strangers reach (by default only a
    #: match with at most one person may choose, since a seat that knows the seed knows every
    #: hidden card).
    any_seed: bool = False
    #: Host names the server answers to and writes into links (empty: the address served and
    #: localhost).
    allowed_hosts: tuple[str, ...] = ()
