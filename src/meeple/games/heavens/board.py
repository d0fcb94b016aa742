"""The geometry of the Heavens: hexes as small integers, labels, neighbours, distances, zones.

Built once from ``content/map.toml`` and shared. Hexes are flat-topped, in axial coordinates;
column ``q`` runs from the top of the field (row 1) down. Side 0's base sits at the top.

>>> b = board("standard")
>>> len(b.labels), b.labels[b.base[0]], [b.labels[h] for h in b.summon[1]]
(102, 'f2', ['e11', 'f12', 'g11'])
>>> b.dist[b.base[0]][b.base[1]]
9
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from meeple.components.hexgrid import DIRECTIONS, HexGrid
from meeple.core import ContentError

from .content import layouts, map_info

COLUMNS = "abcdefghijk"


class Board:
    """Every fixed fact about the map for one base layout."""

    def __init__(self, layout_id: str) -> None:
        info = map_info()
        lay = {x.id: x for x in layouts()}.get(layout_id)
        if lay is None:
            raise ContentError(f"map.toml: no layout {layout_id!r}", file="map.toml",
                               entry=layout_id)
        radius, length = info.radius, info.centre_length
        half = length // 2
        coords: list[tuple[int, int]] = []
        labels: list[str] = []
        rows: list[int] = []
        for q in range(-radius, radius + 1):
            if q >= 0:
                lo, hi = -half, half - 1 - q
            else:
                lo, hi = -half - q, half - 1
            for r in range(lo, hi + 1):
                coords.append((q, r))
                labels.append(f"{COLUMNS[q + radius]}{r - lo + 1}")
                rows.append(2 * r + q + length)  # text line of the hex's top half
        self.radius = radius
        self.coords: tuple[tuple[int, int], ...] = tuple(coords)
        self.labels: tuple[str, ...] = tuple(labels)
        self.index: dict[str, int] = {lab: i for i, lab in enumerate(labels)}
        self.line: tuple[int, ...] = tuple(rows)
        grid = HexGrid(coords)
        at = {c: i for i, c in enumerate(coords)}
        #: neighbours of each hex, as hex indexes in DIRECTIONS order
        self.nbrs: tuple[tuple[int, ...], ...] = tuple(
            tuple(at[(c[0] + dq, c[1] + dr)] for dq, dr in DIRECTIONS
                  if (c[0] + dq, c[1] + dr) in at)
            for c in coords)
        n = len(coords)
        self.dist: tuple[tuple[int, ...], ...] = tuple(
            tuple(grid.distance(coords[a], coords[b]) for b in range(n)) for a in range(n))
        #: zone of each hex in the four-player game: 3 the central column, 1 left, 2 right
        self.zone: tuple[int, ...] = tuple(3 if q == 0 else (1 if q < 0 else 2)
                                           for q, _ in coords)

        def hexes(names: list[str], what: str) -> tuple[int, ...]:
            try:
                return tuple(self.index[x] for x in names)
            except KeyError as e:
                raise ContentError(f"map.toml: {what} names no hex {e.args[0]!r}",
                                   file="map.toml", entry=layout_id, field=what) from None

        self.central = frozenset(hexes(info.central, "central"))
        self.base = (hexes([lay.base_a], "base_a")[0], hexes([lay.base_b], "base_b")[0])
        self.summon = (hexes(lay.summon_a, "summon_a"), hexes(lay.summon_b, "summon_b"))
        for side in (0, 1):
            if len(self.summon[side]) != 3 or any(
                    self.dist[h][self.base[side]] != 1 for h in self.summon[side]):
                raise ContentError("map.toml: each base has three summoning hexes next to it",
                                   file="map.toml", entry=layout_id, field="summon")
        self.summoning = frozenset(self.summon[0] + self.summon[1])
        self.base_side = {self.base[0]: 0, self.base[1]: 1}
        self.bases = frozenset(self.base)
        self.every = tuple(range(n))
        #: label order of the hexes (the order in which actions list them)
        rank = [0] * n
        for i, h in enumerate(sorted(range(n), key=labels.__getitem__)):
            rank[h] = i
        self.label_rank: tuple[int, ...] = tuple(rank)
        self._within: dict[tuple[int, int], tuple[int, ...]] = {}
        # Sets of hexes as bits of an int laid out on a grid padded by one empty row and
        # column on every side, so the neighbours of a whole set are six shifts (spread).
        qs = [q for q, _ in coords]
        rs = [r for _, r in coords]
        w = max(rs) - min(rs) + 3
        self._w = w
        self.bit: tuple[int, ...] = tuple(
            1 << ((q - min(qs) + 1) * w + (r - min(rs) + 1)) for q, r in coords)
        self.all_bits = sum(self.bit)
        self.near_bits: tuple[int, ...] = tuple(  # each hex and its neighbours
            self.bit[h] | sum(self.bit[x] for x in self.nbrs[h]) for h in range(n))

    def within(self, h: int, reach: int) -> tuple[int, ...]:
        """Every hex at most ``reach`` steps from ``h`` (``h`` too), in index order."""
        key = (h, reach)
        out = self._within.get(key)
        if out is None:
            d = self.dist[h]
            out = self._within[key] = tuple(x for x in self.every if d[x] <= reach)
        return out

    def bits(self, hexes: Iterable[int]) -> int:
        """A set of hexes as bits."""
        bit = self.bit
        m = 0
        for h in hexes:
            m |= bit[h]
        return m

    def spread(self, m: int) -> int:
        """Every hex next to a hex of the set ``m``."""
        w = self._w
        return (m << 1 | m >> 1 | m << w | m >> w | m << (w - 1) | m >> (w - 1)) & self.all_bits


@cache
def board(layout_id: str) -> Board:
    """The shared board of one layout."""
    return Board(layout_id)
