"""The decisions taken inside an action (HVN-31): they wait on the state's ``decisions`` stack.

An action of the actions phase is paid for when it is declared; what it still needs — the
steps of a move, the rings an acquiring character takes, the target of an ability or a power —
is a decision pushed on top of the stack and popped when taken. Each holds only immutable
values, so a clone copies the stack with one slice.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple.core.decisions import Decision


@dataclass(frozen=True, slots=True)
class Move(Decision):
    """HVN-34: the next step of a moving character, or stopping."""

    kind = "move"
    card: int
    left: int  # steps still allowed
    visited: tuple[int, ...]  # hexes the move has passed through (never entered again)
    taken: int  # steps taken so far


@dataclass(frozen=True, slots=True)
class Acquire(Decision):
    """HVN-35: which dropped ring an acquiring character takes next, or being done."""

    kind = "acquire"
    card: int
    hex: int  # where the dropped rings lie
    taken: int  # rings taken so far (the first one is compulsory)


@dataclass(frozen=True, slots=True)
class ChooseTarget(Decision):
    """The target of an ability (``source`` is the acting character) or a divine power."""

    kind = "target"
    source: int | None  # the character using its ability; None for a divine power
    card: int  # the card whose ability or power resolves
