"""The decisions that interrupt a dwarf's turn, pushed on ``st.decisions`` (the top is taken now).

The turn itself is a flat sequence of steps (``st.step``: move, walk, fight or retreat, battle,
draw a tile, place it...). Two kinds of decision interrupt whichever step is open, which stays
open underneath and is taken up again once they are off the stack:

- a threshold's reward (CAT-9), one :class:`LevelUp` per threshold reached, taken at once;
- a trade (CAT-20): the dwarf composes an :class:`Offer` element by element, and once it is
  proposed the partner gives its :class:`Answer` out of turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple.core.decisions import Decision


@dataclass(frozen=True, slots=True)
class LevelUp(Decision):
    """CAT-9: the dwarf chooses +1 strength, +1 armour or +3 health."""

    kind = "level"


@dataclass(frozen=True, slots=True)
class Offer(Decision):
    """CAT-20: ``seat`` composes an offer to ``partner`` (items by index, money in half coins)."""

    kind = "trade"
    partner: int
    give: tuple[int, ...] = ()
    ask: tuple[int, ...] = ()
    give_money: int = 0
    ask_money: int = 0

    def is_empty(self) -> bool:
        """True while the offer holds nothing to propose."""
        return not (self.give or self.ask or self.give_money or self.ask_money)


@dataclass(frozen=True, slots=True)
class Answer(Decision):
    """CAT-20: ``seat`` (the partner) accepts or declines ``offer``, out of turn."""

    kind = "respond"
    offer: Offer


Pending = LevelUp | Offer | Answer
