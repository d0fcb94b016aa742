"""The table over a network (docs/server.md): matches kept in a database, a referee that alone
applies actions, and per-seat snapshots as the only thing sent. The HTTP and WebSocket layer of
``meeple serve`` is built on these.

The names below load on first use, so a command that only reads the server's bounds
(``meeple.server.limits``, for ``meeple serve --help``) does not import the database layer.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names as the type checker sees them
    from .snapshots import build_snapshot
    from .store import ForeignDatabase, NotStored, Store, sqlite_url
    from .tables import DamagedMatch, NotYourTurn, StaleVersion, Tables, UnknownMatch

#: Each public name and the module that defines it.
_WHERE = {
    "build_snapshot": "snapshots",
    "ForeignDatabase": "store", "NotStored": "store", "Store": "store", "sqlite_url": "store",
    "DamagedMatch": "tables", "NotYourTurn": "tables", "StaleVersion": "tables",
    "Tables": "tables", "UnknownMatch": "tables",
}

__all__ = ["DamagedMatch", "ForeignDatabase", "NotStored", "NotYourTurn", "StaleVersion",
           "Store", "Tables", "UnknownMatch", "build_snapshot", "sqlite_url"]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
