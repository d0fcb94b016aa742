"""The board (CAT-2, CAT-28): sides, passages between explored cells, what lies on a cell.

A cell's tile is a mask of its open sides (``SIDE_BITS``, north first, clockwise); two explored
neighbours are joined only when both facing sides are open. The geometry every rule reads; it
imports no rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import CatacombsState

DIRS = ("north", "east", "south", "west")
SIDE_BITS = (1, 2, 4, 8)
OPP = (2, 3, 0, 1)  # index of the opposite side
LETTERS = "NESW"
#: Every side open: the passages of a cell that has no tile.
ALL_SIDES = 15


def mask_text(mask: int) -> str:
    """``NES`` for a tile open to the north, east and south."""
    return "".join(ch for ch, b in zip(LETTERS, SIDE_BITS, strict=True) if mask & b)


def own_entrance(st: CatacombsState, s: int) -> int | None:
    """CAT-41: the cell of the entrance dwarf ``s`` chose at set-up (None before it chose)."""
    e = st.entered[s]
    return None if e is None else st.game.content.entrances[e].cell


def sides(st: CatacombsState, cell: int) -> int:
    """The open sides of ``cell``: its tile's mask. A cell with no tile (a dwarf stands on
    unexplored ground when the pile ran out before he could build, CAT-57) bars no side."""
    mask = st.tile[cell]
    return ALL_SIDES if mask is None else mask


def cell_of(st: CatacombsState, s: int) -> int:
    """The cell dwarf ``s`` stands on; asked only of a dwarf on the board."""
    cell = st.position[s]
    assert cell is not None, f"dwarf {s} is not on the board"
    return cell


def monster_at(st: CatacombsState, cell: int) -> int | None:
    """The monster index whose face-up card lies on ``cell`` (None if none)."""
    c = st.card[cell]
    if c is None:
        return None
    card = st.game.content.cards[c]
    return card.ref if card.kind == "monster" else None


def connected(st: CatacombsState, cell: int, d: int) -> int | None:
    """The explored neighbour beyond side ``d`` joined by a passage, else None (CAT-28)."""
    n = st.game.neighbours[cell][d]
    if n is None:
        return None
    there = st.tile[n]
    if there is None:
        return None
    if sides(st, cell) & SIDE_BITS[d] and there & SIDE_BITS[OPP[d]]:
        return n
    return None
