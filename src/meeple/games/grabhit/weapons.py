"""Blue cards: weapons, their blueprints, wear and repair (GAH-8, GAH-11..GAH-16).

A weapon held by a seat is a tuple ``(card, durability, blueprints)``; what a held weapon can do
is asked of ``cards`` (``stats``, ``hit_damage``, ``worn``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards
from .content import BLUE
from .decisions import KeepWeapon

if TYPE_CHECKING:
    from .state import GrabHitState


def wear(st: GrabHitState, seat: int, card: int, n: int) -> bool:
    """Spend durability; at zero the weapon breaks and its blueprints go with it (GAH-14).
    Whether it broke."""
    ws = []
    broke = False
    for h in st.weapons[seat]:
        if h[0] == card:
            dur = h[1] - n
            if dur <= 0:
                st.discard[BLUE].extend((card, *h[2]))
                st._emit("weapon_broken", seat=seat, weapon=cards.card_name(st, card))
                broke = True
                continue
            h = (card, dur, h[2])
        ws.append(h)
    st.weapons[seat] = tuple(ws)
    return broke


def repair(st: GrabHitState, seat: int, card: int, n: int) -> None:
    """GAH-8: repair up to the weapon's maximum, only a weapon one holds."""
    ws = []
    for h in st.weapons[seat]:
        if h[0] == card:
            h = (card, min(cards.stats(st, h)[2], h[1] + n), h[2])
        ws.append(h)
    st.weapons[seat] = tuple(ws)
    st._emit("repair", seat=seat, weapon=cards.card_name(st, card))


def repair_armour(st: GrabHitState, seat: int, n: int) -> None:
    """GAH-8: restore up to ``n`` points of armour, never above the maximum."""
    st.armour[seat] = min(cards.max_armour(st, seat), st.armour[seat] + n)
    st._emit("repair", seat=seat, armour=st.armour[seat])


def arrive(st: GrabHitState, seat: int, card: int) -> None:
    """GAH-11, GAH-12: a new weapon is held at full durability, unless one of its class is
    held already: then the seat keeps one of the two (a ``KeepWeapon`` decision)."""
    cls = cards.weapon(st, card).weapon_class
    for h in st.weapons[seat]:
        if cards.weapon(st, h[0]).weapon_class == cls:  # GAH-12
            st.decisions.append(KeepWeapon(seat, card, h[0]))
            return
    dur = cards.weapon(st, card).durability
    st.weapons[seat] = (*st.weapons[seat], (card, dur, ()))  # GAH-11


def keep(st: GrabHitState, seat: int, kept: int, new: int, old: int) -> None:
    """GAH-12: keep one weapon of a class, discard the other with its blueprints."""
    if kept == new:
        st.discard[BLUE].extend((old, *cards.held(st, seat, old)[2]))
        ws = [h for h in st.weapons[seat] if h[0] != old]
        st.weapons[seat] = (*ws, (new, cards.weapon(st, new).durability, ()))
    else:
        st.discard[BLUE].append(new)
    st._emit("keep", seat=seat, weapon=cards.card_name(st, kept))


def attach(st: GrabHitState, seat: int, bp: int, weapon: int) -> None:
    """GAH-13: a blueprint from the hand joins a weapon, adding its durability."""
    st.hand[seat] = tuple(c for c in st.hand[seat] if c != bp)
    ws = []
    for h in st.weapons[seat]:
        if h[0] == weapon:
            h = (weapon, h[1] + cards.blueprint(st, bp).durability, (*h[2], bp))
        ws.append(h)
    st.weapons[seat] = tuple(ws)
    st._emit("attach", seat=seat, blueprint=cards.card_name(st, bp),
             weapon=cards.card_name(st, weapon))


def attachable(st: GrabHitState, seat: int) -> list[tuple[int, int]]:
    """GAH-13..GAH-16: (blueprint, weapon) for each fit: class, limits, never twice."""
    out = []
    table = st.game.content.cards
    for b in st.hand[seat]:
        if table[b].kind != "blueprint":  # cards.kind, inlined: asked on every phase 4
            continue
        bp = cards.blueprint(st, b)
        for h in st.weapons[seat]:
            w = cards.weapon(st, h[0])
            on = [cards.blueprint(st, x) for x in h[2]]
            if w.weapon_class not in bp.classes or any(x.id == bp.id for x in on):
                continue
            if len(on) + 1 > min([bp.limit, *(x.limit for x in on)]):
                continue
            out.append((b, h[0]))
    return out
