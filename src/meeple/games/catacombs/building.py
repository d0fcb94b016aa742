"""Building (CAT-57..60): after an event on unexplored ground the dwarf draws a tile (or takes
a face-up one) and lays it with a passage towards the side it came from, or refuses it; the
Spinner turns a laid tile (CAT-48).

The tile pile is a multiset (``meeple.components.pile``): nobody sees its order, so a tile is
drawn at random from it when it is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import pile

from . import stats, turn
from .board import cell_of, whose_turn

if TYPE_CHECKING:
    from .state import CatacombsState

#: CAT-58: the experience a refused tile costs.
REFUSE_COST = 1


def to_build(st: CatacombsState) -> None:
    """CAT-57: build if a tile is to be had, else on to the end phase."""
    if st.pile or st.faceup_tiles:
        st.phase, st.step = "build", "build"
    else:
        turn.to_end_phase(st)


def draw_tile(st: CatacombsState, _: int) -> None:
    st.held = pile.draw(st.pile, st.rng)
    st.step = "place"


def take_tile(st: CatacombsState, kind: str) -> None:
    """CAT-59: a face-up tile may be taken instead of drawing."""
    tiles = st.game.cat.tiles
    for i, t in enumerate(st.faceup_tiles):
        if tiles[t][0] == kind:
            st.held = st.faceup_tiles.pop(i)
            break
    st.step = "place"


def place(st: CatacombsState, mask: int) -> None:
    """CAT-57: lay the tile with a passage towards the side the dwarf came from."""
    cell, held = st.build_cell, st.held
    assert cell is not None and held is not None
    st.tile[cell] = mask
    st.tcard[cell] = held
    st._emit("place", seat=whose_turn(st), cell=st.game.xy(cell), mask=mask,
             tile=st.game.cat.tiles[held][0])
    st.held = None
    turn.to_end_phase(st)


def refuse_tile(st: CatacombsState, _: int) -> None:
    """CAT-58: the refused tile lies face up; another is drawn; -1 experience."""
    assert st.held is not None
    st.faceup_tiles.append(st.held)
    s = whose_turn(st)
    st._emit("refuse_tile", seat=s, tile=st.game.cat.tiles[st.held][0])
    stats.gain(st, s, -REFUSE_COST)
    st.held = pile.draw(st.pile, st.rng)


def turn_tile(st: CatacombsState, mask: int) -> None:
    """CAT-48: the Spinner turns the tile of the dwarf's cell."""
    s = whose_turn(st)
    cell = cell_of(st, s)
    st.tile[cell] = mask
    st._emit("turn_tile", seat=s, cell=st.game.xy(cell), mask=mask)
    st.step = "main"
