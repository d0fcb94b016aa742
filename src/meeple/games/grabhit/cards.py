"""Cards: what a card is, and a drawn card reaching its adventurer (GAH-11..GAH-33).

A state holds card ids; the entries behind them are the game's shared tables. Every function
here takes the state first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import pile

from . import shield
from .content import COLOURS, Blueprint, Location, Scroll, Weapon
from .decisions import BuyLocation, Effect, KeepWeapon

if TYPE_CHECKING:
    from .state import GrabHitState


def name(st: GrabHitState, seat: int) -> str:
    """The English name of a seat's adventurer."""
    a = st.adv[seat]
    return st.game.T.adventurers[a].name if a is not None else f"seat {seat}"


def cname(st: GrabHitState, card: int) -> str:
    """The English name of a card."""
    return st.game.T.cards[card].entry.name


def kind(st: GrabHitState, card: int) -> str:
    """A card's kind: weapon, blueprint, location, magic, curse, upgrade or shield."""
    return st.game.T.cards[card].kind


def scroll(st: GrabHitState, card: int) -> Scroll:
    """The entry of a red card."""
    e = st.game.T.cards[card].entry
    assert isinstance(e, Scroll)
    return e


def location(st: GrabHitState, card: int) -> Location:
    """The entry of a green card."""
    e = st.game.T.cards[card].entry
    assert isinstance(e, Location)
    return e


def weapon(st: GrabHitState, card: int) -> Weapon:
    """The entry of a weapon card."""
    e = st.game.T.cards[card].entry
    assert isinstance(e, Weapon)
    return e


def blueprint(st: GrabHitState, card: int) -> Blueprint:
    """The entry of a blueprint card."""
    e = st.game.T.cards[card].entry
    assert isinstance(e, Blueprint)
    return e


def count_upg(st: GrabHitState, seat: int, effect: str) -> int:
    """How many upgrades or lasting curses with ``effect`` sit on a seat."""
    cards = st.game.T.cards
    return sum(1 for c in st.upg[seat] if getattr(cards[c].entry, "effect", "") == effect)


def max_life(st: GrabHitState, seat: int) -> int:
    """Maximum life: the adventurer's, raised by Vigour, lowered by Frailty (at least 1)."""
    a = st.adv[seat]
    assert a is not None
    base = st.game.T.adventurers[a].life
    return max(1, base + count_upg(st, seat, "max_life") - count_upg(st, seat, "frailty"))


def max_armour(st: GrabHitState, seat: int) -> int:
    """Maximum armour: the adventurer's, with plating and berserker blood."""
    a = st.adv[seat]
    assert a is not None
    base = st.game.T.adventurers[a].armour
    return max(0, base + count_upg(st, seat, "max_armour") - count_upg(st, seat, "berserk"))


def can_draw(st: GrabHitState, colour: int) -> bool:
    """Whether a deck or its discard still holds a card (GAH-69)."""
    return bool(st.deck[colour] or st.discard[colour])


def draw(st: GrabHitState, seat: int, colour: int) -> None:
    """Draw a card of a deck (its discard shuffled in when it is empty, GAH-69) and receive it.

    A deck is only ever drawn from, so it is kept as a ``pile``: the cards it holds, with the
    card drawn chosen at random when it is drawn (GAH-3: the decks are shuffled).
    """
    if not st.deck[colour] and st.discard[colour]:
        st.deck[colour] = pile.new(st.discard[colour])
        st.discard[colour].clear()
        st._emit("reshuffle", colour=COLOURS[colour])
    if not st.deck[colour]:
        st._emit("nothing_to_draw", seat=seat, colour=COLOURS[colour])
        return
    card = pile.draw(st.deck[colour], st.rng)
    st._emit("draw", seat=seat, colour=COLOURS[colour], card=cname(st, card))
    receive(st, seat, card)


def receive(st: GrabHitState, seat: int, card: int) -> None:
    """A drawn card reaches its adventurer (GAH-11..GAH-33)."""
    k = kind(st, card)
    if k == "weapon":
        cls = weapon(st, card).weapon_class
        for h in st.weapons[seat]:
            if weapon(st, h[0]).weapon_class == cls:  # GAH-12
                st.decisions.append(KeepWeapon(seat, card, h[0]))
                return
        dur = weapon(st, card).durability
        st.weapons[seat] = (*st.weapons[seat], (card, dur, ()))  # GAH-11
    elif k == "location":
        st.decisions.append(BuyLocation(seat, card))  # GAH-17
    elif k in ("blueprint", "magic"):
        st.hand[seat] = (*st.hand[seat], card)  # GAH-13, GAH-25
    elif k == "curse":
        sc = scroll(st, card)
        if curse_possible(st, seat, sc):  # GAH-26
            shield.affect(st, seat, Effect(sc.effect, sc.amount, None, card, "curse", sc.pierce))
        else:
            st.hand[seat] = (*st.hand[seat], card)  # GAH-28
    elif k == "upgrade":
        upgrade(st, seat, card)
    else:
        shield.add(st, seat, card)


def upgrade(st: GrabHitState, seat: int, card: int) -> None:
    """GAH-29: an upgrade applies at once, wanted or not."""
    st.upg[seat] = (*st.upg[seat], card)
    eff = scroll(st, card).effect
    if eff == "max_life":
        st.life[seat] = min(max_life(st, seat), st.life[seat] + 1)
    elif eff == "max_armour":
        st.armour[seat] = min(max_armour(st, seat), st.armour[seat] + 1)
    st.armour[seat] = min(st.armour[seat], max_armour(st, seat))
    st._emit("upgrade", seat=seat, card=cname(st, card))


def curse_possible(st: GrabHitState, target: int, sc: Scroll) -> bool:
    """Whether a curse can take effect on ``target`` (GAH-26, GAH-28)."""
    e = sc.effect
    if e == "rust":
        return bool(st.weapons[target])
    if e == "lose_gold":
        return st.gold[target] > 0
    if e == "shatter":
        return st.armour[target] > 0
    if e == "forget":
        return any(kind(st, c) == "blueprint" for c in st.hand[target])
    if sc.lasting:
        return count_upg(st, target, e) == 0
    return True
