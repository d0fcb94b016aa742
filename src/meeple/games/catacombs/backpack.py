"""What a dwarf carries (CAT-12..18), as every rule reads and changes it: the things in its
backpack, the armour of its screen, the potions it holds, the ingredients a recipe still needs,
and its money, counted in half coins. Below the turn and the mechanics; it imports no rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import SLOTS

if TYPE_CHECKING:
    from .state import CatacombsState

#: The screen's hands (CAT-13: a two-handed weapon takes the shield's place).
RIGHT, LEFT = SLOTS.index("right_hand"), SLOTS.index("left_hand")
#: CAT-18: money is counted in half coins, so that 1.5x and 0.5x prices are whole numbers.
HALVES = 2
#: CAT-50: the ingredients the Cristall stands in for.
CRISTALL_STANDS_FOR = 2


def coins(half_coins: int) -> int | float:
    """Half coins as coins, for events and views: a whole number when it is one (CAT-18)."""
    return half_coins // HALVES if half_coins % HALVES == 0 else half_coins / HALVES


def armour_of(st: CatacombsState, s: int) -> int:
    """CAT-15: permanent armour plus one worn item per slot."""
    worn = st.game.worn_armour
    total = st.armour[s]
    for i in st.screen[s]:
        total += worn[i]
    return total


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
    kind = st.game.effect_items.get(effect)
    return kind is not None and not kind.isdisjoint(st.pack[s])


def spend_effect(st: CatacombsState, s: int, effect: str) -> None:
    """Remove the first item of the backpack with ``effect`` (a potion used up)."""
    items = st.game.content.items
    for i in st.pack[s]:
        if items[i].effect == effect:
            st.pack[s].remove(i)
            st._emit("potion_used", seat=s, item=items[i].id)
            return


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
