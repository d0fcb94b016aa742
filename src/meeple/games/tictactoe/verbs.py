"""Tic-tac-toe's one verb, ``Mark(cell)``, and every verb the game could ever offer.

>>> Mark(4)
Mark(cell=4)
>>> [v.cell for v in UNIVERSE][:3]
[0, 1, 2]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NewType

from meeple.core import Verb

#: A cell of the grid, 0..8, row by row from a1 (``grid.NAMES``).
Cell = NewType("Cell", int)


@dataclass(frozen=True, slots=True)
class Mark(Verb):
    """TTT-1: the seat to act marks an empty cell."""

    word = "mark"
    cell: Cell


#: Every verb, in a fixed order: one mark per cell.
UNIVERSE: tuple[Mark, ...] = tuple(Mark(Cell(i)) for i in range(9))
