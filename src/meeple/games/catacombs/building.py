"""Building (CAT-57..60): after an event on unexplored ground the dwarf draws a tile (or takes
a face-up one) and lays it with a passage towards the side it came from, or refuses it; the
Spinner turns a laid tile (CAT-48).

The tile pile is a multiset (``meeple.components.pile``): nobody sees its order, so a tile is
drawn at random from it when it is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import pile

from . import turn
from .board import cell_of

if TYPE_CHECKING:
    from .state import CatacombsState

#: CAT-58: the experience a refused tile costs.
REFUSE_COST = 1


def draw_tile(st: CatacombsState) -> None:
    """CAT-57: a tile from the pile into the dwarf's hand."""
    st.held_tile = pile.draw(st.pile, st.rng)
    st.step = "place"


def take_tile(st: CatacombsState, kind: str) -> None:
    """CAT-59: a face-up tile may be taken instead of drawing."""
    tiles = st.game.content.tiles
    for i, t in enumerate(st.faceup_tiles):
        if tiles[t].id == kind:
            st.held_tile = st.faceup_tiles.pop(i)
            break
    st.step = "place"


def place(st: CatacombsState, mask: int) -> None:
    """CAT-57: lay the tile with a passage towards the side the dwarf came from."""
    cell, held = st.build_cell, st.held_tile
    assert cell is not None and held is not None
    st.tile[cell] = mask
    st.tile_card[cell] = held
    st._emit("place", seat=st.active, cell=st.game.xy(cell), mask=mask,
             tile=st.game.content.tiles[held].id)
    st.held_tile = None
    turn.to_end_phase(st)


def refuse_tile(st: CatacombsState) -> None:
    """CAT-58: the refused tile lies face up; another is drawn; -1 experience."""
    assert st.held_tile is not None
    st.faceup_tiles.append(st.held_tile)
    s = st.active
    st._emit("refuse_tile", seat=s, tile=st.game.content.tiles[st.held_tile].id)
    turn.gain(st, s, -REFUSE_COST)
    st.held_tile = pile.draw(st.pile, st.rng)


def turn_tile(st: CatacombsState, mask: int) -> None:
    """CAT-48: the Spinner turns the tile of the dwarf's cell."""
    s = st.active
    cell = cell_of(st, s)
    st.tile[cell] = mask
    st._emit("turn_tile", seat=s, cell=st.game.xy(cell), mask=mask)
    st.step = "main"
