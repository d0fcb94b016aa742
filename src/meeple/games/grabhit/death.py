"""Damage, death and the centre (GAH-51, GAH-61..GAH-63, GAH-66).

A death empties the adventurer: the killer takes the gold, locations and shields go to their
discards, weapons to the blue discard while their blueprints and the hand go to the centre,
from which each living player in turn takes one card (``CentrePick``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards
from .content import BLUE, GREEN, RED
from .decisions import CentrePick
from .turn import finish, gain

if TYPE_CHECKING:
    from .state import GrabHitState


def damage(st: GrabHitState, target: int, amount: int, pierce: bool, source: int | None) -> None:
    """GAH-51: armour takes damage first, then life; piercing hits go straight to life."""
    if st.dead[target]:
        return
    if not pierce:
        soak = min(st.armour[target], amount)
        st.armour[target] -= soak
        amount -= soak
    st.life[target] = max(0, st.life[target] - amount)
    st._emit("damage", seat=target, life=st.life[target], armour=st.armour[target], by=source)
    if st.life[target] == 0:
        die(st, target, source)


def die(st: GrabHitState, seat: int, killer: int | None) -> None:
    """GAH-61..GAH-63: death, the killer's gold, the discards and the centre."""
    st._emit("death", seat=seat, killer=killer)
    slain = killer is not None and killer != seat
    if slain:
        assert killer is not None
        n, st.gold[seat] = st.gold[seat], 0
        gain(st, killer, n)
    else:
        st.gold[seat] = 0
    _empty(st, seat)
    if seat == st.active and st.phase != "over":
        st.phase = "end"
        st.hits_left = 0
    if st.phase == "over":
        return
    never = [s for s in range(st.players) if not st.died[s]]
    if len(never) == 1:  # GAH-66
        finish(st, (never[0],), "only-one-never-died")
        return
    start = killer if slain and killer is not None else (seat + 1) % st.players
    order = [(start + i) % st.players for i in range(st.players)]
    st.centre_queue = [s for s in order if not st.dead[s]]
    next_pick(st)


def _empty(st: GrabHitState, seat: int) -> None:
    """GAH-62: everything the dead adventurer held goes to the discards or the centre."""
    st.discard[GREEN].extend(st.locations[seat])
    st.locations[seat] = ()
    st.discard[RED].extend(st.scrolls[seat])
    st.scrolls[seat] = ()
    for h in st.weapons[seat]:
        st.discard[BLUE].append(h[0])
        st.centre.extend(h[2])
    st.weapons[seat] = ()
    st.centre.extend(st.hand[seat])
    st.hand[seat] = ()
    st.lots = [(c, o, 0, None) if b == seat else (c, o, bid, b) for c, o, bid, b in st.lots]
    st.life[seat] = st.armour[seat] = 0
    st.dead[seat] = st.died[seat] = True
    st.limbo[seat] = 0
    st.immune[seat] = False


def next_pick(st: GrabHitState) -> None:
    """GAH-63: each living player in turn takes one card; the rest are discarded."""
    if st.centre and st.centre_queue:
        st.decisions.append(CentrePick(st.centre_queue.pop(0)))
        return
    for c in st.centre:
        st.discard[st.game.content.cards[c].colour].append(c)
    st.centre.clear()
    st.centre_queue.clear()


def take(st: GrabHitState, seat: int, card: int) -> None:
    """GAH-63: a card from the centre goes to the hand."""
    st.centre.remove(card)
    st.hand[seat] = (*st.hand[seat], card)
    st._emit("take", seat=seat, card=cards.card_name(st, card))
    next_pick(st)
