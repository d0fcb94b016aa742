"""Hexagonal grids in axial coordinates ``(q, r)``.

>>> g = HexGrid((q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2)
>>> len(g.cells), g.distance((0, 0), (2, -1))
(19, 2)
>>> sorted(g.reach((0, 0), 1, blocked={(1, 0)}))[:3]
[(-1, 0), (-1, 1), (0, -1)]

Sets of hexes can also be bit sets (an ``int``), for searches in the hot path: the neighbours of
a whole set are six shifts, so a flood over open hexes costs a few operations a step.

>>> walls = g.bits([(1, 0), (0, 1)])
>>> area = g.flood(g.bit((0, 0)), 1, g.all_bits & ~walls)
>>> area == g.bits([(0, 0), *g.reach((0, 0), 1, blocked={(1, 0), (0, 1)})])
True
>>> g.spread(area) & walls == walls
True
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
        # Bit sets: hex (q, r) is bit (q - q0) * w + (r - r0) of a grid padded by one empty row
        # and column on every side, so that a shift by 1, w - 1 or w moves a whole set to one
        # of its six neighbours without wrapping.
        qs = [q for q, _ in self.cells] or [0]
        rs = [r for _, r in self.cells] or [0]
        self._q0, self._r0 = min(qs) - 1, min(rs) - 1
        self._w = max(rs) - min(rs) + 3
        self._bit: dict[Hex, int] = {c: 1 << self._offset(c) for c in self.cells}
        self.all_bits: int = sum(self._bit.values())

    def _offset(self, c: Hex) -> int:
        return (c[0] - self._q0) * self._w + (c[1] - self._r0)

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

    def bit(self, c: Hex) -> int:
        """The bit set holding one hex."""
        return self._bit[c]

    def bits(self, cells: Iterable[Hex]) -> int:
        """The bit set of some hexes of the grid."""
        bit = self._bit
        m = 0
        for c in cells:
            m |= bit[c]
        return m

    def spread(self, m: int) -> int:
        """Every hex of the grid next to a hex of the set ``m``."""
        w = self._w
        return (m << 1 | m >> 1 | m << w | m >> w | m << (w - 1) | m >> (w - 1)) & self.all_bits

    def flood(self, m: int, steps: int, open_: int) -> int:
        """The set ``m`` grown ``steps`` times into the hexes of ``open_`` next to it."""
        for _ in range(steps):
            m |= self.spread(m) & open_
        return m
