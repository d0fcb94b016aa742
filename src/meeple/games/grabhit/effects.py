"""What a drawn card, an aimed effect, a spell for oneself or a shop's service sets off
(GAH-8, GAH-11..GAH-33, GAH-43, GAH-44): the chains that run from one mechanic into others.

A drawn card reaches its adventurer (a weapon to ``weapons``, a location offered, a shield to
``shield``, a curse aimed at the drawer); an effect aimed at an adventurer meets its shields
(``shield``) and is then carried out (damage to ``death``, rust to ``weapons``, gold through
``turn``). The mechanics never call each other; these chains do, for ``actions`` and
``phases``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import pile

from . import cards, death, locations, shield, weapons
from .content import BLUE, COLOURS, RED
from .decisions import BuyLocation, Effect, ShieldCheck
from .turn import gain

if TYPE_CHECKING:
    from .state import GrabHitState


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
    st._emit("draw", seat=seat, colour=COLOURS[colour], card=cards.card_name(st, card))
    receive(st, seat, card)


def receive(st: GrabHitState, seat: int, card: int) -> None:
    """A drawn card reaches its adventurer (GAH-11..GAH-33)."""
    k = cards.kind(st, card)
    if k == "weapon":
        weapons.arrive(st, seat, card)
    elif k == "location":
        st.decisions.append(BuyLocation(seat, card))  # GAH-17
    elif k in ("blueprint", "magic"):
        st.hand[seat] = (*st.hand[seat], card)  # GAH-13, GAH-25
    elif k == "curse":
        sc = cards.scroll(st, card)
        if cards.curse_possible(st, seat, sc):  # GAH-26
            aim(st, seat, Effect(sc.effect, sc.amount, None, card, "curse", sc.pierce))
        else:
            st.hand[seat] = (*st.hand[seat], card)  # GAH-28
    elif k == "upgrade":
        upgrade(st, seat, card)
    else:
        shield.add(st, seat, card)


def upgrade(st: GrabHitState, seat: int, card: int) -> None:
    """GAH-29: an upgrade applies at once, wanted or not."""
    st.scrolls[seat] = (*st.scrolls[seat], card)
    eff = cards.scroll(st, card).effect
    if eff == "max_life":
        st.life[seat] = min(cards.max_life(st, seat), st.life[seat] + 1)
    elif eff == "max_armour":
        st.armour[seat] = min(cards.max_armour(st, seat), st.armour[seat] + 1)
    st.armour[seat] = min(st.armour[seat], cards.max_armour(st, seat))
    st._emit("upgrade", seat=seat, card=cards.card_name(st, card))


def aim(st: GrabHitState, target: int, eff: Effect) -> None:
    """Aim an effect at ``target``; with a fitting shield the target decides (GAH-31)."""
    if shield.shields_against(st, target, eff.tag):
        st.decisions.append(ShieldCheck.against(target, eff))
    else:
        resolve(st, target, eff)


def resolve(st: GrabHitState, target: int, eff: Effect) -> None:
    """Carry out an effect on ``target``: a lasting curse stays on it (GAH-27), any other card
    is discarded."""
    card = eff.card
    if card is not None:
        if cards.scroll(st, card).lasting:
            st.scrolls[target] = (*st.scrolls[target], card)  # GAH-27
            st.life[target] = min(st.life[target], cards.max_life(st, target))
        else:
            st.discard[RED].append(card)
    st._emit("effect", seat=target, kind=eff.effect, amount=eff.amount,
             card=cards.card_name(st, card) if card is not None else None)
    _carry_out(st, target, eff)


def _carry_out(st: GrabHitState, target: int, eff: Effect) -> None:
    kind, amount = eff.effect, eff.amount
    if kind == "damage":
        death.damage(st, target, amount, eff.pierce, eff.source)
    elif kind == "steal_gold":
        n = min(amount, st.gold[target])
        st.gold[target] -= n
        if eff.source is not None:
            gain(st, eff.source, n)
    elif kind == "lose_gold":
        st.gold[target] -= min(amount, st.gold[target])
    elif kind == "rust":
        for h in st.weapons[target]:
            weapons.wear(st, target, h[0], amount)
    elif kind == "shatter":
        st.armour[target] = 0
    elif kind == "forget":
        bps = [c for c in st.hand[target] if cards.kind(st, c) == "blueprint"]
        st.hand[target] = tuple(c for c in st.hand[target] if c not in bps)
        st.discard[BLUE].extend(bps)


def on_self(st: GrabHitState, s: int, eff: str, amount: int, weapon: int | None) -> None:
    """GAH-43, GAH-44: a spell or an ability for oneself; ``weapon``: the weapon it mends (None:
    the armour, for a mending that offers both)."""
    if eff == "heal":
        st.life[s] = min(cards.max_life(st, s), st.life[s] + amount)
    elif eff == "repair_armour" or (eff == "mend" and weapon is None):
        weapons.repair_armour(st, s, amount)
    elif eff in ("repair_weapon", "mend"):
        assert weapon is not None
        weapons.repair(st, s, weapon, amount)
    elif eff in ("gain_gold", "gain_per_location"):
        coins = amount + (len(st.locations[s]) if eff == "gain_per_location" else 0)
        st._emit("gained", seat=s, gold=coins)  # the story says what it gave
        gain(st, s, coins)
    elif eff == "draw_blue":
        draw(st, s, BLUE)
    elif eff == "draw_red":
        draw(st, s, RED)
    elif eff == "extra_hit":
        st.extra_hits += amount


def serve(st: GrabHitState, seat: int, service: int, card: int | None) -> None:
    """GAH-24: the service paid for at a shop (``locations.visit``): a scroll drawn, a curse
    lifted, a weapon or the armour repaired, a hot meal."""
    sv = st.game.content.services[service]
    if sv.kind == "buy_scroll":
        draw(st, seat, RED)
    elif sv.kind == "lift_curse":
        assert card is not None
        locations.lift(st, seat, card)
    elif sv.kind == "repair_weapon":
        assert card is not None
        weapons.repair(st, seat, card, sv.amount)
    elif sv.kind == "repair_armour":
        weapons.repair_armour(st, seat, sv.amount)
    else:
        locations.heal(st, seat, sv.amount)
