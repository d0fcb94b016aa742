"""Blue cards: weapons, their blueprints, wear and repair (GAH-11..GAH-16, GAH-8, GAH-48).

A weapon held by a seat is a tuple ``(card, durability, blueprints)``; the fists are no card
(``FISTS`` in an action's data).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards
from .content import BLUE
from .params import FIST_DAMAGE

if TYPE_CHECKING:
    from .state import GrabHitState, WeaponHeld

#: GAH-48: the weapon of an attack with bare fists, in actions' data.
FISTS = -1


def stats(st: GrabHitState, held: WeaponHeld) -> tuple[int, int, int, bool]:
    """A held weapon's damage, speed, maximum durability and whether it pierces armour."""
    w = cards.weapon(st, held[0])
    dmg, spd, dur, pierce = w.damage, w.speed, w.durability, w.pierce
    for b in held[2]:
        bp = cards.blueprint(st, b)
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
    clumsy = cards.count_upg(st, seat, "clumsiness")
    if weapon == FISTS:  # GAH-48
        return max(1, FIST_DAMAGE + cards.count_upg(st, seat, "fists") - clumsy), False
    dmg, _, _, pierce = stats(st, held(st, seat, weapon))
    return max(1, dmg + cards.count_upg(st, seat, "berserk") - clumsy), pierce


def worn(st: GrabHitState, seat: int) -> list[int]:
    """Weapons below their maximum durability."""
    return [h[0] for h in st.weapons[seat] if h[1] < stats(st, h)[2]]


def wear(st: GrabHitState, seat: int, card: int, n: int) -> None:
    """Spend durability; at zero the weapon breaks and its blueprints go with it (GAH-14)."""
    ws = []
    for h in st.weapons[seat]:
        if h[0] == card:
            dur = h[1] - n
            if dur <= 0:
                st.discard[BLUE].extend((card, *h[2]))
                st._emit("weapon_broken", seat=seat, weapon=cards.cname(st, card))
                continue
            h = (card, dur, h[2])
        ws.append(h)
    st.weapons[seat] = tuple(ws)


def repair(st: GrabHitState, seat: int, card: int, n: int) -> None:
    """GAH-8: repair up to the weapon's maximum, only a weapon one holds."""
    ws = []
    for h in st.weapons[seat]:
        if h[0] == card:
            h = (card, min(stats(st, h)[2], h[1] + n), h[2])
        ws.append(h)
    st.weapons[seat] = tuple(ws)
    st._emit("repair", seat=seat, weapon=cards.cname(st, card))


def repair_armour(st: GrabHitState, seat: int, n: int) -> None:
    """GAH-8: restore up to ``n`` points of armour, never above the maximum."""
    st.armour[seat] = min(cards.max_armour(st, seat), st.armour[seat] + n)
    st._emit("repair", seat=seat, armour=st.armour[seat])


def keep(st: GrabHitState, seat: int, kept: int, new: int, old: int) -> None:
    """GAH-12: keep one weapon of a class, discard the other with its blueprints."""
    if kept == new:
        st.discard[BLUE].extend((old, *held(st, seat, old)[2]))
        ws = [h for h in st.weapons[seat] if h[0] != old]
        st.weapons[seat] = (*ws, (new, cards.weapon(st, new).durability, ()))
    else:
        st.discard[BLUE].append(new)
    st._emit("keep", seat=seat, weapon=cards.cname(st, kept))


def attach(st: GrabHitState, seat: int, bp: int, weapon: int) -> None:
    """GAH-13: a blueprint from the hand joins a weapon, adding its durability."""
    st.hand[seat] = tuple(c for c in st.hand[seat] if c != bp)
    ws = []
    for h in st.weapons[seat]:
        if h[0] == weapon:
            h = (weapon, h[1] + cards.blueprint(st, bp).durability, (*h[2], bp))
        ws.append(h)
    st.weapons[seat] = tuple(ws)
    st._emit("attach", seat=seat, blueprint=cards.cname(st, bp), weapon=cards.cname(st, weapon))


def attachable(st: GrabHitState, seat: int) -> list[tuple[str, int, int]]:
    """GAH-13..GAH-16: (text, blueprint, weapon) for each fit: class, limits, never twice."""
    out: dict[str, tuple[str, int, int]] = {}
    for b in st.hand[seat]:
        if cards.kind(st, b) != "blueprint":
            continue
        bp = cards.blueprint(st, b)
        for h in st.weapons[seat]:
            w = cards.weapon(st, h[0])
            on = [cards.blueprint(st, x) for x in h[2]]
            if w.weapon_class not in bp.classes or any(x.id == bp.id for x in on):
                continue
            if len(on) + 1 > min([bp.limit, *(x.limit for x in on)]):
                continue
            text = f"attach {bp.name} to {w.name}"
            out.setdefault(text, (text, b, h[0]))
    return list(out.values())
