"""The screen (CAT-12..15): putting on and taking off what a dwarf wears and wields."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .backpack import LEFT, RIGHT, add_item, take_item
from .content import SLOTS

if TYPE_CHECKING:
    from .state import CatacombsState


def equip(st: CatacombsState, item: int) -> None:
    """CAT-12/13/15: one item per slot; a two-handed weapon excludes a shield."""
    s = st.active
    items = st.game.content.items
    it = items[item]
    scr = st.screen[s]
    slot = SLOTS.index(it.slot)
    take_item(st, s, item)
    if (worn := scr[slot]) is not None:
        add_item(st, s, worn)
    if it.two_handed and (shield := scr[LEFT]) is not None:
        add_item(st, s, shield)
        scr[LEFT] = None
    if slot == LEFT and (weapon := scr[RIGHT]) is not None and items[weapon].two_handed:
        add_item(st, s, weapon)
        scr[RIGHT] = None
    scr[slot] = item
    st._emit("equip", seat=s, item=it.id, slot=it.slot)


def unequip(st: CatacombsState, item: int) -> None:
    """CAT-12: a worn item back into the backpack."""
    s = st.active
    scr = st.screen[s]
    scr[scr.index(item)] = None
    add_item(st, s, item)
    st._emit("unequip", seat=s, item=st.game.content.items[item].id)
