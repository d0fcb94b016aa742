"""How often one client address may ask ``meeple serve`` for what costs it: new matches,
new players, actions and undos, each at most a number in any window of the bound's length
(the ``limits`` package's moving window, in this server's memory: it keeps the time of each
counted request, so the bound is exact at every moment, not only inside fixed windows). Past
it the request gets ``429`` with ``Retry-After`` and a sentence saying the bound; the refused
request changes nothing.

Behind a reverse proxy the client address is the one the proxy puts in ``X-Forwarded-For``
(uvicorn reads it from a proxy on this machine); each server counts on its own, so the bounds
of a site with several servers are per server (docs/deploy.md sets the proxy's own bounds).
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from .limits import Limits, Rate
from .refusal import Refused

#: What each bound counts, as a refusal names it.
WHAT = {"new_matches": "new matches", "new_players": "new players", "actions": "actions",
        "undos": "undos"}


def client_of(conn: HTTPConnection) -> str:
    """The client address of a request or WebSocket (uvicorn has applied the proxy's
    ``X-Forwarded-For`` when the proxy is trusted)."""
    return conn.client.host if conn.client else "unknown"


class Quota:
    """The rate bounds of one server, counted per client address."""

    def __init__(self, limits: Limits) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.items: dict[str, tuple[Rate, RateLimitItem]] = {
            name: (rate, RateLimitItemPerSecond(rate.count, max(1, round(rate.seconds))))
            for name in WHAT for rate in [getattr(limits, name)]}

    def take(self, name: str, client: str) -> None:
        """Count one ``name`` (``new_matches``, ``new_players``, ``actions``, ``undos``) for
        ``client``, or refuse it with 429 and when to try again."""
        rate, item = self.items[name]
        if self.limiter.hit(item, client, name):
            return
        stats = self.limiter.get_window_stats(item, client, name)
        wait = max(1, math.ceil(stats.reset_time - time.time()))
        raise Refused(429, f"too many {WHAT[name]} from your address: at most {rate.words()}; "
                           f"try again in {wait} s", retry_after=wait)
