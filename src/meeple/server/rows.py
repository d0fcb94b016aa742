"""The rows ``meeple serve``'s store reads and writes, as the rest of the server holds them: a
match, a line of the lobby's list, a row of a match's log, a match just made."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .clocks import Clock


@dataclass(frozen=True)
class MatchRow:
    """A match as stored: its set-up, its seats' kinds (``human`` or a bot spec), which seats
    have a token (a person was invited to play them) and its version."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    public: bool
    version: int
    over: bool
    kinds: tuple[str, ...]
    invited: tuple[bool, ...]
    closed: bool = False
    #: The name of the player each seat belongs to (None: no player's).
    named: tuple[str | None, ...] = ()
    #: The match made as this one's rematch (None: none yet).
    rematch: str | None = None
    #: Who may write in its chat (``seats``, ``all``, ``off``) and how many messages it holds.
    chat: str = "seats"
    said: int = 0
    #: ``live`` or ``turn`` (turn-based), and its clock (:mod:`.clocks`; None: no clock).
    pace: str = "live"
    clock: Clock | None = None


class Listed(NamedTuple):
    """A match of the lobby's public list: its set-up and how many open seats are free, when
    it was made, its options and the name of the player each seat belongs to (None: none)."""

    id: str
    game: str
    players: int
    version: int
    kinds: tuple[str, ...]
    free: int
    created: float = 0.0
    options: dict[str, Any] = {}  # noqa: RUF012 (never changed: a row read once)
    named: tuple[str | None, ...] = ()
    pace: str = "live"
    clock: dict[str, Any] | None = None  # the clock's rule (clocks.Rule.to_json), if any


class LogRow(NamedTuple):
    """One row of a match's log: an action (``kind`` "act", ``action`` its text) or an undo
    (``kind`` "undo", ``action`` how many actions of the timeline are kept)."""

    version: int
    seat: int
    kind: str
    action: str


class NewMatch(NamedTuple):
    """A match just made: its id, a token per invited seat, and the host's token (each shown
    once, kept only hashed)."""

    match: str
    tokens: dict[int, str]
    host: str
