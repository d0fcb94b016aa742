"""A dwarf held on a monster's cell that nothing it holds can beat: raise the coins, buy a weapon
that can, and take it in hand (CAT-16, CAT-17, CAT-30).

A dwarf standing on a monster's cell fights it every turn (CAT-30) and cannot walk away. When no
weapon it holds gives a chance against that monster (a ghost, which only a few blades can touch)
the fight is lost every turn, and when the monster's blows do not get past its armour nothing
ever changes: the game ran to meeple's round limit. The dead-end rule (CAT-24) rightly counts a
weapon the dwarf can afford as its way on, so the bots take it: in a step where free actions are
open (CAT-25) they name the next step of this plan (``Game.search_moves`` for the greedy and
searching bots, the scripted bot directly):

1. a weapon in the backpack that gives a chance and that it is strong enough for: put it on;
2. else the shop's weapon with the best chance among those it can pay for now: buy it;
3. else, if selling its goods would pay for the cheapest such weapon (half the sale value away
   from an entrance, CAT-17): sell the dearest good in the backpack, then the gear it wears,
   weapons before armour, so that the monster's blows stay off it as long as they can.

The plan reads only what stays the same while it sells, so it never turns back.

A dwarf walled in by such monsters (no target in reach, no entrance, too few destruction
potions for the walls, no sneak or jump) takes the same plan against one of them from where
it stands (``bots.arm_for_the_way``): two dwarves beside a ghost stood there to the round
limit though their gear would have bought a short sword.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .backpack import RIGHT
from .board import cell_of, monster_at
from .distances import bordering
from .outlook import chance
from .shop import buy_price, sell_price
from .verbs import Buy, Equip, Sell, Unequip

if TYPE_CHECKING:
    from meeple.core import Action

    from .state import CatacombsState


def _odds(st: CatacombsState, s: int, item: int | None, m: int) -> float:
    """The chance one attack of dwarf ``s`` with ``item`` (None: fists) beats monster ``m``;
    nothing for an item that is no weapon or that it is not strong enough for."""
    g = st.game
    if item is None:
        return chance(g, g.content.fists_column, st.bonus, m)
    it = g.content.items[item]
    if it.kind != "weapon" or it.strength > st.strength[s]:
        return 0.0
    return chance(g, g.column_of[item], st.bonus, m)


def _foe(st: CatacombsState, s: int) -> int | None:
    """The monster on dwarf ``s``'s cell, if any."""
    cell = st.position[s]
    return monster_at(st, cell) if cell is not None else None


def rearm(st: CatacombsState, s: int, legal: list[Action]) -> Action | None:
    """The next step of the plan above for dwarf ``s`` among ``legal``, or None when it is not
    held by a monster its weapon in hand cannot beat, or the shop is not open in this step."""
    m = _foe(st, s)
    return None if m is None else arm_against(st, s, legal, m)


def arm_against(st: CatacombsState, s: int, legal: list[Action], m: int) -> Action | None:
    """The next step of the plan above against monster ``m`` (the one on the dwarf's cell, or
    one that closes its every way on, ``bots.arm_for_the_way``), or None when the weapon in
    hand can beat it already, the shop is not open in this step, or no weapon is in reach of
    the dwarf's coins and goods."""
    if _odds(st, s, st.screen[s][RIGHT], m) > 0:
        return None
    if not any(isinstance(a[1], Buy | Sell | Unequip) for a in legal):
        return None  # the shop is not open in this step (CAT-25: free actions)
    g = st.game
    items = g.content.items
    takes = [(_odds(st, s, a[1].item, m), a) for a in legal if isinstance(a[1], Equip | Buy)]
    for kind in (Equip, Buy):
        best = max(((p, a) for p, a in takes if isinstance(a[1], kind) and p > 0),
                   key=lambda pa: pa[0], default=None)
        if best is not None:
            return best[1]
    prices = [buy_price(st, s, i) for i in g.content.shop if _odds(st, s, i, m) > 0]
    if not prices:
        return None
    worn = [i for i in st.screen[s] if i is not None]
    wealth = st.money[s] + sum(sell_price(st, s, i) for i in (*st.pack[s], *worn))
    if wealth < min(prices):
        return None
    sells = [(items[a[1].item].value, a) for a in legal if isinstance(a[1], Sell)]
    if sells:
        return max(sells, key=lambda va: va[0])[1]
    offs = [((items[a[1].item].kind == "weapon", items[a[1].item].value), a) for a in legal
            if isinstance(a[1], Unequip)]
    return max(offs, key=lambda ka: ka[0])[1] if offs else None


def keep_arms(st: CatacombsState, s: int, legal: list[Action]) -> list[Action]:
    """``legal`` without the swaps that would leave dwarf ``s``, its weapon in hand giving a
    chance against a monster on its cell or on a cell next to those it can walk to, with no
    chance against that monster: putting on a weapon that gives none, or (on the monster's
    cell) taking the one in hand off, which off it may be sold. (A weapon's worth to a bot is
    its column in the battle table, which against a ghost says little: a dwarf that had bought
    a sword to fight a ghost walling it in went back to its dearer axe, and bought the sword
    again, for ever.)"""
    hand = st.screen[s][RIGHT]
    if hand is None or st.position[s] is None:
        return legal
    items = st.game.content.items
    m = _foe(st, s)
    if m is not None:
        if _odds(st, s, hand, m) <= 0:
            return legal
        return [a for a in legal
                if not ((isinstance(a[1], Equip) and items[a[1].item].kind == "weapon"
                         and _odds(st, s, a[1].item, m) <= 0)
                        or (isinstance(a[1], Unequip) and a[1].item == hand))]
    if not any(items[i].kind == "weapon" for i in st.pack[s]):
        return legal  # off a monster's cell only a weapon put on is weighed
    swaps = [a for a in legal if isinstance(a[1], Equip) and items[a[1].item].kind == "weapon"]
    if not swaps:
        return legal
    lost = _touches(st, s, hand).difference(
        frozenset.intersection(*(_touches(st, s, a[1].item) for a in swaps)))
    foes = bordering(st, cell_of(st, s)).keys() & lost if lost else None
    if not foes:
        return legal
    return [a for a in legal if a not in swaps or foes <= _touches(st, s, a[1].item)]


def _touches(st: CatacombsState, s: int, item: int) -> frozenset[int]:
    """The monsters ``item`` in dwarf ``s``'s hand can touch at all (its column of the battle
    table names a roll against them; none for a weapon it is too weak for, or no weapon),
    kept per game by column."""
    g = st.game
    col = g.column_of.get(item)
    if col is None or g.content.items[item].strength > st.strength[s]:
        return frozenset()
    store: dict[int, frozenset[int]] = g.__dict__.setdefault("_touches", {})
    known = store.get(col)
    if known is None:
        known = store[col] = frozenset(
            f.index for f in g.content.monsters if f.needs[col] is not None)
    return known
