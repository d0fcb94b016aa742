"""Walking distances in the dungeon, for the bots: to the Avatara's crossroads, and to the
nearest cell a hero can explore from.

A game ends when the tiles or the event deck run out, or a hero reaches level 4 (MYTH-18..24);
exploring is what runs both piles down, and what pays the resources every level costs. A bot
that sees no further than its next step has to be told how far the frontier and home are, or it
pages across explored ground for ever. The distances are shortest walks through open passages
(MYTH-33), computed once per dungeon and kept (:func:`maps`): the dungeon changes only when a
tile is laid, and searches read it thousands of times between.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

from meeple.components.tilegrid import DELTA, OPPOSITE, SIDES

from .params import MAX_EXTENT, START

if TYPE_CHECKING:
    from .state import MythState
    from .verbs import Cell

#: Walking distances from each cell: to the crossroads, and to the nearest cell with a way
#: to explore (empty when there is none).
Maps = tuple[dict["Cell", int], dict["Cell", int]]
_MAPS: dict[tuple[bool, tuple[tuple[Cell, int], ...]], Maps] = {}
_KEEP = 512


def frontier(grid: dict[Cell, int], tiles_left: bool) -> list[Cell]:
    """The laid cells a hero can explore from (MYTH-34, MYTH-37): an open side towards an
    empty cell that keeps the dungeon within its extent, while tiles are left."""
    if not tiles_left:
        return []
    box = _box(grid)
    return [c for c, mask in grid.items() if _opens(grid, c, mask, box)]


def explorable(grid: dict[Cell, int], cell: Cell, tiles_left: bool) -> bool:
    """Whether ``cell`` of ``grid`` is on the :func:`frontier`."""
    return tiles_left and _opens(grid, cell, grid[cell], _box(grid))


def ways_on(grid: dict[Cell, int], tiles_left: bool) -> set[Cell]:
    """The empty cells an open side leads to (within the dungeon's extent, MYTH-37): where
    the dungeon can still grow, while tiles are left."""
    if not tiles_left:
        return set()
    box = _box(grid)
    return {cell for c, mask in grid.items() for cell in _leads(grid, c, mask, box)}


def _box(grid: dict[Cell, int]) -> tuple[int, int, int, int]:
    xs = [c[0] for c in grid]
    ys = [c[1] for c in grid]
    return min(xs), max(xs), min(ys), max(ys)


def _leads(grid: dict[Cell, int], c: Cell, mask: int, box: tuple[int, int, int, int]
           ) -> Iterator[Cell]:
    """The empty cells within the extent that the open sides of ``c`` lead to."""
    x0, x1, y0, y1 = box
    for side in SIDES:
        if mask & side:
            dx, dy = DELTA[side]
            x, y = c[0] + dx, c[1] + dy
            if (x, y) not in grid and max(x1, x) - min(x0, x) < MAX_EXTENT \
                    and max(y1, y) - min(y0, y) < MAX_EXTENT:
                yield (x, y)


def _opens(grid: dict[Cell, int], c: Cell, mask: int, box: tuple[int, int, int, int]) -> bool:
    return next(_leads(grid, c, mask, box), None) is not None


def distances(grid: dict[Cell, int], sources: list[Cell]) -> dict[Cell, int]:
    """Shortest walks from the nearest of ``sources`` to every cell reached (MYTH-33)."""
    dist = dict.fromkeys(sources, 0)
    queue = deque(sources)
    while queue:
        c = queue.popleft()
        d = dist[c] + 1
        mask = grid[c]
        for side in SIDES:
            if mask & side:
                dx, dy = DELTA[side]
                nb = (c[0] + dx, c[1] + dy)
                if nb not in dist and grid.get(nb, 0) & OPPOSITE[side]:
                    dist[nb] = d
                    queue.append(nb)
    return dist


def maps(st: MythState) -> Maps:
    """``(to the crossroads, to the frontier)``: walking distances from every cell."""
    key = (bool(st.tiles), tuple(st.grid.items()))
    got = _MAPS.get(key)
    if got is None:
        if len(_MAPS) >= _KEEP:
            _MAPS.clear()
        grid = st.grid
        got = _MAPS[key] = (distances(grid, [START]),
                            distances(grid, frontier(grid, bool(st.tiles))))
    return got
