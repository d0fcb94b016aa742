"""Money and the shop (CAT-16..19, CAT-21): prices at an entrance and elsewhere, buying,
selling, and buying an extra turn or experience. Money is in half coins (CAT-18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import turn
from .backpack import HALVES, add_item, coins, take_item
from .content import Catalog

if TYPE_CHECKING:
    from .state import CatacombsState


def at_entrance(st: CatacombsState, s: int) -> bool:
    """CAT-16: the dwarf stands at an entrance, where the shop trades at list price."""
    return st.position[s] in st.game.entrance_cells


def price_table(content: Catalog) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """CAT-16/17: every item's price in half coins, away from an entrance (1.5x) and at one
    (list price), indexed by "at an entrance"; the game works it out once."""
    return (tuple(round(it.price * HALVES * content.markup) for it in content.items),
            tuple(it.price * HALVES for it in content.items))


def buy_price(st: CatacombsState, s: int, item: int) -> int:
    """CAT-16/17: list price at an entrance, 1.5x elsewhere (in half coins)."""
    return st.game.buy_prices[at_entrance(st, s)][item]


def sell_price(st: CatacombsState, s: int, item: int) -> int:
    """CAT-16/17: full value at an entrance, half elsewhere (in half coins)."""
    v = st.game.content.items[item].value * HALVES
    return v if at_entrance(st, s) else round(v * st.game.content.sell_remote)


def buy(st: CatacombsState, item: int) -> None:
    """CAT-16: an item from the shop into the backpack."""
    s = st.active
    price = buy_price(st, s, item)
    st.money[s] -= price
    add_item(st, s, item)
    st._emit("buy", seat=s, item=st.game.content.items[item].id, price=coins(price))


def sell(st: CatacombsState, item: int) -> None:
    """CAT-16: an item from the backpack to the shop."""
    s = st.active
    price = sell_price(st, s, item)
    st.money[s] += price
    take_item(st, s, item)
    st._emit("sell", seat=s, item=st.game.content.items[item].id, price=coins(price))


def buy_turn(st: CatacombsState) -> None:
    """CAT-19: an extra turn after this one."""
    s = st.active
    st.money[s] -= HALVES * st.game.content.extra_turn_price
    st.extra_turns += 1
    st._emit("buy_turn", seat=s, price=st.game.content.extra_turn_price)


def buy_experience(st: CatacombsState) -> None:
    """CAT-19: one experience, which counts towards thresholds (CAT-9)."""
    s = st.active
    st.money[s] -= HALVES * st.game.content.experience_price
    st._emit("buy_experience", seat=s, price=st.game.content.experience_price)
    turn.gain(st, s, 1)
