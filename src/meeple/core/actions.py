"""Actions: small immutable values with a stable, human-readable text.

The text is the wire format (records, terminal, browser, logs), so ``parse(str(a)) == a``:

>>> a = Action("move east", ("move", 1))
>>> str(a), a.data
('move east', ('move', 1))
>>> a == Action("move east", ("move", 1))
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any


class Action(tuple[str, Any]):
    """An action: its text and an optional hashable payload the game reads when applying it.

    It is a 2-tuple ``(text, data)`` so that creating, hashing and comparing one is as cheap
    as Python allows; games usually build their actions once and reuse them.
    """

    __slots__ = ()

    def __new__(cls, text: str, data: Hashable = None) -> Action:
        return tuple.__new__(cls, (text, data))

    @property
    def text(self) -> str:
        """The human-readable text, unique among the legal actions of a state."""
        return self[0]

    @property
    def data(self) -> Any:
        """The game's payload (any hashable value), never shown to players."""
        return self[1]

    def __str__(self) -> str:
        return self[0]

    def __repr__(self) -> str:
        return f"Action({self[0]!r})"

    def __getnewargs__(self) -> tuple[str, Any]:
        return (self[0], self[1])
