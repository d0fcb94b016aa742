"""What a card is and what an adventurer holds: queries over the content and the state, shared by
every mechanic (GAH-11..GAH-33, GAH-48). Nothing here changes a state.

A state holds card ids; the entries behind them are the game's content (``game.content``). A
weapon held by a seat is a tuple ``(card, durability, blueprints)``; the fists are no card
(``FISTS``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import Blueprint, Location, Scroll, Weapon
from .params import FIST_DAMAGE

if TYPE_CHECKING:
    from .state import GrabHitState, WeaponHeld

#: GAH-48: the weapon of an attack with bare fists (``attack_weapon``).
FISTS = -1


def name(st: GrabHitState, seat: int) -> str:
    """The English name of a seat's adventurer."""
    a = st.adventurer[seat]
    return st.game.content.adventurers[a].name if a is not None else f"seat {seat}"


def card_name(st: GrabHitState, card: int) -> str:
    """The English name of a card."""
    return st.game.content.cards[card].entry.name


def kind(st: GrabHitState, card: int) -> str:
    """A card's kind: weapon, blueprint, location, magic, curse, upgrade or shield."""
    return st.game.content.cards[card].kind


def scroll(st: GrabHitState, card: int) -> Scroll:
    """The entry of a red card."""
    e = st.game.content.cards[card].entry
    assert isinstance(e, Scroll)
    return e


def location(st: GrabHitState, card: int) -> Location:
    """The entry of a green card."""
    e = st.game.content.cards[card].entry
    assert isinstance(e, Location)
    return e


def weapon(st: GrabHitState, card: int) -> Weapon:
    """The entry of a weapon card."""
    e = st.game.content.cards[card].entry
    assert isinstance(e, Weapon)
    return e


def blueprint(st: GrabHitState, card: int) -> Blueprint:
    """The entry of a blueprint card."""
    e = st.game.content.cards[card].entry
    assert isinstance(e, Blueprint)
    return e


def copy_of(st: GrabHitState, held: tuple[int, ...] | list[int], card: int) -> int:
    """The copy of ``card`` (a card's first copy) that comes first in ``held``."""
    first = st.game.content.first
    return next(c for c in held if first[c] == card)


def count(st: GrabHitState, seat: int, effect: str) -> int:
    """How many upgrades or lasting curses with ``effect`` lie on a seat."""
    held = st.scrolls[seat]
    if not held:
        return 0
    cards = st.game.content.cards
    return sum(1 for c in held if getattr(cards[c].entry, "effect", "") == effect)


def max_life(st: GrabHitState, seat: int) -> int:
    """Maximum life: the adventurer's, raised by Vigour, lowered by Frailty (at least 1)."""
    a = st.adventurer[seat]
    assert a is not None
    base = st.game.content.adventurers[a].life
    return max(1, base + count(st, seat, "max_life") - count(st, seat, "frailty"))


def max_armour(st: GrabHitState, seat: int) -> int:
    """Maximum armour: the adventurer's, with plating and berserker blood."""
    a = st.adventurer[seat]
    assert a is not None
    base = st.game.content.adventurers[a].armour
    return max(0, base + count(st, seat, "max_armour") - count(st, seat, "berserk"))


def can_draw(st: GrabHitState, colour: int) -> bool:
    """Whether a deck or its discard still holds a card (GAH-69)."""
    return bool(st.deck[colour] or st.discard[colour])


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
        return count(st, target, e) == 0
    return True


def stats(st: GrabHitState, held: WeaponHeld) -> tuple[int, int, int, bool]:
    """A held weapon's damage, speed, maximum durability and whether it pierces armour."""
    w = weapon(st, held[0])
    dmg, spd, dur, pierce = w.damage, w.speed, w.durability, w.pierce
    for b in held[2]:
        bp = blueprint(st, b)
        dmg += bp.damage
        spd += bp.speed
        dur += bp.durability
        pierce = pierce or bp.pierce
    return dmg, spd, dur, pierce


def held(st: GrabHitState, seat: int, card: int) -> WeaponHeld:
    """The weapon ``card`` as ``seat`` holds it (KeyError if it does not)."""
    for h in st.weapons[seat]:
        if h[0] == card:
            return h
    raise KeyError(card)


def hit_damage(st: GrabHitState, seat: int, weapon: int) -> tuple[int, bool]:
    """Damage of one hit with ``weapon`` (a card, or FISTS) and whether it pierces."""
    clumsy = count(st, seat, "clumsiness")
    if weapon == FISTS:  # GAH-48
        return max(1, FIST_DAMAGE + count(st, seat, "fists") - clumsy), False
    dmg, _, _, pierce = stats(st, held(st, seat, weapon))
    return max(1, dmg + count(st, seat, "berserk") - clumsy), pierce


def worn(st: GrabHitState, seat: int) -> list[int]:
    """Weapons below their maximum durability."""
    return [h[0] for h in st.weapons[seat] if h[1] < stats(st, h)[2]]
