"""Phase 5: hit! (GAH-46..GAH-56): the weapon, its hits, who may be hit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards, death, weapons
from .phases import Phase

if TYPE_CHECKING:
    from .state import GrabHitState

#: GAH-50: with three players nobody is defended by having been hit.
NO_DEFENCE_PLAYERS = 3


def reachable(st: GrabHitState, seat: int, target: int) -> bool:
    """GAH-35, GAH-56: another living adventurer outside limbo."""
    return target != seat and not st.dead[target] and st.limbo[target] == 0


def attackable(st: GrabHitState, seat: int) -> list[int]:
    """GAH-49, GAH-50: who ``seat`` may hit in phase 5."""
    guard = st.defending if st.players != NO_DEFENCE_PLAYERS else ()
    return [t for t in range(st.players) if reachable(st, seat, t) and t not in guard]


def defended(st: GrabHitState, seat: int) -> bool:
    """GAH-50: whether ``seat`` was hit last turn and cannot be hit this one."""
    return seat in st.defending and st.players != NO_DEFENCE_PLAYERS


def over(st: GrabHitState) -> bool:
    """Whether phase 5 is over: lost, nobody to hit, or the hits spent."""
    s = st.current
    return (Phase.HIT in st.lost or not attackable(st, s)
            or (st.p5_weapon is not None and st.hits_left <= 0))


def choose_weapon(st: GrabHitState, seat: int, weapon: int) -> None:
    """GAH-47: the weapon for this phase 5 and its hits (speed)."""
    st.p5_weapon = weapon
    speed = 1 if weapon == weapons.FISTS else weapons.stats(st, weapons.held(st, seat, weapon))[1]
    st.hits_left = speed + st.extra_hits


def strike(st: GrabHitState, seat: int, target: int) -> None:
    """GAH-47, GAH-51, GAH-52: one hit; a weapon spends one durability per hit."""
    w = st.p5_weapon
    assert w is not None
    dmg, pierce = weapons.hit_damage(st, seat, w)
    st.hits_left -= 1
    st.hits_made += 1
    st.attacked.append(target)
    st._emit("hit", seat=seat, target=target, damage=dmg,
             weapon=cards.cname(st, w) if w != weapons.FISTS else "fists")
    if w != weapons.FISTS:
        before = len(st.weapons[seat])
        weapons.wear(st, seat, w, 1)
        if len(st.weapons[seat]) < before:
            st.hits_left = 0
    death.damage(st, target, dmg, pierce, seat)
