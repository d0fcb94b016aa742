"""The dungeon (MYTH-33 to MYTH-37): cells, passages, moving, exploring and laying tiles.

Cells are ``(x, y)`` offsets from the Avatara's crossroads (``y`` grows southwards, as in
:mod:`meeple.components.tilegrid`); a tile is the bit mask of its open sides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components.tilegrid import DELTA, E, N, S, W, rotations, within_extent

from . import ending, events, heroes, turn
from .params import EXPLORE_REWARD, MAX_EXTENT, REDRAW_COST

if TYPE_CHECKING:
    from .state import MythState

Cell = tuple[int, int]
DIR_NAMES = {N: "north", E: "east", S: "south", W: "west"}
DIR_BY_NAME = {v: k for k, v in DIR_NAMES.items()}
SIDE_ORDER = (N, E, S, W)
OPP = {N: S, E: W, S: N, W: E}
#: The Avatara's crossroads, where every hero starts (MYTH-4).
START: Cell = (0, 0)


def cell_text(c: Cell) -> str:
    """A cell's name in action texts: its offset from the start, ``x,y``."""
    return f"{c[0]},{c[1]}"


def mask_text(mask: int) -> str:
    """The open sides of a tile as letters in N, E, S, W order (``"NES"``)."""
    return "".join(ch for ch, side in zip("NESW", SIDE_ORDER, strict=True) if mask & side)


def step_cell(c: Cell, side: int) -> Cell:
    """The neighbouring cell beyond ``side``."""
    dx, dy = DELTA[side]
    return (c[0] + dx, c[1] + dy)


def open_between(grid: dict[Cell, int], c: Cell, side: int) -> bool:
    """Whether a hero can walk from ``c`` through ``side`` onto a laid tile (MYTH-33)."""
    nb = step_cell(c, side)
    return bool(grid[c] & side) and nb in grid and bool(grid[nb] & OPP[side])


def explored(st: MythState) -> list[Cell]:
    """Every placed tile, in a stable order."""
    return sorted(st.grid, key=lambda c: (c[1], c[0]))


def nod_targets(st: MythState, seat: int) -> list[Cell]:
    """MYTH-76: any explored cell but the hero's own."""
    here = st.pos[seat]
    return [c for c in explored(st) if c != here]


def ways(st: MythState) -> list[tuple[str, int]]:
    """MYTH-33..37: ``("move", side)`` through open passages, ``("explore", side)`` towards
    empty neighbours while tiles are left and the dungeon stays within its extent."""
    here = st.pos[st.cur]
    mask = st.grid[here]
    out: list[tuple[str, int]] = []
    for side in SIDE_ORDER:
        if not mask & side:
            continue
        nb = step_cell(here, side)
        if nb in st.grid:
            if st.grid[nb] & OPP[side]:
                out.append(("move", side))
        elif st.tiles and within_extent(st.grid, nb, MAX_EXTENT):
            out.append(("explore", side))
    return out


def orientations(st: MythState) -> list[int]:
    """MYTH-36: orientations of the drawn tile that open towards the hero's way in."""
    need = OPP[st.explore_side]
    return [m for m in rotations(st.game.c.tile_mask[st.drawn_tile]) if m & need]


def can_redraw(st: MythState) -> bool:
    """MYTH-35: a hero may pay to discard the drawn tile while tiles are left (not in a dream)."""
    return bool(st.tiles) and not st.dreaming and heroes.res(st, st.cur) >= REDRAW_COST


def _draw_tile(st: MythState) -> str:
    """The top dungeon tile (the tile deck is a tuple: clones share it)."""
    tid = st.tiles[-1]
    st.tiles = st.tiles[:-1]
    return tid


def move(st: MythState, side: int) -> None:
    """Walk through an open passage onto explored ground; the events follow (MYTH-33)."""
    s = st.cur
    st.pos[s] = step_cell(st.pos[s], side)
    st.moved = True
    st.new_ground = False
    st._emit("moved", seat=s, cell=list(st.pos[s]))
    events.begin(st)


def explore(st: MythState, side: int) -> None:
    """Step towards an empty neighbour: one resource, and a tile to lay (MYTH-34, MYTH-36)."""
    heroes.gain(st, st.cur, EXPLORE_REWARD)  # MYTH-34
    st.explore_side = side
    st.drawn_tile = _draw_tile(st)
    st._emit("tile_drawn", tile=st.drawn_tile, redraw=False)
    st.phase = "explore"
    turn.ask(st, "place", turn.controller(st))


def redraw(st: MythState) -> None:
    """MYTH-35: pay, discard the drawn tile and draw another."""
    seat = st.to_act
    assert seat is not None
    heroes.pay(st, st.cur, REDRAW_COST)
    st.tile_discard = (*st.tile_discard, st.drawn_tile)
    st.drawn_tile = _draw_tile(st)
    st._emit("tile_drawn", tile=st.drawn_tile, redraw=True)
    turn.ask(st, "place", seat)


def place(st: MythState, mask: int) -> None:
    """Lay the drawn tile and step onto it; the events of new ground follow (MYTH-36)."""
    s = st.cur
    cell = step_cell(st.pos[s], st.explore_side)
    st.grid[cell] = mask
    st.tile_of[cell] = st.drawn_tile
    st._emit("tile", tile=st.drawn_tile, cell=list(cell), passages=mask)
    st.drawn_tile = ""
    st.pos[s] = cell
    st.moved = st.new_ground = True
    if not st.tiles:  # MYTH-22: the tile deck ran out
        ending.finish_by_score(st, "tiles-out", "The dungeon tiles ran out.")
        return
    events.begin(st)
