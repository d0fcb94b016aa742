"""Rings (HVN-1..10, HVN-26): the shared box, and rings placed on stacks, traps and buildings.

A unit record is ``(hex, health, armour, attack, poison, stun_turn, fallen)``; the slots are
named below. Every function takes rings from the box or gives them back, so the box and the
Heavens always hold the same hundred rings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components.tokens import NotEnoughTokens

if TYPE_CHECKING:
    from .state import HeavensState

# Indexes into a unit record: (hex, health, armour, attack, poison, stun_turn, fallen)
HEX, HEALTH, ARMOUR, ATTACK, POISON, STUN, FALLEN = range(7)
MAX_BONUS = 2  # HVN-7, HVN-8: never more than two armour or two attack rings
#: A unit's stun slot when no black ring lies on it (HVN-3).
NOT_STUNNED = -1


def take(st: HeavensState, colour: str, n: int) -> None:
    """HVN-1: rings leave the box for the Heavens; never more than the box holds."""
    have = st.box[colour]
    if n < 0 or have < n:
        raise NotEnoughTokens(f"the box has {have} {colour}, not {n}")
    st.box[colour] = have - n


def give_back(st: HeavensState, colour: str, n: int) -> None:
    """HVN-1: rings go back from the Heavens into the box."""
    st.box[colour] += n


def set_unit(st: HeavensState, c: int, slot: int, value: int) -> None:
    """Change one slot of a unit record."""
    u = st.units[c]
    st.units[c] = (*u[:slot], value, *u[slot + 1:])


def add_rings(st: HeavensState, c: int, slot: int, colour: str, n: int) -> None:
    """Put ``n`` rings of a colour on a character's stack."""
    if n > 0:
        take(st, colour, n)
        set_unit(st, c, slot, st.units[c][slot] + n)
        st._emit("rings", card=st.game.ids[c], colour=colour, amount=n)


def heal(st: HeavensState, c: int, n: int) -> None:
    """HVN-9: health never rises above the card's value."""
    n = min(n, st.game.health[c] - st.units[c][HEALTH])
    if n > 0:
        take(st, "red", n)
        set_unit(st, c, HEALTH, st.units[c][HEALTH] + n)
        st._emit("healed", card=st.game.ids[c], amount=n)


def cure(st: HeavensState, c: int) -> None:
    """Every poison ring leaves the character."""
    u = st.units[c]
    if u[POISON]:
        give_back(st, "green", u[POISON])
        st._emit("cured", card=st.game.ids[c], amount=u[POISON])
        set_unit(st, c, POISON, 0)


def stun(st: HeavensState, c: int) -> None:
    """HVN-3: one black ring on top of the stack."""
    if st.units[c][STUN] < 0:
        take(st, "black", 1)
        set_unit(st, c, STUN, st.turn)
        st._emit("incapacitated", card=st.game.ids[c])


def set_trap(st: HeavensState, h: int, n: int) -> None:
    """HVN-4: a trap of ``n`` black rings under a stack or on an empty hex."""
    take(st, "black", n)
    st.traps[h] = st.traps.get(h, 0) + n
    st._emit("trap_set", hex=st.game.board.labels[h], strength=n)


def damage_trap(st: HeavensState, h: int, n: int) -> None:
    """HVN-5: damage removes black rings from a trap."""
    _wear(st, st.traps, "black", h, n, "trap_damaged")


def build(st: HeavensState, h: int, n: int) -> None:
    """HVN-10: architecture of ``n`` white rings."""
    take(st, "white", n)
    st.architecture[h] = n
    st._emit("built", hex=st.game.board.labels[h], strength=n)


def damage_arch(st: HeavensState, h: int, n: int) -> None:
    """HVN-10: damage removes white rings from architecture."""
    _wear(st, st.architecture, "white", h, n, "architecture_damaged")


def _wear(st: HeavensState, rings: dict[int, int], colour: str, h: int, n: int,
          event: str) -> None:
    """Up to ``n`` rings of ``colour`` leave the pile on hex ``h`` for the box."""
    n = min(n, rings.get(h, 0))
    if n > 0:
        give_back(st, colour, n)
        _less(rings, h, n)
        st._emit(event, hex=st.game.board.labels[h], amount=n, left=rings.get(h, 0))


def hurt_base(st: HeavensState, side: int, n: int) -> None:
    """HVN-26: base damage."""
    left = max(0, st.base_health[side] - n)
    st.base_health = (left, st.base_health[1]) if side == 0 else (st.base_health[0], left)
    st._emit("base_damaged", side=side, amount=n, left=left)


def _less(m: dict[int, int], h: int, n: int) -> None:
    """``n`` fewer at ``h``; an entry that reaches nothing is gone."""
    m[h] -= n
    if not m[h]:
        del m[h]
