"""The board (CAT-2, CAT-28): sides, passages between explored cells, what lies on a cell.

A cell's tile is a mask of its open sides (``SIDE_BITS``, north first, clockwise); two explored
neighbours are joined only when both facing sides are open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import CatacombsState

DIRS = ("north", "east", "south", "west")
SIDE_BITS = (1, 2, 4, 8)
OPP = (2, 3, 0, 1)  # index of the opposite side
LETTERS = "NESW"


def mask_text(mask: int) -> str:
    """``NES`` for a tile open to the north, east and south."""
    return "".join(ch for ch, b in zip(LETTERS, SIDE_BITS, strict=True) if mask & b)


def monster_at(st: CatacombsState, cell: int) -> int:
    """The monster index whose face-up card lies on ``cell`` (-1 if none)."""
    c = st.card[cell]
    if c < 0:
        return -1
    card = st.game.cat.cards[c]
    return card.ref if card.kind == "monster" else -1


def connected(st: CatacombsState, cell: int, d: int) -> int:
    """The explored neighbour beyond side ``d`` joined by a passage, else -1 (CAT-28)."""
    n = st.game.nb[cell][d]
    if n < 0 or st.tile[n] < 0:
        return -1
    if st.tile[cell] & SIDE_BITS[d] and st.tile[n] & SIDE_BITS[OPP[d]]:
        return n
    return -1
