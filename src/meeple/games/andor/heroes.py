"""The hero boards: time track, strength, willpower and the articles each hero stores.

Functions over the state; a hero is named by its seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .params import (
    HOURS_PER_DAY,
    KNOCKED_OUT_WILLPOWER,
    OVERTIME_COST,
    OVERTIME_HOURS,
    TWO_SIDED,
    WILLPOWER_MAX,
)

if TYPE_CHECKING:
    from .state import AndorState


def base(item: str) -> str:
    """The article id of a held item (``"shield:worn"`` -> ``"shield"``)."""
    return item.partition(":")[0]


def hero(st: AndorState, seat: int) -> str:
    """The hero id of a seat."""
    return st.game.hero_ids[seat]


def can_spend(st: AndorState, seat: int) -> bool:
    """AND-19/24/26: a normal hour is left, or an overtime hour that keeps 1 willpower."""
    h = st.hours[seat]
    if h < HOURS_PER_DAY:
        return True
    return h < HOURS_PER_DAY + OVERTIME_HOURS and st.willpower[seat] > OVERTIME_COST


def spend_hour(st: AndorState, seat: int) -> None:
    """AND-18/25: move the time marker one hour; overtime costs willpower."""
    if st.hours[seat] >= HOURS_PER_DAY:
        st.willpower[seat] -= OVERTIME_COST
    st.hours[seat] += 1


def gain_willpower(st: AndorState, seat: int, amount: int) -> None:
    """Change willpower, capped at 20; reaching 0 costs strength (AND-86)."""
    st.willpower[seat] = min(WILLPOWER_MAX, st.willpower[seat] + amount)
    if st.willpower[seat] <= 0:
        knocked_out(st, seat)


def gain_strength(st: AndorState, seat: int, amount: int) -> None:
    """Change strength within 1..strength_max (AND-43)."""
    st.strength[seat] = max(1, min(st.game.config["strength_max"], st.strength[seat] + amount))


def knocked_out(st: AndorState, seat: int) -> None:
    """AND-54/86: at 0 willpower a hero loses 1 strength (if above 1) and returns to 3."""
    if st.strength[seat] > 1:
        st.strength[seat] -= 1
    st.willpower[seat] = KNOCKED_OUT_WILLPOWER
    st._emit("knocked_out", seat=seat, strength=st.strength[seat])


def has(st: AndorState, seat: int, article: str) -> str | None:
    """The held item (either side) of an article, or None."""
    for it in st.items[seat]:
        if base(it) == article:
            return it
    return None


def room_for(st: AndorState, seat: int, article: str) -> bool:
    """AND-82: one large slot, one helm slot, three small slots."""
    g = st.game
    slot_of = g.slot_of
    slot = slot_of[article]
    used = sum(1 for it in st.items[seat] if slot_of[it] == slot)
    return used < g.slots[slot]


def add_item(st: AndorState, seat: int, item: str) -> None:
    """The hero takes an article (or a token) into his storage."""
    st.items[seat] = (*st.items[seat], item)


def remove_item(st: AndorState, seat: int, item: str) -> None:
    """The hero gives up one held article (the first of its kind held)."""
    held = list(st.items[seat])
    held.remove(item)
    st.items[seat] = tuple(held)


def restock(st: AndorState, article: str, change: int) -> None:
    """Articles go back to (or are taken from) the equipment board."""
    st.stock[article] += change


def use_up(st: AndorState, seat: int, item: str) -> None:
    """Turn a two-sided article to its worn side, or return it to the board after."""
    remove_item(st, seat, item)
    art = st.game.content.articles[base(item)]
    if art.uses == TWO_SIDED and not item.endswith(":worn"):
        add_item(st, seat, f"{art.id}:worn")
    elif art.sold:
        restock(st, art.id, 1)


def dice_count(st: AndorState, seat: int) -> int:
    """AND-42: how many dice the hero rolls, by his willpower band."""
    return st.game.hero_dice[seat][band(st.willpower[seat])]


#: Willpower per band of the hero board's dice column (AND-42): 0-6, 7-13, 14-20.
WILLPOWER_BAND = 7
#: The last band.
TOP_BAND = 2


def band(willpower: int) -> int:
    """AND-42: the dice band of a willpower value."""
    return min(TOP_BAND, willpower // WILLPOWER_BAND)
