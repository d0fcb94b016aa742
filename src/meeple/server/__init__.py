"""The table over a network (docs/server.md): matches kept in a database, a referee that alone
applies actions, and per-seat snapshots as the only thing sent. The HTTP and WebSocket layer of
``meeple serve`` is built on these."""

from .snapshots import build_snapshot
from .store import ForeignDatabase, NotStored, Store, sqlite_url
from .tables import DamagedMatch, NotYourTurn, StaleVersion, Tables, UnknownMatch

__all__ = ["DamagedMatch", "ForeignDatabase", "NotStored", "NotYourTurn", "StaleVersion",
           "Store", "Tables", "UnknownMatch", "build_snapshot", "sqlite_url"]
