"""The phases of a Grab and Hit turn (GAH-6), named.

A turn runs the steps before it (auction settlement, rebirth: GAH-10), the limbo checks
(GAH-37, GAH-38), the five phases of the rulebook, numbered as it numbers them, and the end.
The state keeps the phase as its number (``Phase`` is an ``IntEnum``, so the two compare equal)
because state fields hold plain data; views show the rulebook's words, as they always did.
"""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    """Where a turn stands; 1-5 are the rulebook's phases."""

    START = -3  # GAH-2, GAH-5: adventurers are chosen, then everyone spins for who starts
    BEFORE = -2  # GAH-10: auctions settle, the dead are reborn
    LIMBO = -1  # GAH-37, GAH-38: a limbo check before the turn
    SPIN = 1  # GAH-6
    INCOME = 2  # GAH-7, GAH-8
    DRAW = 3  # GAH-9
    FREE = 4  # GAH-42: free actions
    HIT = 5  # GAH-46: hit!
    END = 6
    OVER = 7


#: The word each phase has in views (and had in every earlier view).
TEXT = {Phase.START: "start", Phase.BEFORE: "before", Phase.LIMBO: "limbo", Phase.SPIN: "1",
        Phase.INCOME: "2", Phase.DRAW: "3", Phase.FREE: "4", Phase.HIT: "5",
        Phase.END: "end", Phase.OVER: "over"}

#: GAH-36: entering limbo loses phases 4 and 5 of this turn.
LOST_ENTERING = (int(Phase.FREE), int(Phase.HIT))
#: GAH-37: a failed check before the second limbo turn loses every phase but 2.
LOST_SECOND = (int(Phase.SPIN), int(Phase.DRAW), int(Phase.FREE), int(Phase.HIT))
#: GAH-38: a failed check before the third loses phase 1; the adventurer leaves at phase 3.
LOST_THIRD = (int(Phase.SPIN),)


def label(phase: int) -> str:
    """The view's word for a phase."""
    return TEXT[Phase(phase)]
