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
from typing import TYPE_CHECKING

from meeple.components.hexgrid import HexGrid
from meeple.core import ContentError

from .content import layouts, map_info

if TYPE_CHECKING:
    from .state import HeavensState

COLUMNS = "abcdefghijk"
#: HVN-13: three summoning hexes next to each base.
SUMMONING_HEXES = 3


class Board:
    """Every fixed fact about the map for one base layout."""

    def __init__(self, layout_id: str) -> None:
        info = map_info()
        lay = {x.id: x for x in layouts()}.get(layout_id)
        if lay is None:
            raise ContentError(f"map.toml: no layout {layout_id!r}", file="map.toml",
                               entry=layout_id)
        radius = info.radius
        coords, labels, rows = _cells(radius, info.centre_length)
        self.radius = radius
        self.coords: tuple[tuple[int, int], ...] = tuple(coords)
        self.labels: tuple[str, ...] = tuple(labels)
        self.index: dict[str, int] = {lab: i for i, lab in enumerate(labels)}
        self.line: tuple[int, ...] = tuple(rows)
        grid = self.grid = HexGrid(coords)
        self._at: dict[tuple[int, int], int] = {c: i for i, c in enumerate(coords)}
        at = self._at
        #: neighbours of each hex, as hex indexes in DIRECTIONS order
        self.nbrs: tuple[tuple[int, ...], ...] = tuple(
            tuple(at[x] for x in grid.neighbours[c]) for c in coords)
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
            if len(self.summon[side]) != SUMMONING_HEXES or any(
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
        self._lay_bits(grid, coords)

    def _lay_bits(self, grid: HexGrid, coords: list[tuple[int, int]]) -> None:
        """The neighbourhoods of the hexes, as sets and as bit sets of the grid."""
        n = len(coords)
        #: each hex and its neighbours
        self.near: tuple[frozenset[int], ...] = tuple(
            frozenset((h, *self.nbrs[h])) for h in range(n))
        #: each hex as a bit set of the grid, and with its neighbours
        self.bit: tuple[int, ...] = tuple(grid.bit(c) for c in coords)
        self.near_bits: tuple[int, ...] = tuple(grid.bits(coords[x] for x in self.near[h])
                                                for h in range(n))
        #: each hex's neighbours as a bit set (the hexes a melee blow or a first step reaches)
        self.nbr_bits: tuple[int, ...] = tuple(m & ~b for m, b in zip(self.near_bits, self.bit,
                                                                      strict=True))
        self._around: dict[tuple[int, int], int] = {}
        #: the hex of each hex's bit
        self.hex_of: dict[int, int] = {m: h for h, m in enumerate(self.bit)}
        #: both bases as a bit set
        self.base_bits = self.bit[self.base[0]] | self.bit[self.base[1]]

    def within(self, h: int, reach: int) -> tuple[int, ...]:
        """Every hex at most ``reach`` steps from ``h`` (``h`` too), in index order."""
        key = (h, reach)
        out = self._within.get(key)
        if out is None:
            near = self.grid.reach(self.coords[h], reach)
            out = self._within[key] = tuple(sorted((h, *map(self._at.__getitem__, near))))
        return out

    def around(self, h: int, reach: int) -> int:
        """:meth:`within` as a bit set: every hex at most ``reach`` steps from ``h``."""
        key = (h, reach)
        out = self._around.get(key)
        if out is None:
            out = self._around[key] = self.bits(self.within(h, reach))
        return out

    def bits(self, hexes: Iterable[int]) -> int:
        """Some hexes as a bit set."""
        bit = self.bit
        m = 0
        for h in hexes:
            m |= bit[h]
        return m

    def line_of_fire(self, h: int, reach: int, blk: set[int]) -> int:
        """HVN-16: the blocking hexes a ranged attack from ``h`` reaches (2..``reach`` away),
        as a bit set (``self.bit[x] & shot`` tells whether hex ``x`` is among them).

        The line of fire runs through empty hexes: from the attacker's hex over empty hexes
        for ``reach - 1`` steps; the obstacles next to that area, two or more hexes away, are
        in range.
        """
        return self.fire_lines(h, reach, self.bits(blk))

    def fire_lines(self, h: int, reach: int, walls: int) -> int:
        """:meth:`line_of_fire` with the blocking hexes given as a bit set."""
        grid = self.grid
        area = grid.flood(self.bit[h], reach - 1, grid.all_bits & ~walls)
        return grid.spread(area) & walls & ~self.near_bits[h]


def _cells(radius: int, length: int) -> tuple[list[tuple[int, int]], list[str], list[int]]:
    """The hexes of the field column by column: axial coordinates, labels, text lines."""
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
    return coords, labels, rows


@cache
def board(layout_id: str) -> Board:
    """The shared board of one layout."""
    return Board(layout_id)


# ----------------------------------------------------------------- what stands where
def obstacles(st: HeavensState) -> set[int]:
    """HVN-12: every hex that blocks movement and the line of fire, at once."""
    return {*st.at, *st.traps, *st.architecture, *st.dropped, *st.game.board.bases}


def blocked(st: HeavensState, h: int) -> bool:
    """HVN-12: an occupied hex blocks movement and the line of fire."""
    return (h in st.at or h in st.traps or h in st.architecture or h in st.dropped
            or h in st.game.board.base_side)


def enemies_near(st: HeavensState, side: int, h: int, reach: int) -> bool:
    """True when an enemy character stands within ``reach`` of hex ``h``."""
    g, d = st.game, st.game.board.dist[h]
    return any(g.card_side[c] != side and d[st.units[c][0]] <= reach
               for c in st.at.values())
