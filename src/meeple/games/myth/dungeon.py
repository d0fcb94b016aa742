"""The dungeon (MYTH-33 to MYTH-37): cells, passages, moving, exploring and laying tiles.

Cells are ``(x, y)`` offsets from the Avatara's crossroads (``y`` grows southwards, as in
:mod:`meeple.components.tilegrid`); a tile is the bit mask of its open sides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components.tilegrid import OPPOSITE, SIDES, rotations, step

from . import heroes, worlds
from .ending import finish_by_score
from .params import EXPLORE_REWARD, MAX_EXTENT, REDRAW_COST
from .turn import Stage, ask, controller

if TYPE_CHECKING:
    from .state import MythState
    from .verbs import Cell


def open_between(grid: dict[Cell, int], c: Cell, side: int) -> bool:
    """Whether a hero can walk from ``c`` through ``side`` onto a laid tile (MYTH-33)."""
    nb = step(c, side)
    return bool(grid[c] & side) and nb in grid and bool(grid[nb] & OPPOSITE[side])


def explored(st: MythState) -> list[Cell]:
    """Every placed tile, in a stable order."""
    return sorted(st.grid, key=lambda c: (c[1], c[0]))


def nod_targets(st: MythState, seat: int) -> list[Cell]:
    """MYTH-76: any explored cell but the hero's own."""
    here = st.position[seat]
    return [c for c in explored(st) if c != here]


def ways(st: MythState) -> list[tuple[bool, int]]:
    """MYTH-33..37, side by side in N, E, S, W order: ``(False, side)`` to move through an
    open passage onto a laid tile, ``(True, side)`` to explore towards an empty neighbour
    while tiles are left and the dungeon stays within its extent."""
    here = st.position[st.active]
    grid = st.grid
    mask = grid[here]
    out: list[tuple[bool, int]] = []
    box: tuple[int, int, int, int] | None = None
    for side in SIDES:
        if not mask & side:
            continue
        nb = step(here, side)
        if nb in grid:
            if grid[nb] & OPPOSITE[side]:
                out.append((False, side))
        elif st.tiles:
            if box is None:  # the dungeon's bounding box, read once (within_extent)
                xs = [c[0] for c in grid]
                ys = [c[1] for c in grid]
                box = min(xs), max(xs), min(ys), max(ys)
            x, y = nb
            if max(box[1], x) - min(box[0], x) < MAX_EXTENT \
                    and max(box[3], y) - min(box[2], y) < MAX_EXTENT:
                out.append((True, side))
    return out


def orientations(st: MythState) -> list[int]:
    """MYTH-36: orientations of the drawn tile that open towards the hero's way in."""
    need = OPPOSITE[st.explore_side]
    return [m for m in rotations(st.game.content.tile_mask[st.drawn_tile]) if m & need]


def can_redraw(st: MythState) -> bool:
    """MYTH-35: a hero may pay to discard the drawn tile while tiles are left (not in a dream)."""
    return bool(st.tiles) and not st.dreaming and heroes.res(st, st.active) >= REDRAW_COST


def _draw_tile(st: MythState) -> str:
    """The top dungeon tile (the tile deck is a tuple: clones share it)."""
    tiles = worlds.top_of(st, st.tiles)
    tid = tiles[-1]
    st.tiles = tiles[:-1]
    return tid


def move(st: MythState, side: int) -> Stage:
    """Walk through an open passage onto explored ground; the events follow (MYTH-33)."""
    s = st.active
    st.position[s] = step(st.position[s], side)
    st.moved = True
    st.new_ground = False
    st._emit("moved", seat=s, cell=list(st.position[s]))
    return "events"


def explore(st: MythState, side: int) -> Stage:
    """Step towards an empty neighbour: one resource, and a tile to lay (MYTH-34, MYTH-36)."""
    heroes.gain(st, st.active, EXPLORE_REWARD)  # MYTH-34
    st.explore_side = side
    st.drawn_tile = _draw_tile(st)
    st._emit("tile_drawn", tile=st.drawn_tile, redraw=False)
    st.phase = "explore"
    ask(st, "place", controller(st))
    return None


def redraw(st: MythState) -> Stage:
    """MYTH-35: pay, discard the drawn tile and draw another."""
    seat = st.to_act
    assert seat is not None
    heroes.pay(st, st.active, REDRAW_COST)
    st.tile_discard = (*st.tile_discard, st.drawn_tile)
    st.drawn_tile = _draw_tile(st)
    st._emit("tile_drawn", tile=st.drawn_tile, redraw=True)
    ask(st, "place", seat)
    return None


def place(st: MythState, mask: int) -> Stage:
    """Lay the drawn tile and step onto it; the events of new ground follow (MYTH-36)."""
    s = st.active
    cell = step(st.position[s], st.explore_side)
    st.grid[cell] = mask
    st.tile_of[cell] = st.drawn_tile
    st._emit("tile", tile=st.drawn_tile, cell=list(cell), passages=mask)
    st.drawn_tile = ""
    st.position[s] = cell
    st.moved = st.new_ground = True
    if not st.tiles:  # MYTH-22: the tile deck ran out
        finish_by_score(st, "tiles-out")
        return None
    return "events"
