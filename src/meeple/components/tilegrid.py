"""Square cells and tiles with passages on their four sides.

A tile's passages are a 4-bit mask: north 1, east 2, south 4, west 8. Rotating a tile a
quarter turn clockwise moves each passage one side on. Cells are ``(x, y)`` with ``y`` growing
southwards. The layout of placed tiles is plain data kept by the game (a dict or list of masks);
this module supplies the geometry.

>>> rotate(N | E, 1) == E | S
True
>>> sorted(rotations(N | S))
[5, 10]
>>> g = TileGrid(3, 3)
>>> g.neighbour((0, 0), E), g.neighbour((0, 0), N)
((1, 0), None)
>>> within_extent([(0, 0), (8, 3)], (-1, 0), 9)
False
"""

from __future__ import annotations

from collections.abc import Iterable

N, E, S, W = 1, 2, 4, 8
SIDES = (N, E, S, W)
SIDE_NAMES = {N: "north", E: "east", S: "south", W: "west"}
DELTA = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}
OPPOSITE = {N: S, E: W, S: N, W: E}

Cell = tuple[int, int]


def rotate(mask: int, quarter_turns: int) -> int:
    """The mask after ``quarter_turns`` clockwise quarter turns."""
    k = quarter_turns % 4
    return ((mask << k) | (mask >> (4 - k))) & 0xF


def rotations(mask: int) -> list[int]:
    """The distinct orientations of a tile, in order of quarter turns."""
    out: list[int] = []
    for k in range(4):
        m = rotate(mask, k)
        if m not in out:
            out.append(m)
    return out


def step(cell: Cell, side: int) -> Cell:
    """The cell beyond ``side`` (unbounded)."""
    dx, dy = DELTA[side]
    return (cell[0] + dx, cell[1] + dy)


def within_extent(cells: Iterable[Cell], new: Cell, limit: int) -> bool:
    """True when adding ``new`` keeps the bounding box of the cells at most limit × limit."""
    xs = [new[0]]
    ys = [new[1]]
    for x, y in cells:
        xs.append(x)
        ys.append(y)
    return max(xs) - min(xs) < limit and max(ys) - min(ys) < limit


class TileGrid:
    """A bounded rectangle of cells with their orthogonal neighbours precomputed."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells: tuple[Cell, ...] = tuple((x, y) for y in range(height) for x in range(width))
        self._nb = {c: {s: self._inside(step(c, s)) for s in SIDES} for c in self.cells}

    def _inside(self, c: Cell) -> Cell | None:
        return c if 0 <= c[0] < self.width and 0 <= c[1] < self.height else None

    def neighbour(self, c: Cell, side: int) -> Cell | None:
        """The cell beyond ``side`` of ``c``, or None at the edge."""
        return self._nb[c][side]

    def neighbours(self, c: Cell) -> list[tuple[int, Cell]]:
        """``(side, cell)`` for every orthogonal neighbour on the grid."""
        return [(s, n) for s, n in self._nb[c].items() if n is not None]

    def index(self, c: Cell) -> int:
        """Row-major index of a cell."""
        return c[1] * self.width + c[0]
