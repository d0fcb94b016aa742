"""Free actions (AND-62): what a hero does on his turn without spending an hour.

Wells, farmers, articles lying on the board, the herb, the telescope, the falcon and gifts
between heroes; buying is in :mod:`.market`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core import Action

from . import market
from .decisions import Moving
from .heroes import add_item, base, gain_wp, has, name, remove_item, room_for
from .params import WARRIOR_WELL_WILLPOWER, WELL_WILLPOWER, WILLPOWER_MAX

if TYPE_CHECKING:
    from .state import AndorState

DRINK = Action("drink from the well", ("drink",))
PICK_FARMER = Action("pick up a farmer", ("pick_farmer",))
DROP_FARMER = Action("drop a farmer", ("drop_farmer",))
HERB_WP = Action("use the herb for willpower", ("herb_wp",))
HERB_WALK = Action("use the herb to walk", ("herb_walk",))
TELESCOPE = Action("look through the telescope", ("telescope",))


def below_limit(st: AndorState) -> bool:
    """The safety limit on free actions per turn (option ``free_action_limit``)."""
    lim = st.game.free_limit
    return lim == 0 or st.free_used < lim


def add_farmers(st: AndorState, region: int, change: int) -> None:
    """Farmers appear on (or leave) a region; a region without farmers drops out."""
    left = st.farmers.get(region, 0) + change
    if left:
        st.farmers[region] = left
    else:
        st.farmers.pop(region, None)


def farmer_actions(st: AndorState, s: int) -> list[Action]:
    """AND-72: farmers are picked up and dropped without ending a move."""
    out: list[Action] = []
    here = st.pos[s]
    if st.farmers.get(here, 0) > 0:
        out.append(PICK_FARMER)
    if st.carried[s] > 0 and here != st.game.castle:
        out.append(DROP_FARMER)
    return out


def actions(st: AndorState, s: int) -> list[Action]:
    """AND-62: actions that cost no hour, taken on the hero's own turn."""
    g = st.game
    if st.ended[s] or not below_limit(st):
        return []
    here = st.pos[s]
    out: list[Action] = []
    if here in st.wells_full and st.wp[s] < WILLPOWER_MAX:  # AND-67
        out.append(DRINK)
    out.extend(market.actions(st, s))
    out.extend(farmer_actions(st, s))
    lying = st.ground.get(here)
    if lying:
        for it in sorted(set(lying)):
            if room_for(st, s, it):
                out.append(Action(f"pick up the {g.item_name(it).lower()}", ("pick", it)))
    if st.items[s]:
        if has(st, s, "herb") and st.wp[s] < WILLPOWER_MAX:  # AND-81
            out.append(HERB_WP)
        if has(st, s, "telescope") and any(
                n in st.fog and n not in st.fog_seen for n in g.nbrs[here]):  # AND-78
            out.append(TELESCOPE)
    if st.players > 1:
        out.extend(trade_actions(st, s))
    return out


def trade_actions(st: AndorState, s: int) -> list[Action]:
    """AND-83/77: give gold or articles to a hero on the same region (or by falcon)."""
    g = st.game
    out: list[Action] = []
    held = st.items[s]
    moving = isinstance(st.decisions[-1] if st.decisions else None, Moving)
    for o in range(st.players):
        if o == s or st.ended[o]:
            continue
        near = st.pos[o] == st.pos[s]
        by_falcon = o == st.falcon_partner
        if not (near or by_falcon):
            if held and has(st, s, "falcon") and not st.falcon_used[s] and not moving:
                out.append(g.send_falcon[o])
            continue
        who = name(st, o)
        if st.gold[s] > 0:
            out.append(g.give_gold[o])
        for it in sorted(set(st.items[s])):
            art = g.c.articles[base(it)]
            if by_falcon and not near and art.slot == "large":
                continue
            if room_for(st, o, art.id):
                text = f"give the {g.item_name(it).lower()} to the {who}"
                out.append(Action(text, ("give", o, it)))
    return out


def apply(st: AndorState, s: int, action: Action) -> None:
    """Free actions (AND-62)."""
    data = action[1]
    kind = data[0]
    if kind in ("buy_sp", "buy", "buy_brew"):
        market.apply(st, s, data)
    elif kind in ("pick_farmer", "drop_farmer", "pick"):
        _pick_or_drop(st, s, data)
    else:
        _use(st, s, data)
    st._emit("free", seat=s, action=action[0])


def _pick_or_drop(st: AndorState, s: int, data: tuple[Any, ...]) -> None:
    """AND-72: farmers picked up or dropped; an article lying here picked up."""
    here = st.pos[s]
    kind = data[0]
    if kind == "pick_farmer":
        add_farmers(st, here, -1)
        st.carried[s] += 1
    elif kind == "drop_farmer":
        st.carried[s] -= 1
        add_farmers(st, here, 1)
    else:
        item = data[1]
        left = list(st.ground[here])
        left.remove(item)
        if left:
            st.ground[here] = tuple(left)
        else:
            del st.ground[here]
        add_item(st, s, item)


def _use(st: AndorState, s: int, data: tuple[Any, ...]) -> None:
    """The well, the herb, the telescope, the falcon and gifts."""
    g = st.game
    here = st.pos[s]
    kind = data[0]
    if kind == "drink":  # AND-67, AND-63
        gain = WARRIOR_WELL_WILLPOWER if name(st, s) == "warrior" else WELL_WILLPOWER
        gain_wp(st, s, gain)
        st.wells_full = st.wells_full - {here}
    elif kind == "herb_wp":
        remove_item(st, s, "herb")
        gain_wp(st, s, g.c.articles["herb"].value)
    elif kind == "herb_walk":
        remove_item(st, s, "herb")
        st.free_steps = g.c.articles["herb"].value
    elif kind == "telescope":
        st.fog_seen = st.fog_seen | {n for n in g.nbrs[here] if n in st.fog}
    elif kind == "falcon":
        st.falcon_used[s] = True
        st.falcon_partner = data[1]
    elif kind == "give_gold":
        o = data[1]
        st.gold[s] -= 1
        st.gold[o] += 1
    elif kind == "give":
        o, item = data[1], data[2]
        remove_item(st, s, item)
        add_item(st, o, item)
