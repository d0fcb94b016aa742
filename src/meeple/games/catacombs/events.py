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

from . import turn
from .backpack import CRISTALL_STANDS_FOR, add_item, recipe_need, take_item
from .board import OPP, SIDE_BITS, cell_of

if TYPE_CHECKING:
    from .state import CatacombsState

#: CAT-45: experience for a mithril vein.
VEIN_EXPERIENCE = 2
#: CAT-46: experience for using an artifact.
ARTIFACT_EXPERIENCE = 2
#: CAT-48: experience for the Spinner's redraw instead.
REDRAW_EXPERIENCE = 1


def turn_up(st: CatacombsState, cell: int) -> None:
    """The face-down card of ``cell`` (if any) turns face up: one of the face-down cards."""
    if st.down[cell]:
        st.down[cell] = False
        st.card[cell] = pile.draw(st.deck, st.rng)


def reveal(st: CatacombsState, cell: int, d: int) -> None:
    """CAT-31: the dwarf entered unexplored ground from side ``d``: its card is resolved."""
    s = st.active
    g = st.game
    st.build_cell = cell
    st.build_side = SIDE_BITS[OPP[d]]
    turn_up(st, cell)
    c = st.card[cell]
    if c is None:
        turn.to_build(st)
        return
    card = g.content.cards[c]
    st._emit("reveal", seat=s, cell=g.xy(cell), card=card.label)
    if card.kind == "monster":
        st.phase, st.step = "event", "monster"  # CAT-51
        return
    st.card[cell] = None
    st.taken += 1
    if card.kind == "vein":  # CAT-45
        st.veins += 1
        turn.gain(st, s, VEIN_EXPERIENCE)
        if st.veins >= g.config["veins_to_end"]:  # CAT-23
            turn.finish(st, "tenth-vein")
            return
    elif card.kind == "cauldron":  # CAT-36
        st.cauldron[cell] = card.ref
    else:  # CAT-32..35, CAT-46: the finder takes the card
        assert card.ref is not None
        add_item(st, s, card.ref)
    turn.to_build(st)


def drink(st: CatacombsState, item: int) -> None:
    """CAT-38..40: healing, protection and strength potions."""
    s = st.active
    it = st.game.content.items[item]
    take_item(st, s, item)
    if it.effect == "heal":
        st.health[s] += it.amount
    elif it.effect == "armour":
        st.armour[s] += it.amount
    else:
        st.strength[s] += it.amount
    st._emit("drink", seat=s, item=it.id)


def use(st: CatacombsState, item: int) -> None:
    """CAT-46..48: use an artifact (+2 experience; the card leaves the game). The Summoner's
    experience comes with the monster it banishes (CAT-49, ``battle.banish``)."""
    s = st.active
    g = st.game
    eff = g.content.items[item].effect
    take_item(st, s, item)
    st._emit("artifact", seat=s, item=g.content.items[item].id)
    if eff == "rollshtain":  # CAT-47: the neighbours' cards turn face up for all to see
        for n in g.neighbours[cell_of(st, s)]:
            if n is not None and st.down[n]:
                turn_up(st, n)
                card = st.card[n]
                assert card is not None
                st._emit("reveal", seat=s, cell=g.xy(n), card=g.content.cards[card].label,
                         far=True)
        turn.gain(st, s, ARTIFACT_EXPERIENCE)
    elif eff == "spinner":  # CAT-48
        turn.gain(st, s, ARTIFACT_EXPERIENCE)
        st.step = "spin"


def redraw(st: CatacombsState) -> None:
    """CAT-48: the Spinner's variant: the tile back into the box, a new one, 1 experience."""
    g = st.game
    s = st.active
    take_item(st, s, g.spinner)
    here = cell_of(st, s)
    old = st.tile_card[here]
    assert old is not None
    pile.put(st.pile, old)
    new = pile.draw(st.pile, st.rng)
    st.tile_card[here] = new
    st.tile[here] = g.content.tiles[new].sides
    st._emit("redraw_tile", seat=s, cell=g.xy(here), tile=g.content.tiles[new].id)
    turn.gain(st, s, REDRAW_EXPERIENCE)
    st.step = "spin"


def brew(st: CatacombsState, potion: int, cristall: bool = False) -> None:
    """CAT-37/50: ingredients (or the Cristall for two of them) become a potion."""
    g = st.game
    s = st.active
    ings = next(r[1] for r in g.content.recipes if r[0] == potion)
    spend = list(ings)
    cauldron = st.cauldron[cell_of(st, s)]
    assert cauldron is not None
    gained = g.content.cauldrons[cauldron].experience
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
    st._emit("brew", seat=s, potion=g.content.items[potion].id, cristall=cristall)
    turn.gain(st, s, gained)
