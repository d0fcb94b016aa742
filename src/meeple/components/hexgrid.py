"""Hexagonal grids in axial coordinates ``(q, r)``.

>>> g = HexGrid.hexagon(2)
>>> len(g.cells), g.distance((0, 0), (2, -1))
(19, 2)
>>> sorted(g.reach((0, 0), 1, blocked={(1, 0)}))[:3]
[(-1, 0), (-1, 1), (0, -1)]
>>> g.path((-2, 0), (2, 0), blocked={(0, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}) is None
False
"""

from __future__ import annotations

from collections import deque
from collections.abc import Container, Iterable

Hex = tuple[int, int]
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def distance(a: Hex, b: Hex) -> int:
    """Hex steps between two cells on an open plane."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class HexGrid:
    """A fixed set of hexes with neighbours precomputed; paths go through unblocked hexes."""

    def __init__(self, cells: Iterable[Hex]) -> None:
        self.cells: frozenset[Hex] = frozenset(cells)
        self.neighbours: dict[Hex, tuple[Hex, ...]] = {
            c: tuple(n for n in ((c[0] + dq, c[1] + dr) for dq, dr in DIRECTIONS)
                     if n in self.cells)
            for c in self.cells
        }

    @classmethod
    def hexagon(cls, radius: int) -> HexGrid:
        """All hexes within ``radius`` of the centre."""
        return cls((q, r) for q in range(-radius, radius + 1)
                   for r in range(-radius, radius + 1) if abs(q + r) <= radius)

    @classmethod
    def rectangle(cls, columns: int, rows: int) -> HexGrid:
        """An "odd-q" style block of ``columns`` × ``rows`` hexes in axial coordinates."""
        return cls((q, r - q // 2) for q in range(columns) for r in range(rows))

    def distance(self, a: Hex, b: Hex) -> int:
        """Hex steps between two cells, ignoring obstacles."""
        return distance(a, b)

    def reach(self, start: Hex, steps: int, blocked: Container[Hex] = ()) -> dict[Hex, int]:
        """Hexes reachable in at most ``steps`` moves through unblocked hexes, with distances.

        ``start`` itself is not included; a blocked hex is never entered nor passed through.
        """
        seen = {start: 0}
        frontier = deque([start])
        while frontier:
            c = frontier.popleft()
            d = seen[c]
            if d == steps:
                continue
            for n in self.neighbours[c]:
                if n not in seen and n not in blocked:
                    seen[n] = d + 1
                    frontier.append(n)
        del seen[start]
        return seen

    def path(self, start: Hex, goal: Hex, blocked: Container[Hex] = (),
             limit: int | None = None) -> list[Hex] | None:
        """A shortest path of hexes from ``start`` to ``goal`` through unblocked hexes.

        ``goal`` may itself be blocked (an attack target); ``None`` when there is no path
        (within ``limit`` steps if given).
        """
        prev: dict[Hex, Hex | None] = {start: None}
        frontier = deque([(start, 0)])
        while frontier:
            c, d = frontier.popleft()
            if c == goal:
                out = [c]
                while (p := prev[out[-1]]) is not None:
                    out.append(p)
                return out[::-1][1:]
            if limit is not None and d >= limit:
                continue
            for n in self.neighbours[c]:
                if n not in prev and (n == goal or n not in blocked):
                    prev[n] = c
                    frontier.append((n, d + 1))
        return None
