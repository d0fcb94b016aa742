"""Money and the shop (CAT-16..19, CAT-21): prices at an entrance and elsewhere, buying,
selling, and buying an extra turn or experience. Money is in half coins (CAT-18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import stats
from .board import whose_turn
from .content import Catalog
from .equipment import add_item, take_item

if TYPE_CHECKING:
    from .state import CatacombsState


#: CAT-18: money is counted in half coins, so that 1.5x and 0.5x prices are whole numbers.
HALVES = 2


def coins(half_coins: int) -> int | float:
    """Half coins as coins, for events and views: a whole number when it is one (CAT-18)."""
    return half_coins // HALVES if half_coins % HALVES == 0 else half_coins / HALVES


def at_entrance(st: CatacombsState, s: int) -> bool:
    """CAT-16: the dwarf stands at an entrance, where the shop trades at list price."""
    return st.pos[s] in st.game.entrance_index


def price_table(cat: Catalog) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """CAT-16/17: every item's price in half coins, away from an entrance (1.5x) and at one
    (list price), indexed by "at an entrance"; the game works it out once."""
    return (tuple(round(it.price * HALVES * cat.markup) for it in cat.items),
            tuple(it.price * HALVES for it in cat.items))


def buy_price(st: CatacombsState, s: int, item: int) -> int:
    """CAT-16/17: list price at an entrance, 1.5x elsewhere (in half coins)."""
    return st.game.buy_prices[at_entrance(st, s)][item]


def sell_price(st: CatacombsState, s: int, item: int) -> int:
    """CAT-16/17: full value at an entrance, half elsewhere (in half coins)."""
    v = st.game.cat.items[item].value * HALVES
    return v if at_entrance(st, s) else round(v * st.game.cat.sell_remote)


def buy(st: CatacombsState, item: int) -> None:
    s = whose_turn(st)
    price = buy_price(st, s, item)
    st.money[s] -= price
    add_item(st, s, item)
    st._emit("buy", seat=s, item=st.game.cat.items[item].id, price=coins(price))


def sell(st: CatacombsState, item: int) -> None:
    s = whose_turn(st)
    price = sell_price(st, s, item)
    st.money[s] += price
    take_item(st, s, item)
    st._emit("sell", seat=s, item=st.game.cat.items[item].id, price=coins(price))


def buy_turn(st: CatacombsState, _: int) -> None:
    """CAT-19: an extra turn after this one."""
    s = whose_turn(st)
    st.money[s] -= HALVES * st.game.cat.extra_turn_price
    st.extra += 1
    st._emit("buy_turn", seat=s, price=st.game.cat.extra_turn_price)


def buy_experience(st: CatacombsState, _: int) -> None:
    """CAT-19: one experience, which counts towards thresholds (CAT-9)."""
    s = whose_turn(st)
    st.money[s] -= HALVES * st.game.cat.experience_price
    st._emit("buy_experience", seat=s, price=st.game.cat.experience_price)
    stats.gain(st, s, 1)
