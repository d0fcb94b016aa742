"""The market, the mine and the witch (AND-35..37, 66, 79): strength, articles and the brew."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core import Action

from .heroes import add_item, gain_sp, has, name, restock, room_for

if TYPE_CHECKING:
    from .state import AndorState

BUY_SP = Action("buy strength", ("buy_sp",))
BUY_BREW = Action("buy witch's brew", ("buy_brew",))
#: Features where strength and articles are sold (AND-36).
SHOPS = ("merchant", "mine")


def strength_price(st: AndorState, s: int) -> int:
    """AND-36/66: 2 gold, or 1 for the dwarf in the mine."""
    b = st.game.c.board
    if name(st, s) == "dwarf" and st.game.feature[st.pos[s]] == "mine":
        return b.mine_strength_price
    return b.strength_price


def brew_price(st: AndorState, s: int) -> int:
    """AND-37: by the number of heroes; the archer pays 1 less."""
    p = st.game.brew_price
    return p - 1 if name(st, s) == "archer" else p


def actions(st: AndorState, s: int) -> list[Action]:
    """What hero ``s`` may buy where he stands."""
    g = st.game
    here = st.pos[s]
    out: list[Action] = []
    if g.feature[here] in SHOPS:  # AND-36
        if st.gold[s] >= strength_price(st, s) and st.sp[s] < g.config["strength_max"]:
            out.append(BUY_SP)
        if st.market_open and st.gold[s] >= g.c.board.article_price:
            for a in g.sold:
                if st.stock[a] > 0 and room_for(st, s, a):
                    out.append(g.buy[a])
    if here == st.witch and st.stock["brew"] > 0 and st.gold[s] >= brew_price(st, s) \
            and has(st, s, "brew") is None and room_for(st, s, "brew"):  # AND-37/79
        out.append(BUY_BREW)
    return out


def apply(st: AndorState, s: int, data: tuple[Any, ...]) -> None:
    """Pay and take what was bought."""
    kind = data[0]
    if kind == "buy_sp":
        st.gold[s] -= strength_price(st, s)
        gain_sp(st, s, 1)
    elif kind == "buy":
        article = data[1]
        st.gold[s] -= st.game.c.board.article_price
        restock(st, article, -1)
        add_item(st, s, article)
    else:
        st.gold[s] -= brew_price(st, s)
        restock(st, "brew", -1)
        add_item(st, s, "brew")
