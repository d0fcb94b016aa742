"""Events (CAT-31..50): a face-down card turns up and is resolved; veins, cauldrons and the
cards a dwarf takes; potions, artifacts and brewing.

A face-down card is none in particular until it turns up: nobody may look at one, so the card
is drawn then, at random, from those still face down (``st.deck``). Each remaining card is as
likely as with a deck shuffled and dealt at set-up, and a determinization has nothing to
re-deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import pile

from . import battle, building, ending, stats
from .board import OPP, SIDE_BITS, cell_of, monster_at, whose_turn
from .equipment import add_item, recipe_need, take_item

if TYPE_CHECKING:
    from .state import CatacombsState

#: CAT-45: experience for a mithril vein.
VEIN_EXPERIENCE = 2
#: CAT-46: experience for using an artifact.
ARTIFACT_EXPERIENCE = 2
#: CAT-48: experience for the Spinner's redraw instead.
REDRAW_EXPERIENCE = 1
#: CAT-50: the ingredients the Cristall stands in for.
CRISTALL_STANDS_FOR = 2


def turn_up(st: CatacombsState, cell: int) -> None:
    """The face-down card of ``cell`` (if any) turns face up: one of the face-down cards."""
    if st.down[cell]:
        st.down[cell] = False
        st.card[cell] = pile.draw(st.deck, st.rng)


def reveal(st: CatacombsState, cell: int, d: int) -> None:
    """CAT-31: the dwarf entered unexplored ground from side ``d``: its card is resolved."""
    s = whose_turn(st)
    g = st.game
    st.build_cell = cell
    st.build_side = SIDE_BITS[OPP[d]]
    turn_up(st, cell)
    c = st.card[cell]
    if c is None:
        building.to_build(st)
        return
    card = g.cat.cards[c]
    st._emit("reveal", seat=s, cell=g.xy(cell), card=card.label)
    if card.kind == "monster":
        st.phase, st.step = "event", "monster"  # CAT-51
        return
    st.card[cell] = None
    st.taken += 1
    if card.kind == "vein":  # CAT-45
        st.veins += 1
        stats.gain(st, s, VEIN_EXPERIENCE)
        if st.veins >= g.config["veins_to_end"]:  # CAT-23
            ending.finish(st, "tenth-vein")
            return
    elif card.kind == "cauldron":  # CAT-36
        st.caul[cell] = card.ref
    else:  # CAT-32..35, CAT-46: the finder takes the card
        assert card.ref is not None
        add_item(st, s, card.ref)
    building.to_build(st)


def spend_effect(st: CatacombsState, s: int, effect: str) -> None:
    """Remove the first item of the backpack with ``effect`` (a potion used up)."""
    items = st.game.cat.items
    for i in st.pack[s]:
        if items[i].effect == effect:
            st.pack[s].remove(i)
            st._emit("potion_used", seat=s, item=items[i].id)
            return


def drink(st: CatacombsState, item: int) -> None:
    """CAT-38..40: healing, protection and strength potions."""
    s = whose_turn(st)
    it = st.game.cat.items[item]
    take_item(st, s, item)
    if it.effect == "heal":
        st.health[s] += it.amount
    elif it.effect == "armour":
        st.armour[s] += it.amount
    else:
        st.strength[s] += it.amount
    st._emit("drink", seat=s, item=it.id)


def use(st: CatacombsState, item: int) -> None:
    """CAT-46..49: use an artifact (+2 experience; the card leaves the game)."""
    s = whose_turn(st)
    g = st.game
    eff = g.cat.items[item].effect
    take_item(st, s, item)
    st._emit("artifact", seat=s, item=g.cat.items[item].id)
    cur = cell_of(st, s)
    if eff == "rollshtain":  # CAT-47: the neighbours' cards turn face up for all to see
        for n in g.nb[cur]:
            if n is not None and st.down[n]:
                turn_up(st, n)
                card = st.card[n]
                assert card is not None
                st._emit("reveal", seat=s, cell=g.xy(n), card=g.cat.cards[card].label,
                         far=True)
        stats.gain(st, s, ARTIFACT_EXPERIENCE)
    elif eff == "spinner":  # CAT-48
        stats.gain(st, s, ARTIFACT_EXPERIENCE)
        st.step = "spin"
    else:  # summoner, CAT-49: the kill's experience and the artifact's
        m = monster_at(st, cur)
        assert m is not None
        mon = g.cat.monsters[m]
        st._emit("banish", seat=s, monster=mon.id)
        battle.kill(st, s, cur, mon.experience + ARTIFACT_EXPERIENCE)
        battle.after_battle(st)


def redraw(st: CatacombsState, _: int) -> None:
    """CAT-48: the Spinner's variant: the tile back into the box, a new one, 1 experience."""
    g = st.game
    s = whose_turn(st)
    take_item(st, s, g.spinner)
    cur = cell_of(st, s)
    old = st.tcard[cur]
    assert old is not None
    pile.put(st.pile, old)
    new = pile.draw(st.pile, st.rng)
    st.tcard[cur] = new
    st.tile[cur] = g.cat.tiles[new][3]
    st._emit("redraw_tile", seat=s, cell=g.xy(cur), tile=g.cat.tiles[new][0])
    stats.gain(st, s, REDRAW_EXPERIENCE)
    st.step = "spin"


def brew(st: CatacombsState, potion: int, cristall: bool = False) -> None:
    """CAT-37/50: ingredients (or the Cristall for two of them) become a potion."""
    g = st.game
    s = whose_turn(st)
    ings = next(r[1] for r in g.cat.recipes if r[0] == potion)
    spend = list(ings)
    cauldron = st.caul[cell_of(st, s)]
    assert cauldron is not None
    gained = g.cat.cauldrons[cauldron][3]
    if cristall:
        take_item(st, s, g.cristall)
        for i in recipe_need(st, s, ings):
            spend.remove(i)
        while len(ings) - len(spend) < CRISTALL_STANDS_FOR and spend:
            spend.pop(0)
        gained += ARTIFACT_EXPERIENCE
    for i in spend:
        take_item(st, s, i)
    add_item(st, s, potion)
    st._emit("brew", seat=s, potion=g.cat.items[potion].id, cristall=cristall)
    stats.gain(st, s, gained)


def brew_with_cristall(st: CatacombsState, potion: int) -> None:
    brew(st, potion, cristall=True)
