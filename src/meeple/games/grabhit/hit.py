"""Phase 5: hit! (GAH-46..GAH-56): the weapon, its hits, who may be hit.

A hit is counted here; the weapon's wear is ``weapons``' and the damage ``death``'s, carried on
by ``actions``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards

if TYPE_CHECKING:
    from .state import GrabHitState

#: GAH-50: with three players nobody is defended by having been hit.
NO_DEFENCE_PLAYERS = 3


def attackable(st: GrabHitState, seat: int) -> list[int]:
    """GAH-49, GAH-50: who ``seat`` may hit in phase 5."""
    guard = st.defending if st.players != NO_DEFENCE_PLAYERS else ()
    dead, limbo = st.dead, st.limbo
    return [t for t in range(st.players)  # reachable, inlined: phase 5 asks it every step
            if t != seat and not dead[t] and not limbo[t] and t not in guard]


def defended(st: GrabHitState, seat: int) -> bool:
    """GAH-50: whether ``seat`` was hit last turn and cannot be hit this one."""
    return seat in st.defending and st.players != NO_DEFENCE_PLAYERS


def over(st: GrabHitState) -> bool:
    """Whether phase 5 is over: lost, nobody to hit, or the hits spent."""
    if "hit" in st.lost or (st.attack_weapon is not None and st.hits_left <= 0):
        return True
    return not attackable(st, st.active)


def choose_weapon(st: GrabHitState, seat: int, weapon: int) -> None:
    """GAH-47: the weapon for this phase 5 and its hits (speed)."""
    st.attack_weapon = weapon
    speed = 1 if weapon == cards.FISTS else cards.stats(st, cards.held(st, seat, weapon))[1]
    st.hits_left = speed + st.extra_hits


def strike(st: GrabHitState, seat: int, target: int) -> tuple[int, bool]:
    """GAH-47, GAH-51, GAH-52: one hit of this phase's weapon at ``target``: its damage and
    whether it pierces armour."""
    w = st.attack_weapon
    assert w is not None
    dmg, pierce = cards.hit_damage(st, seat, w)
    st.hits_left -= 1
    st.hits_made += 1
    st.attacked.append(target)
    st._emit("hit", seat=seat, target=target, damage=dmg,
             weapon=cards.card_name(st, w) if w != cards.FISTS else "fists")
    return dmg, pierce


def stop(st: GrabHitState) -> None:
    """This phase 5's hits are over: the seat on turn stops (after the first hit, which is
    compulsory: GAH-55), or its weapon broke (GAH-52)."""
    st.hits_left = 0
