"""The screen and the backpack (CAT-12..15): what a dwarf carries, wears and wields."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import whose_turn
from .content import SLOTS

if TYPE_CHECKING:
    from .state import CatacombsState

RIGHT, LEFT = SLOTS.index("right_hand"), SLOTS.index("left_hand")


def armour_of(st: CatacombsState, s: int) -> int:
    """CAT-15: permanent armour plus one worn item per slot."""
    items = st.game.cat.items
    return st.armour[s] + sum(items[i].armour for i in st.screen[s] if i is not None)


def add_item(st: CatacombsState, s: int, item: int) -> None:
    """Put an item in the backpack (kept sorted)."""
    p = st.pack[s]
    p.append(item)
    p.sort()


def take_item(st: CatacombsState, s: int, item: int) -> None:
    """Take one copy of an item out of the backpack."""
    st.pack[s].remove(item)


def holds(st: CatacombsState, s: int, effect: str) -> bool:
    """True when the backpack holds an item with this effect (a potion, an artifact)."""
    items = st.game.cat.items
    return any(items[i].effect == effect for i in st.pack[s])


def recipe_need(st: CatacombsState, s: int, ings: tuple[int, ...]) -> list[int]:
    """The ingredients of a recipe that the dwarf does not hold (with multiplicity)."""
    have = list(st.pack[s])
    missing = []
    for i in ings:
        if i in have:
            have.remove(i)
        else:
            missing.append(i)
    return missing


def equip(st: CatacombsState, item: int) -> None:
    """CAT-12/13/15: one item per slot; a two-handed weapon excludes a shield."""
    s = whose_turn(st)
    items = st.game.cat.items
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
    s = whose_turn(st)
    scr = st.screen[s]
    scr[scr.index(item)] = None
    add_item(st, s, item)
    st._emit("unequip", seat=s, item=st.game.cat.items[item].id)
