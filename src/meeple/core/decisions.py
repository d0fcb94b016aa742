"""The stack of pending decisions: who must decide now, and what about, when choices nest.

A turn is a sequence of small decisions, and some of them interrupt others: a shield check in
the middle of an attack in the middle of a turn, a bid in an auction that a move opened, a
partner's answer to a trade offer. A state keeps the decisions still open as a stack in its
``decisions`` field; the top one is the decision being taken now. Each is a small frozen
dataclass that derives from :class:`Decision`: its class names its ``kind`` (the rulebook's word
for the decision) and its fields say who decides (``seat``) and whatever the rules must remember
to resume (the attacker, the damage still to deal, the cells already visited...). The fields are
typed, so ``mypy`` checks every read, and immutable (numbers, strings, tuples, frozensets), so a
clone copies the stack with one slice.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class ShieldCheck(Decision):
...     kind = "shield check"
...     attacker: int
...     damage: int
>>> stack: list[Decision] = [ShieldCheck(seat=2, attacker=0, damage=3)]
>>> top(stack)
ShieldCheck(seat=2, attacker=0, damage=3)
>>> describe(top(stack))
{'kind': 'shield check', 'seat': 2}

The State base shows the top decision in every view as ``decision: {kind, seat}`` and the
contract suite checks that its seat is the seat to act. A state saves the stack in ``to_json``
as ``{"@k": [kind, {field: value}]}`` entries; ``restore`` decodes each entry by the decision
classes the field's annotation names (``decisions: list[Fight | ShieldCheck]``), so an unknown
kind, a missing field or a mistyped one is refused with its path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

D = TypeVar("D", bound="Decision")


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision still to be taken: its kind (class-wide) and the seat that takes it."""

    #: The rulebook's word for this kind of decision, shown in views as ``decision.kind``.
    kind: ClassVar[str] = "decision"
    seat: int


def top(stack: Sequence[D]) -> D | None:
    """The decision being taken now, or None when no decision is pending."""
    return stack[-1] if stack else None


def describe(decision: Decision | None) -> dict[str, Any] | None:
    """What every seat sees of a pending decision: its kind and the seat that takes it."""
    if decision is None:
        return None
    return {"kind": decision.kind, "seat": decision.seat}


def is_decision_type(tp: Any) -> bool:
    """True for a class derived from :class:`Decision` (values the state keeps as they are)."""
    return isinstance(tp, type) and issubclass(tp, Decision)
