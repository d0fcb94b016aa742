"""The market, the mine and the witch (AND-35..37, 66, 79): strength, articles and the brew."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action

from .heroes import add_item, gain_strength, has, hero, restock, room_for
from .verbs import Buy, BuyBrew, BuyStrength

if TYPE_CHECKING:
    from .state import AndorState

#: Features where strength and articles are sold (AND-36).
SHOPS = ("merchant", "mine")


def strength_price(st: AndorState, s: int) -> int:
    """AND-36/66: 2 gold, or 1 for the dwarf in the mine."""
    b = st.game.content.board
    if hero(st, s) == "dwarf" and st.game.feature[st.position[s]] == "mine":
        return b.mine_strength_price
    return b.strength_price


def brew_price(st: AndorState, s: int) -> int:
    """AND-37: by the number of heroes; the archer pays 1 less."""
    p = st.game.brew_price
    return p - 1 if hero(st, s) == "archer" else p


def actions(st: AndorState, s: int) -> list[Action]:
    """What hero ``s`` may buy where he stands."""
    g = st.game
    here = st.position[s]
    out: list[Action] = []
    if g.feature[here] in SHOPS:  # AND-36
        if st.gold[s] >= strength_price(st, s) and st.strength[s] < g.config["strength_max"]:
            out.append(g.fixed[BuyStrength])
        if st.market_open and st.gold[s] >= g.content.board.article_price:
            for a in g.sold:
                if st.stock[a] > 0 and room_for(st, s, a):
                    out.append(g.buy[a])
    if here == st.witch and st.stock["brew"] > 0 and st.gold[s] >= brew_price(st, s) \
            and has(st, s, "brew") is None and room_for(st, s, "brew"):  # AND-37/79
        out.append(g.fixed[BuyBrew])
    return out


def buy_strength(st: AndorState, verb: BuyStrength) -> None:
    """AND-36: one strength for gold."""
    s = st.active
    st.gold[s] -= strength_price(st, s)
    gain_strength(st, s, 1)


def buy(st: AndorState, verb: Buy) -> None:
    """AND-36: an article of the equipment board for gold."""
    s = st.active
    st.gold[s] -= st.game.content.board.article_price
    restock(st, verb.article, -1)
    add_item(st, s, verb.article)


def buy_brew(st: AndorState, verb: BuyBrew) -> None:
    """AND-37/79: the witch's brew for the hero's price."""
    s = st.active
    st.gold[s] -= brew_price(st, s)
    restock(st, "brew", -1)
    add_item(st, s, "brew")
