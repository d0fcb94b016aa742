"""Free actions (AND-62): what a hero does on his turn without spending an hour.

Wells, farmers, articles lying on the board, the herb, the telescope, the falcon and gifts
between heroes; buying is in :mod:`.market`. Each is taken by the hero whose turn it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action

from . import board, fog
from .decisions import Moving
from .heroes import add_item, base, gain_willpower, has, hero, remove_item, room_for
from .params import WARRIOR_WELL_WILLPOWER, WELL_WILLPOWER, WILLPOWER_MAX
from .verbs import (
    Drink,
    DropFarmer,
    Give,
    GiveGold,
    HerbWalk,
    HerbWillpower,
    PickFarmer,
    PickUp,
    SendFalcon,
    Telescope,
)

if TYPE_CHECKING:
    from .state import AndorState


def below_limit(st: AndorState) -> bool:
    """The safety limit on free actions per turn (option ``free_action_limit``)."""
    lim = st.game.free_limit
    return lim == 0 or st.free_used < lim


# ---------------------------------------------------------------------- legal actions
def farmer_actions(st: AndorState, s: int) -> list[Action]:
    """AND-72: farmers are picked up and dropped without ending a move."""
    out: list[Action] = []
    here = st.position[s]
    if st.farmers.get(here, 0) > 0:
        out.append(st.game.fixed[PickFarmer])
    if st.carried[s] > 0 and here != st.game.castle:
        out.append(st.game.fixed[DropFarmer])
    return out


def actions(st: AndorState, s: int, wares: list[Action]) -> list[Action]:
    """AND-62: actions that cost no hour, taken on the hero's own turn (``wares``: what he
    may buy where he stands, after the well)."""
    g = st.game
    here = st.position[s]
    out: list[Action] = []
    if here in st.wells_full and st.willpower[s] < WILLPOWER_MAX:  # AND-67
        out.append(g.fixed[Drink])
    out.extend(wares)
    out.extend(farmer_actions(st, s))
    lying = st.ground.get(here)
    if lying:
        for it in sorted(set(lying)):
            if room_for(st, s, it):
                out.append(g.pick_up[it])
    if st.items[s]:
        if has(st, s, "herb") and st.willpower[s] < WILLPOWER_MAX:  # AND-81
            out.append(g.fixed[HerbWillpower])
        if has(st, s, "telescope") and any(
                n in st.fog and n not in st.fog_seen for n in g.neighbours[here]):  # AND-78
            out.append(g.fixed[Telescope])
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
        near = st.position[o] == st.position[s]
        by_falcon = o == st.falcon_partner
        if not (near or by_falcon):
            if held and has(st, s, "falcon") and not st.falcon_used[s] and not moving:
                out.append(g.send_falcon[o])
            continue
        if st.gold[s] > 0:
            out.append(g.give_gold[o])
        for it in sorted(set(st.items[s])):
            art = g.content.articles[base(it)]
            if by_falcon and not near and art.slot == "large":
                continue
            if room_for(st, o, art.id):
                out.append(g.give[it, o])
    return out


# ---------------------------------------------------------------------- taking them
def drink(st: AndorState, verb: Drink) -> None:
    """AND-67, AND-63: a full well gives willpower (the warrior more) and runs dry."""
    s = st.active
    here = st.position[s]
    gain_willpower(st, s, WARRIOR_WELL_WILLPOWER if hero(st, s) == "warrior" else WELL_WILLPOWER)
    st.wells_full = st.wells_full - {here}


def pick_farmer(st: AndorState, verb: PickFarmer) -> None:
    """AND-72: the hero takes a farmer along."""
    s = st.active
    board.add_farmers(st, st.position[s], -1)
    st.carried[s] += 1


def drop_farmer(st: AndorState, verb: DropFarmer) -> None:
    """AND-72: the hero leaves a farmer where he stands."""
    s = st.active
    st.carried[s] -= 1
    board.add_farmers(st, st.position[s], 1)


def pick_up(st: AndorState, verb: PickUp) -> None:
    """An article lying where the hero stands goes into his storage."""
    s = st.active
    board.take(st, st.position[s], verb.item)
    add_item(st, s, verb.item)


def herb_willpower(st: AndorState, verb: HerbWillpower) -> None:
    """AND-81: the herb gives willpower."""
    s = st.active
    remove_item(st, s, "herb")
    gain_willpower(st, s, st.game.content.articles["herb"].value)


def herb_walk(st: AndorState, verb: HerbWalk) -> None:
    """AND-81: the herb carries the hero some steps."""
    remove_item(st, st.active, "herb")
    st.free_steps = st.game.content.articles["herb"].value


def telescope(st: AndorState, verb: Telescope) -> None:
    """AND-78: the fog tokens next to the hero are seen."""
    g = st.game
    near = [n for n in g.neighbours[st.position[st.active]] if n in st.fog]
    if st.loose:
        fog.deal(st, near)
    st.fog_seen = st.fog_seen | set(near)


def send_falcon(st: AndorState, verb: SendFalcon) -> None:
    """AND-77: the falcon flies to a hero; gifts reach him this turn."""
    st.falcon_used[st.active] = True
    st.falcon_partner = verb.hero


def give_gold(st: AndorState, verb: GiveGold) -> None:
    """AND-83: one gold to another hero."""
    st.gold[st.active] -= 1
    st.gold[verb.hero] += 1


def give(st: AndorState, verb: Give) -> None:
    """AND-83: an article to another hero."""
    remove_item(st, st.active, verb.item)
    add_item(st, verb.hero, verb.item)
