"""A seat's own reading of a state's log, memoised: what ``determinize`` gives a world.

A search asks for the same seat's reading of the same state at every iteration, and the game
asks again after every move: the reading is kept per state and seat, extended by the entries
added since, and the last one asked for is found without a weak reference.
"""

from __future__ import annotations

import weakref
from typing import Any

from .actions import Action

#: Log entries. An action: ("A", seat, action, public_text_or_None).
#: An event: ("E", kind, data, seats_that_see_it_or_None, redacted_data_or_None).
LogEntry = tuple[Any, ...]
#: Per state and seat, the last log seen and its redaction for that seat.
_SEEN: weakref.WeakKeyDictionary[Any, dict[int, tuple[Any, Any]]] = weakref.WeakKeyDictionary()
#: The last of them asked for, by seat: (state, log, its redaction), read without a weak
#: reference (a search asks for the same one every iteration).
_LAST_SEEN: dict[int, tuple[Any, Any, LogEntry | None]] = {}


def seen_log(owner: Any, log_now: LogEntry | None, seat: int) -> LogEntry | None:
    """The log ``log_now`` of the state ``owner`` as ``seat`` saw it: others' private actions
    as their public text, events it may not see left out or redacted."""
    last = _LAST_SEEN.get(seat)
    if last is not None and last[0] is owner and last[1] is log_now:
        return last[2]
    memo = _SEEN.get(owner)
    if memo is None:
        memo = _SEEN[owner] = {}
    log = log_now
    known, seen = memo.get(seat, (None, None))
    told: LogEntry | None = seen
    fresh: list[LogEntry] = []
    node = log
    while node is not known:
        if node is None:  # the memo is of another past (an undo): start again
            fresh.clear()
            node = log
            while node is not None:
                fresh.append(node[1])
                node = node[0]
            told = None
            break
        fresh.append(node[1])
        node = node[0]
    for e in reversed(fresh):
        if e[0] == "A":
            if e[3] is not None and e[1] != seat:
                e = ("A", e[1], Action(e[3]), None)
        elif e[3] is not None and seat not in e[3]:
            if e[4] is None:
                continue
            e = ("E", e[1], e[4], None, None)
        told = (told, e)
    memo[seat] = (log, told)
    _LAST_SEEN[seat] = (owner, log, told)
    return told
